"""Attack rolls (L4-L11) and challenge rolls (L17-L22): d20 + modifier ± the boon/bane die."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from contracts.rulesets.boonbane import RollMade, SourceLine
from domain.dice import Dice


def modifier(score: int) -> int:
    """An attribute's or Perception's modifier: score - 10 (the seed gives none; digest D-2)."""
    return score - 10


def reading(d20: int, faces: Sequence[int], mod: int, n: int, target_number: int,
            six: bool = False) -> tuple[int, int, bool]:
    """The kept d6, the total and success: highest boon d6 added, bane d6 subtracted (L14-L15),
    a boon die treated as a 6 by Fortune (L47); success on total >= target number (L22; digest
    D-1 for attacks)."""
    kept = 6 if six and faces else max(faces) if faces else 0
    total = d20 + mod + (kept if n > 0 else -kept)
    return kept, total, total >= target_number


def roll(dice: Dice, *, character_id: str, kind: str, stat: str, target_id: str | None,
         against: str | None, target_number: int, base_modifier: int,
         sources: list[SourceLine], automatic: str | None, fortune: str | None = None
         ) -> RollMade:
    """Roll one attack or challenge roll: the d20 first, then |net| d6 of the surviving kind (L16)."""
    boons = sum(s.boons for s in sources)
    banes = sum(s.banes for s in sources)
    n = boons - banes
    mod = base_modifier + sum(s.modifier for s in sources)
    common: dict[str, Any] = {
        "character_id": character_id, "kind": kind, "stat": stat, "target_id": target_id,
        "against": against, "target_number": target_number, "modifier": mod,
              "sources": sources, "boons": boons, "banes": banes, "net": n}
    if automatic is not None:
        return RollMade(**common, success=False, automatic=automatic)
    d20 = dice.roll(20)
    faces = [dice.roll(6) for _ in range(abs(n))]
    six = fortune == "six"
    kept, total, success = reading(d20, faces, mod, n, target_number, six)
    flipped = fortune == "succeed" and not success
    return RollMade(**common, d20=d20, d6=faces, kept=kept, total=total, success=success or flipped,
                    fortune_six=six, fortune_success=flipped)


def reread(ev: RollMade, draws: Sequence[tuple[int, int]]) -> list[str]:
    """How a recorded roll's reading differs from the rules applied to its draws."""
    if ev.automatic is not None:
        return [] if not draws and not ev.success else ["an automatic failure drew dice"]
    own, rest = draws[:1 + abs(ev.net)], draws[1 + abs(ev.net):]
    d20 = [f for s, f in own if s == 20]
    d6 = [f for s, f in own if s == 6]
    if len(d20) != 1 or len(d6) != abs(ev.net):
        return [f"expected one d20 and {abs(ev.net)} d6, drew {list(draws)}"]
    problems = misfire_reread(ev, rest)
    if problems:
        return problems
    out = []
    if ev.d20 != d20[0] or ev.d6 != d6:
        out.append("recorded dice differ from the draws")
    kept, total, success = reading(d20[0], d6, ev.modifier, ev.net, ev.target_number,
                                   ev.fortune_six)
    if ev.fortune_success and success:
        out.append("Fortune turned a roll into a success that had not failed")
    if (ev.kept, ev.total, ev.success) != (kept, total, success or ev.fortune_success):
        out.append(f"the draws give kept {kept}, total {total}, success {success}")
    return out


def misfire_reread(ev: RollMade, rest: Sequence[tuple[int, int]]) -> list[str]:
    """The draws after the roll's own: a misfire's d6 and 2d6 (L128), then any d3 (L64), or the
    resist roll a successful Unbalancing or Staggering Shot calls for (L203, L218)."""
    faces = [f for _, f in rest[:len(ev.misfire)]]
    out = [] if faces == ev.misfire else ["recorded misfire dice differ from the draws"]
    after = [s for s, _ in rest[len(ev.misfire):]]
    if ev.knocked is not None and ev.success and after[:1] == [20] and set(after[1:]) <= {6}:
        after = []  # the target's Agi challenge roll: a d20 and its boon or bane d6 (L203, L218)
    if len(ev.misfire) == 3 and after[:1] == [20] and set(after[1:]) <= {6}:
        after = []  # the exploded wielder's Will challenge roll to keep concentrating (L147)
    if any(s != 3 for s in after):
        out.append("draws beyond the roll's dice")
    low = ev.total is not None and ev.total <= 0
    if ev.social and ev.backfire != low:
        out.append("a social roll backfires exactly when its total is 0 or lower (L104)")
    face = 6 if ev.misfire_fortune else ev.misfire[0] if ev.misfire else 0  # Fortune, L47
    if ev.misfire and (not low or (face % 2 == 1) != (len(ev.misfire) == 3)):
        out.append("a misfire is a d6 at a total of 0 or lower, 2d6 more when odd (L128)")
    return out
