"""A scripted Golden Heroes fight through HTTP against real PostgreSQL and Redis.

The service rolls its own seed-derived dice; the test reads the campaign's secret seed from
the database and picks each command id whose faces give the step it scripts (the dice are
derived from seed, campaign, command id and draw, docs/fair-dice.md). Initiative, a critical
hit met by a dodge, an energy attack through dividers reduced to nothing until the foe is
stunned, a stunned foe's strike, a last blow to unconsciousness, recovery from negative HTC
with the wake roll; every step read back from the read model and seen on the live stream,
every refusal appending nothing. Expected figures are worked out here from the rules.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from tests.conftest import Api
from tests.integration.live_stream import open_live
from tests.integration.scripted_dice import Draw, scripted_command_id, secret_seed

R = "golden-heroes"
HERO = {"attributes": {"ego": 10, "strength": 25, "dexterity": 18, "vigour": 12},
        "max_htc": 40, "htc": 40, "max_htk": 40, "htk": 40, "generated": True,
        "powers": [{"power": "energy_attack"}]}
# Armour grade 1: DC 4, dividers HTK/3 HTC/2, Dodge Modifier 0 (L62-L66, L174)
FOE = {"attributes": {"ego": 10, "strength": 12, "dexterity": 12, "vigour": 12},
       "max_htc": 20, "htc": 20, "max_htk": 40, "htk": 40, "generated": True,
       "powers": [{"power": "armour", "grade": 1}]}


def condition(htc: int, max_htc: int, was_unconscious: bool) -> str:
    """L9, L123: unconscious at 0 (until above a twentieth), stunned a tenth, staggered a fifth."""
    if htc <= 0 or (was_unconscious and htc * 20 <= max_htc):
        return "unconscious"
    return "stunned" if htc <= max_htc // 10 else "staggered" if htc <= max_htc // 5 else "fine"


async def test_a_scripted_fight_to_unconsciousness_and_recovery(api: Api) -> None:  # noqa: PLR0915
    gm = await api.token("ann")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "Fight", "ruleset": R}))["campaign_id"]
    for ch, sheet in (("hero", HERO), ("foe", FOE)):
        made = await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                                    "character_id": ch, "sheet": sheet})
    seed = await secret_seed(api.database_url, cid)
    live, lines = await open_live(api, gm, cid, made["position"])
    expected: list[tuple[str, dict[str, Any]]] = []
    fight = {"campaign_id": cid, "encounter_id": "brawl"}

    def pick(tag: str, wanted: Callable[[Draw], bool]) -> str:
        return scripted_command_id(seed, cid, tag, wanted)

    async def step(type_: str, payload: dict[str, Any], command_id: str | None = None
                   ) -> dict[str, Any]:
        result = await api.ok(gm, f"{R}.{type_}", {"campaign_id": cid, **payload}, command_id)
        expected.extend((e["type"], e["data"]) for e in result["events"])
        return result

    async def log_len() -> int:
        page = await api.get(gm, f"/v1/campaigns/{cid}/events", limit=1000)
        return len(page.json()["events"])

    async def refused(type_: str, payload: dict[str, Any], rule: str) -> None:
        before = await log_len()
        r = await api.command(gm, f"{R}.{type_}", {"campaign_id": cid, **payload})
        assert 400 <= r.status_code < 500 and r.json()["rule"] == rule, r.text
        assert await log_len() == before  # a refused command appends nothing

    async def read(ch: str, at: dict[str, Any]) -> dict[str, Any]:
        got = await api.get(gm, f"/v1/campaigns/{cid}/characters/{ch}", position=at["position"])
        assert got.status_code == 200, got.text
        body: dict[str, Any] = got.json()
        return body

    async def encounter(at: dict[str, Any]) -> dict[str, Any]:
        got = await api.get(gm, f"/v1/campaigns/{cid}/encounters/brawl", position=at["position"])
        assert got.status_code == 200, got.text
        body: dict[str, Any] = got.json()
        return body

    await step("StartCombat", {**fight, "heroes": ["hero"], "villains": ["foe"]})
    # Initiative (L43-L45): the heroes' d10 beats the villains' by 5 or 6: 3 frames won
    r = await step("RollInitiative", fight,
                   pick("ini", lambda d: 5 <= d(0, 10) - d(1, 10) <= 6))
    ini = r["events"][0]["data"]
    assert ini["winner"] == "heroes" and ini["frames_won"] == 3 and len(ini["rolls"]) == 1
    assert (await encounter(r))["phase"] == 1

    # A critical hit (natural 20, L79) on the Critical Hit Table's 6: nerve centre (L88)
    r = await step("Strike", {**fight, "character_id": "hero", "target_id": "foe"},
                   pick("crit", lambda d: d(0, 20) == 20 and d(1, 10) == 6))
    blow = r["events"][0]["data"]
    assert blow["critical"] == "hit" and blow["hit"] and blow["critical_die"] == 6
    assert blow["total"] == 20 + 2 + 5 + 3  # d20 + WC2 + DC 1-4 as 5 + Dexterity 18 (L7, L79)
    assert (await read("foe", r))["sheet"]["pending_attack"]["critical_die"] == 6
    # The foe dodges: 1d6 + 0 (DC4) - WC2 = 2..4, a glancing blow (L101-L103)
    r = await step("Respond", {"character_id": "foe", "encounter_id": "brawl",
                               "response": "dodge"}, pick("dodge", lambda d: d(0, 6) >= 4))
    res = r["events"][0]["data"]
    assert res["response_result"] == "glancing" and res["response_total"] == res["response_dice"][0] - 2
    htc = sum(res["htc_dice"]) + 10 + res["critical_dice"][0]  # Strength 25: +10 on HTC (L4-L6)
    htk = max(res["htk_dice"][0] - 6, 0)  # 1d6-6 HTK (L131), clamped at 0 (decision #34)
    cut = (htc + htk) // 2
    htc, htk = htc - max(cut - htk, 0), max(htk - cut, 0)  # HTK first (L103)
    taken = htc // 2  # DC 4: HTC/2 (L62-L66)
    foe_htc = 20 - taken
    assert (res["htc_taken"], res["htk_taken"], res["htc"]) == (taken, htk // 3, foe_htc)
    assert res["response_frames"] == 1  # the time of the fist blow (L101), a future frame
    foe = await read("foe", r)
    assert foe["sheet"]["htc"] == foe_htc and foe["sheet"]["pending_attack"] is None
    assert (await encounter(r))["used"]["foe"] == [1]  # next in time: its part-2 slot 1 (L60)

    # An energy attack (WC3, L178): 5 HTC dice and 3 HTK dice; it takes an action
    r = await step("Strike", {**fight, "character_id": "hero", "target_id": "foe",
                              "attack": "energy_attack", "energy_htc_dice": 5,
                              "energy_htk_dice": 3},
                   pick("blast", lambda d: 7 <= d(0, 20) <= 19))
    assert r["events"][0]["data"]["total"] == r["events"][0]["data"]["natural"] + 3 + 5 + 3

    def stuns(d: Draw) -> bool:
        hit = sum(d(i, 6) for i in range(5))
        return hit <= 20 and 1 <= foe_htc - hit <= 2  # no push-back; a tenth of 20 is 2

    # No response; the attack cuts both dividers by 2: HTC/0 and HTK/1 do nothing (L119)
    r = await step("Respond", {"character_id": "foe", "encounter_id": "brawl"},
                   pick("stun", stuns))
    res = r["events"][0]["data"]
    hit, burn = sum(res["htc_dice"]), sum(res["htk_dice"])
    foe_htc -= hit
    assert (res["htc_taken"], res["htk_taken"]) == (hit, burn)
    assert res["steps"][-1]["step"] == "dividers HTC/0 HTK/1 (L119)"
    assert res["condition"] == "stunned" and res["htk"] == 40 - burn
    foe = await read("foe", r)
    assert foe["derived"]["condition"] == "stunned" and foe["sheet"]["htc"] == foe_htc
    assert (await encounter(r))["used"]["hero"] == [1, 2, 3]
    await refused("Strike", {**fight, "character_id": "hero", "target_id": "foe",
                             "attack": "energy_attack", "energy_htc_dice": 2,
                             "energy_htk_dice": 2}, "golden-heroes.frames L41-L42")

    # Part 2: the stunned foe has only its last 2 frames (L123) and strikes at -5
    r = await step("EndPhase", fight)
    r = await step("Strike", {**fight, "character_id": "foe", "target_id": "hero"},
                   pick("weak", lambda d: 2 <= d(0, 20) <= 14))
    weak = r["events"][0]["data"]
    assert {"source": "attacker_stunned (L123)", "value": -5} in weak["modifiers"]
    assert weak["total"] == weak["natural"] + 2 + 6 - 5 and not weak["hit"]
    assert (await encounter(r))["used"]["foe"] == [1, 3]
    await step("Act", {**fight, "character_id": "foe", "activity": "pass"})

    # Part 3: the hero's last frame, a fist blow; the foe takes it (L46-L47)
    await step("EndPhase", fight)
    r = await step("Strike", {**fight, "character_id": "hero", "target_id": "foe"},
                   pick("fist", lambda d: 8 <= d(0, 20) <= 19))
    assert r["events"][0]["data"]["hit"]
    r = await step("Respond", {"character_id": "foe", "encounter_id": "brawl"},
                   pick("ko", lambda d: d(0, 6) + d(1, 6) <= 10
                        and foe_htc - (d(0, 6) + d(1, 6) + 10) // 2 >= -6))
    res = r["events"][0]["data"]
    blow_htc = (sum(res["htc_dice"]) + 10) // 2
    foe_htc -= blow_htc
    assert res["htc"] == foe_htc < 0 and res["condition"] == "unconscious"
    foe = await read("foe", r)
    assert foe["derived"]["condition"] == "unconscious" and foe["sheet"]["unconscious"]
    await refused("Strike", {**fight, "character_id": "hero", "target_id": "foe"},
                  "golden-heroes.frames L41-L42")
    await refused("Respond", {"character_id": "foe", "encounter_id": "brawl"},
                  "golden-heroes.response L79")
    r = await step("EndPhase", fight)
    assert (await encounter(r))["phase"] == 0

    # Recovery (L122-L123): 1d6 + 0 (Vigour 12) a round, up to 0 from below
    r = await step("Recover", {"character_id": "foe"},
                   pick("rec", lambda d: foe_htc + d(0, 6) >= 0))
    assert r["events"][0]["data"]["htc"] == 0
    foe = await read("foe", r)
    assert foe["sheet"]["wake_roll_pending"] and foe["derived"]["condition"] == "unconscious"
    # at 0: 1d20 under the Vigour to go on recovering; 12 or more stays on 0 (L123)
    r = await step("Recover", {"character_id": "foe"}, pick("stay", lambda d: d(0, 20) >= 12))
    assert r["events"][0]["data"]["htc"] == 0 and r["events"][0]["data"]["dice"] == []
    r = await step("Recover", {"character_id": "foe"},
                   pick("wake", lambda d: d(0, 20) < 12 and d(1, 6) >= 3))
    back = r["events"][0]["data"]
    assert back["htc"] == back["dice"][0]
    foe = await read("foe", r)
    assert foe["derived"]["condition"] == condition(back["htc"], 20, True) != "unconscious"
    assert not foe["sheet"]["wake_roll_pending"]
    last = await step("RollInitiative", fight)
    assert (await encounter(last))["round"] == 2

    # the live stream carried every event, in order, with the same bodies
    for _ in range(250):
        events = [ln[6:].strip() for ln in lines if ln.startswith("data:")]
        streamed = [json.loads(d) for d in events]
        streamed = [s for s in streamed if str(s.get("type", "")).startswith(f"{R}.")]
        if len(streamed) >= len(expected):
            break
        await asyncio.sleep(0.02)
    live.cancel()
    await asyncio.gather(live, return_exceptions=True)
    assert [(s["type"], s["data"]) for s in streamed] == expected
