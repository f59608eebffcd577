"""Who may send each boon/bane command (seed 001), and the kind of each character it names.

The rule and the kinds are ``domain.authority``'s; every line cites the seed. ``character_id``
is the acting creature unless said otherwise; the GM runs encounters, damage, healing, the
afflictions, the overlays and the rests.
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import boonbane as c
from contracts.rulesets.boonbane import concentration as k
from contracts.rulesets.boonbane import grabs as g
from contracts.rulesets.boonbane import minor as n
from contracts.rulesets.boonbane import movement as m
from contracts.rulesets.boonbane import overlays as o
from contracts.rulesets.boonbane import play as p
from contracts.rulesets.boonbane import rests as r
from contracts.rulesets.boonbane import stealth as h
from contracts.rulesets.boonbane import weapons as w
from domain.authority import Authority, acts, gm, gm_on

_TYPES: Final = {t.__name__: t for t in (*c.COMMANDS, *p.COMMANDS, *o.COMMANDS, *g.COMMANDS,
                                         *k.COMMANDS, *h.COMMANDS, *w.COMMANDS, *r.COMMANDS,
                                         *m.COMMANDS, *n.COMMANDS)}


def _at(line: str) -> Authority:
    """The acting creature's roll against ``target_id``, the creature it acts on (``line``)."""
    return acts(target={"target_id": line})


def _away(line: str) -> Authority:
    """A move of the acting creature away from other creatures (``line``)."""
    return acts(target={"away_from[]": line})


_DECLARED: Final[dict[str, Authority]] = {
    # rolls and Fortune
    "AttackRoll": _at("L4-L11: an attack roll against a target's Defense"),
    "ChallengeRoll": acts(),
    "TakeDamage": gm_on("L25-L30: the GM applies damage"),
    "Heal": gm_on("L53-L54, L93-L95: healing is the GM's"),
    "FateRoll": gm_on("L34-L38: the end-of-round Fate roll"),
    "Stabilize": acts(ally={"target_id": "L233-L237: a roll on an incapacitated creature"}),
    "GiveFortune": acts(ally={"target_id": "L46: Fortune given to another player's character"}),
    "SpendFortune": acts(target={"target_id": "L45: the creature a success turned by Fortune acts on"}),
    # encounters (L117-L122)
    "StartEncounter": gm("L117: the GM starts an encounter", "participants[].character_id"),
    "TakeTurn": acts(),
    "Move": _away("L50, L295: creatures a move leaves (reach, grabs)"),
    "EndRound": gm("L117-L122: the round's end", "participants[]"),
    "CheckSurprise": gm_on("L107-L109: the GM checks surprise"),
    "AddAffliction": gm_on("L303-L306: the GM adds an affliction"),
    "RemoveAffliction": gm_on("L306: the GM removes an affliction"),
    "WakeCreature": acts(ally={"target_id": "L252: another creature wakes a sleeping one"}),
    "AwardStat": gm_on("digest D-62: the GM's change of a stat"),
    "AreaDamage": gm("L29-L30: one damage roll on each target", "targets[].character_id",
                     "fortune_by"),
    "PassTime": gm_on("L38, L64: game time passes"),
    # actions (L144-L232)
    "Defend": acts(),
    "Help": acts(ally={"target_id": "L182-L184: the Help action gives another a boon"}),
    "Distract": _at("L157-L160: Distract against the target's Int"),
    "Prepare": acts(),
    "Feint": _at("L168-L171: Feint against the target's Perception"),
    "Grab": _at("L175-L181: Grab against the target's Agi"),
    "Escape": _at("L164-L167: Escape against the grabber's Str"),
    "Pull": _at("L209-L212: Pull a grabbed creature"),
    "ReleaseGrab": _at("L295: the grabber lets go"),
    "KnockDown": _at("L191-L195: Knock Down against the target's Agi"),
    "Shove": _at("L228-L232: Shove against the target's Str"),
    "Disarm": _at("L152-L156: Disarm the target"),
    "Concentrate": acts(),
    "Hide": acts(),
    "Find": _at("L172-L174: Find a hidden creature"),
    "Reveal": acts(),
    "Reload": acts(),
    "RepairWeapon": acts(),
    "Rush": _away("L225-L227, L50: a rush away from creatures"),
    "Retreat": _away("L222-L224: a retreat without free attacks"),
    "MinorActivity": acts(),
    # overlays (L336-L417)
    "ChangeInsanity": gm_on("L384-L392: the GM changes Insanity"),
    "ChangeCorruption": gm_on("L342-L350: the GM changes Corruption"),
    "TriggerExposure": gm_on("L373-L379: an Exposure trigger"),
    "RelieveExposure": gm_on("L380-L383: Exposure relieved"),
    "SetKnowledge": gm_on("L399-L405: the GM sets what a character knows"),
    "CastSpell": acts(),
    "UseArtifact": acts(),
    "FulfillDeathCondition": gm_on("L356: the Death State's condition"),
    "EndScene": gm("L361, L417: the scene ends", "participants[]"),
    "ReinterpretAction": gm_on("L371: the GM reinterprets an action"),
    "StartSession": gm("L371, digest D-50: a new session", "participants[]"),
    "Rest": gm_on("L93-L95: the GM judges a rest's interruptions"),
}

AUTHORITY: Final[dict[type[msgspec.Struct], Authority]] = {
    _TYPES[name]: authority for name, authority in _DECLARED.items()}
