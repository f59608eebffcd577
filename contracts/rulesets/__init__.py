"""Wire schema of each ruleset's own commands, events and views."""
