"""The WISH ruleset (seed 000): pure rules, no I/O, no clock, no randomness of its own.

Modules, one job each: ``faces`` (the seven dice), ``pool`` (assembly), ``resolve``
(roll and cancel), ``odds`` (exact distribution), ``sheet``, ``stance``,
``health``, ``conditions``, ``advancement``, ``archetypes`` (sample data),
``encounter``, ``options`` and ``ruleset`` (the ``WISH`` object the platform uses).
"""

from domain.rulesets.wish.ruleset import WISH

RULESET = WISH  # what ``domain.rulesets`` registers (``contracts.rulesets.PACKAGES``)

__all__ = ["WISH", "RULESET"]
