"""Lingering effects (L262) through HTTP against real servers."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_wish_departures_http import wish_campaign
from tests.integration.test_wish_http import character
from tests.integration.test_wish_rule_fixes import BASE, create, event, refused

STUNTS = {"Smoke Cloud": {"sfx": "Fire", "traits": ["Lingering"]}}


async def test_a_lingering_effect_lasts_while_a_maneuver_keeps_it_L262(api: Api) -> None:
    """L262: 'takes effect immediately when used and remains in effect as long as a character
    spends a maneuver each Turn to keep it on; as soon as a character is no longer able or
    willing to expend a maneuver to maintain the effect it ends during the End of Turn phase.'"""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "pyro", {"characteristics": BASE, "phase": "play", "stunts": STUNTS})
    f = {"campaign_id": cid, "encounter_id": "f"}
    me = {**f, "character_id": "pyro"}
    await api.ok(ann, "wish.StartEncounter", {**f, "participants": ["pyro"]})
    await api.ok(ann, "wish.StartTurn", me)
    keep = {**me, "kind": "maintain", "stunt": "Smoke Cloud"}
    await refused(api, t, "wish.TakeManeuver", keep, 409, "wish.trait.lingering L262",
                  "payload.stunt")  # not in play yet
    used = await api.ok(ann, "wish.RollCheck", {**me, "characteristic": "int",
                                                "stunt": "Smoke Cloud"})
    assert event(used, "wish.LingeringMaintained") == {"stunt": "Smoke Cloud"}
    # the turn it is used counts as kept: it 'takes effect immediately'
    ended = await api.ok(ann, "wish.EndTurn", me)
    assert event(ended, "wish.LingeringUpkeep") == {"ended": [], "kept": ["Smoke Cloud"]}
    await api.ok(ann, "wish.EndRound", f)
    await api.ok(ann, "wish.StartTurn", me)
    kept = await api.ok(ann, "wish.TakeManeuver", keep)
    assert event(kept, "wish.ManeuverTaken")["stunt"] == "Smoke Cloud"
    await refused(api, t, "wish.TakeManeuver", keep, 409, "wish.trait.lingering L262",
                  "payload.stunt")  # once a turn
    ended = await api.ok(ann, "wish.EndTurn", me)
    assert event(ended, "wish.LingeringUpkeep") == {"ended": [], "kept": ["Smoke Cloud"]}
    await api.ok(ann, "wish.EndRound", f)
    await api.ok(ann, "wish.StartTurn", me)
    lapsed = await api.ok(ann, "wish.EndTurn", me)  # no maneuver spent: it ends
    assert event(lapsed, "wish.LingeringUpkeep") == {"ended": ["Smoke Cloud"], "kept": []}
    pyro = await character(api, t, "pyro", lapsed["position"])
    assert pyro["sheet"]["lingering"] == {}


async def test_invested_and_persisted_effects_are_kept_by_action_and_turn_L263_L264(
    api: Api,
) -> None:
    """L263 Invested: 'a character must spend their Action each Round to keep the effect
    going'; L264 Persisted: 'must spend their entire Turn each Round ... cannot use Reacts
    without terminating the effect'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    stunts = {"Wall": {"sfx": "Force", "traits": ["Invested"]},
              "Storm": {"sfx": "Cold", "traits": ["Persisted"]}}
    await create(api, t, "mage", {"characteristics": BASE, "phase": "play", "stunts": stunts})
    await create(api, t, "brute", {"characteristics": BASE, "phase": "play"})
    f = {"campaign_id": cid, "encounter_id": "f"}
    me = {**f, "character_id": "mage"}
    await api.ok(ann, "wish.StartEncounter", {**f, "participants": ["mage", "brute"]})
    await api.ok(ann, "wish.StartTurn", me)
    await api.ok(ann, "wish.RollCheck", {**me, "characteristic": "wp", "stunt": "Wall"})
    await api.ok(ann, "wish.EndTurn", me)
    await api.ok(ann, "wish.EndRound", f)
    await api.ok(ann, "wish.StartTurn", me)
    await refused(api, t, "wish.TakeManeuver", {**me, "kind": "maintain", "stunt": "Wall"},
                  409, "wish.trait.invested L263", "payload.stunt")
    kept = await api.ok(ann, "wish.MaintainEffect", {**me, "stunt": "Wall"})
    assert event(kept, "wish.LingeringMaintained") == {"stunt": "Wall"}
    await refused(api, t, "wish.RollCheck", {**me, "characteristic": "wp", "stunt": "Storm"},
                  409, "wish.encounter.action L380", "payload.character_id")  # Action spent
    await api.ok(ann, "wish.EndTurn", me)
    await api.ok(ann, "wish.EndRound", f)
    await api.ok(ann, "wish.StartTurn", me)
    await api.ok(ann, "wish.RollCheck", {**me, "characteristic": "wp", "stunt": "Storm"})
    lapsed = await api.ok(ann, "wish.EndTurn", me)  # the Wall was not kept this turn
    assert event(lapsed, "wish.LingeringUpkeep") == {"ended": ["Wall"], "kept": ["Storm"]}
    await api.ok(ann, "wish.EndRound", f)
    await api.ok(ann, "wish.StartTurn", me)
    await api.ok(ann, "wish.MaintainEffect", {**me, "stunt": "Storm"})
    await refused(api, t, "wish.TakeManeuver", {**me, "kind": "movement"}, 409,
                  "wish.trait.persisted L264", "payload.kind")  # the entire turn
    await api.ok(ann, "wish.EndTurn", me)
    await api.ok(ann, "wish.StartTurn", {**f, "character_id": "brute"})
    await api.ok(ann, "wish.Attack", {**f, "character_id": "brute", "target_id": "mage",
                                      "characteristic": "str"})
    braced = await api.ok(ann, "wish.React", {**f, "character_id": "mage",
                                              "attacker_id": "brute", "action": "Brace"})
    assert event(braced, "wish.LingeringEnded") == {"stunts": ["Storm"], "cause": "React L264"}
    mage = await character(api, t, "mage", braced["position"])
    assert mage["sheet"]["lingering"] == {}


async def test_an_x_turns_effect_takes_entire_turns_and_fails_on_damage_L261(api: Api) -> None:
    """L261 X Turns: 'occupies 1 or more of a character's entire Turns, preventing them from
    altering their stance, taking any maneuvers at all, or taking their normal Action. The
    effect resolves during the character's End of Turn phase ... If anything ... does damage to
    them, the effect automatically fails'."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    stunts = {"Ritual": {"sfx": "Magic", "traits": ["2 Turns"]}}
    await create(api, t, "mage", {"characteristics": BASE, "phase": "play", "stunts": stunts})
    await create(api, t, "brute", {"characteristics": {**BASE, "str": 5}, "phase": "play"})
    f = {"campaign_id": cid, "encounter_id": "f"}
    me = {**f, "character_id": "mage"}
    await api.ok(ann, "wish.StartEncounter", {**f, "participants": ["mage", "brute"]})
    await api.ok(ann, "wish.StartTurn", me)
    await api.ok(ann, "wish.BeginExtended", {**me, "stunt": "Ritual"})
    await refused(api, t, "wish.ShiftStance", {**me, "steps": 1}, 409,
                  "wish.trait.x_turns L261", "payload.steps")
    first = await api.ok(ann, "wish.EndTurn", me)
    assert event(first, "wish.ExtendedProgressed") == {"stunt": "Ritual", "done": 1}
    await api.ok(ann, "wish.EndRound", f)
    await api.ok(ann, "wish.StartTurn", me)
    await refused(api, t, "wish.TakeManeuver", {**me, "kind": "movement"}, 409,
                  "wish.trait.x_turns L261", "payload.kind")  # the turn is the Ritual's
    done = await api.ok(ann, "wish.EndTurn", me)
    assert event(done, "wish.ExtendedResolved") == {"stunt": "Ritual", "turns": 2}
    await api.ok(ann, "wish.EndRound", f)
    await api.ok(ann, "wish.StartTurn", me)
    await api.ok(ann, "wish.BeginExtended", {**me, "stunt": "Ritual"})
    await api.ok(ann, "wish.EndTurn", me)
    hit = await api.ok(ann, "wish.ApplyDamage", {"campaign_id": cid, "character_id": "mage",
                                                 "amount": 4})
    assert event(hit, "wish.ExtendedFailed") == {"stunt": "Ritual", "turns_wasted": 1,
                                                 "cause": "damaged L261"}
    mage = await character(api, t, "mage", hit["position"])
    assert mage["sheet"]["extended"] is None
