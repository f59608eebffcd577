"""A scripted Potential combat round through HTTP against real PostgreSQL and Redis.

The service rolls its own seed-derived dice; the test reads the campaign's secret seed from the
database and picks each command id whose faces give the step it scripts (the dice are derived
from seed, campaign, command id and draw, docs/fair-dice.md). Readiness, the GL's nomination, a
bid for the initiative (the digest's scenario 9 bidding), an attack met by a resistance with the
free resist and a paid parry for a degree of success of 9 (scenario 4's Life CP 4, 6, 10), the
discards that cover it, a tie that fails, a split recoup, run and mosey, anticipation that
lapses, a rest of three tokens of any mix, a foe unable to defend scoring one, an anticipated
parry whose token returns to the bank, healing as the GM's recorded decision: every state
worked out here from the rules, read back from the read model and seen on the live stream with
the same bodies; each illegal command refused naming its rule, appending nothing.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from typing import Any

from domain.fair_dice import derive_face
from tests.conftest import Api
from tests.integration.live_stream import open_live
from tests.integration.scripted_dice import secret_seed

R = "potential"


def adv(id_: str, cp: int = 4, modifier: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": id_, "title": id_.title(), "cp": cp, "modifier": modifier, **kw}


# The hero's Life CP is the digest's scenario 4 ({4, 6, 10}); the free resist is the shield.
HERO = {"advantages": [adv("shield", 6, 2, keywords=["Armour"]), adv("parry", 5, 1),
                       adv("sword", 8, 2), adv("scratch", 4, keywords=["Life"]),
                       adv("limb", 6, keywords=["Life"]), adv("body", 10, keywords=["Life"])],
        "free_resist": "shield"}
# The digest's scenario 3 attacker: 2d6+3 (claw 1d6+2, fang 1d6+1).
FOE = {"advantages": [adv("claw", 12, 2), adv("fang", 10, 1), adv("hide", 6, keywords=["Life"])]}


def tokens(bank: int, spent: int) -> dict[str, int]:
    return {"bank": bank, "spent": spent}


async def test_a_scripted_combat_round(api: Api) -> None:  # noqa: PLR0915
    gm = await api.token("ann")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "Round", "ruleset": R}))["campaign_id"]
    for ch, sheet in (("hero", HERO), ("foe", FOE)):
        made = await api.ok(gm, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                                    "character_id": ch, "sheet": sheet})
    seed = await secret_seed(api.database_url, cid)
    live, lines = await open_live(api, gm, cid, made["position"])
    expected: list[tuple[str, Any]] = []

    def pick(tag: str, faces: Sequence[int]) -> str:
        """A command id whose d6 draws are exactly ``faces``."""
        for n in range(400_000):
            command_id = f"{tag}-{n}"
            if all(derive_face(seed, cid, command_id, i, 6) == f for i, f in enumerate(faces)):
                return command_id
        raise AssertionError(f"no command id scripts {tag}")

    async def step(type_: str, payload: dict[str, Any], command_id: str | None = None
                   ) -> dict[str, Any]:
        result = await api.ok(gm, f"{R}.{type_}", {"campaign_id": cid, **payload}, command_id)
        expected.extend((e["type"], e["data"]) for e in result["events"])
        return result

    async def log_len() -> int:
        page = await api.get(gm, f"/v1/campaigns/{cid}/events", limit=1000)
        assert page.status_code == 200, page.text
        return len(page.json()["events"])

    async def refused(type_: str, payload: dict[str, Any], rule: str) -> None:
        before = await log_len()
        r = await api.command(gm, f"{R}.{type_}", {"campaign_id": cid, **payload})
        assert 400 <= r.status_code < 500 and r.json()["rule"] == rule, r.text
        assert await log_len() == before  # a refused command appends nothing

    async def sheet(ch: str, at: dict[str, Any]) -> dict[str, Any]:
        read = await api.get(gm, f"/v1/campaigns/{cid}/characters/{ch}", position=at["position"])
        assert read.status_code == 200, read.text
        body: dict[str, Any] = read.json()["sheet"]
        return body

    async def combat(at: dict[str, Any]) -> dict[str, Any]:
        read = await api.get(gm, f"/v1/campaigns/{cid}/encounters/combat", position=at["position"])
        assert read.status_code == 200, read.text
        body: dict[str, Any] = read.json()
        return body

    # Readiness (L33-35): the hero is caught unprepared with one dynamic token spent; the GL
    # nominates the hero to act first (P-23)
    r = await step("StartCombat", {"participants": ["hero", "foe"], "readiness": {"hero": 1},
                                   "first": "hero"})
    hero, foe = await sheet("hero", r), await sheet("foe", r)
    assert (hero["dynamic"], hero["static"]) == (tokens(3, 1), tokens(2, 0))
    assert (foe["dynamic"], foe["static"]) == (tokens(4, 0), tokens(2, 0))
    fight = await combat(r)
    assert (fight["next"], fight["round"], fight["had_turn"]) == ("hero", 1, [])

    # Seizing the initiative (L37, P-25, P-45): the foe bids 1, the hero 2, the foe 3, the hero
    # yields; only the winner pays its bid (two dynamic and one static), the nominee keeps its
    # potential. Each bid is a command for the bidder's own character.
    await refused("SeizeInitiative", {"character_id": "hero", "tokens": 1}, "potential.seize L37")
    await step("SeizeInitiative", {"character_id": "foe", "tokens": 1})
    await step("SeizeInitiative", {"character_id": "hero", "tokens": 2})
    await refused("SeizeInitiative", {"character_id": "foe", "tokens": 2},
                  "potential.seize-bid P-25")
    await refused("StartTurn", {"character_id": "hero"}, "potential.seize L37")  # still bidding
    await step("SeizeInitiative", {"character_id": "foe", "tokens": 3, "pay_static": 1})
    r = await step("YieldInitiative", {"character_id": "hero", "to": "foe"})
    assert r["events"][1]["data"]["cost"] == {"dynamic": 2, "static": 1}
    foe, hero = await sheet("foe", r), await sheet("hero", r)
    assert (foe["dynamic"], foe["static"]) == (tokens(2, 2), tokens(1, 1))
    assert (hero["dynamic"], hero["static"]) == (tokens(3, 1), tokens(2, 0))
    assert (await combat(r))["next"] == "foe"
    await refused("StartTurn", {"character_id": "hero"}, "potential.nominee-takes-turn L37")
    await refused("TakeAction", {"character_id": "hero", "focus": "x", "advantages": ["parry"],
                                 "resistance": 1}, "potential.own-turn L40")
    r = await step("StartTurn", {"character_id": "foe"})
    assert (await combat(r))["current"] == "foe"

    # The attack (the digest's scenario 3 pool and one situation die): claw 6 + 2, fang 5 + 1,
    # situation 5 = 19; the hero's resistance: the free resist shield 4 + 2 (no cost, L52) and a
    # paid parry 3 + 1 = 10. 19 beats 10 by 9: the degree of success is the damage (L54).
    # The foe declares and pays (L39); the hero's own answer (L50) rolls both pools (P-14).
    r = await step("Attack", {"character_id": "foe", "target_id": "hero", "focus": "rake",
                              "advantages": ["claw", "fang"], "situation_bonuses": 1})
    assert [e["type"] for e in r["events"]] == [f"{R}.AttackDeclared", f"{R}.AttackPending"]
    assert (await sheet("foe", r))["dynamic"] == tokens(0, 4)
    r = await step("Resist", {"character_id": "hero", "attacker_id": "foe",
                              "advantages": ["parry"]}, pick("rake", [6, 5, 5, 4, 3]))
    att = r["events"][0]["data"]
    assert att["attack"]["sources"] == ["claw", "fang", "situation"]
    assert att["attack"]["faces"] == [6, 5, 5] and att["attack"]["score"] == 19
    assert att["defence"]["sources"] == ["shield", "parry"]
    assert att["defence"]["faces"] == [4, 3] and att["defence"]["score"] == 10
    assert att["defence"]["cost"] == {"dynamic": 1, "static": 0}  # the shield is free (L52)
    assert att["hit"] and att["degree"] == 9
    hero, foe = await sheet("hero", r), await sheet("foe", r)
    assert hero["dynamic"] == tokens(2, 2) and hero["pending_damage"] == 9
    assert foe["dynamic"] == tokens(0, 4)  # claw and fang: one dynamic each (L22, L39)
    # spending potential the foe lacks (L22)
    await refused("Move", {"character_id": "foe", "mode": "mosey"},
                  "potential.spend-potential L22")
    await refused("Resist", {"character_id": "hero", "attacker_id": "foe"},
                  "potential.resist L50")  # the attack was answered; nothing waits

    # Discards (L57-58, P-17): Life CP {4, 6, 10} against 9. The scratch alone falls short;
    # scratch and body would cover it without the scratch; scratch and limb (10) are needed both.
    await refused("DiscardLife", {"character_id": "hero", "advantages": ["scratch"]},
                  "potential.discard-covers L57")
    await refused("DiscardLife", {"character_id": "hero", "advantages": ["scratch", "body"]},
                  "potential.discard-irreducible P-17")
    await refused("DiscardLife", {"character_id": "hero", "advantages": ["sword"]},
                  "potential.discard-life L56")
    r = await step("DiscardLife", {"character_id": "hero", "advantages": ["scratch", "limb"]})
    assert r["events"][0]["data"]["cp"] == 10 and r["events"][0]["data"]["covered"] == 9
    hero = await sheet("hero", r)
    assert [a["id"] for a in hero["advantages"] if a["discarded"]] == ["scratch", "limb"]
    assert hero["pending_damage"] == 0

    # The foe ends its turn nominating the hero, who has not had a turn this round (L37)
    await refused("EndTurn", {"character_id": "foe", "nominate": "foe"},
                  "potential.nominate L37")
    r = await step("EndTurn", {"character_id": "foe", "nominate": "hero"})
    assert (await combat(r))["next"] == "hero"
    await step("StartTurn", {"character_id": "hero"})

    # The hero recoups one (L42), acts, recoups the second (split, L43)
    r = await step("Recoup", {"character_id": "hero", "dynamic": 1})
    assert (await sheet("hero", r))["dynamic"] == tokens(3, 1)
    # using a discarded advantage (L19, L56)
    await refused("TakeAction", {"character_id": "hero", "focus": "brace", "advantages": ["limb"],
                                 "resistance": 3}, "potential.available L19")
    # sword 4 + 2 = 6 against the GL's 6: a tie fails (L25)
    r = await step("TakeAction", {"character_id": "hero", "focus": "feint", "advantages": ["sword"],
                                  "resistance": 6, "approved_by": ["ann"]}, pick("feint", [4]))
    act = r["events"][0]["data"]
    assert (act["pool"]["score"], act["success"], act["degree"]) == (6, False, 0)
    assert act["approved_by"] == ["ann"]
    assert (await sheet("hero", r))["dynamic"] == tokens(2, 2)
    r = await step("Recoup", {"character_id": "hero", "dynamic": 1})
    assert (await sheet("hero", r))["dynamic"] == tokens(3, 1)
    # a third token after acting: a normal turn recoups two (L42-43)
    await refused("Recoup", {"character_id": "hero", "dynamic": 1}, "potential.recoup-limit L42")
    # run (L47): 1d6 distance for one dynamic
    r = await step("Move", {"character_id": "hero", "mode": "run"}, pick("run", [5]))
    assert r["events"][0]["data"]["distance"] == 5
    # anticipate the parry (L60): one unspent dynamic token leaves the bank onto it
    r = await step("EndTurn", {"character_id": "hero", "anticipate": ["parry"],
                               "nominate": "foe"})
    hero = await sheet("hero", r)
    assert hero["dynamic"] == tokens(1, 2) and hero["anticipated"] == ["parry"]
    fight = await combat(r)
    assert (fight["had_turn"], fight["last"], fight["next"]) == (["foe", "hero"], "hero", "foe")

    # Round 2 (L37): the foe rests (no action, nothing spent): three tokens of any mix (L43-44)
    await refused("StartTurn", {"character_id": "foe"}, "potential.one-turn-per-round L37")
    r = await step("NewRound", {"participants": ["hero", "foe"]})
    assert (await combat(r))["round"] == 2
    await step("StartTurn", {"character_id": "foe"})
    r = await step("Recoup", {"character_id": "foe", "dynamic": 2, "static": 1})
    foe = await sheet("foe", r)
    assert (foe["dynamic"], foe["static"]) == (tokens(2, 2), tokens(2, 0))
    # a fourth token (L44), and an action after resting (L43)
    await refused("Recoup", {"character_id": "foe", "dynamic": 1}, "potential.rest-limit L44")
    await refused("TakeAction", {"character_id": "foe", "focus": "x", "advantages": ["claw"],
                                 "resistance": 1}, "potential.rest L43")
    await step("EndTurn", {"character_id": "foe", "nominate": "hero"})
    # the unused anticipation lapses to the spent pile when the hero's next turn starts (L60)
    r = await step("StartTurn", {"character_id": "hero"})
    assert r["events"][0]["data"]["lapsed"] == ["parry"]
    hero = await sheet("hero", r)
    assert hero["dynamic"] == tokens(1, 3) and hero["anticipated"] == []
    r = await step("Recoup", {"character_id": "hero", "dynamic": 2})
    assert (await sheet("hero", r))["dynamic"] == tokens(3, 1)
    # the foe's answer names nothing: it has no free resist, so it scores one (L53);
    # sword 3 + 2 = 5 beats 1 by 4, which any one Life advantage covers (CP >= 4, L11)
    await step("Attack", {"character_id": "hero", "target_id": "foe", "focus": "lunge",
                          "advantages": ["sword"]})
    r = await step("Resist", {"character_id": "foe", "attacker_id": "hero"}, pick("lunge", [3]))
    att = r["events"][0]["data"]
    assert att["defence"]["score"] == 1 and att["defence"]["faces"] == []
    assert att["defence"]["refused_to_one"] == "unable to defend (L53)"
    assert (att["attack"]["score"], att["degree"]) == (5, 4)
    r = await step("DiscardLife", {"character_id": "foe", "advantages": ["hide"]})
    assert (await sheet("foe", r))["advantages"][2]["discarded"]
    # mosey (L46): three, no die, one dynamic
    r = await step("Move", {"character_id": "hero", "mode": "mosey"})
    assert (r["events"][0]["data"]["distance"], r["events"][0]["data"]["faces"]) == (3, [])
    r = await step("EndTurn", {"character_id": "hero", "anticipate": ["parry"],
                               "nominate": "foe"})
    hero = await sheet("hero", r)
    assert hero["dynamic"] == tokens(0, 3) and hero["anticipated"] == ["parry"]

    # Round 3: the foe's claw (2 + 2 = 4) meets the free resist (4 + 2) and the anticipated
    # parry (3 + 1): 10, a miss (L54). The parry costs nothing and its token goes to the bank.
    await step("NewRound", {"participants": ["hero", "foe"]})
    await step("StartTurn", {"character_id": "foe"})
    await step("Attack", {"character_id": "foe", "target_id": "hero", "focus": "swipe",
                          "advantages": ["claw"]})
    r = await step("Resist", {"character_id": "hero", "attacker_id": "foe",
                              "advantages": ["parry"]}, pick("swipe", [2, 4, 3]))
    att, res = r["events"][0]["data"], r["events"][1]["data"]
    assert (att["attack"]["score"], att["defence"]["score"], att["hit"]) == (4, 10, False)
    assert res["cost"] == {"dynamic": 0, "static": 0} and res["anticipation_used"] == ["parry"]
    hero, foe = await sheet("hero", r), await sheet("foe", r)
    assert hero["dynamic"] == tokens(1, 3) and hero["anticipated"] == []
    assert hero["pending_damage"] == 0 and foe["dynamic"] == tokens(1, 3)
    await step("EndTurn", {"character_id": "foe", "nominate": "hero"})

    # After combat every token returns to the bank (P-22); discards stay until healed (L56),
    # which the seed leaves to the GM (P-20): a recorded decision with its reason
    r = await step("EndCombat", {"participants": ["hero", "foe"]})
    hero = await sheet("hero", r)
    assert (hero["dynamic"], hero["static"], hero["in_combat"]) == (tokens(4, 0), tokens(2, 0),
                                                                   False)
    assert [a["id"] for a in hero["advantages"] if a["discarded"]] == ["scratch", "limb"]
    r = await step("RecoverAdvantage", {"character_id": "hero", "advantage": "limb",
                                        "reason": "field dressing"})
    assert r["events"][0]["data"]["reason"] == "field dressing"
    hero = await sheet("hero", r)
    assert [a["id"] for a in hero["advantages"] if a["discarded"]] == ["scratch"]

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
