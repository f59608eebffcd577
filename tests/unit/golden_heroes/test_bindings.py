"""Golden Heroes bindings (L134-L135) against the seed's heavy-chains example (no I/O): a
lasting hypothetical grapple of 1d6 + 15 + the bindings' HTK, dodged or resisted to escape."""

from __future__ import annotations

import msgspec
import pytest

from contracts.rulesets import golden_heroes as c
from domain.errors import DomainError
from domain.rulesets.golden_heroes import GOLDEN_HEROES, bindings
from tests.unit.golden_heroes.world import World, sheet

CID = "camp"
RULE = "golden-heroes.bindings L134-L135"


def chained(w: World, die: int = 4) -> c.BindingRolled:
    # heavy chains: Destroy HTK 2 x their HTK divider 4 = 8 (L135)
    events = w.run(c.Bind(campaign_id=CID, character_id="hero", what="heavy chains",
                          binding_htk=8), [die])
    return msgspec.convert(events[0].data, c.BindingRolled)


def escape(w: World, how: str, faces: list[int]) -> c.BindingRolled:
    events = w.run(c.EscapeBinding(campaign_id=CID, character_id="hero", how=how), faces)  # type: ignore[arg-type]
    return msgspec.convert(events[0].data, c.BindingRolled)


def test_heavy_chains_are_1d6_plus_23_hypothetical_with_its_penalties() -> None:
    assert bindings.strength(4, 8) == 27
    w = World(hero=sheet())
    assert (chained(w).total, w.sheet("hero").grip.hypothetical_htc) == (27, 27)  # type: ignore[union-attr]
    held = GOLDEN_HEROES.derived(w.states["character:hero"], {})["held"]
    assert (held["strike_and_parry"], held["movement_metres"], held["dodge"]) == (-27, -13, -2)
    with pytest.raises(DomainError) as err:
        chained(w)
    assert (err.value.field, err.value.rule) == ("character_id", RULE)


def test_resisting_needs_1d6_plus_strength_to_negate_it() -> None:
    # Strength 40: +25; a 1 makes 26 against 27, a 2 makes 27 and snaps the chains
    w = World(hero=sheet(attributes={"strength": 40}))
    chained(w)
    ev = escape(w, "resist", [1])
    assert (ev.total, ev.escaped, w.sheet("hero").grip is not None) == (26, False, True)
    assert escape(w, "resist", [2]).escaped and w.sheet("hero").grip is None
    with pytest.raises(DomainError) as err:
        escape(w, "resist", [2])
    assert err.value.rule == RULE


def test_dodging_out_at_wc2_with_the_bindings_own_dodge_penalty() -> None:
    # Agility 2 (+3) and DC6 (+1), -2 for 27 hypothetical HTC (L121): 6 + 2 - 2 = 6, a full
    # dodge for one more Frame; 3 + 2 - 2 = 3 fails
    w = World(hero=sheet(powers=[{"power": "agility", "grade": 2}]))
    chained(w)
    assert (escape(w, "dodge", [3]).total, w.sheet("hero").grip is not None) == (3, True)
    assert escape(w, "dodge", [6]).escaped and w.sheet("hero").grip is None


def test_a_bound_being_is_lifted_without_a_grab_and_thrown_still_bound() -> None:
    w = World(hero=sheet(), brute=sheet(attributes={"strength": 20}), goon=sheet())
    chained(w)
    w.run(c.Lift(campaign_id=CID, character_id="brute", target_id="hero"))
    grip = w.sheet("hero").grip
    assert grip is not None and (grip.holder_id, grip.struggling, grip.binding_wc) == (
        "brute", False, 2)
    w.run(c.Strike(campaign_id=CID, character_id="brute", target_id="goon", thrown_id="hero"),
          [15])
    grip = w.sheet("hero").grip
    assert grip is not None and (grip.holder_id, grip.lifted, grip.hypothetical_htc) == (
        "bindings", False, 27)
