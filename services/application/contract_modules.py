"""Where the wire contracts of the rulesets live: each ruleset's ``contracts`` module, its
registered event Structs, and a module's Struct by name. Read by the gRPC schema builder
(``services.entrypoints.grpc.proto_model``), the OpenAPI document and the ruleset guide."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import msgspec


def load_contracts() -> None:
    """Import every contract module so every ruleset has registered its payloads and events."""
    import contracts.rulesets

    for info in pkgutil.iter_modules(contracts.rulesets.__path__):
        importlib.import_module(f"contracts.rulesets.{info.name}")
    importlib.import_module("contracts.commands")
    importlib.import_module("contracts.events")


# Modules of a ruleset's contracts package first published as flat modules of
# ``contracts.rulesets`` (``boonbane_grabs``): each keeps that flat name on the wire, as the
# prefix of its messages (``BoonbaneGrabsGrab``) and its place among the ruleset modules.
FLAT_MODULES: dict[str, tuple[str, ...]] = {
    "boonbane": ("concentration", "events", "grabs", "minor", "movement", "overlays", "play",
                 "rests", "stealth", "weapons"),
}


def wire_module_name(module: str) -> str:
    """A contracts module's name on the wire: ``boonbane_grabs`` for
    ``contracts.rulesets.boonbane.grabs`` (see ``FLAT_MODULES``), else its ruleset's module
    (``wish`` for ``contracts.rulesets.wish.checks``)."""
    parts = module.split(".")
    if len(parts) >= 4 and parts[3] in FLAT_MODULES.get(parts[2], ()):
        return f"{parts[2]}_{parts[3]}"
    return parts[2]


def ruleset_modules() -> list[Any]:
    """Each ruleset's contracts module, then any ``FLAT_MODULES`` of it, in the order of their
    wire names."""
    import contracts.rulesets

    found: list[Any] = []
    for info in sorted(pkgutil.iter_modules(contracts.rulesets.__path__), key=lambda i: i.name):
        found.append(importlib.import_module(f"contracts.rulesets.{info.name}"))
        found.extend(importlib.import_module(f"contracts.rulesets.{info.name}.{name}")
                     for name in FLAT_MODULES.get(info.name, ()))
    return found


def ruleset_id(mod: Any) -> str:
    """A contracts module's ruleset id: its ``RULESET_ID`` (``golden-heroes``), else its wire
    name."""
    return str(getattr(mod, "RULESET_ID", wire_module_name(mod.__name__)))


def event_types() -> dict[str, type[msgspec.Struct]]:
    """Every event type with a Struct: the platform's and each ruleset module's ``EVENTS``."""
    from contracts.events import EVENT_TYPES

    out: dict[str, type[msgspec.Struct]] = dict(EVENT_TYPES)
    for mod in ruleset_modules():
        ruleset = ruleset_id(mod)
        declared = getattr(mod, "EVENTS", ())
        items = declared.items() if isinstance(declared, dict) else (
            (f"{ruleset}.{cls.__name__}", cls) for cls in declared)
        for tag, cls in items:
            out[tag] = cls
    return out


def ruleset_struct(ruleset: str, name: str) -> type[msgspec.Struct] | None:
    """A ruleset contract module's Struct by name (``OddsView``, ``EncounterState``)."""
    for mod in ruleset_modules():
        if ruleset_id(mod) == ruleset:
            found = getattr(mod, name, None)
            if found is None:
                found = _from_submodules(mod, name)
            return found
    return None


def _from_submodules(mod: Any, name: str) -> type[msgspec.Struct] | None:
    for info in pkgutil.iter_modules(getattr(mod, "__path__", [])):
        sub = importlib.import_module(f"{mod.__name__}.{info.name}")
        found = getattr(sub, name, None)
        if isinstance(found, type) and issubclass(found, msgspec.Struct):
            return found
    return None


def pascal(ruleset_id: str) -> str:
    """``golden-heroes`` -> ``GoldenHeroes``: the prefix of a ruleset's schema names."""
    return "".join(part[:1].upper() + part[1:] for part in ruleset_id.replace("_", "-").split("-"))
