"""Who may send a command: one authorization rule for every command of every ruleset.

Every character whose state a command changes or whose resources it spends is controlled by the
sender, or the sender is a GM of the campaign; an observer changes nothing; a non-member nothing.
Each command type declares, as data (an ``Authority``), who may send it and the kind of each of
its character-valued fields; ``authorize`` enforces the declaration once, for every ruleset,
before the ruleset decides.

Field paths name a payload's fields: ``character_id``; ``assisted_by[]`` (each item of a list);
``items[].character_id`` (a field of each Struct in a list); ``readiness{}`` (each key of a map);
``opposition.assisted_by[]`` (a field of a nested Struct).

Kinds of a character-valued field:

- ``acting``: the character who acts; the sender controls it.
- ``controlled``: its state changes or its resources are spent on its behalf; the sender
  controls it.
- ``target``: the subject of the acting character's action (an opponent attacked, a check
  re-rolled) as the seed allows; anyone acting may name it. ``rule`` cites the seed line.
- ``ally``: the seed lets the acting character act for it or help it (an ally's aid, a ward);
  anyone acting may name it. ``rule`` cites the seed line.
- ``created``: the id of the character the command creates; nobody controls it yet.

A ``ChosenBy`` marks a field that is not a character but is the choice of a character's
controller (the defender's resistance, the defender's side of a contest): when the payload gives
it (it differs from its default), the sender must control that character.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final, Literal

import msgspec
import msgspec.inspect as mi

from domain.errors import Forbidden

Kind = Literal["acting", "controlled", "target", "ally", "created"]
Sender = Literal["gm", "member"]
CONTROLLED: Final[frozenset[str]] = frozenset({"acting", "controlled"})
RULE_CONTROL: Final = "character.owner-only"
RULE_GM: Final = "campaign.gm-only"
RULE_OBSERVER: Final = "campaign.observer-reads-only"
RULE_MEMBER: Final = "campaign.member"


class CharacterField(msgspec.Struct, frozen=True, kw_only=True):
    """One character-valued field of a command and its kind (see the module docstring)."""

    path: str
    kind: Kind
    rule: str = ""  # the seed line that lets a target or an ally be named


class ChosenBy(msgspec.Struct, frozen=True, kw_only=True):
    """A field whose value is the choice of the controller of the character at ``by``."""

    path: str
    by: str
    rule: str


class Authority(msgspec.Struct, frozen=True, kw_only=True):
    """Who may send a command type, and the kind of each of its character-valued fields.

    ``sender`` is ``gm`` (only a GM of the campaign) or ``member`` (a player or GM acting for
    the characters the declaration names). ``rule`` says why a command is the GM's."""

    sender: Sender
    fields: tuple[CharacterField, ...] = ()
    chosen_by: tuple[ChosenBy, ...] = ()
    rule: str = ""

    @property
    def acting(self) -> str | None:
        """The acting character's field, if the command has one."""
        return next((f.path for f in self.fields if f.kind == "acting"), None)

    def paths(self) -> frozenset[str]:
        return frozenset(f.path for f in self.fields)


def gm(rule: str, *paths: str) -> Authority:
    """A GM's command (``rule`` says why); the characters it names are all the GM's to change."""
    return Authority(sender="gm", rule=rule,
                     fields=tuple(CharacterField(path=p, kind="controlled") for p in paths))


def gm_on(rule: str, *paths: str) -> Authority:
    """A GM's command on the character at ``character_id`` (and the others at ``paths``)."""
    return gm(rule, "character_id", *paths)


def acts(acting: str | None = "character_id", *, controlled: tuple[str, ...] = (),
         target: Mapping[str, str] | None = None, ally: Mapping[str, str] | None = None,
         chosen_by: tuple[ChosenBy, ...] = ()) -> Authority:
    """A member's command for ``acting``; ``target`` and ``ally`` map each path to its seed line."""
    fields = [CharacterField(path=acting, kind="acting")] if acting else []
    fields += [CharacterField(path=p, kind="controlled") for p in controlled]
    fields += [CharacterField(path=p, kind="target", rule=r) for p, r in (target or {}).items()]
    fields += [CharacterField(path=p, kind="ally", rule=r) for p, r in (ally or {}).items()]
    return Authority(sender="member", fields=tuple(fields), chosen_by=chosen_by)


# --------------------------------------------------------------------------- reading payloads


def values_at(payload: object, path: str) -> list[tuple[str, Any]]:
    """Each value at ``path`` in a payload with the field that holds it (``payload.bids[0]
    .character_id``); an absent (None) value is not listed."""
    found: list[tuple[str, Any]] = [("payload", payload)]
    for segment in path.split("."):
        name = segment.removesuffix("[]").removesuffix("{}")
        deeper: list[tuple[str, Any]] = []
        for where, holder in found:
            value = getattr(holder, name, None)
            if value is None:
                continue
            here = f"{where}.{name}"
            if segment.endswith("[]"):
                deeper += [(f"{here}[{i}]", item) for i, item in enumerate(value)]
            elif segment.endswith("{}"):
                deeper += [(f"{here}.{key}", key) for key in value]
            else:
                deeper.append((here, value))
        found = deeper
    return found


def character_ids(payload: object, authority: Authority,
                  kinds: frozenset[str] = CONTROLLED) -> list[str]:
    """The characters a payload names in fields of these kinds (and those whose controller
    chooses a field it gives), each once, in order."""
    out = [v for f in authority.fields if f.kind in kinds for _, v in values_at(payload, f.path)]
    out += [v for c in authority.chosen_by if _given(payload, c.path)
            for _, v in values_at(payload, c.by)]
    return list(dict.fromkeys(v for v in out if isinstance(v, str)))


def _given(payload: object, path: str) -> bool:
    """Whether the payload gives a field: it differs from the field's default."""
    holder_path, _, name = path.rpartition(".")
    holders = [h for _, h in values_at(payload, holder_path)] if holder_path else [payload]
    for holder in holders:
        if not isinstance(holder, msgspec.Struct):
            continue
        required, default = _default_of(type(holder), name)
        if required or getattr(holder, name) != default:
            return True
    return False


@functools.cache
def _default_of(cls: type[msgspec.Struct], name: str) -> tuple[bool, Any]:
    """Whether a Struct's field is required, and its default (read once per class: walking
    msgspec's type information costs about 0.2 ms, on every command that has such a field)."""
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    field = next(f for f in info.fields if f.name == name)
    default = field.default_factory() if field.default is msgspec.NODEFAULT else field.default
    return field.required, default


# --------------------------------------------------------------------------- the rule


Controls = Callable[[str], bool]


def authorize(authority: Authority, payload: object, role: str | None, controls: Controls) -> None:
    """The one rule: a member sends; an observer changes nothing; a GM command is a GM's; every
    acting or controlled character, and each character whose controller chooses a field the
    payload gives, is controlled by the sender (a GM controls every character).

    ``role`` is the sender's role in the campaign (None: not a member); ``controls(id)`` says
    whether the sender controls that character. Raises ``Forbidden`` naming the field."""
    if role is None:
        raise Forbidden("actor", RULE_MEMBER, "the sender is not a member of this campaign")
    if role == "observer":
        raise Forbidden("actor", RULE_OBSERVER, "an observer may only read")
    if authority.sender == "gm":
        if role != "gm":
            raise Forbidden("actor", RULE_GM, f"only a GM may send this command ({authority.rule})")
        return
    if role == "gm":
        return
    for field in authority.fields:
        if field.kind not in CONTROLLED:
            continue
        for where, value in values_at(payload, field.path):
            if isinstance(value, str) and not controls(value):
                raise Forbidden(where, RULE_CONTROL,
                                f"the sender does not control character {value!r} ({field.kind})")
    for chosen in authority.chosen_by:
        if not _given(payload, chosen.path):
            continue
        for _, value in values_at(payload, chosen.by):
            if isinstance(value, str) and not controls(value):
                raise Forbidden(f"payload.{chosen.path}", RULE_CONTROL,
                                f"{chosen.path} is chosen by the controller of {value!r} "
                                f"({chosen.rule})")


# --------------------------------------------------------------------------- coverage

# Leaf field names that never hold a character id, whichever command has them. Any other text
# field of a command (found by ``text_paths``) must be declared in the command's Authority.
NOT_CHARACTERS: Final[frozenset[str]] = frozenset({
    # ids of other things
    "campaign_id", "encounter_id", "combat_id", "check_id", "condition_id", "critical_id",
    "table_id",
    # what is used: skills, cards, devices, advantages, items, powers, weapons
    "skill", "specializations", "stunt", "stunts", "stunt_sfx", "sfx", "device", "source",
    "sources.source", "tags", "treat", "advantages", "advantage", "anticipate", "item", "items",
    "power", "choice", "weapon", "spell", "artifact", "effect", "aftereffect", "training",
    "refinement", "improvement", "what", "about", "activity", "fortune_recharge",
    "invigorated_stunt", "pinned_card", "lines.key", "lines.label", "picks", "talent", "origin",
    "archetype", "purchase.target", "purchase.specializations.name",
    "purchase.specializations.target", "purchase.sfx", "purchase.mode", "purchase.traits",
    "purchase.justification", "skills", "task_key", "action_key", "knowledge", "gate",
    # words: names, reasons, notes, kinds, bands
    "name", "reason", "note", "detail", "description", "focus", "kind", "purpose", "band",
    "trigger", "off_hand", "action", "interpretation",
    # users, not characters: who approved a combination (L21 of seed 003, a record)
    "approved_by", "user", "gms", "owner",
    # the platform's free-form parts: a ruleset's options, a sheet, a dice expression
    "ruleset", "options", "sheet", "expression", "label",
    # map values ("=") that are not characters: a participant's superteam, specializations
    "sides=", "specializations=",
})


def text_paths(payload_type: type[msgspec.Struct]) -> Iterator[str]:
    """Every text field of a payload type, nested ones too, as an ``Authority`` path: found by
    walking msgspec's type information (lists ``[]``, map keys ``{}``, nested Structs ``.``)."""
    yield from _walk(mi.type_info(payload_type), "", frozenset())


def _walk(info: mi.Type, path: str, seen: frozenset[type]) -> Iterator[str]:
    if isinstance(info, mi.StructType):
        if info.cls in seen:
            return
        for f in info.fields:
            yield from _walk(f.type, f"{path}.{f.name}" if path else f.name, seen | {info.cls})
    elif isinstance(info, (mi.ListType, mi.SetType, mi.FrozenSetType, mi.VarTupleType)):
        yield from _walk(info.item_type, f"{path}[]", seen)
    elif isinstance(info, mi.DictType):
        yield from _walk(info.key_type, f"{path}{{}}", seen)
        yield from _walk(info.value_type, f"{path}{{}}=", seen)
    elif isinstance(info, mi.UnionType):
        for t in info.types:
            yield from _walk(t, path, seen)
    elif isinstance(info, mi.StrType):
        yield path


def undeclared(payload_type: type[msgspec.Struct], authority: Authority) -> list[str]:
    """Text fields of a payload type that are neither declared nor known never to name a
    character (``NOT_CHARACTERS``): each must be declared (an empty list when covered)."""
    declared = authority.paths() | {c.path for c in authority.chosen_by}
    out = []
    for path in dict.fromkeys(text_paths(payload_type)):
        bare = path.replace("[]", "").replace("{}", "")  # "sides{}=" (a map's values): "sides="
        leaf = bare.rsplit(".", 1)[-1]
        if path in declared or leaf in NOT_CHARACTERS or bare in NOT_CHARACTERS:
            continue
        if bare.split(".", 1)[-1] in NOT_CHARACTERS:  # e.g. opposition.skill
            continue
        out.append(path)
    return out
