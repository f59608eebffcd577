"""The ruleset guide (``GET /v1/rulesets/{id}/guide``): every command of every ruleset and of
the platform in words, and ``sender`` held to what the deciders enforce: each command is sent,
as built from its own schema, by a player for their own character (refused iff ``sender`` is
``gm``), for another player's character (refused iff ``sender`` is ``controller``), and by an
observer (always refused). No I/O."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import msgspec.inspect as mi
import pytest

from contracts import events as e
from domain import campaign, character, decider
from domain.dice import ScriptedDice
from domain.errors import DomainError, Forbidden
from domain.rulesets import RULESETS
from services.application.ruleset_guide import guide
from tests.unit.platform_builders import CID, GM, OBSERVER, PLAYER, PLAYER2, ctx

RULESET_IDS = ["generic", "wish", "golden-heroes", "boonbane", "potential"]
GM_RULES = {"campaign.gm-only", "table.gm-only"}
OWNER_RULES = {"character.owner-only", "character.owner-or-gm"}
CAMEL = re.compile(r"\b[A-Z][a-z]+[A-Z][a-z]+")  # RollCheck, not "DoT"


def _value(info: mi.Type, name: str, who: str) -> Any:
    """The least value a field's type accepts: a character id for text, the lowest bound."""
    if isinstance(info, mi.Metadata):
        return _value(info.type, name, who)
    if isinstance(info, mi.StrType):
        if name == "campaign_id":
            return CID
        if name == "table_id":
            return "t1"
        return who if info.pattern is None else "x"
    if isinstance(info, mi.BoolType):
        return False
    if isinstance(info, mi.IntType):
        return max(1, info.ge or 0, (info.gt or 0) + 1)
    if isinstance(info, mi.FloatType):
        return 1.0
    if isinstance(info, mi.LiteralType):
        return info.values[0]
    if isinstance(info, (mi.ListType, mi.SetType, mi.FrozenSetType, mi.VarTupleType)):
        return [_value(info.item_type, name, who) for _ in range(info.min_length or 0)]
    if isinstance(info, mi.DictType):
        return {}
    if isinstance(info, mi.StructType):
        return {f.name: _value(f.type, f.name, who) for f in info.fields if f.required}
    if isinstance(info, mi.UnionType):
        return _value(next(t for t in info.types if not isinstance(t, mi.NoneType)), name, who)
    return None


def built(payload: type[msgspec.Struct], who: str, also: frozenset[str] = frozenset()
          ) -> msgspec.Struct:
    """A payload with only its required fields and ``also`` (the characters it acts for, if
    optional), every character in it ``who``."""
    info = mi.type_info(payload)
    assert isinstance(info, mi.StructType)
    raw = {f.name: _value(f.type, f.name, who) for f in info.fields
           if f.required or f.name in also}
    return msgspec.convert(raw, payload)


def _campaign(ruleset: str) -> campaign.CampaignState:
    state = campaign.initial_state()
    for event in (e.CampaignCreated(campaign_id=CID, name="S", ruleset=ruleset, options={},
                                    created_by=GM, seed_commitment="abc"),
                  e.MemberAdded(campaign_id=CID, user=PLAYER, role="player"),
                  e.MemberAdded(campaign_id=CID, user=PLAYER2, role="player"),
                  e.MemberAdded(campaign_id=CID, user=OBSERVER, role="observer"),
                  e.TableCreated(campaign_id=CID, table_id="t1", name="Main", gms=[GM])):
        state = campaign.evolve(state, event)
    return state


def _states(cmd: msgspec.Struct, ruleset: str, actor: str) -> dict[str, Any]:
    owners = {"hero": PLAYER, "ally": PLAYER2}
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


def refusal(cmd: msgspec.Struct, ruleset: str, actor: str) -> str | None:
    """The authorization rule that refuses ``cmd`` from ``actor``, if any refuses it."""
    try:
        decider.decide(cmd, _states(cmd, ruleset, actor), ctx(actor), ScriptedDice([1] * 200))
    except Forbidden as err:
        return err.rule
    except (DomainError, LookupError, TypeError, ValueError, AttributeError):
        return None  # past authorization: the decider judged the (least) payload itself
    return None


CASES = [(rid, c) for rid in RULESET_IDS[1:] for c in guide(rid).commands
         if c.scope == "ruleset"] + [("generic", c) for c in guide("generic").commands]


@pytest.mark.parametrize(("ruleset", "command"), CASES, ids=[c.type for _, c in CASES])
def test_sender_is_what_the_service_enforces(ruleset: str, command: Any) -> None:
    from contracts.commands import ENVELOPES

    payload = msgspec.structs.fields(ENVELOPES[command.type])
    payload_type = next(f.type for f in payload if f.name == "payload")
    acting = frozenset(f.name for f in command.fields
                       if f.character_kind in ("acting", "controlled") and "[" not in f.name)
    if command.sender == "anyone":  # creating a campaign: a signed-in user who is no member
        assert refusal(built(payload_type, "hero", acting), ruleset, "stranger") is None
        return
    own = refusal(built(payload_type, "hero", acting), ruleset, PLAYER)
    assert (own in GM_RULES) == (command.sender == "gm"), (command.type, own)
    others = refusal(built(payload_type, "ally", acting), ruleset, PLAYER)
    assert (others is not None) == (command.sender in ("gm", "controller")), (command.type, others)
    if command.sender == "controller":
        assert others in OWNER_RULES, (command.type, others)
    assert refusal(built(payload_type, "hero", acting), ruleset, OBSERVER) is not None, command.type
    assert refusal(built(payload_type, "hero", acting), ruleset, GM) not in GM_RULES | OWNER_RULES


def test_every_command_is_guided_once_with_its_schema() -> None:
    for rid in RULESET_IDS:
        g = guide(rid)
        ruleset = RULESETS[rid]
        types = [c.type for c in g.commands]
        assert len(types) == len(set(types))
        assert set(getattr(ruleset, "command_types", {})) <= set(types)
        assert {"CreateCampaign", "RollDice", "CreateCharacter"} <= set(types)
        for c in g.commands:
            assert c.label and not CAMEL.search(c.label), c.label  # words, not CamelCase
            assert c.help.endswith((".", "...")), (c.type, c.help)
            assert "$ref" in c.schema or c.schema.get("type") == "object"
            assert [f.name for f in c.fields] == [
                f.name for f in msgspec.structs.fields(
                    next(x.type for x in msgspec.structs.fields(
                        __import__("contracts.commands").commands.ENVELOPES[c.type])
                         if x.name == "payload"))]
        for label in g.events.values():
            assert label and not CAMEL.search(label), label


def test_words_for_a_wish_check_and_a_gm_command() -> None:
    g = {c.type: c for c in guide("wish").commands}
    check = g["wish.RollCheck"]
    assert (check.label, check.sender, check.scope) == ("Roll a check", "controller", "ruleset")
    fields = {f.name: f for f in check.fields}
    assert fields["character_id"].character_kind == "acting"
    assert fields["character_id"].required and not fields["target_id"].required
    assert fields["target_id"].character_kind == "target"
    assert fields["assisted_by"].character_kind == "ally"
    # the target's controller spends its Fortune (L220): not a character, its choice
    assert fields["opponent_fortune_points"].character_kind is None
    assert fields["opponent_fortune_points"].help.endswith(
        "Only the controller of the target (or a GM) may give it.")
    contest = {f.name: f for f in g["wish.ContestedCheck"].fields}
    assert contest["opposition"].character_kind is None  # a Struct; its assisted_by names them
    assert fields["difficulty"].help == "Challenge dice."  # the contract's field note
    award = g["wish.AwardExperience"]
    assert award.sender == "gm" and "L597" in award.rule
    assert g["AddMember"].scope == "platform" and g["AddMember"].sender == "gm"
    assert g["CreateCharacter"].sender == "member"
    assert {f.name: f.character_kind for f in g["CreateCharacter"].fields}["character_id"] \
        == "created"
    assert g["CreateCampaign"].sender == "anyone"


def test_sheet_generation_and_events() -> None:
    gh = guide("golden-heroes")
    assert gh.generation == "golden-heroes.GenerateCharacter"
    assert guide("wish").generation is None
    names = {f.name for f in guide("wish").sheet}
    assert {"characteristics", "skills"} <= names
    assert guide("wish").sheet_schema["$ref"].endswith("WishSheet")
    assert guide("generic").sheet == [] and guide("generic").sheet_schema == {"type": "object"}
    assert gh.events["DiceRolled"] == "Dice rolled"


def test_an_unknown_ruleset_is_not_found() -> None:
    with pytest.raises(DomainError) as caught:
        guide("chess")
    assert caught.value.rule == "ruleset.exists" and caught.value.kind == "not_found"


def test_names_and_docstrings_in_words() -> None:
    from domain.words import first_sentence, words

    assert words("SpendHeroPoints") == "Spend hero points"
    assert words("wish.DoTPlaced") == "DoT placed"
    assert words("target_id") == "Target" and words("downgrade_serendipity") == \
        "Downgrade serendipity"
    assert first_sentence("Aid by ``character_id`` to ``target_id``: smelling salts (L124), 2d6 "
                          "HTC once per recovery. More.") == \
        "Aid by the character to the target: smelling salts, 2d6 HTC once per recovery."
    assert first_sentence("L52: the free resist changes after retraining (digest P-30).") == \
        "The free resist changes after retraining."
    assert first_sentence(None) == ""


def test_sheet_maps_offer_the_rulebooks_names_for_their_keys() -> None:
    """WISH's six characteristics (L103-L133: "Strength, Agility, and Toughness ...
    Intelligence, Willpower, and Fellowship"), each required (a sheet missing one is refused);
    Golden Heroes' attributes rolled "in turn" (L3); a map the rules do not name stays free."""
    wish = guide("wish").sheet_schema["$defs"]["WishSheet"]["properties"]
    chars = wish["characteristics"]
    assert [(k["const"], k["title"]) for k in chars["propertyNames"]["oneOf"]] == [
        ("str", "Strength"), ("ag", "Agility"), ("to", "Toughness"), ("int", "Intelligence"),
        ("wp", "Willpower"), ("fel", "Fellowship")]
    assert chars["required"] == ["str", "ag", "to", "int", "wp", "fel"]
    assert "required" not in wish["maxima"] and len(wish["maxima"]["propertyNames"]["oneOf"]) == 6
    assert "propertyNames" not in wish["skills"]  # skills are named by the GM
    gh = guide("golden-heroes").sheet_schema["$defs"]["GoldenHeroesSheet"]["properties"]
    assert [k["const"] for k in gh["attributes"]["propertyNames"]["oneOf"]] == [
        "ego", "strength", "dexterity", "vigour"]
    boonbane = guide("boonbane").sheet_schema["$defs"]["BoonbaneSheet"]["properties"]
    assert "propertyNames" not in boonbane["weapons"]
