"""A refused request, named the same way by both transports: the status, the field and the rule.

HTTP answers a ``Problem`` as problem+json (``services.entrypoints.http.problems``), gRPC as
INVALID_ARGUMENT with the field and the rule in its details (``services.entrypoints.grpc.server``).
"""

from __future__ import annotations

import re
from typing import Any

_AT = re.compile(r"^(?P<msg>.*?)(?: - at `\$\.?(?P<path>[^`]*)`)?$", re.S)
_MISSING = re.compile(r"(?:missing required|contains unknown) field `(?P<name>[^`]+)`")
NO_BODY = "a JSON body is required"


class Problem(Exception):
    """A refused request with the field and rule that caused it (``status_code``: its HTTP status)."""

    def __init__(self, status: int, field: str, rule: str, detail: str,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status_code = status
        self.field = field
        self.rule = rule
        self.detail = detail
        self.headers = headers


def field_error(err: dict[str, Any]) -> dict[str, str]:
    """Turn one Litestar/msgspec error into ``{"field": "payload.name", "message": ...}``."""
    message = str(err.get("message", ""))
    match = _AT.match(message)
    text = match.group("msg") if match else message
    path = match.group("path") if match and match.group("path") else ""
    missing = _MISSING.search(text)
    if missing:
        path = f"{path}.{missing.group('name')}" if path else missing.group("name")
    if err.get("source") not in (None, "body") and err.get("key"):
        return {"field": str(err["key"]), "message": text}  # a query, path or header parameter
    if not path and text == "'data'":
        return {"field": "body", "message": NO_BODY}
    return {"field": path.replace("$.", "") or "body", "message": text}
