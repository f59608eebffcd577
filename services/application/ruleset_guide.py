"""A ruleset's guide (``GET /v1/rulesets/{ruleset_id}/guide``): its commands and the platform's
in words, who may send each (read from the same ``Authority`` declarations the service
enforces), the JSON schema a form is built from, its sheet's fields and its events' labels.

Built once per ruleset and kept: it depends on the code alone."""

from __future__ import annotations

import functools
import inspect
import re
from typing import Any

import msgspec
import msgspec.inspect as mi

from contracts.commands import COMMAND_PAYLOADS
from contracts.events import EVENT_TYPES
from contracts.guide import CharacterKind, CommandGuide, FieldGuide, RulesetGuide, Sender
from domain import guide_words
from domain.authority import CONTROLLED, Authority
from domain.errors import NotFound
from domain.narration import event_label, event_types_of
from domain.platform_authority import ANYONE, CAMPAIGN_AUTHORITY, PLATFORM_AUTHORITY
from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithCommands
from domain.sheet_keys import REQUIRED, sheet_keys
from domain.words import first_sentence, words

# A ruleset's own character generation, where it has one (seed 002 L3-L30).
GENERATION: dict[str, str] = {"golden-heroes": "golden-heroes.GenerateCharacter"}
_COMMENT = re.compile(r"^\s+(\w+)\s*:[^#\n]*#\s*(.+)$", re.MULTILINE)


def sender_of(authority: Authority | None, payload: type[msgspec.Struct]) -> Sender:
    """Who may send a command, from its declared authority: ``gm``; ``controller`` when it acts
    for characters the sender must control (or a field a character's controller chooses);
    ``member`` otherwise; ``anyone`` for creating a campaign."""
    if payload in ANYONE:
        return "anyone"
    if authority is None:
        return "gm"  # undeclared: refused to everyone (decider.authority_of), a GM included
    if authority.sender == "gm":
        return "gm"
    if authority.chosen_by or any(f.kind in CONTROLLED for f in authority.fields):
        return "controller"
    return "member"


@functools.cache
def _comments(cls: type) -> dict[str, str]:
    """Trailing comments on a Struct's field lines (the contracts' field notes), by field."""
    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not isinstance(klass, type) or not issubclass(klass, msgspec.Struct) \
                or klass is msgspec.Struct:
            continue
        try:
            source = inspect.getsource(klass)
        except (OSError, TypeError):
            continue
        for name, note in _COMMENT.findall(source):
            out[name] = first_sentence(note)
    return out


def field_guides(payload: type[msgspec.Struct], authority: Authority | None = None
                 ) -> list[FieldGuide]:
    """The top-level fields of a payload or sheet Struct, in words."""
    info = mi.type_info(payload)
    assert isinstance(info, mi.StructType)
    kinds: dict[str, CharacterKind] = {}
    for declared in authority.fields if authority else ():
        if "." not in declared.path:  # the field itself names characters (one, a list, a map)
            kinds.setdefault(declared.path.removesuffix("[]").removesuffix("{}"), declared.kind)
    chosen = {c.path: c.by for c in authority.chosen_by} if authority else {}
    notes = _comments(payload)
    out = []
    for f in info.fields:
        kind = kinds.get(f.name)
        help_ = notes.get(f.name) or (guide_words.KINDS[kind] if kind else "") \
            or guide_words.FIELDS.get(f.name, "")
        if f.name in chosen:  # the choice of another character's controller
            help_ = f"{help_} Only the controller of the {words(chosen[f.name]).lower()} (or a " \
                    f"GM) may give it.".strip()
        out.append(FieldGuide(name=f.name, label=words(f.name), help=help_,
                              required=f.required, character_kind=kind))
    return out


def command_guide(tag: str, payload: type[msgspec.Struct], authority: Authority | None,
                  scope: str) -> CommandGuide:
    label, help_ = guide_words.COMMANDS.get(tag, ("", ""))
    return CommandGuide(
        type=tag, label=label or words(tag), help=help_ or first_sentence(payload.__doc__),
        sender=sender_of(authority, payload), scope="platform" if scope == "platform" else "ruleset",
        fields=field_guides(payload, authority), schema=msgspec.json.schema(payload),
        rule=authority.rule if authority is not None and authority.sender == "gm" else "")


def _platform_commands() -> list[CommandGuide]:
    out = []
    for tag, payload in COMMAND_PAYLOADS.items():
        authority = PLATFORM_AUTHORITY.get(payload) or CAMPAIGN_AUTHORITY.get(payload)
        out.append(command_guide(tag, payload, authority, "platform"))
    return out


def _sheet_struct(ruleset_id: str) -> type[msgspec.Struct] | None:
    from services.application.contract_modules import pascal, ruleset_struct

    return ruleset_struct(ruleset_id, f"{pascal(ruleset_id)}Sheet")


def sheet_schema(ruleset_id: str, sheet: type[msgspec.Struct]) -> dict[str, Any]:
    """The sheet's JSON schema, each map whose keys the rules name given them: ``propertyNames``
    as a ``oneOf`` of ``const`` key and ``title`` (its name in the rulebook's words), and
    ``required`` when every one must be given."""
    schema = msgspec.json.schema(sheet)
    props = schema.get("$defs", {}).get(sheet.__name__, {}).get("properties", {})
    for name, keys in sheet_keys(ruleset_id).items():
        if name not in props:
            continue
        props[name]["propertyNames"] = {"oneOf": [{"const": k, "title": t} for k, t in keys]}
        if name in REQUIRED.get(ruleset_id, ()):
            props[name]["required"] = [k for k, _ in keys]
    return schema


@functools.cache
def guide(ruleset_id: str) -> RulesetGuide:
    """The guide of one ruleset (404 naming the known ids when there is none)."""
    ruleset = RULESETS.get(ruleset_id)
    if ruleset is None:
        raise NotFound("ruleset_id", "ruleset.exists",
                       f"unknown ruleset {ruleset_id!r}; known: {', '.join(sorted(RULESETS))}")
    commands = _platform_commands()
    if isinstance(ruleset, RulesetWithCommands):
        commands += [command_guide(tag, payload, ruleset.authority.get(payload), "ruleset")
                     for tag, payload in ruleset.command_types.items()]
    sheet = _sheet_struct(ruleset_id)
    types = [*EVENT_TYPES, *event_types_of(ruleset_id)]
    return RulesetGuide(
        id=ruleset.id, title=ruleset.title, commands=commands,
        sheet=field_guides(sheet) if sheet is not None else [],
        sheet_schema=sheet_schema(ruleset_id, sheet) if sheet is not None else {"type": "object"},
        generation=GENERATION.get(ruleset_id),
        events={t: event_label(t) for t in dict.fromkeys(types)})


def guide_body(ruleset_id: str) -> dict[str, Any]:
    """The guide as plain data (what the HTTP route returns)."""
    result: dict[str, Any] = msgspec.to_builtins(guide(ruleset_id))
    return result
