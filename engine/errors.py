"""The two errors the engine raises, and the catalogue of refusal codes.

A `Refusal` is a move the rules do not allow: the state is left untouched and the
players are told why. A `RecordError` is a record (or a move) that cannot even be read.
"""
from __future__ import annotations

from .rulebook import CORE as CORE_BOOK
from .say import N_, english, is_message, msg, name


class Refusal(ValueError):
    """A move the rules refuse: a stable `code`, a message (engine/say.py: a key and its
    parameters, never a sentence) and the id of the rule it rests on.

    `say` is the message; `message` is its English sentence, for the CLI and the tests.
    A plain string is taken as a message with no parameters. `book`: the rules reference
    the rule's title is read from (the table's ruleset's, set by `apply`, which also
    refuses a code neither the core's CODES nor the ruleset's `codes` document)."""

    book = CORE_BOOK

    def __init__(self, code: str, message: dict | str, rule: str = "") -> None:
        self.say = message if is_message(message) else msg(str(message))
        self.message = english(self.say)
        super().__init__(self.message)
        self.code = code
        self.rule = rule

    def to_dict(self) -> dict:
        """For a client: the message and the rule's title are made into sentences in the
        reader's language at the edge; the rule's id makes the link."""
        rule_title = self.book.title(self.rule)
        return {"code": self.code, "message": self.say, "rule": self.rule,
                "rule_title": name(rule_title) if rule_title else ""}


class RecordError(ValueError):
    """A record or move that cannot be read; `where` names the place (`moves[3].target`)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.message = message


# The core's refusal codes, with what each means; a ruleset's own are its `codes` (a table
# refuses with the core's and its ruleset's). docs/refusals.md is generated from these and
# every ruleset's (engine/reference.py) and a test keeps the two equal.
CODES: dict[str, str] = {
    "not_your_turn": N_("Only the player whose turn it is may do this now."),
    "wrong_phase": N_("This move belongs to another phase of the turn."),
    "turn_at_end": N_("The turn is at its end: only ending it is left."),
    "answer_pending": N_("Someone must answer an open question before play goes on."),
    "nothing_to_answer": N_("This player is not being asked anything."),
    "answer_only": N_("This card is only played as an answer to a question (Missed! to a shot)."),
    "wrong_answer": N_("That answer does not answer the open question."),
    "check_pending": N_("A start-of-turn draw! (Dynamite, Jail) must be reported first."),
    "no_check_due": N_("There is no draw! to report now."),
    "bad_check": N_("The revealed card is not written as rank and suit (8♠, 10H, QD)."),
    "unknown_card": N_("No card of that name exists in this ruleset."),
    "unknown_seat": N_("No player of that name sits at the table."),
    "target_required": N_("This card needs a target player."),
    "no_target_allowed": N_("This card takes no target."),
    "bad_target": N_("That player cannot be the target (yourself, or an eliminated player)."),
    "out_of_range": N_("The target is farther than the card can reach."),
    "bang_limit": N_("A turn allows a single BANG! card (unless something lifts the limit)."),
    "duplicate_in_play": N_("A player cannot have two cards of the same name in play."),
    "jail_on_sheriff": N_("The Sheriff can never be put in Jail."),
    "no_such_card_in_play": N_("That card is not in play in front of that player."),
    "card_choice_required": N_("Say which card: one from the hand, or the name of a card in play."),
    "no_cards": N_("The target has no card of that kind to take or discard."),
    "empty_hand": N_("The player has no cards in hand."),
    "not_dying": N_("A Beer out of turn is only allowed against a lethal hit."),
    "not_as_card": N_("This character cannot use that card as another card."),
    "over_hand_limit": N_("More cards must be discarded to reach the hand limit."),
    "wrong_discard_count": N_("The discard does not match what the hand limit requires."),
    "ability_unavailable": N_("This character has no such ability, or cannot use it now."),
    "not_enough_cards": N_("There are not enough cards in hand for this."),
    "full_life": N_("The player is already at full life."),
    "reveal_required": N_("This character must show a card in the draw phase."),
    "barrel_used": N_("This Barrel (or Jourdonnais's draw!) was already tried against this shot."),
    "no_barrel": N_("The player has no Barrel in play."),
    "host_only": N_("Only the host can make this correction."),
    "bad_correction": N_("The correction is outside what the rules allow."),
    "tracker_mode": N_("In tracker mode the table keeps its own cards: this move is not tracked."),
    "range_required": N_("This weapon's range is not known to the app: enter the number printed "
                      "on the card."),
    "game_over": N_("The game is over."),
    "bad_move": N_("The move is not written in the record vocabulary."),
    "bad_record": N_("The record cannot be read."),
}


def refusals_markdown(codes: dict[str, str]) -> str:
    """docs/refusals.md: every refusal code and what it means (generated, kept equal by a test)."""
    lines = ["# Refusal codes", "",
             "A refused move leaves the table as it was and answers with a code (stable, for",
             "programs), a sentence (for people) and the id of the rule it rests on (see",
             "`docs/rules.md`). This file is generated from `engine/errors.py` (the core's",
             "codes, then each ruleset's own, `Ruleset.codes`).", "",
             "| code | meaning |", "| --- | --- |"]
    lines += [f"| `{code}` | {text} |" for code, text in codes.items()]
    return "\n".join(lines) + "\n"
