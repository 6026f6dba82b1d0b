"""English cue: an assistant turn that reads back the user's pick ("Okay, you've chosen the Gonville")."""

from __future__ import annotations


def reads_back_pick(text: str) -> int:
    """Where the pick starts in an assistant turn reading back the user's choice, or -1. English is
    not read: an English pick is named in the user's own words (the name or "the second one", whose
    offer a yes settles), and no measured dialogue needed the read-back; -1 always."""
    return -1
