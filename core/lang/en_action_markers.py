"""English action markers (split from core.lang.en_discourse): what an assistant turn reports done,
failed or pending, or offers to do, with the reference id it produced; any tool message is a result."""

from __future__ import annotations

import re
from functools import lru_cache

from core.lang.en_values import identifiers
from core.model_kinds import Role
from core.models import ActionMarker

_VERB_LEMMA = {
    "booked": "book",
    "reserved": "reserve",
    "made": "make",
    "sent": "send",
    "scheduled": "schedule",
    "transferred": "transfer",
    "confirmed": "confirm",
    "placed": "place",
    "purchased": "purchase",
    "bought": "buy",
    "cancelled": "cancel",
    "canceled": "cancel",
    "set up": "set up",
    "set": "set",
    "added": "add",
    "created": "create",
    "ordered": "order",
    "paid": "pay",
    "completed": "complete",
    "processed": "process",
    "started": "start",
    "called": "call",
    "rented": "rent",
    "updated": "update",
    "changed": "change",
    "arranged": "arrange",
    "requested": "request",
    "submitted": "submit",
    "fixed": "fix",
    "committed": "commit",
    "merged": "merge",
    "deployed": "deploy",
    "refunded": "refund",
    "shipped": "ship",
    "renewed": "renew",
}
_DONE_VERBS = "|".join(sorted(_VERB_LEMMA, key=len, reverse=True))
_DONE = re.compile(
    rf"\b(?:(?:i|we)\s*(?:'ve|\s+have|\s+had|\s+just)?\s+(?:successfully\s+|now\s+|also\s+|already\s+)?"
    rf"(?P<v1>{_DONE_VERBS})\b"
    rf"|(?:has|have)\s+(?:successfully\s+)?(?:been\s+)?(?:successfully\s+)?(?P<v2>{_DONE_VERBS})\b"
    rf"|(?:is|are|was|were)\s+(?:now\s+|all\s+|successfully\s+)?(?P<v3>booked|reserved|confirmed|scheduled|"
    rf"set|placed|complete|completed|done|made|sent|transferred|purchased|paid|on\s+its\s+way)\b"
    rf"|(?P<v4>booking|reservation|transfer|payment|purchase|order|appointment)\s+(?:was|is|has\s+been)\s+"
    rf"(?:successful|successfully\s+\w+|complete|completed|confirmed|done|made|placed)"
    rf"|(?P<v5>reference|confirmation)\s+(?:number|code|no\.?)\s*(?:is|:)"
    rf"|\b(?P<v6>successfully)\b"
    # a reply that opens with the bare participle: "Booked: table for 4 ...", "Submitted.", "Done, ..."
    rf"|^\s*(?P<v7>{_DONE_VERBS}|done|all\s+done)\s*[.:!,;\u2014-])",
    re.IGNORECASE,
)
_DONE_GROUPS = ("v1", "v2", "v3", "v4", "v5", "v6", "v7")
_FAILED = re.compile(
    r"\b(?:(?:i|we)\s+(?:could\s*n[o']?t|couldn['’]t|can\s*n[o']?t|can['’]t|was\s+unable|were\s+unable|"
    r"am\s+unable|'m\s+unable|(?:was|were|am)\s+not\s+able|(?:was|were)n['’]t\s+able|failed)\s+(?:to\s+)?"
    r"(?P<v>book|reserve|make|find|complete|process|schedule|"
    r"send|transfer|place|purchase|buy|get|secure|confirm|rent)?"
    r"|(?P<v2>booking|reservation|transfer|payment|purchase|order|transaction)\s+(?:was\s+|has\s+)?"
    r"(?:unsuccessful|failed|declined|rejected|did\s*n[o']?t\s+go\s+through)"
    r"|unable\s+to\s+(?P<v3>book|reserve|make|complete|process|schedule|send|transfer|place)"
    # booked by others: "sorry, but they are all booked for that length of stay", "it's booked up"
    r"|(?:sorry|unfortunately|but|better\s+news)\b[^.!?]{0,60}?\b(?:are|is|'re|'s)\s+(?:all\s+|fully\s+|"
    r"completely\s+)?(?P<v4>book)ed\b|(?:is|are|'s|'re)\s+(?:all\s+)?(?P<v5>book)ed\s+(?:up|solid)"
    r"|no\s+availability|(?:is|are)\s+(?:fully\s+)?booked\s+up|fully\s+booked|not\s+available|unavailable|"
    r"sorry,?\s+(?:but\s+)?(?:that|it|this)\s+(?:is|was)\s+not\s+(?:available|possible)|"
    r"(?:there\s+(?:was|is)\s+an?\s+)?error)\b",
    re.IGNORECASE,
)
# "Shall I commit it?", "Do you want me to merge the branch?": the strong offer forms take any verb
_OFFERED_ANY = re.compile(
    r"\b(?:shall\s+i|should\s+i|do\s+you\s+want\s+me\s+to|would\s+you\s+like\s+me\s+to|want\s+me\s+to)"
    r"\s+(?:go\s+ahead\s+and\s+|also\s+|now\s+)?(?P<v>[a-z]+)\b",
    re.IGNORECASE,
)
_NOT_AN_ACTION = frozenset(
    {"help", "assist", "be", "do", "know", "tell", "explain", "wait", "continue", "go"}
)
_OFFERED = re.compile(
    r"\b(?:shall\s+i|should\s+i|would\s+you\s+like\s+(?:me\s+)?to|do\s+you\s+want\s+(?:me\s+)?to|want\s+me\s+to|"
    r"can\s+i|may\s+i|i\s+can|i\s+could|would\s+you\s+like\s+(?:a|an|the)?\s*(?:reservation|booking|"
    r"ticket|tickets|table|room))\s+(?P<v>book|reserve|make|buy|purchase|schedule|send|transfer|get|order|"
    r"rent|set\s+up|set|call|play|add|place|arrange)?",
    re.IGNORECASE,
)
_PENDING = re.compile(
    r"\b(?:(?:i|we)\s*(?:'ll|\s+will|\s+am\s+going\s+to|'m\s+going\s+to|\s+shall)\s+(?:now\s+|go\s+ahead\s+and\s+)?"
    r"(?P<v>book|reserve|make|buy|purchase|schedule|send|transfer|get|order|rent|set|call|play|place|"
    r"arrange|process|check|look)|(?P<v2>booking|reserving|processing|transferring|sending)\s+(?:it\s+|that\s+)?"
    r"now|let\s+me\s+(?P<v3>book|reserve|check|look|find|process|send|transfer|make|get)|one\s+moment)\b",
    re.IGNORECASE,
)
_TOOL_ERROR = re.compile(
    r"\b(?:error|failed|failure|exception|unable|not\s+found|invalid|denied|timeout|"
    r"timed\s+out|unavailable|refused|forbidden|traceback)\b",
    re.IGNORECASE,
)


_REF_CUE = re.compile(r"\b(?:reference|confirmation|booking|ref)\b", re.IGNORECASE)


def _ref(text: str) -> str | None:
    """The id the action produced: the one right after 'reference number' if any, else the first id."""
    ids = sorted((c for c in identifiers(text) if c.slot == "ref"), key=lambda c: c.start)
    if not ids:
        return None
    cue = _REF_CUE.search(text)
    if cue is not None:
        after = [c for c in ids if c.start >= cue.end()]
        if after:
            return after[0].value
    return ids[0].value


def _lemma(verb: str | None, default: str) -> str:
    if not verb:
        return default
    v = re.sub(r"\s+", " ", verb.lower())
    return _VERB_LEMMA.get(
        v,
        {
            "booking": "book",
            "reservation": "reserve",
            "reference": "book",
            "confirmation": "book",
            "successfully": "complete",
            "done": "complete",
            "all done": "complete",
            "reserving": "reserve",
            "processing": "process",
            "transferring": "transfer",
            "sending": "send",
            "appointment": "schedule",
            "payment": "pay",
            "purchase": "purchase",
            "order": "order",
            "transfer": "transfer",
        }.get(v, v),
    )


_ASKS_CONFIRM = re.compile(r"\b(?:please|kindly|can\s+you|could\s+you|just\s+to)\s+confirm\b", re.IGNORECASE)


@lru_cache(maxsize=8192)
def find_action(text: str, role: Role) -> ActionMarker | None:
    """An action the assistant reports done/failed/pending or offers; any tool message is a result."""
    if role == "tool":
        status = "failed" if _TOOL_ERROR.search(text) else "done"
        return ActionMarker(verb="tool result", status=status, ref=_ref(text))
    if role != "assistant":
        return None
    failed = _FAILED.search(text)
    # "Please confirm: a 10:30 am appointment ... is scheduled on March 8th": a read-back the user is
    # asked to confirm reports nothing done yet
    done = None if _ASKS_CONFIRM.search(text) else _DONE.search(text)
    if (
        failed
        and any(failed.group(g) for g in ("v", "v2", "v3", "v4", "v5"))
        and not (done and done.start() < failed.start())
    ):
        verb = next(failed.group(g) for g in ("v", "v2", "v3", "v4", "v5") if failed.group(g))
        return ActionMarker(verb=_lemma(verb, "book"), status="failed")
    if done:
        if done.group("v7") and done.group("v7").lower() in ("done", "all done"):
            done = _DONE.search(text, done.end()) or done  # "Done: X is booked": the verb that says what
        verb = next((done.group(g) for g in _DONE_GROUPS if done.group(g)), None)
        return ActionMarker(verb=_lemma(verb, "book"), status="done", ref=_ref(text))
    if failed:
        return ActionMarker(verb="book", status="failed")
    pending = _PENDING.search(text)
    offered = _OFFERED.search(text)
    if offered and offered.group("v") and (pending is None or offered.start() < pending.start()):
        return ActionMarker(verb=_lemma(offered.group("v"), "book"), status="offered")
    any_verb = _OFFERED_ANY.search(text)
    if any_verb and any_verb.group("v").lower() not in _NOT_AN_ACTION and pending is None:
        return ActionMarker(verb=any_verb.group("v").lower(), status="offered")
    if pending:
        verb = pending.group("v") or pending.group("v2") or pending.group("v3")
        return ActionMarker(verb=_lemma(verb, "book"), status="pending")
    return None
