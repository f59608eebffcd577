"""Verifying an exported event log with no database and no trust in the server.

An export is JSON Lines: a header ``{"format": "skald-export", "version": 1, "campaign_id": ...}``
then every event of the campaign in position order, as the API shows events. ``verify_export``
checks that

* every stream's versions run 1, 2, 3, ... (a deleted event leaves a gap) and positions only grow;
* every revealed seed hashes to the commitment published for its epoch before any roll used it;
* every face of every command is the face its epoch's revealed seed derives
  (``domain.fair_dice.derive_face``), and every outcome is what the ruleset reads from those faces;
* every revealed GM-only roll is a faithful copy, and every retcon names an event in the log.

Rolls whose epoch's seed is still secret cannot be re-derived yet; they are counted, not failed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec

from domain import rolls
from domain.fair_dice import derive_face
from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithDrawCounts, RulesetWithReread

FORMAT = "skald-export"
VERSION = 1


class Finding(msgspec.Struct, frozen=True, kw_only=True):
    """One thing that is wrong, at the event's position (or the line, before positions are known)."""

    position: int | None
    line: int
    check: str
    detail: str


class Report(msgspec.Struct, kw_only=True):
    campaign_id: str = ""
    events: int = 0
    rolls_verified: int = 0
    rolls_unverifiable: int = 0  # their epoch's seed is not revealed yet
    revealed_epochs: list[int] = []
    retcons: list[dict[str, Any]] = []
    failures: list[Finding] = []

    @property
    def ok(self) -> bool:
        return not self.failures


def header(campaign_id: str) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "campaign_id": campaign_id}


def reread(event_type: str, data: Mapping[str, Any], draws: Sequence[tuple[int, int]]) -> list[str]:
    """The ruleset's reading of a roll checked against its draws (differences, or nothing)."""
    if event_type == "DiceRolled":
        return rolls.reread(data, draws)
    ruleset = RULESETS.get(event_type.split(".", 1)[0])
    if not isinstance(ruleset, RulesetWithReread):
        return []
    return ruleset.reread(event_type, data, draws)


def verify_export(lines: Iterable[str | bytes]) -> Report:
    """Check an export line by line; every failure names the event's position and what differs."""
    report = Report()
    events: list[tuple[int, dict[str, Any]]] = []
    for number, raw in enumerate(lines, start=1):
        if not (raw.strip() if isinstance(raw, str) else raw.strip()):
            continue
        try:
            item = msgspec.json.decode(raw)
        except msgspec.DecodeError as err:
            report.failures.append(Finding(position=None, line=number, check="json", detail=str(err)))
            continue
        if number == 1:
            if not isinstance(item, dict) or item.get("format") != FORMAT:
                report.failures.append(Finding(position=None, line=1, check="header",
                                               detail="the first line is not a skald-export header"))
            else:
                report.campaign_id = str(item.get("campaign_id", ""))
            continue
        if isinstance(item, dict) and "secret_seed" in item:
            continue  # an operator's backup carries unrevealed seeds; they prove nothing
        if not isinstance(item, dict) or not isinstance(item.get("position"), int):
            report.failures.append(Finding(position=None, line=number, check="event",
                                           detail="not an event (no integer position)"))
            continue
        events.append((number, item))
    report.events = len(events)
    _check_order(report, events)
    seeds, committed_at = _check_seeds(report, events)
    _check_rolls(report, events, seeds, committed_at)
    _check_references(report, events)
    return report


def _fail(report: Report, line: int, event: Mapping[str, Any], check: str, detail: str) -> None:
    report.failures.append(Finding(position=event.get("position"), line=line, check=check,
                                   detail=detail))


def _check_order(report: Report, events: list[tuple[int, dict[str, Any]]]) -> None:
    versions: dict[str, int] = {}
    last_position = 0
    for line, ev in events:
        if ev["position"] <= last_position:
            _fail(report, line, ev, "position",
                  f"position {ev['position']} does not follow {last_position}")
        last_position = max(last_position, ev["position"])
        if report.campaign_id and ev.get("campaign_id") != report.campaign_id:
            _fail(report, line, ev, "campaign", f"event of campaign {ev.get('campaign_id')!r}")
        stream = str(ev.get("stream_id"))
        expected = versions.get(stream, 0) + 1
        if ev.get("stream_version") != expected:
            why = "an event is missing" if (ev.get("stream_version") or 0) > expected else "out of order"
            _fail(report, line, ev, "stream-version",
                  f"stream {stream} goes from version {expected - 1} to {ev.get('stream_version')}: {why}")
        versions[stream] = max(expected, int(ev.get("stream_version") or 0))


def _check_seeds(report: Report, events: list[tuple[int, dict[str, Any]]]
                 ) -> tuple[dict[int, bytes], dict[int, int]]:
    """Commitments by epoch, checked against every reveal; returns the seeds that verify and the
    position at which each epoch's commitment was published. An epoch is committed once: a
    second commitment for it is a failure and the first one stands."""
    commitments: dict[int, str] = {}
    committed_at: dict[int, int] = {}
    revealed: dict[int, bytes] = {}
    for line, ev in events:
        data = ev.get("data", {})
        kind = ev.get("type")
        if kind in ("CampaignCreated", "SeedCommitted"):
            epoch = 1 if kind == "CampaignCreated" else int(data.get("epoch", 0))
            field = "seed_commitment" if kind == "CampaignCreated" else "commitment"
            if epoch in commitments:
                _fail(report, line, ev, "seed-commitment-once",
                      f"epoch {epoch} was already committed at position {committed_at[epoch]};"
                      " a second commitment for it does not replace the first")
                continue
            commitments[epoch] = str(data.get(field, ""))
            committed_at[epoch] = int(ev.get("position") or 0)
        elif kind == "SeedRevealed":
            epoch = int(data.get("epoch", 0))
            try:
                seed = bytes.fromhex(str(data.get("seed", "")))
            except ValueError:
                _fail(report, line, ev, "seed", f"epoch {epoch}'s revealed seed is not hex")
                continue
            digest = hashlib.sha256(seed).hexdigest()
            if digest != commitments.get(epoch):
                _fail(report, line, ev, "seed-commitment",
                      f"epoch {epoch}'s revealed seed hashes to {digest}, but the commitment"
                      f" published for it is {commitments.get(epoch)}")
                continue
            revealed[epoch] = seed
    report.revealed_epochs = sorted(revealed)
    return revealed, committed_at


def _check_rolls(report: Report, events: list[tuple[int, dict[str, Any]]],
                 seeds: dict[int, bytes], committed_at: dict[int, int]) -> None:
    for index, (line, ev) in enumerate(events):
        dice = (ev.get("metadata") or {}).get("dice")
        if not dice:
            continue
        epoch = int(dice.get("epoch", 0))
        published = committed_at.get(epoch)
        if published is None or published >= int(ev.get("position") or 0):
            where = "never" if published is None else f"only at position {published}"
            _fail(report, line, ev, "commitment-before-roll",
                  f"the roll uses epoch {epoch}, whose commitment was published {where}:"
                  " a seed must be committed before any roll uses it")
        draws = [(int(d["sides"]), int(d["face"])) for d in dice.get("draws", [])]
        try:
            problems = _reread_command(events, index, draws)
        except (KeyError, TypeError, ValueError, msgspec.ValidationError) as err:
            problems = [f"the event cannot be read: {err!r}"]
        for problem in problems:
            _fail(report, line, ev, "outcome", problem)
        seed = seeds.get(epoch)
        if seed is None:
            report.rolls_unverifiable += 1
            continue
        command_id = str((ev.get("metadata") or {}).get("command_id", ""))
        client_seed = dice.get("client_seed")
        for index, (sides, face) in enumerate(draws):
            derived = derive_face(seed, str(ev.get("campaign_id")), command_id, index, sides,
                                  client_seed)
            if derived != face:
                _fail(report, line, ev, "face",
                      f"draw {index} (d{sides}) is recorded as {face}, the seed derives {derived}")
        report.rolls_verified += 1


def _reread_command(events: list[tuple[int, dict[str, Any]]], index: int,
                    draws: list[tuple[int, int]]) -> list[str]:
    """Every roll of the command whose draws ``events[index]`` carries, read against them.

    The draws go with a command's first roll (``services.application.pipeline``) and its events are
    consecutive in the log. A ruleset whose commands may roll more than once says how many draws
    each roll shows (``draws_read``): each roll is read against the next ones in order, and draws
    no roll shows are a finding too."""
    first = events[index][1]
    ruleset = RULESETS.get(str(first.get("type")).split(".", 1)[0])
    if not isinstance(ruleset, RulesetWithDrawCounts):
        return reread(str(first.get("type")), first.get("data", {}), draws)
    command_id = (first.get("metadata") or {}).get("command_id")
    problems: list[str] = []
    offset = 0
    for _, ev in events[index:]:
        if (ev.get("metadata") or {}).get("command_id") != command_id:
            break
        count = ruleset.draws_read(str(ev.get("type")), ev.get("data", {}))
        if count is None:
            continue
        found = reread(str(ev.get("type")), ev.get("data", {}), draws[offset:offset + count])
        offset += count
        problems.extend(found if ev is first else
                        [f"position {ev.get('position')}: {p}" for p in found])
    if offset < len(draws):
        problems.append(f"{len(draws) - offset} of the command's {len(draws)} draws are shown"
                        " by none of its rolls")
    return problems


def _check_references(report: Report, events: list[tuple[int, dict[str, Any]]]) -> None:
    by_position = {ev["position"]: ev for _, ev in events}
    for line, ev in events:
        data = ev.get("data", {})
        if ev.get("type") == "RollRevealed":
            original = by_position.get(data.get("position"))
            copy = data.get("roll", {})
            if original is None:
                _fail(report, line, ev, "reveal", f"reveals position {data.get('position')},"
                      " which is not in the log")
            elif copy.get("data") != original.get("data") or \
                    (copy.get("metadata") or {}).get("dice") != (original.get("metadata") or {}).get("dice"):
                _fail(report, line, ev, "reveal", "the revealed roll differs from the one recorded"
                      f" at position {original['position']}")
        elif ev.get("type") == "EventRetconned":
            target = by_position.get(data.get("position"))
            if target is None:
                _fail(report, line, ev, "retcon", f"reverses position {data.get('position')},"
                      " which is not in the log")
            report.retcons.append({"position": ev["position"], "reverses": data.get("position"),
                                   "event_type": data.get("event_type"),
                                   "reason": data.get("reason"), "by": data.get("by")})
