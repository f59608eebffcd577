"""One projected batch's read-model writes, committed with its checkpoint in one round trip.

The projector used to guard a batch with ``WATCH`` on the campaign's checkpoint, then ``GET``
it, then send ``MULTI``/``EXEC``: three round trips besides the state it reads. A Lua script
does the same check and the writes atomically in one: it applies the writes and moves the
checkpoint only if the checkpoint still holds the position the batch was folded from. The
checkpoint only moves forward and moves in the same script as its writes, so an unchanged
checkpoint means nothing else was applied since the batch's state was read (read after the
checkpoint, in the same pipeline or later). Every key of a campaign shares its hash tag
(``services.adapters.read_models``), so the script's keys share one Redis Cluster slot.
"""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis

# KEYS[1] is the checkpoint; ARGV: the position the batch was folded from, the new checkpoint,
# then each write as: command, index of its key in KEYS, count of its arguments, arguments.
_COMMIT = """
local applied = redis.call('GET', KEYS[1]) or '0'
if applied ~= ARGV[1] then
  return 0
end
local i = 3
while i <= #ARGV do
  local n = tonumber(ARGV[i + 2])
  redis.call(ARGV[i], KEYS[tonumber(ARGV[i + 1])], unpack(ARGV, i + 3, i + 2 + n))
  i = i + 3 + n
end
redis.call('SET', KEYS[1], ARGV[2])
return 1
"""


class BatchWrites:
    """The writes of one campaign's batch, in order (``SET``, ``HSET``, ``LPUSH``, ``LTRIM``)."""

    def __init__(self, checkpoint_key: str) -> None:
        self.keys: list[str] = [checkpoint_key]
        self._index: dict[str, int] = {checkpoint_key: 1}
        self.args: list[Any] = []

    def _add(self, command: str, key: str, *args: Any) -> None:
        index = self._index.get(key)
        if index is None:
            self.keys.append(key)
            index = self._index[key] = len(self.keys)
        self.args += [command, index, len(args), *args]

    def set(self, key: str, value: bytes) -> None:
        self._add("SET", key, value)

    def hset(self, key: str, field: str, value: bytes) -> None:
        self._add("HSET", key, field, value)

    def lpush(self, key: str, value: bytes) -> None:
        self._add("LPUSH", key, value)

    def ltrim(self, key: str, start: int, stop: int) -> None:
        self._add("LTRIM", key, start, stop)


class CheckpointedCommit:
    """Commits a batch's writes with its campaign's checkpoint (the script, loaded once)."""

    def __init__(self, redis: Redis) -> None:
        self._script = redis.register_script(_COMMIT)

    async def __call__(self, writes: BatchWrites, applied: int, position: int) -> bool:
        """Apply ``writes`` and move the checkpoint from ``applied`` to ``position``; False (and
        nothing written) when the checkpoint is no longer ``applied``."""
        done = await self._script(keys=writes.keys, args=[applied, position, *writes.args])
        return bool(done)
