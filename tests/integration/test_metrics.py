"""GET /metrics: Prometheus text with HTTP and gRPC request series, commands and events per type,
conflicts, read-wait timeouts and the projector's lag."""

from __future__ import annotations

import asyncio
import re

import msgspec
import pytest
from prometheus_client.parser import text_string_to_metric_families

from contracts.commands import ENVELOPES
from domain.errors import DomainError
from services.application import queries
from services.application.pipeline import CommandPipeline
from tests.integration.grpc_stack import Stack, generic_table


def _samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    out: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


def _value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str,
           **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


async def _metrics(s: Stack) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    response = await s.api.client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    return _samples(response.text)


async def test_metrics_count_what_the_service_did(stack: Stack) -> None:
    t = await generic_table(stack)
    before = await _metrics(stack)
    api = stack.api
    roll = {"campaign_id": t["cid"], "table_id": t["table"], "expression": "1d6"}
    await api.ok(t["bob"], "RollDice", roll, command_id="metrics-roll")
    await api.ok(t["bob"], "RollDice", roll, command_id="metrics-roll")  # a replay
    refused = await api.command(t["olga"], "RollDice", roll)  # an observer may not roll
    assert refused.status_code == 403
    # Another process's pipeline renames the character between this service's renames: each of
    # those finds its cached version stale at the append, a conflict, and is decided again.
    rival = CommandPipeline(stack.services.store)
    for i in range(6):
        rename = {"campaign_id": t["cid"], "character_id": t["vex"], "name": f"Vex {i}"}
        if i % 2:
            await rival.execute(msgspec.convert({"command_id": f"rival-{i}",
                                                 "type": "RenameCharacter", "payload": rename},
                                                ENVELOPES["RenameCharacter"]), "bob")
        else:
            await api.ok(t["bob"], "RenameCharacter", rename)
    await stack.grpc.call("ListCampaigns", t["ann"])
    assert (await api.get(t["ann"], f"/v1/campaigns/{t['cid']}")).status_code == 200
    # A read whose position the read models do not reach in time (the wait is bounded): the
    # position is in the log, and the read models are held behind it for this one wait.
    svc = stack.services
    svc.settings = msgspec.structs.replace(svc.settings, read_wait_ms=50)
    real_position = svc.read_models.position

    async def lagging(campaign_id: str) -> int:
        return 0

    svc.read_models.position = lagging
    try:
        with pytest.raises(DomainError) as timed_out:
            await queries.wait_for_position(svc, t["cid"], t["position"])
    finally:
        svc.read_models.position = real_position
    assert timed_out.value.rule == "read.position-reached"
    await asyncio.sleep(0.3)  # the projector applies the roll
    after = await _metrics(stack)

    def grew(name: str, **labels: str) -> float:
        return _value(after, name, **labels) - _value(before, name, **labels)

    assert grew("skald_commands_total", type="RollDice", outcome="recorded") == 1
    assert grew("skald_commands_total", type="RollDice", outcome="replayed") == 1
    assert grew("skald_commands_total", type="RollDice", outcome="refused") == 1
    assert grew("skald_events_appended_total", type="DiceRolled") == 1
    assert grew("skald_read_wait_timeouts_total") == 1
    assert grew("skald_command_conflicts_total") >= 1
    # Both pipelines count in this process's registry: all six renames recorded, none refused.
    assert grew("skald_commands_total", type="RenameCharacter", outcome="recorded") == 6
    assert grew("skald_grpc_requests_total", method="ListCampaigns", code="OK") == 1
    assert grew("skald_grpc_request_duration_seconds_count", method="ListCampaigns") == 1
    assert grew("skald_events_projected_total") >= 1
    assert ("skald_projector_lag_events", ()) in after
    assert 0 <= _value(after, "skald_projector_lag_seconds") < 60
    # HTTP series are per route template, never per campaign id.
    http = [k for k in after if k[0].startswith("skald_http_requests_total")]
    paths = {dict(labels).get("path") for _, labels in http}
    assert "/v1/commands" in paths
    assert not any(t["cid"] in (p or "") for p in paths)
    assert any(re.fullmatch(r"/v1/campaigns/\{campaign_id(:str)?\}", p or "") for p in paths)
