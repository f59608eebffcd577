"""Golden Heroes equipment and costume (L27, L29-L30) against the seed's wording (no I/O)."""

from __future__ import annotations

import msgspec
import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import powers
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"
RULE = "golden-heroes.equipment L29"


def choose(w: World, cid: str, *items: dict[str, object]) -> c.EquipmentChosen:
    cmd = c.ChooseEquipment(campaign_id=CID, character_id=cid,
                            items=[c.Item(**i) for i in items])  # type: ignore[arg-type]
    return msgspec.convert(w.run(cmd)[0].data, c.EquipmentChosen)


def refused(w: World, cid: str, *items: dict[str, object]) -> DomainError:
    before = len(w.log)
    with pytest.raises(DomainError) as err:
        choose(w, cid, *items)
    assert len(w.log) == before and err.value.rule == RULE
    return err.value


def test_up_to_three_items_counting_the_ones_the_powers_give() -> None:
    rope, tracer, radio = ({"name": n} for n in ("rope and grapple", "tracer", "micro-radio"))
    w = World(plain=sheet(), armoured=sheet(powers=[{"power": "armour"}, {"power": "stretch"}]))
    ev = choose(w, "plain", rope, tracer, radio)
    assert (ev.granted, ev.costume, ev.defence_class) == ([], "standard", 6)  # DC 6 (L27)
    err = refused(w, "plain", rope, tracer, radio, {"name": "lineslinger"})
    assert (err.field, err.rule) == ("items", RULE)
    # Armour's suit and Stretch's costume of Destabilised Molecules are two of the three (L29)
    ev = choose(w, "armoured", rope)
    assert ev.granted == ["suit of armour", "costume of Destabilised Molecules"]
    assert ev.costume == "destabilised_molecules"
    assert refused(w, "armoured", rope, tracer).field == "items"
    assert w.sheet("armoured").equipment == ["suit of armour",
                                             "costume of Destabilised Molecules",
                                             "rope and grapple"]


def test_weapons_only_with_a_power_that_specifies_one_and_shields_with_weapon_skill() -> None:
    skilled = {"power": "weapon_skill", "choice": "one_handed_penetrative"}
    w = World(hero=sheet(), stunner=sheet(powers=[{"power": "stunner"}]),
              swordsman=sheet(powers=[skilled]),
              thug=sheet(character_type="non_superpowered"))
    rifle = {"name": "Armalite rifle", "kind": "weapon", "weapon_type": "heavy_projectile"}
    err = refused(w, "hero", rifle)  # "Superheroes do not charge around carrying Armalites"
    assert (err.field, err.rule) == ("items[0].kind", RULE)
    assert choose(w, "stunner", {"name": "stun gun", "kind": "weapon",
                                 "weapon_type": "light_projectile"}).items[0].name == "stun gun"
    shield = {"name": "shield", "kind": "shield"}
    assert refused(w, "stunner", shield).field == "items[0].kind"
    assert choose(w, "swordsman", shield).granted == ["weapon for Weapon Skill"]
    # the rule is for superpowered characters: a thug carries his rifle
    assert choose(w, "thug", rifle).items[0].kind == "weapon"


def test_suit_padding_is_dc_5_and_choosing_again_replaces_it() -> None:
    w = World(hero=sheet())
    padding = {"name": "Ultra-light Chainmail", "kind": "padding"}
    assert choose(w, "hero", padding).defence_class == 5
    assert powers.defence_class(w.sheet("hero")) == 5
    assert choose(w, "hero", {"name": "tracer"}).defence_class == 6
    assert w.sheet("hero").equipment == ["tracer"]
