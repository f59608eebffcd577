"""Golden Heroes: the helpless act in no way, whichever path led there (no I/O).

L123: "A character reduced to 0HTC is unconscious and remains so until they have recovered more
than one twentieth their normal HTC." The unconscious take no action in a fight (decide_combat);
the same holds out of one: no force field switched on (1 Action, L207), no escape from bindings
(an Action, L135).
"""

from __future__ import annotations

from contracts.rulesets import golden_heroes as c
from tests.unit.golden_heroes.world import World, refused, sheet

CID = "camp"
SHIELD = {"power": "force_field", "grade": 1, "choice": "personal_force_shield",
          "rolled": {"shield_absorbs": 12}}


def test_an_unconscious_character_raises_no_force_field() -> None:
    w = World(hero=sheet(powers=[SHIELD], htc=0))
    err = refused(w, c.RaiseForceField(campaign_id=CID, character_id="hero",
                                       field="personal_force_shield"))
    assert (err.field, err.rule) == ("character_id", "golden-heroes.unconscious L123")


def test_an_unconscious_character_does_not_escape_its_bindings() -> None:
    w = World(hero=sheet())
    w.run(c.Bind(campaign_id=CID, character_id="hero", what="rope", binding_htk=2), [3])
    w.states["character:hero"] = {**w.states["character:hero"], "htc": 0}
    err = refused(w, c.EscapeBinding(campaign_id=CID, character_id="hero", how="resist"), [6])
    assert (err.field, err.rule) == ("character_id", "golden-heroes.unconscious L123")
