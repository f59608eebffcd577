"""The generic RollDice command: who may roll, what the event records, where it is appended."""

from __future__ import annotations

import pytest

from contracts import commands as c
from contracts import events as e
from contracts.events import RolledTerm
from domain import campaign, decider, rolls
from domain.character import CharacterState
from domain.dice import ScriptedDice
from domain.errors import DomainError, Forbidden, NotFound
from tests.unit.platform_builders import (
    CHAR,
    CID,
    GM,
    OBSERVER,
    PLAYER,
    PLAYER2,
    STRANGER,
    TABLE,
    added,
    ctx,
    expected_id,
    full_campaign,
    new_character,
    refused,
)


def roll(expression: str = "1d20+2", **over: object) -> c.RollDice:
    return c.RollDice(campaign_id=CID, expression=expression, **over)


def decide(cmd: c.RollDice, actor: str = PLAYER, faces: list[int] | None = None,
           char: CharacterState | None = None,
           camp: campaign.CampaignState | None = None) -> list[e.Event]:
    return rolls.decide_roll(cmd, camp or full_campaign(), char, ctx(actor, "cmd-3"),
                             ScriptedDice(faces or [1, 1, 1]))


def test_a_player_rolls_and_every_face_is_recorded() -> None:
    [event] = decide(roll("2d6+1", label="Search"), faces=[3, 5])
    assert event == e.DiceRolled(
        campaign_id=CID,
        roll_id=expected_id("roll", CID, "cmd-3"),
        actor=PLAYER,
        expression="2d6+1",
        terms=[RolledTerm(notation="+2d6", sign=1, sides=6, faces=[3, 5], kept=[True, True],
                          subtotal=8),
               RolledTerm(notation="+1", sign=1, sides=0, faces=[], kept=[], subtotal=1)],
        total=9,
        table_id=None,
        character_id=None,
        visibility="public",
        label="Search",
    )


def test_only_a_gm_may_hide_a_roll() -> None:
    cmd = roll("d20", table_id=TABLE, character_id=CHAR, visibility="gm")
    with pytest.raises(Forbidden) as refusal:
        decide(cmd, faces=[17], char=new_character(owner=PLAYER))
    assert (refusal.value.field, refusal.value.rule) == ("payload.visibility",
                                                         "roll.gm-only-visibility")


def test_a_gm_hides_a_roll_at_a_table_for_a_character() -> None:
    cmd = roll("d20", table_id=TABLE, character_id=CHAR, visibility="gm")
    [event] = decide(cmd, actor=GM, faces=[17], char=new_character(owner=PLAYER))
    assert (event.table_id, event.character_id, event.visibility, event.total) == (
        TABLE, CHAR, "gm", 17)
    assert decider.visibility_of(event) == "gm"


def test_visibility_of_public_rolls_and_other_events() -> None:
    [event] = decide(roll())
    assert decider.visibility_of(event) == "public"
    assert decider.visibility_of(added("newbie", "player")) == "public"


def test_a_gm_may_roll_for_any_character() -> None:
    [event] = decide(roll(character_id=CHAR), actor=GM, char=new_character(owner=PLAYER))
    assert (event.actor, event.character_id) == (GM, CHAR)


def refused_before_rolling(kind: type[DomainError], field: str, rule: str, cmd: c.RollDice,
                           actor: str = PLAYER, char: CharacterState | None = None,
                           camp: campaign.CampaignState | None = None) -> None:
    dice = ScriptedDice([1])
    refused(kind, field, rule, lambda: rolls.decide_roll(cmd, camp or full_campaign(), char,
                                                         ctx(actor), dice))
    assert dice.drawn == []


def test_an_observer_cannot_roll() -> None:
    refused_before_rolling(Forbidden, "actor", "campaign.observer-reads-only", roll(), OBSERVER)


def test_a_stranger_cannot_roll() -> None:
    refused_before_rolling(Forbidden, "actor", "campaign.member", roll(), STRANGER)


def test_no_roll_in_a_missing_campaign() -> None:
    refused_before_rolling(NotFound, "payload.campaign_id", "campaign.exists", roll(),
                           camp=campaign.initial_state())


def test_the_table_must_exist() -> None:
    refused_before_rolling(NotFound, "payload.table_id", "table.exists", roll(table_id="nope"))


def test_a_player_cannot_roll_for_another_players_character() -> None:
    refused_before_rolling(Forbidden, "actor", "character.owner-only", roll(character_id=CHAR),
                           actor=PLAYER2, char=new_character(owner=PLAYER))


def test_the_character_must_exist() -> None:
    refused_before_rolling(NotFound, "payload.character_id", "character.exists",
                           roll(character_id=CHAR), char=CharacterState())


def test_a_bad_expression_is_refused() -> None:
    refused_before_rolling(DomainError, "payload.expression", "generic.dice-notation",
                           roll("2d6+"))


# --- the decider's routing ---------------------------------------------------------------------


def test_a_roll_reads_the_campaign_and_appends_to_the_roll_log() -> None:
    cmd = roll("d4")
    assert decider.streams_for(cmd, ctx()) == [f"campaign/{CID}"]
    decision = decider.decide(cmd, {f"campaign/{CID}": full_campaign()}, ctx(), ScriptedDice([4]))
    assert [(where, ev.total) for where, ev in decision] == [(f"rolls/{CID}", 4)]


def character_roll_states() -> dict[str, object]:
    return {f"campaign/{CID}": full_campaign(), f"character/{CID}/{CHAR}": new_character()}


def test_a_roll_for_a_character_reads_the_character_stream() -> None:
    cmd = roll("d4", character_id=CHAR)
    assert decider.streams_for(cmd, ctx()) == [f"campaign/{CID}", f"character/{CID}/{CHAR}"]
    decision = decider.decide(cmd, character_roll_states(), ctx(PLAYER), ScriptedDice([2]))
    assert [(where, ev.character_id) for where, ev in decision] == [(f"rolls/{CID}", CHAR)]


def test_the_decider_checks_who_controls_the_character() -> None:
    cmd = roll("d4", character_id=CHAR)
    refused(Forbidden, "payload.character_id", "character.owner-only",
            lambda: decider.decide(cmd, character_roll_states(), ctx(PLAYER2), ScriptedDice([2])))
