"""What a projector keeps between batches (``services.adapters.projector_memory``), no I/O."""

from __future__ import annotations

from datetime import UTC, datetime

from services.adapters.projector_memory import ProjectorMemory
from services.application.records import StoredEvent


def events(*positions: int, campaign: str = "c") -> list[StoredEvent]:
    return [StoredEvent(position=p, campaign_id=campaign, stream_id=f"rolls/{campaign}",
                        stream_version=p, type="DiceRolled", schema_version=1, data={},
                        metadata={}, transaction_id=1, recorded_at=datetime.now(UTC))
            for p in positions]


def positions(found: list[StoredEvent] | None) -> list[int] | None:
    return None if found is None else [ev.position for ev in found]


def test_kept_events_that_follow_the_checkpoint_come_in_batches() -> None:
    memory = ProjectorMemory()
    memory.recorded("c", events(4, 5))
    memory.recorded("c", events(6))
    memory.recorded("c", events(7, 8))
    assert positions(memory.take("c", 3, 2)) == [4, 5]
    assert positions(memory.take("c", 5, 2)) == [6, 7]
    assert positions(memory.take("c", 7, 2)) == [8]
    assert memory.take("c", 8, 2) is None  # nothing left: the log says whether there is more


def test_events_the_checkpoint_passed_are_dropped() -> None:
    memory = ProjectorMemory()
    memory.recorded("c", events(2, 3, 4))
    assert positions(memory.take("c", 3, 10)) == [4]  # a scan applied 2-3 from the log


def test_a_gap_or_a_disorder_reads_the_log() -> None:
    memory = ProjectorMemory()
    memory.recorded("c", events(4))
    memory.recorded("c", events(6))  # 5 was another process's commit
    assert memory.take("c", 3, 10) is None
    assert memory.take("c", 3, 10) is None  # and what was kept is gone: the log has it
    memory.recorded("c", events(5))
    memory.recorded("c", events(4))
    assert memory.take("c", 3, 10) is None
    memory.recorded("c", events(9))
    assert memory.take("c", 7, 10) is None  # 8 missing before it


def test_events_kept_are_bounded_for_all_campaigns_together() -> None:
    memory = ProjectorMemory(kept_events=5)
    memory.recorded("a", events(1, 2, 3, campaign="a"))
    memory.recorded("b", events(1, 2, campaign="b"))
    memory.recorded("b", events(3, campaign="b"))  # 6 > 5: everything kept is dropped first
    assert memory.take("a", 0, 10) is None
    assert positions(memory.take("b", 2, 10)) == [3]
    memory.recorded("a", events(4, 5, 6, 7, 8, campaign="a"))  # the count went back to 0
    assert positions(memory.take("a", 3, 10)) == [4, 5, 6, 7, 8]


def test_a_committed_state_is_kept_until_forgotten_and_bounded() -> None:
    memory = ProjectorMemory(kept_states=2)
    memory.committed("a", 5, b"state-a")
    memory.committed("b", 7, None)
    assert memory.state("a") == (5, b"state-a") and memory.state("b") == (7, None)
    memory.forget("a")
    assert memory.state("a") is None
    memory.committed("a", 6, b"a6")
    memory.committed("c", 1, b"c1")  # a third campaign: the memory starts over
    assert memory.state("a") is None and memory.state("c") == (1, b"c1")
    memory.recorded("c", events(2, campaign="c"))
    memory.clear()
    assert memory.state("c") is None and memory.take("c", 1, 10) is None
