"""The base game's home, and the shape every ruleset has: the data the core reads and
the hooks it calls. Another ruleset subclasses `Ruleset` and changes what differs.
"""
from __future__ import annotations

from ..cards import BASE, CardTable
from ..characters import BASE_CHARS, Character, CharacterTable


class Ruleset:
    name = "base"
    title = "BANG! (base game)"
    hint = "4 to 7 players, 16 characters"
    cards: CardTable = BASE
    characters: CharacterTable = BASE_CHARS
    roles = ("sheriff", "deputy", "outlaw", "renegade")
    leader = "sheriff"            # the public role: plays first, one more life point
    leader_bonus = 1
    role_mix = {
        4: ("sheriff", "renegade", "outlaw", "outlaw"),
        5: ("sheriff", "renegade", "outlaw", "outlaw", "deputy"),
        6: ("sheriff", "renegade", "outlaw", "outlaw", "outlaw", "deputy"),
        7: ("sheriff", "renegade", "outlaw", "outlaw", "outlaw", "deputy", "deputy"),
    }
    goals = {
        "sheriff": "Survive and clear the town: every Outlaw and the Renegade must fall.",
        "deputy": "Keep the Sheriff alive and help him take down the Outlaws and the Renegade. "
                  "Nobody knows you are on his side.",
        "outlaw": "Bring down the Sheriff. The Outlaws win together when he falls, even those "
                  "already out of the game (unless the Renegade is then the last one standing).",
        "renegade": "Be the last one standing: let the others thin out, and face the Sheriff "
                    "alone at the end.",
    }
    sides = {"sheriff": "The Sheriff and the Deputies win.", "outlaws": "The Outlaws win.",
             "renegade": "The Renegade wins alone."}
    # The words a page uses for this game (the engine's own sentences use them too).
    words = {"life": "life", "check": "draw!", "character": "character",
             "leader": "Sheriff", "no_jail_on_leader": "The Sheriff cannot be put in Jail.",
             "default_weapon": "Colt .45"}
    features: dict = {}          # what a page may show: {"feats": True, ...}
    partials: dict = {"host": (), "phone": ()}    # page parts only this ruleset needs
    referee_moves: dict = {}     # extra move kinds: {"perform": fn(ctx, move, seat)}
    tracker_moves: dict = {}

    # -- setup -----------------------------------------------------------------------
    def character(self, state, i: int) -> Character:
        """The character (or ability card) in force for seat i."""
        return self.characters.get(state.seats[i].character)

    def max_life(self, role: str, ch: Character) -> int:
        return ch.life + (self.leader_bonus if role == self.leader else 0)

    def start_hand(self, k: int, leader_at: int, n: int, max_life: int, ch: Character,
                   options: dict) -> int:
        """Cards dealt to the k-th seat of n: as many as the starting life (the
        `sheriff_hand` option: only the character's own bullets)."""
        return max_life if options.get("sheriff_hand", "life") == "life" else ch.life

    def deal_extra(self, header: dict, rng) -> None:
        """What a new game's header holds besides the seats (Legends: the first Feat)."""

    def read_extra(self, record: dict, state, need) -> None:
        """Read the header keys only this ruleset has; `need(cond, where, message)`."""
        raw = record.get("feats", [])
        need(isinstance(raw, list), "feats", "a list of revealed Feats")
        need(not raw, "feats", "Feats belong to the legends ruleset")

    # -- the game ------------------------------------------------------------------------
    def hand_limit(self, life: int) -> int:
        return max(0, life)

    def winner(self, state) -> str | None:
        """Who has won, judged from the roles still alive."""
        living = [s for s in state.seats if s.alive]
        roles = {s.role for s in living}
        if not any(s.role == "sheriff" for s in state.seats):
            return None                      # a record without a sheriff never ends by roles
        if "sheriff" not in roles:
            if len(living) == 1 and living[0].role in ("renegade", "unknown"):
                return "renegade" if living[0].role == "renegade" else None
            return "outlaws"
        if not roles & {"outlaw", "renegade", "unknown"}:
            return "sheriff"
        return None

    def settle(self, ctx, i: int, source: int | None, card: str) -> None:
        """Rewards and penalties after seat i was eliminated by `source` with `card`."""
        seat = ctx.s.seats[i]
        if source is None or source == i or not ctx.s.seats[source].alive:
            return
        killer = ctx.s.seats[source]
        if seat.role == "outlaw":
            ctx.gain(source, 3, "reward for eliminating an Outlaw")
        elif seat.role == "deputy" and killer.role == "sheriff":
            killer.hand, killer.in_play = 0, []
            ctx.say("penalty", f"{killer.name}, the Sheriff, eliminated a Deputy and "
                    "discards every card in hand and in play.", seat=killer.name)
            ctx.refill(source)

    # -- what pages are told -------------------------------------------------------------
    def seat_view(self, state, i: int) -> dict:
        """Fields of a seat's public row that only this ruleset has."""
        return {}

    def phone_extras(self, state, seat: str) -> dict:
        """Fields of a phone's `me` that only this ruleset has."""
        return {"feats": []}

    def playout_moves(self, rng, state, by: str, phase: str) -> list[dict]:
        """Moves of this ruleset's own kinds for the random games."""
        return []
