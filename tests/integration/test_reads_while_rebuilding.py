"""Reads while the read models are rebuilt: after Redis loses its data (FLUSHALL), a campaign that
exists and its characters never read as missing: the read waits for the projector (or answers
503 with Retry-After), while a campaign that does not exist is still a 404."""

from __future__ import annotations

import asyncio

from redis.asyncio import Redis

from tests.conftest import Api


async def test_after_flushall_existing_reads_wait_instead_of_404(api: Api, redis_client: Redis) -> None:
    ann = await api.token("ann")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Flood"}))["campaign_id"]
    made = await api.ok(ann, "CreateCharacter", {"campaign_id": cid, "name": "Ark",
                                                 "sheet": {"hp": 3}})
    chid = made["events"][0]["data"]["character_id"]
    assert (await api.get(ann, f"/v1/campaigns/{cid}", position=made["position"])).status_code == 200
    paths = [f"/v1/campaigns/{cid}", f"/v1/campaigns/{cid}/characters/{chid}",
             f"/v1/campaigns/{cid}/members"]
    for _ in range(2):  # twice: the second flush finds the process's caches warm
        await redis_client.flushall()
        replies = await asyncio.gather(*(api.get(ann, path) for path in paths for _ in range(3)))
        for reply in replies:
            assert reply.status_code in (200, 503), reply.text
            if reply.status_code == 503:
                assert reply.headers["Retry-After"] and reply.json()["rule"] == "read.rebuilding"
        assert any(r.status_code == 200 for r in replies)
        character = (await api.get(ann, f"/v1/campaigns/{cid}/characters/{chid}")).json()
        assert character["name"] == "Ark"
    # What does not exist is still missing, at once.
    assert (await api.get(ann, "/v1/campaigns/cmp_nope")).status_code == 404
    missing = await api.get(ann, f"/v1/campaigns/{cid}/characters/chr_nope")
    assert missing.status_code == 404 and missing.json()["rule"] == "character.exists"
