"""Chinese cue: an assistant turn that reads back the user's pick ("好的，选择安心老人意外")."""

from __future__ import annotations

from core.lang.patterns import pattern

# an acknowledgement, then a choice verb, opening the turn: what follows is the pick, named whole
_PICK_READ_BACK = (
    r"^\s*(?:好的|好|行|可以|没问题|明白|了解)[，,。！!\s]*(?:已为您|为您|已|那就|就)?(?:选择|选定|选)了?[：:\s]*"
)


def reads_back_pick(text: str) -> int:
    """Where the pick starts in an assistant turn that opens by acknowledging the user's choice and
    naming it ("好的，选择安心老人意外，两人一年918元" -> the offset of "安心老人意外"), or -1."""
    m = pattern(_PICK_READ_BACK).match(text)
    return m.end() if m else -1
