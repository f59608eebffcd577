"""Fixtures of the integration tests beside the shared ones (``tests/conftest.py``)."""

from tests.integration.grpc_stack import stack  # noqa: F401  (the gRPC gateway beside HTTP)
