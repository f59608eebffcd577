"""The boonbane ruleset through HTTP against real PostgreSQL and Redis: sheets, rolls, odds."""

from __future__ import annotations

import asyncio
from fractions import Fraction
from typing import Any

from tests.conftest import Api

HERO = {"kind": "pc", "strength": 13, "agility": 12, "fortune": 1,
        "afflictions": [{"name": "frightened", "source": "banshee"}]}
FOE = {"kind": "npc", "defense": 14, "health": 12,
       "afflictions": [{"name": "prone"}, {"name": "stunned"}]}


async def _campaign(api: Api) -> tuple[str, str]:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Dark", "ruleset": "boonbane"}))[
        "campaign_id"]
    for ch, sheet in (("hero", HERO), ("foe", FOE), ("sleeper", {"afflictions": [
            {"name": "unconscious"}]})):
        made = await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": ch,
                                                     "character_id": ch, "sheet": sheet})
    # reads without a position (check-odds) follow once the read models have the last write
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/sleeper", position=made["position"])
    assert read.status_code == 200, read.text
    return ann, cid


async def _event_count(api: Api, token: str, cid: str) -> int:
    events = (await api.get(token, f"/v1/campaigns/{cid}/events", limit=1000)).json()
    return len(events["events"])


async def test_odds_route_is_exact_and_names_a_bad_parameter(api: Api) -> None:
    token = await api.token("ann")
    listed = (await api.get(token, "/v1/rulesets")).json()
    assert "boonbane" in str(listed)
    # digest §2.2: net +1 at modifier 0 against 10 is 29/40; net -3 is 29/96 (L14-L22)
    r = await api.get(token, "/v1/rulesets/boonbane/odds", modifier=0, boons=1, target=10)
    assert r.status_code == 200, r.text
    assert r.json()["p_success"] == "29/40"
    r = await api.get(token, "/v1/rulesets/boonbane/odds", boons=2, banes=5)
    assert r.json()["p_success"] == "29/96"
    totals = r.json()["totals"]
    assert sum(Fraction(v) for v in totals.values()) == 1 and min(map(int, totals)) == -5
    # no dice at all: each of the 20 totals 1/20; d20 + 5 >= 30 is impossible
    r = await api.get(token, "/v1/rulesets/boonbane/odds", modifier=5, target=30)
    assert r.json()["p_success"] == "0" and set(r.json()["totals"].values()) == {"1/20"}
    for params, field in (({"boons": -1}, "boons"), ({"banes": "two"}, "banes"),
                          ({"modifier": 6}, "modifier"), ({"target": 31}, "target"),
                          ({"boons": "1.5"}, "boons")):
        bad = await api.get(token, "/v1/rulesets/boonbane/odds", **params)
        assert bad.status_code == 422 and bad.json()["field"] == field, bad.text


async def test_attack_lists_every_source_and_its_dice_add_up(api: Api) -> None:
    ann, cid = await _campaign(api)
    result = await api.ok(ann, "boonbane.AttackRoll",
                          {"campaign_id": cid, "character_id": "hero", "target_id": "foe",
                           "situations": ["charged"]})
    [event] = [e for e in result["events"] if e["type"] == "boonbane.RollMade"]
    data = event["data"]
    assert {(s["source"], s["line"], s["boons"], s["banes"]) for s in data["sources"]} == {
        ("frightened", "L290", 0, 1), ("charged", "L143", 0, 1),
        ("target prone, in reach", "L315", 1, 0), ("target stunned", "L325", 1, 0)}
    assert (data["boons"], data["banes"], data["net"], data["d6"]) == (2, 2, 0, [])
    assert data["modifier"] == 3 and data["target_number"] == 14
    assert data["total"] == data["d20"] + 3
    assert data["success"] == (data["total"] >= 14)
    rolls = (await api.get(ann, f"/v1/campaigns/{cid}/rolls", position=result["position"])).json()
    assert rolls[0]["type"] == "boonbane.RollMade" and rolls[0]["position"] == event["position"]
    # a feint's 2 boons (L171) instead of the charge: net 3 boons, the highest d6 added (L14)
    result = await api.ok(ann, "boonbane.AttackRoll",
                          {"campaign_id": cid, "character_id": "hero", "target_id": "foe",
                           "attribute": "agility", "situations": ["feinted"]})
    data = result["events"][-1]["data"]
    assert data["net"] == 3 and len(data["d6"]) == 3 and data["kept"] == max(data["d6"])
    assert data["total"] == data["d20"] + 2 + data["kept"]
    # against the unconscious: Defense 5 (L333)
    data = (await api.ok(ann, "boonbane.AttackRoll",
                         {"campaign_id": cid, "character_id": "hero",
                          "target_id": "sleeper"}))["events"][-1]["data"]
    assert data["target_number"] == 5


async def test_refusals_append_nothing_and_automatic_failures_roll_nothing(api: Api) -> None:
    ann, cid = await _campaign(api)
    before = await _event_count(api, ann, cid)
    unconscious = await api.command(ann, "boonbane.AttackRoll",
                                    {"campaign_id": cid, "character_id": "sleeper",
                                     "target_id": "hero"})
    assert unconscious.status_code == 409, unconscious.text
    assert unconscious.json()["rule"] == "boonbane.unconscious L334"
    typo = await api.command(ann, "boonbane.ChallengeRoll",
                             {"campaign_id": cid, "character_id": "hero", "stat": "will",
                              "situation": ["helped"]})
    assert typo.status_code == 422 and "situation" in typo.json()["field"], typo.text
    bad_stat = await api.command(ann, "boonbane.ChallengeRoll",
                                 {"campaign_id": cid, "character_id": "hero", "stat": "luck"})
    assert bad_stat.status_code == 422 and bad_stat.json()["field"] == "payload.stat"
    bad_sheet = await api.command(ann, "CreateCharacter",
                                  {"campaign_id": cid, "name": "x", "character_id": "x",
                                   "sheet": {"health": 4, "damage": 5}})
    assert bad_sheet.status_code == 422 and bad_sheet.json()["field"] == "payload.sheet.damage"
    assert await _event_count(api, ann, cid) == before
    auto = await api.ok(ann, "boonbane.ChallengeRoll",
                        {"campaign_id": cid, "character_id": "sleeper", "stat": "agility"})
    data = auto["events"][-1]["data"]
    assert data["automatic"] == "unconscious L334" and data["d20"] is None
    assert data["success"] is False


async def test_check_odds_applies_every_automatic_source(api: Api) -> None:
    ann, cid = await _campaign(api)
    r = await api.client.post(f"/v1/campaigns/{cid}/characters/hero/check-odds",
                              json={"kind": "attack", "stat": "strength", "target_id": "foe"},
                              headers=api.auth(ann))
    assert r.status_code == 200, r.text
    body = r.json()
    # frightened 1 bane (L290); prone in reach and stunned target 1 boon each (L315, L325)
    assert (body["boons"], body["banes"], body["modifier"], body["target_number"]) == (2, 1, 3, 14)
    # net 1 boon: d20 + 3 + m >= 14 on 10 + m faces of 20, m the boon die (L14, L22)
    assert body["odds"]["p_success"] == str(sum(Fraction(10 + m, 120) for m in range(1, 7)))
    r = await api.client.post(f"/v1/campaigns/{cid}/characters/sleeper/check-odds",
                              json={"stat": "will"}, headers=api.auth(ann))
    assert r.status_code == 200, r.text
    assert r.json()["automatic"] == "unconscious L334" and r.json()["odds"]["p_success"] == "0"
    no_target = await api.client.post(f"/v1/campaigns/{cid}/characters/hero/check-odds",
                                      json={"kind": "attack"}, headers=api.auth(ann))
    assert no_target.status_code == 422 and no_target.json()["field"].endswith("target_id")


async def _read_live(api: Api, token: str, cid: str, into: list[str]) -> None:
    async with api.client.stream("GET", f"/v1/campaigns/{cid}/live",
                                 headers=api.auth(token)) as response:
        assert response.status_code == 200
        async for line in response.aiter_lines():
            into.append(line)


async def test_damage_chain_in_the_read_model_and_the_live_stream(api: Api) -> None:
    ann, cid = await _campaign(api)
    lines: list[str] = []
    live = asyncio.create_task(_read_live(api, ann, cid, lines))
    await asyncio.sleep(0.5)

    async def damage(ch: str, amount: int, **extra: Any) -> dict[str, Any]:
        result = await api.ok(ann, "boonbane.TakeDamage", {"campaign_id": cid, "character_id": ch,
                                                           "amount": amount, **extra})
        read = await api.get(ann, f"/v1/campaigns/{cid}/characters/{ch}",
                             position=result["position"])
        assert read.status_code == 200, read.text
        body: dict[str, Any] = read.json()
        return body

    hero = await damage("hero", 5)  # Health 10: 5 is half, injured (L68)
    assert hero["sheet"]["damage"] == 5 and hero["derived"]["injured"] is True
    hero = await damage("hero", 7)  # 12 > 10: Damage stops at Health (L27), disabled (L65)
    assert hero["sheet"]["damage"] == 10 and hero["sheet"]["life_state"] == "disabled"
    assert hero["derived"]["incapacitated"] is True and hero["derived"]["defense"] == 5
    assert {"prone", "defenseless"} <= set(hero["derived"]["afflictions"])
    before = await _event_count(api, ann, cid)
    missing = await api.command(ann, "boonbane.TakeDamage",
                                {"campaign_id": cid, "character_id": "foe", "amount": 12})
    # 12 at once equals the foe's Health: it dies whatever the GM chooses (L28)
    assert missing.status_code == 200
    foe = await api.get(ann, f"/v1/campaigns/{cid}/characters/foe",
                        position=missing.json()["position"])
    assert foe.json()["sheet"]["life_state"] == "dead"
    again = await api.command(ann, "boonbane.TakeDamage",
                              {"campaign_id": cid, "character_id": "foe", "amount": 1})
    assert again.status_code == 409 and again.json()["rule"] == "boonbane.dead"
    assert await _event_count(api, ann, cid) == before + 1
    hero = (await api.ok(ann, "boonbane.Heal", {"campaign_id": cid, "character_id": "hero",
                                                "rest_hours": 8}))["events"][-1]["data"]
    # healing rate a quarter of 10 = 2 (L57): an 8-hour rest heals 2 (L93); disabled ends
    assert (hero["healed"], hero["damage"], hero["life_state"]) == (2, 8, "active")
    await asyncio.sleep(0.5)
    live.cancel()
    seen = [t for t in ("boonbane.DamageTaken", "boonbane.Healed") if any(t in x for x in lines)]
    assert seen == ["boonbane.DamageTaken", "boonbane.Healed"], lines[-5:]
    assert sum(x.startswith("data:") and "boonbane.DamageTaken" in x for x in lines) == 3, lines


async def test_fate_rolls_follow_the_bands_until_the_character_leaves_disabled(api: Api) -> None:
    ann, cid = await _campaign(api)
    await api.ok(ann, "boonbane.TakeDamage", {"campaign_id": cid, "character_id": "hero",
                                              "amount": 9})
    await api.ok(ann, "boonbane.TakeDamage", {"campaign_id": cid, "character_id": "hero",
                                              "amount": 1})
    state, rounds = "disabled", 0
    for _ in range(60):
        result = await api.ok(ann, "boonbane.FateRoll", {"campaign_id": cid,
                                                         "character_id": "hero"})
        ev = result["events"][-1]["data"]
        assert ev["was"] == state
        face = ev["d6"]
        if state == "disabled":
            rounds = rounds + 1 if 2 <= face <= 5 else 0
            expected = ("dying" if face == 1 else "active" if face == 6 or rounds == 3
                        else "disabled")
            if rounds == 3:  # L38: unconscious 1d3 hours, heal 1
                assert ev["outcome"] == "three disabled rounds L38" and 1 <= ev["d3"] <= 3
                rounds = 0
        else:
            expected = "dead" if face == 1 else "disabled" if face == 6 else "dying"
            rounds = 0
        assert ev["life_state"] == expected, ev
        read = (await api.get(ann, f"/v1/campaigns/{cid}/characters/hero",
                              position=result["position"])).json()
        assert read["sheet"]["life_state"] == expected
        assert read["sheet"]["disabled_rounds"] == (rounds if expected == "disabled" else 0)
        state = expected
        if state in ("active", "dead"):
            break
    assert state in ("active", "dead")
    before = await _event_count(api, ann, cid)
    refused = await api.command(ann, "boonbane.FateRoll", {"campaign_id": cid,
                                                           "character_id": "hero"})
    assert refused.status_code == 409 and refused.json()["rule"] == "boonbane.fate L34 L41"
    assert await _event_count(api, ann, cid) == before


async def test_fortune_is_spent_from_the_sheet_and_refused_when_there_is_none(api: Api) -> None:
    ann, cid = await _campaign(api)
    # the hero has 1 Fortune; "six" treats a boon d6 as 6 (L47): a feint gives the boons
    result = await api.ok(ann, "boonbane.ChallengeRoll",
                          {"campaign_id": cid, "character_id": "hero", "stat": "will",
                           "situations": ["helped", "feinted"], "fortune": "six"})
    roll = result["events"][0]["data"]
    assert roll["fortune_six"] is True and roll["kept"] == 6 and roll["total"] == roll["d20"] + 6
    assert result["events"][-1]["type"] == "boonbane.FortuneSpent"
    read = await api.get(ann, f"/v1/campaigns/{cid}/characters/hero", position=result["position"])
    assert read.json()["sheet"]["fortune"] == 0
    before = await _event_count(api, ann, cid)
    refused = await api.command(ann, "boonbane.ChallengeRoll",
                                {"campaign_id": cid, "character_id": "hero", "stat": "will",
                                 "fortune": "succeed"})
    assert refused.status_code == 409, refused.text
    assert refused.json()["rule"] == "boonbane.fortune L45"
    assert refused.json()["field"] == "payload.fortune"
    assert await _event_count(api, ann, cid) == before


async def test_stabilize_rolls_intellect_and_heals_the_disabled_target(api: Api) -> None:
    ann, cid = await _campaign(api)
    await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": "medic",
                                          "character_id": "medic", "sheet": {"intellect": 14}})
    refused = await api.command(ann, "boonbane.Stabilize", {"campaign_id": cid,
                                                            "character_id": "medic",
                                                            "target_id": "hero"})
    assert refused.status_code == 409 and refused.json()["rule"] == "boonbane.stabilize L235"
    await api.ok(ann, "boonbane.TakeDamage", {"campaign_id": cid, "character_id": "hero",
                                              "amount": 9})
    await api.ok(ann, "boonbane.TakeDamage", {"campaign_id": cid, "character_id": "hero",
                                              "amount": 1})
    result = await api.ok(ann, "boonbane.Stabilize", {"campaign_id": cid, "character_id": "medic",
                                                      "target_id": "hero"})
    roll = result["events"][0]["data"]
    # Int modifier +4 against 10 (L235): success on a d20 of 6 or more
    assert roll["stat"] == "intellect" and roll["success"] == (roll["d20"] + 4 >= 10)
    read = (await api.get(ann, f"/v1/campaigns/{cid}/characters/hero",
                          position=result["position"])).json()
    if roll["success"]:  # heals 1 (L237): no longer incapacitated, disabled ends (D-9)
        assert result["events"][-1]["type"] == "boonbane.Healed"
        assert read["sheet"]["damage"] == 9 and read["sheet"]["life_state"] == "active"
    else:
        assert len(result["events"]) == 1 and read["sheet"]["life_state"] == "disabled"
