"""Labels and short help for commands a docstring does not describe for a person at a table.

Every other command's label is its name in words (``domain.words``) and its help the first
sentence of its payload's docstring. Keys are envelope types (``wish.RollCheck``)."""

from __future__ import annotations

from typing import Final

COMMANDS: Final[dict[str, tuple[str, str]]] = {
    # the platform
    "CreateCampaign": ("Create a campaign",
                       "Start a new campaign under a ruleset; you become its first GM."),
    "AddMember": ("Invite a member", "Add a user to the campaign as a GM, player or observer, "
                                     "or change their role."),
    "RemoveMember": ("Remove a member", "Take a user out of the campaign."),
    "CreateTable": ("Create a table", "Open a table where characters sit and sessions are played."),
    "SeatCharacter": ("Seat a character", "Seat a character at a table."),
    "UnseatCharacter": ("Unseat a character", "Take a character away from a table."),
    "StartSession": ("Start a session", "Begin the next session at a table."),
    "EndSession": ("End the session", "End the table's current session."),
    "CreateCharacter": ("Create a character", "Create a character with its sheet; a player "
                                              "creates their own, a GM for anyone."),
    "RenameCharacter": ("Rename a character", "Give a character a new name."),
    "RetireCharacter": ("Retire a character", "Take a character out of play for good."),
    "RollDice": ("Roll dice", "Roll dice by notation (2d6+1, 4d6kh3), openly or for the GM only."),
    "RotateSeed": ("Reveal the dice seed", "Show the current dice seed so anyone can check every "
                                           "roll, and commit to a new one."),
    "RevealRoll": ("Reveal a GM-only roll", "Show a GM-only roll to everyone."),
    "Retcon": ("Retcon an event", "Reverse a recorded event; both stay in the log."),
    # WISH (seed 000)
    "wish.RollCheck": ("Roll a check", "Roll a characteristic or skill check: successes against "
                                       "failures, boons against banes."),
    "wish.Attack": ("Attack", "Roll an attack against a target's defense; a hit deals damage."),
    "wish.ApplyDamage": ("Take damage", "Apply damage to the character's Wounds or Grit."),
    "wish.Heal": ("Heal", "Heal the character's Wounds or Grit."),
    "wish.Recover": ("Recover", "Recover fatigue or stress."),
    "wish.StartEncounter": ("Start an encounter", "Begin an encounter with these participants."),
    "wish.StartTurn": ("Start a turn", "Begin the character's turn in the encounter."),
    "wish.EndTurn": ("End the turn", "End the character's turn; recharge tokens tick down."),
    "wish.EndRound": ("End the round", "End the encounter's round."),
    "wish.EndEncounter": ("End the encounter", "End the encounter; Encounter conditions end."),
    "wish.AddCondition": ("Add a condition", "Give the character a condition."),
    "wish.RemoveCondition": ("Remove a condition", "Remove one of the character's conditions."),
    "wish.RollBriefCondition": ("Roll a brief condition", "Roll on the malign or benign brief "
                                                          "condition table."),
    "wish.SpendFortune": ("Spend Fortune", "Spend Fortune points."),
    "wish.AwardExperience": ("Award experience", "Give the character experience points."),
    "wish.SpendAdvance": ("Spend an advance", "Buy a raise: a characteristic, skill, stunt or "
                                              "more."),
    "wish.FinishCreation": ("Finish creation", "Finish creating the character; play begins."),
    # Golden Heroes (seed 002)
    "golden-heroes.GenerateCharacter": ("Generate a character", "Roll the four attributes, then "
                                                                "Hits to Coma and Hits to Kill."),
    "golden-heroes.Strike": ("Strike", "Roll to hit a target; a hit deals damage."),
    "golden-heroes.EndCombat": ("End the combat", "End the fight."),
    # Boonbane (seed 001)
    "boonbane.ChallengeRoll": ("Make a challenge roll", "Roll d20 plus the modifier against 10 "
                                                         "unless the rule says otherwise."),
}

# Help for fields that many commands share, by name.
FIELDS: Final[dict[str, str]] = {
    "campaign_id": "The campaign.",
    "encounter_id": "The encounter.",
    "table_id": "The table.",
    "combat_id": "The fight.",
    "check_id": "Which recorded check (leave empty for a new one).",
    "reason": "Why, in a few words.",
    "name": "A name.",
    "expression": "Dice notation: 2d6+1, 4d6kh3 (keep the highest 3), d20.",
    "visibility": "Who sees the roll: everyone, or the GMs only.",
    "label": "What the roll is for.",
    "owner": "The user who plays the character (empty: you).",
    "sheet": "The character sheet.",
    "user": "A user name.",
    "role": "GM, player or observer.",
    "position": "The position of the event in the campaign's log.",
    "skill": "The skill used.",
    "characteristic": "The characteristic rolled.",
}

# Help for a character-valued field, by its kind (``domain.authority``).
KINDS: Final[dict[str, str]] = {
    "acting": "The character who acts (one you control).",
    "controlled": "A character this changes (one you control).",
    "target": "The character this acts on.",
    "ally": "An ally this helps or acts with.",
    "created": "The new character's id (empty: one is made up).",
}
