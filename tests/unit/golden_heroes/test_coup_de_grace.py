"""Golden Heroes coup de grace (L78) against the seed's wording and digest decision #46: only
the unconscious or stunned, 1d6 + 1 hours without recovery, 1 Action in a fight (no I/O)."""

from __future__ import annotations

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import GOLDEN_HEROES
from tests.unit.golden_heroes.world import World, refused, sheet

CID = "camp"
RULE = "golden-heroes.coup-de-grace L78"


def coup(w: World, faces: list[int], **kw: object) -> list[object]:
    cmd = c.CoupDeGrace(campaign_id=CID, **{"character_id": "hero", "target_id": "foe", **kw})  # type: ignore[arg-type]
    return list(w.run(cmd, faces))


def test_only_the_unconscious_or_stunned_take_a_coup_de_grace() -> None:
    # max HTC 40: stunned at a tenth (4) or less, staggered at a fifth (8) (L9, L123)
    for htc, ok in ((0, True), (-3, True), (4, True), (5, False), (8, False), (40, False)):
        w = World(hero=sheet(), foe=sheet(htc=htc))
        if ok:
            assert coup(w, [3])
        else:
            err = refused(w, c.CoupDeGrace(campaign_id=CID, character_id="hero",
                                           target_id="foe"), [3])
            assert (err.field, err.rule) == ("target_id", RULE)
    w = World(hero=sheet(htc=0), foe=sheet(htc=0))  # the unconscious deliver nothing
    err = refused(w, c.CoupDeGrace(campaign_id=CID, character_id="hero", target_id="foe"))
    assert err.field == "character_id"
    assert w.log == []


def test_the_victim_does_not_recover_for_1d6_plus_1_hours() -> None:
    w = World(hero=sheet(), foe=sheet(htc=0, htk=30))
    events = coup(w, [2])
    assert events[0].data == {"character_id": "hero", "target_id": "foe", "die": 2,  # type: ignore[attr-defined]
                              "hours": 3}
    assert w.sheet("foe").no_recovery_hours == 3
    for cmd in (c.Recover(campaign_id=CID, character_id="foe", period="round"),
                c.Aid(campaign_id=CID, character_id="hero", target_id="foe", kind="htc_aid")):
        err = refused(w, cmd, [6, 6])
        assert err.rule == RULE
    for left in (2, 1, 0):  # each hour passes without recovery
        ev = w.run(c.Recover(campaign_id=CID, character_id="foe", period="hour"))[0]
        assert (ev.data["htk_gain"], ev.data["no_recovery_hours"]) == (0, left)
        assert w.sheet("foe").no_recovery_hours == left and w.sheet("foe").htk == 30
    ev = w.run(c.Recover(campaign_id=CID, character_id="foe", period="round"), [5])[0]
    assert ev.data["htc_gain"] == 5  # 1d6 + 0 (Vigour 10) once the hours are over (L122)
    # first aid still treats the injury (1d6 HTK, L128)
    w2 = World(hero=sheet(), foe=sheet(htc=0, htk=30))
    coup(w2, [6])
    assert w2.sheet("foe").no_recovery_hours == 7
    assert w2.run(c.Aid(campaign_id=CID, character_id="hero", target_id="foe",
                        kind="first_aid"), [4])[0].data["htk_gain"] == 4


def test_reread_checks_the_hours_against_the_die() -> None:
    good = {"character_id": "hero", "target_id": "foe", "die": 4, "hours": 5}
    assert GOLDEN_HEROES.reread("golden-heroes.CoupDeGraceDelivered", good, [(6, 4)]) == []
    assert GOLDEN_HEROES.reread("golden-heroes.CoupDeGraceDelivered", {**good, "hours": 4},
                                [(6, 4)])
    assert GOLDEN_HEROES.reread("golden-heroes.CoupDeGraceDelivered", good, [(6, 3)])


def test_in_a_fight_the_coup_de_grace_takes_an_action() -> None:
    w = World(hero=sheet(), foe=sheet(htc=0))
    w.run(c.StartCombat(campaign_id=CID, encounter_id="fight", heroes=["hero"], villains=["foe"]))
    w.run(c.RollInitiative(campaign_id=CID, encounter_id="fight"), [8, 2])  # 6: 3 frames won
    events = coup(w, [1], encounter_id="fight")
    assert [e.type for e in events] == ["golden-heroes.CoupDeGraceDelivered",  # type: ignore[attr-defined]
                                        "golden-heroes.FramesUsed"]
    assert w.encounter().used["hero"] == [1, 2]  # an action is 2 frames (L49)
    err = refused(w, c.CoupDeGrace(campaign_id=CID, character_id="hero", target_id="foe",
                                   encounter_id="fight"), [1])
    assert err.rule == "golden-heroes.frames L41-L42"  # one frame left of the 3 won
