"""A TCP relay in front of a real server, for tests that take the network or a dependency away.

``up()`` listens (on a free port the first time, then on the same one) and forwards every
connection to the server; ``down()`` stops listening and cuts every open connection, as a lost
network or a stopped server does; ``up()`` again brings it back on the same port.
"""

from __future__ import annotations

import asyncio
import contextlib


class TcpRelay:
    def __init__(self, host: str, port: int) -> None:
        self.upstream = (host, port)
        self.port = 0
        self.links: set[asyncio.StreamWriter] = set()
        self.server: asyncio.Server | None = None

    async def up(self) -> int:
        """Listen and forward; returns the relay's port."""
        self.server = await asyncio.start_server(self._accept, "127.0.0.1", self.port)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.upstream)
        except OSError:
            writer.transport.abort()
            return
        self.links |= {writer, up_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(ConnectionError, OSError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        self.links -= {writer, up_writer}

    async def down(self) -> None:
        """Stop listening (new connections are refused) and cut every open one."""
        if self.server is None:
            return
        self.server.close()
        for writer in list(self.links):
            writer.transport.abort()
        await self.server.wait_closed()
        self.server = None
