"""WISH events in words (``domain.narration``), in the seed's own terms: each die by its name
and face with the symbols printed on it (L3-69), successes against failures, boons against
banes, serendipities and calamities (L518-528), Wounds and Grit (L194-206), conditions
(L1385-1445), turns and rounds (L255-264) and advancement (L597-649)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from contracts.narration import EventLine, Outcome
from domain.narration_text import count, plain_lines, who

Data = Mapping[str, Any]

# The seed's names of the seven dice (L1-69).
DIE_NAMES: Final[dict[str, str]] = {
    "CHR": "Characteristic", "OFF": "Offensive", "DFN": "Defensive", "CHL": "Challenge",
    "EXP": "Expertise", "FRT": "Fortune", "MIS": "Misfortune"}
# The symbols printed on the faces (L3-69), singular and plural.
SYMBOL_NAMES: Final[dict[str, tuple[str, str]]] = {
    "S": ("success", "successes"), "F": ("failure", "failures"), "B": ("boon", "boons"),
    "N": ("bane", "banes"), "SER": ("serendipity", "serendipities"),
    "CAL": ("calamity", "calamities"), "EXR": ("stress / fatigue", "stress / fatigue"),
    "RCH": ("recharge", "recharges"), "CHAIN": ("roll another", "roll another")}
CHARACTERISTICS: Final[dict[str, str]] = {
    "str": "Str", "ag": "Ag", "to": "To", "int": "Int", "wp": "WP", "fel": "Fel"}


def face(die: Mapping[str, Any]) -> str:
    """A rolled die as the seed prints it: ``Challenge 3 (2 failures)``; a blank face ``-``."""
    return _face(str(die["die"]), int(die["face"]), tuple(die.get("symbols", ())))


@functools.cache
def _face(die: str, number: int, symbols: Sequence[str]) -> str:
    tally: dict[str, int] = {}
    for s in symbols:
        tally[s] = tally.get(s, 0) + 1
    shown = ", ".join(count(n, *SYMBOL_NAMES.get(s, (s, s))) if s != "CHAIN"
                      else "roll another" for s, n in tally.items())
    return f"{DIE_NAMES.get(die, die)} {number} ({shown or '-'})"


def _net(result: Mapping[str, Any]) -> str:
    """Net successes, then net boons or banes, serendipities and calamities (L522-528)."""
    parts = [count(result["net_successes"], "net success", "net successes")]
    boons = int(result.get("net_boons", 0))
    if boons:
        parts.append(count(boons, "boon", "boons") if boons > 0
                     else count(-boons, "bane", "banes"))
    for key, one, many in (("serendipity", "serendipity", "serendipities"),
                           ("calamity", "calamity", "calamities")):
        if result.get(key):
            parts.append(count(int(result[key]), one, many))
    return ", ".join(parts)


def _what(check: Mapping[str, Any]) -> str:
    ch = CHARACTERISTICS.get(check.get("characteristic", ""), check.get("characteristic", ""))
    return f"{check['skill']} ({ch})" if check.get("skill") else ch


def _outcome(success: bool) -> Outcome:
    return "success" if success else "failure"


def check_rolled(d: Data, character: str | None) -> EventLine:
    """A check (L518-528): success on 1 or more net successes; every die by name and face."""
    check, result = d["check"], d["check"]["result"]
    kind = d.get("kind", "check")
    actor = who(d.get("character_id") or character)
    if kind == "attack":
        head = f"{actor} attacked {who(d.get('target_id'))} ({_what(check)}): " \
               f"{'a hit' if result['success'] else 'a miss'}"
    else:
        against = f" against {who(d['target_id'])}" if d.get("target_id") else ""
        label = {"contest": " (contest)", "stabilize": " to Stabilize",
                 "initiative": " for initiative", "travel": " to travel",
                 "react": " to React"}.get(kind, "")
        head = f"{actor} rolled {_what(check)}{label}{against}: {_outcome(result['success'])}"
    crit = ", critical failure possible" if result.get("critical_failure_eligible") else ""
    dice = "; ".join(face(x) for x in check.get("dice", []))
    costs = [count(int(d[k]), k, k) for k in ("stress", "fatigue") if d.get(k)]
    tail = f" ({', '.join(costs)} suffered)" if costs else ""
    return EventLine(text=f"{head}, {_net(result)}{crit}. Dice: {dice}.{tail}",
                     outcome=_outcome(result["success"]))


def check_amended(d: Data, character: str | None) -> EventLine:
    """Fortune spent after the roll (L222): the check's new result."""
    result = d.get("result") or {}
    by = who(d.get("spent_by"))
    text = f"{by} spent {count(int(d.get('fortune_spent', 0)), 'Fortune point', 'Fortune points')}"\
           f" on the check of {who(character)}"
    if result:
        text += f": now a {_outcome(result['success'])}, {_net(result)}"
        return EventLine(text=text + ".", outcome=_outcome(result["success"]))
    return EventLine(text=text + ".")


def check_rerolled(d: Data, character: str | None) -> EventLine:
    """Mystical Reality (L837): dice re-rolled; "the second roll stands"."""
    result = d["result"]
    dice = "; ".join(face(x) for x in d.get("dice", []))
    return EventLine(text=f"{who(d.get('by'))} re-rolled the check of {who(character)}: now a "
                          f"{_outcome(result['success'])}, {_net(result)}. New dice: {dice}.",
                     outcome=_outcome(result["success"]))


def contest(d: Data, character: str | None) -> EventLine:
    """A contest (L1011-1018): the actor's net against the defender's; ties to the defender."""
    won = bool(d["success"])
    return EventLine(
        text=f"{who(character)} {'won' if won else 'lost'} the contest against "
             f"{who(d.get('target_id'))}: {d['actor_net']} net against {d['opposition_net']}"
             f" ({d.get('opposition_skill') or 'opposition'}), "
             f"{count(int(d['net_successes']), 'net success', 'net successes')}.",
        outcome=_outcome(won))


def damage(d: Data, character: str | None) -> EventLine:
    """Damage (L194-206): Wounds or Grit lost after mitigation, and what it brought."""
    lost = []
    if d.get("wounds_lost"):
        lost.append(count(int(d["wounds_lost"]), "Wound", "Wounds"))
    if d.get("grit_lost"):
        lost.append(f"{d['grit_lost']} Grit")
    text = f"{who(character)} took {d.get('taken', 0)} {d.get('kind', '')} damage".replace(
        "  ", " ")
    if d.get("mitigation"):
        text += f" ({d['raw']} less {d['mitigation']} mitigated)"
    text += f": {' and '.join(lost)} lost" if lost else ": nothing lost"
    for key, word in (("criticals", "critical"), ("schisms", "schism")):
        for item in d.get(key) or []:
            name = item.get("name", item) if isinstance(item, Mapping) else item
            text += f"; a {word}: {name}"
    states = [w for k, w in (("unconscious", "unconscious"), ("incapacitated", "incapacitated"),
                             ("dead", "dead"), ("broken", "permanently unplayable"))
              if d.get(k)]
    if states:
        text += f"; now {', '.join(states)}"
    return EventLine(text=text + ".")


def _condition_name(c: Mapping[str, Any]) -> str:
    extra = f" {c['severity']}" if c.get("severity") else ""
    tokens = f", {count(int(c['tokens']), 'token', 'tokens')}" if c.get("tokens") else ""
    duration = f" ({c['duration']}{tokens})" if c.get("duration") else ""
    return f"{c['name']}{extra}{duration}"


def _gm_or(d: Data, key: str) -> str:
    return str(d.get(key) or "")


LINES: Final[dict[str, tuple[str, Callable[[Data, str | None], EventLine | None] | None]]] = {
    "wish.CheckRolled": ("Check rolled", check_rolled),
    "wish.CheckAmended": ("Fortune on a check", check_amended),
    "wish.CheckRerolled": ("Check re-rolled", check_rerolled),
    "wish.ContestResolved": ("Contest resolved", contest),
    "wish.DamageTaken": ("Damage taken", damage),
    "wish.ConditionAdded": ("Condition gained", lambda d, c: EventLine(
        text=f"{who(c)} gained the condition {_condition_name(d['condition'])}.")),
    "wish.ConditionRemoved": ("Condition lost", lambda d, c: EventLine(
        text=f"{who(c)} lost a condition ({d['condition_id']}"
             + (f", {d['cause']}" if d.get("cause") else "") + ").")),
    "wish.ConditionTokensAdded": ("Condition tokens", lambda d, c: EventLine(
        text=f"{who(c)}: a condition's tokens changed.")),
    "wish.ConditionsTicked": ("Conditions ticked", None),
    "wish.BriefConditionRolled": ("Brief condition rolled", lambda d, c: EventLine(
        text=f"{who(c)} rolled on the {d['table']} brief condition table ("
             f"{', '.join(map(str, d.get('rolls', [])))}): {', '.join(d.get('results', []))}.")),
    "wish.LastingInflicted": ("Lasting harm", lambda d, c: EventLine(
        text=f"{who(c)} suffered a {d['kind']}: {d['lasting'].get('name', d['lasting'])}."
        if isinstance(d.get("lasting"), Mapping) else f"{who(c)} suffered a {d['kind']}.")),
    "wish.Stabilized": ("Stabilized", lambda d, c: EventLine(
        text=f"{who(d.get('by'))} stabilized {who(c)}.", outcome="success")),
    "wish.Restored": ("Restored", lambda d, c: EventLine(text=f"{who(c)} recovered "
                                                              f"({_amounts(d)}).")),
    "wish.EncounterStarted": ("Encounter started", lambda d, c: EventLine(
        text="An encounter began: " + ", ".join(who(p) for p in d.get("participants", []))
             + ".")),
    "wish.InitiativeRolled": ("Initiative rolled", lambda d, c: EventLine(
        text="Initiative rolled: " + ", ".join(
            f"{s.get('side', '?')} {s.get('score', '')}".strip() if isinstance(s, Mapping)
            else str(s) for s in d.get("slots", [])) + ".")),
    "wish.TurnStarted": ("Turn started", lambda d, c: EventLine(
        text=f"{who(d.get('character_id'))}'s turn began.")),
    "wish.TurnEnded": ("Turn ended", lambda d, c: EventLine(
        text=f"{who(d.get('character_id'))}'s turn ended.")),
    "wish.RoundEnded": ("Round ended", lambda d, c: EventLine(
        text=f"Round {d['round']} ended.")),
    "wish.EncounterEnded": ("Encounter ended", lambda d, c: EventLine(
        text=f"The encounter ended after round {d['round']}.")),
    "wish.RallyStepBegan": ("Rally Step", lambda d, c: EventLine(text="A Rally Step began.")),
    "wish.ExperienceAwarded": ("Experience awarded", lambda d, c: EventLine(
        text=f"{who(c)} gained {d['xp']} XP ({count(int(d['advances']), 'advance', 'advances')})"
             + (f": {d['reason']}" if d.get("reason") else "")
             + (f"; now Rank {d['rank_after']}" if d.get("rank_after") != d.get("rank_before")
                else "") + ".")),
    "wish.AdvanceSpent": ("Advance spent", lambda d, c: EventLine(
        text=f"{who(c)} spent {d.get('cost', '')} {d.get('currency', 'advance')}"
             f"{'s' if d.get('cost', 1) != 1 else ''} on {_purchase(d.get('purchase'))}.")),
    "wish.FortuneSpent": ("Fortune spent", lambda d, c: EventLine(
        text=f"{who(c)} spent {count(int(d['points']), 'Fortune point', 'Fortune points')}"
             + (f" ({d['purpose']})" if d.get("purpose") else "") + ".")),
    "wish.FortuneGained": ("Fortune gained", lambda d, c: EventLine(
        text=f"{who(c)} gained {count(int(d['points']), 'Fortune point', 'Fortune points')}.")),
    "wish.StanceSet": ("Stance", lambda d, c: EventLine(text=f"{who(c)}'s stance is now "
                                                           f"{_stance(int(d['position']))}.")),
    "wish.ActionTaken": ("Action taken", lambda d, c: EventLine(
        text=f"{who(d.get('character_id'))} took an action: {d.get('kind', '')}.")),
    "wish.ManeuverTaken": ("Maneuver taken", lambda d, c: EventLine(
        text=f"{who(d.get('character_id'))} took a maneuver: {d.get('kind', '')}.")),
    "wish.CreationFinished": ("Creation finished", lambda d, c: EventLine(
        text=f"{who(c)} is ready to play.")),
    "wish.DoTPlaced": ("Damage over time", lambda d, c: EventLine(
        text=f"{who(c)} is under {d['dot'].get('stunt') or 'an effect'} over time.")),
    "wish.DoTTriggered": ("Damage over time again", lambda d, c: EventLine(
        text=f"{who(c)}: {d.get('stunt') or 'an effect'} strikes again"
             + (f" ({d['remaining']} left)" if d.get("remaining") is not None else "") + ".")),
    "wish.DoTExpired": ("Damage over time ended", lambda d, c: EventLine(
        text=f"{who(c)}: {d.get('stunt') or 'an effect'} wore off.")),
    "wish.StuntToggled": ("Stunt switched", lambda d, c: EventLine(
        text=f"{who(c)} switched {d['stunt']} {'on' if d.get('on') else 'off'}"
             + (f" ({d['cause']})" if d.get("cause") else "") + ".")),
    "wish.AssistGiven": ("Assist", lambda d, c: EventLine(
        text=f"{who(d.get('by'))} assists {who(c)}"
             + (f" ({d['skill']})" if d.get("skill") else "") + ".")),
    # bookkeeping a table does not show
    "wish.AssistsUsed": ("Assists used", None),
    "wish.ChargeRoundUsed": ("Charge used", None),
}


def _amounts(d: Data) -> str:
    return ", ".join(f"{v} {k}" for k, v in d.items()
                     if isinstance(v, int) and not isinstance(v, bool) and v) or "nothing"


def _stance(position: int) -> str:
    """The stance track (L73-109): steps into Offensive (+) or Defensive (-)."""
    if position == 0:
        return "neutral"
    side = "Offensive" if position > 0 else "Defensive"
    return f"{count(abs(position), 'step', 'steps')} {side}"


def _purchase(p: object) -> str:
    if isinstance(p, Mapping):
        return " ".join(str(p[k]) for k in ("kind", "target") if p.get(k))
    return "a raise"

# Events a table is told of in no more words than their name's.
LINES.update(plain_lines((
    "wish.ArchetypeChosen",
    "wish.CardPinned",
    "wish.ConditionIgnored",
    "wish.CosmicWindsUsed",
    "wish.Dared",
    "wish.DeviceDamaged",
    "wish.DeviceDisarmed",
    "wish.DeviceRestored",
    "wish.Exerted",
    "wish.ExtendedBegun",
    "wish.ExtendedFailed",
    "wish.ExtendedProgressed",
    "wish.ExtendedResolved",
    "wish.Grandstanded",
    "wish.HindranceTaken",
    "wish.InitiativeMoved",
    "wish.InitiativeSlotTaken",
    "wish.ItemOfPowerRecharged",
    "wish.JustificationLineTriggered",
    "wish.LingeringEnded",
    "wish.LingeringMaintained",
    "wish.LingeringUpkeep",
    "wish.MalfunctionRepaired",
    "wish.OptionLinesChosen",
    "wish.OriginChosen",
    "wish.OriginGrantsChosen",
    "wish.OriginHindranceOvercome",
    "wish.OriginSkillsGranted",
    "wish.ParticipantLeft",
    "wish.PinLapsed",
    "wish.PinnedPlayed",
    "wish.RallyAbilityUsed",
    "wish.ReactDeclared",
    "wish.ReactUsed",
    "wish.RechargeTokensAdded",
    "wish.RechargeTokensRemoved",
    "wish.SeparationSet",
    "wish.StabilizationEnded",
    "wish.StanceShiftTaken",
    "wish.StanceShifted",
    "wish.StuntCostPaid",
    "wish.StuntFailed",
    "wish.StuntMalfunctioned",
    "wish.StuntRestored",
    "wish.TravelDeviceRepaired",
    "wish.TravelRechargeSet",
    "wish.TravelResolved",
)))
