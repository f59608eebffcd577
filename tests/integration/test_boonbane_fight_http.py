"""A scripted boonbane fight through HTTP against real PostgreSQL and Redis: a player character
through injured, incapacitated, disabled for three rounds (end-of-round Fate rolls) and
unconscious, and a non-player creature to death; each step read back from the character read
model and seen on the live stream. The dice are the service's own: where a Fate roll decides,
the test asserts the rule on whatever was rolled and plays on until the three rounds happen."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.conftest import Api
from tests.integration.live_stream import open_live

R = "boonbane"


async def test_a_scripted_fight(api: Api) -> None:
    gm = await api.token("ann")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "Fight", "ruleset": R}))["campaign_id"]
    for ch, sheet in (("hero", {"health": 12, "strength": 12}),
                      ("brute", {"kind": "npc", "health": 8, "defense": 11})):
        made = await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                                    "character_id": ch, "sheet": sheet})
    live, lines = await open_live(api, gm, cid, made["position"])
    expected: list[str] = []

    async def step(type_: str, payload: dict[str, Any]) -> dict[str, Any]:
        result = await api.ok(gm, f"{R}.{type_}", {"campaign_id": cid, **payload})
        expected.extend(e["type"] for e in result["events"])
        return result

    async def read(ch: str, at: dict[str, Any]) -> dict[str, Any]:
        got = await api.get(gm, f"/v1/campaigns/{cid}/characters/{ch}", position=at["position"])
        assert got.status_code == 200, got.text
        body: dict[str, Any] = got.json()
        return body

    enc = {"encounter_id": "pit"}
    both = ["hero", "brute"]
    await step("StartEncounter", {**enc, "participants": [{"character_id": c} for c in both]})
    # round 1: the hero's fast turn, an attack (L118, L121); the brute answers on its slow turn
    await step("TakeTurn", {**enc, "character_id": "hero", "turn": "fast"})
    await step("AttackRoll", {**enc, "character_id": "hero", "target_id": "brute"})
    await step("TakeTurn", {**enc, "character_id": "brute", "turn": "slow"})
    await step("AttackRoll", {**enc, "character_id": "brute", "target_id": "hero"})
    # 6 of Health 12: injured at half (L68)
    r = await step("TakeDamage", {"character_id": "hero", "amount": 6})
    hero = await read("hero", r)
    assert hero["derived"]["injured"] is True and hero["sheet"]["life_state"] == "active"
    # 6 more: Damage equals Health, incapacitated and prone (L26, L61-L62); a player character
    # becomes disabled and so defenseless, Defense 5 (L65, L33, L278)
    r = await step("TakeDamage", {"character_id": "hero", "amount": 6})
    hero = await read("hero", r)
    assert hero["derived"]["incapacitated"] is True and hero["sheet"]["life_state"] == "disabled"
    assert {"prone", "defenseless"} <= set(hero["derived"]["afflictions"])
    assert hero["derived"]["defense"] == 5
    refused = await api.command(gm, f"{R}.AttackRoll", {"campaign_id": cid, "character_id": "hero",
                                                        "target_id": "brute", "use": "triggered",
                                                        **enc})
    assert refused.status_code == 409 and refused.json()["rule"] == "boonbane.defenseless L279"
    # end of each round: the disabled hero's Fate roll (L34-L38), read by its band
    rounds, fate_rolls = 0, 0
    for _ in range(150):
        r = await step("EndRound", {**enc, "participants": both})
        fate = next(e["data"] for e in r["events"] if e["type"] == f"{R}.FateRolled")
        fate_rolls += 1
        hero = await read("hero", r)
        state = hero["sheet"]["life_state"]
        if fate["was"] == "disabled":
            if fate["d6"] == 1:  # L35
                assert state == "dying" and "unconscious" in hero["derived"]["afflictions"]
                rounds = 0
            elif fate["d6"] == 6:  # L36: heal 1, impaired for 1 minute
                assert state == "active" and hero["sheet"]["damage"] == 11
                assert "impaired" in hero["derived"]["afflictions"]
                rounds = 0
            else:  # L37-L38
                rounds += 1
                if rounds == 3:
                    break
                assert state == "disabled" and hero["sheet"]["disabled_rounds"] == rounds
        else:  # dying (L42): 6 back to disabled, 2-5 nothing, 1 death
            assert state == {1: "dead", 6: "disabled"}.get(fate["d6"], "dying")
            assert state != "dead", "the GM heals a dying hero before a second Fate 1"
        if state == "dying":  # healing ends dying (D-9); 1 more damage disables again
            await step("Heal", {"character_id": "hero", "amount": 1})
            state = "active"
        if state == "active":
            r = await step("TakeDamage", {"character_id": "hero", "amount": 1})
            assert (await read("hero", r))["sheet"]["life_state"] == "disabled"
            rounds = 0
    else:
        raise AssertionError("no three consecutive disabled rounds in 150 rounds")
    # the third consecutive disabled round: unconscious 1d3 hours, heal 1, impaired (L38)
    assert fate["outcome"] == "three disabled rounds L38" and 1 <= fate["d3"] <= 3
    assert hero["sheet"]["life_state"] == "active" and hero["sheet"]["damage"] == 11
    assert {"unconscious", "impaired", "prone"} <= set(hero["derived"]["afflictions"])
    assert hero["derived"]["incapacitated"] is False and hero["derived"]["defense"] == 5
    refused = await api.command(gm, f"{R}.TakeTurn", {"campaign_id": cid, "character_id": "hero",
                                                      "turn": "slow", **enc})
    assert refused.status_code == 409 and refused.json()["rule"] == "boonbane.unconscious L332"
    # the d3 hours are on the sheet; once they pass the hero wakes and the Impaired minute
    # (6 rounds, D-17) starts from waking (L38, D-8)
    sleep = [a for a in hero["sheet"]["afflictions"] if a["name"] == "unconscious"]
    assert [a["hours"] for a in sleep] == [fate["d3"]]
    r = await step("PassTime", {"character_id": "hero", "hours": fate["d3"]})
    hero = await read("hero", r)
    assert "unconscious" not in hero["derived"]["afflictions"]
    assert [a["rounds"] for a in hero["sheet"]["afflictions"]
            if a["source"] == "1 minute from waking L38"] == [6]
    # the brute: injured, then incapacitated and, by the GM's choice, unconscious (L64); any
    # damage to an incapacitated creature kills it (L63)
    r = await step("TakeDamage", {"character_id": "brute", "amount": 4})
    assert (await read("brute", r))["derived"]["injured"] is True
    r = await step("TakeDamage", {"character_id": "brute", "amount": 4,
                                  "npc_outcome": "unconscious"})
    brute = await read("brute", r)
    assert brute["sheet"]["life_state"] == "unconscious" and brute["derived"]["incapacitated"]
    r = await step("TakeDamage", {"character_id": "brute", "amount": 1})
    assert r["events"][0]["data"]["cause"] == "died L63"
    assert (await read("brute", r))["sheet"]["life_state"] == "dead"
    # the live stream carried every event of the fight, in order
    for _ in range(100):
        got = [ln[7:] for ln in lines if ln.startswith(f"event: {R}.")]
        if len(got) >= len(expected):
            break
        await asyncio.sleep(0.1)
    live.cancel()
    await asyncio.gather(live, return_exceptions=True)
    assert got == expected
    assert fate_rolls >= 3 and got.count(f"{R}.FateRolled") == fate_rolls
