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


def offered_options(text: str) -> list[tuple[int, int]]:
    """The options an assistant turn offers for a yes to take: none read in Chinese. A Chinese pick
    is named by the assistant's read-back (reads_back_pick, core.choice_readback) or by a part of its
    name (core.name_readback); [] always."""
    return []


def named_pick(text: str) -> str:
    """The words a user's turn takes an offered option by: none (offered_options reads none); ""."""
    return ""


def points_at_offer(question: str) -> bool:
    """True when a question points at the thing just offered ("要加上这个吗？", "需要它吗？")."""
    return bool(pattern(r"这个|那个|这款|那款|它").search(question))
