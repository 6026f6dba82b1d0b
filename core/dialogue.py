"""A former name of the conversation reader, kept only until its last two importers switch.

The reader is :mod:`core.formats` (every accepted format, JSONL and JSON arrays, one error class
:class:`core.formats.DialogueError`); import from there. ``console/services/playground.py`` and
``console/ingest.py`` still import ``Dialogue`` and ``DialogueError`` from here; when they import
them from core.formats, delete this module.
"""

from __future__ import annotations

from core.formats import Dialogue, DialogueError

__all__ = ["Dialogue", "DialogueError"]
