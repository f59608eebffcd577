"""Damage, incapacitation and healing decided and folded without I/O (L23-L30, L51-L65, L92-L95)."""

from __future__ import annotations

from typing import Any, Final

import msgspec
import pytest

from contracts.rulesets.boonbane import Heal, TakeDamage
from domain.dice import ScriptedDice
from domain.errors import DomainError
from domain.rulesets.boonbane import BOONBANE

C: Final = "c"


def _step(state: dict[str, Any], cmd: msgspec.Struct, faces: list[int] | None = None
          ) -> tuple[dict[str, Any], dict[str, Any]]:
    dice = ScriptedDice(faces or [])
    [ev] = BOONBANE.decide(cmd, {"character:x": state}, {}, dice)
    assert dice.remaining == 0 and BOONBANE.reread(ev.type, ev.data, dice.drawn) == []
    return BOONBANE.evolve(state, ev.type, ev.data), ev.data


def _sheet(**raw: Any) -> dict[str, Any]:
    return BOONBANE.validate_sheet(raw, {})


def test_pc_injured_at_half_then_disabled_prone_and_defenseless_at_health() -> None:
    s = _sheet(health=11, afflictions=[{"name": "asleep"}])
    s, ev = _step(s, TakeDamage(campaign_id=C, character_id="x", amount=11, halve=True))
    # half damage rounded down: 5 (L30); 5 < 11/2 is not injured (L68); damage wakes (L253)
    assert (ev["applied"], s["damage"], ev["injured"], ev["removed"]) == (5, 5, False, ["asleep"])
    s, ev = _step(s, TakeDamage(campaign_id=C, character_id="x", amount=1))
    assert ev["injured"] is True and s["afflictions"] == []
    s, ev = _step(s, TakeDamage(campaign_id=C, character_id="x", amount=9))
    # Damage never exceeds Health: 6 + 9 = 15, 4 ignored (L27); disabled (L65), prone (L62)
    assert (s["damage"], ev["excess"], s["life_state"], ev["cause"]) == (11, 4, "disabled",
                                                                          "disabled L65")
    assert {a["name"] for a in s["afflictions"]} == {"prone", "defenseless"}
    assert BOONBANE.derived(s, {})["defense"] == 5  # disabled is defenseless (L33, L278)
    dead, ev = _step(s, TakeDamage(campaign_id=C, character_id="x", amount=1))
    assert dead["life_state"] == "dead" and ev["cause"] == "died L63"
    healed, ev = _step(s, Heal(campaign_id=C, character_id="x", rest_hours=24))
    # healing rate 11 // 4 = 2; a 24-hour rest heals twice that (L57, L94); disabled ends
    assert (ev["healed"], healed["damage"], healed["life_state"]) == (4, 7, "active")
    assert {a["name"] for a in healed["afflictions"]} == {"prone"}


def test_damage_equal_to_health_at_once_kills_even_a_pc() -> None:
    s, ev = _step(_sheet(health=8), TakeDamage(campaign_id=C, character_id="x", amount=8))
    assert s["life_state"] == "dead" and ev["cause"] == "died L28"


def test_npc_incapacitation_is_the_gms_choice() -> None:
    npc = _sheet(kind="npc", health=6, damage=4)
    with pytest.raises(DomainError) as err:
        BOONBANE.decide(TakeDamage(campaign_id=C, character_id="x", amount=3),
                        {"character:x": npc}, {}, ScriptedDice([]))
    assert err.value.field == "npc_outcome" and err.value.rule == "boonbane.incapacitated L64"
    s, ev = _step(npc, TakeDamage(campaign_id=C, character_id="x", amount=3,
                                  npc_outcome="unconscious"), [2])
    assert (s["life_state"], ev["d3"]) == ("unconscious", 2)
    assert {a["name"] for a in s["afflictions"]} == {"prone", "unconscious"}
    s, ev = _step(npc, TakeDamage(campaign_id=C, character_id="x", amount=2, npc_outcome="die"))
    assert s["life_state"] == "dead" and ev["cause"] == "died L64"
    with pytest.raises(DomainError) as err:
        BOONBANE.decide(TakeDamage(campaign_id=C, character_id="x", amount=1),
                        {"character:x": s}, {}, ScriptedDice([]))
    assert err.value.rule == "boonbane.dead"


def test_an_8_hour_rest_heals_up_to_the_healing_rate_minimum_1() -> None:
    s, ev = _step(_sheet(health=3, damage=2), Heal(campaign_id=C, character_id="x", rest_hours=8))
    assert (ev["healed"], s["damage"]) == (1, 1)  # a quarter of 3, minimum 1 (L57, L93)
    s, ev = _step(_sheet(health=20, damage=2), Heal(campaign_id=C, character_id="x", amount=5))
    assert (ev["healed"], s["damage"]) == (2, 0)  # healing reduces Damage, not below 0 (L53)
