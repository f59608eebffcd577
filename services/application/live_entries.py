"""A live event as every watcher of its campaign receives it, and a live-channel batch as a relay
reads it: each event encoded once (its JSON and its server-sent event), its visibility read once;
who sees what (``visible``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec


class _Meta(msgspec.Struct):
    visibility: str = "public"


class _Head(msgspec.Struct):
    """What a relay reads of an event: the rest stays the bytes it arrived as."""

    position: int
    type: str
    metadata: _Meta = msgspec.field(default_factory=_Meta)


class LiveBatch(msgspec.Struct, kw_only=True):
    """A live-channel message as a relay reads it: each event kept as its JSON bytes.

    ``after`` is the campaign position before the batch
    (``services.application.live_publish.LiveMessage``)."""

    campaign_id: str
    after: int
    position: int
    events: list[msgspec.Raw]


batch_decoder = msgspec.json.Decoder(LiveBatch)
_head_decoder = msgspec.json.Decoder(_Head)


class Entry:
    """One event as every watcher receives it: encoded once (its JSON, and the server-sent
    event carrying it), its visibility read once; ``proto`` is filled by the first gRPC
    subscriber and shared by the others."""

    __slots__ = ("position", "proto", "public", "raw", "sse", "type")

    def __init__(self, raw: bytes) -> None:
        head = _head_decoder.decode(raw)
        self.position = head.position
        self.type = head.type
        self.public = head.metadata.visibility == "public"
        self.raw = raw
        self.sse = b"id: %d\r\nevent: %s\r\ndata: %s\r\n\r\n" % (
            head.position, head.type.encode(), raw)
        self.proto: bytes | None = None


def entry_of(ev: dict[str, Any]) -> Entry:
    return Entry(msgspec.json.encode(ev))


def visible(role: str) -> Callable[[Entry], bool]:
    """Who sees what: GM-only events are shown to GMs and nobody else."""
    if role == "gm":
        return lambda entry: True
    return lambda entry: entry.public
