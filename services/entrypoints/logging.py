"""structlog setup: JSON lines in production, readable lines in a terminal."""

from __future__ import annotations

import logging
import sys

import structlog


def configure(log_format: str = "console", level: str = "info", *, cache: bool = False) -> None:
    """Set up structlog. ``cache``: each logger keeps its configuration from its first use (a
    server process, configured once: a logger then costs no look-up per call or ``bind``);
    a process that configures logging more than once, such as the test runner, leaves it off."""
    renderer: structlog.types.Processor = (
        structlog.processors.JSONRenderer() if log_format == "json"
        else structlog.dev.ConsoleRenderer(colors=False)
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(
            logging.getLevelNamesMapping().get(level.upper(), logging.INFO)),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=cache,
    )
