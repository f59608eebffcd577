"""Refusals as gRPC statuses: the code, and the field and rule in the trailers and in a
``google.rpc.Status`` detail (``skald.v1.ErrorDetail``), the same refusal HTTP names in its
problem+json (see the table in ``services.entrypoints.grpc.server``)."""

from __future__ import annotations

from typing import Any

import grpc
import msgspec
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.message import DecodeError

from domain.errors import DomainError
from services.adapters.dependencies import dependency_down
from services.entrypoints.grpc import proto_model
from services.entrypoints.grpc.convert import SchemaError
from services.entrypoints.grpc.generated import skald_pb2
from services.entrypoints.refusals import Problem, field_error

ABORTED_RULES = frozenset({"command.concurrency", "command.idempotency-key"})
_CODES = {
    "invalid": grpc.StatusCode.INVALID_ARGUMENT,
    "forbidden": grpc.StatusCode.PERMISSION_DENIED,
    "not_found": grpc.StatusCode.NOT_FOUND,
    "conflict": grpc.StatusCode.FAILED_PRECONDITION,
    "unavailable": grpc.StatusCode.UNAVAILABLE,
    "unauthenticated": grpc.StatusCode.UNAUTHENTICATED,
}


class Refused(Exception):
    def __init__(self, kind: str, field: str, rule: str, message: str) -> None:
        super().__init__(message)
        self.kind, self.field, self.rule, self.message = kind, field, rule, message


TOKEN_REFUSED = Refused("unauthenticated", "authorization", "auth.bearer-token",
                         "the bearer token is not known, has expired or was revoked")


def _rpc_status_class() -> Any:
    """``google.rpc.Status`` (what ``grpc-status-details-bin`` carries), in a private pool."""
    from google.protobuf import any_pb2

    fdp = descriptor_pb2.FileDescriptorProto(name="google/rpc/status.proto", package="google.rpc",
                                             syntax="proto3",
                                             dependency=["google/protobuf/any.proto"])
    msg = fdp.message_type.add(name="Status")
    fd = descriptor_pb2.FieldDescriptorProto
    msg.field.add(name="code", number=1, type=fd.TYPE_INT32, label=fd.LABEL_OPTIONAL)
    msg.field.add(name="message", number=2, type=fd.TYPE_STRING, label=fd.LABEL_OPTIONAL)
    msg.field.add(name="details", number=3, type=fd.TYPE_MESSAGE, label=fd.LABEL_REPEATED,
                  type_name=".google.protobuf.Any")
    pool = descriptor_pool.DescriptorPool()
    pool.AddSerializedFile(any_pb2.DESCRIPTOR.serialized_pb)
    pool.Add(fdp)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("google.rpc.Status"))


RpcStatus = _rpc_status_class()


def status_of(err: Refused) -> tuple[grpc.StatusCode, tuple[tuple[str, str | bytes], ...]]:
    code = _CODES.get(err.kind, grpc.StatusCode.INVALID_ARGUMENT)
    if err.kind == "conflict" and err.rule in ABORTED_RULES:
        code = grpc.StatusCode.ABORTED
    detail = skald_pb2.ErrorDetail(field=err.field, rule=err.rule, kind=err.kind,
                                   message=err.message)
    status = RpcStatus(code=code.value[0], message=err.message)
    packed = status.details.add()
    packed.type_url = f"type.googleapis.com/{proto_model.PACKAGE}.ErrorDetail"
    packed.value = detail.SerializeToString()
    return code, (("skald-field", err.field), ("skald-rule", err.rule),
                  ("grpc-status-details-bin", status.SerializeToString()))


def refusal(exc: BaseException) -> Refused | None:
    """The refusal an exception stands for, or None for a bug."""
    if isinstance(exc, Refused):
        return exc
    if isinstance(exc, DomainError):
        return Refused(exc.kind, exc.field, exc.rule, exc.message)
    if isinstance(exc, Problem):  # the input checks both transports make (``body_limits``)
        return Refused("invalid", exc.field, exc.rule, exc.detail)
    if isinstance(exc, SchemaError):
        return Refused("invalid", exc.field, exc.rule, exc.message)
    if isinstance(exc, msgspec.ValidationError):
        named = field_error({"message": str(exc), "source": "body"})
        return Refused("invalid", named["field"], "request.schema",
                       f"{named['field']}: {named['message']}")
    if isinstance(exc, DecodeError | UnicodeDecodeError):
        return Refused("invalid", "body", "request.protobuf", f"malformed message: {exc}")
    down = dependency_down(exc)
    if down is not None or isinstance(exc, TimeoutError):
        return Refused("unavailable", down or "service", "service.dependency-available",
                       f"{down or 'a dependency'} is not reachable right now; retry")
    return None
