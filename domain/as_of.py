"""A campaign as it was at a past position of its log: folded exactly as its read models fold
it (the projector), event by event in position order, a retcon folding its target stream again
without the events that no longer count. Pure: the caller reads the log and any snapshots.

A stream may start from a snapshot (``Start``) instead of its first event: the snapshot's state
stands for the stream's events up to its version when it was taken at or before the position
(``usable``); the stream's later events are folded on top as the projector folds them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from domain import campaign as campaign_domain
from domain import character as character_domain
from domain import decider


class Row(NamedTuple):
    """One recorded event, as the fold needs it."""

    position: int
    stream_id: str
    stream_version: int
    type: str
    data: Mapping[str, Any]


class Start(NamedTuple):
    """A stream's snapshot: its state folded to ``version`` under the retcons ``retconned``."""

    version: int
    state: Any
    retconned: tuple[int, ...]


class AsOf(NamedTuple):
    campaign: campaign_domain.CampaignState
    characters: dict[str, character_domain.CharacterState]
    encounters: dict[str, Any]
    from_snapshots: int  # streams started from a snapshot


def _retcons(rows: Iterable[Row]) -> set[int]:
    return {int(r.data["position"]) for r in rows if r.type == "EventRetconned"}


def usable(stream_id: str, start: Start, taken_at: int | None, retcons: set[int]) -> bool:
    """Whether a snapshot stands for its stream at the position: the event of its version was
    recorded by then (``taken_at``), and (a character's) it was folded under every retcon
    recorded by then (``retcons``) and no later one."""
    if taken_at is None:
        return False
    return stream_id.startswith("campaign/") or set(start.retconned) == retcons


def fold(rows: Sequence[Row], starts: Mapping[str, Start] | None = None) -> AsOf:
    """The campaign, its characters and encounters after ``rows`` (its log from the first event
    up to the position, in order), as the read models held them then.

    A stream that starts from a snapshot skips its events up to the snapshot's version; a
    retcon among them still folds its (other) target stream again; a retcon recorded before a
    snapshot was taken is already in it (``usable``), so its target is not folded again."""
    at = {(r.stream_id, r.stream_version): r.position for r in rows} if starts else {}
    retcons = _retcons(rows) if starts else set()
    usable_starts = {s: st for s, st in (starts or {}).items()
                     if usable(s, st, at.get((s, st.version)), retcons)}
    taken = {s: at[(s, st.version)] for s, st in usable_starts.items()}
    camp: campaign_domain.CampaignState = campaign_domain.initial_state()
    characters: dict[str, character_domain.CharacterState] = {}
    encounters: dict[str, Any] = {}
    for stream_id, start in usable_starts.items():
        kind, ident = stream_id.split("/", 1)[0], stream_id.rsplit("/", 1)[1]
        if kind == "campaign":
            camp = start.state
        elif kind == "character":
            characters[ident] = start.state
    for row in rows:
        held = usable_starts.get(row.stream_id)
        if held is None or row.stream_version > held.version:
            camp, characters, encounters = _apply(row, camp, characters, encounters)
        if row.type == "EventRetconned" \
                and row.position >= taken.get(str(row.data["stream_id"]), 0):
            camp, characters, encounters = _refold(row, rows, camp, characters, encounters)
    return AsOf(camp, characters, encounters, len(usable_starts))


def _apply(row: Row, camp: campaign_domain.CampaignState,
           characters: dict[str, character_domain.CharacterState], encounters: dict[str, Any],
           ) -> tuple[campaign_domain.CampaignState, dict[str, character_domain.CharacterState],
                      dict[str, Any]]:
    """One event folded into its stream's state, as the projector folds it."""
    kind, ident = row.stream_id.split("/", 1)[0], row.stream_id.rsplit("/", 1)[1]
    if kind == "campaign":
        camp = decider.evolve(row.stream_id, camp, row.type, row.data)
    elif kind == "character":
        state = characters.get(ident) or character_domain.initial_state()
        characters[ident] = decider.evolve(row.stream_id, state, row.type, row.data)
    elif kind == "encounter":
        encounters[ident] = decider.evolve(row.stream_id, encounters.get(ident), row.type,
                                           row.data)
    return camp, characters, encounters


def _refold(retcon: Row, rows: Sequence[Row], camp: campaign_domain.CampaignState,
            characters: dict[str, character_domain.CharacterState], encounters: dict[str, Any],
            ) -> tuple[campaign_domain.CampaignState, dict[str, character_domain.CharacterState],
                       dict[str, Any]]:
    """A retcon folds its target stream again as of the retcon (a roll stays, marked)."""
    target = str(retcon.data["stream_id"])
    kind, ident = target.split("/", 1)[0], target.rsplit("/", 1)[1]
    if kind not in ("campaign", "character", "encounter"):
        return camp, characters, encounters
    events = [(r.position, r.type, r.data) for r in rows
              if r.stream_id == target and r.position <= retcon.position]
    state = decider.fold(target, events, camp.retconned)
    if kind == "campaign":
        return state, characters, encounters
    if kind == "character":
        return camp, {**characters, ident: state}, encounters
    return camp, characters, {**encounters, ident: state}
