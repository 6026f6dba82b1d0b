"""The console's long-lived objects, made once per process and cached by ``st.cache_resource``.

* ``get_store()``: the Store on $CONSOLE_DB (default data/console.duckdb), migrated on first use;
  the file stays open between page visits (CONSOLE_LINGER_S) unless another process asks for it.
* ``get_embedder()``: the production embedder; constructing it loads nothing, the MiniLM model
  loads on the first encode (so no page pays for it before it needs it).
* ``get_compressor()``: a core Compressor with the stored Config, the shared embedder and the
  breaker hook (``store.breaker_reason(cid)``: which switch serves it raw; fails closed to raw).

Nothing here runs at import time; pages call these functions.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from core.compressor import BreakerCheck, Compressor
from core.config import Config
from core.embed import Embedder, default_embedder
from data.concurrency import RetryPolicy
from data.paths import default_db_path
from data.store import Store

# A page waits at most this long for a file another process (an ingest run) holds, then says "busy".
CONSOLE_DEADLINE_S = 8.0
# After a page's last call the file stays open this long, so the next page (an operator's next
# click) does not pay DuckDB's open and a cold cache first: 30 ms on a quiet machine, 100-800 ms
# under load, before the page could draw anything. Another process of the console's (an ingest,
# the service, the CLI) that asks for the file still gets it at once (data/concurrency.py: the
# lease is closed as soon as someone waits); a tool outside that protocol (the duckdb shell) may
# find it locked for this long after the last page.
CONSOLE_LINGER_S = 30.0


@st.cache_resource(show_spinner=False)
def _store_for(path: str) -> Store:
    return Store.open(Path(path), policy=RetryPolicy(deadline=CONSOLE_DEADLINE_S), linger=CONSOLE_LINGER_S)


def get_store() -> Store:
    """The Store on the database this process serves ($CONSOLE_DB is read at call time)."""
    return _store_for(str(default_db_path().resolve()))


@st.cache_resource(show_spinner=False)
def get_embedder() -> Embedder:
    """The embedder shared by every compressor of the process (the model loads on first use)."""
    return default_embedder()


def breaker_hook(store: Store) -> BreakerCheck:
    """The core's breaker question for ``store``: which switch serves a context raw (None: none)."""

    def is_raw(context_id: str) -> str | None:
        return store.breaker_reason(context_id)  # fails closed: 'breaker_error' when unreadable

    return is_raw


@st.cache_resource(show_spinner=False, max_entries=8)
def _compressor_for(path: str, config_json: str) -> Compressor:
    config = Config.model_validate_json(config_json)
    embedder = get_embedder() if config.use_embeddings else None
    return Compressor(config, embedder=embedder, breaker=breaker_hook(_store_for(path)))


def get_compressor(config: Config | None = None) -> Compressor:
    """A Compressor for ``config`` (default: the newest saved Config), made once per config."""
    store = get_store()
    config = config or store.current_config()
    return _compressor_for(str(store.path.resolve()), config.model_dump_json())
