"""The ruleset-shaped answers in the OpenAPI document, each ruleset's part a named schema and
the whole a union discriminated by ``ruleset``:

* ``GET .../encounters/{id}``: ``Encounter`` is ``WishEncounter``, ``GoldenHeroesEncounter``,
  ``PotentialEncounter`` or ``BoonbaneEncounter`` (the ruleset's encounter state, and
  ``ruleset``);
* ``POST .../check-odds``: ``CheckOdds`` is ``WishCheckOdds``, ``PotentialCheckOdds``, ... (the
  ruleset's contracts ``CheckOdds``, which its ``check_odds`` returns, tagged ``ruleset``).
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.openapi.spec import Discriminator, OpenAPIType, Reference, Schema

from services.application.contract_modules import pascal, ruleset_struct
from services.entrypoints.http.openapi_events import add_struct_components

_REF = "#/components/schemas/"


def encounter_types() -> dict[str, type[msgspec.Struct]]:
    """Each ruleset's encounter state: what its encounter stream folds to (the read model keeps
    it as is), as its contract names it."""
    from contracts.rulesets import contracts

    return {c.id: c.encounter for c in contracts() if c.encounter is not None}


def check_odds_types() -> dict[str, type[msgspec.Struct]]:
    """Each ruleset's check-odds answer (its contracts ``CheckOdds``)."""
    from domain.rulesets import RULESETS
    from domain.rulesets.base import RulesetWithCheckOdds

    out: dict[str, type[msgspec.Struct]] = {}
    for ruleset in RULESETS.values():
        found = ruleset_struct(ruleset.id, "CheckOdds")
        if isinstance(ruleset, RulesetWithCheckOdds) and found is not None:
            out[ruleset.id] = found
    return out


def ruleset_union(doc: Any, component: str, suffix: str,
                  types: dict[str, type[msgspec.Struct]], description: str) -> None:
    """``component`` becomes the ``oneOf`` of each ruleset's ``<Ruleset><suffix>``,
    discriminated by ``ruleset``."""
    schemas: dict[str, Any] = doc.components.schemas
    refs: list[Reference | Schema] = []
    mapping: dict[str, str] = {}
    for ruleset_id, cls in sorted(types.items()):
        name = f"{pascal(ruleset_id)}{suffix}"
        add_struct_components(doc, {name: cls}, pascal(ruleset_id))
        variant: Schema = schemas[name]
        variant.properties = {
            "ruleset": Schema(type=OpenAPIType.STRING, const=ruleset_id,
                              description="the campaign's ruleset"),
            **{k: v for k, v in (variant.properties or {}).items() if k != "ruleset"}}
        variant.required = sorted({"ruleset", *(variant.required or [])})
        refs.append(Reference(ref=_REF + name))
        mapping[ruleset_id] = _REF + name
    schemas[component] = Schema(title=component, one_of=refs, description=description,
                                discriminator=Discriminator(property_name="ruleset",
                                                            mapping=mapping))


def type_ruleset_answers(doc: Any) -> None:
    """The encounter read and the check-odds answer, typed per ruleset."""
    ruleset_union(doc, "Encounter", "Encounter", encounter_types(),
                  "An encounter as its campaign's ruleset keeps it; `ruleset` says which.")
    ruleset_union(doc, "CheckOdds", "CheckOdds", check_odds_types(),
                  "The check as the campaign's ruleset would assemble it, and its exact odds "
                  "(`odds`); `ruleset` says which ruleset answered.")
    doc.components.schemas = dict(sorted(doc.components.schemas.items()))

