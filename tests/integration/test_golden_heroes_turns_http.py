"""Golden Heroes through HTTP against real PostgreSQL and Redis: a stunned hero does not hold up
its side, and a superpowered character's critical miss rolls its table and takes effect.

L42: "Characters with only 2 or 3 Frames per Round use them in the last 2 or 3 Frames,
respectively, of their sides turn." L51-L52: "Those superpowered characters with the highest
Dexterity are the first on their side to act; ... and any character with 2 or 3 Frames per
Round act last of all". L123: "Staggered characters have all their forms of Movement halved";
"Stunned characters cannot move. ... they have only 2 Frames per round until they have
recovered." L84: "Whenever a non-superpowered person rolls a Critical Miss, they lose their next
Action." L85: "Whenever a superpowered character suffers a Critical Miss, ld10 is similarly
rolled on the Critical Miss Table". L98: "Lose balance: next Frame must be spent recovering."

The service rolls its own seed-derived dice; the test picks each command id whose faces give
the step it scripts (docs/fair-dice.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.conftest import Api
from tests.integration.scripted_dice import Draw, scripted_command_id, secret_seed

R = "golden-heroes"


def body(dex: int, htc: int = 40, kind: str = "superpowered") -> dict[str, Any]:
    return {"attributes": {"ego": 10, "strength": 10, "dexterity": dex, "vigour": 10},
            "max_htc": 40, "htc": htc, "max_htk": 40, "htk": 40, "generated": True,
            "character_type": kind, **({"weapon_class": 0, "defence_class": 11}
                                       if kind == "non_superpowered" else {})}


async def campaign(api: Api, cast: dict[str, dict[str, Any]]
                   ) -> tuple[str, str, Callable[[str, Callable[[Draw], bool]], str]]:
    gm = await api.token("ann")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "Capes", "ruleset": R}))["campaign_id"]
    for ch, sheet in cast.items():
        await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                             "character_id": ch, "sheet": sheet})
    seed = await secret_seed(api.database_url, cid)

    def pick(tag: str, wanted: Callable[[Draw], bool]) -> str:
        return scripted_command_id(seed, cid, tag, wanted)

    return gm, cid, pick


async def test_a_stunned_hero_has_two_frames_and_does_not_hold_up_its_side(api: Api) -> None:
    # quick: HTC 4 of 40, a tenth: stunned (L123); it has the best Dexterity of its side
    gm, cid, pick = await campaign(api, {"quick": body(18, htc=4), "mate": body(12),
                                         "dazed": body(10, htc=8), "foe": body(14)})
    fight = {"campaign_id": cid, "encounter_id": "roof"}
    read = await api.get(gm, f"/v1/campaigns/{cid}/characters/quick")
    assert read.json()["derived"]["frames_per_round"] == 2  # "only 2 Frames per round"
    assert read.json()["derived"]["movement"] == 0  # "Stunned characters cannot move"
    read = await api.get(gm, f"/v1/campaigns/{cid}/characters/dazed")
    # HTC 8 of 40, a fifth: staggered, Movement (10+10+10)/6 = 5 halved, rounded down
    assert (read.json()["derived"]["movement"], read.json()["derived"]["normal_movement"]) == (2, 5)
    await api.ok(gm, f"{R}.StartCombat", {**fight, "heroes": ["quick", "mate"],
                                          "villains": ["foe"]})
    # the villains win by 7 or more: 4 frames, then all of the heroes' (L44-L46)
    ini = await api.ok(gm, f"{R}.RollInitiative", fight,
                       pick("ini", lambda d: d(1, 10) - d(0, 10) >= 7))
    assert ini["events"][-1]["data"]["frames"] == {"quick": 2, "mate": 4, "foe": 4}
    await api.ok(gm, f"{R}.Act", {**fight, "character_id": "foe", "activity": "pass"})
    await api.ok(gm, f"{R}.EndPhase", fight)
    # the teammate is not refused: it has its own 4 frames, the stunned hero acts last of all
    one = await api.ok(gm, f"{R}.Act", {**fight, "character_id": "mate", "activity": "action"})
    assert one["events"][0]["data"]["slots"] == [1, 2]
    two = await api.ok(gm, f"{R}.Act", {**fight, "character_id": "mate", "activity": "pass"})
    assert two["events"][0]["data"]["slots"] == [3, 4]  # pass gives up the rest of its turn
    last = await api.ok(gm, f"{R}.Act", {**fight, "character_id": "quick", "activity": "action"})
    assert last["events"][0]["data"]["slots"] == [3, 4]
    enc = await api.get(gm, f"/v1/campaigns/{cid}/encounters/roof", position=last["position"])
    assert enc.json()["frames"]["quick"] == 2
    assert enc.json()["used"] == {"foe": [1, 2, 3, 4], "mate": [1, 2, 3, 4], "quick": [3, 4]}


async def test_a_superpowered_critical_miss_on_a_thug_rolls_the_table(api: Api) -> None:
    gm, cid, pick = await campaign(api, {"hero": body(12),
                                         "thug": body(8, kind="non_superpowered")})
    fight = {"campaign_id": cid, "encounter_id": "alley"}
    await api.ok(gm, f"{R}.StartCombat", {**fight, "heroes": ["hero"], "villains": ["thug"]})
    await api.ok(gm, f"{R}.RollInitiative", fight,
                 pick("ini", lambda d: d(0, 10) - d(1, 10) >= 7))
    # a natural 1, then the Critical Miss Table's d10: 1, lose balance (L85, L91)
    r = await api.ok(gm, f"{R}.Strike", {**fight, "character_id": "hero", "target_id": "thug"},
                     pick("miss", lambda d: d(0, 20) == 1 and d(1, 10) == 1))
    by_type = {e["type"].split(".")[-1]: e["data"] for e in r["events"]}
    rolled = by_type["StrikeRolled"]
    assert (rolled["critical"], rolled["critical_die"]) == ("miss", 1)
    assert "lose balance" in rolled["critical_effect"]
    assert by_type["CriticalMissSuffered"]["frames_lost"] == 1
    lost = [e["data"] for e in r["events"] if e["data"].get("activity") == "recovering"]
    assert [x["slots"] for x in lost] == [[2]]  # the next frame, spent recovering
    # the thug's own natural 1 reads no table and loses its next action (L84)
    await api.ok(gm, f"{R}.Act", {**fight, "character_id": "hero", "activity": "pass"})
    await api.ok(gm, f"{R}.EndPhase", fight)
    r = await api.ok(gm, f"{R}.Strike", {**fight, "character_id": "thug", "target_id": "hero"},
                     pick("thug", lambda d: d(0, 20) == 1))
    rolled = next(e["data"] for e in r["events"] if e["type"].endswith("StrikeRolled"))
    assert rolled["critical_die"] is None
    lost = [e["data"] for e in r["events"] if e["data"].get("activity") == "recovering"]
    assert [(x["slots"], x["next_round"]) for x in lost] == [([4], 1)]


async def test_recovering_out_of_stunned_gives_the_fight_its_frames_back(api: Api) -> None:
    # "they have only 2 Frames per round until they have recovered" (L123): recovery (1d6 HTC a
    # round, L122-L123), sent without naming the fight, ends it in the fight too
    gm, cid, pick = await campaign(api, {"quick": body(18, htc=4), "foe": body(14)})
    fight = {"campaign_id": cid, "encounter_id": "pier"}
    await api.ok(gm, f"{R}.StartCombat", {**fight, "heroes": ["quick"], "villains": ["foe"]})
    r = await api.ok(gm, f"{R}.Recover", {"campaign_id": cid, "character_id": "quick"},
                     pick("rest", lambda d: d(0, 6) >= 5))  # 4 + 5 or 6: above a fifth
    noted = [e["data"] for e in r["events"] if e["type"].endswith("ConditionNoted")]
    assert noted == [{"encounter_id": "pier", "character_id": "quick", "condition": "fine"}]
    ini = await api.ok(gm, f"{R}.RollInitiative", fight,
                       pick("ini", lambda d: d(0, 10) != d(1, 10)))
    assert ini["events"][-1]["data"]["frames"]["quick"] == 4
