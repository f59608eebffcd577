"""Domain errors: every refusal names the field and the rule it broke."""

from __future__ import annotations


class DomainError(Exception):
    """A command was refused by a rule.

    ``kind`` tells the gateway how to report it: ``invalid`` (the input breaks a
    rule, 422), ``forbidden`` (the actor may not do this, 403), ``not_found`` (404)
    or ``conflict`` (the state does not allow it now, 409).
    """

    kind = "invalid"

    def __init__(self, field: str, rule: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.rule = rule
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}(field={self.field!r}, rule={self.rule!r}, {self.message!r})"


class Forbidden(DomainError):
    kind = "forbidden"


class NotFound(DomainError):
    kind = "not_found"


class StateConflict(DomainError):
    kind = "conflict"
