"""``domain.as_of``: a campaign folded as of a position, from its first event or from
snapshots, equals what the projector's way of folding (event by event, a retcon folding its
target again) gives at that position, for every position and every snapshot that applies."""

from __future__ import annotations

from typing import Any

import msgspec

from contracts import events as e
from domain import as_of, decider

CID = "c1"
CAMP, ASH, BO = f"campaign/{CID}", f"character/{CID}/ash", f"character/{CID}/bo"


def _log() -> list[as_of.Row]:
    """Renames of two characters; a retcon of one of Ash's names and of a member's joining."""
    plan: list[tuple[str, e.Event]] = [
        (CAMP, e.CampaignCreated(campaign_id=CID, name="Saga", ruleset="generic", options={},
                                 created_by="ann", seed_commitment="x")),
        (CAMP, e.MemberAdded(campaign_id=CID, user="bob", role="player")),
        (ASH, e.CharacterCreated(campaign_id=CID, character_id="ash", owner="bob", name="Ash",
                                 sheet={})),
        (BO, e.CharacterCreated(campaign_id=CID, character_id="bo", owner="ann", name="Bo",
                                sheet={})),
    ]
    plan += [(ASH, e.CharacterRenamed(campaign_id=CID, character_id="ash", name=f"Ash {i}"))
             for i in range(1, 4)]
    plan += [(CAMP, e.EventRetconned(campaign_id=CID, position=6, stream_id=ASH,
                                     event_type="CharacterRenamed", reason="typo", by="ann")),
             (BO, e.CharacterRenamed(campaign_id=CID, character_id="bo", name="Bo 1")),
             (ASH, e.CharacterRenamed(campaign_id=CID, character_id="ash", name="Ash 4")),
             (CAMP, e.EventRetconned(campaign_id=CID, position=2, stream_id=CAMP,
                                     event_type="MemberAdded", reason="wrong user", by="ann")),
             (CAMP, e.MemberAdded(campaign_id=CID, user="cat", role="player")),
             (ASH, e.CharacterRenamed(campaign_id=CID, character_id="ash", name="Ash 5"))]
    versions: dict[str, int] = {}
    rows = []
    for position, (stream, event) in enumerate(plan, start=1):
        versions[stream] = versions.get(stream, 0) + 1
        data: dict[str, Any] = msgspec.to_builtins(event)
        data.pop("type", None)
        rows.append(as_of.Row(position, stream, versions[stream], type(event).__name__, data))
    return rows


LOG = _log()


def _retcons(upto: int) -> tuple[int, ...]:
    return tuple(int(r.data["position"]) for r in LOG[:upto] if r.type == "EventRetconned")


def _projected(upto: int) -> as_of.AsOf:
    """The projector's way, written out again: evolve each event; a retcon folds its target."""
    camp: Any = decider.initial_state(CAMP)
    states: dict[str, Any] = {}
    for row in LOG[:upto]:
        if row.stream_id == CAMP:
            camp = decider.evolve(CAMP, camp, row.type, row.data)
        else:
            states[row.stream_id] = decider.evolve(
                row.stream_id, states.get(row.stream_id) or decider.initial_state(row.stream_id),
                row.type, row.data)
        if row.type == "EventRetconned":
            target = row.data["stream_id"]
            events = [(r.position, r.type, r.data) for r in LOG[:row.position]
                      if r.stream_id == target]
            folded = decider.fold(target, events, camp.retconned)
            if target == CAMP:
                camp = folded
            else:
                states[target] = folded
    return as_of.AsOf(camp, {k.rsplit("/", 1)[1]: v for k, v in states.items()}, {}, 0)


def test_folded_from_the_log_it_is_what_the_projector_held_at_each_position() -> None:
    for upto in range(1, len(LOG) + 1):
        got, want = as_of.fold(LOG[:upto]), _projected(upto)
        assert (got.campaign, got.characters) == (want.campaign, want.characters), upto
    last = as_of.fold(LOG)
    assert last.characters["ash"].name == "Ash 5" and last.characters["bo"].name == "Bo 1"
    assert last.campaign.members == {"ann": "gm", "cat": "player"}  # bob's joining retconned
    # as of position 7 (before the retcon), Ash 3 was the name and bob a member
    seven = as_of.fold(LOG[:7])
    assert seven.characters["ash"].name == "Ash 3" and "bob" in seven.campaign.members


def test_every_snapshot_that_applies_gives_the_same_state_and_is_used() -> None:
    """A snapshot of each stream at each version, folded under the retcons known when it was
    written (any moment from its version on), against every position."""
    used = 0
    for stream in (CAMP, ASH, BO):
        own = [r for r in LOG if r.stream_id == stream]
        for at in own:
            for written in range(at.position, len(LOG) + 1):
                retcons = _retcons(written)
                events = [(r.position, r.type, r.data) for r in own if r.position <= at.position]
                state = decider.fold(stream, events, () if stream == CAMP else retcons)
                start = as_of.Start(at.stream_version, state,
                                    () if stream == CAMP else retcons)
                for upto in range(1, len(LOG) + 1):
                    got = as_of.fold(LOG[:upto], {stream: start})
                    want = _projected(upto)
                    assert (got.campaign, got.characters) == (want.campaign, want.characters), \
                        (stream, at.position, written, upto)
                    used += got.from_snapshots
    assert used > 100


def test_a_snapshot_is_not_used_past_what_it_may_stand_for() -> None:
    ash = [r for r in LOG if r.stream_id == ASH]
    every = set(_retcons(len(LOG)))
    late = ash[-1]  # Ash 5, the last event: not recorded yet at position 10
    start = as_of.Start(late.stream_version, None, tuple(every))
    assert not as_of.usable(ASH, start, None, every)
    assert as_of.fold(LOG[:10], {ASH: start}).from_snapshots == 0
    # folded under retcons not yet all recorded at position 6 or 9 (the member's, 11)
    early = as_of.Start(ash[1].stream_version, None, tuple(every))
    assert not as_of.usable(ASH, early, ash[1].position, set(_retcons(6)))
    assert not as_of.usable(ASH, early, ash[1].position, set(_retcons(9)))
    assert as_of.usable(ASH, early, ash[1].position, every)
