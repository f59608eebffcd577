"""The OpenAPI document describes every event type, the live stream's frames and the
ruleset-shaped answers from the Structs the code uses (services/entrypoints/http/openapi_events.py,
openapi_rulesets.py)."""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec

from services.entrypoints.http.openapi_events import data_name, event_types
from services.entrypoints.http.openapi_rulesets import check_odds_types, encounter_types

REF = "#/components/schemas/"


@cache
def document() -> dict[str, Any]:
    from tests.openapi_compat import current_document

    return current_document()


def schemas() -> dict[str, Any]:
    found: dict[str, Any] = document()["components"]["schemas"]
    return found


def test_any_event_offers_every_registered_type_discriminated_by_type() -> None:
    union = schemas()["AnyEvent"]
    mapping = union["discriminator"]["mapping"]
    assert union["discriminator"]["propertyName"] == "type"
    assert set(mapping) == set(event_types()) and len(mapping) > 200
    assert sorted(v["$ref"] for v in union["oneOf"]) == sorted(mapping.values())
    for event_type, ref in mapping.items():
        envelope = schemas()[ref.removeprefix(REF)]
        assert envelope["properties"]["type"]["const"] == event_type
        assert envelope["properties"]["data"]["$ref"] == REF + data_name(event_type)
        assert set(envelope["required"]) >= {"type", "data", "position", "metadata"}


def test_each_event_data_schema_has_exactly_its_structs_fields() -> None:
    for event_type, cls in event_types().items():
        fields = {f.encode_name for f in msgspec.structs.fields(cls)}
        if "." not in event_type:  # a platform event's data carries its tag
            fields.add("type")
        data = schemas()[data_name(event_type)]
        assert set(data.get("properties", {})) == fields, event_type
        required = {f.encode_name for f in msgspec.structs.fields(cls) if f.required}
        assert set(data.get("required", [])) - {"type"} == required, event_type


def test_wish_data_schemas_are_named_for_the_ruleset_and_their_nested_structs_too() -> None:
    rolled = schemas()["WishCheckRolled"]
    assert rolled["properties"]["check"] == {"$ref": REF + "WishCheckRecord"}
    assert "WishInitiativeMoved" in schemas()
    assert set(schemas()["WishInitiativeMoved"]["properties"]) == {"from", "to", "cause"}


def test_the_live_streams_frames_are_described() -> None:
    (live,) = [op for item in document()["paths"].values() for op in item.values()
               if isinstance(op, dict) and op.get("operationId") == "streamLive"]
    schema = live["responses"]["200"]["content"]["text/event-stream"]["schema"]
    assert [v["$ref"] for v in schema["oneOf"]] == [REF + "LiveReady", REF + "AnyEvent",
                                                    REF + "LiveLagged"]
    # The lagged frame (the route sends a LiveLagged) is named in the frames' description too.
    lagged = schemas()["LiveLagged"]
    assert set(lagged["properties"]) == set(lagged["required"]) == {"after", "detail"}
    assert "`event: lagged`" in live["responses"]["200"]["description"]


def test_encounter_and_check_odds_are_unions_discriminated_by_ruleset() -> None:
    for component, types in (("Encounter", encounter_types()), ("CheckOdds", check_odds_types())):
        union = schemas()[component]
        assert union["discriminator"]["propertyName"] == "ruleset"
        mapping = union["discriminator"]["mapping"]
        assert set(mapping) == set(types) == {"wish", "potential", "golden-heroes", "boonbane"}
        for ruleset, ref in mapping.items():
            variant = schemas()[ref.removeprefix(REF)]
            assert variant["properties"]["ruleset"]["const"] == ruleset
            assert "ruleset" in variant["required"]
            fields = {f.encode_name for f in msgspec.structs.fields(types[ruleset])}
            assert set(variant["properties"]) == fields | {"ruleset"}, ref
    assert {r["$ref"] for r in schemas()["Encounter"]["oneOf"]} == {
        REF + "WishEncounter", REF + "GoldenHeroesEncounter", REF + "PotentialEncounter",
        REF + "BoonbaneEncounter"}
