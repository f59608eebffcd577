"""The service objects a request handler uses, kept on the app's state."""

from __future__ import annotations

from dataclasses import dataclass

from litestar.channels import ChannelsPlugin
from redis.asyncio import Redis

from services.event_store import EventStore
from services.pipeline import CommandPipeline
from services.read_models import ReadModels
from services.settings import Settings
from services.tokens import TokenBook


@dataclass
class Services:
    settings: Settings
    store: EventStore
    redis: Redis
    read_models: ReadModels
    pipeline: CommandPipeline
    tokens: TokenBook
    channels: ChannelsPlugin
