"""Deciding the grab family (Grab L175-L181, Escape L164-L167, Pull L209-L212, letting go L295)
and the maneuvers (Knock Down L191-L195, Shove L228-L232, Disarm L152-L156). Each is the turn's action (or the
round's triggered action) in an encounter, an attack roll through the ordinary roll pipeline,
then what its success does. Each returns (character id or None, event)."""

from __future__ import annotations

from collections.abc import Sequence

from contracts.rulesets.boonbane import (
    Against,
    AttackRoll,
    Attribute,
    OnSuccess,
    SourceLine,
)
from contracts.rulesets.boonbane import grabs as g
from domain.dice import Dice
from domain.errors import DomainError, StateConflict
from domain.rulesets.boonbane import decide_rolls, grabs, turns
from domain.rulesets.boonbane.decide_play import Decided, Load, spend
from domain.rulesets.boonbane.options import BoonbaneOptions
from domain.rulesets.boonbane.state import BoonbaneEncounter

Action = g.Grab | g.Escape | g.Pull | g.KnockDown | g.Shove | g.Disarm


def _start(cmd: Action, enc: BoonbaneEncounter | None, load: Load, name: str, rule: str
           ) -> Decided:
    """The checks every one of these actions shares, then the action it spends."""
    if cmd.target_id == cmd.character_id:
        raise DomainError("target_id", rule, f"{name} needs another creature")
    state = turns.load(enc)
    if cmd.target_id not in state.sides:
        raise StateConflict("target_id", "boonbane.encounter L117",
                            f"{cmd.target_id!r} is not in this encounter")
    load(cmd.target_id, "target_id")
    return spend(cmd.encounter_id, enc, load(cmd.character_id, "character_id"), cmd.character_id,
                 cmd.use, name)


def _attack(cmd: Action, load: Load, dice: Dice, opts: BoonbaneOptions, *, attribute: Attribute,
            against: Against, on_success: OnSuccess, extra: Sequence[SourceLine] = (),
            charm_check: bool = True) -> Decided:
    """The action's attack roll, recording what its success does (applied by ``success``, for
    the dice's success or Fortune's alike, L45)."""
    roll = AttackRoll(campaign_id=cmd.campaign_id, character_id=cmd.character_id,
                      target_id=cmd.target_id, attribute=attribute, against=against,
                      encounter_id=cmd.encounter_id, use=cmd.use,
                      charge=bool(getattr(cmd, "charge", False)))
    return list(decide_rolls.decide(roll, load, dice, opts, extra=extra, charm_check=charm_check,
                                    on_success=[on_success]))


def grab(cmd: g.Grab, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
         opts: BoonbaneOptions) -> Decided:
    """Grab (L175-L181): not while grabbing another creature (L177); a Str or Agi attack roll
    against the target's Agi (L178); the creature already grabbed is grabbed again with no roll
    (L179); on a success the target is grabbed until the end of the next round (L180)."""
    out = _start(cmd, enc, load, "Grab", "boonbane.grab L178")
    actor = load(cmd.character_id, "character_id")
    others = [t for t in grabs.holds(actor) if t != cmd.target_id]
    if others:
        raise StateConflict("target_id", "boonbane.grab L177",
                            f"already grabbing {others[0]!r}: one grab at a time")
    until = turns.load(enc).round + 1
    if cmd.character_id in grabs.grabbed_by(load(cmd.target_id, "target_id")):
        return [*out, *grabs.started(cmd.character_id, cmd.target_id, until, renewed=True)]
    return [*out, *_attack(cmd, load, dice, opts, attribute=cmd.attribute, against="agility",
                           on_success=OnSuccess(action="grab", target_id=cmd.target_id,
                                                until_round=until))]


def escape(cmd: g.Escape, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
           opts: BoonbaneOptions) -> Decided:
    """Escape (L164-L167): a Str or Agi attack roll against the grabber's Str; on a success the
    grab ends and the creature may move half its Speed without free attacks. A grabber that can
    no longer use actions has already let go (L181): the grab ends with no roll."""
    actor = load(cmd.character_id, "character_id")
    if cmd.target_id not in grabs.grabbed_by(actor):
        raise StateConflict("target_id", "boonbane.escape L166",
                            f"{cmd.character_id!r} is not grabbed by {cmd.target_id!r}")
    if not grabs.holding(load(cmd.target_id, "target_id"), cmd.character_id):
        return list(grabs.ended(cmd.target_id, cmd.character_id,
                                "the grabber cannot use actions L181"))
    out = _start(cmd, enc, load, "Escape", "boonbane.escape L166")
    return [*out, *_attack(cmd, load, dice, opts, attribute=cmd.attribute, against="strength",
                           charm_check=False,
                           on_success=OnSuccess(action="escape", target_id=cmd.target_id))]


def pull(cmd: g.Pull, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
         opts: BoonbaneOptions) -> Decided:
    """Pull (L209-L212): a Str attack roll against the Str of a smaller creature one is grabbing;
    on a success the puller moves up to half its Speed taking the target with it."""
    actor = load(cmd.character_id, "character_id")
    target = load(cmd.target_id, "target_id")
    if not (grabs.holding(actor, cmd.target_id)
            and cmd.character_id in grabs.grabbed_by(target)):
        raise StateConflict("target_id", "boonbane.pull L210",
                            f"{cmd.character_id!r} is not grabbing {cmd.target_id!r}")
    if not target.size < actor.size:
        raise StateConflict("target_id", "boonbane.pull L210",
                            f"only a smaller creature is pulled: Size {target.size} is not "
                            f"smaller than {actor.size}")
    out = _start(cmd, enc, load, "Pull", "boonbane.pull L210")
    return [*out, *_attack(cmd, load, dice, opts, attribute="strength", against="strength",
                           on_success=OnSuccess(action="pull", target_id=cmd.target_id))]


def release(cmd: g.ReleaseGrab, load: Load) -> Decided:
    """The grabber ends its grab (L295)."""
    if cmd.target_id not in grabs.holds(load(cmd.character_id, "character_id")):
        raise StateConflict("target_id", "boonbane.grab L295",
                            f"{cmd.character_id!r} is not grabbing {cmd.target_id!r}")
    load(cmd.target_id, "target_id")
    return list(grabs.ended(cmd.character_id, cmd.target_id, "released L295"))


def knock_down(cmd: g.KnockDown, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
               opts: BoonbaneOptions) -> Decided:
    """Knock Down (L191-L195): a Str attack roll against the target's Agi with the size boons or
    banes (L194); on a success the target falls prone."""
    out = _start(cmd, enc, load, "KnockDown", "boonbane.knock-down L193")
    actor, target = load(cmd.character_id, "character_id"), load(cmd.target_id, "target_id")
    size = grabs.size_source(actor, target, "L194", opts.size_difference_mode)
    return [*out, *_attack(cmd, load, dice, opts, attribute="strength", against="agility",
                           extra=[size] if size else [],
                           on_success=OnSuccess(action="knock_down", target_id=cmd.target_id))]


def shove(cmd: g.Shove, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
          opts: BoonbaneOptions) -> Decided:
    """Shove (L228-L232): a Str attack roll against the target's Str with the size boons or
    banes (L231); on a success the target is moved 1 + the Str modifier yards, minimum 1."""
    out = _start(cmd, enc, load, "Shove", "boonbane.shove L230")
    actor, target = load(cmd.character_id, "character_id"), load(cmd.target_id, "target_id")
    size = grabs.size_source(actor, target, "L231", opts.size_difference_mode)
    return [*out, *_attack(cmd, load, dice, opts, attribute="strength", against="strength",
                           extra=[size] if size else [],
                           on_success=OnSuccess(action="shove", target_id=cmd.target_id))]


def disarm(cmd: g.Disarm, enc: BoonbaneEncounter | None, load: Load, dice: Dice,
           opts: BoonbaneOptions) -> Decided:
    """Disarm (L152-L156): a Str or Agi attack roll against the higher of the target's Str and
    Agi (L154), 2 banes unarmed (L156); on a success the target drops one object (L155)."""
    out = _start(cmd, enc, load, "Disarm", "boonbane.disarm L154")
    target = load(cmd.target_id, "target_id")
    against: Against = "strength" if target.strength >= target.agility else "agility"
    unarmed = [SourceLine(source="disarm unarmed", line="L156", banes=2)] if cmd.unarmed else []
    return [*out, *_attack(cmd, load, dice, opts, attribute=cmd.attribute, against=against,
                           extra=unarmed, on_success=OnSuccess(action="disarm",
                                                               target_id=cmd.target_id,
                                                               item=cmd.item))]
