"""CORS: off unless ``SKALD_CORS_ORIGINS`` lists the browser origins allowed to call the API.

A browser app served from another origin sends a preflight (``OPTIONS`` with
``Access-Control-Request-Method``) before a request with a bearer token; the preflight carries no
token, and Litestar's CORS middleware answers it before any route (and so the /v1 token check)
runs. Tokens travel in the Authorization header, never in cookies, so no
credentials are allowed.
"""

from __future__ import annotations

import re

from litestar.config.cors import CORSConfig

_ORIGIN = re.compile(r"^https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?$|^\*$")
# What a client reads beyond the simple headers: the next page, when to retry, the problem type.
EXPOSED = ["Link", "Retry-After", "WWW-Authenticate", "Content-Disposition"]


def cors_config(origins: list[str]) -> CORSConfig | None:
    """The CORS policy for ``origins`` (None when empty: no CORS headers at all)."""
    if not origins:
        return None
    bad = [o for o in origins if not _ORIGIN.match(o)]
    if bad:
        raise ValueError(f"SKALD_CORS_ORIGINS: {bad[0]!r} is not an origin "
                         "(scheme://host[:port], no path, or *)")
    return CORSConfig(
        allow_origins=origins,
        allow_methods=["GET", "POST", "OPTIONS"],
        allow_headers=["Authorization", "Content-Type", "Last-Event-ID"],
        expose_headers=EXPOSED,
        allow_credentials=False,
        max_age=600,
    )
