"""The web table client: the static files under ``clients/web/``, served at ``/table/``.

An installed wheel carries them as ``services/entrypoints/http/web`` (``setup.py`` copies them there);
a checkout serves them from ``clients/web``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from litestar.static_files import create_static_files_router

_PACKAGED = Path(__file__).resolve().parent / "web"
WEB_CLIENT_DIR = (_PACKAGED if _PACKAGED.is_dir()
                  else Path(__file__).resolve().parents[3] / "clients" / "web")


def web_client_router() -> Any:
    """``/table/`` serves ``index.html``; the page signs in with a token it sends to ``/v1``."""
    return create_static_files_router(path="/table", directories=[WEB_CLIENT_DIR], html_mode=True,
                                      name="web-client", include_in_schema=False)
