"""The campaign aggregate: creation, members and roles, tables, sessions, seating."""

from __future__ import annotations

import msgspec
import pytest

from contracts import commands as c
from contracts import events as e
from domain import campaign, decider
from domain.dice import ScriptedDice
from domain.errors import DomainError, Forbidden, NotFound, StateConflict
from tests.unit.platform_builders import (
    CHAR,
    CID,
    GM,
    GM2,
    OBSERVER,
    PLAYER,
    PLAYER2,
    STRANGER,
    TABLE,
    added,
    created,
    ctx,
    expected_id,
    fold,
    full_campaign,
    new_campaign,
    refused,
    table_created,
)


def decide(cmd: c.Payload, state: campaign.CampaignState, actor: str = GM,
           command_id: str = "cmd-1") -> list[e.Event]:
    return campaign.decide(cmd, state, ctx(actor, command_id))


def then(state: campaign.CampaignState, events: list[e.Event]) -> campaign.CampaignState:
    return fold(campaign.evolve, state, events)


# --- creation ----------------------------------------------------------------------------------


def test_creator_becomes_gm_and_the_seed_commitment_is_recorded() -> None:
    cmd = c.CreateCampaign(name="Saga")
    events = campaign.decide(cmd, campaign.initial_state(), ctx("alice", "cmd-9", "f00d"))
    cid = expected_id("cmp", "alice", "cmd-9")
    assert events == [e.CampaignCreated(campaign_id=cid, name="Saga", ruleset="generic", options={},
                                        created_by="alice", seed_commitment="f00d")]
    state = then(campaign.initial_state(), events)
    assert state.exists and state.version == 1
    assert state.members == {"alice": "gm"}
    assert (state.campaign_id, state.name, state.seed_commitment) == (cid, "Saga", "f00d")


def test_explicit_campaign_id_is_kept() -> None:
    [event] = decide(c.CreateCampaign(name="Saga", campaign_id="mine"), campaign.initial_state())
    assert event.campaign_id == "mine"


def test_campaign_cannot_be_created_twice() -> None:
    refused(StateConflict, "payload.campaign_id", "campaign.unique",
            lambda: decide(c.CreateCampaign(name="Again", campaign_id=CID), new_campaign()))


def test_unknown_ruleset_is_refused() -> None:
    refused(DomainError, "payload.ruleset", "campaign.ruleset-known",
            lambda: decide(c.CreateCampaign(name="S", ruleset="nope"), campaign.initial_state()))


def test_generic_ruleset_takes_no_options() -> None:
    cmd = c.CreateCampaign(name="S", options={"grit": 1})
    refused(DomainError, "payload.options.grit", "generic.options",
            lambda: decide(cmd, campaign.initial_state()))


def test_commands_on_a_missing_campaign_are_not_found() -> None:
    refused(NotFound, "payload.campaign_id", "campaign.exists",
            lambda: decide(c.AddMember(campaign_id=CID, user=PLAYER, role="player"),
                           campaign.initial_state()))


# --- members -----------------------------------------------------------------------------------


def test_gm_adds_a_member() -> None:
    events = decide(c.AddMember(campaign_id=CID, user=PLAYER, role="player"), new_campaign())
    assert events == [e.MemberAdded(campaign_id=CID, user=PLAYER, role="player")]
    assert then(new_campaign(), events).role_of(PLAYER) == "player"


@pytest.mark.parametrize(("actor", "rule"), [(PLAYER, "campaign.gm-only"),
                                             (OBSERVER, "campaign.gm-only"),
                                             (STRANGER, "campaign.member")])
def test_only_gms_add_members(actor: str, rule: str) -> None:
    cmd = c.AddMember(campaign_id=CID, user="newbie", role="player")
    refused(Forbidden, "actor", rule, lambda: decide(cmd, full_campaign(), actor))


def test_adding_a_member_with_the_role_they_have_conflicts() -> None:
    cmd = c.AddMember(campaign_id=CID, user=PLAYER, role="player")
    refused(StateConflict, "payload.user", "member.unique", lambda: decide(cmd, full_campaign()))


def test_adding_a_member_again_changes_their_role() -> None:
    events = decide(c.AddMember(campaign_id=CID, user=PLAYER, role="gm"), full_campaign())
    assert then(full_campaign(), events).is_gm(PLAYER)


def test_the_only_gm_cannot_step_down() -> None:
    cmd = c.AddMember(campaign_id=CID, user=GM, role="player")
    refused(StateConflict, "payload.user", "campaign.keeps-a-gm",
            lambda: decide(cmd, full_campaign()))


def test_a_gm_can_step_down_when_another_gm_remains() -> None:
    state = full_campaign(added(GM2, "gm"))
    events = decide(c.AddMember(campaign_id=CID, user=GM, role="player"), state)
    after = then(state, events)
    assert after.role_of(GM) == "player" and after.is_gm(GM2)


def test_gm_removes_a_member() -> None:
    events = decide(c.RemoveMember(campaign_id=CID, user=PLAYER), full_campaign())
    assert events == [e.MemberRemoved(campaign_id=CID, user=PLAYER)]
    assert then(full_campaign(), events).role_of(PLAYER) is None


def test_only_gms_remove_members() -> None:
    refused(Forbidden, "actor", "campaign.gm-only",
            lambda: decide(c.RemoveMember(campaign_id=CID, user=PLAYER2), full_campaign(), PLAYER))


def test_removing_a_non_member_is_not_found() -> None:
    refused(NotFound, "payload.user", "member.exists",
            lambda: decide(c.RemoveMember(campaign_id=CID, user=STRANGER), full_campaign()))


def test_the_last_gm_cannot_be_removed() -> None:
    refused(StateConflict, "payload.user", "campaign.keeps-a-gm",
            lambda: decide(c.RemoveMember(campaign_id=CID, user=GM), full_campaign()))


def test_a_gm_can_be_removed_when_another_gm_remains() -> None:
    state = full_campaign(added(GM2, "gm"))
    events = decide(c.RemoveMember(campaign_id=CID, user=GM), state, actor=GM2)
    assert then(state, events).members.get(GM) is None


# --- tables ------------------------------------------------------------------------------------


def test_table_id_is_derived_from_the_command_id() -> None:
    state = new_campaign()
    [first] = decide(c.CreateTable(campaign_id=CID, name="Main"), state, command_id="cmd-a")
    [retry] = decide(c.CreateTable(campaign_id=CID, name="Main"), state, command_id="cmd-a")
    [other] = decide(c.CreateTable(campaign_id=CID, name="Main"), state, command_id="cmd-b")
    assert first == e.TableCreated(campaign_id=CID, table_id=expected_id("tbl", CID, "cmd-a"),
                                   name="Main", gms=[GM])
    assert retry == first
    assert other.table_id == expected_id("tbl", CID, "cmd-b") != first.table_id


def test_table_gms_are_deduplicated_and_kept_in_order() -> None:
    state = new_campaign(added(GM2, "gm"))
    cmd = c.CreateTable(campaign_id=CID, name="Main", gms=[GM2, GM, GM2], table_id="t9")
    [event] = decide(cmd, state)
    assert (event.table_id, event.gms) == ("t9", [GM2, GM])
    assert then(state, [event]).tables["t9"].gms == [GM2, GM]


def test_table_gms_must_be_campaign_gms() -> None:
    cmd = c.CreateTable(campaign_id=CID, name="Main", gms=[GM, PLAYER])
    refused(DomainError, "payload.gms[1]", "table.gm-is-campaign-gm",
            lambda: decide(cmd, full_campaign()))


def test_only_gms_create_tables() -> None:
    refused(Forbidden, "actor", "campaign.gm-only",
            lambda: decide(c.CreateTable(campaign_id=CID, name="Mine"), full_campaign(), PLAYER))


def test_table_ids_are_unique() -> None:
    cmd = c.CreateTable(campaign_id=CID, name="Again", table_id=TABLE)
    refused(StateConflict, "payload.table_id", "table.unique", lambda: decide(cmd, full_campaign()))


# --- sessions ----------------------------------------------------------------------------------


def test_sessions_run_one_at_a_time_and_are_numbered() -> None:
    state = full_campaign()
    start, end = c.StartSession(campaign_id=CID, table_id=TABLE), c.EndSession(campaign_id=CID,
                                                                                table_id=TABLE)
    first = decide(start, state)
    assert first == [e.SessionStarted(campaign_id=CID, table_id=TABLE, session_id="t1.s1",
                                      number=1)]
    state = then(state, first)
    refused(StateConflict, "payload.table_id", "session.one-at-a-time",
            lambda: decide(start, state))
    ended = decide(end, state)
    assert ended == [e.SessionEnded(campaign_id=CID, table_id=TABLE, session_id="t1.s1")]
    state = then(state, ended)
    assert state.tables[TABLE].active_session is None
    second = decide(start, state)
    assert [(ev.session_id, ev.number) for ev in second] == [("t1.s2", 2)]


def test_ending_without_a_running_session_conflicts() -> None:
    refused(StateConflict, "payload.table_id", "session.running",
            lambda: decide(c.EndSession(campaign_id=CID, table_id=TABLE), full_campaign()))


def test_sessions_need_an_existing_table() -> None:
    refused(NotFound, "payload.table_id", "table.exists",
            lambda: decide(c.StartSession(campaign_id=CID, table_id="nope"), full_campaign()))


def test_a_player_cannot_run_a_session() -> None:
    cmd = c.StartSession(campaign_id=CID, table_id=TABLE)
    refused(Forbidden, "actor", "table.gm-only", lambda: decide(cmd, full_campaign(), PLAYER))


# --- seating -----------------------------------------------------------------------------------


def seat(state: campaign.CampaignState, actor: str, owner: str | None = PLAYER,
         table_id: str = TABLE) -> list[e.Event]:
    cmd = c.SeatCharacter(campaign_id=CID, table_id=table_id, character_id=CHAR)
    return campaign.decide_seating(cmd, state, owner, ctx(actor))


def unseat(state: campaign.CampaignState, actor: str) -> list[e.Event]:
    cmd = c.UnseatCharacter(campaign_id=CID, table_id=TABLE, character_id=CHAR)
    return campaign.decide_seating(cmd, state, PLAYER, ctx(actor))


@pytest.mark.parametrize("actor", [PLAYER, GM])
def test_owner_or_gm_seats_and_unseats_a_character(actor: str) -> None:
    events = seat(full_campaign(), actor)
    assert events == [e.CharacterSeated(campaign_id=CID, table_id=TABLE, character_id=CHAR)]
    state = then(full_campaign(), events)
    assert state.tables[TABLE].seated == [CHAR]
    events = unseat(state, actor)
    assert events == [e.CharacterUnseated(campaign_id=CID, table_id=TABLE, character_id=CHAR)]
    assert then(state, events).tables[TABLE].seated == []


@pytest.mark.parametrize("actor", [PLAYER2, OBSERVER])
def test_others_cannot_seat_a_character(actor: str) -> None:
    refused(Forbidden, "actor", "character.owner-or-gm", lambda: seat(full_campaign(), actor))


def test_strangers_cannot_seat() -> None:
    refused(Forbidden, "actor", "campaign.member",
            lambda: seat(full_campaign(), STRANGER, STRANGER))


def test_seating_a_missing_character_is_not_found() -> None:
    refused(NotFound, "payload.character_id", "character.exists",
            lambda: seat(full_campaign(), GM, owner=None))


def test_seating_at_a_missing_table_is_not_found() -> None:
    refused(NotFound, "payload.table_id", "table.exists",
            lambda: seat(full_campaign(), GM, table_id="nope"))


@pytest.mark.parametrize("table_id", [TABLE, "t2"])
def test_a_character_sits_at_one_table_at_a_time(table_id: str) -> None:
    state = full_campaign(table_created("t2"),
                          e.CharacterSeated(campaign_id=CID, table_id=TABLE, character_id=CHAR))
    refused(StateConflict, "payload.character_id", "character.one-table",
            lambda: seat(state, GM, table_id=table_id))


def test_unseating_a_character_not_seated_conflicts() -> None:
    refused(StateConflict, "payload.character_id", "character.seated",
            lambda: unseat(full_campaign(), GM))


# --- evolve and the decider's routing ----------------------------------------------------------


def test_evolve_is_total_an_unrelated_event_only_bumps_the_version() -> None:
    before = full_campaign()
    unrelated = e.CharacterRenamed(campaign_id=CID, character_id=CHAR, name="Bo")
    assert campaign.evolve(before, unrelated) == msgspec.structs.replace(
        before, version=before.version + 1)


def test_create_campaign_goes_to_the_new_campaign_stream() -> None:
    cmd, context = c.CreateCampaign(name="Saga"), ctx("alice", "cmd-9")
    stream = f"campaign/{expected_id('cmp', 'alice', 'cmd-9')}"
    assert decider.streams_for(cmd, context) == [stream]
    states = {stream: campaign.initial_state()}
    [(where, event)] = decider.decide(cmd, states, context, ScriptedDice([]))
    assert where == stream and isinstance(event, e.CampaignCreated)


@pytest.mark.parametrize("cmd", [
    c.AddMember(campaign_id=CID, user="newbie", role="player"),
    c.RemoveMember(campaign_id=CID, user=PLAYER2),
    c.CreateTable(campaign_id=CID, name="Side"),
    c.StartSession(campaign_id=CID, table_id=TABLE),
])
def test_campaign_commands_append_to_the_campaign_stream(cmd: c.Payload) -> None:
    assert decider.streams_for(cmd, ctx()) == [f"campaign/{CID}"]
    decision = decider.decide(cmd, {f"campaign/{CID}": full_campaign()}, ctx(), ScriptedDice([]))
    assert [stream for stream, _ in decision] == [f"campaign/{CID}"]


def test_decider_folds_campaign_streams_with_campaign_evolve() -> None:
    stream = f"campaign/{CID}"
    state = decider.initial_state(stream)
    for event in [created(), added(PLAYER, "player")]:
        state = decider.evolve(stream, state, type(event).__name__, msgspec.to_builtins(event))
    assert state.members == {GM: "gm", PLAYER: "player"} and state.version == 2


def test_evolve_never_changes_an_earlier_state() -> None:
    before = full_campaign()
    seated = campaign.evolve(before, e.CharacterSeated(campaign_id=CID, table_id=TABLE,
                                                        character_id=CHAR))
    started = campaign.evolve(seated, e.SessionStarted(campaign_id=CID, table_id=TABLE,
                                                        session_id="t1.s1", number=1))
    ended = campaign.evolve(started, e.SessionEnded(campaign_id=CID, table_id=TABLE,
                                                     session_id="t1.s1"))
    assert before.tables[TABLE].seated == [] and before.tables[TABLE].sessions == []
    assert seated.tables[TABLE].sessions == []
    assert started.tables[TABLE].sessions[0].active is True
    assert ended.tables[TABLE].sessions[0].active is False


def test_a_demoted_gm_no_longer_runs_a_table() -> None:
    state = full_campaign(added(GM2, "gm"), table_created("t2", gms=[GM2]), added(GM2, "player"))
    with pytest.raises(Forbidden) as err:
        campaign.decide(c.StartSession(campaign_id=CID, table_id="t2"), state, ctx(GM2))
    assert err.value.rule == "table.gm-only"
