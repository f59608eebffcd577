"""Dice derived from a committed secret seed, so every face can be re-derived and checked.

A campaign commits to a 32-byte secret seed by publishing ``sha256(seed)``.
Draw ``i`` of command ``k`` in campaign ``c`` for a die of ``s`` sides is::

    block_j = HMAC-SHA256(key=seed, msg=f"{c}|{k}|{i}|{j}")      j = 0, 1, ...
    (with a client seed s:                 msg=f"{c}|{k}|{s}|{i}|{j}")
    u_j     = block_j read as a 256-bit big-endian unsigned integer
    face    = u_j mod s + 1 for the first j with u_j < 2**256 - (2**256 mod s)

The rejection step removes modulo bias; it fires with probability below
2**-248 for any die up to 1000 sides, so j is 0 in practice. A retried command
has the same (c, k, i) and gets the same faces.
"""

from __future__ import annotations

import hashlib
import hmac

_SPACE = 1 << 256


def commitment(seed: bytes) -> str:
    """The public commitment to a seed: its SHA-256 in hex."""
    return hashlib.sha256(seed).hexdigest()


def derive_face(seed: bytes, campaign_id: str, command_id: str, draw: int, sides: int,
                client_seed: str | None = None) -> int:
    """Face of draw ``draw`` of a command on a die of ``sides`` sides (see the module docstring)."""
    if sides < 1:
        raise ValueError("a die needs at least one side")
    limit = _SPACE - (_SPACE % sides)
    prefix = f"{campaign_id}|{command_id}|" + (f"{client_seed}|" if client_seed else "")
    attempt = 0
    while True:
        message = f"{prefix}{draw}|{attempt}".encode()
        value = int.from_bytes(hmac.new(seed, message, hashlib.sha256).digest(), "big")
        if value < limit:
            return value % sides + 1
        attempt += 1


class SeededDice:
    """The service's dice for one command: draw indices count from 0 in the order rolled."""

    def __init__(self, seed: bytes, campaign_id: str, command_id: str,
                 client_seed: str | None = None) -> None:
        self._seed = seed
        self._campaign_id = campaign_id
        self._command_id = command_id
        self._client_seed = client_seed
        self.draws: list[tuple[int, int]] = []  # (sides, face) in draw order

    def roll(self, sides: int) -> int:
        face = derive_face(self._seed, self._campaign_id, self._command_id, len(self.draws), sides,
                           self._client_seed)
        self.draws.append((sides, face))
        return face
