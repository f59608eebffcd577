"""Who may send each Potential command (seed 003), and the kind of each character it names.

The rule and the kinds are ``domain.authority``'s; every line cites the seed. ``character_id``
is the acting character unless said otherwise. The defender's resistance is the defender's
(L50: "they have a resistance action"): ``Resist`` acts for the defender, so only its
controller or a GM answers an attack. A bid for the initiative spends the bidder's potential
(L37), so each bid (and each yield) is one character's, sent by its controller.
"""

from __future__ import annotations

from typing import Final

import msgspec

from contracts.rulesets import potential as c
from domain.authority import Authority, acts, gm, gm_on

_TYPES: Final = {t.__name__: t for t in c.COMMANDS}
_AID = "L63: Aid Other, an ally's offer (OfferAid, sent by the ally's controller) joins the pool"

_DECLARED: Final[dict[str, Authority]] = {
    "TakeAction": acts(ally={"aid_from[]": _AID}),
    "Attack": acts(target={"target_id": "L49-L50: the attacked character"},
                   ally={"aid_from[]": _AID}),
    "Resist": acts(target={"attacker_id": "L50: the attack the defender answers"},
                   ally={"aid_from[]": "L64: Aid Resist, an ally's offer joins the defence"}),
    "DiscardLife": acts(),
    "StartCombat": gm("L33: readiness is decided by the group, recorded by the GL",
                      "participants[]", "readiness{}", "first"),
    "EndCombat": gm("L37: the GL ends the combat", "participants[]"),
    "StartTurn": acts(),
    "Recoup": acts(),
    "Move": acts(),
    "EndTurn": acts(target={"nominate": "L37: the player nominates the next to have a turn"}),
    "SeizeInitiative": acts(),
    "YieldInitiative": acts(target={"to": "L37: the high bidder the character yields to"}),
    "NewRound": gm("L37: a new round begins", "participants[]"),
    "RecoverAdvantage": gm_on("L56: healing a discarded advantage is the GL's decision"),
    "OfferAid": acts(ally={"to": "L63-L64: Aid Other and Aid Resist help an ally"}),
    "SetConscious": gm_on("L53: the GL decides who is unconscious"),
    "ChallengeCombination": acts(None, target={
        "challenged_id": "L21: the whole group decides whether a combination is appropriate"}),
    "RuleOnCombination": gm_on("L21: the GL's ruling on a combination"),
    "StartRetraining": gm_on("L52: the free resist changes only with the Game Leader"),
    "CompleteRetraining": gm_on("L52: the retraining period is over"),
    "MinorAction": gm_on("L40: a minor action is the GL's to allow"),
}

AUTHORITY: Final[dict[type[msgspec.Struct], Authority]] = {
    _TYPES[name]: authority for name, authority in _DECLARED.items()}
