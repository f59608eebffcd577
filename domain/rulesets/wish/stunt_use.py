"""Using a stunt: what its traits and justification allow (L245, L249-250, L362, L1461)."""

from __future__ import annotations

from domain.errors import StateConflict
from domain.rulesets.wish import conditions, devices, justifications, traits
from domain.rulesets.wish.state import Stunt, WishSheet


def check_use(sheet: WishSheet, name: str, stunt: Stunt) -> None:
    """Refuse a stunt its traits or justification forbid now: a Movement ability is
    'prevented from working by effects that prevent movement' (L245), as Held does (L1461);
    a Karmic one needs 1 current Fortune (L362)."""
    if stunt.unusable:
        raise StateConflict("stunt", "wish.trait.unreliable L273",
                            f"{name} failed on its calamities and is unusable until restored")
    if "Movement" in stunt.traits and conditions.count(sheet, "Held"):
        raise StateConflict("stunt", "wish.trait.movement L245, L1461",
                            f"{name} is a Movement ability and the character is Held")
    justifications.usable(sheet, name, stunt)
    devices.usable(sheet, name)  # a disarmed or broken device takes its stunts (L301, L921)


def stance_after(sheet: WishSheet, stunt: Stunt) -> int | None:
    """Push and Delay (L249-250): the stance marker after using the stunt, one step towards
    Offensive or Defensive and never past the meter's end (L89); None when it does not move."""
    step = traits.stance_step(stunt)
    st = sheet.stance
    after = max(-st.defensive, min(st.offensive, st.position + step))
    return after if after != st.position else None


def check_range(name: str, stunt: Stunt, apart: int | None, enforced: bool) -> None:
    """Melee: 'usable while engaged with an opponent' (L241); Ranged: 'usable at close or longer
    range' (L242). A stunt with one of the two (not both) is refused against a target the
    encounter records at the other range; unrecorded separations are not checked. Off with the
    campaign option ``trait_ranges_enforced``."""
    if not enforced or apart is None:
        return
    melee, ranged = "Melee" in stunt.traits, "Ranged" in stunt.traits
    if melee and not ranged and apart > 0:
        raise StateConflict("stunt", "wish.trait.melee L241",
                            f"{name} is a Melee ability: the target is not engaged")
    if ranged and not melee and apart == 0:
        raise StateConflict("stunt", "wish.trait.ranged L242",
                            f"{name} is a Ranged ability: usable at Close or longer range")
