"""BANG! Star Wars' home: Darth Vader, the Stormtroopers, the Rebels and the Bounty
Hunter; energy for life; checks answered pass or fail; Encounters with Destiny; ability
cards (seven known, any other entered by name with its energy).

`data.py` holds the deck, the ability cards, the roles, sides and words; `destiny.py`
the extra effects of a card's copy; `abilities.py` Tempered's repeat; `advice.py` what its
phones are told; `playout.py` its random moves; `texts.py` the rules reference entries
(how its pages look is the companion's: companion/looks/starwars.py). Who wins and the
rewards and penalties are the base game's, read from this data (`Ruleset.winner`,
`settle`).
"""
from __future__ import annotations

from ...cards import BASE
from ...characters import Character
from ...errors import Refusal
from ...moves import CORE as CORE_WORDS, FLAG, TEXT, TEXT_MAP
from ...plays import play_blue
from ...moments import ANSWERED, CHECKED
from ...turns import pass_on
from ...rulebook import CORE as CORE_BOOK
from ..base import Actions, Data, Records, Ruleset, Views
from . import data, playout
from .abilities import repeat
from .advice import phone_extras
from .destiny import after as destiny_after, resolve
from .texts import SW_RULES
from ...say import N_, is_message, msg, name


def new_hope(ctx, i, kind, card, passed) -> bool:
    """A New Hope: 2 energy back on a pass (never above the start), else it passes on."""
    if kind != "hope":
        return False
    if not passed:
        pass_on(ctx, i, kind, card)
        return True
    seat = ctx.s.seats[i]
    won = ctx.heal(i, 2, name(card))
    if won < 2:
        ctx.say("note", msg("{card}: {seat} gains {won}, never above the starting "
                            "{life}. The rulebook does not say; this is the app's reading "
                            "(rules page: {card}).", card=name(card),
                            seat=seat.name, won=won, life=name(data.WORDS["life"]),
            you={"seat": N_("{card}: you gain {won}, never above the starting {life}. The "
                            "rulebook does not say; this is the app's reading (rules page: "
                            "{card}).")}),
                decision="hope_cap")
    return True


def destiny_next(ctx, ask) -> None:
    """A question answered: the Destiny effect its card's player put after the card's."""
    if ask.then:
        destiny_after(ctx, ask)


SW_DATA = Data(
    cards=data.SW_CARDS,
    characters=data.ABILITIES,
    deck=80,                      # the rulebook's count; the cards carry no ranks or suits
    roles=data.ROLES,
    leader="vader",
    leader_bonus=1,
    role_mix=data.ROLE_MIX,
    goals=data.GOALS,
    sides=data.SIDES,
    side_roles=data.SIDE_ROLES,
    leader_side="empire", against_side="rebels", lone_side="bounty_hunter",
    reward=("rebel", N_("reward for eliminating a Rebel")),
    penalty=("stormtrooper", msg("{seat}, Darth Vader, eliminated a Stormtrooper and discards "
                                 "every card in hand and in play.",
        you={"seat": N_("You, Darth Vader, eliminated a Stormtrooper and discard every card in "
                        "hand and in play.")})),
    no_reward=data.NO_REWARD,
    no_reward_note=N_("A Rebel eliminated by {card}: nobody draws a reward."),
    words=data.WORDS,
    features={"energy": True, "checks": "pass_fail", "destiny": True, "ability_cards": True,
              "custom_abilities": True, "entered_ranges": True, "named_checks": True},
    decisions=data.DECISIONS,
    custom_decision="custom_ability",
    why_not=data.WHY_NOT,
    rule_for={**{base.rule: mine.rule for mine in data.SW_CARDS.rows
                 for base in BASE.rows if base.kind == mine.kind and base.rule and
                 not mine.entered_range and (mine.kind != "weapon" or base.rapid == mine.rapid)},
              **data.RULE_FOR},
    start_checks=("dynamite", "hope", "jail"),     # Trash Compactor, A New Hope, Carbonite
    free_order=frozenset({"dynamite", "hope"}),    # Carbonite always last
)


class StarWarsRecords(Records):
    """A seat may name an ability card the app does not know, with its energy."""

    def read_character(self, rules, d: dict, where: str, need) -> Character:
        name = d.get("character")
        found = rules.data.characters.find(name) if isinstance(name, str) else None
        if found is not None:
            return found
        energy = d.get("energy")
        need(isinstance(name, str) and name.strip() != "", f"{where}.character",
             "an ability card's name is needed")
        need(isinstance(energy, int) and not isinstance(energy, bool) and 1 <= energy <= 9,
             f"{where}.energy", f"{name!r} is not one of the seven known ability cards: give "
             "the energy printed on it ('energy', 1 to 9)")
        return custom(name.strip(), energy)

    def dealt_character(self, rules, value) -> dict:
        if isinstance(value, dict):
            name, energy = value.get("name"), value.get("energy")
            if rules.data.characters.find(name) is None:
                if not (isinstance(name, str) and name.strip() and isinstance(energy, int)
                        and not isinstance(energy, bool) and 1 <= energy <= 9):
                    raise Refusal("bad_move", msg("An ability card entered by name needs "
                                                  "its energy (1 to 9)."), "sw.ability.custom")
                return {"character": name.strip(), "energy": energy}
            value = name
        return {"character": rules.data.characters.get(value).name}


class StarWarsViews(Views):
    """A seat's ability card entered by name, a phone's checks and Destiny, a card's
    Destiny effects."""

    def seat_view(self, state, i: int) -> dict:
        name = state.seats[i].character
        return {"custom_ability": state.rules.data.characters.find(name) is None}

    def phone_extras(self, state, seat: str) -> dict:
        return phone_extras(state, seat)

    def card_info(self, card) -> dict:
        return {"destiny": dict(data.DESTINY.get(card.name, {})),
                "entered_range": card.entered_range}


class StarWars(Ruleset):
    name = "starwars"
    title = N_("BANG! Star Wars")
    codes = data.CODES
    data = SW_DATA
    book = CORE_BOOK.plus((N_("BANG! Star Wars"), "sw"), SW_RULES)

    vocab = CORE_WORDS.plus(options={"destiny": (TEXT, FLAG), "other": TEXT, "first": TEXT,
                                     "discards": TEXT_MAP},
                            keys={"ability": {"repeat": (TEXT, FLAG)}})

    actions = Actions(plays={"hope": play_blue}, abilities={"repeat": repeat})
    records = StarWarsRecords()
    views = StarWarsViews()

    # -- setup -----------------------------------------------------------------------
    def character(self, state, i: int) -> Character:
        name = state.seats[i].character
        found = self.data.characters.find(name)
        return found if found is not None else custom(name, state.custom.get(name, 4))

    def start_hand(self, k, leader_at, n, max_life, ch, options) -> int:
        return max_life                  # as many cards as energy, Vader's extra one too

    # -- the game ------------------------------------------------------------------------
    reactions = {CHECKED: (new_hope,), ANSWERED: (destiny_next,)}

    def check_passes(self, ctx, i, kind, value, keep, why, by_ability=False) -> bool:
        """A check is answered pass or fail: did the revealed card show the symbol?"""
        label = why if is_message(why) else name(why)
        if value not in ("pass", "fail") or keep is not None:
            raise Refusal("bad_check", msg("A check for the {card} is answered \"pass\" (the "
                                           "revealed card shows the symbol) or \"fail\".",
                                           card=label), "sw.check")
        ctx.log(draw_check=i)
        if value == "pass":
            text = msg("{seat} checks for the {card}: passed.", seat=ctx.name(i), card=label,
                       you={"seat": N_("Your check for the {card}: passed.")})
        else:
            text = msg("{seat} checks for the {card}: failed.", seat=ctx.name(i), card=label,
                       you={"seat": N_("Your check for the {card}: failed.")})
        ctx.say("check", text, seat=ctx.name(i), card=value)
        return value == "pass"

    def sample_check(self, char) -> dict:
        return {"check": "pass"}

    def needs_target(self, card, m) -> bool:
        return not (card.kind == "bang" and m.opts.get("destiny") == "hit_all")

    def resolve(self, ctx, i, card, played, m, effect, ask=None) -> None:
        if card is None and m.opts.get("destiny") is not None:
            raise Refusal("destiny_unavailable", msg("Taking the hit plays no card: no Encounter "
                                                      "with Destiny."), "answer.pending")
        resolve(ctx, i, card, played, m, effect, ask)

    playouts = playout.StarWarsPlayouts()


def custom(name: str, energy: int) -> Character:
    return Character(name, energy, data.CUSTOM_TEXT, "sw.ability.custom")


RULES = StarWars()
