"""Boonbane campaign options: each a gap in the seed, defaulting to the digest's recommendation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.errors import DomainError


class BoonbaneOptions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """No options yet: the rolls follow the digest's recommendations (D-1 total >= target
    number; D-2 modifier = score - 10); an unknown option is refused."""


def parse_options(raw: Mapping[str, Any]) -> BoonbaneOptions:
    """The campaign's options; a wrong one is refused naming ``options.<name>``."""
    try:
        return msgspec.convert(dict(raw), BoonbaneOptions)
    except msgspec.ValidationError as err:
        path = str(err).rsplit("at `$", 1)
        field = "options" + (path[1].rstrip("`") if len(path) == 2 else "")
        raise DomainError(field, "boonbane.options", str(err)) from None
