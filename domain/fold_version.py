"""The version of the domain's folds, which stored snapshots of folded state are tagged with.

Raise it whenever an ``evolve`` function (the platform's or a ruleset's) folds an event
differently or a state's shape changes: snapshots written under another number are ignored, and
streams are folded again from their events.
"""

FOLD_VERSION = 1
