"""Alternatives an assistant's statement lays out without a question mark ("We can collect it in its
case for £20, or you can drop it at our workshop", "You can bring them in or send them in our
insured postal pack", "we offer local anesthetic, nitrous, or IV sedation", "可以上门取，也可以您自己
送过来"): the user's brief next turn picks one of them, as it would answer "collection or drop-off?"."""

from __future__ import annotations

import re

# "you can / we could ... or ...", "either ... or ...", in one sentence; three or more listed with "or"
# ("we offer local anesthetic, nitrous, or IV sedation"); a sentence opening on "Or you can" after one
# that states the first way
_EN = re.compile(
    r"\b(?:(?:you|we|i)\s+(?:can|could)|either)\b[^.?!]{1,80}?\bor\b"
    r"|[^,.?!;]{1,30},[^,.?!;]{1,30},?\s+or\s+[^,.?!;]{1,30}(?=[.!;]|$)"
    r"|[.!]\s+or\s+(?:you|we)\s+(?:can|could)(?![\w'’])",  # "... your own sled. Or you can share one."
    re.IGNORECASE,
)
# "可以…，也可以…", "可以…或者…", "要么…要么…"
_ZH = re.compile(r"可以[^。？！?!]{1,30}?(?:也可以|或者|或是)|要么[^。？！?!]{1,30}?要么")


def lays_out_alternatives(text: str) -> bool:
    """True when an assistant turn states two ways the user may take (module doc)."""
    return bool(_EN.search(text) or _ZH.search(text))
