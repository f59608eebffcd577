"""The application: the command pipeline, the queries, the live relays and the projection fold,
written against the ports in ``ports.py``; it imports no driver, no framework and no transport."""
