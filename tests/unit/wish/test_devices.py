"""Devices (L299-332) and the Item of Power (L920)."""

from __future__ import annotations

from typing import Any

import pytest

from contracts.rulesets.wish import Attack, RestoreDevice, RollCheck
from domain.dice import ScriptedDice
from domain.errors import DomainError, StateConflict
from domain.rulesets.wish import WISH, devices
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.options import parse_options
from domain.rulesets.wish.state import Device
from tests.unit.wish.builders import build_sheet, states

GEAR = {"Blaster": {"rating": 3, "sfx": "Gear"}, "Visor": {"rating": 1, "sfx": "Gear"},
        "Armor": {"rating": 2, "sfx": "Gear"}}


def test_device_soak_and_wounds_L317_L324() -> None:
    """Detached (7 + SR) Soak and SR Wounds; Integrated (5 + SR) Soak and (SR + 2) Wounds;
    the highest-rated stunt, +1 Soak and +1 Wound per additional stunt (L317-322)."""
    s = sheets.load(build_sheet(stunts=GEAR))
    gun = devices.durability(s, Device(kind="detached", stunts=["Blaster"]))
    assert (gun.soak, gun.wounds) == (7 + 3, 3)
    suit = devices.durability(s, Device(kind="integrated", stunts=["Armor", "Visor"]))
    assert (suit.soak, suit.wounds) == (5 + 2 + 1, 2 + 2 + 1)
    shielded = devices.durability(s, Device(kind="integrated", stunts=["Armor"], soak_bonus=2))
    assert shielded.soak == 5 + 2 + 2  # L324
    hammer = devices.durability(sheets.load(build_sheet(experience=31)),
                                Device(kind="item_of_power"))
    assert (hammer.soak, hammer.wounds) == (15 + 3, 3 * 5)  # Rank 3 (L920)


def test_no_automatic_wound_on_a_device_L320() -> None:
    s = sheets.load(build_sheet(stunts=GEAR))
    gun = Device(kind="detached", stunts=["Blaster"])
    assert devices.damaged(s, gun, 10, 0)["wounds_lost"] == 0  # Soak 10 takes it all
    assert devices.damaged(s, gun, 12, 0) == {"amount": 12, "soak": 10, "wounds_lost": 2,
                                              "broken": False}
    assert devices.damaged(s, gun, 9, 2)["wounds_lost"] == 1  # Pierce (L272)
    assert devices.damaged(s, gun, 20, 0)["broken"] is True


def test_targeting_and_disarming_dice_L311_L315() -> None:
    o = parse_options({})
    dice = {(d.die, d.count) for d in devices.attack_dice(Device(kind="detached"), False, o)}
    assert dice == {("CHL", 1)}
    dice = {(d.die, d.count) for d in devices.attack_dice(Device(kind="integrated"), True, o)}
    assert dice == {("CHL", 2)}


def test_an_attack_on_an_item_of_power_adds_x_and_rank_y_L920() -> None:
    st = states(hero=build_sheet(characteristics={"str": 3}),
                thor=build_sheet(origin="Wielder", experience=31,
                                 devices={"Hammer": {"kind": "item_of_power"}}))
    events = WISH.decide(Attack(campaign_id="c", character_id="hero", target_id="thor",
                                characteristic="str", device="Hammer"), st, {},
                         ScriptedDice([1] * 10))
    rolled = next(e for e in events if e.type == "wish.CheckRolled")
    assert rolled.data["check"]["pool"] == {"CHR": 3, "CHL": 1, "MIS": 3}  # Rank 3


def test_a_sheets_devices_hold_device_stunts_once_L299_L322() -> None:
    with pytest.raises(DomainError) as err:
        build_sheet(stunts={"Punch": {}}, devices={"Glove": {"stunts": ["Punch"]}})
    assert err.value.rule == "wish.justification.device L299"
    with pytest.raises(DomainError):
        build_sheet(stunts=GEAR, devices={"A": {"stunts": ["Visor"]}, "B": {"stunts": ["Visor"]}})


def run(st: dict[str, Any], cmd: Any, dice: list[int]) -> dict[str, Any]:
    st = dict(st)
    for e in WISH.decide(cmd, st, {}, ScriptedDice(dice)):
        st[e.stream] = WISH.evolve(st.get(e.stream), e.type, e.data)
    return st


def test_disarming_takes_the_devices_stunts_until_recovered_L301_L314() -> None:
    st = states(hero=build_sheet(characteristics={"str": 4}),
                foe=build_sheet(stunts=GEAR, devices={"Raygun": {"stunts": ["Blaster"]}}))
    cmd = Attack(campaign_id="c", character_id="hero", target_id="foe", characteristic="str",
                 device="Raygun", disarm=True)
    events = WISH.decide(cmd, st, {}, ScriptedDice([8, 8, 8, 8, 1]))
    rolled = next(e for e in events if e.type == "wish.CheckRolled")
    assert rolled.data["check"]["pool"] == {"CHR": 4, "CHL": 1}  # L314
    after = run(st, cmd, [8, 8, 8, 8, 1])
    assert after["character:foe"]["devices"]["Raygun"]["state"] == "disarmed"
    use = RollCheck(campaign_id="c", character_id="foe", characteristic="ag", stunt="Blaster")
    with pytest.raises(StateConflict) as err:
        WISH.decide(use, after, {}, ScriptedDice([1, 1]))
    assert err.value.rule == "wish.device L301, L921"
    back = run(after, RestoreDevice(campaign_id="c", character_id="foe", device="Raygun",
                                    how="recover"), [])
    assert back["character:foe"]["devices"]["Raygun"]["state"] == "ready"
    WISH.decide(use, back, {}, ScriptedDice([1, 1]))


def test_wielded_abilities_need_the_item_of_power_ready_L921() -> None:
    st = states(thor=build_sheet(stunts={"Bolt": {"wielded": True, "justification": "device"}},
                                 devices={"Hammer": {"kind": "item_of_power", "state": "broken"}}))
    with pytest.raises(StateConflict):
        WISH.decide(RollCheck(campaign_id="c", character_id="thor", characteristic="wp",
                              stunt="Bolt"), st, {}, ScriptedDice([1, 1]))
    fixed = run(st, RestoreDevice(campaign_id="c", character_id="thor", device="Hammer",
                                  how="repair"), [])
    assert fixed["character:thor"]["devices"]["Hammer"] == {
        "kind": "item_of_power", "stunts": [], "soak_bonus": 0, "wounds_lost": 0, "state": "ready"}


@pytest.mark.parametrize(("xp", "rank"), [(0, 1), (20, 2), (31, 3), (75, 5)])
def test_the_item_of_power_has_one_soak_and_wounds_for_device_and_origin_L920(
        xp: int, rank: int) -> None:
    """L920: 'Soak equal to (15 + Character Rank), and (Character Rank x 5) Wounds' -- the
    device's durability and the Wielder's origin figures are the same numbers."""
    raw = build_sheet(origin="Wielder", experience=xp)
    device = devices.durability(sheets.load(raw), Device(kind="item_of_power"))
    shown = WISH.derived(raw, {})["origin"]["item_of_power"]
    assert (device.soak, device.wounds) == (15 + rank, 5 * rank)
    assert shown == {"soak": device.soak, "wounds": device.wounds}
