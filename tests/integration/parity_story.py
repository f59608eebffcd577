"""The parity test's story (``tests/integration/test_parity.py``): every command type, over both
transports, on the platform and WISH here and on the other three rulesets in
``tests.integration.parity_story_rulesets``, in an order that makes most of them succeed."""

from __future__ import annotations

import json
from typing import Any

from tests.integration.parity_story_rulesets import (
    boonbane_story,
    golden_heroes_story,
    potential_story,
)
from tests.integration.parity_world import World

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


async def run_commands(w: World) -> None:
    """Every command type, over both transports, in a story that makes most of them succeed."""
    await platform_story(w)
    await wish_story(w)
    await golden_heroes_story(w)
    await boonbane_story(w)
    await potential_story(w)


async def platform_story(w: World) -> None:
    """The platform's commands, on a generic campaign."""
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


async def wish_story(w: World) -> None:
    """WISH's commands."""
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
    w.ids["position"] = max(int(o.value["position"]) for o in [wish] if o.ok)


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
