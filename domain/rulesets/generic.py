"""The ``generic`` ruleset: no game rules, a free-form sheet, dice by standard notation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from domain.errors import DomainError

MAX_SHEET_BYTES = 64 * 1024


class GenericRuleset:
    id = "generic"
    title = "Generic (no game rules)"

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        if raw:
            name = next(iter(raw))
            raise DomainError(f"payload.options.{name}", "generic.options",
                              "the generic ruleset has no campaign options")
        return {}

    def validate_sheet(self, raw: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """A generic sheet is any JSON object of at most 64 KiB."""
        if len(msgspec.json.encode(raw)) > MAX_SHEET_BYTES:
            raise DomainError("payload.sheet", "generic.sheet-size",
                              f"a sheet may hold at most {MAX_SHEET_BYTES} bytes of JSON")
        return dict(raw)


GENERIC = GenericRuleset()
