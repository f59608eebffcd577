"""The platform's views are wire types of their own (``contracts.views``), built from the domain's
states by the mappers of ``domain.views``; for every state the recorded logs fold to, each view
encodes to exactly the JSON the reads served before the views were written out: the state's
JSON with the members and tables as lists and the position added (a campaign), the state's JSON
plus ``derived`` when its ruleset derives (a character). No I/O."""

from __future__ import annotations

import inspect
from collections import defaultdict
from pathlib import Path
from typing import Any

import msgspec
import pytest

from contracts import views as v
from domain import views
from domain.audit import verify_export
from domain.campaign import CampaignState
from domain.character import CharacterState
from domain.decider import fold
from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithDerived
from services.application.queries import served
from tests import recorded_events as rec
from tests.unit.test_contracts_imports import upward_imports

VIEWS = [cls for _, cls in inspect.getmembers(v, inspect.isclass)
         if issubclass(cls, msgspec.Struct) and cls.__module__ == v.__name__]


def _encoded(value: Any) -> bytes:
    return msgspec.json.encode(value)


def _as_json(state: Any) -> dict[str, Any]:
    """A state as its read model holds it (what the reads returned, extras aside)."""
    out: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(state))
    return out


def _folded(path: Path) -> tuple[CampaignState, list[CharacterState]]:
    """The campaign and character states an export's log folds to."""
    streams: dict[str, list[tuple[int, str, dict[str, Any]]]] = defaultdict(list)
    for event in rec.events_of(path):
        streams[event["stream_id"]].append((event["position"], event["type"], event["data"]))
    (campaign_stream,) = [s for s in streams if s.startswith("campaign/")]
    campaign: CampaignState = fold(campaign_stream, streams[campaign_stream])
    characters = [fold(s, rows, campaign.retconned) for s, rows in sorted(streams.items())
                  if s.startswith("character/")]
    return campaign, characters


def test_the_views_are_not_domain_classes_and_their_module_imports_no_domain() -> None:
    names = {cls.__name__ for cls in VIEWS}
    assert names == {"Member", "SessionState", "TableState", "CampaignView", "CharacterView",
                     "CampaignSummary", "Finding", "VerifyReport"}
    for cls in VIEWS:
        assert not any(base.__module__.startswith(("domain", "services"))
                       for base in cls.__mro__), cls
    assert upward_imports(Path(v.__file__).read_text(encoding="utf-8")) == []


def test_a_state_change_is_not_a_view_change() -> None:
    # the view's fields are its own: the domain state's helpers and its map of members by user
    # are not on the wire
    assert not hasattr(v.CampaignView, "role_of")
    assert msgspec.structs.fields(v.CampaignView)[6].type == list[v.Member]
    assert [f.name for f in msgspec.structs.fields(v.CharacterView)][-1] == "derived"


@pytest.mark.parametrize("path", rec.EXPORTS, ids=lambda p: p.stem[:50])
def test_each_view_of_a_recorded_log_encodes_as_the_reads_served_it(path: Path) -> None:
    campaign, characters = _folded(path)
    state = _as_json(campaign)
    position = len(rec.events_of(path))
    members = [{"user": u, "role": r} for u, r in sorted(state["members"].items())]
    tables = list(state["tables"].values())
    before = {**state, "members": members, "tables": tables, "position": position}

    view = views.campaign_view(campaign, position)
    assert _encoded(view) == _encoded(before)
    assert _encoded(served(view)) == _encoded(before)  # what both transports are handed
    assert _encoded(views.member_views(campaign)) == _encoded(members)
    assert _encoded(views.table_views(campaign)) == _encoded(tables)
    for table_id, table in campaign.tables.items():
        assert _encoded(views.table_view(table)) == _encoded(state["tables"][table_id])
    assert _encoded(views.campaign_summaries(campaign)) == _encoded(
        {user: {"campaign_id": campaign.campaign_id, "name": campaign.name,
                "ruleset": campaign.ruleset, "role": role}
         for user, role in campaign.members.items()})

    ruleset = RULESETS[campaign.ruleset]
    assert characters
    for character in characters:
        read = _as_json(character)
        derives = isinstance(ruleset, RulesetWithDerived) and bool(read.get("sheet"))
        derived = ruleset.derived(read["sheet"], state["options"]) if derives else None
        served_before = {**read, "derived": derived} if derives else read
        one = views.character_view(character, derived)
        assert _encoded(one) == _encoded(served_before)
        assert _encoded(served(one)) == _encoded(served_before)


def test_the_recorded_logs_reach_every_field_a_view_carries() -> None:
    """The comparison above means something: the logs hold tables with sessions, ended ones,
    revealed seeds and rolls, retcons, and characters with and without what a ruleset derives."""
    seen: dict[str, int] = defaultdict(int)
    for path in rec.EXPORTS:
        campaign, characters = _folded(path)
        seen["tables"] += len(campaign.tables)
        seen["sessions"] += sum(len(t.sessions) for t in campaign.tables.values())
        seen["ended"] += sum(not s.active for t in campaign.tables.values() for s in t.sessions)
        seen["revealed_seeds"] += len(campaign.revealed_seeds)
        seen["revealed_rolls"] += len(campaign.revealed_rolls)
        seen["retconned"] += len(campaign.retconned)
        seen["retired"] += sum(c.retired for c in characters)
        seen["players"] += sum(r == "player" for r in campaign.members.values())
        seen["rotated"] += campaign.epoch > 1
        seen["no sheet"] += sum(not c.sheet for c in characters)
        seen["sheet"] += sum(bool(c.sheet) for c in characters)
    assert all(seen[k] > 0 for k in ("tables", "sessions", "ended", "revealed_seeds", "rotated",
                                     "revealed_rolls", "retconned", "retired", "players",
                                     "no sheet", "sheet")), dict(seen)


def test_a_character_whose_ruleset_derives_nothing_has_no_derived_on_the_wire() -> None:
    state = CharacterState(campaign_id="c", character_id="x", owner="bob", name="Zed", version=1)
    assert msgspec.json.decode(_encoded(views.character_view(state))) == {
        "campaign_id": "c", "character_id": "x", "owner": "bob", "name": "Zed", "sheet": {},
        "retired": False, "retired_reason": "", "version": 1}
    with_derived = views.character_view(state, {"health": 3})
    assert msgspec.json.decode(_encoded(with_derived))["derived"] == {"health": 3}


def test_a_view_copies_the_state_so_folding_on_does_not_change_it() -> None:
    campaign = next(c for c, _ in map(_folded, rec.EXPORTS) if c.tables)
    view = views.campaign_view(campaign, 1)
    table_id = next(iter(campaign.tables))
    campaign.tables[table_id].seated.append("someone-new")
    campaign.commitments[99] = "x"
    assert "someone-new" not in view.tables[0].seated and 99 not in view.commitments


def test_members_are_listed_by_user_and_tables_in_the_order_created() -> None:
    # as the reads always listed them (the recorded logs add members in name order already)
    from domain.campaign import TableState

    state = CampaignState(campaign_id="c", members={"zed": "gm", "ann": "player", "bob": "observer"},
                          tables={"t2": TableState(table_id="t2", name="B"),
                                  "t1": TableState(table_id="t1", name="A")}, version=3)
    view = views.campaign_view(state, 7)
    assert [m.user for m in view.members] == ["ann", "bob", "zed"]
    assert [t.table_id for t in view.tables] == ["t2", "t1"]
    assert view.position == 7 and view.version == 3


def _report_before(lines: list[bytes]) -> tuple[bytes, bytes]:
    """A verification's report by its mapper, and as ``POST /v1/verify`` served it before: the
    audit's report with ``ok`` added."""
    report = verify_export(lines)
    return _encoded(views.verify_report(report)), _encoded({**msgspec.to_builtins(report),
                                                             "ok": report.ok})


@pytest.mark.parametrize("path", rec.EXPORTS[::7], ids=lambda p: p.stem[:50])
def test_a_verification_report_encodes_as_verify_served_it(path: Path) -> None:
    mapped, before = _report_before(path.read_bytes().splitlines())
    assert mapped == before and b'"ok":true' in mapped


def test_a_report_with_failures_encodes_as_verify_served_it() -> None:
    lines = rec.EXPORTS[0].read_bytes().splitlines()
    mapped, before = _report_before([*lines[:3], b"{not json", *lines[3:]])
    assert mapped == before
    failures = msgspec.json.decode(mapped)["failures"]
    assert failures and failures[0]["line"] == 4 and b'"ok":false' in mapped
