"""Everything with I/O, by role: ``application`` (what the service does, against ports),
``adapters`` (PostgreSQL, Redis, embedded servers, memory) and ``entrypoints`` (HTTP, gRPC, CLI)."""
