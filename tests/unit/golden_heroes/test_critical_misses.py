"""Golden Heroes critical misses and what they do (no I/O).

L84: "NON-SUPERPOWERED CHARACTERS Whenever a non-superpowered person rolls a Critical Miss,
they lose their next Action."
L85: "Whenever a superpowered character suffers a Critical Miss, ld10 is similarly rolled on
the Critical Miss Table to determine the effect on them."
L98 (the CRITICAL MISS TABLE, its d10 in L91-L97): "Lose balance: next Frame must be spent
recovering. Slip over: next Frame must be spent recovering, it will also take 1 Frame to get up
at some time. ... Left open: they are open to next attack so long as it follows on directly
from the Critical Miss. This next attack on them gains a Strike Modifier of +2 and no Combat
Response may be used against it. ... Backfire: attacker is hit by own ricochet, backfire, etc,
or strikes nearby object. They take 1d6HTC Damage Dividers apply, but no Combat Response can be
made to this."
"""

from __future__ import annotations

from contracts.rulesets import golden_heroes as c
from tests.unit.golden_heroes.world import World, refused, sheet

CID = "camp"
FIGHT = {"campaign_id": CID, "encounter_id": "fight"}
THUG = {"character_type": "non_superpowered", "weapon_class": 0, "defence_class": 11,
        "attributes": {"dexterity": 8}}


def fight(w: World, heroes: list[str], villains: list[str], initiative: list[int]) -> None:
    w.run(c.StartCombat(**FIGHT, heroes=heroes, villains=villains))
    w.run(c.RollInitiative(**FIGHT), initiative)


def strike(w: World, who: str, target: str, faces: list[int]) -> list[dict[str, object]]:
    return [{"type": e.type.split(".")[-1], **e.data}
            for e in w.run(c.Strike(**FIGHT, character_id=who, target_id=target), faces)]


def test_a_superpowered_attackers_miss_on_a_thug_rolls_the_table_and_loses_balance() -> None:
    w = World(hero=sheet(), thug=sheet(**THUG))
    fight(w, ["hero"], ["thug"], [9, 1])  # the heroes win 4 frames
    events = strike(w, "hero", "thug", [1, 1])  # natural 1, then the d10: 1, lose balance
    rolled = next(e for e in events if e["type"] == "StrikeRolled")
    assert rolled["critical"] == "miss" and rolled["critical_die"] == 1
    assert "lose balance" in str(rolled["critical_effect"])
    lost = [e for e in events if e.get("activity") == "recovering"]
    assert [e["slots"] for e in lost] == [[2]]  # the next frame only, not an action (L91)


def test_a_non_superpowered_miss_loses_the_next_action_in_the_fight() -> None:
    w = World(hero=sheet(attributes={"dexterity": 12}), thug=sheet(**THUG))
    fight(w, ["hero"], ["thug"], [1, 9])  # the villains win 4 frames; the thug has 3 and 4
    events = strike(w, "thug", "hero", [1])  # no d10 for the non-superpowered (L84)
    assert next(e for e in events if e["type"] == "StrikeRolled")["critical_die"] is None
    lost = next(e for e in events if e.get("activity") == "recovering")
    assert (lost["slots"], lost["next_round"]) == ([4], 1)  # the next action: 2 frames


def test_slipping_over_costs_the_next_frame_and_a_frame_to_get_up() -> None:
    w = World(hero=sheet(), foe=sheet())
    fight(w, ["hero"], ["foe"], [9, 1])
    events = strike(w, "hero", "foe", [1, 2])  # d10 2: slip over (L92)
    assert [e["slots"] for e in events if e.get("activity") == "recovering"] == [[2]]
    assert w.sheet("hero").prone
    up = w.run(c.Act(**FIGHT, character_id="hero", activity="get_up"))
    assert up[0].data["slots"] == [3] and not w.sheet("hero").prone  # 1 frame to get up
    err = refused(w, c.Act(**FIGHT, character_id="hero", activity="get_up"))
    assert err.rule == "golden-heroes.get-up L92, L120"


def test_left_open_gives_the_next_attack_plus_two_and_no_response() -> None:
    w = World(hero=sheet(), foe=sheet())
    fight(w, ["hero"], ["foe"], [9, 1])
    strike(w, "hero", "foe", [1, 5])  # d10 5: left open (L95, L98)
    assert w.sheet("hero").left_open
    w.run(c.Act(**FIGHT, character_id="hero", activity="pass"))
    w.run(c.EndPhase(**FIGHT))
    # the foe's next attack follows on directly: d20 8 + WC2 + DC6 = 16, +2 left open = 18 hits
    events = strike(w, "foe", "hero", [8])
    rolled = next(e for e in events if e["type"] == "StrikeRolled")
    assert rolled["hit"] and rolled["total"] == 18
    assert {"source": "left_open (L98)", "value": 2} in rolled["modifiers"]  # type: ignore[operator]
    assert not w.sheet("hero").left_open  # the opening is taken
    err = refused(w, c.Respond(**FIGHT, character_id="hero", response="dodge"), [6])
    assert (err.field, err.rule) == ("response", "golden-heroes.critical-miss L98")
    w.run(c.Respond(**FIGHT, character_id="hero"), [1, 1, 1])
    # the attack after it is an ordinary one again: 8 + 2 + 6 = 16 misses
    assert not next(e for e in strike(w, "foe", "hero", [8]) if e["type"] == "StrikeRolled")["hit"]


def test_a_backfire_hits_the_attacker_for_1d6_htc_through_its_dividers() -> None:
    # Armour grade 1: DC4, HTC divider 2 (L62-L67, L174)
    w = World(hero=sheet(powers=[{"power": "armour", "grade": 1}]), thug=sheet(**THUG))
    events = [{"type": e.type.split(".")[-1], **e.data} for e in w.run(
        c.Strike(campaign_id=CID, character_id="hero", target_id="thug"), [1, 7, 5])]
    hurt = next(e for e in events if e["type"] == "AttackResolved")
    assert (hurt["character_id"], hurt["attack"], hurt["response"]) == ("hero", "backfire", "none")
    assert hurt["htc_dice"] == [5] and hurt["htc_taken"] == 2  # 5 / 2, rounded down (L119)
    assert w.sheet("hero").htc == 38


def test_a_judo_throws_grab_on_a_natural_1_has_the_tables_effect() -> None:
    # the Judo Throw's grab is a strike roll (L116): a natural 1 is a Critical Miss (L84-L85);
    # d10 1, lose balance: the thrower's next frame after the throw's 2 is spent recovering
    judoka = [{"power": "martial_arts", "grade": 2, "choice": "oriental,judo_throw"}]
    w = World(judoka=sheet(powers=judoka), foe=sheet(attributes={"dexterity": 14}))
    fight(w, ["judoka"], ["foe"], [1, 9])  # the villains win 4 frames
    w.run(c.Strike(**FIGHT, character_id="foe", target_id="judoka", declare=True))
    events = w.run(c.JudoThrow(**FIGHT, character_id="judoka", target_id="foe"), [1, 1])
    lost = [e.data for e in events if e.data.get("activity") == "recovering"]
    assert [(x["character_id"], x["slots"]) for x in lost] == [("judoka", [3])]
