"""The one authorization rule (domain.authority): every command type of every ruleset declares
who may send it and the kind of each character it names, and the declarations cover every
character-valued field, found by walking msgspec's type information. No I/O."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest

from contracts import commands as pc
from contracts import events as e
from contracts.rulesets import potential as pot
from contracts.rulesets import wish as w
from domain import campaign, character, decider
from domain.authority import (
    Authority,
    CharacterField,
    ChosenBy,
    acts,
    authorize,
    text_paths,
    undeclared,
    values_at,
)
from domain.dice import ScriptedDice
from domain.errors import DomainError, Forbidden
from domain.platform_authority import PLATFORM_AUTHORITY
from domain.rulesets import RULESETS
from domain.rulesets.base import RulesetWithCommands
from domain.rulesets.wish import WISH
from tests.unit.platform_builders import CID, GM, OBSERVER, PLAYER, PLAYER2, STRANGER, added, ctx

COMMAND_RULESETS = [r for r in RULESETS.values() if isinstance(r, RulesetWithCommands)]
ALL = [(f"{tag}", cls, r.authority.get(cls)) for r in COMMAND_RULESETS
       for tag, cls in r.command_types.items()]
# Commands the GM sends though the ruleset's gm_commands do not list them: each one's contract
# says the GM does it (see the declarations' lines).
GM_BY_DECLARATION = {"wish.RallyStep", "wish.SetSeparation"}
CITED = re.compile(r"\bL\d+|digest [A-Z]-\d+")


def test_every_ruleset_with_commands_declares_authority_for_each_command() -> None:
    assert {r.id for r in COMMAND_RULESETS} == {"wish", "boonbane", "golden-heroes", "potential"}
    assert len(ALL) >= 165
    missing = [tag for tag, _, a in ALL if a is None]
    assert missing == []
    for r in COMMAND_RULESETS:  # nothing declared for a type the ruleset does not decide
        assert set(r.authority) == set(r.command_types.values()), r.id


@pytest.mark.parametrize(("tag", "cls", "authority"), ALL, ids=[t for t, _, _ in ALL])
def test_every_character_valued_field_is_declared(tag: str, cls: type[msgspec.Struct],
                                                  authority: Authority) -> None:
    assert undeclared(cls, authority) == []
    paths = set(text_paths(cls))
    for f in authority.fields:  # each declared path is a text field of the command
        assert f.path in paths, f"{tag}: {f.path} is not a field"
        if f.kind in ("target", "ally"):
            assert CITED.search(f.rule), f"{tag}: {f.path} cites no seed line"
    for c in authority.chosen_by:
        assert c.by in authority.paths() and CITED.search(c.rule), tag
        assert c.path.split(".")[0] in cls.__struct_fields__, tag
    assert sum(f.kind == "acting" for f in authority.fields) <= 1
    if authority.sender == "gm":
        assert CITED.search(authority.rule), f"{tag}: a GM command cites why"


def test_gm_commands_agree_with_the_declarations() -> None:
    for r in COMMAND_RULESETS:
        for tag, cls in r.command_types.items():
            declared_gm = r.authority[cls].sender == "gm"
            if cls in r.gm_commands:
                assert declared_gm, tag
            else:
                assert declared_gm == (tag in GM_BY_DECLARATION), tag


def test_platform_commands_that_name_characters_are_declared() -> None:
    for name, cls in pc.COMMAND_PAYLOADS.items():
        authority = PLATFORM_AUTHORITY.get(cls, Authority(sender="member"))
        assert undeclared(cls, authority) == [], name
    assert PLATFORM_AUTHORITY[pc.RollDice].acting == "character_id"


def test_a_new_field_naming_a_character_is_caught() -> None:
    class Shove(msgspec.Struct):
        campaign_id: str
        character_id: str
        victims: list[str]
        helpers: dict[str, int]

    assert undeclared(Shove, acts()) == ["victims[]", "helpers{}"]
    assert undeclared(Shove, acts(target={"victims[]": "L1"}, ally={"helpers{}": "L2"})) == []


class _Bid(msgspec.Struct, kw_only=True):
    character_id: str
    tokens: int


class _Auction(msgspec.Struct, kw_only=True):
    bids: list[_Bid]


def test_paths_reach_lists_maps_and_structs_in_lists() -> None:
    cmd = _Auction(bids=[_Bid(character_id="a", tokens=1), _Bid(character_id="b", tokens=2)])
    assert values_at(cmd, "bids[].character_id") == [("payload.bids[0].character_id", "a"),
                                                     ("payload.bids[1].character_id", "b")]
    start = pot.StartCombat(campaign_id=CID, participants=["x"], readiness={"x": 1, "y": 0})
    assert values_at(start, "readiness{}") == [("payload.readiness.x", "x"),
                                               ("payload.readiness.y", "y")]
    check = w.ContestedCheck(campaign_id=CID, character_id="a", target_id="d",
                             opposition=w.CheckSpec(assisted_by=["q"]))
    assert values_at(check, "opposition.assisted_by[]") == [
        ("payload.opposition.assisted_by[0]", "q")]
    assert values_at(check, "encounter_id") == []  # absent: nothing to check


RULE = Authority(sender="member", fields=(
    CharacterField(path="character_id", kind="acting"),
    CharacterField(path="helpers[]", kind="controlled"),
    CharacterField(path="target_id", kind="target", rule="L1"),
    CharacterField(path="ally_id", kind="ally", rule="L2")),
    chosen_by=(ChosenBy(path="defence", by="target_id", rule="L3"),))


class Act(msgspec.Struct, kw_only=True):
    character_id: str
    helpers: list[str] = []
    target_id: str
    ally_id: str = ""
    defence: str | None = None


OWNERS = {"mine": PLAYER, "theirs": PLAYER2, "npc": GM}


def _check(payload: Act, role: str | None, actor: str = PLAYER) -> DomainError | None:
    try:
        authorize(RULE, payload, role, lambda cid: OWNERS.get(cid) == actor)
    except DomainError as err:
        return err
    return None


def test_each_kind_of_field_under_each_role() -> None:
    own = Act(character_id="mine", helpers=["mine"], target_id="npc", ally_id="theirs")
    assert _check(own, "player") is None  # a target and an ally are named freely
    assert _check(own, "gm", GM) is None
    for role, rule in ((None, "campaign.member"), ("observer", "campaign.observer-reads-only")):
        err = _check(own, role, STRANGER if role is None else OBSERVER)
        assert isinstance(err, Forbidden) and (err.field, err.rule) == ("actor", rule)
    cases = [(Act(character_id="theirs", target_id="npc"), "payload.character_id"),
             (Act(character_id="mine", helpers=["mine", "npc"], target_id="npc"),
              "payload.helpers[1]"),
             (Act(character_id="mine", target_id="npc", defence="dodge"), "payload.defence"),
             (Act(character_id="ghost", target_id="npc"), "payload.character_id")]
    for payload, field in cases:
        err = _check(payload, "player")
        assert isinstance(err, Forbidden), payload
        assert (err.field, err.rule) == (field, "character.owner-only")
        assert _check(payload, "gm", GM) is None  # a GM controls every character
    # the defender's controller chooses its defence
    assert _check(Act(character_id="mine", target_id="theirs", defence="dodge"), "player",
                  PLAYER2) is not None  # PLAYER2 does not control "mine"
    assert _check(Act(character_id="theirs", target_id="theirs", defence="x"), "player",
                  PLAYER2) is None


def test_a_gm_command_is_refused_to_players() -> None:
    gm_only = Authority(sender="gm", rule="L1")
    err = None
    try:
        authorize(gm_only, Act(character_id="mine", target_id="x"), "player", lambda _: True)
    except Forbidden as caught:
        err = caught
    assert err is not None and err.rule == "campaign.gm-only"


# --------------------------------------------------------------------------- through the decider


def _campaign(ruleset: str) -> campaign.CampaignState:
    state = campaign.initial_state()
    for event in (e.CampaignCreated(campaign_id=CID, name="S", ruleset=ruleset, options={},
                                    created_by=GM, seed_commitment="abc"),
                  added(PLAYER, "player"), added(PLAYER2, "player"), added(OBSERVER, "observer")):
        state = campaign.evolve(state, event)
    return state


def _states(cmd: msgspec.Struct, ruleset: str, actor: str) -> dict[str, Any]:
    owners = {"hero": PLAYER, "ally": PLAYER2, "foe": GM}
    states: dict[str, Any] = {}
    for stream in decider.streams_for(cmd, ctx(actor)):
        if stream.startswith("campaign/"):
            states[stream] = _campaign(ruleset)
        elif stream.startswith("character/"):
            cid = stream.rsplit("/", 1)[1]
            states[stream] = character.evolve(character.initial_state(), e.CharacterCreated(
                campaign_id=CID, character_id=cid, owner=owners.get(cid, GM), name=cid,
                sheet={}))
        else:
            states[stream] = None
    return states


def _refusal(cmd: msgspec.Struct, ruleset: str, actor: str = PLAYER) -> DomainError | None:
    try:
        decider.decide(cmd, _states(cmd, ruleset, actor), ctx(actor), ScriptedDice([1] * 50))
    except DomainError as err:
        return err
    return None


def test_the_known_holes_are_closed() -> None:
    """Issue 22: a player spent another player's character (seed 003 L37, L50; seed 000
    L220, L382-388)."""
    holes = [
        # the defender answers an attack for itself (L50): not the attacker's player
        (pot.Resist(campaign_id=CID, character_id="foe", attacker_id="hero"), "potential",
         "payload.character_id"),
        (pot.Resist(campaign_id=CID, character_id="ally", attacker_id="hero",
                    advantages=["dodge"]), "potential", "payload.character_id"),
        # a bid spends the bidder's own potential (L37)
        (pot.SeizeInitiative(campaign_id=CID, character_id="ally", tokens=2), "potential",
         "payload.character_id"),
        # assisting is the assistant's own maneuver (L382-388): not another player's
        (w.TakeManeuver(campaign_id=CID, character_id="ally", kind="assist", ally_id="hero"),
         "wish", "payload.character_id"),
        # the target spends its own Fortune on the attacker's pool (L220)
        (w.Attack(campaign_id=CID, character_id="hero", target_id="foe",
                  opponent_fortune_points=1), "wish", "payload.opponent_fortune_points"),
        (w.RollCheck(campaign_id=CID, character_id="hero", skill="Athletics", target_id="ally",
                     opponent_fortune_points=2), "wish", "payload.opponent_fortune_points"),
    ]
    for cmd, ruleset, field in holes:
        err = _refusal(cmd, ruleset)
        assert isinstance(err, Forbidden), cmd
        assert (err.field, err.rule) == (field, "character.owner-only")
        # a GM controls every character: the ruleset decides
        authorize(decider.authority_of(cmd), cmd, "gm", lambda _: False)


def test_an_attack_on_anothers_character_stands() -> None:
    """Attacking is the attacker's own action (L49); the target answers it (L50)."""
    attack = pot.Attack(campaign_id=CID, character_id="hero", target_id="foe", focus="cut")
    assert not isinstance(_refusal(attack, "potential"), Forbidden)


def test_a_command_type_without_a_declaration_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    cmd = w.ShiftStance(campaign_id=CID, character_id="hero", steps=1)
    monkeypatch.delitem(WISH.authority, w.ShiftStance)  # type: ignore[attr-defined]
    err = _refusal(cmd, "wish", GM)
    assert isinstance(err, Forbidden) and err.rule == "command.authority-declared"
