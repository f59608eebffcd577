"""Skald's rules: pure, synchronous, deterministic. No I/O, no clock, no randomness of its own."""
