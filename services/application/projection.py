"""What a batch of a campaign's events does to its read models, whatever keeps them.

The projector (``services.adapters.projector``: Redis, one script per batch with the
campaign's checkpoint) and the memory read models (``services.adapters.memory``) both fold a
batch here with the same pure ``evolve`` the deciders use, then write what it changed: the
campaign's state, the characters and encounters the batch touched, the marks on earlier rolls
(a reveal, a retcon), the rolls for the campaign's roll log and its tables' logs, and each
member's campaign-listing entry. A roll as read carries its provenance and its marks
(``with_marks``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from contracts.views import CampaignSummary
from domain import campaign as campaign_domain
from domain import character as character_domain
from domain import decider, views
from services.application.codec import wire_event
from services.application.records import StoredEvent

Summary = CampaignSummary
StreamRead = Callable[[str, str], Awaitable[list[StoredEvent]]]


@dataclass
class BatchFold:
    """A batch's changes to one campaign's read models."""

    campaign: campaign_domain.CampaignState
    characters: dict[str, character_domain.CharacterState] = field(default_factory=dict)
    encounters: dict[str, Any] = field(default_factory=dict)
    marks: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # (rolled position, mark)
    # each roll as clients see it, and the logs it goes to (None: the campaign's own)
    rolls: list[tuple[dict[str, Any], list[str | None]]] = field(default_factory=list)
    listings: dict[str, Summary | None] = field(default_factory=dict)  # None: no longer a member
    changed_users: set[str] = field(default_factory=set)  # whose listing entry the batch changed


def summaries(camp: campaign_domain.CampaignState) -> dict[str, Summary]:
    """Each member's entry in their campaign listing (``GET /v1/campaigns``), the view
    ``domain.views.campaign_summaries`` builds."""
    return views.campaign_summaries(camp)


async def fold_batch(cid: str, camp: campaign_domain.CampaignState, fresh: list[StoredEvent], *,
                     character: Callable[[str], Awaitable[character_domain.CharacterState]],
                     encounter: Callable[[str], Awaitable[Any]],
                     read_stream: StreamRead) -> BatchFold:
    """Fold ``fresh`` (the campaign's next events) onto ``camp`` (its projected state);
    ``character`` and ``encounter`` read a projected state the batch needs, ``read_stream`` a
    stream of the log (a retcon folds its target again)."""
    before = summaries(camp)
    out = BatchFold(campaign=camp)
    for ev in fresh:
        kind = ev.stream_id.split("/", 1)[0]
        if kind == "campaign":
            out.campaign = decider.evolve(ev.stream_id, out.campaign, ev.type, ev.data)
        elif kind == "character":
            chid = ev.stream_id.rsplit("/", 1)[1]
            state = out.characters.get(chid) or await character(chid)
            out.characters[chid] = decider.evolve(ev.stream_id, state, ev.type, ev.data)
        elif kind == "encounter":
            eid = ev.stream_id.rsplit("/", 1)[1]
            current = out.encounters[eid] if eid in out.encounters else await encounter(eid)
            out.encounters[eid] = decider.evolve(ev.stream_id, current, ev.type, ev.data)
        if ev.type == "EventRetconned":
            refolded = await _refold(ev, out.campaign, read_stream)
            if refolded is not None:
                target_kind, ident, state = refolded
                if target_kind == "campaign":
                    out.campaign = state
                elif target_kind == "character":
                    out.characters[ident] = state
                else:
                    out.encounters[ident] = state
            out.marks.append((int(ev.data["position"]),
                              {"retconned": {"position": ev.position, "reason": ev.data["reason"]}}))
        elif ev.type == "RollRevealed":
            out.marks.append((int(ev.data["position"]), {"revealed": {"position": ev.position}}))
        if decider.is_roll(ev.type):
            # the campaign's log, the table it names, and the tables its characters sit at
            tables: list[str | None] = [None, *decider.roll_tables(out.campaign, ev.stream_id,
                                                                   ev.data)]
            out.rolls.append((wire_event(ev), tables))
    now = summaries(out.campaign)
    out.listings = {user: now.get(user) for user in before.keys() | now.keys()}
    out.changed_users = {user for user, entry in out.listings.items() if before.get(user) != entry}
    return out


async def _refold(retcon: StoredEvent, camp: campaign_domain.CampaignState,
                  read_stream: StreamRead) -> tuple[str, str, Any] | None:
    """A retcon changes its target stream's state: fold that stream again, as of the retcon,
    without the events that no longer count. Returns (kind, id, state), or None for a roll,
    which stays in the roll log, marked."""
    target = retcon.data["stream_id"]
    kind = target.split("/", 1)[0]
    if kind not in ("campaign", "character", "encounter"):
        return None
    rows = [(r.position, r.type, r.data) for r in await read_stream(retcon.campaign_id, target)
            if r.position <= retcon.position]
    return kind, target.rsplit("/", 1)[1], decider.fold(target, rows, camp.retconned)


DERIVATION = ("face of draw i on a d(sides) = first u % sides + 1 with u < 2**256 - 2**256 % sides,"
              " u = HMAC-SHA256(seed, 'campaign|command|[client_seed|]i|attempt') as a 256-bit"
              " big-endian integer, attempt = 0, 1, ...")


def provenance(roll: dict[str, Any], campaign: dict[str, Any]) -> dict[str, Any] | None:
    """Everything needed to re-derive a roll's faces: epoch, derivation inputs, every draw, and
    the epoch's commitment (and its seed, once revealed)."""
    dice = roll.get("metadata", {}).get("dice")
    if not dice:
        return None
    epoch = dice["epoch"]
    return {
        "epoch": epoch,
        "campaign_id": roll["campaign_id"],
        "command_id": roll["metadata"]["command_id"],
        "client_seed": dice.get("client_seed"),
        "draws": [{"index": i, **draw} for i, draw in enumerate(dice["draws"])],
        "commitment": campaign.get("commitments", {}).get(str(epoch)),
        "seed": campaign.get("revealed_seeds", {}).get(str(epoch)),
        "derivation": DERIVATION,
    }


def with_marks(rolls: list[dict[str, Any]], marks: dict[int, dict[str, Any]],
               campaign: dict[str, Any]) -> list[dict[str, Any]]:
    """Rolls as read: each with its provenance; a revealed GM-only roll reads as public, a
    retconned one carries the retcon (``marks``: by the rolled event's position)."""
    for roll in rolls:
        roll["provenance"] = provenance(roll, campaign)
        mark = marks.get(roll["position"], {})
        if "revealed" in mark:
            roll["metadata"] = {**roll["metadata"], "visibility": "public"}
            roll["revealed"] = mark["revealed"]
        if "retconned" in mark:
            roll["retconned"] = mark["retconned"]
    return rolls
