"""Golden Heroes grabs and grapples through HTTP against real PostgreSQL and Redis (L75-L76,
L82-L83, L114, L120-L121).

The service rolls its own seed-derived dice; the test picks each command id whose faces give
the step it scripts (docs/fair-dice.md), as the scripted fight does. A grapple whose first hand
misses only grabs; the other hand completes it in a frame; the foe takes 1d6 + 3 HTC; the
grappler cannot maintain it without an Action's frames; next round it is maintained, a parry is
refused, and the foe resists it off. Every step is read back from the read model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.conftest import Api
from tests.integration.scripted_dice import Draw, scripted_command_id, secret_seed

R = "golden-heroes"
HERO = {"attributes": {"ego": 10, "strength": 18, "dexterity": 12, "vigour": 12},
        "max_htc": 40, "htc": 40, "max_htk": 40, "htk": 40, "generated": True}
FOE = {**HERO, "attributes": {"ego": 10, "strength": 12, "dexterity": 12, "vigour": 12}}


async def test_a_grapple_made_held_and_resisted_through_http(api: Api) -> None:  # noqa: PLR0915
    gm = await api.token("ann")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "Holds", "ruleset": R}))["campaign_id"]
    for ch, sheet in (("hero", HERO), ("foe", FOE)):
        await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                             "character_id": ch, "sheet": sheet})
    seed = await secret_seed(api.database_url, cid)
    fight = {"campaign_id": cid, "encounter_id": "mat"}
    hold = {**fight, "character_id": "hero", "target_id": "foe"}

    def pick(tag: str, wanted: Callable[[Draw], bool]) -> str:
        return scripted_command_id(seed, cid, tag, wanted)

    async def step(type_: str, payload: dict[str, Any], command_id: str | None = None
                   ) -> dict[str, Any]:
        return await api.ok(gm, f"{R}.{type_}", payload, command_id)

    async def log_len() -> int:
        page = await api.get(gm, f"/v1/campaigns/{cid}/events", limit=1000)
        return len(page.json()["events"])

    async def refused(type_: str, payload: dict[str, Any], rule: str) -> None:
        before = await log_len()
        r = await api.command(gm, f"{R}.{type_}", payload)
        assert 400 <= r.status_code < 500 and r.json()["rule"] == rule, r.text
        assert await log_len() == before  # a refused command appends nothing

    async def read(ch: str, at: dict[str, Any]) -> dict[str, Any]:
        got = await api.get(gm, f"/v1/campaigns/{cid}/characters/{ch}", position=at["position"])
        assert got.status_code == 200, got.text
        body: dict[str, Any] = got.json()
        return body

    await step("StartCombat", {**fight, "heroes": ["hero"], "villains": ["foe"]})
    await step("RollInitiative", fight, pick("ini", lambda d: 5 <= d(0, 10) - d(1, 10) <= 6))
    # Both hands rolled (L83): the left misses (2..9 + WC2 + DC6 < 18), the right holds
    r = await step("Grapple", hold, pick("hug", lambda d: 2 <= d(0, 20) <= 9
                                         and 10 <= d(1, 20) <= 19))
    ev = r["events"][0]["data"]
    assert (ev["hands"], ev["succeeded"], ev["result"]) == (["left", "right"], ["right"], "grabbed")
    assert [s["defence_class"] for s in ev["strikes"]] == [6, 6]
    assert [e["data"]["slots"] for e in r["events"] if e["type"].endswith("FramesUsed")] == [[1, 2]]
    foe = (await read("foe", r))["derived"]["held"]
    assert (foe["by"], foe["hands"], foe["grappled"]) == ("hero", ["right"], False)
    # the left hand completes it in the next frame (L83); the damage waits for the response
    r = await step("Grapple", hold, pick("left", lambda d: 10 <= d(0, 20) <= 19))
    assert r["events"][0]["data"]["result"] == "grapple_pending"
    assert (await read("foe", r))["sheet"]["pending_attack"]["attack"] == "grapple"
    r = await step("Respond", {"campaign_id": cid, "character_id": "foe",
                               "encounter_id": "mat"})
    res = r["events"][0]["data"]
    taken = res["htc_dice"][0] + 3  # 1d6 HTC + Strength 18's +3 (L4-L6, L120)
    assert (res["htc_taken"], res["htk_taken"], res["pushback_metres"]) == (taken, 0, 0)
    foe = await read("foe", r)
    assert foe["sheet"]["htc"] == 40 - taken
    assert (foe["derived"]["held"]["hands"], foe["derived"]["held"]["hold"]) == (
        ["left", "right"], "real")
    # no Action's frames are left this part: maintaining is refused (L41)
    await refused("MaintainGrapple", hold, "golden-heroes.frames L41-L42")
    for _ in range(3):
        await step("EndPhase", fight)
    await step("RollInitiative", fight, pick("ini2", lambda d: 5 <= d(0, 10) - d(1, 10) <= 6))

    # maintained on anything but a 1 (L83); the foe resists: 1d6 + 0 against 1d6 + 3
    r = await step("MaintainGrapple", hold, pick("keep", lambda d: d(0, 20) != 1))
    assert r["events"][0]["data"]["result"] == "maintained"
    await refused("Respond", {"campaign_id": cid, "character_id": "foe", "encounter_id": "mat",
                              "response": "parry"}, "golden-heroes.grapple-response L114")

    def resisted(d: Draw) -> bool:
        return d(0, 6) >= d(1, 6) + 3  # the resist die, then the grapple's HTC die

    r = await step("Respond", {"campaign_id": cid, "character_id": "foe", "encounter_id": "mat",
                               "response": "resist"}, pick("resist", resisted))
    res = r["events"][0]["data"]
    assert (res["response"], res["htc_taken"], res["response_frames"]) == ("resist", 0, 2)
    grip = [e["data"] for e in r["events"] if e["type"].endswith("GripChanged")]
    assert grip == [{"character_id": "foe", "grip": None,
                     "reason": "grapple broken: no damage got through (L114)"}]
    foe = await read("foe", r)
    assert foe["sheet"]["grip"] is None and "held" not in foe["derived"]
    assert foe["sheet"]["htc"] == 40 - taken


async def test_a_judo_throw_and_a_superpower_response_through_http(api: Api) -> None:
    gm = await api.token("ann")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "Dojo", "ruleset": R}))["campaign_id"]
    judoka = {**HERO, "powers": [{"power": "martial_arts", "grade": 2,
                                  "choice": "oriental,judo_throw"}]}
    foe = {**FOE, "dups": 20, "powers": [{"power": "teleport"}]}
    for ch, sheet in (("judoka", judoka), ("foe", foe)):
        await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                             "character_id": ch, "sheet": sheet})
    seed = await secret_seed(api.database_url, cid)

    def pick(tag: str, wanted: Callable[[Draw], bool]) -> str:
        return scripted_command_id(seed, cid, tag, wanted)

    # the foe's punch is declared, its strike roll to come: the moment of a Judo Throw (L116)
    await api.ok(gm, f"{R}.Strike", {"campaign_id": cid, "character_id": "foe",
                                     "target_id": "judoka", "declare": True})
    # the grab holds (10-19), then 1d6 + 2 x grade 2 + 0 (Dexterity 12) is 8 or 9 (L116)
    r = await api.ok(gm, f"{R}.JudoThrow", {"campaign_id": cid, "character_id": "judoka",
                                            "target_id": "foe"},
                     pick("judo", lambda d: 10 <= d(0, 20) <= 19 and d(1, 6) in (4, 5)))
    ev = r["events"][0]["data"]
    assert (ev["result"], ev["total"], ev["frames_lost"]) == ("thrown", ev["throw_die"] + 4, 1)
    assert ev["htk"] == (ev["htk_die"] + 1) // 2  # 1-3 HTK
    dodge = await api.command(gm, f"{R}.Respond", {"campaign_id": cid, "character_id": "foe",
                                                   "response": "dodge"})
    assert dodge.status_code == 422 and dodge.json()["rule"] == "golden-heroes.judo-throw L116"
    r = await api.ok(gm, f"{R}.Respond", {"campaign_id": cid, "character_id": "foe"})
    res = r["events"][0]["data"]
    # 2d6 HTC + Strength 18's +3 (L116: Damage Modifiers apply)
    assert (res["htc_taken"], res["htk_taken"]) == (sum(res["htc_dice"]) + 3, ev["htk"])
    # a Superpower Refinement of Teleport, IPP 4, recorded by the referee (L117, L375)
    await api.ok(gm, f"{R}.ImproveCharacter", {"campaign_id": cid, "character_id": "foe",
                                               "dups": 10, "improvement": "blink aside",
                                               "refinement": "teleport", "ipp": 4})
    await api.ok(gm, f"{R}.Strike", {"campaign_id": cid, "character_id": "judoka",
                                     "target_id": "foe"},
                 pick("punch", lambda d: 10 <= d(0, 20) <= 19))
    r = await api.ok(gm, f"{R}.Respond", {"campaign_id": cid, "character_id": "foe",
                                          "response": "superpower", "power": "teleport",
                                          "referee_bonus": 2},
                     pick("blink", lambda d: d(0, 6) >= 1))
    res = r["events"][0]["data"]
    assert res["response_total"] == res["response_dice"][0] + 4 + 2  # always 7 or more here
    assert (res["response_result"], res["htc_taken"], res["htk_taken"]) == ("success", 0, 0)
