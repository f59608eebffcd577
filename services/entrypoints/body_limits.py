"""Limits on a request, checked before it is decoded into a command, by both transports.

An HTTP body (``services.entrypoints.http.body``: ``application/json``, 415) or a gRPC message
must be at most ``MAX_BODY_BYTES`` (413), valid UTF-8, nested at most ``MAX_DEPTH`` deep, with
no duplicate keys, no NUL character or lone surrogate in any string, no number beyond int64 or
a finite float. Each refusal is a problem naming the field (or ``body``) and the rule; nothing
is appended for a refused body.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from contracts.ids import ID_MAX, is_id
from contracts.ids import RULE as ID_RULE
from contracts.limits import INT64_MAX, INT64_MIN
from services.entrypoints.refusals import Problem

MAX_BODY_BYTES = 64 * 1024
MAX_DEPTH = 32
# In valid JSON a NUL or a surrogate can only be an escape (raw ones are refused by the
# parser or by UTF-8 decoding); a body without one needs no per-string check.
_ESCAPE = re.compile(rb"\\u(?:0000|[dD][89a-fA-F])")
_SURROGATE = re.compile("[\ud800-\udfff]")


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _DuplicateKey(key)
        seen[key] = value
    return seen


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _deepest(value: Any) -> int:
    """The deepest nesting of arrays and objects in a decoded value (no recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            stack.extend((c, depth + 1) for c in (item.values() if isinstance(item, dict) else item))
    return deepest


def _clean(value: Any, strings: bool) -> bool:
    """A fast pass with no field paths: True when ``value`` breaks none of the limits, so the
    naming walk (``check_value``) is needed only for a body that is refused. ``strings``: the
    raw body has an escape that could be a NUL or a surrogate (only escapes can be one)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return False
        pairs = item.items() if isinstance(item, dict) else enumerate(item)
        for key, child in pairs:
            kind = type(child)
            if kind is str:
                if strings and _bad_string(child):
                    return False
                if type(key) is str and _is_id_field(key) and not is_id(
                        child, 100 if depth == 1 and key == "command_id" else ID_MAX):
                    return False
            elif kind is dict or kind is list:
                stack.append((child, depth + 1))
            elif kind is int:
                if not INT64_MIN <= child <= INT64_MAX:
                    return False
            elif kind is float and not math.isfinite(child):
                return False
            if strings and type(key) is str and _bad_string(key):
                return False
    return True


def _bad_string(text: str) -> bool:
    return "\x00" in text or _SURROGATE.search(text) is not None


def check_value(value: Any, path: str = "", *, empty_ids: bool = False) -> None:
    """Refuse NUL characters, lone surrogates, ids outside the id grammar, non-int64 integers
    and non-finite floats anywhere in a decoded request (HTTP body or gRPC message).

    ``empty_ids`` lets an id be ``""``: a protobuf string that was not set reads as one."""
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            for key, child in item.items():
                named = f"{where}.{key}" if where else key
                _check_string(key, named)
                if _is_id_field(key) and isinstance(child, str) and (child or not empty_ids):
                    check_id(child, named)
                stack.append((child, named))
        elif isinstance(item, list):
            stack.extend((child, f"{where}[{i}]") for i, child in enumerate(item))
        elif isinstance(item, str):
            _check_string(item, where or "body")
        elif isinstance(item, bool):
            continue
        elif isinstance(item, int) and not INT64_MIN <= item <= INT64_MAX:
            raise Problem(422, where or "body", "request.int64",
                          f"{where or 'body'}: integers must lie within int64 "
                          f"[{INT64_MIN}, {INT64_MAX}]")
        elif isinstance(item, float) and not math.isfinite(item):
            raise Problem(422, where or "body", "request.finite-number",
                          f"{where or 'body'}: numbers must be finite")


def _is_id_field(key: str) -> bool:
    return key.endswith("_id") and key != "correlation_id"  # a correlation id is free text


def check_id(text: str, where: str) -> None:
    """Refuse an id that breaks the id grammar (``contracts.ids``): ``..``, ``CON``, ``a b``."""
    if not is_id(text, 100 if where == "command_id" else ID_MAX):
        raise Problem(422, where, ID_RULE,
                      f"{where}: {text[:80]!r} is not an id (1-{ID_MAX} of A-Z a-z 0-9 _ . : -, "
                      "no '..', not a reserved name such as CON or NUL; see docs/ids.md)")


def _check_string(text: str, where: str) -> None:
    if "\x00" in text:
        raise Problem(422, where, "request.no-nul", f"{where}: strings may not hold NUL (U+0000)")
    if _SURROGATE.search(text):
        raise Problem(422, where, "request.unicode",
                      f"{where}: strings may not hold a lone surrogate")


def check_depth(value: Any) -> None:
    """Refuse a decoded request nested deeper than ``MAX_DEPTH`` arrays/objects (a gRPC
    message's ``Struct`` fields nest as deep as a JSON body can)."""
    if _deepest(value) > MAX_DEPTH:
        raise too_deep()


def check_size(size: int) -> None:
    """Refuse a request body (or gRPC message) larger than ``MAX_BODY_BYTES``."""
    if size > MAX_BODY_BYTES:
        raise Problem(413, "body", "request.size",
                      f"the body is {size} bytes; at most {MAX_BODY_BYTES} are accepted")


def too_deep() -> Problem:
    return Problem(422, "body", "request.depth",
                   f"the body is nested deeper than {MAX_DEPTH} arrays/objects")


# What ``POST /v1/verify`` reads: an export, JSON Lines (a one-line export is plain JSON).
JSON_LINES = ("application/x-ndjson", "application/jsonl", "application/json")


def check_media(content_type: str, accepted: tuple[str, ...] = ("application/json",)) -> None:
    """Refuse a body whose Content-Type is not one of ``accepted`` (415)."""
    media = content_type.split(";", 1)[0].strip().lower()
    if media not in accepted:
        raise Problem(415, "Content-Type", "request.media-type",
                      f"the body must be sent as {' or '.join(accepted)}, not {media or 'no type'!r}")


def check_json(raw: bytes, content_type: str) -> None:
    """Refuse a body that breaks one of the limits above (see the module docstring)."""
    if not raw.strip():
        return  # no body: the route says whether it needs one
    check_media(content_type)
    check_size(len(raw))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Problem(400, "body", "request.utf-8",
                      f"the body is not valid UTF-8 (byte {err.start})") from None
    try:
        value = json.loads(text, object_pairs_hook=_no_duplicates,
                           parse_constant=_refuse_constant)
    except RecursionError:  # far deeper than MAX_DEPTH: the parser itself gave up
        raise too_deep() from None
    except _DuplicateKey as dup:
        raise Problem(422, dup.key, "request.duplicate-key",
                      f"the key {dup.key!r} appears twice in one object") from None
    except ValueError as err:
        raise Problem(400, "body", "request.json", f"malformed JSON: {err}") from None
    if isinstance(value, dict | list) and _clean(value, _ESCAPE.search(raw) is not None):
        return  # the common case; a refused body is walked again to name the field
    check_depth(value)
    check_value(value, "")
