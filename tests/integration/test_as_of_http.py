"""``GET /v1/campaigns/{id}/as-of/{position}`` against the live reads: a scripted WISH game is
played over HTTP; after each command the campaign, its characters and its encounter are read
at the command's position, and later the as-of read at each of those positions must return
exactly what was read then, before and after snapshots of its streams are written. Also
``/events?until=``, the ruleset guide over HTTP, and ``line`` on the events it serves."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import asyncpg
import msgspec

from domain import decider
from services.adapters.snapshots import SnapshotStore
from services.application.records import Snapshot
from tests.conftest import Api
from tests.integration.live_stream import open_live
from tests.integration.test_wish_http import wish_campaign


async def live_reads(api: Api, token: str, cid: str, position: int) -> dict[str, Any]:
    """What the current reads returned when the head was ``position``."""
    campaign = (await api.get(token, f"/v1/campaigns/{cid}", position=position)).json()
    assert campaign["position"] == position, "the game is sequential: the head is the command's"
    characters = (await api.get(token, f"/v1/campaigns/{cid}/characters")).json()
    brawl = await api.get(token, f"/v1/campaigns/{cid}/encounters/brawl")
    return {"position": position, "campaign": campaign, "characters": characters,
            "encounters": {"brawl": brawl.json()} if brawl.status_code == 200 else {}}


async def play(api: Api, t: dict[str, Any]) -> list[dict[str, Any]]:
    """A short WISH fight; the live reads after each command (as the player sees them)."""
    cid, ann, bob = t["cid"], t["ann"], t["bob"]
    steps: list[tuple[str, str, dict[str, Any]]] = [
        (ann, "wish.StartEncounter", {"encounter_id": "brawl", "participants": ["hero", "foe"]}),
        (bob, "wish.StartTurn", {"encounter_id": "brawl", "character_id": "hero"}),
        (bob, "wish.RollCheck", {"character_id": "hero", "characteristic": "ag"}),
        (bob, "wish.Attack", {"character_id": "hero", "target_id": "foe",
                              "encounter_id": "brawl", "skill": "Melee Skill"}),
        (ann, "RollDice", {"expression": "4d6kh3", "visibility": "gm", "label": "ambush"}),
        (ann, "wish.AddCondition", {"character_id": "foe", "name": "Staggered"}),
        (bob, "wish.EndTurn", {"encounter_id": "brawl", "character_id": "hero"}),
        (ann, "wish.ApplyDamage", {"character_id": "hero", "amount": 4}),
        (ann, "wish.EndRound", {"encounter_id": "brawl"}),
        (ann, "wish.AwardExperience", {"character_id": "hero", "xp": 2}),
    ]
    seen = [await live_reads(api, bob, cid, t["head"])]
    for token, type_, payload in steps:
        done = await api.ok(token, type_, {"campaign_id": cid, **payload})
        seen.append(await live_reads(api, bob, cid, done["position"]))
    # a retcon of the damage: the character's stream is folded again without it
    log = (await api.get(ann, f"/v1/campaigns/{cid}/events", limit=1000)).json()["events"]
    hurt = next(e for e in log if e["type"] == "wish.DamageTaken" and e["data"]["source"] == "effect")
    done = await api.ok(ann, "Retcon", {"campaign_id": cid, "position": hurt["position"],
                                        "reason": "wrong target"})
    seen.append(await live_reads(api, bob, cid, done["position"]))
    done = await api.ok(bob, "wish.RollCheck", {"campaign_id": cid, "character_id": "hero",
                                                "characteristic": "str"})
    seen.append(await live_reads(api, bob, cid, done["position"]))
    return seen


async def test_the_as_of_read_equals_the_live_read_at_each_position(api: Api) -> None:
    t = await wish_campaign(api)
    cid = t["cid"]
    head = (await api.get(t["ann"], f"/v1/campaigns/{cid}/events", limit=1000)).json()
    t["head"] = head["next_after"]
    seen = await play(api, t)
    assert len({s["position"] for s in seen}) == len(seen) >= 12
    for who in ("bob", "ann"):  # the state reads are the same for every member
        for before in seen:
            got = await api.get(t[who], f"/v1/campaigns/{cid}/as-of/{before['position']}")
            assert got.status_code == 200, got.text
            assert got.json() == before, before["position"]
    # the retconned damage is gone from the hero as of the retcon, and was there before it
    def hero_wounds(s: dict[str, Any]) -> int:
        hero = next(c for c in s["characters"] if c["character_id"] == "hero")
        return int(hero["sheet"].get("wounds_lost", 0))

    assert [hero_wounds(s) for s in seen[-4:]] == [4, 4, 0, 0]

    # snapshots of the campaign and of both characters, taken at different versions: where one
    # applies the fold starts from it; every position still reads as it did
    pool = await asyncpg.create_pool(api.database_url, min_size=1, max_size=2)
    try:
        store = SnapshotStore(pool)
        log = (await api.get(t["ann"], f"/v1/campaigns/{cid}/events", limit=1000)).json()
        rows = log["events"]
        retcons = tuple(int(e["data"]["position"]) for e in rows if e["type"] == "EventRetconned")
        for stream, upto in ((f"campaign/{cid}", 4), (f"character/{cid}/hero", 3),
                             (f"character/{cid}/foe", 2)):
            events = [e for e in rows if e["stream_id"] == stream][:upto]
            folded = decider.fold(stream, [(e["position"], e["type"], e["data"]) for e in events],
                                  retcons)
            await store._write(cid, stream, Snapshot(events[-1]["stream_version"], folded,
                                                     retcons if "character" in stream else ()))
        count = await pool.fetchval("SELECT count(*) FROM stream_snapshots WHERE campaign_id=$1",
                                    cid)
        assert count == 3
    finally:
        await pool.close()
    for before in seen:
        got = await api.get(t["bob"], f"/v1/campaigns/{cid}/as-of/{before['position']}")
        assert got.json() == before, (before["position"], _differences(got.json(), before))


async def test_positions_beyond_the_head_or_below_one_are_refused(api: Api) -> None:
    t = await wish_campaign(api)
    cid = t["cid"]
    head = (await api.get(t["ann"], f"/v1/campaigns/{cid}/events", limit=1000)).json()["next_after"]
    beyond = await api.get(t["bob"], f"/v1/campaigns/{cid}/as-of/{head + 1}")
    assert beyond.status_code == 404, beyond.text
    assert (beyond.json()["field"], beyond.json()["rule"]) == ("position", "as-of.position-recorded")
    for bad in ("0", "-3"):
        low = await api.get(t["bob"], f"/v1/campaigns/{cid}/as-of/{bad}")
        assert low.status_code == 422, low.text
        assert (low.json()["field"], low.json()["rule"]) == ("position", "request.schema")
    stranger = await api.token("zed")
    assert (await api.get(stranger, f"/v1/campaigns/{cid}/as-of/1")).status_code == 403
    assert (await api.get(stranger, "/v1/campaigns/nope/as-of/1")).status_code == 404


async def test_the_log_until_a_position_hides_gm_only_events_from_players(api: Api) -> None:
    t = await wish_campaign(api)
    cid = t["cid"]
    secret = await api.ok(t["ann"], "RollDice", {"campaign_id": cid, "expression": "1d20",
                                                 "visibility": "gm"})
    after = await api.ok(t["bob"], "wish.RollCheck", {"campaign_id": cid, "character_id": "hero",
                                                      "characteristic": "ag"})
    until = secret["position"]
    gm = (await api.get(t["ann"], f"/v1/campaigns/{cid}/events", until=until, limit=2,
                        after=until - 2)).json()
    assert [e["position"] for e in gm["events"]] == [until - 1, until] and not gm["more"]
    player = (await api.get(t["bob"], f"/v1/campaigns/{cid}/events", until=until)).json()
    assert all(e["position"] <= until for e in player["events"])
    assert until not in [e["position"] for e in player["events"]]
    assert player["next_after"] == until and not player["more"]
    paged = (await api.get(t["ann"], f"/v1/campaigns/{cid}/events", until=until, limit=1)).json()
    assert paged["more"] and paged["next_after"] == 1
    everything = (await api.get(t["ann"], f"/v1/campaigns/{cid}/events", limit=1000)).json()
    assert everything["events"][-1]["position"] >= after["position"]
    # every event served carries its line, in words, with no CamelCase type names in it
    for event in everything["events"]:
        assert event["line"]["text"], event["type"]
        assert event["type"].split(".")[-1] not in event["line"]["text"]
    [check] = [e for e in after["events"] if e["type"] == "wish.CheckRolled"]
    assert check["line"]["outcome"] in ("success", "failure")
    assert check["line"]["text"].startswith("{character:hero} rolled Ag")
    rolls = (await api.get(t["bob"], f"/v1/campaigns/{cid}/rolls",
                           position=after["position"])).json()
    assert rolls[0]["line"] == check["line"]


async def test_the_guide_over_http(api: Api) -> None:
    token = await api.token("ann")
    got = await api.get(token, "/v1/rulesets/golden-heroes/guide")
    assert got.status_code == 200, got.text
    guide = got.json()
    assert guide["generation"] == "golden-heroes.GenerateCharacter"
    strike = next(c for c in guide["commands"] if c["type"] == "golden-heroes.Strike")
    assert strike["sender"] == "controller" and strike["schema"]["$ref"]
    missing = await api.get(token, "/v1/rulesets/chess/guide")
    assert missing.status_code == 404 and missing.json()["rule"] == "ruleset.exists"
    assert msgspec.json.decode(got.content)["id"] == "golden-heroes"


def _differences(a: Any, b: Any, path: str = "") -> list[str]:
    """Where two read bodies differ (for a failing comparison's message)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [d for k in a.keys() | b.keys()
                for d in _differences(a.get(k), b.get(k), f"{path}.{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True))
                for d in _differences(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"]


async def test_live_frames_and_backfill_carry_the_line(api: Api) -> None:
    """The live stream's event frames (relayed, and backfilled on resume) carry ``line``."""
    t = await wish_campaign(api)
    cid = t["cid"]
    head = (await api.get(t["ann"], f"/v1/campaigns/{cid}/events", limit=1000)).json()
    live, lines = await open_live(api, t["bob"], cid, head["next_after"])
    try:
        rolled = await api.ok(t["bob"], "wish.RollCheck", {"campaign_id": cid,
                                                           "character_id": "hero",
                                                           "characteristic": "ag"})
        for _ in range(250):
            if f"id: {rolled['position']}" in lines:
                break
            await asyncio.sleep(0.02)
    finally:
        live.cancel()
    frames = [json.loads(ln[len("data: "):]) for ln in lines
              if ln.startswith("data: ") and '"position"' in ln]
    [check] = [f for f in frames if f["type"] == "wish.CheckRolled"]
    assert check["line"]["text"].startswith("{character:hero} rolled Ag")
    # resuming from before the campaign's start backfills from the log: lines there too
    backfill: list[str] = []
    task = asyncio.create_task(_read(api, t["bob"], f"/v1/campaigns/{cid}/live", backfill))
    for _ in range(250):
        if f"id: {rolled['position']}" in backfill:
            break
        await asyncio.sleep(0.02)
    task.cancel()
    old = [json.loads(ln[len("data: "):]) for ln in backfill
           if ln.startswith("data: ") and '"position"' in ln]
    assert old and all("line" in f for f in old)
    assert old[0]["line"]["text"].endswith("created the campaign Capes.")


async def _read(api: Api, token: str, path: str, into: list[str]) -> None:
    async with api.client.stream("GET", path, headers={**api.auth(token), "Last-Event-ID": "0"}
                                 ) as response:
        async for ln in response.aiter_lines():
            into.append(ln)
