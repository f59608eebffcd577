"""domain.audit on exports built in memory: no database, no server."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import msgspec

from contracts import commands as c
from contracts import events as e
from domain import campaign, decider
from domain.audit import header, verify_export
from domain.context import CommandContext
from domain.fair_dice import SeededDice

SEED = bytes(range(32))
CID = "cmp_audit"


def line(position: int, stream: str, version: int, event: e.Event,
         metadata: dict[str, Any] | None = None) -> bytes:
    return json.dumps({
        "position": position, "campaign_id": CID, "stream_id": stream, "stream_version": version,
        "type": type(event).__name__, "schema_version": 1, "data": msgspec.to_builtins(event),
        "metadata": {"command_id": f"cmd-{position}", "actor": "ann", "visibility": "public",
                     **(metadata or {})},
        "recorded_at": "2026-12-02T00:00:00+00:00"}).encode()


def roll(state: campaign.CampaignState, command_id: str, expression: str,
         client_seed: str | None = None) -> tuple[e.Event, dict[str, Any]]:
    dice = SeededDice(SEED, CID, command_id, client_seed)
    [(_, event)] = decider.decide(c.RollDice(campaign_id=CID, expression=expression),
                                  {f"campaign/{CID}": state},
                                  CommandContext(actor="ann", command_id=command_id), dice)
    assert isinstance(event, e.Event)
    provenance = {"epoch": 1, "client_seed": client_seed,
                  "draws": [{"sides": s, "face": f} for s, f in dice.draws]}
    return event, {"command_id": command_id, "dice": provenance}


def export() -> list[bytes]:
    created = e.CampaignCreated(campaign_id=CID, name="A", ruleset="generic", options={},
                                created_by="ann", seed_commitment=hashlib.sha256(SEED).hexdigest())
    state = campaign.evolve(campaign.initial_state(), created)
    first, first_meta = roll(state, "cmd-2", "3d6+1")
    second, second_meta = roll(state, "cmd-3", "2d20kh1", client_seed="xyz")
    revealed = e.SeedRevealed(campaign_id=CID, epoch=1, seed=SEED.hex(),
                              commitment=hashlib.sha256(SEED).hexdigest())
    return [
        json.dumps(header(CID)).encode(),
        line(1, f"campaign/{CID}", 1, created),
        line(2, f"rolls/{CID}", 1, first, first_meta),
        line(3, f"rolls/{CID}", 2, second, second_meta),
        line(5, f"campaign/{CID}", 2, revealed),
    ]


def edit(lines: list[bytes], position: int, change: Any) -> list[bytes]:
    out = []
    for raw in lines:
        item = json.loads(raw)
        if item.get("position") == position and change(item) == "drop":
            continue
        out.append(json.dumps(item).encode())
    return out


def test_an_honest_export_verifies() -> None:
    report = verify_export(export())
    assert report.ok and report.rolls_verified == 2 and report.revealed_epochs == [1]
    assert report.campaign_id == CID and report.events == 4


def test_a_changed_face_is_named_by_position() -> None:
    def change(item: dict[str, Any]) -> None:
        item["metadata"]["dice"]["draws"][0]["face"] = item["metadata"]["dice"]["draws"][0]["face"] % 6 + 1

    report = verify_export(edit(export(), 2, change))
    checks = {(f.position, f.check) for f in report.failures}
    assert (2, "face") in checks and (2, "outcome") in checks  # nor do the faces match the data


def test_a_changed_total_is_an_outcome_failure() -> None:
    report = verify_export(edit(export(), 3, lambda item: item["data"].update(total=99)))
    [failure] = report.failures
    assert (failure.position, failure.check) == (3, "outcome") and "total 99" in failure.detail


def test_a_wrong_seed_breaks_the_commitment_and_nothing_verifies() -> None:
    report = verify_export(edit(export(), 5, lambda item: item["data"].update(seed="11" * 32)))
    assert [f.check for f in report.failures] == ["seed-commitment"]
    assert report.rolls_verified == 0 and report.rolls_unverifiable == 2


def test_a_deleted_event_leaves_a_version_gap() -> None:
    report = verify_export(edit(export(), 2, lambda item: "drop"))
    [failure] = report.failures
    assert failure.check == "stream-version" and failure.position == 3
    assert "an event is missing" in failure.detail


def test_without_a_reveal_rolls_await_verification() -> None:
    lines = edit(export(), 5, lambda item: "drop")
    report = verify_export(lines)
    assert report.ok and report.rolls_verified == 0 and report.rolls_unverifiable == 2


def test_garbage_is_reported_not_raised() -> None:
    report = verify_export([b"not json", b'{"position": "x"}'])
    assert {f.check for f in report.failures} == {"json", "event"}


def test_a_roll_before_its_epochs_commitment_fails() -> None:
    # The campaign (and its epoch 1 commitment) moved after the first roll: the roll came first.
    lines = edit(export(), 1, lambda item: item.update(position=4))
    lines = [lines[0], *sorted(lines[1:], key=lambda raw: json.loads(raw)["position"])]
    report = verify_export(lines)
    failed = {(f.position, f.check) for f in report.failures}
    assert (2, "commitment-before-roll") in failed and (3, "commitment-before-roll") in failed
    assert "only at position 4" in next(f.detail for f in report.failures
                                        if f.check == "commitment-before-roll")


def test_a_roll_of_an_epoch_never_committed_fails() -> None:
    report = verify_export(edit(export(), 3, lambda item: item["metadata"]["dice"].update(epoch=7)))
    [failure] = [f for f in report.failures if f.check == "commitment-before-roll"]
    assert failure.position == 3 and "never" in failure.detail


def test_a_second_commitment_for_an_epoch_is_refused_and_the_first_stands() -> None:
    lines = export()
    forged = e.SeedCommitted(campaign_id=CID, epoch=1, commitment=hashlib.sha256(b"x").hexdigest())
    lines.insert(4, line(4, f"campaign/{CID}", 2, forged))
    lines[-1] = edit([lines[-1]], 5, lambda item: item.update(stream_version=3))[0]
    report = verify_export(lines)
    assert [(f.position, f.check) for f in report.failures] == [(4, "seed-commitment-once")]
    # The first commitment still verifies the reveal, so every roll is still re-derived.
    assert report.rolls_verified == 2 and report.revealed_epochs == [1]
