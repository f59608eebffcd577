"""The adapters: the application's ports on PostgreSQL and Redis (and in memory, for tests), the
migrations and SQL functions, and the embedded servers; no framework, no transport."""
