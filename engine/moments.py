"""The moments the core announces, and how a ruleset's reactions to them are read.

A ruleset's `reactions` maps a moment to a tuple of handlers, called in their order;
its characters' abilities and any other rule of its own (a part's: an event deck's, a
player-count game's; engine/parts.py) react to moments instead of each needing a hook of
its own in the core. What the core does with the handlers'
answers depends on the moment (each handler's arguments, then what it answers):

    DRAW         (ctx, i, rule) -> rule          seat i's draw phase this turn (a
                                                 turns.DrawRule), passed through each
    CHECK_PICKER (ctx, i) -> seat or None        who picks between two cards for seat
                                                 i's draw! (the first answer counts)
    CHECK_PICKED (ctx, picker)                   after such a pick
    CHECK_CARD   (ctx, i, card) -> card          the card that counts for a draw! by seat
                                                 i (or a card he shows while drawing), as
                                                 (rank, suit), passed through each (an
                                                 event that makes every draw! a heart)
    CHECKED      (ctx, i, kind, card, passed)    a start-of-turn check is done: True if
                 -> bool                         the reaction carried out what follows
    SIGHT        (state, j, char) -> (d, why)    seat j sees everyone at distance d
                 or None
    PLAYED_AS    (ctx, i, played, card) -> bool  seat i may use `played` as `card`
    PLAYED       (ctx, i, card, j, m)            seat i plays `card` (at seat j, or None)
                                                 in its turn, before it takes effect (a
                                                 reaction may refuse it: raise Refusal)
    ANSWER       (ctx, i, card, ask, m)          seat i answers `ask` with `card`, before
                                                 it takes effect (may refuse it too)
    SHOT_COST    (ctx, j) -> int                 cards a BANG! at seat j costs on top
                                                 (the answers add up)
    SHOT         (ctx, i, j, card) -> bool       a BANG! effect at j settled by the
                                                 reaction (else j is asked for a Missed!)
    AIMED        (ctx, i, j, card, choice)       a card taking one of j's: True if the
                 -> bool                         reaction asked j a question first
    OWN_CHECK    (ctx, ask, m) -> bool           the answer naming the character itself:
                                                 True if it did something else with it
    TAKEN        (ctx, ask) -> bool              a question of the ruleset's own kind let
                                                 happen: True if the reaction knew it
    ANSWERED     (ctx, ask)                      a question answered (missed, or the hit
                                                 taken)
    HIT          (ctx, i, n, source, card)       seat i lost n life
    ELIMINATION  (ctx, i) -> bool                seat i is to be eliminated: True if it
                                                 stays in the game instead
    WON          (ctx, fallen, side) -> side     who has won once `fallen` ([(seat,
                                                 source, card)], eliminated together) left
                                                 the table: the ruleset's own `winner`
                                                 (a side, or None while the game goes on)
                                                 passed through each
    SETTLE       (ctx, i, source, card) -> bool  the rewards and penalties of seat i's
                                                 elimination by `source` with `card`: True
                                                 if the reaction settled them (the
                                                 ruleset's own `settle` is then skipped)
    ROUND_START  (ctx, i)                        a round begins with seat i's turn (just
                                                 before TURN_START): the turn reached or
                                                 passed the round's first seat, the seat
                                                 of the first of the ruleset's `roles`
                                                 dealt at the table (the Sheriff; with no
                                                 Sheriff, the Deputy...), alive or not;
                                                 the deal's first round is not announced
    TURN_START   (ctx, i)                        seat i's turn begins
    TURN_END     (ctx, i)                        seat i's turn ends
    NEXT_TURN    (ctx, i) -> seat or None        whose turn follows seat i's (the first
                                                 answer; else the next living player
                                                 clockwise)
    CHARACTER    (state, i, char) -> char        the character in force for seat i,
                                                 passed through each
    BANG_LIMIT   (ctx, i) -> int                 BANG! cards seat i may play this turn
                                                 beyond the one (the answers add up)
    IDLE         (state, i) -> bool              True: seat i's cards in play do nothing
                                                 now (no reach, no distance, no draw!)
    DISTANCES    (state, geo)                    the distances of a state as read once (a
                                                 table.Geometry), changed in place

The first answer that is neither None nor False counts, where one answer is read. A call
site reads the moment's handlers once (`rules.reactions.get(MOMENT)`) and calls nothing
when there are none: a game without reactions pays one dict lookup a moment.
"""
from __future__ import annotations

DRAW, CHECK_PICKER, CHECK_PICKED, CHECKED = "draw", "check.picker", "check.picked", "checked"
CHECK_CARD = "check.card"
SIGHT, PLAYED_AS, SHOT_COST, SHOT, AIMED = "sight", "played_as", "shot.cost", "shot", "aimed"
PLAYED, ANSWER = "played", "answer"
OWN_CHECK, TAKEN, ANSWERED, HIT = "answer.own_check", "answer.taken", "answered", "hit"
ELIMINATION, WON, SETTLE = "elimination", "won", "settle"
TURN_START, ROUND_START, TURN_END = "turn.start", "round.start", "turn.end"
NEXT_TURN, CHARACTER = "turn.next", "character"
BANG_LIMIT, IDLE, DISTANCES = "bang.limit", "in_play.idle", "distances"
MOMENTS = (DRAW, CHECK_PICKER, CHECK_PICKED, CHECK_CARD, CHECKED, SIGHT, PLAYED_AS, PLAYED,
           ANSWER, SHOT_COST, SHOT, AIMED, OWN_CHECK, TAKEN, ANSWERED, HIT, ELIMINATION, WON,
           SETTLE, TURN_START, ROUND_START, TURN_END, NEXT_TURN, CHARACTER, BANG_LIMIT, IDLE,
           DISTANCES)


def joined(*tables: dict) -> dict:
    """Reaction tables in one, each moment's handlers in the tables' order: a ruleset
    built from parts (the base game's characters, then an event deck's rules)."""
    out: dict = {}
    for table in tables:
        for moment, handlers in table.items():
            if moment not in MOMENTS:
                raise KeyError(f"no moment called {moment!r}")
            out[moment] = out.get(moment, ()) + tuple(handlers)
    return out


def first(handlers: tuple, *args):
    """The first answer of `handlers` (a moment's) that is neither None nor False (None)."""
    for react in handlers:
        out = react(*args)
        if out is not None and out is not False:
            return out
    return None


def each(handlers: tuple, *args) -> None:
    """Every handler of a moment, in order."""
    for react in handlers:
        react(*args)


def fold(handlers: tuple, value, *args):
    """`value` passed through every handler of a moment (each gets it last)."""
    for react in handlers:
        value = react(*args, value)
    return value


def total(handlers: tuple, *args) -> int:
    """The handlers' answers added up."""
    return sum(react(*args) for react in handlers)
