"""What happens to players: cards in and out of hand, life lost and won, dying,
elimination with its rewards and penalties, and the passing of the turn.

`Ctx` wraps the copy of the state a move is changing and collects the events it
produces; every change to a seat goes through one of its methods, so that the
characters that react to a change (Suzy Lafayette, Bart Cassidy, El Gringo,
Vulture Sam) are called in one place.
"""
from __future__ import annotations

from dataclasses import replace

from .characters import Character
from .errors import Refusal
from .moments import (ELIMINATION, HIT, NEXT_TURN, ROUND_START, SETTLE, TURN_END,
                      TURN_START, WON, each, first, fold)
from .say import N_, N_plural, msg, name, plural
from .state import Ask, State
from .table import character, winner_now


class Ctx:
    def __init__(self, state: State) -> None:
        self.s = state
        self.events: list[dict] = []
        self.held: set[int] | None = None    # refills waiting for the end of a card's effects

    # -- small helpers ----------------------------------------------------------------
    def name(self, i: int | None) -> str:
        return self.s.seats[i].name if i is not None else "nobody"

    def char(self, i: int) -> Character:
        return character(self.s, i)

    def word(self, key: str) -> str:
        """The ruleset's word for `key` (its own word for "life"...)."""
        return self.s.rules.data.words[key]

    def say(self, kind: str, text: dict, **data) -> None:
        """An event: its kind, its message (engine/say.py) and the data programs read."""
        self.events.append({"type": kind, "text": text, **data})

    def log(self, **fact) -> None:
        """Remember what happened this turn (a ruleset may judge its own moves from it)."""
        self.s.turn_log.append(fact)

    # -- cards in hand ----------------------------------------------------------------
    def gain(self, i: int, n: int, why: dict | str) -> None:
        """Seat i takes n cards, as many as the game has: a hand never holds more than
        the deck's cards (a host may have set it near that)."""
        seat = self.s.seats[i]
        n = min(n, self.s.rules.data.deck_size - seat.hand)
        if n <= 0 or not seat.alive:
            return
        seat.hand += n
        self.say("hand", plural("{seat} takes {n} card ({why}).", "{seat} takes {n} cards ({why}).",
                                n, seat=seat.name, why=why,
            you={"seat": N_plural("You take {n} card ({why}).",
                                  "You take {n} cards ({why}).")}), seat=seat.name, delta=n)

    def spend(self, i: int, n: int = 1, why: dict | str = "") -> None:
        """Seat i loses n cards from hand; refused when the hand is too small."""
        seat = self.s.seats[i]
        if seat.hand < n:
            code = "empty_hand" if seat.hand == 0 else "not_enough_cards"
            raise Refusal(code, plural("{seat} has {n} card in hand, and this needs {need}.",
                                       "{seat} has {n} cards in hand, and this needs {need}.",
                                       seat.hand, seat=seat.name, need=n,
                you={"seat": N_plural("You have {n} card in hand, and this needs {need}.",
                                      "You have {n} cards in hand, and this needs {need}.")}),
            "cards")
        seat.hand -= n
        if why:
            self.say("hand", plural("{seat} discards {n} ({why}).", "{seat} discards {n} ({why}).",
                                    n, seat=seat.name, why=why,
                you={"seat": N_plural("You discard {n} ({why}).",
                                      "You discard {n} ({why}).")}), seat=seat.name, delta=-n)
        self.refill(i)

    def take(self, i: int, j: int, k: int, why: dict | str) -> None:
        """Seat i takes k cards from seat j's hand (as many as there are)."""
        k = min(k, self.s.seats[j].hand)
        if k:
            self.s.seats[j].hand -= k
            self.refill(j)
            self.gain(i, k, why)

    def hold_refills(self) -> None:
        """Abilities wait while a card's effects are applied (a ruleset's effect beside the
        card's own); `release_refills` applies them after both."""
        self.held = set()

    def release_refills(self) -> None:
        held, self.held = self.held or set(), None
        for i in sorted(held):
            self.refill(i)

    def refill(self, i: int) -> None:
        """Suzy Lafayette draws the moment her hand falls short of `refill_to` (1: empty)."""
        if self.held is not None:
            self.held.add(i)
            return
        seat = self.s.seats[i]
        want = self.char(i).refill_to
        if seat.alive and seat.hand < want:
            self.gain(i, want - seat.hand, msg("{character}: hand refilled",
                                               character=name(seat.character)))

    # -- life --------------------------------------------------------------------------
    def heal(self, i: int, n: int, why: dict | str) -> int:
        seat = self.s.seats[i]
        won = max(0, min(n, seat.max_life - seat.life))
        if won:
            before = seat.life
            seat.life += won
            self.say("life", msg("{seat}: {life} {before} → {after} ({why}).", seat=seat.name,
                                 life=name(self.word("life")), before=before, after=seat.life,
                                 why=why,
                you={"seat": N_("Your {life}: {before} → {after} ({why}).")}),
            seat=seat.name, before=before, after=seat.life)
            self.log(healed=i)
            if before <= 0 < seat.life:
                self.saved(i)
        return won

    def hit(self, i: int, n: int, source: int | None, card: str) -> None:
        """Seat i loses n life because of `card`, played by `source` (None: nobody)."""
        seat = self.s.seats[i]
        before = seat.life
        seat.life -= n
        cause = (msg("{card} from {seat}", card=name(card), seat=self.name(source),
                     you={"seat": N_("your {card}")})
                 if source is not None else name(card))
        self.say("life", msg("{seat}: {life} {before} → {after} ({why}).", seat=seat.name,
                             life=name(self.word("life")), before=before, after=seat.life,
                             why=cause,
            you={"seat": N_("Your {life}: {before} → {after} ({why}).")}),
        seat=seat.name, before=before, after=seat.life)
        self.log(hit=i, by=source, card=card, n=n, was_full=before == seat.max_life,
                 after=seat.life)
        if self.s.falls(i):
            return                    # already out once the open questions are answered
        if seat.life <= 0:
            self.s.pending.append(Ask(i, "dying", source, card, owed=n, owed_from=source))
            self.say("ask", msg(self.s.rules.data.words["dying"], seat=seat.name), seat=seat.name)
        else:
            self.after_hit(i, n, source, card)

    def after_hit(self, i: int, n: int, source: int | None, card: str = "") -> None:
        char = self.char(i)
        hook = char.on_hit
        if hook == "bart":
            self.gain(i, n * char.hit_draw, msg("{character}: cards for life points lost",
                                                character=name(char.name)))
        elif hook == "gringo" and source is not None and source != i \
                and self.s.seats[source].alive:
            self.take(i, source, n, msg("{character}: from {seat}'s hand",
                                        character=name(char.name), seat=self.name(source),
                                        you={"seat": N_("{character}: from your hand")}))
        if react := self.s.rules.reactions.get(HIT):         # the ruleset's reactions
            each(react, self, i, n, source, card)

    def saved(self, i: int) -> None:
        """A dying player is back above 0: the question closes, owed cards come now."""
        for a in [a for a in self.s.pending if a.seat == i and a.kind == "dying"]:
            self.s.pending.remove(a)
            self.after_hit(i, a.owed, a.owed_from, a.card)

    # -- elimination --------------------------------------------------------------------
    def eliminate(self, i: int, source: int | None, card: str = "") -> None:
        """Seat i is out (by `source` with `card`). While other questions are open (the
        rest of a Gatling's answers) he waits for them, still counted at the table: the
        eliminations of one card are settled together (docs/decisions.md)."""
        react = self.s.rules.reactions.get(ELIMINATION)
        if react and first(react, self, i):
            return                          # a ruleset's reaction keeps him in the game
        s = self.s
        s.pending = [a for a in s.pending if a.seat != i]
        if not s.falls(i):
            s.falling.append((i, source, card))
        if s.pending:
            self.say("falls", msg("{seat} is out of the game once the open questions are "
                                  "answered.", seat=s.seats[i].name,
                you={"seat": N_("You are out of the game once the open questions are answered.")}),
            seat=s.seats[i].name)
            return
        self.settle_falls()

    def settle_falls(self) -> None:
        """Everyone waiting to fall leaves together: roles shown and cards dropped, then
        Vulture Sam's take, then the winner judged on the table as it now stands, then
        (if the game goes on) the penalties before the rewards."""
        s = self.s
        fallen, s.falling = s.falling, []
        if s.winner is not None:
            return
        left = {}
        for i, source, card in fallen:
            seat = s.seats[i]
            seat.alive = False
            left[i] = seat.hand + len(seat.in_play)
            seat.hand, seat.in_play = 0, []
            seat.life = min(seat.life, 0)
            s.pending = [a for a in s.pending if a.seat != i]
            shown = (name(s.rules.data.words.get("roles", {}).get(seat.role,
                                                             seat.role.replace("_", " ")))
                     if seat.role != "unknown" else msg("role hidden in this record"))
            self.say("out", msg("{seat} is eliminated: {role}.", seat=seat.name, role=shown,
                                you={"seat": N_("You are eliminated: {role}.")}),
                     seat=seat.name, role=seat.role,
                     by=self.name(source) if source is not None and source != i else None)
            self.log(eliminated=i, by=source)
        for i, _, _ in fallen:
            vultures = [j for j in self.others(i) if self.char(j).takes_dead_cards]
            if vultures and left[i]:
                self.gain(vultures[0], left[i], msg("{character}: {seat}'s cards",
                                                    character=name(self.char(vultures[0]).name),
                                                    seat=s.seats[i].name,
                                                    you={"seat": N_("{character}: your cards")}))
        if self.judged(fallen):
            return
        penalties = s.rules.data.penalty_roles
        react = s.rules.reactions.get(SETTLE)
        for i, source, card in sorted(fallen, key=lambda f: s.seats[f[0]].role not in penalties):
            if s.seats[i].role == "unknown":
                self.say("note", msg("This record hides the role: rewards and penalties are not "
                                     "settled here."))
            elif not (react and first(react, self, i, source, card)):
                s.rules.settle(self, i, source, card)
        if not s.seats[s.turn].alive:
            self.next_turn()

    def judged(self, fallen: list = ()) -> bool:
        """Whether the game is won, on the table as it now stands (`fallen`: the players
        who just left it): if so the winner is set and the game is over."""
        s = self.s
        won = winner_now(s)
        if react := s.rules.reactions.get(WON):               # a part's own end conditions
            won = fold(react, won, self, list(fallen))
        if won:
            s.winner = won
            s.pending = []
            self.say("end", msg("Game over. {side}", side=msg(s.rules.data.sides[won])), winner=won)
        return bool(won)

    def others(self, i: int) -> list[int]:
        return self.s.others(i)

    # -- the turn -----------------------------------------------------------------------
    def next_turn(self) -> None:
        s = self.s
        reactions = s.rules.reactions
        if TURN_END in reactions:
            each(reactions[TURN_END], self, s.turn)
            if s.winner is not None:         # a reaction to the turn's end ended the game
                return
        after = first(reactions[NEXT_TURN], self, s.turn) if NEXT_TURN in reactions else None
        before, ahead = s.turn, s.next_alive(s.turn)
        n = len(s.seats)                 # a seat chosen beyond the next one: gone backwards
        back = after is not None and (after - before) % n > (ahead - before) % n
        s.turn = ahead if after is None else after
        s.phase, s.bangs, s.turn_log = "start", 0, []
        self.say("turn", msg("{seat}'s turn.", seat=s.seats[s.turn].name,
                             you={"seat": N_("Your turn.")}),
                 seat=s.seats[s.turn].name)
        if ROUND_START in reactions and self.round_begins(before, s.turn, back):
            each(reactions[ROUND_START], self, s.turn)
        if TURN_START in reactions:
            each(reactions[TURN_START], self, s.turn)

    def round_begins(self, before: int, now: int, backwards: bool = False) -> bool:
        """Whether the turn, going from seat `before` to seat `now`, reached or passed the
        round's first seat: the seat of the first of the ruleset's roles dealt at the table
        (the Sheriff's; with no Sheriff, the Deputy's...), alive or not; `backwards`: a reaction
        to NEXT_TURN sent the turn counter-clockwise."""
        seats, order = self.s.seats, self.s.rules.data.roles
        dealt = [k for k, seat in enumerate(seats) if seat.role in order]
        if not dealt:
            return False
        first_seat = min(dealt, key=lambda k: order.index(seats[k].role))
        n = len(seats)
        if backwards:
            return 0 < (before - first_seat) % n <= (before - now) % n
        return 0 < (first_seat - before) % n <= (now - before) % n

    def replace_ask(self, old: Ask, **changes) -> None:
        k = self.s.pending.index(old)
        self.s.pending[k] = replace(old, **changes)
