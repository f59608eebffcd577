"""One contract, two transports: every command and every query over HTTP and over gRPC,
against one running service, with the results compared.

Commands: each is sent over one transport, then the same envelope (same command id) over the
other. A recorded command comes back as its first result (so both transports must carry the
same payload: a different one would be refused as a reused idempotency key), a refused one is
refused again, and the refusals must match (status, field, rule). Queries run over both, for a
GM, a player and an observer, and must return the same values. The live stream must deliver the
same events to the same users.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import grpc
import httpx

from contracts.commands import ENVELOPES
from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithOdds
from services.entrypoints.http.routes import v1_router
from services.entrypoints.schema import RPCS
from tests.integration.test_grpc import GrpcError, Stack, stack  # noqa: F401  (the fixture)

# Free-form values (sheets, options) travel as google.protobuf.Struct, whose maps keep no
# order; the pipeline's idempotency digest encodes dicts in insertion order, so the stories
# below send their free-form keys sorted (see the report on making that digest canonical).
HERO = {"advances": 3, "characteristics": {"ag": 2, "fel": 2, "int": 2, "str": 5, "to": 2, "wp": 2},
        "experience": 20, "fortune": 2, "fortune_rating": 2, "phase": "play",
        "skills": {"Superflight (Winged)": {"characteristic": "ag", "kind": "travel",
                                            "mode": "Winged"}}}
FOE = {"characteristics": {"ag": 2, "fel": 2, "int": 2, "str": 2, "to": 1, "wp": 2},
       "phase": "play", "soak": 1}
NEWBIE = {"characteristics": {"ag": 2, "fel": 2, "int": 2, "str": 3, "to": 2, "wp": 2},
          "creation_points": 0}

# HTTP status -> the gRPC codes it may correspond to
STATUS_CODES: dict[int, set[grpc.StatusCode]] = {
    400: {grpc.StatusCode.INVALID_ARGUMENT},
    401: {grpc.StatusCode.UNAUTHENTICATED},
    403: {grpc.StatusCode.PERMISSION_DENIED},
    404: {grpc.StatusCode.NOT_FOUND},
    409: {grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED},
    422: {grpc.StatusCode.INVALID_ARGUMENT},
    503: {grpc.StatusCode.UNAVAILABLE},
}


@dataclass
class Outcome:
    ok: bool
    value: Any = None  # the result, or (status or code, field, rule) for a refusal


def agree(http: Outcome, over_grpc: Outcome) -> bool:
    """Same result, or the same refusal: a matching status code, the same field and rule."""
    if http.ok != over_grpc.ok:
        return False
    if http.ok:
        return bool(http.value == over_grpc.value)
    status, field_, rule = http.value
    code, grpc_field, grpc_rule = over_grpc.value
    return code in STATUS_CODES.get(status, set()) and (field_, rule) == (grpc_field, grpc_rule)


def http_outcome(response: httpx.Response) -> Outcome:
    if response.status_code == 200:
        return Outcome(True, response.json())
    body = response.json()
    return Outcome(False, (response.status_code, body.get("field"), body.get("rule")))


async def grpc_outcome(call: Any) -> Outcome:
    try:
        return Outcome(True, await call)
    except GrpcError as err:
        return Outcome(False, (err.code, err.field, err.rule))


@dataclass
class World:
    s: Stack
    tokens: dict[str, str]
    ids: dict[str, Any] = field(default_factory=dict)
    commands: dict[str, list[str]] = field(default_factory=dict)  # type -> outcomes
    step: int = 0

    async def both(self, user: str, type_: str, payload: dict[str, Any],
                   **envelope: Any) -> Outcome:
        """Send a command over one transport, then the same envelope over the other."""
        self.step += 1
        command_id = f"p{self.step}-{uuid.uuid4().hex[:10]}"
        token = self.tokens[user]
        http_first = self.step % 2 == 0
        body = {"command_id": command_id, "type": type_, "payload": payload, **envelope}

        async def over_http() -> Outcome:
            return http_outcome(await self.s.api.client.post(
                "/v1/commands", json=body, headers=self.s.api.auth(token)))

        async def over_grpc() -> Outcome:
            g = self.s.grpc
            return await grpc_outcome(_reply(g, token, body))

        first = await (over_http() if http_first else over_grpc())
        second = await (over_grpc() if http_first else over_http())
        if first.ok and second.ok:
            assert first.value.pop("duplicate") is False and second.value.pop("duplicate") is True
        http_o, grpc_o = (first, second) if http_first else (second, first)
        assert agree(http_o, grpc_o), (type_, payload, "http:", http_o, "grpc:", grpc_o)
        self.commands.setdefault(type_, []).append("ok" if first.ok else f"refused {first.value}")
        return first


async def run_commands(w: World) -> None:
    """Every command type, over both transports, in a story that makes most of them succeed."""
    # -- the platform, on a generic campaign
    await w.both("ann", "CreateCampaign", {"name": "Saga", "options": {"house": 1}})
    made = await w.both("ann", "CreateCampaign", {"name": "Saga", "options": {}})
    cid = made.value["campaign_id"]
    w.ids["generic"] = cid
    for user, role in (("bob", "player"), ("carl", "player"), ("olga", "observer")):
        await w.both("ann", "AddMember", {"campaign_id": cid, "user": user, "role": role})
    await w.both("ann", "AddMember", {"campaign_id": cid, "user": "eve", "role": "wizard"})
    table = await w.both("ann", "CreateTable", {"campaign_id": cid, "name": "Main",
                                                "table_id": "main"})
    assert table.ok
    vex = await w.both("bob", "CreateCharacter", {"campaign_id": cid, "name": "Vex",
                                                  "sheet": {"hp": 10, "notes": ["x", 2.5]},
                                                  "character_id": "vex"})
    assert vex.ok
    await w.both("carl", "RenameCharacter", {"campaign_id": cid, "character_id": "vex",
                                             "name": "Mine"})
    await w.both("bob", "RenameCharacter", {"campaign_id": cid, "character_id": "vex",
                                            "name": "Vex the Bold"})
    await w.both("bob", "SeatCharacter", {"campaign_id": cid, "table_id": "main",
                                          "character_id": "vex"})
    await w.both("ann", "StartSession", {"campaign_id": cid, "table_id": "main"})
    await w.both("ann", "StartSession", {"campaign_id": cid, "table_id": "main"})
    await w.both("bob", "RollDice", {"campaign_id": cid, "expression": "2d6+3", "table_id": "main",
                                     "character_id": "vex", "label": "strike"})
    ambush = await w.both("ann", "RollDice", {"campaign_id": cid, "expression": "d20",
                                              "visibility": "gm", "label": "ambush",
                                              "table_id": "main"}, client_seed="ann-seed-1")
    assert ambush.ok
    await w.both("bob", "RollDice", {"campaign_id": cid, "expression": "d8"},
                 client_seed="bad seed!")
    await w.both("bob", "RevealRoll", {"campaign_id": cid, "position": ambush.value["position"]})
    await w.both("ann", "RevealRoll", {"campaign_id": cid, "position": ambush.value["position"]})
    await w.both("ann", "Retcon", {"campaign_id": cid, "position": vex.value["position"],
                                   "reason": ""})
    await w.both("ann", "Retcon", {"campaign_id": cid, "position": ambush.value["position"],
                                   "reason": "the ambush never happened"})
    await w.both("ann", "RotateSeed", {"campaign_id": cid})
    await w.both("olga", "RotateSeed", {"campaign_id": cid})
    await w.both("bob", "RollDice", {"campaign_id": cid, "expression": "4d6kh3",
                                     "visibility": "gm"})
    await w.both("bob", "RollDice", {"campaign_id": cid, "expression": "2x"})
    await w.both("olga", "RollDice", {"campaign_id": cid, "expression": "d6"})
    await w.both("bob", "UnseatCharacter", {"campaign_id": cid, "table_id": "main",
                                            "character_id": "vex"})
    await w.both("ann", "EndSession", {"campaign_id": cid, "table_id": "main"})
    await w.both("bob", "CreateCharacter", {"campaign_id": cid, "name": "Spare",
                                            "character_id": "spare"})
    await w.both("bob", "RetireCharacter", {"campaign_id": cid, "character_id": "spare",
                                            "reason": "moved away"})
    await w.both("ann", "RemoveMember", {"campaign_id": cid, "user": "carl"})
    await w.both("ann", "RemoveMember", {"campaign_id": cid, "user": "ann"})
    # -- WISH
    wish = await w.both("ann", "CreateCampaign", {"name": "Capes", "ruleset": "wish"})
    wid = wish.value["campaign_id"]
    w.ids["wish"] = wid
    await w.both("ann", "AddMember", {"campaign_id": wid, "user": "bob", "role": "player"})
    await w.both("ann", "AddMember", {"campaign_id": wid, "user": "olga", "role": "observer"})
    for user, chid, sheet in (("bob", "hero", HERO), ("ann", "foe", FOE),
                              ("bob", "newbie", NEWBIE)):
        made_char = await w.both(user, "CreateCharacter", {"campaign_id": wid, "name": chid,
                                                           "character_id": chid, "sheet": sheet})
        assert made_char.ok, made_char.value
    await w.both("bob", "CreateCharacter", {"campaign_id": wid, "name": "Bad",
                                            "sheet": {"characteristics": {"str": 99}}})
    hero = {"campaign_id": wid, "character_id": "hero"}
    await w.both("bob", "wish.ShiftStance", {**hero, "steps": 1})
    await w.both("bob", "wish.ShiftStance", {**hero, "steps": 5})
    await w.both("bob", "wish.RollCheck", {**hero, "characteristic": "str", "difficulty": 1})
    await w.both("bob", "wish.RollCheck", {**hero, "characteristic": "luck"})
    await w.both("ann", "wish.StartEncounter", {"campaign_id": wid, "encounter_id": "brawl",
                                                "participants": ["hero", "foe"]})
    await w.both("bob", "wish.StartTurn", {"campaign_id": wid, "encounter_id": "brawl",
                                           "character_id": "hero"})
    await w.both("bob", "wish.TakeManeuver", {"campaign_id": wid, "encounter_id": "brawl",
                                              "character_id": "hero", "kind": "movement"})
    await w.both("bob", "wish.TakeManeuver", {"campaign_id": wid, "encounter_id": "brawl",
                                              "character_id": "hero", "kind": "assist",
                                              "ally_id": "foe"})  # L384
    await w.both("bob", "wish.TakeManeuver", {"campaign_id": wid, "encounter_id": "brawl",
                                              "character_id": "hero", "kind": "toggle",
                                              "stunt": "Aura"})  # L260: no such stunt
    await w.both("bob", "wish.TakeManeuver", {"campaign_id": wid, "encounter_id": "brawl",
                                              "character_id": "hero", "kind": "maintain",
                                              "stunt": "Aura"})  # L262: not in play
    await w.both("bob", "wish.MaintainEffect", {"campaign_id": wid, "encounter_id": "brawl",
                                                "character_id": "hero",
                                                "stunt": "Aura"})  # L263-264: not in play
    await w.both("bob", "wish.BeginExtended", {"campaign_id": wid, "encounter_id": "brawl",
                                               "character_id": "hero",
                                               "stunt": "Aura"})  # L261: no such stunt
    await w.both("bob", "wish.PlayPinned", {"campaign_id": wid, "encounter_id": "brawl",
                                            "character_id": "hero"})  # L446: nothing pinned
    await w.both("bob", "wish.Attack", {**hero, "target_id": "foe", "encounter_id": "brawl",
                                        "engaged": ["hero"]})  # L270: not a Burst attack
    await w.both("bob", "wish.Attack", {**hero, "target_id": "foe", "encounter_id": "brawl",
                                        "skill": "Melee Skill"})
    await w.both("bob", "wish.EndTurn", {"campaign_id": wid, "encounter_id": "brawl",
                                         "character_id": "hero"})
    await w.both("ann", "wish.EndRound", {"campaign_id": wid, "encounter_id": "brawl"})
    await w.both("ann", "wish.RallyStep", {"campaign_id": wid, "encounter_id": "brawl",
                                           "participants": ["hero"]})  # G-8: name every one
    await w.both("ann", "wish.RallyStep", {"campaign_id": wid, "encounter_id": "brawl",
                                           "participants": ["hero", "foe"]})  # L257, L1405
    brawl = {**hero, "encounter_id": "brawl"}
    await w.both("bob", "wish.StartTurn", brawl)
    await w.both("ann", "wish.SetSeparation", {**brawl, "target_id": "foe", "band": "Close"})
    await w.both("bob", "wish.Move", {**brawl, "target_id": "foe", "maneuvers": 3})
    await w.both("bob", "wish.Move", {**brawl, "target_id": "foe", "maneuvers": 2})
    await w.both("bob", "wish.Grandstand", brawl)
    await w.both("bob", "wish.TakeBasicAction", {**brawl, "action": "Charge"})
    await w.both("bob", "wish.TakeBasicAction", {**brawl, "action": "Ward"})
    await w.both("bob", "wish.EndTurn", brawl)
    await w.both("ann", "wish.EndRound", {"campaign_id": wid, "encounter_id": "brawl"})
    await w.both("ann", "wish.ApplyDamage", {"campaign_id": wid, "character_id": "foe",
                                             "amount": 3})
    await w.both("ann", "wish.InflictLasting", {**hero, "kind": "critical", "name": "Cracked rib"})
    await w.both("ann", "wish.Heal", {**hero, "wounds": 1})
    await w.both("ann", "wish.Recover", {**hero, "stress": 1})
    added = await w.both("ann", "wish.AddCondition", {**hero, "name": "Stunned"})
    condition = "nope"
    if added.ok:
        for ev in added.value["events"]:
            found = json.dumps(ev["data"])
            if "condition" in found and "id" in found:
                condition = _find_id(ev["data"]) or condition
    await w.both("ann", "wish.RemoveCondition", {**hero, "condition_id": condition})
    await w.both("ann", "wish.RollBriefCondition", {**hero, "table": "malign"})
    await w.both("bob", "wish.SpendFortune", {**hero, "points": 1, "purpose": "reroll"})
    await w.both("ann", "wish.GainFortune", {**hero, "points": 1})
    await w.both("ann", "wish.AwardExperience", {**hero, "xp": 5, "reason": "session"})
    await w.both("bob", "wish.AwardExperience", {**hero, "xp": 5})
    await w.both("bob", "wish.SpendAdvance", {**hero, "purchase": {"kind": "characteristic",
                                                                   "target": "ag"}})
    # the defender's side of a contest is its controller's (L1017-1020): the GM, who runs foe
    await w.both("ann", "wish.ContestedCheck", {**hero, "target_id": "foe", "characteristic": "ag",
                                                "opposition": {"characteristic": "ag"},
                                                "check_id": "contest-1"})
    await w.both("bob", "wish.SpendFortuneAfterRoll", {**hero, "check_id": "contest-1"})
    await w.both("bob", "wish.ChooseOptionLines", {**hero, "check_id": "contest-1", "lines": [
        {"key": "+", "label": "a boon"}, {"key": "1", "times": 1}]})
    await w.both("ann", "wish.ImposeOptionLines", {**hero, "check_id": "contest-1", "lines": [
        {"key": "-"}]})
    await w.both("ann", "wish.TakeHindrance", {**hero, "name": "Obsession", "detail": "gold"})
    await w.both("ann", "wish.ExposeToFear", {**hero, "rating": 2})
    await w.both("bob", "wish.ChooseOrigin", {"campaign_id": wid, "character_id": "newbie",
                                              "origin": "Mutant",
                                              "picks": {"str": 1, "ag": 1, "to": 1, "int": 1}})
    await w.both("bob", "wish.ChooseOriginGrants", {"campaign_id": wid, "character_id": "newbie",
                                                    "stunts": ["Blast"], "stunt_sfx": "Energy"})
    await w.both("ann", "wish.Repair", {**hero, "wounds": 1})
    await w.both("bob", "wish.UseMysticalReality", {**hero, "check_id": "check-1"})
    await w.both("bob", "wish.UseCosmicWinds", {**hero, "check_id": "check-1",
                                                "effect": "reset_fortune"})
    await w.both("ann", "wish.RemindXeno", hero)
    await w.both("ann", "wish.RechargeItemOfPower", hero)  # L924
    await w.both("bob", "wish.OvercomeOriginHindrance", {**hero, "name": "Xeno"})
    await w.both("ann", "wish.ChooseMalfunction", {**hero, "critical_id": "crit-1",
                                                   "stunt": "Bash"})
    await w.both("bob", "wish.TravelCheck", {**hero, "skill": "Superflight (Winged)",
                                             "purpose": "dive"})
    await w.both("bob", "wish.ChooseArchetype", {"campaign_id": wid, "character_id": "newbie",
                                                 "archetype": "Brick"})
    await w.both("bob", "wish.FinishCreation", {"campaign_id": wid, "character_id": "newbie"})
    duel = {"campaign_id": wid, "encounter_id": "duel"}
    await w.both("ann", "wish.StartEncounter", {**duel, "participants": ["hero", "foe"]})
    await w.both("ann", "wish.RollInitiative", {**duel, "sides": {"hero": "h", "foe": "v"}})
    await w.both("ann", "wish.Stabilize", {**hero, "target_id": "foe"})
    await w.both("ann", "wish.Charge", {**duel, "character_id": "hero", "target_id": "foe"})
    await w.both("ann", "wish.React", {**duel, "character_id": "foe", "attacker_id": "hero",
                                       "action": "Brace"})
    await w.both("ann", "wish.EndEncounter", {"campaign_id": wid, "encounter_id": "brawl",
                                              "participants": ["hero", "foe"]})
    # devices (L299-332), assists (L384-388), Travel modes (L1084), the Alien's points (L776)
    gadgets = {"characteristics": NEWBIE["characteristics"], "phase": "play",
               "stunts": {"Blaster": {"sfx": "Gear", "traits": ["Ranged", "Push"]}},
               "devices": {"Raygun": {"stunts": ["Blaster"], "state": "disarmed"}}}
    await w.both("ann", "CreateCharacter", {"campaign_id": wid, "name": "Gadget",
                                            "character_id": "gadget", "sheet": gadgets})
    gadget = {"campaign_id": wid, "character_id": "gadget"}
    await w.both("ann", "wish.RollCheck", {**gadget, "characteristic": "ag", "stunt": "Blaster"})
    await w.both("ann", "wish.RestoreDevice", {**gadget, "device": "Raygun", "how": "recover"})
    await w.both("ann", "wish.RestoreDevice", {**gadget, "device": "Raygun", "how": "repair"})
    await w.both("ann", "wish.TakeManeuver", {**hero, "kind": "assist", "ally_id": "gadget"})
    await w.both("ann", "wish.RollCheck", {**gadget, "characteristic": "ag", "stunt": "Blaster",
                                           "assisted_by": ["hero"]})
    await w.both("ann", "wish.Attack", {**hero, "target_id": "gadget", "device": "Raygun",
                                        "disarm": True})
    await w.both("ann", "wish.ChooseJustificationLine", {**gadget, "check_id": "check-2",
                                                         "line": "!"})
    await w.both("ann", "wish.ImposeJustificationLine", {**gadget, "check_id": "check-2",
                                                         "line": "?"})
    await w.both("bob", "wish.ImposeJustificationLine", {**gadget, "check_id": "check-2",
                                                         "line": "-"})
    await w.both("ann", "wish.RestoreStunt", {**gadget, "stunt": "Blaster"})
    await w.both("ann", "CreateCharacter", {"campaign_id": wid, "name": "Et", "character_id": "et",
                                            "sheet": {"characteristics": NEWBIE["characteristics"]}})
    await w.both("ann", "wish.ChooseOrigin", {"campaign_id": wid, "character_id": "et",
                                              "origin": "Alien", "picks": {
                                                  "str": 1, "ag": 1, "to": 1, "int": 1, "fel": -1}})
    await w.both("ann", "wish.ChooseOriginGrants", {"campaign_id": wid, "character_id": "et",
                                                    "sfx": "Feral"})
    await w.both("ann", "wish.SpendAdvance", {"campaign_id": wid, "character_id": "et",
                                              "currency": "alien", "purchase": {
                                                  "kind": "acquire_skill", "target": "Superflight",
                                                  "mode": "Winged"}})
    gh = await w.both("ann", "CreateCampaign", {"name": "Heroes", "ruleset": "golden-heroes"})
    ghid = gh.value["campaign_id"]
    for chid in ("gh-hero", "gh-foe"):
        await w.both("ann", "CreateCharacter", {"campaign_id": ghid, "name": chid,
                                                "character_id": chid, "sheet": {}})
        await w.both("ann", "golden-heroes.GenerateCharacter",
                     {"campaign_id": ghid, "character_id": chid})
    await w.both("ann", "golden-heroes.GenerateCharacter",
                 {"campaign_id": ghid, "character_id": "gh-hero"})
    gh_hero = {"campaign_id": ghid, "character_id": "gh-hero"}
    await w.both("ann", "golden-heroes.RollPower", gh_hero)
    await w.both("ann", "golden-heroes.ChoosePower", {**gh_hero, "power": "flight"})
    await w.both("ann", "golden-heroes.UpgradePower", {**gh_hero, "power": "strength"})
    await w.both("ann", "golden-heroes.ChoosePowerOption", {**gh_hero, "power": "martial_arts",
                                                            "choice": "oriental"})
    await w.both("ann", "golden-heroes.ConvertPowerRolls", {**gh_hero, "count": 1})
    await w.both("ann", "golden-heroes.TakeBackground", {**gh_hero, "background": "immortal"})
    strike = {"campaign_id": ghid, "character_id": "gh-hero", "target_id": "gh-foe"}
    await w.both("ann", "golden-heroes.Strike", {**strike, "circumstances": ["behind", "unaware"]})
    await w.both("ann", "golden-heroes.Strike", {**strike, "circumstances": ["behind", "above"]})
    await w.both("ann", "golden-heroes.Respond", {"campaign_id": ghid, "character_id": "gh-foe",
                                                  "response": "dodge"})
    gh_fight = {"campaign_id": ghid, "encounter_id": "gh-fight"}
    await w.both("ann", "golden-heroes.StartCombat", {**gh_fight, "heroes": ["gh-hero"],
                                                      "villains": ["gh-foe"]})
    await w.both("ann", "golden-heroes.RollInitiative", gh_fight)
    await w.both("ann", "golden-heroes.Act", {**gh_fight, "character_id": "gh-hero",
                                              "activity": "frame"})
    await w.both("ann", "golden-heroes.Strike", {**strike, "encounter_id": "gh-fight"})
    await w.both("ann", "golden-heroes.EndPhase", gh_fight)
    await w.both("ann", "golden-heroes.Recover", {"campaign_id": ghid, "character_id": "gh-foe"})
    await w.both("ann", "golden-heroes.Aid", {"campaign_id": ghid, "character_id": "gh-hero",
                                              "target_id": "gh-foe", "kind": "htc_aid"})
    await w.both("ann", "golden-heroes.Fall", {"campaign_id": ghid, "character_id": "gh-foe",
                                               "metres": 20})
    await w.both("ann", "CreateCharacter", {"campaign_id": ghid, "name": "gh-out",
                                            "character_id": "gh-out", "sheet": {
                                                "max_htc": 40, "htc": 0, "max_htk": 40,
                                                "htk": 40, "generated": True}})
    coup = await w.both("ann", "golden-heroes.CoupDeGrace", {**gh_hero, "target_id": "gh-out"})
    assert coup.ok, coup.value
    drop = await w.both("ann", "golden-heroes.DropObject", {"campaign_id": ghid,
                                                          "character_id": "gh-out",
                                                          "object_size": 4, "metres": 20})
    assert drop.ok, drop.value
    await w.both("ann", "golden-heroes.MentalAttack", {**gh_hero, "target_id": "gh-foe"})
    await w.both("ann", "golden-heroes.RaiseForceField", {**gh_hero,
                                                          "field": "personal_force_shield"})
    await w.both("ann", "golden-heroes.PlaceForceField", {**gh_fight, "character_id": "gh-hero",
                                                          "field": "general_force_wall",
                                                          "protects": ["gh-foe"]})
    await w.both("ann", "golden-heroes.EndCombat", gh_fight)
    await w.both("ann", "CreateCharacter", {"campaign_id": ghid, "name": "gh-mat",
                                            "character_id": "gh-mat", "sheet": {
                                                "max_htc": 40, "htc": 0, "max_htk": 40,
                                                "htk": 40, "generated": True}})
    mat = {**gh_hero, "target_id": "gh-mat"}
    grab = await w.both("ann", "golden-heroes.Grab", {**mat, "hand": "left"})
    assert grab.ok, grab.value
    await w.both("ann", "golden-heroes.Lift", mat)
    await w.both("ann", "golden-heroes.Grapple", {**mat, "hold": "hypothetical"})
    await w.both("ann", "golden-heroes.MaintainGrapple", mat)
    await w.both("ann", "golden-heroes.LetGo", mat)
    await w.both("ann", "golden-heroes.Bind", {"campaign_id": ghid, "character_id": "gh-foe",
                                               "what": "heavy chains", "binding_htk": 8})
    await w.both("ann", "golden-heroes.EscapeBinding", {"campaign_id": ghid,
                                                        "character_id": "gh-foe",
                                                        "how": "resist"})
    await w.both("ann", "golden-heroes.Ram", {"campaign_id": ghid, "character_id": "gh-mat",
                                              "vehicle_size": 11, "speed": 40})
    await w.both("ann", "golden-heroes.Push", {**gh_hero, "object_size": 0, "mobile": True})
    await w.both("ann", "golden-heroes.Strike", {"campaign_id": ghid, "character_id": "gh-foe",
                                                 "target_id": "gh-hero", "declare": True})
    await w.both("ann", "golden-heroes.JudoThrow", {**gh_hero, "target_id": "gh-foe"})
    await w.both("ann", "golden-heroes.ChooseEquipment", {**gh_hero, "items": [
        {"name": "rope and grapple"}, {"name": "Suit Padding", "kind": "padding"}]})
    await w.both("ann", "golden-heroes.StartWeek", {"campaign_id": ghid,
                                                    "characters": ["gh-hero", "gh-foe"]})
    await w.both("ann", "golden-heroes.RollRating", {**gh_hero, "use": "lead", "about": "docks"})
    await w.both("ann", "golden-heroes.ChooseTarget", {"campaign_id": ghid,
                                                       "candidates": ["gh-hero", "gh-foe"]})
    await w.both("ann", "golden-heroes.UseResources", {**gh_hero, "kind": "hire", "what": "lab",
                                                       "level_needed": 2, "spend_dup": True})
    await w.both("ann", "golden-heroes.BecomeBountyHunter", gh_hero)
    await w.both("ann", "golden-heroes.AllocateDups", {**gh_hero, "allocations": [
        {"activity": "training", "dups": 2}]})
    await w.both("ann", "golden-heroes.SetRating", {**gh_hero, "rating": "security",
                                                    "value": 10, "reason": "a win"})
    await w.both("ann", "golden-heroes.StartScenario", {"campaign_id": ghid,
                                                        "characters": ["gh-hero"]})
    await w.both("ann", "golden-heroes.SpendHeroPoints", {**gh_hero, "roller_id": "gh-hero",
                                                          "target_id": "gh-foe", "points": 1})
    await w.both("ann", "golden-heroes.ImproveCharacter", {**gh_hero, "dups": 2,
                                                           "improvement": "training"})
    await w.both("ann", "golden-heroes.EndScenario", {
        "campaign_id": ghid, "practice": 4,
        "outcomes": [{"character_id": "gh-hero", "result": "success"}]})
    bb = await w.both("ann", "CreateCampaign", {"name": "Dark", "ruleset": "boonbane"})
    bbid = bb.value["campaign_id"]
    w.ids["boonbane"] = bbid
    for chid, sheet in (("bb-hero", {"strength": 13, "afflictions": [{"name": "frightened"}]}),
                        ("bb-foe", {"kind": "npc", "afflictions": [{"name": "prone"}]}),
                        ("bb-out", {"afflictions": [{"name": "unconscious"}]})):
        await w.both("ann", "CreateCharacter", {"campaign_id": bbid, "name": chid,
                                                "character_id": chid, "sheet": sheet})
    await w.both("ann", "boonbane.AttackRoll", {"campaign_id": bbid, "character_id": "bb-hero",
                                                "target_id": "bb-foe", "situations": ["feinted"]})
    await w.both("ann", "boonbane.AttackRoll", {"campaign_id": bbid, "character_id": "bb-out",
                                                "target_id": "bb-foe"})
    await w.both("ann", "boonbane.ChallengeRoll", {"campaign_id": bbid, "character_id": "bb-hero",
                                                   "stat": "will", "situations": ["helped"]})
    await w.both("ann", "boonbane.ChallengeRoll", {"campaign_id": bbid, "character_id": "bb-out",
                                                   "stat": "agility"})
    await w.both("ann", "boonbane.ChallengeRoll", {"campaign_id": bbid, "character_id": "bb-hero",
                                                   "stat": "will", "fortune": "succeed"})
    hurt = {"campaign_id": bbid, "character_id": "bb-foe"}
    await w.both("ann", "boonbane.TakeDamage", {**hurt, "amount": 7, "halve": True})
    await w.both("ann", "boonbane.TakeDamage", {**hurt, "amount": 9})
    await w.both("ann", "boonbane.TakeDamage", {**hurt, "amount": 9, "npc_outcome": "unconscious"})
    await w.both("ann", "boonbane.PassTime", {**hurt, "hours": 1})
    await w.both("ann", "boonbane.RepairWeapon", {**hurt, "weapon": "musket"})
    await w.both("ann", "boonbane.Heal", {**hurt, "rest_hours": 24})
    await w.both("ann", "boonbane.Heal", {**hurt, "amount": 2, "rest_hours": 8})
    await w.both("ann", "boonbane.Rest", {**hurt, "hours": 8, "interruptions": [2]})
    await w.both("ann", "boonbane.FateRoll", hurt)
    await w.both("ann", "boonbane.TakeDamage", {"campaign_id": bbid, "character_id": "bb-hero",
                                                "amount": 10, "halve": True})
    await w.both("ann", "boonbane.TakeDamage", {"campaign_id": bbid, "character_id": "bb-hero",
                                                "amount": 5})
    await w.both("ann", "boonbane.FateRoll", {"campaign_id": bbid, "character_id": "bb-hero"})
    await w.both("ann", "boonbane.Stabilize", {"campaign_id": bbid, "character_id": "bb-foe",
                                               "target_id": "bb-hero"})
    bbenc = {"campaign_id": bbid, "encounter_id": "bb-fight"}
    await w.both("ann", "boonbane.StartEncounter", {**bbenc, "participants": [
        {"character_id": "bb-foe"}, {"character_id": "bb-out", "side": "players"}]})
    await w.both("ann", "boonbane.CheckSurprise", {**bbenc, "character_id": "bb-foe"})
    await w.both("ann", "boonbane.TakeTurn", {**bbenc, "character_id": "bb-out", "turn": "slow"})
    await w.both("ann", "boonbane.TakeTurn", {**bbenc, "character_id": "bb-foe", "turn": "fast"})
    await w.both("ann", "boonbane.Move", {**bbenc, "character_id": "bb-foe"})
    await w.both("ann", "boonbane.Defend", {**bbenc, "character_id": "bb-foe"})
    await w.both("ann", "boonbane.Help", {**bbenc, "character_id": "bb-foe", "target_id": "bb-hero"})
    await w.both("ann", "boonbane.Distract", {**bbenc, "character_id": "bb-out",
                                              "target_id": "bb-foe"})
    await w.both("ann", "boonbane.Prepare", {**bbenc, "character_id": "bb-foe",
                                             "trigger": "the door opens"})
    await w.both("ann", "boonbane.Feint", {**bbenc, "character_id": "bb-foe",
                                           "target_id": "bb-hero"})
    await w.both("ann", "boonbane.EndRound", {**bbenc, "participants": ["bb-foe", "bb-out"]})
    await w.both("ann", "boonbane.EndRound", {**bbenc, "participants": ["bb-foe"]})
    bbout = {"campaign_id": bbid, "character_id": "bb-out"}
    await w.both("ann", "boonbane.AddAffliction", {**bbout, "name": "asleep", "source": "spell"})
    await w.both("ann", "boonbane.RemoveAffliction", {**bbout, "name": "unconscious"})
    await w.both("ann", "boonbane.RemoveAffliction", {**bbout, "name": "poisoned"})
    await w.both("ann", "boonbane.WakeCreature", {"campaign_id": bbid, "character_id": "bb-hero",
                                                  "target_id": "bb-out"})
    await w.both("ann", "boonbane.AwardStat", {**bbout, "stat": "health", "change": 2,
                                               "reason": "a boon of the old gods"})
    await w.both("ann", "boonbane.AwardStat", {**bbout, "stat": "will", "change": 99,
                                               "reason": "too much"})
    await w.both("ann", "boonbane.SpendFortune", {"campaign_id": bbid, "character_id": "bb-hero",
                                                  "use": "succeed"})
    bbov = {"campaign_id": bbid, "character_id": "bb-hero"}
    await w.both("ann", "boonbane.ChangeInsanity", {**bbov, "change": 9, "reason": "the tome"})
    await w.both("ann", "boonbane.ChangeCorruption", {**bbov, "change": 2, "reason": "a pact"})
    await w.both("ann", "boonbane.TriggerExposure", {**bbov, "trigger": "artifact"})
    await w.both("ann", "boonbane.RelieveExposure", {**bbov, "cause": "safe_rest"})
    await w.both("ann", "boonbane.SetKnowledge", {**bbov, "gate": "runes", "level": "partial"})
    await w.both("ann", "boonbane.CastSpell", {**bbov, "spell": "bolt", "rank": 3})
    await w.both("ann", "boonbane.UseArtifact", {**bbov, "artifact": "crown", "grade": "minor"})
    await w.both("ann", "boonbane.FulfillDeathCondition", bbov)
    await w.both("ann", "boonbane.EndScene", {"campaign_id": bbid, "participants": ["bb-hero"]})
    await w.both("ann", "boonbane.AreaDamage", {"campaign_id": bbid, "dice": 2, "targets": [
        {"character_id": "bb-out"}, {"character_id": "bb-hero", "halve": True}]})
    for chid, sheet in (("bb-a", {"strength": 30, "size": 2, "fortune": 1}), ("bb-b", {})):
        await w.both("ann", "CreateCharacter", {"campaign_id": bbid, "name": chid,
                                                "character_id": chid, "sheet": sheet})
    bbgrab = {"campaign_id": bbid, "encounter_id": "bb-grab"}
    await w.both("ann", "boonbane.StartEncounter", {**bbgrab, "participants": [
        {"character_id": "bb-a"}, {"character_id": "bb-b"}]})
    await w.both("ann", "boonbane.GiveFortune", {"campaign_id": bbid, "character_id": "bb-a",
                                                 "target_id": "bb-b"})
    await w.both("ann", "boonbane.TakeTurn", {**bbgrab, "character_id": "bb-a", "turn": "slow"})
    bbab = {**bbgrab, "character_id": "bb-a", "target_id": "bb-b"}
    await w.both("ann", "boonbane.Grab", bbab)
    await w.both("ann", "boonbane.Pull", {**bbab, "use": "triggered"})
    await w.both("ann", "boonbane.KnockDown", bbab)
    await w.both("ann", "boonbane.Shove", bbab)
    await w.both("ann", "boonbane.Disarm", {**bbab, "item": "dagger"})
    await w.both("ann", "boonbane.Escape", {**bbgrab, "character_id": "bb-b",
                                            "target_id": "bb-a"})
    await w.both("ann", "boonbane.ReleaseGrab", {"campaign_id": bbid, "character_id": "bb-a",
                                                 "target_id": "bb-b"})
    await w.both("ann", "boonbane.Rush", {**bbgrab, "character_id": "bb-a"})
    await w.both("ann", "boonbane.MinorActivity", {**bbgrab, "character_id": "bb-a",
                                                   "activity": "open_door"})
    await w.both("ann", "boonbane.MinorActivity", {"campaign_id": bbid, "character_id": "bb-a",
                                                   "activity": "draw_weapon", "weapon": "bow"})
    await w.both("ann", "boonbane.Retreat", {**bbgrab, "character_id": "bb-b", "use": "triggered"})
    await w.both("ann", "boonbane.Concentrate", {"campaign_id": bbid, "character_id": "bb-b",
                                                 "effect": "ward"})
    await w.both("ann", "boonbane.ReinterpretAction", {
        "campaign_id": bbid, "character_id": "bb-b", "action": "a", "interpretation": "b"})
    await w.both("ann", "boonbane.StartSession", {"campaign_id": bbid,
                                                  "participants": ["bb-a", "bb-b"]})
    await w.both("ann", "boonbane.Hide", {"campaign_id": bbid, "character_id": "bb-b"})
    await w.both("ann", "boonbane.Find", {"campaign_id": bbid, "character_id": "bb-a",
                                          "target_id": "bb-b"})
    await w.both("ann", "boonbane.Reveal", {"campaign_id": bbid, "character_id": "bb-b"})
    await w.both("ann", "boonbane.Reload", {"campaign_id": bbid, "character_id": "bb-b",
                                            "weapon": "crossbow"})
    await w.both("ann", "boonbane.TakeDamage", {"campaign_id": bbid, "character_id": "bb-b",
                                                "amount": 1})
    pt = await w.both("ann", "CreateCampaign", {"name": "Potential", "ruleset": "potential"})
    ptid = pt.value["campaign_id"]
    p_adv = [{"id": "claw", "title": "Claw", "cp": 12, "modifier": 6},
             {"id": "body", "title": "Body", "cp": 25, "keywords": ["Life"]},
             {"id": "help", "title": "Help", "cp": 4, "keywords": ["Aid Other"]}]
    for chid in ("pt-hero", "pt-foe"):
        await w.both("ann", "CreateCharacter", {"campaign_id": ptid, "name": chid,
                                                "character_id": chid,
                                                "sheet": {"advantages": p_adv}})
    p = {"campaign_id": ptid}
    await w.both("ann", "potential.TakeAction", {**p, "character_id": "pt-hero", "focus": "leap",
                                                 "advantages": ["claw"], "resistance": 8})
    combo = {**p, "advantages": ["claw", "help"]}
    await w.both("ann", "potential.ChallengeCombination", {**combo, "challenged_id": "pt-hero",
                                                           "reason": "helping oneself?"})
    await w.both("ann", "potential.RuleOnCombination", {**combo, "character_id": "pt-hero",
                                                        "approved": False, "reason": "no"})
    await w.both("ann", "potential.OfferAid", {**p, "character_id": "pt-hero", "to": "pt-foe",
                                               "advantage": "help"})
    await w.both("ann", "potential.StartCombat", {**p, "participants": ["pt-hero", "pt-foe"],
                                                  "readiness": {"pt-hero": 1},
                                                  "first": "pt-hero"})
    await w.both("ann", "potential.SeizeInitiative", {**p, "character_id": "pt-foe",
                                                      "tokens": 1})
    await w.both("ann", "potential.YieldInitiative", {**p, "character_id": "pt-hero",
                                                      "to": "pt-foe"})
    await w.both("ann", "potential.StartTurn", {**p, "character_id": "pt-foe"})
    # a declined resistance scores 1 (P-12): 1d6+6 always hits, for at most 11
    await w.both("ann", "potential.Attack", {**p, "character_id": "pt-foe",
                                             "target_id": "pt-hero", "focus": "rake",
                                             "advantages": ["claw"]})
    await w.both("ann", "potential.Resist", {**p, "character_id": "pt-hero",
                                             "attacker_id": "pt-foe", "decline": True})
    await w.both("ann", "potential.DiscardLife", {**p, "character_id": "pt-hero",
                                                  "advantages": ["body"]})
    await w.both("ann", "potential.DiscardLife", {**p, "character_id": "pt-hero",
                                                  "advantages": ["body"]})
    await w.both("ann", "potential.Move", {**p, "character_id": "pt-foe", "mode": "run"})
    await w.both("ann", "potential.Recoup", {**p, "character_id": "pt-foe", "dynamic": 1})
    await w.both("ann", "potential.Recoup", {**p, "character_id": "pt-foe", "dynamic": 2})
    await w.both("ann", "potential.EndTurn", {**p, "character_id": "pt-foe",
                                              "nominate": "pt-hero"})
    await w.both("ann", "potential.StartTurn", {**p, "character_id": "pt-hero"})
    await w.both("ann", "potential.EndTurn", {**p, "character_id": "pt-hero"})
    await w.both("ann", "potential.NewRound", {**p, "participants": ["pt-hero", "pt-foe"]})
    await w.both("ann", "potential.RecoverAdvantage", {**p, "character_id": "pt-hero",
                                                       "advantage": "body", "reason": "rest"})
    await w.both("ann", "potential.EndCombat", {**p, "participants": ["pt-hero", "pt-foe"]})
    await w.both("ann", "potential.SetConscious", {**p, "character_id": "pt-foe",
                                                   "conscious": False, "reason": "knocked out"})
    await w.both("ann", "potential.MinorAction", {**p, "character_id": "pt-hero",
                                                  "description": "speaks"})
    await w.both("ann", "potential.StartRetraining", {**p, "character_id": "pt-hero",
                                                      "advantage": "claw", "reason": "drill"})
    done = await w.both("ann", "potential.CompleteRetraining", {**p, "character_id": "pt-hero"})
    w.ids["potential"], w.ids["pt_position"] = ptid, done.value["position"]
    w.ids["position"] = max(int(o.value["position"]) for o in [wish] if o.ok)


async def _reply(g: Any, token: str, body: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = g.codec.from_proto(await g.raw("Execute", token, g.codec.command(body)))
    return result


def _find_id(data: Any) -> str | None:
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("condition_id", "id") and isinstance(value, str):
                return value
            found = _find_id(value)
            if found:
                return found
    if isinstance(data, list):
        for item in data:
            found = _find_id(item)
            if found:
                return found
    return None


# Every HTTP route and its gRPC twin: a route added without one fails the test below.
TWINS = {
    "POST /v1/commands": "Execute",
    "GET /v1/me": "Me",
    "GET /v1/campaigns": "ListCampaigns",
    "GET /v1/campaigns/{campaign_id:str}": "GetCampaign",
    "GET /v1/campaigns/{campaign_id:str}/members": "ListMembers",
    "GET /v1/campaigns/{campaign_id:str}/tables": "ListTables",
    "GET /v1/campaigns/{campaign_id:str}/tables/{table_id:str}": "GetTable",
    "GET /v1/campaigns/{campaign_id:str}/characters": "ListCharacters",
    "GET /v1/campaigns/{campaign_id:str}/characters/{character_id:str}": "GetCharacter",
    "GET /v1/campaigns/{campaign_id:str}/rolls": "ListRolls",
    "GET /v1/campaigns/{campaign_id:str}/events": "ListEvents",
    "GET /v1/campaigns/{campaign_id:str}/live": "Subscribe",
    "GET /v1/campaigns/{campaign_id:str}/encounters/{encounter_id:str}": "GetEncounter",
    "GET /v1/rulesets": "ListRulesets",
    "GET /v1/rulesets/{ruleset_id:str}/guide": "GetRulesetGuide",
    "GET /v1/campaigns/{campaign_id:str}/as-of/{position:int}": "GetCampaignAsOf",
    "GET /v1/rulesets/{ruleset_id:str}/odds": "PoolOdds",
    # each ruleset with odds has its own route, its parameters declared by the ruleset
    **{f"GET /v1/rulesets/{r.id}/odds": "PoolOdds" for r in RULESETS.values()
       if isinstance(r, RulesetWithOdds)},
    "POST /v1/campaigns/{campaign_id:str}/characters/{character_id:str}/check-odds": "CheckOdds",
    "GET /v1/campaigns/{campaign_id:str}/export": "ExportCampaign",
    "POST /v1/verify": "Verify",
}


def test_every_http_route_has_a_grpc_twin() -> None:
    routes = {f"{m} {route.path}" for route in v1_router().routes
              for m in getattr(route, "methods", ()) if m not in ("OPTIONS", "HEAD")}
    assert routes - set(TWINS) == set(), "HTTP routes without a gRPC twin (add an Rpc)"
    assert set(TWINS.values()) == {r.name for r in RPCS} - {"Echo"}


@dataclass
class Query:
    rpc: str
    http: Callable[[httpx.AsyncClient, dict[str, str]], Any]
    grpc: dict[str, Any]
    unwrap: str | None = None


def queries(w: World) -> list[Query]:
    cid, wid = w.ids["generic"], w.ids["wish"]
    base = f"/v1/campaigns/{cid}"
    wbase = f"/v1/campaigns/{wid}"

    def get(path: str, **params: Any) -> Callable[[httpx.AsyncClient, dict[str, str]], Any]:
        return lambda client, headers: client.get(path, params=params, headers=headers)

    def post(path: str, body: Any) -> Callable[[httpx.AsyncClient, dict[str, str]], Any]:
        return lambda client, headers: client.post(path, json=body, headers=headers)

    return [
        Query("Me", get("/v1/me"), {}),
        Query("ListCampaigns", get("/v1/campaigns"), {}, "campaigns"),
        Query("GetCampaign", get(base), {"campaign_id": cid}),
        Query("GetCampaign", get(wbase, position=1), {"campaign_id": wid, "position": 1}),
        Query("GetCampaign", get("/v1/campaigns/nowhere"), {"campaign_id": "nowhere"}),
        Query("ListMembers", get(f"{base}/members"), {"campaign_id": cid}, "members"),
        Query("ListTables", get(f"{base}/tables"), {"campaign_id": cid}, "tables"),
        Query("GetTable", get(f"{base}/tables/main"), {"campaign_id": cid, "table_id": "main"}),
        Query("GetTable", get(f"{base}/tables/nope"), {"campaign_id": cid, "table_id": "nope"}),
        Query("ListCharacters", get(f"{base}/characters"), {"campaign_id": cid}, "characters"),
        Query("ListCharacters", get(f"{wbase}/characters"), {"campaign_id": wid}, "characters"),
        Query("GetCharacter", get(f"{base}/characters/vex"),
              {"campaign_id": cid, "character_id": "vex"}),
        Query("GetCharacter", get(f"{wbase}/characters/hero"),
              {"campaign_id": wid, "character_id": "hero"}),
        Query("GetCharacter", get(f"{wbase}/characters/ghost"),
              {"campaign_id": wid, "character_id": "ghost"}),
        Query("GetEncounter", get(f"{wbase}/encounters/brawl"),
              {"campaign_id": wid, "encounter_id": "brawl"}),
        Query("GetEncounter", get(f"{wbase}/encounters/none"),
              {"campaign_id": wid, "encounter_id": "none"}),
        # a Potential combat's own stream: whose turn, who is next (L37)
        Query("GetEncounter", get(f"/v1/campaigns/{w.ids['potential']}/encounters/combat",
                                  position=w.ids["pt_position"]),
              {"campaign_id": w.ids["potential"], "encounter_id": "combat",
               "position": int(w.ids["pt_position"])}),
        Query("ListRolls", get(f"{base}/rolls"), {"campaign_id": cid}, "rolls"),
        Query("ListRolls", get(f"{base}/rolls", table_id="main", limit=1),
              {"campaign_id": cid, "table_id": "main", "limit": 1}, "rolls"),
        Query("ListRolls", get(f"{wbase}/rolls"), {"campaign_id": wid}, "rolls"),
        Query("ListRolls", get(f"{base}/rolls", limit=0), {"campaign_id": cid, "limit": 0}),
        Query("ListEvents", get(f"{base}/events"), {"campaign_id": cid}),
        Query("ListEvents", get(f"{wbase}/events", after=3, limit=5),
              {"campaign_id": wid, "after": 3, "limit": 5}),
        Query("ListEvents", get(f"{wbase}/events", limit=1000), {"campaign_id": wid,
                                                                 "limit": 1000}),
        Query("ListRulesets", get("/v1/rulesets"), {}, "rulesets"),
        Query("GetRulesetGuide", get("/v1/rulesets/wish/guide"), {"ruleset_id": "wish"}),
        Query("GetRulesetGuide", get("/v1/rulesets/golden-heroes/guide"),
              {"ruleset_id": "golden-heroes"}),
        Query("GetRulesetGuide", get("/v1/rulesets/chess/guide"), {"ruleset_id": "chess"}),
        Query("GetCampaignAsOf", get(f"{wbase}/as-of/5"), {"campaign_id": wid, "position": 5}),
        Query("GetCampaignAsOf", get(f"{base}/as-of/3"), {"campaign_id": cid, "position": 3}),
        Query("GetCampaignAsOf", get(f"/v1/campaigns/{w.ids['potential']}/as-of/"
                                     f"{w.ids['pt_position']}"),
              {"campaign_id": w.ids["potential"], "position": int(w.ids["pt_position"])}),
        Query("GetCampaignAsOf", get(f"{wbase}/as-of/{10**9}"),
              {"campaign_id": wid, "position": 10**9}),
        Query("ListEvents", get(f"{wbase}/events", until=4), {"campaign_id": wid, "until": 4}),
        Query("PoolOdds", get("/v1/rulesets/wish/odds", pool="CHR:2,OFF:1,CHL:1"),
              {"ruleset_id": "wish", "params": {"pool": "CHR:2,OFF:1,CHL:1"}}),
        Query("PoolOdds", get("/v1/rulesets/wish/odds", pool="CHR:1", downgrade="true"),
              {"ruleset_id": "wish", "params": {"pool": "CHR:1", "downgrade": "true"}}),
        Query("PoolOdds", get("/v1/rulesets/wish/odds", pool="CHR:1", dice="3"),
              {"ruleset_id": "wish", "params": {"pool": "CHR:1", "dice": "3"}}),
        Query("PoolOdds", get("/v1/rulesets/golden-heroes/odds", wc="2", dc="6", modifier="7"),
              {"ruleset_id": "golden-heroes", "params": {"wc": "2", "dc": "6", "modifier": "7"}}),
        Query("PoolOdds", get("/v1/rulesets/golden-heroes/odds", wc="9", dc="6"),
              {"ruleset_id": "golden-heroes", "params": {"wc": "9", "dc": "6"}}),
        Query("PoolOdds", get("/v1/rulesets/boonbane/odds", modifier="2", boons="3", banes="1",
                              target="14"),
              {"ruleset_id": "boonbane", "params": {"modifier": "2", "boons": "3", "banes": "1",
                                                    "target": "14"}}),
        Query("PoolOdds", get("/v1/rulesets/boonbane/odds", boons="-1"),
              {"ruleset_id": "boonbane", "params": {"boons": "-1"}}),
        Query("PoolOdds", get("/v1/rulesets/potential/odds", dice="3", resistance="10"),
              {"ruleset_id": "potential", "params": {"dice": "3", "resistance": "10"}}),
        Query("PoolOdds", get("/v1/rulesets/potential/odds", dice="2", opposed_dice="1",
                              opposed_bonus="2"),
              {"ruleset_id": "potential", "params": {"dice": "2", "opposed_dice": "1",
                                                     "opposed_bonus": "2"}}),
        Query("PoolOdds", get("/v1/rulesets/potential/odds", dice="0", resistance="3"),
              {"ruleset_id": "potential", "params": {"dice": "0", "resistance": "3"}}),
        Query("PoolOdds", get("/v1/rulesets/generic/odds", pool="CHR:1"),
              {"ruleset_id": "generic", "params": {"pool": "CHR:1"}}),
        Query("CheckOdds", post(f"{wbase}/characters/hero/check-odds", {"characteristic": "str"}),
              {"campaign_id": wid, "character_id": "hero", "check": {"characteristic": "str"}},
              "odds"),
        Query("CheckOdds", post(f"{wbase}/characters/hero/check-odds",
                                {"characteristic": "ag", "target_id": "foe"}),
              {"campaign_id": wid, "character_id": "hero", "target_id": "foe",
               "check": {"characteristic": "ag"}}, "odds"),
        Query("CheckOdds", post(f"/v1/campaigns/{w.ids['boonbane']}/characters/bb-hero/check-odds",
                                {"kind": "attack", "target_id": "bb-foe"}),
              {"campaign_id": w.ids["boonbane"], "character_id": "bb-hero", "target_id": "bb-foe",
               "check": {"kind": "attack"}}, "odds"),
        Query("CheckOdds", post(f"{wbase}/characters/hero/check-odds", {"difficulty": "hard"}),
              {"campaign_id": wid, "character_id": "hero", "check": {"difficulty": "hard"}}),
    ]


async def test_every_command_and_query_means_the_same_over_http_and_grpc(stack: Stack) -> None:  # noqa: F811
    tokens = {u: await stack.api.token(u) for u in ("ann", "bob", "carl", "olga", "eve")}
    w = World(stack, tokens)
    await run_commands(w)
    assert set(w.commands) == set(ENVELOPES), (
        f"commands without a parity step: {sorted(set(ENVELOPES) - set(w.commands))}")
    recorded = {t for t, outcomes in w.commands.items() if "ok" in outcomes}
    platform = {t for t in ENVELOPES if "." not in t}
    assert platform <= recorded, sorted(platform - recorded)
    assert {"wish.RollCheck", "wish.Attack", "wish.StartEncounter", "wish.EndEncounter"} <= recorded

    # Wait until the read models have everything, then ask both transports the same things.
    await _settle(stack, tokens["ann"], w)
    covered = {"Execute"}
    for q in queries(w):
        covered.add(q.rpc)
        for user in ("ann", "bob", "olga", "eve"):
            headers = stack.api.auth(tokens[user])
            http = http_outcome(await q.http(stack.api.client, headers))
            grpc_result = await grpc_outcome(stack.grpc.call(q.rpc, tokens[user], **q.grpc))
            if grpc_result.ok and q.unwrap:
                grpc_result.value = grpc_result.value[q.unwrap]
            assert agree(http, grpc_result), (q.rpc, q.grpc, user, http, grpc_result)

    covered |= await _live_parity(stack, w, tokens)
    covered |= await _audit_parity(stack, w, tokens)
    assert covered == {r.name for r in RPCS} - {"Echo"}, (
        f"queries without a parity case: {sorted({r.name for r in RPCS} - covered - {'Echo'})}")


async def _settle(st: Stack, token: str, w: World) -> None:
    """Wait until each campaign's read models have applied the whole log."""
    for c in (w.ids["generic"], w.ids["wish"]):
        page = (await st.api.get(token, f"/v1/campaigns/{c}/events", limit=1000)).json()
        position = page["events"][-1]["position"]
        await st.grpc.call("GetCampaign", token, campaign_id=c, position=position)


async def _sse_events(st: Stack, token: str, cid: str, until: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    async with st.api.client.stream("GET", f"/v1/campaigns/{cid}/live", params={"after": 0},
                                       headers=st.api.auth(token)) as response:
        assert response.status_code == 200
        message: dict[str, str] = {}
        async for line in response.aiter_lines():
            if line:
                key, _, value = line.partition(":")
                message[key] = value.strip()
                continue
            if message.get("event") not in (None, "ready") and "data" in message:
                out.append(json.loads(message["data"]))
            if int(message.get("id") or 0) >= until:
                break
            message = {}
    return out


async def _grpc_events(st: Stack, token: str, cid: str, until: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    async for item in st.grpc.subscribe(token, cid, after=0):
        if "event" in item:
            out.append(item["event"])
        position = item.get("event", item.get("ready", {})).get("position", 0)
        if position >= until or item.get("heartbeat", {}).get("position", 0) >= until:
            break
    return out


async def _live_parity(st: Stack, w: World, tokens: dict[str, str]) -> set[str]:
    """The live stream from the start: same events, same order, same filtering, per user."""
    for cid in (w.ids["generic"], w.ids["wish"]):
        page = (await st.api.get(tokens["ann"], f"/v1/campaigns/{cid}/events",
                                    limit=1000)).json()
        until = page["events"][-1]["position"]
        for user in ("ann", "bob", "olga"):
            visible = (await st.api.get(tokens[user], f"/v1/campaigns/{cid}/events",
                                           limit=1000))
            if visible.status_code != 200:
                continue
            last_visible = max((e["position"] for e in visible.json()["events"]), default=0)
            http, over_grpc = await asyncio.wait_for(asyncio.gather(
                _sse_events(st, tokens[user], cid, last_visible),
                _grpc_events(st, tokens[user], cid, last_visible)), 30)
            assert http == over_grpc, (cid, user, len(http), len(over_grpc), _first_difference(
                http, over_grpc))
            assert http == visible.json()["events"] and until >= last_visible
    return {"Subscribe"}


def _first_difference(a: list[Any], b: list[Any]) -> Any:
    for x, y in zip(a, b, strict=False):
        if x != y:
            return {k: (x.get(k), y.get(k)) for k in set(x) | set(y) if x.get(k) != y.get(k)}
    return None


async def _export_over_grpc(st: Stack, token: str, cid: str) -> list[str]:
    g = st.grpc
    _, reply = g._types("ExportCampaign")
    call = g.channel.unary_stream("/skald.v1.Skald/ExportCampaign",
                                  request_serializer=lambda m: m.SerializeToString(),
                                  response_deserializer=reply.FromString)
    stream = call(g.codec.to_proto("CampaignRequest", {"campaign_id": cid}),
                  metadata=g._metadata(token))
    try:
        return [line.json async for line in stream]
    except grpc.aio.AioRpcError as err:
        raise GrpcError(err.code(), err.details() or "", dict(err.trailing_metadata() or ())) from None


async def _audit_parity(st: Stack, w: World, tokens: dict[str, str]) -> set[str]:
    """The export, line for line, and its verification, over both transports."""
    for cid in (w.ids["generic"], w.ids["wish"], "nowhere"):
        for user in ("ann", "bob", "eve"):
            response = await st.api.client.get(f"/v1/campaigns/{cid}/export",
                                               headers=st.api.auth(tokens[user]))
            http = Outcome(True, response.text.splitlines()) if response.status_code == 200 \
                else http_outcome(response)
            over_grpc = await grpc_outcome(_export_over_grpc(st, tokens[user], cid))
            assert agree(http, over_grpc), (cid, user, http, over_grpc)
            if http.ok and cid == w.ids["wish"]:
                body = "\n".join(http.value).encode() + b"\n"
                verified = http_outcome(await st.api.client.post(
                    "/v1/verify", content=body, headers=st.api.auth(tokens[user])
                    | {"Content-Type": "application/x-ndjson"}))
                again = await grpc_outcome(st.grpc.call("Verify", tokens[user], export=body))
                assert verified.ok and agree(verified, again), (verified, again)
    empty = http_outcome(await st.api.client.post("/v1/verify", content=b" ",
                                                  headers=st.api.auth(tokens["bob"])
                                                  | {"Content-Type": "application/x-ndjson"}))
    refused = await grpc_outcome(st.grpc.call("Verify", tokens["bob"], export=b" "))
    assert agree(empty, refused), (empty, refused)
    return {"ExportCampaign", "Verify"}
