"""What a reader sees of a markdown string the console escaped (console.widgets.plain): AppTest
reports the markdown source, so a test comparing text takes the escapes and word joiners out."""

from __future__ import annotations

import re


def shown(markdown: str) -> str:
    """``markdown`` without backslash escapes, invisible word joiners and hard-break spaces."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown).replace("\u2060", "").replace("  \n", "\n")
