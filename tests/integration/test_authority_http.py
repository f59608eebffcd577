"""The one authorization rule over real HTTP, generated from the declarations: every command type
of every ruleset (and each platform command that names a character) x every role (GM, the
character's owner, another player, an observer, a non-member) x every character-valued field.

Payloads are built from each command's msgspec type information (the fewest fields that decode,
with each character field filled). Where the rule forbids, the answer is 403 and nothing is
appended (those commands go to a campaign where nothing else happens, whose log must not grow);
where it allows, the answer is anything but 403, and never a schema refusal (the payload reached
the decider)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec
import msgspec.inspect as mi

from bench.fuzz import SHEETS
from contracts.rulesets import potential as pot
from domain.authority import CONTROLLED, Authority
from domain.platform_authority import PLATFORM_AUTHORITY
from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithCommands
from tests.conftest import Api

# The character each field names in a case: BOB's, and each sender's own for the other fields.
OWN = {"ann": "gmc", "bob": "bobc", "carl": "carlc", "olga": "bobc", "eve": "bobc"}
ROLES = {"gm": "ann", "owner": "bob", "other": "carl", "observer": "olga", "non-member": "eve"}
# A value that gives each field a defender's controller chooses (its default is "not given").
CHOSEN: dict[str, Any] = {"opponent_fortune_points": 1}


def _minimal(info: mi.Type, path: str, fill: Callable[[str], str | None],
             wanted: Callable[[str], bool]) -> Any:
    """The fewest-fields value of a type that decodes; ``fill(path)`` names the character at a
    character path; a list or map holding one gets one entry."""
    if isinstance(info, mi.StructType):
        out = {}
        for f in info.fields:
            sub = f"{path}.{f.name}" if path else f.name
            if f.required or wanted(sub):
                out[f.name] = _minimal(f.type, sub, fill, wanted)
        return out
    if isinstance(info, mi.UnionType):
        typed = [t for t in info.types if not isinstance(t, mi.NoneType)]
        return _minimal(typed[0], path, fill, wanted)
    if isinstance(info, (mi.ListType, mi.SetType, mi.FrozenSetType, mi.VarTupleType)):
        count = max(info.min_length or 0, 1 if wanted(f"{path}[]") else 0)
        return [_minimal(info.item_type, f"{path}[]", fill, wanted) for _ in range(count)]
    if isinstance(info, mi.DictType):
        key = fill(f"{path}{{}}")
        if key is None:
            return {}
        return {key: _minimal(info.value_type, f"{path}{{}}=", fill, wanted)}
    if isinstance(info, mi.StrType):
        return fill(path) or "x" * max(info.min_length or 1, 1)
    if isinstance(info, mi.IntType):
        low = info.ge if info.ge is not None else (info.gt + 1 if info.gt is not None else 0)
        high = info.le if info.le is not None else (info.lt - 1 if info.lt is not None else low)
        return max(low, min(0, high)) if low <= 0 <= high else low
    if isinstance(info, mi.FloatType):
        return float(info.ge or 0)
    if isinstance(info, mi.BoolType):
        return False
    if isinstance(info, mi.LiteralType):
        return info.values[0]
    if isinstance(info, mi.EnumType):
        return next(iter(info.cls)).value
    return None


@dataclass
class Case:
    type_: str
    role: str
    field: str
    payload: dict[str, Any]
    forbidden: bool
    blame: str = ""  # the payload field a 403 names (a role's refusal names "actor")


def _payload(cls: type[msgspec.Struct], authority: Authority, sender: str, campaign: str,
             named: dict[str, str], chosen: str | None) -> dict[str, Any]:
    paths = authority.paths()

    def fill(path: str) -> str | None:
        return named.get(path, OWN[sender]) if path in paths else None

    def wanted(path: str) -> bool:  # only the field under test is filled beyond the required
        return any(p.startswith(path) for p in named) or path == chosen

    payload: dict[str, Any] = _minimal(mi.type_info(cls), "", fill, wanted)
    payload["campaign_id"] = campaign
    if chosen is not None:
        payload[chosen] = CHOSEN[chosen]
    return payload


def _required(cls: type[msgspec.Struct], name: str) -> bool:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    return any(f.name == name and f.required for f in info.fields)


def cases(type_: str, cls: type[msgspec.Struct], authority: Authority,
          campaigns: dict[bool, str]) -> list[Case]:
    """Every role x every character field (and each defender's choice) of one command type."""
    out = []
    given = {c.by: c.path for c in authority.chosen_by if _required(cls, c.path)}
    subjects: list[tuple[str, str | None]] = [(f.path, None) for f in authority.fields
                                              if f.kind != "created"]
    subjects += [(c.by, c.path) for c in authority.chosen_by]
    for path, chosen in subjects or [("", None)]:
        kind = next((f.kind for f in authority.fields if f.path == path), "")
        for role, sender in ROLES.items():
            if role in ("observer", "non-member"):
                forbidden = True
            elif role == "gm":
                forbidden = False
            elif authority.sender == "gm":
                forbidden = True
            elif role == "owner":
                forbidden = False
            else:  # another player names Bob's character in this field
                forbidden = kind in CONTROLLED or chosen is not None or path in given
            blame = path if kind in CONTROLLED else chosen or given.get(path, "")
            payload = _payload(cls, authority, sender, campaigns[forbidden],
                               {path: "bobc"} if path else {}, chosen)
            out.append(Case(type_, role, chosen or path, payload, forbidden, blame))
    return out


async def _campaign(api: Api, tokens: dict[str, str], ruleset: str, name: str) -> str:
    ann = tokens["ann"]
    cid = (await api.ok(ann, "CreateCampaign", {"name": name, "ruleset": ruleset,
                                                "campaign_id": name}))["campaign_id"]
    for user, role in (("bob", "player"), ("carl", "player"), ("olga", "observer")):
        await api.ok(ann, "AddMember", {"campaign_id": cid, "user": user, "role": role})
    await api.ok(ann, "CreateTable", {"campaign_id": cid, "name": "Main", "table_id": "x"})
    for user, char in (("ann", "gmc"), ("bob", "bobc"), ("carl", "carlc")):
        await api.ok(tokens[user], "CreateCharacter", {
            "campaign_id": cid, "character_id": char, "name": char, "sheet": SHEETS[ruleset]})
    return cid


async def _log_length(api: Api, token: str, cid: str) -> int:
    page = (await api.get(token, f"/v1/campaigns/{cid}/events", after=0, limit=1000)).json()
    return len(page["events"])


async def test_every_command_every_role_every_character_field(api: Api) -> None:
    tokens = {user: await api.token(user) for user in ROLES.values()}
    commands: list[tuple[str, str, type[msgspec.Struct], Authority]] = [
        ("generic", name.__name__, name, a) for name, a in PLATFORM_AUTHORITY.items()
        if any(f.kind != "created" for f in a.fields)]
    for ruleset in RULESETS.values():
        if isinstance(ruleset, RulesetWithCommands):
            commands += [(ruleset.id, tag, cls, ruleset.authority[cls])
                         for tag, cls in ruleset.command_types.items()]
    assert len(commands) >= 170  # every command type of every ruleset, and the platform's
    campaigns: dict[str, dict[bool, str]] = {}
    for rid in {r for r, *_ in commands}:
        campaigns[rid] = {ok: await _campaign(api, tokens, rid, f"{rid}-{'no' if ok else 'yes'}")
                          for ok in (True, False)}
    quiet = {rid: await _log_length(api, tokens["ann"], c[True]) for rid, c in campaigns.items()}
    sent = refused = 0
    wrong: list[str] = []
    for rid, type_, cls, authority in commands:
        for case in cases(type_, cls, authority, campaigns[rid]):
            response = await api.command(tokens[ROLES[case.role]], type_, case.payload)
            sent += 1
            body = response.json() if response.content else {}
            if case.forbidden:
                refused += 1
                if response.status_code != 403 or not _names(body, case):
                    wrong.append(f"{type_} {case.role} {case.field}: wanted 403, got "
                                 f"{response.status_code} {body}")
            elif response.status_code == 403 or response.status_code >= 500 \
                    or body.get("rule") == "request.schema":
                wrong.append(f"{type_} {case.role} {case.field}: allowed, got "
                             f"{response.status_code} {body}")
    assert wrong == [], "\n".join(wrong[:40])
    assert sent > 5 * len(commands) and refused > sent // 2
    for rid, c in campaigns.items():  # nothing was appended where the rule forbids
        assert await _log_length(api, tokens["ann"], c[True]) == quiet[rid], rid


def _names(body: dict[str, Any], case: Case) -> bool:
    """A 403 names the field and the rule it broke."""
    field, rule = body.get("field", ""), body.get("rule", "")
    if case.role in ("observer", "non-member") or rule == "campaign.gm-only":
        return field == "actor"
    return rule == "character.owner-only" and field.startswith("payload.") and \
        re.sub(r"\[\d+\]", "[]", field.removeprefix("payload.")) == case.blame


def test_the_generated_payloads_decode() -> None:
    """The generator's payloads are valid commands (else the HTTP cases would test the schema)."""
    auth = RULESETS["potential"]
    assert isinstance(auth, RulesetWithCommands)
    made = cases("potential.Resist", pot.Resist, auth.authority[pot.Resist],
                 {True: "c", False: "c"})
    [answer] = [c for c in made if c.field == "character_id" and c.role == "other"]
    cmd = msgspec.convert(answer.payload, pot.Resist)
    assert cmd.character_id == "bobc" and cmd.attacker_id == "carlc" and answer.forbidden


async def test_the_holes_the_audit_found_are_closed(api: Api) -> None:
    """Issue 22: a player decided for another player's character (seed 003 L37, L50; seed 000
    L220, L382-388). Each is refused naming the field, and nothing is appended."""
    tokens = {user: await api.token(user) for user in ROLES.values()}
    bob = tokens["bob"]
    pid = await _campaign(api, tokens, "potential", "holes-potential")
    wid = await _campaign(api, tokens, "wish", "holes-wish")
    before = {c: await _log_length(api, tokens["ann"], c) for c in (pid, wid)}
    attack = {"campaign_id": pid, "character_id": "bobc", "target_id": "gmc", "focus": "cut",
              "advantages": ["sword"]}
    check = {"campaign_id": wid, "character_id": "bobc", "skill": "Athletics"}
    holes = [
        # the defender answers an attack for itself (L50)
        ("potential.Resist", {"campaign_id": pid, "character_id": "gmc",
                              "attacker_id": "bobc", "decline": True}, "payload.character_id"),
        ("potential.Resist", {"campaign_id": pid, "character_id": "carlc",
                              "attacker_id": "bobc", "free_resist": True},
         "payload.character_id"),
        # a bid spends the bidder's own potential (L37)
        ("potential.SeizeInitiative", {"campaign_id": pid, "character_id": "carlc",
                                       "tokens": 2}, "payload.character_id"),
        # assisting is the assistant's own maneuver (L382-388)
        ("wish.TakeManeuver", {"campaign_id": wid, "character_id": "carlc", "kind": "assist",
                               "ally_id": "bobc"}, "payload.character_id"),
        # the target spends its own Fortune on the attacker's pool (L220)
        ("wish.Attack", {**check, "target_id": "gmc", "opponent_fortune_points": 1},
         "payload.opponent_fortune_points"),
    ]
    for type_, payload, field in holes:
        response = await api.command(bob, type_, payload)
        assert response.status_code == 403, response.text
        assert (response.json()["field"], response.json()["rule"]) == (field,
                                                                        "character.owner-only")
    for c, n in before.items():
        assert await _log_length(api, tokens["ann"], c) == n
    # attacking the GM's character is Bob's own action (L49): it is declared and waits
    declared = await api.command(bob, "potential.Attack", attack)
    assert declared.status_code == 200, declared.text
