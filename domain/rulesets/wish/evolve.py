"""Folding recorded WISH events into stream states. Total: an unknown event or a state
it cannot apply to leaves the state as it was; nothing here re-decides a rule."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from contracts.rulesets.wish import (
    ArchetypeTier,
    CheckResult,
    ConditionInstance,
    DieRoll,
    EncounterState,
    GivenAssist,
    Hindrance,
    Lasting,
    Purchase,
    RecentCheck,
    Tally,
    WishSheet,
)
from domain.errors import DomainError
from domain.rulesets.wish import (
    advancement,
    dot,
    encounter,
    evolve_checks,
    extended,
    limited_charges,
    origin_actions,
    origin_apply,
    origin_grants,
    pin,
    reacts,
    travel,
)
from domain.rulesets.wish import sheet as sheets
from domain.rulesets.wish.evolve_encounter import ENCOUNTER

R = msgspec.structs.replace
Data = Mapping[str, Any]


def _archetype(s: WishSheet, d: Data) -> WishSheet:
    bonus: dict[str, int] = dict(d.get("primary_bonus") or {})
    chars = {k: v + bonus.get(k, 0) for k, v in s.characteristics.items()}
    maxima = dict(s.maxima)
    if d.get("raises_maxima"):
        maxima = {k: v + bonus.get(k, 0) for k, v in maxima.items()}
    stance = d.get("stance") or {}
    return R(
        s,
        characteristics=chars,
        maxima=maxima,
        advances=s.advances - int(d.get("cost", 0)),
        archetype_tiers=[*s.archetype_tiers,
                         ArchetypeTier(archetype=str(d.get("archetype")), tier=int(d.get("tier", 1)))],
        stance=R(s.stance, defensive=int(stance.get("defensive", s.stance.defensive)),
                 offensive=int(stance.get("offensive", s.stance.offensive))),
    )


def _origin(s: WishSheet, d: Data) -> WishSheet:
    try:
        return origin_apply.apply_origin(
            s, str(d.get("origin")), dict(d.get("picks") or {}), d.get("talent"),
            restricted=bool(d.get("restricted", False)),
        )
    except DomainError:  # a recorded choice was valid when made; stay total regardless
        return s


def _lost(s: WishSheet, d: Data) -> WishSheet:
    crits = [msgspec.convert(c, Lasting) for c in d.get("criticals", [])]
    schisms = [msgspec.convert(c, Lasting) for c in d.get("schisms", [])]
    return R(
        s,
        wounds_lost=s.wounds_lost + d.get("wounds_lost", 0),
        grit_lost=s.grit_lost + d.get("grit_lost", 0),
        criticals=[*s.criticals, *crits],
        schisms=[*s.schisms, *schisms],
        stress=s.stress + d.get("stress", 0),
        fatigue=s.fatigue + d.get("fatigue", 0),
        serial=max(s.serial, d.get("serial", s.serial)),
    )


def _lasting(s: WishSheet, d: Data) -> WishSheet:
    item = msgspec.convert(d["lasting"], Lasting)
    if d.get("kind") == "schism":
        s = R(s, schisms=[*s.schisms, item])
    else:
        s = R(s, criticals=[*s.criticals, item])
    return R(s, serial=max(s.serial, d.get("serial", s.serial)))


def _restored(s: WishSheet, d: Data) -> WishSheet:
    treated = set(d.get("treated", []))
    return R(
        s,
        wounds_lost=max(0, s.wounds_lost - d.get("wounds", 0)),
        grit_lost=max(0, s.grit_lost - d.get("grit", 0)),
        stress=max(0, s.stress - d.get("stress", 0)),
        fatigue=max(0, s.fatigue - d.get("fatigue", 0)),
        fortune=min(s.fortune_rating, s.fortune + d.get("fortune", 0)),
        criticals=[c for c in s.criticals if c.id not in treated],
        schisms=[c for c in s.schisms if c.id not in treated],
    )


def _recharge(s: WishSheet, changes: Mapping[str, int]) -> WishSheet:
    stunts = dict(s.stunts)
    for name, n in changes.items():
        if name in stunts:
            stunts[name] = R(stunts[name], recharge_tokens=max(0, stunts[name].recharge_tokens + n))
    return R(s, stunts=stunts)


RECENT_CHECKS = 10  # checks kept for Fortune after the roll (L222)


def _check(s: WishSheet, d: Data) -> WishSheet:
    check = d.get("check", {})
    n = s.checks_rolled + 1
    recent = RecentCheck(
        check_id=d.get("check_id") or f"check-{n}",
        kind=d.get("kind", "check"),
        characteristic=check.get("characteristic", ""),
        target_id=d.get("target_id"),
        tally=msgspec.convert(check.get("tally", {}), Tally),
        result=msgspec.convert(check["result"], CheckResult) if "result" in check else None,
        stunt=d.get("stunt"),
        stunt_rating=d.get("stunt_rating", 0),
        pool=dict(check.get("pool", {})),
        dice=[msgspec.convert(x, DieRoll) for x in check.get("dice", [])],
    )
    s = R(
        s,
        stress=s.stress + d.get("stress", 0),
        fatigue=s.fatigue + d.get("fatigue", 0),
        fortune=max(0, s.fortune - d.get("fortune_spent", 0)),
        checks_rolled=n,
        recent_checks=[*s.recent_checks, recent][-RECENT_CHECKS:],
    )
    return _recharge(s, d.get("recharge", {}))


def _hindrance(s: WishSheet, d: Data) -> WishSheet:
    h = msgspec.convert(d["hindrance"], Hindrance)
    s = R(s, hindrances=[*s.hindrances, h], hindrance_points=s.hindrance_points + d.get("points", 0))
    if h.stunt is not None and h.stunt in s.stunts:
        st = s.stunts[h.stunt]
        st = R(st, hindrances=[*st.hindrances, h.name])
        if h.name == "Device":  # the Device justification as a 1-point Hindrance (L328)
            st = R(st, justification="device")
        s = R(s, stunts={**s.stunts, h.stunt: st})
    chars, maxima = dict(s.characteristics), dict(s.maxima)
    mit_max = dict(s.mitigation_maxima)
    for stat, delta in d.get("stats", {}).items():
        if stat in chars:  # rating and maximum both (L1363)
            chars[stat] = max(0, chars[stat] + delta)
            maxima[stat] = max(0, maxima.get(stat, sheets.NORMAL_MAXIMUM) + delta)
        elif stat in sheets.MITIGATION:
            s = R(s, **{stat: max(0, getattr(s, stat) + delta)})
            mit_max[stat] = max(0, mit_max.get(stat, sheets.NORMAL_MAXIMUM) + delta)
    return R(s, characteristics=chars, maxima=maxima, mitigation_maxima=mit_max)


def _condition_added(s: WishSheet, d: Data) -> WishSheet:
    c = msgspec.convert(d["condition"], ConditionInstance)
    return R(s, conditions=[*s.conditions, c], serial=max(s.serial, d.get("serial", s.serial)))


def _tokens_added(s: WishSheet, d: Data) -> WishSheet:
    absorbed = set(d.get("absorbed", []))
    out = []
    for c in s.conditions:
        if c.id in absorbed:
            continue
        if c.id == d.get("condition_id"):
            c = R(c, tokens=c.tokens + d.get("tokens", 0))
        out.append(c)
    return R(s, conditions=out)


def _ticked(s: WishSheet, d: Data) -> WishSheet:
    ticks: Mapping[str, int] = d.get("ticks", {})
    expired = set(d.get("expired", []))
    return R(
        s,
        conditions=[
            R(c, tokens=max(0, c.tokens - ticks.get(c.id, 0)))
            for c in s.conditions
            if c.id not in expired
        ],
    )


def _advance(s: WishSheet, d: Data) -> WishSheet:
    p = msgspec.convert(d["purchase"], Purchase)
    cost, cur = d.get("cost", 0), d.get("currency", "advance")
    wielded = cur == "wielded" or bool(d.get("wielded"))  # L921, L923
    s = advancement.apply(s, p, d.get("raise_current", True), wielded=wielded,
                          characteristic=d.get("characteristic"))
    if cur in s.restricted_points:  # Alien Advantages or Wielded Abilities points (L776, L921)
        left = {**s.restricted_points, cur: max(0, s.restricted_points[cur] - cost)}
        s = R(s, restricted_points=left)
    else:
        field = {
            "creation": "creation_points",
            "advance": "advances",
            "hindrance": "hindrance_points",
        }.get(cur, "advances")
        s = R(s, **{field: max(0, getattr(s, field) - cost)})
    if not d.get("archetype_raise"):
        return s
    return advancement.record_track(s, cost, d.get("archetype_slot"))


def _device(s: WishSheet, d: Data, **change: Any) -> WishSheet:
    name = d.get("device")
    if name not in s.devices:
        return s
    return R(s, devices={**s.devices, name: R(s.devices[name], **change)})


def _stunt(s: WishSheet, d: Data, **change: Any) -> WishSheet:
    name = d.get("stunt")
    if name not in s.stunts:
        return s
    return R(s, stunts={**s.stunts, name: R(s.stunts[name], **change)})


def _device_damaged(s: WishSheet, d: Data) -> WishSheet:
    dev = s.devices.get(d.get("device", ""))
    if dev is None:
        return s
    return _device(s, d, wounds_lost=dev.wounds_lost + d.get("wounds_lost", 0),
                   state="broken" if d.get("broken") else dev.state)


CHARACTER: dict[str, Callable[[WishSheet, Data], WishSheet]] = {
    "wish.CheckRolled": _check,
    "wish.CheckAmended": evolve_checks.fold_amended,
    "wish.HindranceTaken": _hindrance,
    "wish.OptionLinesChosen": evolve_checks.fold_lines,
    "wish.JustificationLineTriggered": evolve_checks.fold_justification_line,  # L338-368
    "wish.StanceShifted": lambda s, d: R(
        s, stance=R(s.stance, position=d["after"]), stress=s.stress + d.get("stress", 0)
    ),
    "wish.StanceSet": lambda s, d: R(s, stance=R(s.stance, position=d["position"])),
    "wish.Exerted": lambda s, d: R(
        s, stress=s.stress + d.get("stress", 0), fatigue=s.fatigue + d.get("fatigue", 0)
    ),
    "wish.DamageTaken": _lost,
    "wish.DeviceDamaged": _device_damaged,  # L317-320
    "wish.StuntFailed": lambda s, d: _stunt(s, d, unusable=True),  # Unreliable (L273)
    "wish.StuntRestored": lambda s, d: _stunt(s, d, unusable=False),
    "wish.AssistGiven": lambda s, d: R(  # L384: for the next check
        s, assists_given=[*s.assists_given, msgspec.convert(d, GivenAssist)]),
    "wish.AssistsUsed": lambda s, d: R(s, assists_given=[]),
    "wish.StuntToggled": lambda s, d: _stunt(s, d, toggled_on=bool(d.get("on"))),  # L260
    "wish.LingeringMaintained": lambda s, d: R(  # L262: used, or a maneuver spent on it
        s, lingering={**s.lingering, d["stunt"]: True}),
    "wish.CardPinned": pin.fold_pinned,  # L446
    "wish.PinnedPlayed": pin.fold_cleared,
    "wish.PinLapsed": pin.fold_cleared,
    "wish.ExtendedBegun": extended.fold_begun,  # L261
    "wish.ExtendedProgressed": extended.fold_progressed,
    "wish.ExtendedResolved": extended.fold_ended,
    "wish.ExtendedFailed": extended.fold_ended,
    "wish.LingeringEnded": lambda s, d: R(s, lingering={  # a React ends Persisted ones (L264)
        n: kept for n, kept in s.lingering.items() if n not in d.get("stunts", [])}),
    "wish.LingeringUpkeep": lambda s, d: R(s, lingering={  # End of Turn (L262)
        n: False for n in s.lingering if n not in d.get("ended", [])}),
    "wish.DeviceDisarmed": lambda s, d: _device(s, d, state="disarmed"),  # L314-315
    "wish.DeviceRestored": lambda s, d: _device(  # L309, L920
        s, d, state="ready", **({"wounds_lost": 0} if d.get("how") == "repair" else {})),
    "wish.StuntCostPaid": lambda s, d: R(  # L508: direct losses, no mitigation (D-14)
        s, stress=s.stress + d.get("stress", 0), fatigue=s.fatigue + d.get("fatigue", 0),
        fortune=max(0, s.fortune - d.get("fortune", 0)),
        wounds_lost=s.wounds_lost + d.get("wounds", 0), grit_lost=s.grit_lost + d.get("grit", 0)),
    "wish.LastingInflicted": _lasting,
    "wish.Restored": _restored,
    "wish.FortuneSpent": lambda s, d: R(s, fortune=max(0, s.fortune - d.get("points", 0))),
    "wish.FortuneGained": lambda s, d: R(
        s,
        fortune=s.fortune_rating
        if d.get("reset")
        else min(s.fortune_rating, s.fortune + d.get("points", 0)),
    ),
    "wish.RechargeTokensRemoved": lambda s, d: _recharge(
        s, {k: -v for k, v in d.get("stunts", {}).items()}
    ),
    "wish.RechargeTokensAdded": lambda s, d: _recharge(s, d.get("stunts", {})),
    "wish.ConditionAdded": _condition_added,
    "wish.ConditionTokensAdded": _tokens_added,
    "wish.ConditionRemoved": lambda s, d: R(
        s, conditions=[c for c in s.conditions if c.id != d.get("condition_id")]
    ),
    "wish.ConditionsTicked": _ticked,
    "wish.ExperienceAwarded": lambda s, d: R(
        s, experience=s.experience + d.get("xp", 0), advances=s.advances + d.get("advances", 0)
    ),
    "wish.AdvanceSpent": _advance,
    "wish.CreationFinished": lambda s, d: R(s, phase="play", fortune=s.fortune_rating),
    "wish.OriginChosen": _origin,
    "wish.OriginSkillsGranted": origin_grants.apply_fixed,
    "wish.OriginGrantsChosen": origin_grants.apply_grants,
    "wish.CheckRerolled": origin_actions.fold_rerolled,
    "wish.CosmicWindsUsed": origin_actions.fold_cosmic_winds,
    "wish.OriginHindranceOvercome": origin_actions.fold_overcome,
    "wish.StuntMalfunctioned": origin_actions.fold_malfunction,
    "wish.MalfunctionRepaired": origin_actions.fold_repaired,
    "wish.ChargeRoundUsed": limited_charges.fold_charged,  # L924
    "wish.ItemOfPowerRecharged": limited_charges.fold_recharged,
    "wish.ReactDeclared": reacts.fold_declared,
    "wish.ReactUsed": reacts.fold_used,
    "wish.TravelResolved": travel.fold_resolved,
    "wish.TravelDeviceRepaired": travel.fold_repaired,
    "wish.TravelRechargeSet": travel.fold_recharge,
    "wish.Stabilized": lambda s, d: R(s, stabilized=True),
    "wish.StabilizationEnded": lambda s, d: R(s, stabilized=False),
    "wish.ArchetypeChosen": _archetype,
    "wish.DoTPlaced": dot.fold_placed,  # L256
    "wish.DoTTriggered": dot.fold_triggered,
    "wish.DoTExpired": dot.fold_expired,
}


def evolve(state: Any, event_type: str, data: Mapping[str, Any]) -> Any:
    """Fold one recorded event; returns plain data (dicts) ready to store or project."""
    if event_type == "wish.EncounterStarted":
        return msgspec.to_builtins(
            EncounterState(
                encounter_id=data["encounter_id"], participants=list(data["participants"])
            )
        )
    try:
        if event_type in ENCOUNTER:
            enc = encounter.load(state)
            if enc is None:
                return state
            return msgspec.to_builtins(ENCOUNTER[event_type](enc, data))
        if event_type in CHARACTER and state is not None:
            return sheets.dump(CHARACTER[event_type](sheets.load(state), data))
    except (msgspec.ValidationError, KeyError, TypeError):
        return state  # total: a malformed body cannot break the fold
    return state


# --------------------------------------------------------------------------- typed-fold bridge
# BRIDGE (temporary): the typed folds the seam calls, each wrapping today's string-keyed fold
# of the same event with the event's stored body. Replaced by the typed folds themselves.
from typing import TypeVar  # noqa: E402

from contracts.rulesets.wish.events import EVENT_TYPES, EncounterStarted, WishEvent  # noqa: E402
from domain.rulesets.seam import Folds  # noqa: E402

_S = TypeVar("_S")


def _bridged(cls: type[WishEvent], state: type[_S],
             fold: Callable[[_S, Data], _S]) -> Callable[[_S, WishEvent], _S]:
    def typed(s: _S, e: WishEvent) -> _S:
        body: dict[str, Any] = msgspec.to_builtins(e)
        body.pop("type", None)
        return fold(s, body)
    typed.__annotations__ = {"s": state, "e": cls, "return": state}  # the class it folds
    return typed


def start_encounter(event: EncounterStarted) -> EncounterState:
    """An encounter's state from the event that starts it (L378)."""
    return EncounterState(encounter_id=event.encounter_id, participants=list(event.participants))


def _restart(e: EncounterState, event: EncounterStarted) -> EncounterState:
    return start_encounter(event)


SHEET_FOLDS: Folds[WishSheet] = Folds()
for _tag, _fold in CHARACTER.items():
    SHEET_FOLDS.add(EVENT_TYPES[_tag], _bridged(EVENT_TYPES[_tag], WishSheet, _fold))
ENCOUNTER_FOLDS: Folds[EncounterState] = Folds()
ENCOUNTER_FOLDS.add(EncounterStarted, _restart)
for _tag, _efold in ENCOUNTER.items():
    ENCOUNTER_FOLDS.add(EVENT_TYPES[_tag], _bridged(EVENT_TYPES[_tag], EncounterState, _efold))
