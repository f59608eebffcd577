"""The base of every WISH event body: a frozen Struct tagged with its wire type name.

An event's ``data`` on the wire is its Struct's fields without the tag (the tag is the event's
``type``); a field that is ``UNSET`` is left out, as the event was always recorded without it.
"""

from __future__ import annotations

import msgspec


class WishEvent(msgspec.Struct, frozen=True, kw_only=True, tag_field="type",
                forbid_unknown_fields=True):
    """Base of the WISH events; each subclass is tagged ``wish.<ClassName>``."""


def tag(cls: type[msgspec.Struct]) -> str:
    """The wire type name of an event class (``wish.CheckRolled``)."""
    return f"wish.{cls.__name__}"
