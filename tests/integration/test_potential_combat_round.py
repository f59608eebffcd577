"""A scripted Potential combat round through HTTP against real PostgreSQL and Redis:
readiness, a bid for the initiative, an attack met by a resistance with the free resist,
Life discards that cover the damage, recoup, movement, anticipation and rest; each step read
back from the read model and seen on the live stream, each refusal appending nothing."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.conftest import Api
from tests.integration.live_stream import open_live

R = "potential"


def adv(id_: str, cp: int = 4, modifier: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": id_, "title": id_.title(), "cp": cp, "modifier": modifier, **kw}


HERO = {"advantages": [adv("shield", 6, 2, keywords=["Armour"]), adv("parry", 5, 1),
                       adv("scratch", 4, keywords=["Life"]), adv("body", 25, keywords=["Life"]),
                       adv("boots", 4, keywords=["Movement"])],
        "free_resist": "shield"}
FOE = {"advantages": [adv("claw", 12, 6), adv("hide", 6, keywords=["Life"])]}


async def test_a_scripted_combat_round(api: Api) -> None:
    gm = await api.token("ann")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "Round", "ruleset": R}))["campaign_id"]
    for ch, sheet in (("hero", HERO), ("foe", FOE)):
        made = await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                                    "character_id": ch, "sheet": sheet})
    live, lines = await open_live(api, gm, cid, made["position"])
    expected: list[str] = []

    async def step(type_: str, payload: dict[str, Any]) -> dict[str, Any]:
        result = await api.ok(gm, f"{R}.{type_}", {"campaign_id": cid, **payload})
        expected.extend(e["type"] for e in result["events"])
        return result

    async def refused(type_: str, payload: dict[str, Any], rule: str) -> None:
        before = await log_len()
        r = await api.command(gm, f"{R}.{type_}", {"campaign_id": cid, **payload})
        assert 400 <= r.status_code < 500 and r.json()["rule"] == rule, r.text
        assert await log_len() == before  # a refused command appends nothing

    async def log_len() -> int:
        page = await api.get(gm, f"/v1/campaigns/{cid}/events", limit=1000)
        assert page.status_code == 200, page.text
        return len(page.json()["events"])

    async def sheet(ch: str, at: dict[str, Any]) -> dict[str, Any]:
        read = await api.get(gm, f"/v1/campaigns/{cid}/characters/{ch}", position=at["position"])
        assert read.status_code == 200, read.text
        body: dict[str, Any] = read.json()["sheet"]
        return body

    # readiness (L33-35): the foe is caught unprepared with one dynamic spent
    r = await step("StartCombat", {"participants": ["hero", "foe"], "readiness": {"foe": 1}})
    assert (await sheet("foe", r))["dynamic"] == {"bank": 3, "spent": 1}
    # the GL nominates the hero; the foe seizes with 1, the hero yields: the foe pays 1 (L37)
    r = await step("SeizeInitiative", {"nominee": "hero",
                                       "bids": [{"character_id": "foe", "tokens": 1}]})
    assert (await sheet("foe", r))["dynamic"] == {"bank": 2, "spent": 2}
    # the seize winner takes the turn: the nominee may not (L37); the combat's read model says so
    fight = await api.get(gm, f"/v1/campaigns/{cid}/encounters/combat", position=r["position"])
    assert fight.status_code == 200, fight.text
    assert fight.json()["next"] == "foe", fight.text
    await refused("StartTurn", {"character_id": "hero"}, "potential.nominee-takes-turn L37")
    await refused("TakeAction", {"character_id": "hero", "focus": "x", "advantages": ["parry"],
                                 "resistance": 1}, "potential.own-turn L40")
    await step("StartTurn", {"character_id": "foe"})
    # an attack (1d6+6 plus two situation dice) met by the free resist and a paid parry
    r = await step("Attack", {"character_id": "foe", "target_id": "hero", "focus": "rake",
                              "advantages": ["claw"], "situation_bonuses": 2,
                              "resistance": {"free_resist": True, "advantages": ["parry"]}})
    att = r["events"][0]["data"]
    assert att["attack"]["score"] == sum(att["attack"]["faces"]) + 6
    assert att["defence"]["score"] == sum(att["defence"]["faces"]) + 3
    dos = att["degree"]
    assert dos == max(0, att["attack"]["score"] - att["defence"]["score"])  # ties fail (L54)
    hero = await sheet("hero", r)
    assert hero["dynamic"] == {"bank": 3, "spent": 1}  # parry paid, shield free (L52)
    assert hero["pending_damage"] == dos
    assert (await sheet("foe", r))["dynamic"] == {"bank": 1, "spent": 3}
    if dos:
        if dos > 4:  # the scratch alone (CP 4) does not cover it (L57)
            await refused("DiscardLife", {"character_id": "hero", "advantages": ["scratch"]},
                          "potential.discard-covers L57")
        elif dos <= 4:  # both would discard more than needed (P-17)
            await refused("DiscardLife", {"character_id": "hero",
                                          "advantages": ["scratch", "body"]},
                          "potential.discard-irreducible P-17")
        choice = ["scratch"] if dos <= 4 else ["body"] if dos <= 25 else ["scratch", "body"]
        r = await step("DiscardLife", {"character_id": "hero", "advantages": choice})
        hero = await sheet("hero", r)
        assert {a["id"] for a in hero["advantages"] if a["discarded"]} == set(choice)
        assert hero["pending_damage"] == 0
        if choice == ["scratch"]:  # a discarded advantage is unavailable (L56)
            await refused("TakeAction", {"character_id": "hero", "focus": "x",
                                         "advantages": ["scratch"], "resistance": 1},
                          "potential.available L19")
    r = await step("Move", {"character_id": "foe", "mode": "mosey"})
    assert r["events"][0]["data"]["distance"] == 3  # L46
    await refused("Move", {"character_id": "foe", "mode": "mosey"},
                  "potential.spend-potential L22")  # the foe's bank is empty
    await step("EndTurn", {"character_id": "foe", "nominate": "hero"})
    # the hero's turn: recoup the parry token, run, anticipate with what is left
    r = await step("StartTurn", {"character_id": "hero"})
    r = await step("Recoup", {"character_id": "hero", "dynamic": 1})
    assert (await sheet("hero", r))["dynamic"] == {"bank": 4, "spent": 0}
    r = await step("Move", {"character_id": "hero", "mode": "run"})
    run = r["events"][0]["data"]
    assert run["distance"] == run["faces"][0] and 1 <= run["distance"] <= 6  # L47
    await refused("Recoup", {"character_id": "hero", "dynamic": 2},
                  "potential.recoup-spent L42")
    r = await step("EndTurn", {"character_id": "hero", "anticipate": ["parry"]})
    hero = await sheet("hero", r)
    assert hero["dynamic"] == {"bank": 2, "spent": 1} and hero["anticipated"] == ["parry"]
    await refused("StartTurn", {"character_id": "foe"}, "potential.one-turn-per-round L37")
    # a new round: the foe rests, recouping three (L43-44), and a fourth is refused
    await step("NewRound", {"participants": ["hero", "foe"]})
    await step("StartTurn", {"character_id": "foe"})
    r = await step("Recoup", {"character_id": "foe", "dynamic": 3})
    assert (await sheet("foe", r))["dynamic"] == {"bank": 3, "spent": 1}
    await refused("Recoup", {"character_id": "foe", "dynamic": 1}, "potential.rest-limit L44")
    await refused("TakeAction", {"character_id": "foe", "focus": "x", "advantages": ["claw"],
                                 "resistance": 1}, "potential.rest L43")
    await refused("EndTurn", {"character_id": "foe"}, "potential.nominate L37")
    await step("EndTurn", {"character_id": "foe", "nominate": "hero"})
    r = await step("EndCombat", {"participants": ["hero", "foe"]})
    hero = await sheet("hero", r)
    assert hero["dynamic"] == {"bank": 4, "spent": 0} and not hero["in_combat"]
    # the live stream carried every event, in order
    for _ in range(100):
        seen = [ln[7:] for ln in lines if ln.startswith("event: potential.")]
        if len(seen) >= len(expected):
            break
        await asyncio.sleep(0.1)
    live.cancel()
    await asyncio.gather(live, return_exceptions=True)
    assert seen == expected
