"""The queries on the in-memory event store and read models (``services.adapters.memory``): what a
member reads, what a non-member is refused, GM-only rolls, paging, read-your-writes waits (on a
clock that only moves when the query sleeps), and the live stream, with no server."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest

from contracts.commands import ENVELOPES, CommandEnvelope
from domain.errors import DomainError, Forbidden, NotFound
from services.adapters.memory import MemoryEventStore, MemoryLiveChannel, MemoryReadModels
from services.application import live_stream, queries
from services.application.live_relay import LiveRelays
from services.application.pipeline import CommandPipeline
from services.application.settings import Settings


class SteppingClock:
    """Time that passes only when the code under test sleeps."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def monotonic(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


@dataclass
class App:
    store: MemoryEventStore = field(default_factory=MemoryEventStore)
    read_models: MemoryReadModels = field(default_factory=MemoryReadModels)
    clock: SteppingClock = field(default_factory=SteppingClock)
    settings: Settings = field(default_factory=lambda: Settings(read_wait_ms=1000))
    live: MemoryLiveChannel = field(default_factory=MemoryLiveChannel)

    def __post_init__(self) -> None:
        self.pipeline = CommandPipeline(self.store)
        self.relays = LiveRelays(self.live, self.store)

    async def run(self, type_: str, payload: dict[str, Any], command_id: str,
                  user: str = "ann") -> Any:
        env: CommandEnvelope = msgspec.convert(
            {"type": type_, "command_id": command_id, "payload": payload}, ENVELOPES[type_])
        return await queries.execute(self, env, user)

    async def campaign(self) -> str:
        result = await self.run("CreateCampaign", {"name": "Saga"}, "create")
        cid: str = result.campaign_id
        await self.run("AddMember", {"campaign_id": cid, "user": "bob", "role": "player"}, "add")
        return cid


async def test_a_member_reads_the_projected_campaign_and_characters() -> None:
    app = App()
    cid = await app.campaign()
    await app.run("CreateCharacter", {"campaign_id": cid, "name": "Ash", "character_id": "ash",
                                      "owner": "bob"}, "char")
    assert await app.read_models.project(app.store, cid) == 3
    view = await queries.campaign(app, "bob", cid)
    assert view["name"] == "Saga" and view["position"] == 3
    assert view["members"] == [{"user": "ann", "role": "gm"}, {"user": "bob", "role": "player"}]
    assert [ch["name"] for ch in await queries.characters(app, "bob", cid)] == ["Ash"]
    with pytest.raises(Forbidden) as refused:
        await queries.campaign(app, "eve", cid)
    assert (refused.value.field, refused.value.rule) == ("campaign_id", "campaign.member")
    with pytest.raises(NotFound) as missing:
        await queries.character(app, "bob", cid, "nobody")
    assert missing.value.rule == "character.exists"


async def test_gm_only_rolls_are_shown_to_gms_only() -> None:
    app = App()
    cid = await app.campaign()
    secret = await app.run("RollDice", {"campaign_id": cid, "expression": "1d20",
                                        "visibility": "gm"}, "secret")
    await app.run("RollDice", {"campaign_id": cid, "expression": "1d6"}, "open")
    assert secret.events  # the GM who rolled sees the roll in the reply
    with pytest.raises(DomainError) as refused:  # only a GM may hide a roll, and nothing is appended
        await app.run("RollDice", {"campaign_id": cid, "expression": "1d4", "visibility": "gm"},
                      "hidden", user="bob")
    assert refused.value.rule == "roll.gm-only-visibility"
    await app.read_models.project(app.store, cid)
    gm_rolls = await queries.rolls(app, "ann", cid)
    player_rolls = await queries.rolls(app, "bob", cid)
    assert [r["metadata"]["command_id"] for r in gm_rolls] == ["open", "secret"]
    assert [r["metadata"]["command_id"] for r in player_rolls] == ["open"]
    assert player_rolls[0]["provenance"]["epoch"] == 1
    page = await queries.events_page(app, "bob", cid)  # the log, filtered the same way
    assert [e["metadata"]["command_id"] for e in page["events"]] == ["create", "add", "open"]


async def test_a_read_waits_for_its_position_then_gives_up() -> None:
    app = App()
    cid = await app.campaign()
    with pytest.raises(DomainError) as beyond:
        await queries.campaign(app, "ann", cid, position=99)
    assert beyond.value.rule == "read.position-beyond-head"
    with pytest.raises(queries.NotReady) as waited:  # nothing projected: the wait runs out
        await queries.campaign(app, "ann", cid, position=2)
    assert waited.value.rule == "read.position-reached"
    assert 1.0 <= app.clock.now < 1.2 and app.clock.slept[:3] == [0.005, 0.01, 0.02]
    await app.read_models.project(app.store, cid)
    assert (await queries.campaign(app, "ann", cid, position=2))["position"] == 2


async def test_the_listing_pages_by_campaign_id() -> None:
    app = App()
    cids = sorted([(await app.run("CreateCampaign", {"name": f"C{n}"}, f"c{n}")).campaign_id
                   for n in range(3)])
    for cid in cids:
        await app.read_models.project(app.store, cid)
    first, cursor = await queries.campaigns_page(app, "ann", limit=2)
    assert [c["campaign_id"] for c in first] == cids[:2] and cursor == cids[1]
    rest, end = await queries.campaigns_page(app, "ann", after=cursor, limit=2)
    assert [c["campaign_id"] for c in rest] == cids[2:] and end is None
    assert [c["campaign_id"] for c in await queries.campaigns(app, "ann")] == cids
    assert await queries.campaigns(app, "eve") == []


async def test_the_live_stream_backfills_then_follows_the_channel() -> None:
    app = App()
    cid = await app.campaign()
    await app.read_models.project(app.store, cid)
    role, start = await live_stream.live_start(app, "bob", cid, after=1)
    stream = live_stream.live(app, cid, role, start, heartbeat=5)
    ready = await anext(stream)
    assert (ready.kind, ready.position) == ("ready", 1)
    from services.application.live_publish import LivePublisher

    publisher = LivePublisher(app.relays, app.live)
    app.pipeline.on_recorded = publisher.recorded
    await app.run("RollDice", {"campaign_id": cid, "expression": "1d6"}, "live-roll")
    # the relay's history starts at the roll: what the watcher lacks before it comes from the log
    items = [await asyncio.wait_for(anext(stream), 2) for _ in range(2)]
    assert [(i.kind, i.type, i.position) for i in items] == [
        ("event", "MemberAdded", 2), ("event", "DiceRolled", 3)]
    await publisher.close()
    assert [c for c, _ in app.live.published] == [cid]  # published for the other processes
    await stream.aclose()
    await app.relays.close()
