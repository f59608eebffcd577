"""The campaign aggregate: members and roles, tables, sessions.

Roles (gm, player, observer): the creator is the first GM; only GMs manage
members and tables; a campaign always keeps at least one GM.
"""

from __future__ import annotations

import hashlib

import msgspec

from contracts import commands as c
from contracts import events as e
from domain.context import CommandContext, TargetEvent
from domain.errors import DomainError, Forbidden, NotFound, StateConflict
from domain.rulesets import get_ruleset
from domain.streams import derived_id


class SessionState(msgspec.Struct, kw_only=True):
    session_id: str
    number: int
    active: bool = True


class TableState(msgspec.Struct, kw_only=True):
    table_id: str
    name: str
    gms: list[str] = []
    seated: list[str] = []
    sessions: list[SessionState] = []

    @property
    def active_session(self) -> SessionState | None:
        return next((s for s in self.sessions if s.active), None)


class CampaignState(msgspec.Struct, kw_only=True):
    campaign_id: str = ""
    name: str = ""
    ruleset: str = ""
    options: dict[str, object] = {}
    created_by: str = ""
    seed_commitment: str = ""
    members: dict[str, str] = {}
    tables: dict[str, TableState] = {}
    reveal_seed_at_session_end: bool = False
    epoch: int = 1  # the dice epoch rolls draw from now
    commitments: dict[int, str] = {}  # epoch -> SHA-256 of its seed
    revealed_seeds: dict[int, str] = {}  # epoch -> seed (hex), once revealed
    revealed_rolls: list[int] = []  # positions of GM-only rolls shown to all
    retconned: list[int] = []  # positions of events that no longer count
    version: int = 0

    @property
    def exists(self) -> bool:
        return self.version > 0

    def role_of(self, user: str) -> str | None:
        return self.members.get(user)

    def is_gm(self, user: str) -> bool:
        return self.members.get(user) == "gm"


def initial_state() -> CampaignState:
    return CampaignState()


def evolve(state: CampaignState, event: e.Event) -> CampaignState:
    """Fold one recorded event. Total: unknown events leave the state as it was."""
    state = msgspec.structs.replace(state, version=state.version + 1)
    match event:
        case e.CampaignCreated():
            state.campaign_id = event.campaign_id
            state.name = event.name
            state.ruleset = event.ruleset
            state.options = dict(event.options)
            state.created_by = event.created_by
            state.seed_commitment = event.seed_commitment
            state.members = {event.created_by: "gm"}
            state.reveal_seed_at_session_end = event.reveal_seed_at_session_end
            state.commitments = {1: event.seed_commitment}
        case e.SeedRevealed():
            state.revealed_seeds = {**state.revealed_seeds, event.epoch: event.seed}
        case e.SeedCommitted():
            state.epoch = event.epoch
            state.commitments = {**state.commitments, event.epoch: event.commitment}
        case e.RollRevealed():
            state.revealed_rolls = [*state.revealed_rolls, event.position]
        case e.EventRetconned():
            state.retconned = [*state.retconned, event.position]
        case e.MemberAdded():
            state.members = {**state.members, event.user: event.role}
        case e.MemberRemoved():
            state.members = {u: r for u, r in state.members.items() if u != event.user}
        case e.TableCreated():
            table = TableState(table_id=event.table_id, name=event.name, gms=list(event.gms))
            state.tables = {**state.tables, event.table_id: table}
        case e.CharacterSeated():
            _table(state, event.table_id).seated.append(event.character_id)
        case e.CharacterUnseated():
            table = _table(state, event.table_id)
            table.seated = [ch for ch in table.seated if ch != event.character_id]
        case e.SessionStarted():
            _table(state, event.table_id).sessions.append(
                SessionState(session_id=event.session_id, number=event.number)
            )
        case e.SessionEnded():
            for session in _table(state, event.table_id).sessions:
                if session.session_id == event.session_id:
                    session.active = False
    return state


def _table(state: CampaignState, table_id: str) -> TableState:
    """A fresh copy of the table in the new state, so folding never changes an earlier state."""
    # A recorded event never names a missing table; stay total anyway.
    old = state.tables.get(table_id) or TableState(table_id=table_id, name=table_id)
    table = TableState(table_id=old.table_id, name=old.name, gms=list(old.gms),
                       seated=list(old.seated),
                       sessions=[msgspec.structs.replace(s) for s in old.sessions])
    state.tables = {**state.tables, table_id: table}
    return table


def require_campaign(state: CampaignState, campaign_id: str) -> None:
    if not state.exists:
        raise NotFound("payload.campaign_id", "campaign.exists", f"campaign {campaign_id!r} not found")


def require_member(state: CampaignState, actor: str) -> str:
    role = state.role_of(actor)
    if role is None:
        raise Forbidden("actor", "campaign.member", f"{actor!r} is not a member of this campaign")
    return role


def require_gm(state: CampaignState, actor: str, action: str) -> None:
    require_member(state, actor)
    if not state.is_gm(actor):
        raise Forbidden("actor", "campaign.gm-only", f"only a GM may {action}")


def require_table(state: CampaignState, table_id: str) -> TableState:
    table = state.tables.get(table_id)
    if table is None:
        raise NotFound("payload.table_id", "table.exists", f"table {table_id!r} not found")
    return table


def decide_create(cmd: c.CreateCampaign, state: CampaignState, ctx: CommandContext) -> list[e.Event]:
    """CreateCampaign: the creator becomes its GM; the dice seed is committed by its hash."""
    campaign_id = cmd.campaign_id or derived_id("cmp", ctx.actor, ctx.command_id)
    if state.exists:
        raise StateConflict("payload.campaign_id", "campaign.unique", f"campaign {campaign_id!r} exists")
    ruleset = get_ruleset(cmd.ruleset)
    options = ruleset.validate_options(cmd.options)
    return [
        e.CampaignCreated(
            campaign_id=campaign_id,
            name=cmd.name,
            ruleset=ruleset.id,
            options=options,
            created_by=ctx.actor,
            seed_commitment=ctx.seed_commitment,
            reveal_seed_at_session_end=cmd.reveal_seed_at_session_end,
        )
    ]


def decide(cmd: c.Payload, state: CampaignState, ctx: CommandContext) -> list[e.Event]:
    """Decide a campaign command against the folded campaign state."""
    if isinstance(cmd, c.CreateCampaign):
        return decide_create(cmd, state, ctx)
    assert isinstance(cmd, c.CampaignPayload)
    require_campaign(state, cmd.campaign_id)
    cid = cmd.campaign_id
    match cmd:
        case c.AddMember():
            require_gm(state, ctx.actor, "add members")
            if state.members.get(cmd.user) == cmd.role:
                raise StateConflict("payload.user", "member.unique",
                                    f"{cmd.user!r} is already a {cmd.role} here")
            if cmd.user in state.members and state.is_gm(cmd.user) and cmd.role != "gm":
                _require_another_gm(state, cmd.user)
            return [e.MemberAdded(campaign_id=cid, user=cmd.user, role=cmd.role)]
        case c.RemoveMember():
            require_gm(state, ctx.actor, "remove members")
            if cmd.user not in state.members:
                raise NotFound("payload.user", "member.exists", f"{cmd.user!r} is not a member")
            if state.is_gm(cmd.user):
                _require_another_gm(state, cmd.user)
            return [e.MemberRemoved(campaign_id=cid, user=cmd.user)]
        case c.CreateTable():
            require_gm(state, ctx.actor, "create tables")
            table_id = cmd.table_id or derived_id("tbl", cid, ctx.command_id)
            if table_id in state.tables:
                raise StateConflict("payload.table_id", "table.unique", f"table {table_id!r} exists")
            gms = list(dict.fromkeys(cmd.gms or [ctx.actor]))
            for index, gm in enumerate(gms):
                if not state.is_gm(gm):
                    raise DomainError(f"payload.gms[{index}]", "table.gm-is-campaign-gm",
                                      f"{gm!r} must be a GM of the campaign to run a table")
            return [e.TableCreated(campaign_id=cid, table_id=table_id, name=cmd.name, gms=gms)]
        case c.StartSession():
            table = require_table(state, cmd.table_id)
            _require_table_gm(state, table, ctx.actor)
            if table.active_session is not None:
                raise StateConflict("payload.table_id", "session.one-at-a-time",
                                    f"table {table.table_id!r} already has a session running")
            number = len(table.sessions) + 1
            return [e.SessionStarted(campaign_id=cid, table_id=table.table_id,
                                     session_id=f"{table.table_id}.s{number}", number=number)]
        case c.EndSession():
            table = require_table(state, cmd.table_id)
            _require_table_gm(state, table, ctx.actor)
            session = table.active_session
            if session is None:
                raise StateConflict("payload.table_id", "session.running",
                                    f"table {table.table_id!r} has no session running")
            ended: list[e.Event] = [e.SessionEnded(campaign_id=cid, table_id=table.table_id,
                                                   session_id=session.session_id)]
            if state.reveal_seed_at_session_end:
                ended += rotate_seed(state, ctx)
            return ended
        case c.RotateSeed():
            require_gm(state, ctx.actor, "rotate the dice seed")
            return rotate_seed(state, ctx)
        case c.RevealRoll():
            require_gm(state, ctx.actor, "reveal a GM-only roll")
            target = _target(state, ctx, cmd.position)
            if target.type != "DiceRolled" or target.metadata.get("visibility") != "gm":
                raise StateConflict("payload.position", "roll.reveal-hidden-only",
                                    f"event {cmd.position} is not a GM-only roll")
            if cmd.position in state.revealed_rolls:
                raise StateConflict("payload.position", "roll.reveal-once",
                                    f"roll {cmd.position} was revealed already")
            roll = {"position": target.position, "stream_id": target.stream_id, "type": target.type,
                    "data": target.data, "metadata": {**target.metadata, "visibility": "public"}}
            return [e.RollRevealed(campaign_id=cid, position=cmd.position, roll=roll)]
        case c.Retcon():
            require_gm(state, ctx.actor, "retcon an event")
            target = _target(state, ctx, cmd.position)
            if target.type in UNRETCONNABLE:
                raise StateConflict("payload.position", "retcon.allowed",
                                    f"a {target.type} cannot be retconned")
            if cmd.position in state.retconned:
                raise StateConflict("payload.position", "retcon.once",
                                    f"event {cmd.position} was retconned already")
            hidden = (target.metadata.get("visibility") == "gm"
                      and cmd.position not in state.revealed_rolls)
            return [e.EventRetconned(campaign_id=cid, position=cmd.position,
                                     stream_id=target.stream_id, event_type=target.type,
                                     reason=cmd.reason, by=ctx.actor,
                                     visibility="gm" if hidden else "public")]
    raise DomainError("type", "command.known", f"{type(cmd).__name__} is not a campaign command")


# The campaign's own identity and its dice commitments are not story: they stay as recorded.
UNRETCONNABLE = frozenset({"CampaignCreated", "SeedRevealed", "SeedCommitted", "EventRetconned"})


def rotate_seed(state: CampaignState, ctx: CommandContext) -> list[e.Event]:
    """Reveal the current epoch's seed and commit to the next one.

    The service supplies the current seed and the new commitment; the decider checks the seed
    against the published commitment, so a wrong seed can never be revealed.
    """
    try:
        seed = bytes.fromhex(ctx.current_seed)
    except ValueError:
        seed = b""
    if not seed or hashlib.sha256(seed).hexdigest() != state.commitments.get(state.epoch):
        raise StateConflict("payload.campaign_id", "dice.seed-matches-commitment",
                            "the current dice seed is not available to reveal")
    return [
        e.SeedRevealed(campaign_id=state.campaign_id, epoch=state.epoch, seed=ctx.current_seed,
                       commitment=state.commitments[state.epoch]),
        e.SeedCommitted(campaign_id=state.campaign_id, epoch=state.epoch + 1,
                        commitment=ctx.seed_commitment),
    ]


def _target(state: CampaignState, ctx: CommandContext, position: int) -> TargetEvent:
    target = ctx.target
    if target is None or target.position != position or target.campaign_id != state.campaign_id:
        raise NotFound("payload.position", "event.exists",
                       f"no event at position {position} in this campaign")
    return target


def _require_another_gm(state: CampaignState, leaving: str) -> None:
    if not any(r == "gm" for u, r in state.members.items() if u != leaving):
        raise StateConflict("payload.user", "campaign.keeps-a-gm",
                            "a campaign must keep at least one GM")


def _require_table_gm(state: CampaignState, table: TableState, actor: str) -> None:
    """A table is run by its GMs, who must still be GMs of the campaign."""
    require_member(state, actor)
    if not (state.is_gm(actor) and actor in table.gms):
        raise Forbidden("actor", "table.gm-only", f"only a GM of table {table.table_id!r} may do this")


def decide_seating(cmd: c.SeatCharacter | c.UnseatCharacter, state: CampaignState,
                   character_owner: str | None, ctx: CommandContext) -> list[e.Event]:
    """Seat or unseat a character: its owner or a GM may; a character sits at one table at a time."""
    require_campaign(state, cmd.campaign_id)
    table = require_table(state, cmd.table_id)
    if character_owner is None:
        raise NotFound("payload.character_id", "character.exists",
                       f"character {cmd.character_id!r} not found")
    require_member(state, ctx.actor)
    if ctx.actor != character_owner and not state.is_gm(ctx.actor):
        raise Forbidden("actor", "character.owner-or-gm",
                        "only the character's owner or a GM may seat it")
    if isinstance(cmd, c.SeatCharacter):
        for other in state.tables.values():
            if cmd.character_id in other.seated:
                raise StateConflict("payload.character_id", "character.one-table",
                                    f"character is already seated at table {other.table_id!r}")
        return [e.CharacterSeated(campaign_id=cmd.campaign_id, table_id=table.table_id,
                                  character_id=cmd.character_id)]
    if cmd.character_id not in table.seated:
        raise StateConflict("payload.character_id", "character.seated",
                            f"character is not seated at table {table.table_id!r}")
    return [e.CharacterUnseated(campaign_id=cmd.campaign_id, table_id=table.table_id,
                                character_id=cmd.character_id)]
