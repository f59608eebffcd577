"""Golden Heroes on the typed seam (``domain.rulesets.seam``): the platform's three calls are
the seam's, every command has one handler by class, every event one fold by class (or none,
for a roll that changes no state), and the state codec gives back exactly the stored form."""

from __future__ import annotations

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import GOLDEN_HEROES
from domain.rulesets.golden_heroes import state as st
from domain.rulesets.golden_heroes.codec import GoldenHeroesCodec
from domain.rulesets.golden_heroes.decide import DECIDER
from domain.rulesets.golden_heroes.ruleset import COMMAND_TYPES
from domain.rulesets.seam import CommandRuleset
from tests.unit.golden_heroes.world import World, sheet

# rolls recorded for the table and the audit: no sheet or fight changes with them
RECORDS_ONLY = {c.BindingRolled, c.GrabRolled, c.JudoThrown, c.MentalAttackRolled,
                c.ObjectFell, c.ObjectHandled, c.RatingReasonNoted, c.RatingRolled,
                c.TargetChosen, c.VehicleRammed}


def test_the_platforms_calls_are_the_seams() -> None:
    kind = type(GOLDEN_HEROES)
    for name in ("streams_for", "decide", "evolve"):
        assert getattr(kind, name) is getattr(CommandRuleset, name), name


def test_every_command_has_one_handler_by_class() -> None:
    assert sorted(k.__name__ for k in DECIDER.handlers.commands()) == \
        sorted(k.__name__ for k in COMMAND_TYPES.values())


def test_every_event_folds_into_one_kind_of_stream_or_is_a_record_only() -> None:
    sheets, fights = set(DECIDER.characters.events()), set(DECIDER.encounters.events())
    assert not sheets & fights
    assert sheets | fights | RECORDS_ONLY == set(c.EVENTS.values())
    assert not (sheets | fights) & RECORDS_ONLY
    assert {k.__name__ for k in fights} == {
        "CombatStarted", "InitiativeRolled", "FramesUsed", "PhaseEnded", "CombatEnded",
        "GeneralFieldChanged", "ConditionNoted"}


def test_the_codec_gives_back_exactly_the_stored_form() -> None:
    codec = GoldenHeroesCodec()
    stored = sheet(htc=12)
    loaded = codec.load("character", stored)
    assert isinstance(loaded, st.GoldenHeroesSheet) and loaded.htc == 12
    assert codec.dump(loaded) == stored
    w = World(hero=sheet(), foe=sheet())
    w.run(c.StartCombat(campaign_id="camp", encounter_id="fight", heroes=["hero"],
                        villains=["foe"]))
    fight = w.states["encounter:fight"]
    assert codec.dump(codec.load("encounter", fight)) == fight
    assert codec.load("character", None) is None and codec.load("encounter", None) is None


def test_a_record_only_event_leaves_the_sheet_as_it_was_and_a_bad_body_too() -> None:
    stored = sheet()
    body = msgspec.to_builtins(c.RatingReasonNoted(character_id="a", rating="practice",
                                                   value=3, reason="why"))
    assert GOLDEN_HEROES.evolve(stored, "golden-heroes.RatingReasonNoted", body) == stored
    assert GOLDEN_HEROES.evolve(stored, "golden-heroes.RatingSet", {"rating": []}) == stored
