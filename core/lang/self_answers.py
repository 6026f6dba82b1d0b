"""An answer that names the speaker ("Also me.", "me", "myself, I guess", "我自己", "也是我"): to "who
will be the trustee?" the user is the value, though "me" is no content word the coverage check
counts."""

from __future__ import annotations

import re

_SELF = re.compile(
    r"^\s*(?:(?:also|just|only|that['’]?s|it['’]?s)\s+)?(?:me|myself|us|ourselves)"
    r"(?:\s*,?\s*(?:too|again|as\s+well|i\s+guess|please|then))?\s*[.!]?\s*$"
    r"|^\s*(?:也是|还是|就|都是)?(?:我|我自己|我们|我们自己)(?:吧|啊|呀|来)?\s*[。！!]?\s*$",
    re.IGNORECASE,
)


def names_self(text: str) -> bool:
    """True when a clause only names the speaker (module doc)."""
    return bool(_SELF.match(text))
