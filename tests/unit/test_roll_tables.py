"""Which tables' roll lists hold a roll: the table it names, and the tables its characters sit
at (a ruleset's check carries no table)."""

from __future__ import annotations

from domain.campaign import CampaignState, TableState
from domain.decider import roll_tables


def camp() -> CampaignState:
    return CampaignState(campaign_id="c", tables={
        "t1": TableState(table_id="t1", name="One", seated=["doc"]),
        "t2": TableState(table_id="t2", name="Two", seated=["nurse"]),
    })


def test_a_check_on_a_seated_characters_stream_belongs_to_its_table() -> None:
    assert roll_tables(camp(), "character/c/doc", {"character_id": "doc"}) == ["t1"]
    assert roll_tables(camp(), "character/c/nurse", {}) == ["t2"]


def test_a_roll_naming_a_character_on_another_stream_belongs_to_its_table() -> None:
    assert roll_tables(camp(), "encounter/c/e", {"character_id": "nurse"}) == ["t2"]


def test_a_named_table_is_kept_and_not_doubled() -> None:
    assert roll_tables(camp(), "rolls/c", {"table_id": "t1"}) == ["t1"]
    assert roll_tables(camp(), "character/c/doc", {"table_id": "t1"}) == ["t1"]
    assert roll_tables(camp(), "character/c/nurse", {"table_id": "t1"}) == ["t1", "t2"]


def test_an_unseated_characters_roll_is_at_no_table() -> None:
    assert roll_tables(camp(), "character/c/goon", {"character_id": "goon"}) == []
