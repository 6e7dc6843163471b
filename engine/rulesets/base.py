"""The base game's home, and the shape every ruleset has (`Ruleset`, 24 members): who it
is (`name`, `title`, `parts`), its data (`data`, one frozen `Data` value: cards,
characters, roles and the role mix, sides, rewards, words...), its words of the moves,
refusals and rules texts (`vocab`, `codes`, `book`), its rules (`reactions` to the core's
moments, its own `actions`, and the few questions below, each with the base game's
answer), and three parts of its own: `records` (its fields of a record and of the
state), `views` (what views add) and `playouts` (its random moves). Another ruleset
subclasses `Ruleset` and the parts it changes; a part of a table's ruleset
(engine/parts.py) is composed onto one.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Mapping

from ..cards import BASE, CardTable, drawn, explodes
from ..characters import BASE_CHARS, Character, CharacterTable
from ..moves import CORE as CORE_WORDS, Vocabulary
from ..parts import Actions
from ..rulebook import CORE as CORE_BOOK, Book
from ..say import N_, is_message, msg, name
from ..table import character
from ..turns import need_rank, revealed


class Playouts:
    """A ruleset's random moves, for the invariant tests and the benchmark
    (engine/playout.py): the base game's; another ruleset subclasses what differs."""

    def check(self, rng, state, i: int) -> dict:
        """A random revealed card for a check by seat i (two for Lucky Duke)."""
        if character(state, i).check_cards == 2:     # the one in force now
            a, b = drawn(rng), drawn(rng)
            return {"check": [a, b], "keep": rng.choice([a, b])}
        return {"check": drawn(rng)}

    def answers(self, state, ask) -> tuple[list[str], tuple[str, ...]]:
        """Answers the random games try, and those among them that come with a check."""
        return (["take", "take", "Missed!", "BANG!", "Beer", "Barrel", "Jourdonnais"],
                ("Barrel", "Jourdonnais"))

    def answer(self, rng, state, move: dict) -> None:
        """Add this ruleset's own keys to a random answer."""

    def decorate(self, rng, state, move: dict, card) -> None:
        """Add this ruleset's own keys to a random card play."""

    def moves(self, rng, state, by: str, phase: str) -> list[dict]:
        """Moves of this ruleset's own kinds for the random games: for the player whose
        turn it is in `phase` "start", "draw" or "play", or for a seat being asked
        ("ask")."""
        return []


class Records:
    """A ruleset's part of a record: the characters a seat names, its own fields of the
    state and of a seat, read from a header and written back; the base game has none.
    Another ruleset subclasses what differs (`need(cond, where, message)` raises the
    record's error)."""
    header_keys: tuple[str, ...] = ()   # the header keys its read_extra reads
    seat_fields: tuple[str, ...] = ()   # a seat's own fields (read_seat), records expect them
    expect_keys: tuple[str, ...] = ()   # other things a record of it may expect (expect_value)
    counts: Mapping = MappingProxyType({})  # counts the host may correct:
                                            # {field: (low, high, What, what)}

    def read_character(self, rules, d: dict, where: str, need) -> Character:
        """The character a record's seat names (a ruleset may also take one entered by
        name with its life)."""
        name = d.get("character")
        ch = rules.data.characters.find(name) if isinstance(name, str) else None
        need(ch is not None, f"{where}.character", f"no character called {name!r}")
        return ch

    def dealt_character(self, rules, value) -> dict:
        """The seat fields for a character the host chose in the lobby. Raises Refusal."""
        return {"character": rules.data.characters.get(value).name}

    def deal_extra(self, header: dict, rng, rules) -> None:
        """What a new game's header holds besides the seats (`header_keys`)."""

    def read_seat(self, d: dict, where: str, need) -> dict:
        """A record seat's fields only this ruleset has (`seat_fields`), each a plain
        value."""
        return {}

    def read_extra(self, record: dict, state, need) -> None:
        """Read the header keys only this ruleset has into its own fields of the state."""

    def copy_fields(self, new) -> None:
        """After a State was copied (its fields shared with the original), give the copy
        its own mutable fields of this ruleset."""

    def fields_dict(self, state) -> dict:
        """Its fields of the state, for State.to_dict (records and tests)."""
        return {}

    def expect_value(self, state, key: str):
        """What a record's expectation `key` (one of `expect_keys`) is checked against."""
        raise KeyError(key)


class Views:
    """What a ruleset adds to the views (engine/views.py, advice's card catalogue): the
    base game adds nothing."""

    def seat_view(self, state, i: int) -> dict:
        """Fields of a seat's public row that only this ruleset has."""
        return {}

    def public_fields(self, state) -> dict:
        """Fields of the public view that only this ruleset has."""
        return {}

    def phone_extras(self, state, seat: str) -> dict:
        """Fields of a phone's `me` that only this ruleset has."""
        return {}

    def answer_moves(self, state, i: int, ask) -> list:
        """Answers of seat i to `ask` that are moves of this ruleset's own (an ability),
        for the phone's answer sheet: [(the move's keys besides "by", label message)]."""
        return []

    def card_info(self, card) -> dict:
        """What a ruleset adds to a card in the catalogue (its own effects of a copy)."""
        return {}


@dataclass(frozen=True, eq=False, repr=False)
class Data:
    """A ruleset's data, one frozen value the core reads (`rules.data`): its cards and
    characters, its roles and the role mix for each player count, its sides, rewards and
    penalties, its words, the project decisions its rulings rest on... A part of a
    table's ruleset (engine/parts.py) replaces fields of it (`Part.data`). Read field by
    field, never compared, hashed (its tables are read-only mappings, which cannot be)
    or printed whole: no generated `__eq__`, `__hash__` or `__repr__`, whose code every
    start of the engine compiled (4.3 million instructions; docs/benchmarks.md)."""
    cards: CardTable
    characters: CharacterTable
    roles: tuple[str, ...]
    leader: str                   # the public role: plays first, one more life point
    leader_bonus: int
    role_mix: Mapping[int, tuple[str, ...]]   # the roles dealt for each player count
    goals: Mapping[str, object]   # each role's goal (words)
    sides: Mapping[str, object]   # each winning side's words
    # the roles that win with each side (the end-of-game picture names the winners), and
    # which side is the leader's, which plays against him, which plays alone (`winner`)
    side_roles: Mapping[str, tuple[str, ...]]
    leader_side: str
    against_side: str
    lone_side: str
    # rewards and penalties (`settle`): the role whose elimination draws 3 cards, the role
    # the leader is penalised for eliminating, each with its words; cards whose
    # elimination rewards nobody, with their note
    reward: tuple
    penalty: tuple
    # the words a page uses for this game (the engine's own sentences use them too)
    words: Mapping[str, object]
    no_reward: tuple[str, ...] = ()
    no_reward_note: str = ""
    # the rules this ruleset has of its own for the core's rule ids (a refusal or a note
    # cites the ruleset's own entry, not the base card's); see Ruleset.own_rule
    rule_for: Mapping[str, str] = field(default_factory=dict)
    # {question kind: (sentence, rule)} for a wrong answer (answers.WHY_NOT)
    why_not: Mapping[str, tuple] = field(default_factory=dict)
    start_checks: tuple[str, ...] = ("dynamite", "jail")   # start-of-turn checks, in order
    free_order: frozenset = frozenset()   # those whose order the player chooses
    # project decisions a ruling may rest on: {id: {"text", "rule"}}, and the one a move
    # by a character entered by name rests on
    decisions: Mapping[str, dict] = field(default_factory=dict)
    custom_decision: str = ""
    # what a page may show: {feature: True, ...} (how it looks is the companion's:
    # companion/looks/)
    features: Mapping[str, object] = field(default_factory=dict)
    # its characters' own draw phases (`Character.draw`): {hook: turns.DrawRule}
    draws: Mapping[str, object] = field(default_factory=dict)
    deck: int = 0                 # the cards in its deck, when its cards carry no copies

    def __post_init__(self) -> None:
        for f in fields(self):        # its tables read-only too, not only its fields
            value = getattr(self, f.name)
            if isinstance(value, dict):
                object.__setattr__(self, f.name, MappingProxyType(value))

    @property
    def deck_size(self) -> int:
        """The most cards a hand can ever count: the whole deck."""
        return self.deck or sum(len(c.copies) for c in self.cards.rows)

    @property
    def penalty_roles(self) -> tuple[str, ...]:
        """Roles whose elimination can cost its author a penalty: settled before any reward
        when one card eliminates several players (effects.Ctx.settle_falls)."""
        return (self.penalty[0],)


BASE_DATA = Data(
    cards=BASE,
    characters=BASE_CHARS,
    roles=("sheriff", "deputy", "outlaw", "renegade"),
    leader="sheriff",
    leader_bonus=1,
    role_mix={
        4: ("sheriff", "renegade", "outlaw", "outlaw"),
        5: ("sheriff", "renegade", "outlaw", "outlaw", "deputy"),
        6: ("sheriff", "renegade", "outlaw", "outlaw", "outlaw", "deputy"),
        7: ("sheriff", "renegade", "outlaw", "outlaw", "outlaw", "deputy", "deputy"),
    },
    goals={
        "sheriff": N_("Survive and clear the town: every Outlaw and the Renegade must fall."),
        "deputy": N_("Keep the Sheriff alive and help him take down the Outlaws and the Renegade. "
                     "Nobody knows you are on his side."),
        "outlaw": N_("Bring down the Sheriff. The Outlaws win together when he falls, even those "
                     "already out of the game (unless the Renegade is then the last one standing)."),
        "renegade": N_("Be the last one standing: let the others thin out, and face the Sheriff "
                       "alone at the end."),
    },
    sides={"sheriff": N_("The Sheriff and the Deputies win."), "outlaws": N_("The Outlaws win."),
           "renegade": N_("The Renegade wins alone.")},
    side_roles={"sheriff": ("sheriff", "deputy"), "outlaws": ("outlaw",),
                "renegade": ("renegade",)},
    leader_side="sheriff", against_side="outlaws", lone_side="renegade",
    reward=("outlaw", N_("reward for eliminating an Outlaw")),
    penalty=("deputy", msg("{seat}, the Sheriff, eliminated a Deputy and discards every card "
                            "in hand and in play.",
        you={"seat": N_("You, the Sheriff, eliminated a Deputy and discard every card in hand "
                        "and in play.")})),
    words={"life": N_("life"), "check": N_("draw!"), "character": N_("character"),
           "leader": N_("Sheriff"), "no_jail_on_leader": N_("The Sheriff cannot be put in Jail."),
           "default_weapon": N_("Colt .45"),
           "no_check_due": msg("{seat} has no Dynamite or Jail to draw! for.",
                               you={"seat": N_("You have no Dynamite or Jail to draw! for.")}),
           "dynamite_hit": msg("The {card} explodes in front of {seat}!",
                               you={"seat": N_("The {card} explodes in front of you!")}),
           "jail_free": msg("{seat} escapes from Jail.",
                            you={"seat": N_("You escape from Jail.")}),
           "jail_stays": msg("{seat} stays in Jail and misses the turn.",
                             you={"seat": N_("You stay in Jail and miss the turn.")}),
           "barrel_pass": N_("A heart: the {card} counts as a Missed!"),
           # against a BANG! that needs two Missed! (Slab the Killer's): one of them
           "barrel_pass_part": N_("A heart: the {card} counts as one Missed! of the two "
                                  "needed."),
           "barrel_fail": N_("No heart: the {card} does not help."),
           "dying": msg("{seat} is dying: a Beer now, or out of the game.",
                        you={"seat": N_("You are dying: a Beer now, or out of the game.")}),
           "Life": N_("Life"),
           "no_own_barrel": N_("{character} has no Barrel of his own."),
           "enter_barrel_check": N_("Enter the card turned over for the {card}."),
           "roles": {"sheriff": N_("Sheriff"), "deputy": N_("Deputy"),
                     "outlaw": N_("Outlaw"), "renegade": N_("Renegade")},
           "bang_limit": N_("Only one BANG! card per turn (a Volcanic or Willy the Kid lifts "
                            "the limit).")},
)


class Ruleset:
    """A ruleset as the core sees it (the base game's; see the module's docstring)."""
    name = "base"
    title = N_("BANG! (base game)")
    parts: tuple[str, ...] = ()     # the parts it is composed with (engine/parts.py)
    data: Data = BASE_DATA          # its data, a frozen value
    codes: Mapping = MappingProxyType({})   # its own refusal codes: {code: what it means}
                                            # (besides the core's, engine/errors.py CODES)
    # the words its table's moves are read with: the core's and its own (engine/moves.py,
    # `CORE.plus(...)` in its package)
    vocab: Vocabulary = CORE_WORDS
    # its rules as reactions to the moments the core announces (engine/moments.py):
    # {moment: (handler, ...)}: its characters' abilities and any other rule of its own
    reactions: Mapping[str, tuple] = MappingProxyType({})
    # its own moves, kinds of card and abilities (the core's tables go first)
    actions: Actions = Actions()
    # its rules reference: the core's entries and its own section (engine/rulebook.py,
    # `CORE.plus(...)` in its package)
    book: Book = CORE_BOOK

    def __init__(self) -> None:
        # what the core reads at every move, held by the object itself: CPython reads an
        # object's own attribute faster than its class's (docs/benchmarks.md, issue 28:
        # without this, `rules.data.x` cost up to 1 % more instructions a move)
        for key in ("data", "reactions", "records", "actions", "vocab"):
            setattr(self, key, getattr(type(self), key))

    # -- setup -----------------------------------------------------------------------
    def character(self, state, i: int) -> Character:
        """The character (or ability card) in force for seat i."""
        return self.data.characters.get(state.seats[i].character)

    def max_life(self, role: str, ch: Character) -> int:
        return ch.life + (self.data.leader_bonus if role == self.data.leader else 0)

    def start_hand(self, k: int, leader_at: int, n: int, max_life: int, ch: Character,
                   options: dict) -> int:
        """Cards dealt to the k-th seat of n: as many as the starting life (the
        `sheriff_hand` option: only the character's own bullets)."""
        return max_life if options.get("sheriff_hand", "life") == "life" else ch.life

    # -- the questions it asks ---------------------------------------------------------
    def answer_options(self, state, i: int, ask, options: list) -> list:
        """The answers seat i's phone offers: the core's (respond, label, needs a card
        turned over), with the ruleset's own added."""
        return options

    # -- the game ------------------------------------------------------------------------
    def check_passes(self, ctx, i: int, kind: str, value, keep, why: str,
                     by_ability: bool = False) -> bool:
        """Whether the card revealed for a check of `kind` does what the card says: the
        Dynamite explodes on a spade 2-9, Jail and Barrel want a heart."""
        label = why if is_message(why) else name(why)
        rank, suit = revealed(ctx, i, value, keep, label, by_ability)
        if kind == "dynamite":
            need_rank((rank, suit), label)
            return explodes(rank, suit)
        return suit == "H"

    def sample_check(self, char) -> dict:
        """Any check result, for asking whether an answer with a check is allowed."""
        if char.check_cards == 2:
            return {"check": ["A♥", "2♠"], "keep": "A♥"}
        return {"check": "A♥"}

    def needs_target(self, card, m) -> bool:
        """Whether this play of `card` names a target (not when an effect of the ruleset's
        own replaces the card's)."""
        return True

    def resolve(self, ctx, i: int, card, played, m, effect, ask=None) -> None:
        """Carry out a played card or an answer (`effect`; `card` None: the hit taken); a
        ruleset with extra effects on the physical copy adds them here."""
        effect()

    def own_rule(self, rule: str) -> str:
        """The id of the rule a player of this ruleset reads for the core's `rule`."""
        return self.data.rule_for.get(rule, rule)

    def hand_limit(self, life: int) -> int:
        return max(0, life)

    def winner(self, state) -> str | None:
        """Who has won, judged from the roles still alive: when the leader falls, the one
        who plays alone if he is the last one standing, else the side against the leader;
        while the leader lives, his side once nobody against him is left."""
        living = [s for s in state.seats if s.alive]
        roles = {s.role for s in living}
        if not any(s.role == self.data.leader for s in state.seats):
            return None                      # a record without a leader never ends by roles
        lone = self.data.side_roles[self.data.lone_side]
        if self.data.leader not in roles:
            if len(living) == 1 and (living[0].role in lone or living[0].role == "unknown"):
                return self.data.lone_side if living[0].role in lone else None
            return self.data.against_side
        if not roles & {*self.data.side_roles[self.data.against_side], *lone, "unknown"}:
            return self.data.leader_side
        return None

    def settle(self, ctx, i: int, source: int | None, card: str) -> None:
        """Rewards and penalties after seat i was eliminated by `source` with `card`."""
        seat = ctx.s.seats[i]
        if source is None or source == i or not ctx.s.seats[source].alive:
            return
        killer = ctx.s.seats[source]
        if seat.role == self.data.reward[0]:
            if card in self.data.no_reward:
                ctx.say("note", msg(self.data.no_reward_note, card=name(card)))
            else:
                ctx.gain(source, 3, msg(self.data.reward[1]))
        elif seat.role == self.data.penalty[0] and killer.role == self.data.leader:
            killer.hand, killer.in_play, killer.ranges = 0, [], {}
            ctx.say("penalty", msg(self.data.penalty[1], seat=killer.name), seat=killer.name)
            ctx.refill(source)

    # its parts: its fields of the state in a record, what views add, its random moves
    records: Records = Records()
    views: Views = Views()
    playouts: Playouts = Playouts()


RULES = Ruleset()    # the base game
