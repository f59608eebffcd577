"""Bounds every wire value keeps: integers fit PostgreSQL's ``bigint`` (int64)."""

from __future__ import annotations

INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)
