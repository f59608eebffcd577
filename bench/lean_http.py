"""A minimal HTTP/1.1 keep-alive client, so that the client's own cost is small on both
sides of a ratio."""

from __future__ import annotations

import asyncio


class LeanHttp:
    """A minimal HTTP/1.1 keep-alive client: one connection, prebuilt request bytes, a reply read
    by its Content-Length. Its own cost is a small share of either side of a ratio."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, headers: dict[str, str],
                      body: bytes = b"") -> tuple[int, bytes]:
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        request = (f"{method} {path} HTTP/1.1\r\nHost: bench\r\n{head}"
                   f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        for _ in range(2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            assert self.reader is not None
            self.writer.write(request)
            status_line = await self.reader.readline()
            if status_line:
                break
            # The server closed the idle connection (its keep-alive timeout, 5 s for uvicorn)
            # before this request reached it: connect again and send it once more.
            self.writer.close()
            self.reader = self.writer = None
        assert self.reader is not None
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        payload = await self.reader.readexactly(length)
        status = int(status_line.split()[1])
        if status >= 400:
            raise RuntimeError(f"{method} {path}: {status} {payload[:200]!r}")
        return status, payload

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
