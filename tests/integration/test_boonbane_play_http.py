"""Boonbane play at the table through HTTP against real PostgreSQL and Redis: turns and rounds
(L110-L122), affliction commands (L248-L334), GM-only commands, awards, area damage (L29)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.conftest import Api

R = "boonbane"


class Table:
    def __init__(self, api: Api, gm: str, cid: str) -> None:
        self.api, self.gm, self.cid = api, gm, cid

    async def ok(self, type_: str, payload: dict[str, Any], token: str | None = None
                 ) -> dict[str, Any]:
        return await self.api.ok(token or self.gm, f"{R}.{type_}",
                                 {"campaign_id": self.cid, **payload})

    async def log_len(self) -> int:
        page = await self.api.get(self.gm, f"/v1/campaigns/{self.cid}/events", limit=1000)
        assert page.status_code == 200, page.text
        return len(page.json()["events"])

    async def refused(self, type_: str, payload: dict[str, Any], status: int, rule: str,
                      token: str | None = None) -> dict[str, Any]:
        before = await self.log_len()
        r = await self.api.command(token or self.gm, f"{R}.{type_}",
                                   {"campaign_id": self.cid, **payload})
        assert r.status_code == status and r.json()["rule"] == rule, r.text
        assert await self.log_len() == before  # a refused command appends nothing
        body: dict[str, Any] = r.json()
        return body

    async def read(self, path: str, at: dict[str, Any]) -> dict[str, Any]:
        got = await self.api.get(self.gm, f"/v1/campaigns/{self.cid}/{path}",
                                 position=at["position"])
        assert got.status_code == 200, got.text
        body: dict[str, Any] = got.json()
        return body


async def _table(api: Api, sheets: dict[str, tuple[str, dict[str, Any]]]) -> Table:
    gm = await api.token("ann")
    cid = (await api.ok(gm, "CreateCampaign", {"name": "Dark", "ruleset": R}))["campaign_id"]
    bob = await api.token("bob")
    await api.ok(gm, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    for ch, (owner, sheet) in sheets.items():
        await api.ok(bob if owner == "bob" else gm, "CreateCharacter",
                     {"campaign_id": cid, "name": ch, "character_id": ch, "sheet": sheet})
    t = Table(api, gm, cid)
    t.bob = bob  # type: ignore[attr-defined]
    return t


async def test_turns_actions_and_triggered_actions_refused_with_the_rule(api: Api) -> None:
    t = await _table(api, {"hero": ("bob", {"fortune": 0}), "ally": ("ann", {}),
                           "goblin": ("ann", {"kind": "npc", "defense": 12}),
                           "sleeper": ("ann", {"afflictions": [{"name": "unconscious"}]})})
    bob: str = t.bob  # type: ignore[attr-defined]
    enc = {"encounter_id": "ambush"}
    parts = [{"character_id": c} for c in ("hero", "ally", "goblin", "sleeper")]
    # only the GM runs encounters
    await t.refused("StartEncounter", {**enc, "participants": parts}, 403, "campaign.gm-only",
                    token=bob)
    r = await t.ok("StartEncounter", {**enc, "participants": parts})
    state = await t.read("encounters/ambush", r)
    assert "hero" in str(state) and "enemies" in str(state)
    # players' fast turns first (L118): Bob's hero acts, a melee attack is its action
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "fast"}, token=bob)
    attack = {**enc, "character_id": "hero", "target_id": "goblin"}
    r = await t.ok("AttackRoll", attack, token=bob)
    assert [e["type"] for e in r["events"]] == [f"{R}.ActionUsed", f"{R}.RollMade"]
    # acting twice in a turn (L121)
    await t.refused("AttackRoll", attack, 409, "boonbane.one-action L121-L122", token=bob)
    await t.refused("Move", {**enc, "character_id": "hero"}, 409, "boonbane.fast-turn L121",
                    token=bob)
    # a Fortune the character does not have (L45)
    await t.refused("ChallengeRoll", {"character_id": "hero", "stat": "will",
                                      "fortune": "succeed"}, 409, "boonbane.fortune L45",
                    token=bob)
    # the goblin's fast turn closes the players' (L118)
    await t.ok("TakeTurn", {**enc, "character_id": "goblin", "turn": "fast"})
    await t.refused("TakeTurn", {**enc, "character_id": "ally", "turn": "fast"}, 409,
                    "boonbane.turn-order L118")
    # one triggered action a round (L112-L113), even out of turn (L114)
    free = {**enc, "character_id": "ally", "target_id": "goblin", "use": "triggered"}
    r = await t.ok("AttackRoll", free)
    assert r["events"][0]["data"]["spent"] == "triggered"
    await t.refused("AttackRoll", free, 409, "boonbane.triggered-action L112-L113")
    # acting while unconscious (L332-L334)
    await t.refused("TakeTurn", {**enc, "character_id": "sleeper", "turn": "slow"}, 409,
                    "boonbane.unconscious L332")
    await t.refused("AttackRoll", {**free, "character_id": "sleeper"}, 409,
                    "boonbane.unconscious L334")
    await t.refused("EndRound", {**enc, "participants": ["hero", "goblin"]}, 422,
                    "boonbane.end-of-round L120")
    r = await t.ok("EndRound", {**enc, "participants": ["hero", "ally", "goblin", "sleeper"]})
    assert r["events"][0]["type"] == f"{R}.RoundEnded" and r["events"][0]["data"]["round"] == 1
    state = await t.read("encounters/ambush", r)
    assert '"round": 2' in str(state).replace("'", '"')
    # round 2: turns and the triggered action are fresh
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "slow"}, token=bob)
    await t.ok("Move", {**enc, "character_id": "hero"}, token=bob)
    await t.ok("AttackRoll", attack, token=bob)
    await t.ok("AttackRoll", free)


async def test_affliction_instances_stack_and_gm_commands_are_the_gms(api: Api) -> None:
    t = await _table(api, {"hero": ("bob", {"health": 12}), "foe": ("ann", {"kind": "npc"})})
    bob: str = t.bob  # type: ignore[attr-defined]
    hero = {"character_id": "hero"}
    for type_, payload in (("AddAffliction", {**hero, "name": "poisoned"}),
                           ("RemoveAffliction", {**hero, "name": "poisoned"}),
                           ("TakeDamage", {**hero, "amount": 1}), ("Heal", {**hero, "amount": 1}),
                           ("AwardStat", {**hero, "stat": "health", "change": 1, "reason": "x"}),
                           ("AreaDamage", {"targets": [hero]})):
        await t.refused(type_, payload, 403, "campaign.gm-only", token=bob)
    # digest Appendix B 8: Poisoned twice and Impaired give 2 banes; each instance is removed
    await t.ok("AddAffliction", {**hero, "name": "poisoned", "source": "spider"})
    r = await t.ok("AddAffliction", {**hero, "name": "poisoned", "source": "snake"})
    assert r["events"][0]["data"]["instances"] == 2
    await t.ok("AddAffliction", {**hero, "name": "impaired"})

    async def banes() -> int:
        roll = await t.ok("ChallengeRoll", {**hero, "stat": "will"}, token=bob)
        data = roll["events"][0]["data"]
        assert len(data["d6"]) == data["banes"]
        return int(data["banes"])

    assert await banes() == 2
    r = await t.ok("RemoveAffliction", {**hero, "name": "poisoned", "source": "snake"})
    assert r["events"][0]["data"]["instances"] == 1
    assert await banes() == 2
    await t.ok("RemoveAffliction", {**hero, "name": "poisoned"})
    assert await banes() == 1
    await t.refused("RemoveAffliction", {**hero, "name": "poisoned"}, 409,
                    "boonbane.affliction L306")
    # damage wakes the asleep (L253), another creature's action wakes it (L252)
    await t.ok("AddAffliction", {**hero, "name": "asleep"})
    r = await t.ok("TakeDamage", {**hero, "amount": 2})
    assert r["events"][0]["data"]["removed"] == ["asleep"]
    assert "asleep" not in (await t.read("characters/hero", r))["derived"]["afflictions"]
    await t.ok("AddAffliction", {**hero, "name": "asleep"})
    r = await t.ok("WakeCreature", {"character_id": "foe", "target_id": "hero"})
    assert r["events"][0]["data"]["cause"] == "woken L252 by foe"
    # a GM award with a reason (D-62); a lower Health caps Damage (L27)
    r = await t.ok("AwardStat", {**hero, "stat": "health", "change": -11,
                                 "reason": "cursed by the lich"})
    award = r["events"][0]["data"]
    assert (award["before"], award["after"], award["damage"]) == (12, 1, 1)
    read = await t.read("characters/hero", r)
    assert read["sheet"]["health"] == 1 and read["derived"]["healing_rate"] == 1  # L57
    await t.refused("AwardStat", {**hero, "stat": "fortune", "change": -1, "reason": "x"}, 422,
                    "boonbane.award D-62")
    await t.refused("AwardStat", {"character_id": "foe", "stat": "fortune", "change": 1,
                                  "reason": "x"}, 422, "boonbane.fortune L45-L47")


async def test_area_damage_is_rolled_once_for_every_target(api: Api) -> None:
    t = await _table(api, {"a": ("ann", {"health": 30}), "b": ("ann", {"health": 30}),
                           "c": ("ann", {"kind": "npc", "health": 30})})
    r = await t.ok("AreaDamage", {"targets": [{"character_id": "a"},
                                              {"character_id": "b", "halve": True},
                                              {"character_id": "c"}],
                                  "dice": 3, "sides": 6, "bonus": 1})
    rolled, *taken = r["events"]
    assert rolled["type"] == f"{R}.DamageRolled" and len(rolled["data"]["dice"]) == 3
    amount = sum(rolled["data"]["dice"]) + 1
    assert rolled["data"]["amount"] == amount
    # L29: the same roll for each; L30: half rounded down for b
    assert [(e["data"]["character_id"], e["data"]["applied"]) for e in taken] == [
        ("a", amount), ("b", amount // 2), ("c", amount)]
    assert (await t.read("characters/b", r))["sheet"]["damage"] == amount // 2
    # one target the GM did not decide for (L64) refuses the whole area, naming it
    await t.ok("TakeDamage", {"character_id": "c", "amount": 30 - amount - 2})
    body = await t.refused("AreaDamage", {"targets": [{"character_id": "a"},
                                                      {"character_id": "c"}], "bonus": 2,
                                          "dice": 0}, 422, "boonbane.incapacitated L64")
    assert body["field"] == "payload.targets[1].npc_outcome"


async def test_fortune_spent_after_the_roll_is_an_event_linked_to_it(api: Api) -> None:
    t = await _table(api, {"hero": ("bob", {"fortune": 1, "will": 4})})
    bob: str = t.bob  # type: ignore[attr-defined]
    # Will 4 is modifier -6: d20 - 6 never reaches 25, so the roll fails whatever is rolled
    r = await t.ok("ChallengeRoll", {"character_id": "hero", "stat": "will", "target_number": 25},
                   token=bob)
    roll = r["events"][0]["data"]
    assert roll["success"] is False and roll["number"] == 1
    r = await t.ok("SpendFortune", {"character_id": "hero", "use": "succeed"}, token=bob)
    amended = r["events"][0]
    assert amended["type"] == f"{R}.FortuneAmended"
    assert (amended["data"]["roll"], amended["data"]["success"], amended["data"]["fortune"]) == (
        1, True, 0)
    read = await t.read("characters/hero", r)
    assert read["sheet"]["fortune"] == 0 and read["sheet"]["last_roll"]["success"] is True
    await t.ok("ChallengeRoll", {"character_id": "hero", "stat": "will"}, token=bob)
    # a Fortune the character does not have (L45)
    await t.refused("SpendFortune", {"character_id": "hero", "use": "succeed"}, 409,
                    "boonbane.fortune L45", token=bob)


async def test_the_readme_boonbane_walkthrough_runs(api: Api) -> None:
    """The worked example of docs/rulesets/boonbane.md, sent as written."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "rulesets" / "boonbane.md").read_text()
    block = page.split("```bash", 1)[1].split("```")[0]
    steps = re.findall(r"^command \"\$ANN\" (\S+) (\S+) '(.*)'$", block, re.M)
    assert len(steps) == 15
    ann = await api.token("ann")
    odds = await api.get(ann, "/v1/rulesets/boonbane/odds", modifier=0, boons=1, banes=0,
                         target=10)
    assert odds.json()["p_success"] == "29/40"
    for command_id, type_, payload in steps:
        r = await api.client.post("/v1/commands", headers=api.auth(ann), json={
            "command_id": command_id, "type": type_, "payload": json.loads(payload)})
        if command_id == "bb-7":  # acting twice in a turn
            assert r.status_code == 409, r.text
            assert r.json()["rule"] == "boonbane.one-action L121-L122", r.text
            shown = re.search(r"bb-7 .*\n# (\{.*\})", block)
            assert shown is not None and f'"rule": "{r.json()["rule"]}"' in shown.group(1)
            assert f'"status": {r.status_code}' in shown.group(1)
            assert r.json()["type"].endswith(shown.group(1).split('"type": "...', 1)[1]
                                             .split('"', 1)[0]), r.json()["type"]
        else:
            assert r.status_code == 200, (command_id, r.text)


async def test_social_backfire_and_misfire_by_the_rule_on_what_was_rolled(api: Api) -> None:
    t = await _table(api, {"oaf": ("ann", {"intellect": 0, "agility": 0, "health": 300}),
                           "mark": ("ann", {"will": 10})})
    seen = {"backfire": 0, "misfire": 0}
    for _ in range(12):
        r = await t.ok("AttackRoll", {"character_id": "oaf", "target_id": "mark",
                                      "attribute": "intellect", "against": "will",
                                      "social": True})
        roll = r["events"][0]["data"]
        assert roll["backfire"] == (roll["total"] <= 0)  # L104: Intellect 0 is modifier -10
        seen["backfire"] += roll["backfire"]
        r = await t.ok("AttackRoll", {"character_id": "oaf", "target_id": "mark",
                                      "attribute": "agility", "misfire": True})
        roll = r["events"][0]["data"]
        if roll["total"] > 0:
            assert roll["misfire"] == [] and len(r["events"]) == 1
            continue
        seen["misfire"] += 1
        d6 = roll["misfire"][0]  # L128: odd explodes for 2d6 to the wielder, even jams
        assert roll["jammed"] == (d6 % 2 == 0) and len(roll["misfire"]) == (3 if d6 % 2 else 1)
        if roll["jammed"]:
            # the jam stays on the sheet: no attack with that weapon until a minute of repair
            sheet = (await t.read("characters/oaf", r))["sheet"]
            assert sheet["jammed_weapons"] == ["misfire weapon"]
            body = await t.refused("AttackRoll", {"character_id": "oaf", "target_id": "mark",
                                                  "attribute": "agility", "misfire": True},
                                   409, "boonbane.misfire L128")
            assert body["field"] == "payload.weapon"
            fixed = await t.ok("RepairWeapon", {"character_id": "oaf"})
            assert (await t.read("characters/oaf", fixed))["sheet"]["jammed_weapons"] == []
            await t.refused("RepairWeapon", {"character_id": "oaf"}, 409, "boonbane.misfire L128")
        if d6 % 2:
            hurt = r["events"][-1]
            assert hurt["type"] == f"{R}.DamageTaken" and hurt["data"]["character_id"] == "oaf"
            assert hurt["data"]["rolled"] == sum(roll["misfire"][1:])
    assert seen["backfire"] and seen["misfire"], seen  # d20 <= 10: each about half the time


async def test_exposure_tier_three_will_roll_at_the_start_of_a_turn(api: Api) -> None:
    t = await _table(api, {"mad": ("ann", {"exposure_tier": 3, "will": 12})})
    await t.ok("StartEncounter", {"encounter_id": "e", "participants": [{"character_id": "mad"}]})
    r = await t.ok("TakeTurn", {"encounter_id": "e", "character_id": "mad", "turn": "fast"})
    turn, roll = r["events"]
    assert roll["type"] == f"{R}.RollMade" and roll["data"]["stat"] == "will"
    assert roll["data"]["success"] == (roll["data"]["d20"] + 2 >= 10)  # L372, Will 12 is +2
    assert turn["data"]["loss_of_control"] == (not roll["data"]["success"])


async def test_surprise_is_a_perception_roll_before_the_first_round(api: Api) -> None:
    t = await _table(api, {"scout": ("ann", {"perception": 12})})
    enc = {"encounter_id": "e", "character_id": "scout"}
    await t.ok("StartEncounter", {"encounter_id": "e", "participants": [{"character_id": "scout"}]})
    r = await t.ok("CheckSurprise", enc)
    roll = r["events"][0]["data"]
    assert roll["stat"] == "perception" and roll["success"] == (roll["d20"] + 2 >= 10)  # L108
    surprised = "surprised" in (await t.read("characters/scout", r))["derived"]["afflictions"]
    assert surprised == (not roll["success"])  # L109
    if surprised:
        await t.refused("TakeTurn", {**enc, "turn": "slow"}, 409, "boonbane.surprised L328")
    r = await t.ok("EndRound", {"encounter_id": "e", "participants": ["scout"]})
    assert "surprised" not in (await t.read("characters/scout", r))["derived"]["afflictions"]
    await t.refused("CheckSurprise", enc, 409, "boonbane.surprise L108")


async def test_charge_defend_and_help_last_the_round(api: Api) -> None:
    t = await _table(api, {"hero": ("ann", {"intellect": 30}), "ally": ("ann", {}),
                           "goblin": ("ann", {"kind": "npc"})})
    enc = {"encounter_id": "e"}
    await t.ok("StartEncounter", {**enc, "participants": [{"character_id": c}
                                                          for c in ("hero", "ally", "goblin")]})
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "fast"})
    # Intellect 30 (+20) cannot fail Help's challenge roll (L184): the ally gets 1 boon
    r = await t.ok("Help", {**enc, "character_id": "hero", "target_id": "ally"})
    assert r["events"][-1]["type"] == f"{R}.RoundEffectAdded"
    await t.ok("TakeTurn", {**enc, "character_id": "goblin", "turn": "fast"})
    await t.ok("Defend", {**enc, "character_id": "goblin"})
    await t.ok("TakeTurn", {**enc, "character_id": "ally", "turn": "slow"})
    r = await t.ok("AttackRoll", {**enc, "character_id": "ally", "target_id": "goblin",
                                  "charge": True})
    roll = r["events"][1]["data"]
    lines = {s["line"]: (s["boons"], s["banes"]) for s in roll["sources"]}
    # helped +1 boon (L184), charging +1 bane (L143), the goblin defending +1 bane (L150)
    assert lines == {"L184": (1, 0), "L143": (0, 1), "L150": (0, 1)}
    assert roll["consumed"] == ["helped"]
    read = await t.read("characters/ally", r)
    assert [e["kind"] for e in read["sheet"]["round_effects"]] == ["charging"]
    r = await t.ok("EndRound", {**enc, "participants": ["hero", "ally", "goblin"]})
    assert (await t.read("characters/ally", r))["sheet"]["round_effects"] == []


async def test_distract_gives_the_next_roll_two_banes_this_round(api: Api) -> None:
    t = await _table(api, {"hero": ("ann", {"intellect": 30}),
                           "goblin": ("ann", {"kind": "npc", "intellect": 10})})
    enc = {"encounter_id": "e"}
    await t.ok("StartEncounter", {**enc, "participants": [{"character_id": c}
                                                          for c in ("hero", "goblin")]})
    await t.refused("Distract", {**enc, "character_id": "hero", "target_id": "hero"}, 422,
                    "boonbane.distract L159")
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "fast"})
    # Intellect 30 (+20) against Intellect 10 cannot fail the Int attack roll (L159)
    r = await t.ok("Distract", {**enc, "character_id": "hero", "target_id": "goblin"})
    roll, effect = r["events"][-2:]
    assert roll["data"]["stat"] == "intellect" and roll["data"]["against"] == "intellect"
    assert effect["type"] == f"{R}.RoundEffectAdded" and effect["data"]["character_id"] == "goblin"
    # the goblin's next roll this round has 2 banes (L160), and uses the effect up
    await t.ok("TakeTurn", {**enc, "character_id": "goblin", "turn": "fast"})
    r = await t.ok("ChallengeRoll", {**enc, "character_id": "goblin", "stat": "will"})
    [made] = [e["data"] for e in r["events"] if e["type"] == f"{R}.RollMade"]
    assert {s["line"]: (s["boons"], s["banes"]) for s in made["sources"]} == {"L160": (0, 2)}
    assert made["consumed"] == ["distracted"]
    assert (await t.read("characters/goblin", r))["sheet"]["round_effects"] == []


async def test_prepare_gives_the_triggered_roll_one_boon_this_round(api: Api) -> None:
    t = await _table(api, {"hero": ("ann", {}), "goblin": ("ann", {"kind": "npc"})})
    enc = {"encounter_id": "e"}
    await t.ok("StartEncounter", {**enc, "participants": [{"character_id": c}
                                                          for c in ("hero", "goblin")]})
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "fast"})
    r = await t.ok("Prepare", {**enc, "character_id": "hero", "trigger": "the goblin moves"})
    assert [e["type"] for e in r["events"]] == [f"{R}.ActionUsed", f"{R}.RoundEffectAdded"]
    # the trigger comes: the prepared attack, the triggered action, has 1 boon (L206-L207)
    r = await t.ok("AttackRoll", {**enc, "character_id": "hero", "target_id": "goblin",
                                  "use": "triggered"})
    [made] = [e["data"] for e in r["events"] if e["type"] == f"{R}.RollMade"]
    assert {s["line"]: (s["boons"], s["banes"]) for s in made["sources"]} == {"L207": (1, 0)}
    assert made["consumed"] == ["prepared"]
    assert (await t.read("characters/hero", r))["sheet"]["round_effects"] == []
    # a Prepare must name its trigger (L206)
    bad = await t.api.command(t.gm, f"{R}.Prepare", {"campaign_id": t.cid, **enc,
                                                     "character_id": "goblin", "trigger": ""})
    assert bad.status_code == 422 and bad.json()["field"] == "payload.trigger"


async def test_feint_gives_two_boons_against_the_target_until_the_next_round_ends(
        api: Api) -> None:
    t = await _table(api, {"hero": ("ann", {"agility": 30}),
                           "goblin": ("ann", {"kind": "npc", "perception": 10}),
                           "orc": ("ann", {"kind": "npc"})})
    enc = {"encounter_id": "e"}
    every = ["hero", "goblin", "orc"]
    await t.ok("StartEncounter", {**enc, "participants": [{"character_id": c} for c in every]})
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "fast"})
    # Agility 30 (+20) against Perception 10 cannot fail the Agi attack roll (L170)
    r = await t.ok("Feint", {**enc, "character_id": "hero", "target_id": "goblin"})
    roll, effect = r["events"][-2:]
    assert roll["data"]["stat"] == "agility" and roll["data"]["against"] == "perception"
    assert effect["data"]["effect"]["until_round"] == 2  # before the end of the next round
    # the round ends; the feint lasts into the next round (L171)
    r = await t.ok("EndRound", {**enc, "participants": every})
    effects = (await t.read("characters/hero", r))["sheet"]["round_effects"]
    assert [e["kind"] for e in effects] == ["feinting"]
    await t.ok("TakeTurn", {**enc, "character_id": "hero", "turn": "fast"})
    # an attack on another creature does not get the boons
    r = await t.ok("AttackRoll", {**enc, "character_id": "hero", "target_id": "orc"})
    [made] = [e["data"] for e in r["events"] if e["type"] == f"{R}.RollMade"]
    assert "L171" not in {s["line"] for s in made["sources"]}
    # the next attack against the goblin (the round's triggered action) has 2 boons, used up
    r = await t.ok("AttackRoll", {**enc, "character_id": "hero", "target_id": "goblin",
                                  "use": "triggered"})
    [made] = [e["data"] for e in r["events"] if e["type"] == f"{R}.RollMade"]
    assert {s["line"]: (s["boons"], s["banes"]) for s in made["sources"]} == {"L171": (2, 0)}
    assert made["consumed"] == ["feinting"]
    assert (await t.read("characters/hero", r))["sheet"]["round_effects"] == []
