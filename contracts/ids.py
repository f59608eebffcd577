"""The one grammar every id follows (campaign, table, character, encounter, command, ...).

An id is 1-64 characters (a command id up to 100) of ``A-Z a-z 0-9 _ . : -``, starting with a
letter, digit or ``_``; it never holds ``..`` and is never a name a file system reserves
(``CON``, ``PRN``, ``AUX``, ``NUL``, ``COM0``-``COM9``, ``LPT0``-``LPT9``, in any case, with or
without an extension), so an id is safe as a path segment, a key or a file name.
"""

from __future__ import annotations

import re
from typing import Final

_RESERVED: Final = r"(?!(?i:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\..*)?$)"
ID_PATTERN: Final = r"^(?!.*\.\.)" + _RESERVED + r"[A-Za-z0-9_][A-Za-z0-9_.:-]*$"
USER_PATTERN: Final = r"^(?!.*\.\.)" + _RESERVED + r"[A-Za-z0-9_][A-Za-z0-9_.@-]*$"
ID_MAX: Final = 64
RULE: Final = "request.id-grammar"
_ID = re.compile(ID_PATTERN)


def is_id(text: str, max_length: int = ID_MAX) -> bool:
    """Whether ``text`` follows the id grammar (see the module docstring)."""
    return 0 < len(text) <= max_length and _ID.match(text) is not None
