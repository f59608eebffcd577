"""Committed-seed dice: the commitment, the documented derivation, and rejection sampling."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter
from types import SimpleNamespace

import pytest

from domain import fair_dice
from domain.fair_dice import SeededDice, commitment, derive_face

SEED = bytes(range(32))
SPACE = 2**256


def reference_face(seed: bytes, campaign: str, command: str, draw: int, sides: int) -> int:
    """The formula from the module docstring, written out independently."""
    attempt = 0
    while True:
        block = hmac.new(seed, f"{campaign}|{command}|{draw}|{attempt}".encode(), "sha256").digest()
        value = int.from_bytes(block, "big")
        if value < SPACE - SPACE % sides:
            return value % sides + 1
        attempt += 1


def test_commitment_is_sha256_hex_of_the_seed() -> None:
    assert commitment(SEED) == hashlib.sha256(SEED).hexdigest()
    assert commitment(b"") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


@pytest.mark.parametrize("sides", [2, 3, 4, 6, 8, 10, 12, 20, 100, 1000])
def test_derive_face_matches_the_documented_formula(sides: int) -> None:
    for draw in range(10):
        expected = reference_face(SEED, "cmp_1", "cmd-7", draw, sides)
        assert derive_face(SEED, "cmp_1", "cmd-7", draw, sides) == expected


def test_derive_face_is_deterministic() -> None:
    first = [derive_face(SEED, "c", "k", i, 1000) for i in range(20)]
    again = [derive_face(SEED, "c", "k", i, 1000) for i in range(20)]
    assert first == again


def twenty_d1000(seed: bytes = SEED, campaign: str = "c", command: str = "k") -> list[int]:
    return [derive_face(seed, campaign, command, i, 1000) for i in range(20)]


def test_campaign_command_seed_and_draw_each_change_the_faces() -> None:
    base = twenty_d1000()
    assert twenty_d1000(campaign="c2") != base
    assert twenty_d1000(command="k2") != base
    assert twenty_d1000(seed=bytes(32)) != base
    assert len(set(base)) > 1  # draws within one command differ from each other


@pytest.mark.parametrize("sides", [1, 2, 3, 6, 1000])
def test_faces_stay_on_the_die(sides: int) -> None:
    seen = {derive_face(SEED, "c", "k", i, sides) for i in range(600)}
    assert seen <= set(range(1, sides + 1))
    if sides <= 6:
        assert seen == set(range(1, sides + 1))


def test_a_die_needs_a_side() -> None:
    with pytest.raises(ValueError):
        derive_face(SEED, "c", "k", 0, 0)


# --- rejection sampling, with the HMAC values scripted --------------------------------------


def script_hmac(monkeypatch: pytest.MonkeyPatch, values: list[int]) -> list[bytes]:
    """Make fair_dice's HMAC return ``values`` in turn; returns the messages it was asked for."""
    messages: list[bytes] = []
    queue = iter(values)

    def new(key: bytes, msg: bytes, digestmod: object) -> SimpleNamespace:
        assert key == SEED
        messages.append(msg)
        block = next(queue).to_bytes(32, "big")
        return SimpleNamespace(digest=lambda: block)

    monkeypatch.setattr(fair_dice, "hmac", SimpleNamespace(new=new))
    return messages


def test_d3_limit_arithmetic() -> None:
    # 2**256 = 4**128 and 4 = 1 (mod 3), so 2**256 mod 3 = 1 and the limit is 2**256 - 1.
    assert SPACE % 3 == 1
    # 2**256 = 4 (mod 6): it is even and 1 mod 3, so the limit is 2**256 - 4.
    assert SPACE % 6 == 4


def test_d3_rejects_the_value_at_the_limit_and_draws_again(monkeypatch: pytest.MonkeyPatch) -> None:
    messages = script_hmac(monkeypatch, [SPACE - 1, 7])
    assert derive_face(SEED, "c", "k", 0, 3) == 2  # 7 mod 3 + 1
    assert messages == [b"c|k|0|0", b"c|k|0|1"]


def test_d3_accepts_the_value_just_below_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    messages = script_hmac(monkeypatch, [SPACE - 2])
    assert derive_face(SEED, "c", "k", 0, 3) == 3  # (1 - 2) mod 3 = 2, plus 1
    assert messages == [b"c|k|0|0"]


def test_d6_rejects_every_value_at_or_above_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    messages = script_hmac(monkeypatch, [SPACE - 4, SPACE - 1, SPACE - 5])
    assert derive_face(SEED, "c", "k", 4, 6) == 6  # (4 - 5) mod 6 = 5, plus 1
    assert messages == [b"c|k|4|0", b"c|k|4|1", b"c|k|4|2"]


def test_power_of_two_die_never_rejects(monkeypatch: pytest.MonkeyPatch) -> None:
    messages = script_hmac(monkeypatch, [SPACE - 1])
    assert derive_face(SEED, "c", "k", 0, 4) == 4  # 3 mod 4 + 1
    assert len(messages) == 1


def test_d6_is_uniform() -> None:
    counts = Counter(derive_face(SEED, "chi", "square", i, 6) for i in range(60_000))
    chi_square = sum((counts[face] - 10_000) ** 2 / 10_000 for face in range(1, 7))
    assert chi_square < 30  # 5 degrees of freedom: p = 0.001 sits at 20.5


# --- SeededDice ------------------------------------------------------------------------------


def test_seeded_dice_records_draws_in_order() -> None:
    rolling = SeededDice(SEED, "c", "k")
    got = [rolling.roll(20), rolling.roll(6), rolling.roll(20)]
    expected = [
        reference_face(SEED, "c", "k", 0, 20),
        reference_face(SEED, "c", "k", 1, 6),
        reference_face(SEED, "c", "k", 2, 20),
    ]
    assert got == expected
    assert rolling.draws == [(20, expected[0]), (6, expected[1]), (20, expected[2])]


def test_a_retried_command_gets_the_same_faces() -> None:
    first, retry, other = (SeededDice(SEED, "c", k) for k in ("k", "k", "k2"))
    rolled = [first.roll(100) for _ in range(5)]
    assert [retry.roll(100) for _ in range(5)] == rolled
    assert [other.roll(100) for _ in range(5)] != rolled
