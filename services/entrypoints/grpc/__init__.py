"""The gRPC gateway: the same commands, views and live stream as HTTP, over grpcio asyncio."""
