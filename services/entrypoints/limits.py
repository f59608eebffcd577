"""Process limits a server sets for itself at start."""

from __future__ import annotations

import resource

import structlog

log = structlog.get_logger(__name__)


def raise_open_files() -> int:
    """Raise the soft open-file limit to the hard limit (each live stream is a socket; the
    common soft default of 1,024 would refuse connections long before the process is busy),
    log it, and return the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    infinite = resource.RLIM_INFINITY
    # Linux refuses an unlimited RLIMIT_NOFILE: under an unlimited hard limit, aim at 2^20.
    target = hard if hard != infinite else (soft if soft == infinite else max(soft, 1 << 20))
    if target != soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError) as err:
            log.warning("open-file limit left as it was", soft=soft, hard=hard, error=str(err))
            return soft
    log.info("open-file limit", soft=target, hard=hard, was=soft)
    return target
