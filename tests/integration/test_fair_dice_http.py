"""The fair-dice audit trail through HTTP: rotation, reveals, provenance, retcons, export, verify."""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from redis.asyncio import Redis

from domain.audit import verify_export
from domain.fair_dice import derive_face
from services.adapters.event_store import EventStore
from services.adapters.export_import import ImportRefused, import_lines
from services.adapters.projector import Projector
from services.application.export import export_lines
from tests.conftest import Api, new_database
from tests.integration.scripted_dice import secret_seed
from tests.integration.test_projector import snapshot

ROOT = Path(__file__).resolve().parents[2]
JSON_LINES = {"Content-Type": "application/x-ndjson"}


async def game(api: Api, **options: Any) -> dict[str, Any]:
    ann, bob = await api.token("ann"), await api.token("bob")
    cid = (await api.ok(ann, "CreateCampaign", {"name": "Audit", **options}))["campaign_id"]
    await api.ok(ann, "AddMember", {"campaign_id": cid, "user": "bob", "role": "player"})
    table = (await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "T",
                                               "table_id": "t"}))
    # Reads in the tests pass no position: let the read models reach the setup's last write.
    assert (await api.get(ann, f"/v1/campaigns/{cid}", position=table["position"])).status_code == 200
    return {"ann": ann, "bob": bob, "cid": cid, "position": table["position"]}


async def export(api: Api, t: dict[str, Any]) -> list[bytes]:
    response = await api.get(t["ann"], f"/v1/campaigns/{t['cid']}/export")
    assert response.status_code == 200, response.text
    return response.content.splitlines()


async def test_rotation_reveals_the_committed_seed_and_opens_an_epoch(api: Api) -> None:
    t = await game(api)
    cid = t["cid"]
    before = await api.ok(t["bob"], "RollDice", {"campaign_id": cid, "expression": "3d6"})
    denied = await api.command(t["bob"], "RotateSeed", {"campaign_id": cid})
    assert denied.status_code == 403 and denied.json()["rule"] == "campaign.gm-only"
    rotated = await api.ok(t["ann"], "RotateSeed", {"campaign_id": cid})
    revealed, committed = rotated["events"]
    assert (revealed["type"], committed["type"]) == ("SeedRevealed", "SeedCommitted")
    created = (await api.get(t["ann"], f"/v1/campaigns/{cid}/events", limit=1)).json()["events"][0]
    seed = bytes.fromhex(revealed["data"]["seed"])
    assert hashlib.sha256(seed).hexdigest() == created["data"]["seed_commitment"]
    draws = before["events"][0]["metadata"]["dice"]["draws"]
    assert [d["face"] for d in draws] == [derive_face(seed, cid, before["command_id"], i, 6)
                                          for i in range(3)]
    after = await api.ok(t["bob"], "RollDice", {"campaign_id": cid, "expression": "1d20"})
    assert after["events"][0]["metadata"]["dice"]["epoch"] == 2
    seed2 = await secret_seed(api.database_url, cid, 2)
    assert hashlib.sha256(seed2).hexdigest() == committed["data"]["commitment"]
    assert after["events"][0]["data"]["total"] == derive_face(seed2, cid, after["command_id"], 0, 20)
    rolls = (await api.get(t["bob"], f"/v1/campaigns/{cid}/rolls", position=after["position"])).json()
    assert rolls[1]["provenance"]["seed"] == seed.hex()  # epoch 1: revealed
    assert rolls[0]["provenance"]["seed"] is None  # epoch 2: still secret
    assert rolls[0]["provenance"]["commitment"] == committed["data"]["commitment"]
    assert rolls[0]["provenance"]["draws"] == [{"index": 0, "sides": 20,
                                                "face": after["events"][0]["data"]["total"]}]
    # The secret seed of the current epoch is nowhere a client can look.
    seen = [json.dumps(rotated), json.dumps(after), json.dumps(rolls)]
    for path in ("", "/events?limit=1000", "/rolls", "/members", "/tables"):
        seen.append((await api.get(t["ann"], f"/v1/campaigns/{cid}{path}")).text)
    seen.append(b"\n".join(await export(api, t)).decode())
    assert all(seed2.hex() not in text for text in seen)
    assert any(seed.hex() in text for text in seen)


async def test_seeds_are_revealed_at_session_end_when_the_campaign_asks(api: Api) -> None:
    t = await game(api, reveal_seed_at_session_end=True)
    cid = t["cid"]
    await api.ok(t["ann"], "StartSession", {"campaign_id": cid, "table_id": "t"})
    ended = await api.ok(t["ann"], "EndSession", {"campaign_id": cid, "table_id": "t"})
    assert [e["type"] for e in ended["events"]] == ["SessionEnded", "SeedRevealed", "SeedCommitted"]
    plain = await game(api)
    await api.ok(plain["ann"], "StartSession", {"campaign_id": plain["cid"], "table_id": "t"})
    quiet = await api.ok(plain["ann"], "EndSession", {"campaign_id": plain["cid"], "table_id": "t"})
    assert [e["type"] for e in quiet["events"]] == ["SessionEnded"]


async def test_a_client_seed_enters_the_derivation(api: Api) -> None:
    t = await game(api)
    cid = t["cid"]
    body = {"command_id": "cs-1", "type": "RollDice", "client_seed": "player-entropy-42",
            "payload": {"campaign_id": cid, "expression": "4d10"}}
    rolled = (await api.client.post("/v1/commands", json=body, headers=api.auth(t["bob"]))).json()
    seed = await secret_seed(api.database_url, cid, 1)
    faces = rolled["events"][0]["data"]["terms"][0]["faces"]
    assert faces == [derive_face(seed, cid, "cs-1", i, 10, "player-entropy-42") for i in range(4)]
    assert rolled["events"][0]["metadata"]["dice"]["client_seed"] == "player-entropy-42"
    other = await api.client.post("/v1/commands", json={**body, "client_seed": "other"},
                                  headers=api.auth(t["bob"]))
    assert other.status_code == 409 and other.json()["rule"] == "command.idempotency-key"


async def test_hidden_rolls_appear_to_all_once_revealed(api: Api) -> None:
    t = await game(api)
    cid = t["cid"]
    hidden = await api.ok(t["ann"], "RollDice", {"campaign_id": cid, "expression": "2d12",
                                                 "visibility": "gm", "label": "trap"})
    position = hidden["events"][0]["position"]
    bob_rolls = (await api.get(t["bob"], f"/v1/campaigns/{cid}/rolls", position=position)).json()
    assert bob_rolls == []
    denied = await api.command(t["bob"], "RevealRoll", {"campaign_id": cid, "position": position})
    assert denied.status_code == 403
    shown = await api.ok(t["ann"], "RevealRoll", {"campaign_id": cid, "position": position})
    again = await api.command(t["ann"], "RevealRoll", {"campaign_id": cid, "position": position})
    assert again.status_code == 409 and again.json()["rule"] == "roll.reveal-once"
    bob_rolls = (await api.get(t["bob"], f"/v1/campaigns/{cid}/rolls",
                               position=shown["position"])).json()
    assert [r["data"]["label"] for r in bob_rolls] == ["trap"]
    assert bob_rolls[0]["provenance"]["draws"] == [
        {"index": i, **d} for i, d in enumerate(hidden["events"][0]["metadata"]["dice"]["draws"])]
    events = (await api.get(t["bob"], f"/v1/campaigns/{cid}/events", limit=1000)).json()["events"]
    [reveal] = [e for e in events if e["type"] == "RollRevealed"]
    assert reveal["data"]["roll"]["data"] == hidden["events"][0]["data"]
    secret = await api.ok(t["ann"], "RollDice", {"campaign_id": cid, "expression": "3d3",
                                                 "visibility": "gm"})
    struck = await api.ok(t["ann"], "Retcon", {"campaign_id": cid, "reason": "unseen",
                                               "position": secret["position"]})
    assert struck["events"][0]["metadata"]["visibility"] == "gm"  # its retcon stays hidden too
    seen = (await api.get(t["bob"], f"/v1/campaigns/{cid}/events", limit=1000)).json()["events"]
    assert struck["position"] not in [e["position"] for e in seen]
    public = await api.ok(t["ann"], "RollDice", {"campaign_id": cid, "expression": "1d4"})
    refused = await api.command(t["ann"], "RevealRoll", {"campaign_id": cid,
                                                         "position": public["position"]})
    assert refused.status_code == 409 and refused.json()["rule"] == "roll.reveal-hidden-only"


async def test_a_retcon_is_folded_logged_exported_and_verified(api: Api) -> None:
    t = await game(api)
    cid = t["cid"]
    await api.ok(t["bob"], "CreateCharacter", {"campaign_id": cid, "name": "Ash",
                                               "character_id": "ash"})
    renamed = await api.ok(t["bob"], "RenameCharacter", {"campaign_id": cid, "character_id": "ash",
                                                         "name": "Ashes"})
    roll = await api.ok(t["bob"], "RollDice", {"campaign_id": cid, "expression": "1d6"})
    denied = await api.command(t["bob"], "Retcon", {"campaign_id": cid, "reason": "no",
                                                    "position": renamed["position"]})
    assert denied.status_code == 403
    undone = await api.ok(t["ann"], "Retcon", {"campaign_id": cid, "position": renamed["position"],
                                               "reason": "typo at the table"})
    ash = (await api.get(t["bob"], f"/v1/campaigns/{cid}/characters/ash",
                         position=undone["position"])).json()
    assert ash["name"] == "Ash"
    # The pipeline folds without it too: renaming to "Ashes" again is a change, not a no-op.
    await api.ok(t["bob"], "RenameCharacter", {"campaign_id": cid, "character_id": "ash",
                                               "name": "Ashes"})
    struck = await api.ok(t["ann"], "Retcon", {"campaign_id": cid, "position": roll["position"],
                                               "reason": "cocked die"})
    rolls = (await api.get(t["bob"], f"/v1/campaigns/{cid}/rolls", position=struck["position"])).json()
    assert rolls[0]["retconned"]["reason"] == "cocked die"
    twice = await api.command(t["ann"], "Retcon", {"campaign_id": cid, "reason": "again",
                                                   "position": roll["position"]})
    assert twice.status_code == 409 and twice.json()["rule"] == "retcon.once"
    lines = await export(api, t)
    types = [json.loads(line).get("type") for line in lines[1:]]
    assert types.count("CharacterRenamed") == 2 and types.count("EventRetconned") == 2
    report = verify_export(lines)
    assert report.ok, report.failures
    assert [r["reverses"] for r in report.retcons] == [renamed["position"], roll["position"]]
    # Once the seed is revealed, the struck roll still re-derives: a retcon never edits a face.
    await api.ok(t["ann"], "RotateSeed", {"campaign_id": cid})
    assert verify_export(await export(api, t)).rolls_verified == 1


def tamper(lines: list[bytes], position: int, change: Any) -> list[bytes]:
    out = []
    for line in lines:
        item = json.loads(line)
        if item.get("position") == position:
            item = copy.deepcopy(item)
            if change(item) == "delete":
                continue
        out.append(json.dumps(item).encode())
    return out


async def test_verify_names_every_tampering(api: Api, tmp_path: Path) -> None:
    t = await game(api)
    cid = t["cid"]
    first = await api.ok(t["bob"], "RollDice", {"campaign_id": cid, "expression": "3d6+2"})
    second = await api.ok(t["bob"], "RollDice", {"campaign_id": cid, "expression": "1d20"})
    third = await api.ok(t["bob"], "RollDice", {"campaign_id": cid, "expression": "2d8"})
    rotated = await api.ok(t["ann"], "RotateSeed", {"campaign_id": cid})
    lines = await export(api, t)
    clean = verify_export(lines)
    assert clean.ok and clean.rolls_verified == 3 and clean.revealed_epochs == [1]
    response = await api.client.post("/v1/verify", content=b"\n".join(lines),
                                     headers=api.auth(t["bob"]) | JSON_LINES)
    assert response.json()["ok"] is True

    def bump_face(item: dict[str, Any]) -> None:
        draw = item["metadata"]["dice"]["draws"][1]
        draw["face"] = draw["face"] % 6 + 1
        item["data"]["terms"][0]["faces"][1] = draw["face"]
        item["data"]["terms"][0]["subtotal"] = sum(item["data"]["terms"][0]["faces"])
        item["data"]["total"] = item["data"]["terms"][0]["subtotal"] + 2

    def change_total(item: dict[str, Any]) -> None:
        item["data"]["total"] += 1

    def change_seed(item: dict[str, Any]) -> None:
        item["data"]["seed"] = "00" * 32

    cases = [
        (first["position"], bump_face, "face", "draw 1"),
        (second["position"], change_total, "outcome", "total"),
        (rotated["events"][0]["position"], change_seed, "seed-commitment", "commitment"),
        (second["position"], lambda item: "delete", "stream-version", "an event is missing"),
    ]
    for position, change, check, words in cases:
        report = verify_export(tamper(lines, position, change))
        assert not report.ok
        named = [f for f in report.failures if f.check == check]
        assert named and words in named[0].detail, report.failures
        if check != "seed-commitment":
            expected_at = third["position"] if check == "stream-version" else position
            assert named[0].position == expected_at
        path = tmp_path / f"{check}.jsonl"
        path.write_bytes(b"\n".join(tamper(lines, position, change)))
        done = subprocess.run([sys.executable, "-m", "services.entrypoints.cli", "verify", str(path)],
                              cwd=ROOT, capture_output=True, text=True, check=False)
        assert done.returncode == 1 and f"[{check}]" in done.stdout, done.stdout + done.stderr
    good = tmp_path / "good.jsonl"
    good.write_bytes(b"\n".join(lines))
    done = subprocess.run([sys.executable, "-m", "services.entrypoints.cli", "verify", str(good)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "OK" in done.stdout


async def test_a_roll_verifies_with_the_standard_library_alone(api: Api, tmp_path: Path) -> None:
    """docs/verify_roll.py imports nothing from Skald; it follows docs/fair-dice.md."""
    t = await game(api)
    cid = t["cid"]
    body = {"command_id": "std-1", "type": "RollDice", "client_seed": "abc",
            "payload": {"campaign_id": cid, "expression": "6d6"}}
    rolled = (await api.client.post("/v1/commands", json=body, headers=api.auth(t["bob"]))).json()
    await api.ok(t["ann"], "RotateSeed", {"campaign_id": cid})
    path = tmp_path / "export.jsonl"
    path.write_bytes(b"\n".join(await export(api, t)))
    script = ROOT / "docs" / "verify_roll.py"
    assert "import skald" not in script.read_text() and "from domain" not in script.read_text()
    done = subprocess.run([sys.executable, "-I", str(script), str(path),
                           str(rolled["position"])], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "6 draws checked" in done.stdout, done.stdout + done.stderr
    broken = tamper(path.read_bytes().splitlines(), rolled["position"],
                    lambda item: item["metadata"]["dice"]["draws"][0].update(
                        face=item["metadata"]["dice"]["draws"][0]["face"] % 6 + 1))
    path.write_bytes(b"\n".join(broken))
    done = subprocess.run([sys.executable, "-I", str(script), str(path)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 1 and "1 mismatches" in done.stdout


async def test_export_is_for_gms_only(api: Api) -> None:
    t = await game(api)
    response = await api.get(t["bob"], f"/v1/campaigns/{t['cid']}/export")
    assert response.status_code == 403


async def test_rotations_at_the_same_moment_commit_each_epoch_once(api: Api) -> None:
    """Rotations racing each other and rolls: each is decided against the epoch the one before
    it opened, so every epoch is committed exactly once (the seed table refuses a second seed
    for an epoch), every roll verifies, and nothing is a 5xx."""
    t = await game(api)
    cid = t["cid"]

    async def rotate() -> Any:
        return await api.command(t["ann"], "RotateSeed", {"campaign_id": cid})

    async def roll() -> Any:
        return await api.command(t["bob"], "RollDice", {"campaign_id": cid, "expression": "1d6"})

    answers = await asyncio.gather(*(rotate() if i % 2 else roll() for i in range(16)))
    assert [r.status_code for r in answers] == [200] * 16, [r.text for r in answers]
    assert (await rotate()).status_code == 200  # reveals the epoch of the last rolls, too
    events = (await api.get(t["ann"], f"/v1/campaigns/{cid}/events", limit=1000)).json()["events"]
    committed = [ev["data"]["epoch"] for ev in events if ev["type"] == "SeedCommitted"]
    revealed = [ev["data"]["epoch"] for ev in events if ev["type"] == "SeedRevealed"]
    assert committed == list(range(2, 11)) and revealed == list(range(1, 10))
    report = verify_export(await export(api, t))
    assert report.ok and report.rolls_verified == 8, report.failures


async def test_import_into_an_empty_store_rebuilds_the_same_read_models(
        api: Api, store: EventStore, pg_admin_url: str, redis_url: str, redis_client: Redis) -> None:
    t = await game(api)
    cid = t["cid"]
    await api.ok(t["bob"], "CreateCharacter", {"campaign_id": cid, "name": "Nyx"})
    hidden = await api.ok(t["ann"], "RollDice", {"campaign_id": cid, "expression": "d6",
                                                 "visibility": "gm", "table_id": "t"})
    await api.ok(t["ann"], "RevealRoll", {"campaign_id": cid, "position": hidden["position"]})
    last = await api.ok(t["bob"], "RollDice", {"campaign_id": cid, "expression": "2d4",
                                               "table_id": "t"})
    await api.get(t["ann"], f"/v1/campaigns/{cid}", position=last["position"])
    original = {k: v for k, v in (await snapshot(redis_client)).items() if cid in k}
    lines = [line async for line in export_lines(store, cid, include_secret_seeds=True)]

    other = await new_database(pg_admin_url)
    assert await import_lines(other, lines) == len(lines) - 2  # header and one secret seed
    with pytest.raises(ImportRefused):
        await import_lines(other, lines)
    fresh_redis = Redis.from_url(redis_url.rsplit("/", 1)[0] + "/5")
    await fresh_redis.flushdb()
    target = await EventStore.connect(other)
    try:
        await Projector(target, fresh_redis).catch_up()
        rebuilt = {k: v for k, v in (await snapshot(fresh_redis)).items() if cid in k}
        assert rebuilt == original and rebuilt
        # With the operator's backup, the imported campaign keeps rolling from the same seed.
        seed_there = await target.dice_seed(cid, 1)
        assert seed_there == await store.dice_seed(cid, 1)
    finally:
        await target.close()
        await fresh_redis.flushdb()
        await fresh_redis.aclose()
