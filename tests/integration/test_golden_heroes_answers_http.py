"""Golden Heroes answers through HTTP against real PostgreSQL and Redis: a grab answered by a
parry measured against the hypothetical 1d6 + Strength figure (L115), a common-sense response
(L117), a lifted victim's attack stopping the throw (L115), and the Judo Throw against a
declared melee attack before its strike roll (L116). The service rolls its own seed-derived
dice; the test picks each command id whose faces give the step it scripts (docs/fair-dice.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.fair_dice import derive_face
from tests.conftest import Api
from tests.integration.scripted_dice import Draw, secret_seed

R = "golden-heroes"
HERO = {"attributes": {"ego": 10, "strength": 18, "dexterity": 12, "vigour": 12},
        "max_htc": 40, "htc": 40, "max_htk": 40, "htk": 40, "generated": True}
FOE = {**HERO, "attributes": {"ego": 10, "strength": 12, "dexterity": 12, "vigour": 12}}


class Table:
    def __init__(self, api: Api, gm: str, cid: str, seed: bytes) -> None:
        self.api, self.gm, self.cid, self.seed = api, gm, cid, seed
        self.steps = 0

    @classmethod
    async def open(cls, api: Api, name: str, sheets: dict[str, dict[str, Any]]) -> Table:
        gm = await api.token("ann")
        cid = (await api.ok(gm, "CreateCampaign", {"name": name, "ruleset": R}))["campaign_id"]
        for ch, sheet in sheets.items():
            await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                                 "character_id": ch, "sheet": sheet})
        return cls(api, gm, cid, await secret_seed(api.database_url, cid))

    def pick(self, tag: str, wanted: Callable[[Draw], bool]) -> str:
        for n in range(20_000):
            command_id = f"{tag}-{n}"

            def draw(i: int, sides: int, command_id: str = command_id) -> int:
                return derive_face(self.seed, self.cid, command_id, i, sides)

            if wanted(draw):
                return command_id
        raise AssertionError(f"no command id scripts {tag}")

    async def step(self, type_: str, payload: dict[str, Any],
                   wanted: Callable[[Draw], bool] | None = None) -> dict[str, Any]:
        self.steps += 1
        cmd_id = self.pick(f"{type_}{self.steps}", wanted) if wanted is not None else None
        return await self.api.ok(self.gm, f"{R}.{type_}", {"campaign_id": self.cid, **payload},
                                 cmd_id)

    async def refused(self, type_: str, payload: dict[str, Any]) -> dict[str, Any]:
        before = await self.log_len()
        r = await self.api.command(self.gm, f"{R}.{type_}", {"campaign_id": self.cid, **payload})
        assert 400 <= r.status_code < 500, r.text
        assert await self.log_len() == before  # a refused command appends nothing
        body: dict[str, Any] = r.json()
        return body

    async def log_len(self) -> int:
        page = await self.api.get(self.gm, f"/v1/campaigns/{self.cid}/events", limit=1000)
        return len(page.json()["events"])

    async def read(self, ch: str, at: dict[str, Any]) -> dict[str, Any]:
        got = await self.api.get(self.gm, f"/v1/campaigns/{self.cid}/characters/{ch}",
                                 position=at["position"])
        assert got.status_code == 200, got.text
        body: dict[str, Any] = got.json()
        return body


def hits(d: Draw) -> bool:
    return 10 <= d(0, 20) <= 19  # + WC2 + DC6 >= 18, no critical (L79)


async def test_a_grab_is_answered_and_a_parry_measured_by_1d6_plus_strength(api: Api) -> None:
    t = await Table.open(api, "Grips", {"hero": HERO, "foe": FOE})
    grab = {"character_id": "hero", "target_id": "foe"}
    r = await t.step("Grab", grab, hits)
    assert r["events"][0]["data"]["result"] == "grab_pending"
    foe = await t.read("foe", r)
    assert foe["sheet"]["pending_attack"]["attack"] == "grab" and foe["sheet"]["grip"] is None
    # "a hypothetical figure of 1d6 plus any Damage Modifier for Strength is used to determine
    # whether the parry prevents the grab" (L115): the parry (9+, L108), its fist's 2d6 HTC and
    # 1d6-6 HTK (L112, faces 1-3), then the figure's 1d6 + Strength 18's +3 (L6)

    def parried(d: Draw) -> bool:
        return 9 <= d(0, 20) <= 19 and d(1, 6) + d(2, 6) >= d(4, 6) + 3

    r = await t.step("Respond", {"character_id": "foe", "response": "parry"}, parried)
    res = r["events"][0]["data"]
    assert res["grab_figure"] == res["grab_die"] + 3
    assert sum(res["parry_dice"][:2]) >= res["grab_figure"] and res["grabbed"] is False
    foe = await t.read("foe", r)
    assert foe["sheet"]["grip"] is None and foe["sheet"]["pending_attack"] is None
    # unanswered, the grab takes hold with its hand (L76)
    await t.step("Grab", {**grab, "hand": "left"}, hits)
    r = await t.step("Respond", {"character_id": "foe"})
    assert r["events"][0]["data"]["grabbed"] is True
    held = (await t.read("foe", r))["derived"]["held"]
    assert (held["by"], held["hands"], held["grappled"]) == ("hero", ["left"], False)


async def test_a_common_sense_response_strikes_for_a_grab_against_the_referees_dc(
        api: Api) -> None:
    t = await Table.open(api, "Ledge", {"hero": HERO, "foe": FOE})
    await t.step("Strike", {"character_id": "hero", "target_id": "foe"}, hits)
    # the referee's Defence Class is needed (L117)
    body = await t.refused("Respond", {"character_id": "foe", "response": "common_sense"})
    assert (body["field"], body["rule"]) == ("payload.defence_class", "golden-heroes.common-sense L117")
    # a strike for a grab (WC2) against the referee's DC10: 6..19 + 2 + 10 >= 18 (L117)
    r = await t.step("Respond", {"character_id": "foe", "response": "common_sense",
                                 "defence_class": 10, "common_sense": "avoids_damage"},
                     lambda d: 6 <= d(0, 20) <= 19)
    res = r["events"][0]["data"]
    strike = res["response_strike"]
    assert (strike["weapon_class"], strike["defence_class"]) == (2, 10)
    assert strike["total"] == strike["natural"] + 12
    assert (res["response_result"], res["response_frames"], res["htc_taken"]) == (
        "success", 2, 0)
    assert (await t.read("foe", r))["sheet"]["htc"] == 40


async def test_an_attack_that_staggers_the_thrower_stops_the_throw(api: Api) -> None:
    t = await Table.open(api, "Toss", {"hero": {**HERO, "htc": 14}, "foe": FOE, "goon": FOE})
    await t.step("Grab", {"character_id": "hero", "target_id": "foe"}, hits)
    await t.step("Respond", {"character_id": "foe"})
    r = await t.step("Lift", {"character_id": "hero", "target_id": "foe"})
    assert (await t.read("foe", r))["sheet"]["grip"]["lifted"] is True
    # "they only prevent the throw if their attack stuns, staggers, hospitalises or kills the
    # assailant or knocks them unconscious" (L115): the foe's punch, 2d6 >= 6 HTC off 14, leaves
    # the hero at 8 or less of 40: staggered at a fifth or worse (L123)
    await t.step("Strike", {"character_id": "foe", "target_id": "hero"}, hits)
    r = await t.step("Respond", {"character_id": "hero"},
                     lambda d: 6 <= d(0, 6) + d(1, 6) <= 13)
    res = r["events"][0]["data"]
    assert res["condition"] in ("staggered", "stunned") and res["throw_stopped"] == "foe"
    stop = [e["data"] for e in r["events"] if e["type"] == f"{R}.ThrowStopped"]
    assert stop and (stop[0]["character_id"], stop[0]["thrower_id"]) == ("foe", "hero")
    grip = (await t.read("foe", r))["sheet"]["grip"]
    assert (grip["holder_id"], grip["lifted"]) == ("hero", False)
    body = await t.refused("Strike", {"character_id": "hero", "target_id": "goon",
                                      "thrown_id": "foe"})
    assert (body["field"], body["rule"]) == ("payload.thrown_id", "golden-heroes.lift L71-L74")


async def test_the_judo_throw_answers_a_declared_melee_attack(api: Api) -> None:
    judoka = {**HERO, "powers": [{"power": "martial_arts", "grade": 2,
                                  "choice": "oriental,judo_throw"}]}
    t = await Table.open(api, "Dojo", {"judoka": judoka, "foe": FOE})
    judo = {"character_id": "judoka", "target_id": "foe"}
    # "only ... if the character attempting it has just been attacked in melee but before the
    # strike roll for that attack is made" (L116): no attack declared, no throw
    body = await t.refused("JudoThrow", judo)
    assert (body["field"], body["rule"]) == ("payload.target_id", "golden-heroes.judo-throw L116")
    r = await t.step("Strike", {"character_id": "foe", "target_id": "judoka", "declare": True})
    assert [e["type"] for e in r["events"]] == [f"{R}.AttackDeclared"]
    declared = (await t.read("judoka", r))["sheet"]["declared_attack"]
    assert (declared["attacker_id"], declared["attack"], declared["melee"]) == (
        "foe", "fist", True)
    # the grab holds, then 1d6 + 4 >= 5: thrown, and the punch is not made
    r = await t.step("JudoThrow", judo, hits)
    assert r["events"][0]["data"]["result"] == "thrown"
    assert (await t.read("judoka", r))["sheet"]["declared_attack"] is None


async def test_a_falling_object_seen_with_20_metres_to_fall_is_avoided(api: Api) -> None:
    t = await Table.open(api, "Safe", {"foe": FOE})
    # the safe (Size 4) from 40 m seen with 20 m still to fall: "any Combat Response
    # automatically succeeds if the object still has 20m or more to fall" (L136)
    r = await t.step("DropObject", {"character_id": "foe", "object_size": 4, "metres": 40,
                                    "metres_left": 20})
    fell = r["events"][0]["data"]
    assert (fell["damage"], fell["rounds_to_fall"], fell["response_succeeds"]) == (30, 1, True)
    r = await t.step("Respond", {"character_id": "foe", "response": "dodge"})
    res = r["events"][0]["data"]
    assert (res["response_dice"], res["htc_taken"], res["htk_taken"]) == ([], 0, 0)
    assert (await t.read("foe", r))["sheet"]["htc"] == 40


async def test_a_whip_rips_an_item_from_a_grasp_resisted_as_the_grapple(api: Api) -> None:
    whip = {**HERO, "powers": [{"power": "weapon_skill", "choice": "one_handed_concussive"}]}
    t = await Table.open(api, "Whip", {"hero": whip, "foe": FOE})
    hold = {"character_id": "hero", "target_id": "foe"}
    # Weapon Skill WC4 (L279): the strike and the grab at WC4 + DC6 hold on 8..19 (L75, L121)
    await t.step("Grapple", {**hold, "weapon": "one_handed_concussive"},
                 lambda d: 8 <= d(0, 20) <= 19 and 8 <= d(1, 20) <= 19)
    await t.step("Respond", {"character_id": "foe"})
    await t.step("MaintainGrapple", {**hold, "attempt": "rip_item", "item": "the idol"},
                 lambda d: 2 <= d(0, 20) <= 19)
    # "attempts to drag them over or rip something from their grasp in the same manner" (L114):
    # resisted 1d6 + 0 (Strength 12) against 1d6 + 3 (Strength 18, option wrench_strength)
    r = await t.step("Respond", {"character_id": "foe", "response": "resist"},
                     lambda d: d(0, 6) < d(1, 6) + 3)
    res = r["events"][0]["data"]
    assert res["hypothetical_htc"] == res["htc_dice"][0] + 3 - res["response_total"] > 0
    assert res["wrench"] == "the idol ripped from its grasp"
    assert (await t.read("foe", r))["sheet"]["grip"]["weapon"] == "one_handed_concussive"


async def test_a_bounty_hunter_rises_one_frl_and_drops_in_public_status(api: Api) -> None:
    ratings = {"methods": 5, "publicity": 5, "approachability": 5, "power_use": 5,
               "contacts": 6, "conscience": 4, "expression": 4, "success_rate": 4,
               "public_response": 4, "security": 4}
    t = await Table.open(api, "Bounty", {"hero": {**HERO, "ratings": ratings}})
    # "Detective Points total of 26 or more ... immediately rise one Financial Resource Level
    # ... an immediate drop in their Backing, Heroism, and Public Identification" (L376)
    r = await t.step("BecomeBountyHunter", {"character_id": "hero"})
    ev = r["events"][0]["data"]
    assert (ev["detective_points"], ev["frl_before"], ev["frl_after"]) == (26, 4, 5)
    hero = await t.read("hero", r)
    assert hero["sheet"]["bounty_hunter"] is True
    assert [hero["sheet"]["ratings"][k] for k in ("backing", "heroism", "identification")] == [
        2, 2, 2]
    body = await t.refused("BecomeBountyHunter", {"character_id": "hero"})
    assert body["rule"] == "golden-heroes.bounty-hunters L376"
