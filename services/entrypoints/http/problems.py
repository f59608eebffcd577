"""Errors as RFC 9457 problem+json, naming the field and the rule. Nothing becomes a bare 500."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import structlog
from litestar import Request, Response
from litestar.exceptions import HTTPException, NotAuthorizedException, ValidationException

from domain.errors import DomainError
from services.adapters.dependencies import RETRY_AFTER_SECONDS, dependency_down
from services.entrypoints.refusals import NO_BODY, Problem, field_error

log = structlog.get_logger(__name__)
MEDIA_TYPE = "application/problem+json"
_STATUS = {"invalid": 422, "forbidden": 403, "not_found": 404, "conflict": 409}


_NOT_SLUG = re.compile(r"[^A-Za-z0-9._~-]+")


def slug(rule: str) -> str:
    """A rule as one URI path segment: ``wish.dice L3-69`` becomes ``wish.dice-L3-69``."""
    return _NOT_SLUG.sub("-", rule).strip("-") or "http"


def problem(status: int, title: str, detail: str, request: Request[Any, Any, Any], *,
            field: str | None = None, rule: str | None = None,
            headers: dict[str, str] | None = None, **extra: Any) -> Response[dict[str, Any]]:
    body: dict[str, Any] = {
        "type": f"https://skald.dev/problems/{slug(rule or 'http')}",
        "title": title,
        "status": status,
        "detail": detail,
        "instance": request.url.path,
    }
    if field is not None:
        body["field"] = field
    if rule is not None:
        body["rule"] = rule
    body.update(extra)
    return Response(body, status_code=status, media_type=MEDIA_TYPE, headers=headers)


def domain_error(request: Request[Any, Any, Any], exc: DomainError) -> Response[dict[str, Any]]:
    status = _STATUS.get(exc.kind, 422)
    title = {403: "Not allowed", 404: "Not found"}.get(status, "Command refused")
    extra: dict[str, Any] = {}
    problems = getattr(exc, "problems", None)  # a sheet lists every invalid field at once
    if problems:
        prefix = exc.field[: -len(problems[0][0])] if exc.field.endswith(problems[0][0]) else ""
        extra["errors"] = [{"field": prefix + f, "rule": r, "message": m} for f, r, m in problems]
    return problem(status, title, exc.message, request, field=exc.field, rule=exc.rule, **extra)


def validation_error(request: Request[Any, Any, Any], exc: ValidationException) -> Response[dict[str, Any]]:
    """Body and parameter errors: msgspec says where (``- at `$.payload.name```); we name it."""
    errors = exc.extra if isinstance(exc.extra, list) else []
    fields = _body_errors(request, errors) or [
        field_error(err) for err in errors if isinstance(err, dict)] or [
        {"field": "body", "message": str(exc.detail)}]
    first = fields[0]
    status = 400 if first["message"] == NO_BODY or first["message"].startswith("malformed") else 422
    return problem(status, "Invalid request", f"{first['field']}: {first['message']}", request,
                   field=first["field"], rule="request.schema", errors=fields)




def _body_errors(request: Request[Any, Any, Any], errors: list[Any]) -> list[dict[str, str]]:
    """Litestar drops msgspec's error path for request bodies; decode again to name the field."""
    body_type = request.route_handler.opt.get("body_type")
    body = request._connection_state.body
    if body_type is None or not isinstance(body, bytes) or not body.strip():
        return []
    try:
        msgspec.json.decode(body, type=body_type)
    except msgspec.ValidationError as err:
        return [field_error({"message": str(err), "source": "body"})]
    except msgspec.DecodeError as err:
        return [{"field": "body", "message": f"malformed JSON: {err}"}]
    return []


def refused(request: Request[Any, Any, Any], exc: Problem) -> Response[dict[str, Any]]:
    """A request refused by a check of this gateway or of both (``services.entrypoints.refusals``)."""
    return problem(exc.status_code, "Request refused", exc.detail, request, field=exc.field,
                   rule=exc.rule, headers=exc.headers)


def http_error(request: Request[Any, Any, Any], exc: HTTPException) -> Response[dict[str, Any]]:
    if isinstance(exc, NotAuthorizedException):
        return problem(401, "Unauthorized", exc.detail, request, field="Authorization",
                       rule="auth.bearer-token", headers={"WWW-Authenticate": "Bearer"})
    if exc.status_code == 413:
        return problem(413, "Body too large", exc.detail, request, field="body", rule="request.size")
    if exc.status_code == 400 and "JSON" in str(exc.detail):
        return problem(400, "Malformed JSON", exc.detail, request, field="body", rule="request.json")
    if exc.status_code in _FRAMEWORK:
        field, rule, template = _FRAMEWORK[exc.status_code]
        detail = template.format(method=request.method, path=request.url.path)
    else:
        field, rule, detail = "request", "request.http", exc.detail
    return problem(exc.status_code, "HTTP error", detail, request, field=field, rule=rule,
                   headers=exc.headers)


# Refusals the framework makes before any route runs, named like every other refusal.
_FRAMEWORK = {
    404: ("path", "request.route", "no resource at {path}; the API is listed at /schema/openapi.json"),
    405: ("method", "request.method", "{path} does not take {method}; see the Allow header"),
}


def internal_error(request: Request[Any, Any, Any], exc: Exception) -> Response[dict[str, Any]]:
    down = dependency_down(exc)
    if down is not None:
        log.warning("dependency unavailable", dependency=down, path=request.url.path,
                    error=f"{type(exc).__name__}: {exc}")
        return problem(503, "Service unavailable", f"{down} is not reachable right now; retry",
                       request, field=down, rule="service.dependency-available",
                       headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    log.error("unhandled error", path=request.url.path, error=repr(exc), exc_info=exc)
    return problem(500, "Internal error", "the request could not be completed", request,
                   field="request", rule="server.internal")


HANDLERS: dict[type[Exception] | int, Any] = {
    DomainError: domain_error,
    Problem: refused,
    ValidationException: validation_error,
    HTTPException: http_error,
    Exception: internal_error,
}
