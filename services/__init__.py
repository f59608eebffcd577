"""Everything with I/O: event store, command pipeline, projections, gateway, CLI, embedded servers."""
