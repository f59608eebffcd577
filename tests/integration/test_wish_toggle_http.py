"""Toggle stunts (L260) through HTTP against real servers."""

from __future__ import annotations

from tests.conftest import Api
from tests.integration.test_wish_departures_http import wish_campaign
from tests.integration.test_wish_rule_fixes import BASE, create, event, refused

STUNTS = {"Flame Aura": {"sfx": "Fire", "traits": ["Toggle", "Protection"]},
          "Fire Bolt": {"sfx": "Fire", "traits": ["Ranged"]}}


async def test_a_toggle_stunt_is_switched_by_a_maneuver_and_off_when_unconscious_L260(
        api: Api) -> None:
    """L260: 'a Toggle Stunt requires a Maneuver to turn on or off, and thus can usually only be
    activated or deactivated in a character's own Turn ... A Toggle Stunt toggles off
    automatically if the character becomes unconscious'; L196: unconscious at 0 Wounds."""
    t = await wish_campaign(api)
    cid, ann = t["cid"], t["ann"]
    await create(api, t, "pyro", {"characteristics": BASE, "phase": "play", "stunts": STUNTS})
    await create(api, t, "foe", {"characteristics": BASE, "phase": "play"})
    fight = {"campaign_id": cid, "encounter_id": "fight"}
    await api.ok(ann, "wish.StartEncounter", {**fight, "participants": ["pyro", "foe"]})
    await api.ok(ann, "wish.StartTurn", {**fight, "character_id": "foe"})
    toggle = {**fight, "character_id": "pyro", "kind": "toggle", "stunt": "Flame Aura"}
    # not pyro's turn: 'only ... in a character's own Turn'
    off_turn = await api.command(ann, "wish.TakeManeuver", toggle)
    assert off_turn.status_code == 409, off_turn.text
    await api.ok(ann, "wish.EndTurn", {**fight, "character_id": "foe"})
    await api.ok(ann, "wish.StartTurn", {**fight, "character_id": "pyro"})
    await refused(api, t, "wish.TakeManeuver", {**toggle, "stunt": "Fire Bolt"},
                  409, "wish.trait.toggle L260", "payload.stunt")
    await refused(api, t, "wish.TakeManeuver", {**fight, "character_id": "pyro",
                                                "kind": "toggle"},
                  422, "wish.trait.toggle L260", "payload.stunt")
    on = await api.ok(ann, "wish.TakeManeuver", toggle)
    assert event(on, "wish.ManeuverTaken")["stunt"] == "Flame Aura"
    assert event(on, "wish.StuntToggled") == {"stunt": "Flame Aura", "on": True,
                                              "cause": "maneuver"}
    sheet = (await api.get(ann, f"/v1/campaigns/{cid}/characters/pyro",
                           position=on["position"])).json()["sheet"]
    assert sheet["stunts"]["Flame Aura"]["toggled_on"] is True
    off = await api.ok(ann, "wish.TakeManeuver", toggle)  # a second maneuver: 1 fatigue (L380)
    assert event(off, "wish.StuntToggled")["on"] is False
    assert event(off, "wish.Exerted")["fatigue"] == 1
    await api.ok(ann, "wish.EndTurn", {**fight, "character_id": "pyro"})
    await api.ok(ann, "wish.EndRound", fight)
    await api.ok(ann, "wish.StartTurn", {**fight, "character_id": "pyro"})
    await api.ok(ann, "wish.TakeManeuver", toggle)
    # a hit that takes every Wound: unconscious, and the aura goes out with it
    knocked = await api.ok(ann, "wish.ApplyDamage", {"campaign_id": cid, "character_id": "pyro",
                                                     "amount": 60, "kind": "physical"})
    assert event(knocked, "wish.StuntToggled") == {"stunt": "Flame Aura", "on": False,
                                                   "cause": "unconscious"}
    sheet = (await api.get(ann, f"/v1/campaigns/{cid}/characters/pyro",
                           position=knocked["position"])).json()
    assert sheet["sheet"]["stunts"]["Flame Aura"]["toggled_on"] is False
