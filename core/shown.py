"""What a rendered context shows of a user clause (the coverage guarantee's test, core.coverage):
its content units (English content words, Chinese character pairs), whether one part of the
context (a line, a list item) shows enough of them, and the context as the user's view, without
the agent's own words (its tool calls and results, its recent turns).
"""

from __future__ import annotations

import re

from core.embed import is_chinese
from core.lang.registry import analyzer_for
from core.models import ContextState
from core.render_tools import TOOLS_HEADER
from core.replaced import said_in_guessed_slot

# the parts of a clause ("3个人，要海景房，不要...", "61, 59"): cut at its commas and semicolons, never at
# the comma of a digit group ("£1,450 a year", "12,000 words")
PART_CUT = re.compile(r"[\uff0c\u3001;\uff1b]|(?<!\d),|,(?!\d{3}(?!\d))")
_WAS = re.compile(r"\(was:[^()]*\)")  # a replaced value is not the value shown
SHOWN_SHARE = 0.5  # a clause counts as shown when at least this share of its content is in the context
# a bare domain word ("hotel", "yes", "分期") is no value a user set: a clause or a run of values states none
WEAK_TYPES = frozenset({"term"})
MIN_UNITS = 4  # content words (Chinese: character pairs) a clause needs to be kept by its words
# one part of the rendered text: a line (a fact line with its slots, a turn), an item of a list of
# notes ("notes=upright; no stacking; keep dry")
_PART = re.compile(r"[\n;\uff1b]")
# the lines of the rendered context in the agent's words (core.render, core.render_tools), lowercased:
# an action taken or failed, the tool results, an assistant or tool turn of the recent ones
_AGENT_ROLES = ("assistant", "tool")
_AGENT_LABELS = ("completed: ", "failed: ", TOOLS_HEADER.lower(), *(f"{role}: " for role in _AGENT_ROLES))
_TOOL_LINE = re.compile(r"\s*t\d+ \S+\(")  # one tool result under the header ("  t7 quote(...) -> ...")


def users_view(low: str) -> str:
    """The context low without the agent's own words: its tool calls and results (the Completed and
    Failed lines, the tool-result lines) and the assistant's and tools' recent turns. An agent's
    paraphrase ("notes=porcelain vase handle care" for "the vase is porcelain, handle with care")
    says what it did or understood, not what the user stated: a user clause counts as shown only
    by the state's lines and the user's own turns."""
    return "\n".join(
        line for line in low.split("\n") if not line.startswith(_AGENT_LABELS) and not _TOOL_LINE.match(line)
    )


def current_view(text: str) -> str:
    """The rendered text lowercased with its "(was: ...)" markers blanked: what it shows as current."""
    return _WAS.sub(" ", text).lower()


def content_units(text: str) -> list[str]:
    """What a clause says, as units to look for: its content words (English: not a function word,
    three letters or a digit), or its character pairs (Chinese, after its edge fillers)."""
    if is_chinese(text):
        stripped = analyzer_for("zh").strip_fillers(text)
        core = re.sub(r"[^\u4e00-\u9fff]", "", stripped)
        latin = re.findall(r"[a-z][a-z0-9_-]{2,}", stripped.lower())  # "TTL", "Redis" in a Chinese clause
        return [core[i : i + 2] for i in range(len(core) - 1)] + latin
    english = analyzer_for("en")
    words = re.findall(r"[a-z0-9][a-z0-9'-]*", text.lower())
    return [w for w in words if not english.is_light_word(w) and (len(w) >= 3 or w.isdigit())]


def topic_words(text: str) -> set[str]:
    """What a clause speaks of, to match a later correction with it: its content units and the
    words of its compound ones ("fix/checkout-deps" and "bugfix/MOB-771-checkout-deps" both speak
    of "checkout" and "deps")."""
    light = analyzer_for("zh" if is_chinese(text) else "en").light_unit
    units = {u for u in content_units(text) if not light(u)}
    parts = {w for u in units for w in re.split(r"[-/_.]", u) if len(w) >= 3 and not w.isdigit()}
    return units | parts


def content_unshown(text: str, low: str, least: int = MIN_UNITS, share: float = SHOWN_SHARE) -> bool:
    """True when the context text low does not show a clause (one the parser typed nothing of, e.g.
    "she has diabetes and one time heart problem, they put stent"): neither the clause itself
    (whitespace and case aside) nor SHOWN_SHARE of its content inside one part of low (a line, an
    item of a list: _PART). Its words scattered over other parts (a tool call's arguments, other
    facts) do not show what the user said ("keep everything upright"). A clause with fewer than
    `least` content units is too little to keep; `share` is the part of its units one part must show."""
    units = content_units(text)
    if len(units) < max(1, least) or "?" in text or "？" in text:
        return False  # "ok", "这家餐馆的": too little to keep; a question states nothing
    if " ".join(text.lower().split()) in " ".join(low.split()):
        return False
    need = share * len(units)
    return not any(sum(1 for u in units if _shows(u, part)) >= need for part in _PART.split(low))


def shows_value(value: str, low: str) -> bool:
    """True when the context low holds the value; a number only where no digit runs on beside it
    ("2" of "type 2" is not shown by "12"), a word even inside a longer one ("4 star" by "4 stars")."""
    if not value:
        return True
    before = r"(?<!\d)" if value[0].isdigit() else ""
    after = r"(?!\d)" if value[-1].isdigit() else ""
    return re.search(before + re.escape(value) + after, low) is not None


def _shows(unit: str, part: str) -> bool:
    """True when a part of the context holds the unit: a Chinese character pair anywhere, an English
    word as a whole word ("time" is not in "timezone", "pay" not in "payment")."""
    if not unit.isascii():
        return unit in part
    return re.search(rf"(?<![a-z0-9]){re.escape(unit)}(?![a-z0-9])", part) is not None


def unshown_guessed(text: str, state: ContextState) -> list[str]:
    """The keys of the facts said in a guessed slot (said_in_guessed_slot) whose value the rendered
    text does not show outside its "(was: ...)" markers: no clause of the user's came back for
    them, so they keep their anchors after all (nothing the user said goes missing)."""
    low = current_view(text)
    # a part the text marks "(was: ...)" is accounted for: shown as replaced (a re-asked call's old value)
    marked = " ".join(_WAS.findall(text)).lower()
    facts = [f for f in state.facts.values() if said_in_guessed_slot(f)]
    def shown(value: str) -> bool:  # a value joined of parts ("先出方案, 报价") is shown part by part
        parts = [part.strip() for part in value.lower().split(", ") if part.strip()]
        return all(shows_value(part, low) or shows_value(part, marked) for part in parts)

    return [f.key for f in facts if not shown(f.value)]
