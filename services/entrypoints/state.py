"""The service objects a request handler uses (HTTP or gRPC), kept on the app's state and
wired by ``services.entrypoints.app``: the adapters behind the application's ports."""

from __future__ import annotations

from dataclasses import dataclass, field

from redis.asyncio import Redis

from services.adapters.event_store import EventStore
from services.adapters.rate_limits import RateLimits
from services.adapters.read_models import ReadModels
from services.adapters.stream_auth import StreamAuth
from services.adapters.token_book import TokenBook
from services.application.live_relay import LiveRelays
from services.application.pipeline import CommandPipeline
from services.application.ports import Clock, SystemClock
from services.application.settings import Settings


@dataclass
class Services:
    settings: Settings
    store: EventStore
    redis: Redis
    read_models: ReadModels
    pipeline: CommandPipeline
    tokens: TokenBook
    relays: LiveRelays  # one relay per campaign with local watchers (services.application.live_relay)
    stream_auth: StreamAuth  # open streams' tokens, checked together
    stream_store: EventStore  # the streams' own small pool: backfills never take the commands'
    rate_limits: RateLimits  # per token and per user, shared by every gateway through Redis
    clock: Clock = field(default_factory=SystemClock)  # what bounded waits are measured by
