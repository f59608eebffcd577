"""The character aggregate: who may create, rename and retire a character."""

from __future__ import annotations

import msgspec
import pytest

from contracts import commands as c
from contracts import events as e
from domain import character, decider
from domain.dice import ScriptedDice
from domain.errors import DomainError, Forbidden, NotFound, StateConflict
from tests.unit.platform_builders import (
    CHAR,
    CID,
    GM,
    OBSERVER,
    PLAYER,
    PLAYER2,
    STRANGER,
    TABLE,
    ctx,
    expected_id,
    fold,
    full_campaign,
    new_character,
    refused,
)

NONE = character.initial_state()


def decide(cmd: c.Payload, actor: str, state: character.CharacterState = NONE,
           command_id: str = "cmd-1") -> list[e.Event]:
    return character.decide(cmd, full_campaign(), state, ctx(actor, command_id))


def create(owner: str | None = None, **over: object) -> c.CreateCharacter:
    return c.CreateCharacter(campaign_id=CID, name="Ayla", owner=owner, **over)


def rename(name: str = "Bo") -> c.RenameCharacter:
    return c.RenameCharacter(campaign_id=CID, character_id=CHAR, name=name)


RETIRE = c.RetireCharacter(campaign_id=CID, character_id=CHAR, reason="old bones")


# --- creation ----------------------------------------------------------------------------------


def test_a_player_creates_their_own_character_with_a_derived_id() -> None:
    events = decide(create(sheet={"hp": 7}), PLAYER, command_id="cmd-5")
    chid = expected_id("chr", CID, "cmd-5")
    assert events == [e.CharacterCreated(campaign_id=CID, character_id=chid, owner=PLAYER,
                                         name="Ayla", sheet={"hp": 7})]
    state = fold(character.evolve, NONE, events)
    assert (state.exists, state.owner, state.name, state.sheet) == (True, PLAYER, "Ayla", {"hp": 7})


def test_explicit_character_id_is_kept() -> None:
    [event] = decide(create(character_id="hero"), PLAYER)
    assert event.character_id == "hero"


def test_a_gm_creates_a_character_for_a_player() -> None:
    [event] = decide(create(owner=PLAYER2), GM)
    assert event.owner == PLAYER2


def test_an_observer_cannot_create_a_character() -> None:
    refused(Forbidden, "actor", "campaign.observer-reads-only", lambda: decide(create(), OBSERVER))


def test_a_stranger_cannot_create_a_character() -> None:
    refused(Forbidden, "actor", "campaign.member", lambda: decide(create(), STRANGER))


def test_a_player_creates_characters_only_for_themself() -> None:
    refused(Forbidden, "payload.owner", "character.player-owns-own",
            lambda: decide(create(owner=PLAYER2), PLAYER))


@pytest.mark.parametrize("owner", [OBSERVER, STRANGER])
def test_the_owner_must_play_in_the_campaign(owner: str) -> None:
    refused(DomainError, "payload.owner", "character.owner-plays",
            lambda: decide(create(owner=owner), GM))


def test_a_character_id_is_unique() -> None:
    refused(StateConflict, "payload.character_id", "character.unique",
            lambda: decide(create(character_id=CHAR), PLAYER, new_character()))


# --- rename and retire -------------------------------------------------------------------------


@pytest.mark.parametrize("actor", [PLAYER, GM])
def test_owner_or_gm_renames(actor: str) -> None:
    events = decide(rename("Bo"), actor, new_character())
    assert events == [e.CharacterRenamed(campaign_id=CID, character_id=CHAR, name="Bo")]
    assert fold(character.evolve, new_character(), events).name == "Bo"


@pytest.mark.parametrize("actor", [PLAYER, GM])
def test_owner_or_gm_retires(actor: str) -> None:
    events = decide(RETIRE, actor, new_character())
    assert events == [e.CharacterRetired(campaign_id=CID, character_id=CHAR, reason="old bones")]
    state = fold(character.evolve, new_character(), events)
    assert (state.retired, state.retired_reason) == (True, "old bones")


@pytest.mark.parametrize("cmd", [rename(), RETIRE])
def test_another_player_cannot_touch_a_character(cmd: c.Payload) -> None:
    refused(Forbidden, "actor", "character.owner-only",
            lambda: decide(cmd, PLAYER2, new_character()))


@pytest.mark.parametrize("cmd", [rename(), RETIRE])
def test_an_observer_cannot_touch_a_character(cmd: c.Payload) -> None:
    refused(Forbidden, "actor", "campaign.observer-reads-only",
            lambda: decide(cmd, OBSERVER, new_character()))


@pytest.mark.parametrize("cmd", [rename(), RETIRE])
def test_a_missing_character_is_not_found(cmd: c.Payload) -> None:
    refused(NotFound, "payload.character_id", "character.exists", lambda: decide(cmd, GM))


def test_renaming_to_the_same_name_conflicts() -> None:
    refused(StateConflict, "payload.name", "character.rename-changes",
            lambda: decide(rename("Ayla"), PLAYER, new_character()))


@pytest.mark.parametrize("cmd", [rename(), RETIRE])
def test_a_retired_character_cannot_be_renamed_or_retired_again(cmd: c.Payload) -> None:
    retired = new_character(e.CharacterRetired(campaign_id=CID, character_id=CHAR, reason=""))
    refused(StateConflict, "payload.character_id", "character.not-retired",
            lambda: decide(cmd, GM, retired))


# --- evolve and the decider's routing ----------------------------------------------------------


def test_evolve_is_total_an_unrelated_event_only_bumps_the_version() -> None:
    before = new_character()
    unrelated = e.MemberAdded(campaign_id=CID, user="newbie", role="player")
    assert character.evolve(before, unrelated) == msgspec.structs.replace(
        before, version=before.version + 1)


def states_with(char_stream: str, state: character.CharacterState) -> dict[str, object]:
    return {f"campaign/{CID}": full_campaign(), char_stream: state}


def test_create_character_goes_to_its_derived_character_stream() -> None:
    cmd, context = create(), ctx(PLAYER, "cmd-5")
    stream = f"character/{CID}/{expected_id('chr', CID, 'cmd-5')}"
    assert decider.streams_for(cmd, context) == [f"campaign/{CID}", stream]
    decision = decider.decide(cmd, states_with(stream, NONE), context, ScriptedDice([]))
    assert [(where, type(ev)) for where, ev in decision] == [(stream, e.CharacterCreated)]


@pytest.mark.parametrize(("cmd", "event_type"), [(rename(), e.CharacterRenamed),
                                                 (RETIRE, e.CharacterRetired)])
def test_character_commands_go_to_the_character_stream(cmd: c.Payload, event_type: type) -> None:
    stream = f"character/{CID}/{CHAR}"
    assert decider.streams_for(cmd, ctx(PLAYER)) == [f"campaign/{CID}", stream]
    decision = decider.decide(cmd, states_with(stream, new_character()), ctx(PLAYER),
                              ScriptedDice([]))
    assert [(where, type(ev)) for where, ev in decision] == [(stream, event_type)]


def test_seating_reads_the_character_but_appends_to_the_campaign() -> None:
    cmd = c.SeatCharacter(campaign_id=CID, table_id=TABLE, character_id=CHAR)
    stream = f"character/{CID}/{CHAR}"
    assert decider.streams_for(cmd, ctx(PLAYER)) == [f"campaign/{CID}", stream]
    decision = decider.decide(cmd, states_with(stream, new_character()), ctx(PLAYER),
                              ScriptedDice([]))
    assert [(where, type(ev)) for where, ev in decision] == [(f"campaign/{CID}",
                                                              e.CharacterSeated)]


def test_seating_through_the_decider_uses_the_character_owner() -> None:
    cmd = c.SeatCharacter(campaign_id=CID, table_id=TABLE, character_id=CHAR)
    states = states_with(f"character/{CID}/{CHAR}", new_character(owner=PLAYER2))
    # the one authorization rule (domain.authority) names the payload's field
    refused(Forbidden, "payload.character_id", "character.owner-only",
            lambda: decider.decide(cmd, states, ctx(PLAYER), ScriptedDice([])))
    states = states_with(f"character/{CID}/{CHAR}", NONE)
    refused(NotFound, "payload.character_id", "character.exists",
            lambda: decider.decide(cmd, states, ctx(GM), ScriptedDice([])))


def test_decider_folds_character_streams_with_character_evolve() -> None:
    stream = f"character/{CID}/{CHAR}"
    state = decider.initial_state(stream)
    for event in [e.CharacterCreated(campaign_id=CID, character_id=CHAR, owner=PLAYER, name="A",
                                     sheet={}),
                  e.CharacterRenamed(campaign_id=CID, character_id=CHAR, name="B")]:
        state = decider.evolve(stream, state, type(event).__name__, msgspec.to_builtins(event))
    assert (state.owner, state.name, state.version) == (PLAYER, "B", 2)
