"""The parity test's story on Golden Heroes, Boonbane and Potential (its platform and WISH
parts, and the order of all five: ``tests.integration.parity_story``)."""

from __future__ import annotations

from tests.integration.parity_world import World


async def golden_heroes_story(w: World) -> None:
    """Golden Heroes' commands."""
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


async def boonbane_story(w: World) -> None:
    """Boonbane's commands."""
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


async def potential_story(w: World) -> None:
    """Potential's commands."""
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
