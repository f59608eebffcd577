"""The seven face tables (L3-69) and the per-die ratios the seed states for each die."""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

from domain.rulesets.wish.faces import DICE, face_symbols
from domain.rulesets.wish.odds import odds


def test_face_tables_match_the_seed_rows() -> None:
    # L3-11, L13-23, L25-35, L37-45, L47-53, L55-61, L63-69
    assert [face_symbols("CHR", f) for f in range(8, 0, -1)] == [
        ("S",),
        ("S",),
        ("S",),
        ("S",),
        ("B",),
        ("B",),
        (),
        (),
    ]
    assert face_symbols("OFF", 10) == ("S", "S") and face_symbols("OFF", 7) == ("B", "B")
    assert face_symbols("OFF", 8) == ("S", "B") and face_symbols("OFF", 6) == ("S", "EXR")
    assert face_symbols("DFN", 3) == ("S", "RCH") and face_symbols("DFN", 10) == ("S", "B")
    assert face_symbols("CHL", 1) == ("CAL",)  # calamity carries no failure (L45)
    assert face_symbols("CHL", 3) == ("F", "F") and face_symbols("CHL", 6) == ("N", "N")
    assert face_symbols("EXP", 5) == ("S", "CHAIN") and face_symbols("EXP", 6) == ("SER",)
    assert face_symbols("FRT", 4) == ("B",) and face_symbols("MIS", 5) == ("F",)
    assert {d: t.sides for d, t in DICE.items()} == {
        "CHR": 8,
        "OFF": 10,
        "DFN": 10,
        "CHL": 8,
        "EXP": 6,
        "FRT": 6,
        "MIS": 6,
    }
    assert DICE["CHR"].faces[8].line == 4 and DICE["MIS"].faces[1].line == 69


def _single(die: str, **kw: object) -> dict[str, Fr]:
    o = odds({die: 1}, **kw)  # type: ignore[arg-type]
    return {
        "success": o.p(lambda k: k[0] >= 1),
        "double": o.p(lambda k: k[0] >= 2),
        "failure": o.p(lambda k: k[0] <= -1),
        "double_failure": o.p(lambda k: k[0] <= -2),
        "boon": o.p(lambda k: k[1] >= 1),
        "bane": o.p(lambda k: k[1] <= -1),
        "calamity": o.p(lambda k: k[3] >= 1),
        "serendipity": o.p(lambda k: k[2] >= 1),
        "tail": o.tail,
    }


def test_characteristic_die_ratios_L3() -> None:
    r = _single("CHR")
    assert r["success"] == Fr(50, 100)  # "a 50% success ratio"
    assert r["success"] + r["boon"] == Fr(75, 100)  # "75% chance of some beneficial effect"


def test_offensive_die_ratios_L13() -> None:
    r = _single("OFF")
    assert r["success"] == Fr(50, 100)  # 50% success
    assert r["double"] == Fr(20, 100)  # 20% double success
    # 60% beneficial: faces 10-5 (a success or a boon)
    assert Fr(sum(1 for f in range(1, 11) if {"S", "B"} & set(face_symbols("OFF", f))), 10) == Fr(
        60, 100
    )
    # 40% negative: bane or stress/fatigue
    assert Fr(sum(1 for f in range(1, 11) if {"N", "EXR"} & set(face_symbols("OFF", f))), 10) == Fr(
        40, 100
    )


def test_defensive_die_ratios_L25() -> None:
    r = _single("DFN")
    assert r["success"] == Fr(70, 100)  # 70% success
    good = sum(1 for f in range(1, 11) if {"S", "B"} & set(face_symbols("DFN", f)))
    assert Fr(good, 10) == Fr(90, 100)  # 90% beneficial
    bad = sum(1 for f in range(1, 11) if "RCH" in face_symbols("DFN", f))
    assert Fr(bad, 10) == Fr(20, 100)  # 20% negative


def test_challenge_die_ratios_L37() -> None:
    r = _single("CHL")
    assert r["failure"] == Fr(50, 100)  # 50% failure
    assert r["double_failure"] == Fr(25, 100)  # 25% double failure
    assert r["calamity"] == Fr(125, 1000)  # 12.5% calamity
    negative = sum(1 for f in range(1, 9) if face_symbols("CHL", f))
    assert Fr(negative, 8) == Fr(875, 1000)  # 87.5% negative


def test_expertise_die_ratios_L47() -> None:
    r = _single("EXP")
    # "33% success ratio": faces 5 and 4, every chain counted (nothing is left out)
    assert r["tail"] == 0 and r["success"] == Fr(1, 3)
    assert round(float(r["success"]), 2) == 0.33
    # "16.6% chance of chaining": face 5 on one roll
    assert Fr(sum(1 for f in range(1, 7) if "CHAIN" in face_symbols("EXP", f)), 6) == Fr(1, 6)
    # "83.3% chance of a benefit": faces 6-2
    assert Fr(sum(1 for f in range(1, 7) if face_symbols("EXP", f)), 6) == Fr(5, 6)
    # serendipity: 16.6% per face; counting the chain the digest notes it is exactly 1/5
    assert r["serendipity"] == Fr(1, 5)
    d = _single("EXP", downgrade=True)
    assert d["success"] == Fr(50, 100)  # "actually a 50% success ratio"
    assert d["double"] == Fr(1, 12)  # "about 8% chance ... a 2nd success" (digest: 1/12)
    third = odds({"EXP": 1}, downgrade=True).p(lambda k: k[0] >= 3)
    assert third == Fr(1, 72)  # "a very small % chance of a third" (digest: 1/72)


def test_fortune_and_misfortune_ratios_L55_L63() -> None:
    f, m = _single("FRT"), _single("MIS")
    assert f["success"] == Fr(1, 3) and f["success"] + f["boon"] == Fr(50, 100)  # 33%, 50%
    assert m["failure"] == Fr(1, 3) and m["failure"] + m["bane"] == Fr(50, 100)


@pytest.mark.parametrize("die", ["CHR", "OFF", "DFN", "CHL", "FRT", "MIS"])
def test_dice_without_chains_have_no_tail(die: str) -> None:
    assert odds({die: 1}).tail == 0
