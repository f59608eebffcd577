"""The entrypoints: HTTP (``http``), gRPC (``grpc``), the ``skald`` command, and the wiring of one
process (``app``); HTTP and gRPC share what both need here and never import each other."""
