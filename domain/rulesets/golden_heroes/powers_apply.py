"""Folding power and background events into a sheet: grades, rolled values, Power Rolls."""

from __future__ import annotations

import msgspec

from contracts.rulesets import golden_heroes as c
from domain.rulesets.golden_heroes import state as st


def gained(sheet: st.GoldenHeroesSheet, ev: c.PowerGained) -> st.GoldenHeroesSheet:
    """A power gained or upgraded (its grade and rolled values), or a choice waiting (L14)."""
    replace = msgspec.structs.replace
    left = sheet.power_rolls_left - ev.cost
    if not ev.power:  # 96-00: a choice waits (L14)
        return replace(sheet, power_rolls_left=left, choices_pending=sheet.choices_pending + 1)
    found = False
    held: list[st.PowerHeld] = []
    for p in sheet.powers:
        if p.power == ev.power:
            found = True
            rolled = {k: p.rolled.get(k, 0) + ev.rolled.get(k, 0)
                      for k in {*p.rolled, *ev.rolled}}
            p = replace(p, grade=ev.grade, rolled=rolled,
                        upgrades=p.upgrades + (ev.how == "upgraded"))
        held.append(p)
    if not found:
        held.append(st.PowerHeld(power=ev.power, grade=ev.grade, rolled=dict(ev.rolled),
                                upgrades=int(ev.how == "upgraded")))
    attrs = dict(sheet.attributes)
    for attr in ("strength", "vigour"):
        if attr in ev.rolled:
            attrs[attr] = attrs.get(attr, 0) + ev.rolled[attr]
    htc, htk = ev.rolled.get("htc", 0), ev.rolled.get("htk", 0)
    return replace(sheet, powers=held, power_rolls_left=left, attributes=attrs,
                   max_htc=sheet.max_htc + htc, htc=sheet.htc + htc,
                   max_htk=sheet.max_htk + htk, htk=sheet.htk + htk,
                   choices_pending=sheet.choices_pending - (ev.how == "chosen"))


def option_chosen(sheet: st.GoldenHeroesSheet, ev: c.PowerOptionChosen) -> st.GoldenHeroesSheet:
    """A power's option chosen, for its cost in Power Rolls."""
    replace = msgspec.structs.replace
    return replace(sheet, powers=[replace(p, choice=ev.choice) if p.power == ev.power else p
                                  for p in sheet.powers],
                   power_rolls_left=sheet.power_rolls_left - ev.cost)


def rolls_converted(sheet: st.GoldenHeroesSheet,
                    ev: c.PowerRollsConverted) -> st.GoldenHeroesSheet:
    """Power Rolls given up for DUPs."""
    return msgspec.structs.replace(sheet, power_rolls_left=sheet.power_rolls_left - ev.count,
                                   dups=sheet.dups + ev.dups)


def background_taken(sheet: st.GoldenHeroesSheet, ev: c.BackgroundTaken) -> st.GoldenHeroesSheet:
    """A background's training (counted toward Movement, L10) and its HTC and HTK dice."""
    attrs, base = dict(sheet.attributes), dict(sheet.base_attributes or sheet.attributes)
    for k, v in ev.training.items():
        attrs[k] = attrs.get(k, 0) + v
        base[k] = base.get(k, 0) + v  # training counts toward Movement (L10)
    half = len(ev.dice) // 2
    htc, htk = sum(ev.dice[:half]), sum(ev.dice[half:])
    return msgspec.structs.replace(
        sheet, attributes=attrs, base_attributes=base,
        backgrounds=[*sheet.backgrounds, ev.background],
        power_rolls_left=sheet.power_rolls_left - 1,
        max_htc=sheet.max_htc + htc, htc=sheet.htc + htc,
        max_htk=sheet.max_htk + htk, htk=sheet.htk + htk)
