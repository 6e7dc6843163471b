"""A table: its lobby, its secrets, its current game and the move log behind it.

The move log is the truth. `Table.state` is only a cache of "the header with every
live move replayed through the engine"; it is rebuilt that way on start and on undo.
Every change is committed to storage first and put in memory after, so a failed write
leaves the table as it was. Callers run a change through `table.act(fn)`, which holds
`table.lock` (also around the snapshots that follow, see `companion.sockets`).

Several server processes may share one database (a hosted server). Then no process
owns a table: each one keeps its copy, checks the stored version before it acts
(`sync`), and a change that another process beat to the database (`Behind`) is run
again on the reloaded table.

A table nobody used for a long time is closed (companion/expiry.py): `closed_at` is
set, every change is refused (`table_closed`) and the table leaves memory; only its
host's export still reads it.
"""
from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
import time
import unicodedata

import engine

from . import games
from engine.say import msg, plural

from .errors import Problem, said
from .names import looks_like, skeleton
from .storage import Behind

log = logging.getLogger(__name__)

NAME_MAX = 20
REVOKED_KEPT = 5
# "Not possible while the table is ...": one whole sentence per stage of a table
NOT_WHILE = {"lobby": msg("Not possible while the table is in the lobby."),
             "playing": msg("Not possible while the game is being played."),
             "over": msg("Not possible now: the game is over.")}
TRIES = 5              # a change that keeps losing the race to other processes gives up


def new_secret() -> str:
    """A fresh secret of 192 bits, URL-safe."""
    return secrets.token_urlsafe(24)


def digest(secret: str) -> str:
    """What storage keeps of a secret: its SHA-256, never the secret itself."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def clean_name(raw: object) -> str:
    """A player's name, trimmed and with inner spaces collapsed. Raises Problem."""
    if not isinstance(raw, str):
        raise Problem("bad_name", msg("Type a name."))
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not name:
        raise Problem("bad_name", msg("Type a name."))
    if len(name) > NAME_MAX:
        raise Problem("bad_name", plural("A name has at most {n} character.",
                                         "A name has at most {n} characters.", NAME_MAX))
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise Problem("bad_name", msg("A name cannot hold control characters."))
    if skeleton(name) == "host":
        raise Problem("bad_name", msg("'host' is kept for the host's corrections."))
    return name


class Table:
    """One table of one server. All methods that change it need `self.lock` held."""

    def __init__(self, row: dict, storage, shared: bool = False) -> None:
        self._set_row(row)
        self.created_at: float = row["created_at"]
        self.lock = threading.RLock()
        self._storage = storage
        self.shared = shared           # other processes may change it in storage
        self.moves: list[dict] = []
        self.state: engine.State | None = None
        self.log: list[dict] = []
        self.answers: dict = {}        # read-only answers of one state (companion.referee)

    def _set_row(self, row: dict) -> None:
        self.id: str = row["id"]
        self.host_hash: str = row["host_hash"]
        self.status: str = row["status"]
        self.ruleset: str = row["ruleset"]
        self.mode: str = row["mode"]
        self.lobby: list[dict] = row["lobby"]
        self.game: int = row["game"]
        self.header: dict | None = row["header"]
        self.version: int = row["version"]
        self.closed_at: float | None = row.get("closed_at")

    # -- several processes ------------------------------------------------------------
    def sync(self, closed_ok: bool = False) -> bool:
        """Catch up with changes another process stored (hold the lock). True if the
        table was reloaded. A no-op when this process is the database's only user.
        Raises Problem (table_closed) for a closed table, unless `closed_ok`."""
        reloaded = False
        if self.shared and self._storage.version(self.id) != self.version:
            self.reload()
            reloaded = True
        if self.closed_at is not None and not closed_ok:
            raise Problem("table_closed")
        return reloaded

    def reload(self) -> None:
        """Read the row and the current game's log again, and replay it."""
        row = self._storage.load(self.id)
        if row is None:
            raise Problem("no_table")
        self._set_row(row)
        self.moves, self.state, self.log = [], None, []
        self.load_moves()

    def act(self, fn, look_first: bool = True):
        """`fn()` with the lock held, on a table current with storage; run again on
        the reloaded table when another process stored a change first. Returns what
        `fn` returns. `fn` must change nothing before its write (every method here
        writes first).

        `look_first=False` (a move): no look at the stored version before; the write
        itself finds out (`Behind`), and so does a refusal, which is given only once
        the table is known to be current. That saves a round trip per move."""
        with self.lock:
            if look_first:
                self.sync()
            for _ in range(TRIES):
                if self.closed_at is not None:
                    raise Problem("table_closed")
                try:
                    return fn()
                except Behind:
                    log.info("table %s changed in another process: reloaded", self.id)
                    self.reload()
                except (Problem, engine.Refusal, engine.RecordError):
                    if look_first or not self.sync():    # refused on an old copy?
                        raise
                    look_first = True                    # no: current now, ask again
            raise Problem("busy")

    # -- reading ----------------------------------------------------------------------
    @property
    def parts(self) -> tuple[str, ...]:
        """The parts this table's game is composed with (its header's; none chosen yet in
        the lobby: an event deck comes with the deal's options)."""
        return tuple((self.header or {}).get("parts") or ())

    @property
    def player_counts(self) -> tuple[int, ...]:
        """How many players this table may be dealt for (engine/parts.py): in the lobby,
        its ruleset's counts with any part the host may still choose (the deal checks the
        ones chosen); once dealt, its game's composed ruleset's (the header's parts)."""
        if self.header:
            return engine.player_counts(self.ruleset, self.parts)
        return engine.choosable_counts(self.ruleset)

    def row(self, **changes) -> dict:
        row = {"id": self.id, "host_hash": self.host_hash, "status": self.status,
               "ruleset": self.ruleset, "mode": self.mode, "lobby": self.lobby,
               "game": self.game, "header": self.header, "version": self.version,
               "created_at": self.created_at}
        row.update(changes)
        row["version"] = self.version + 1
        return row

    def is_host(self, secret: object) -> bool:
        return isinstance(secret, str) and hmac.compare_digest(digest(secret), self.host_hash)

    def entry(self, lobby_id: object) -> dict:
        for e in self.lobby:
            if e["id"] == lobby_id:
                return e
        raise Problem("bad_request", msg("No such player in the lobby."))

    def entry_named(self, name: object) -> dict:
        if isinstance(name, str):
            for e in self.lobby:
                if e["name"].casefold() == name.strip().casefold():
                    return e
        raise Problem("bad_request", msg("No player called '{name}' at this table.",
                                         name=name if isinstance(name, str) else repr(name)[:40]))

    def entry_for_token(self, token: object) -> dict:
        """The lobby entry a seat token belongs to. Raises Problem (bad_token, revoked)."""
        if not isinstance(token, str) or not 16 <= len(token) <= 100:
            raise Problem("bad_token")
        h = digest(token)
        for e in self.lobby:
            if hmac.compare_digest(e["token"], h):
                return e
        if any(h in e.get("revoked", ()) for e in self.lobby):
            raise Problem("revoked")
        raise Problem("bad_token")

    @property
    def phase(self) -> str:
        """The status the clients see: a game the engine has decided is `over`."""
        if self.status == "playing" and self.state is not None and self.state.winner:
            return "over"
        return self.status

    def live_moves(self) -> list[dict]:
        return [m["move"] for m in self.moves if not m["undone"]]

    @property
    def live_count(self) -> int:
        """How many moves of this game stand (not taken back)."""
        return len(self.moves) - self.undone_count

    @property
    def undone_count(self) -> int:
        return self._undone

    @property
    def moves(self) -> list[dict]:
        return self._moves

    @moves.setter
    def moves(self, value: list[dict]) -> None:
        # counted when the log is set, not at every move: an entry is never changed in
        # place, and one that `apply` appends is neither taken back nor marked for a redo
        self._moves = value
        self._undone = sum(1 for m in value if m["undone"])
        self._redo = any(m.get("redo") for m in value)

    # -- loading ----------------------------------------------------------------------
    def load_moves(self) -> None:
        """Read the current game's log and rebuild the state from it (on start)."""
        if self.header is not None:
            vocab = engine.rules_of(self.header).vocab       # its ruleset with its parts
            self.moves = [dict(m, move=games.canonical(m["move"], vocab))
                          for m in self._storage.moves(self.id, self.game)]
            self.state, self.log = games.replay(self.header, self.moves)

    def _save(self, row: dict, **kw) -> None:
        self._storage.save(row, **kw)
        self.version = row["version"]
        self.status, self.lobby = row["status"], row["lobby"]
        self.game, self.header = row["game"], row["header"]

    def create(self) -> None:
        self._save(self.row())

    # -- the lobby --------------------------------------------------------------------
    def _need(self, *statuses: str) -> None:
        if self.status not in statuses:
            raise Problem("wrong_status", NOT_WHILE.get(self.status)
                          or msg("Not possible at this stage of the table."))

    def join(self, raw_name: object) -> tuple[dict, str]:
        """A new lobby entry. Returns (entry, its seat token). Raises Problem."""
        self._need("lobby")
        name = clean_name(raw_name)
        twin = looks_like(name, [e["name"] for e in self.lobby])
        if twin is not None:
            raise Problem("bad_name", msg("Someone called {twin} already sits at this table.",
                                          twin=twin)
                          if twin.casefold() == name.casefold() else
                          msg("{name} looks too much like {twin}, who already sits at this "
                              "table: choose another name.", name=name, twin=twin))
        most = max(self.player_counts)
        if len(self.lobby) >= most:
            raise Problem("table_full", plural("This table already has {n} player.",
                                               "This table already has {n} players.", most))
        token = new_secret()
        taken = {e["id"] for e in self.lobby}
        lobby_id = secrets.token_hex(3)
        while lobby_id in taken:
            lobby_id = secrets.token_hex(3)
        entry = {"id": lobby_id, "name": name, "token": digest(token), "claim": None,
                 "revoked": []}
        self._save(self.row(lobby=self.lobby + [entry]))
        return entry, token

    def order(self, ids: object) -> None:
        """Put the lobby in this clockwise order (a permutation of its ids)."""
        self._need("lobby")
        if (not isinstance(ids, list) or not all(isinstance(i, str) for i in ids)
                or sorted(ids) != sorted(e["id"] for e in self.lobby)):
            raise Problem("bad_request", msg("The order must list every lobby id once."))
        by_id = {e["id"]: e for e in self.lobby}
        self._save(self.row(lobby=[by_id[i] for i in ids]))

    def kick(self, lobby_id: object) -> dict:
        """Remove a lobby entry before the deal; returns it."""
        self._need("lobby")
        gone = self.entry(lobby_id)
        self._save(self.row(lobby=[e for e in self.lobby if e is not gone]))
        return gone

    def reseat(self, seat: object) -> str:
        """A one-time claim code that moves this seat to a new phone."""
        entry = self.entry_named(seat)
        code = new_secret()
        lobby = [dict(e, claim=digest(code)) if e is entry else e for e in self.lobby]
        self._save(self.row(lobby=lobby))
        return code

    def claim(self, code: object) -> tuple[dict, str, str]:
        """Use a claim code: (entry, new token, revoked token digest). Raises Problem."""
        if not isinstance(code, str) or len(code) > 100:
            raise Problem("bad_token")
        h = digest(code)
        for e in self.lobby:
            if e.get("claim") and hmac.compare_digest(e["claim"], h):
                token = new_secret()
                new = dict(e, token=digest(token), claim=None, unclaimed=False,
                           revoked=(e.get("revoked", []) + [e["token"]])[-REVOKED_KEPT:])
                self._save(self.row(lobby=[new if x is e else x for x in self.lobby]))
                return new, token, e["token"]
        raise Problem("bad_token", msg("This claim code is not valid (or was used already)."))

    def choose_character(self, lobby_id: str, value: object) -> None:
        """A player names the character (ability card) they drew, from their phone in the
        lobby (null: dealt by the app). The host's choice at the deal comes first."""
        self._need("lobby")
        if value is not None:
            games.characters_by_seat(self, {lobby_id: value})      # the shape, or Problem
            rules = engine.rules_of(self.ruleset)
            name = value.get("name") if isinstance(value, dict) else value
            if (isinstance(value, dict) and not rules.data.features.get("custom_abilities")
                    or not name.strip() or len(name) > 30):
                raise Problem("bad_request", msg("Name one of this game's characters (30 "
                                                 "letters at most)."))
            try:
                rules.records.dealt_character(rules, value)
            except engine.Refusal as e:
                raise Problem("bad_request", said(e)) from None
        entry = self.entry(lobby_id)
        new = {k: v for k, v in entry.items() if k != "character"}
        if value is not None:
            new["character"] = value
        self._save(self.row(lobby=[new if e is entry else e for e in self.lobby]))

    # -- the game ---------------------------------------------------------------------
    def deal(self, characters: object = None, options: object = None) -> None:
        """Deal a first game to the lobby, in its order. Raises Problem."""
        self._need("lobby")
        names = [e["name"] for e in self.lobby]
        own = {e["name"]: e["character"] for e in self.lobby if e.get("character")}
        by_seat = {**own, **(games.characters_by_seat(self, characters) or {})} or None
        header = games.deal(names, ruleset=self.ruleset, mode=self.mode,
                            characters=by_seat, options=options,
                            parts=games.chosen_parts(options))
        self._start(header)

    def new_game(self, keep_characters: bool | str, rotate_sheriff: bool) -> None:
        """Deal again to the same seats. Raises Problem."""
        self._need("playing", "over")
        header = games.redeal(self.header, self.state, keep_characters=keep_characters,
                              rotate_sheriff=rotate_sheriff)
        scores = self.scores()                    # the evening's score goes on to the next
        if scores:
            header["scores"] = scores
        self._start(header)

    def _start(self, header: dict) -> None:
        state, log_lines = games.replay(header, [])
        self._save(self.row(status="playing", game=self.game + 1, header=header))
        self.moves, self.state, self.log = [], state, log_lines

    def apply(self, by: str, move: dict) -> list[dict]:
        """Check `move` by `by` (a seat name or "host") with the engine, log it, keep it.

        Raises Problem, engine.Refusal or engine.RecordError; nothing changes then.
        """
        if self.status == "lobby":
            raise Problem("wrong_status", msg("The game has not been dealt yet."))
        if self.status == "over":
            raise Problem("wrong_status", msg("The host ended this game."))
        parsed = engine.Move.from_dict(dict(move, by=by), self.state.rules.vocab)
        state, events = engine.apply(self.state, parsed)
        seq = len(self.moves) + 1
        # the log holds the move as the engine read it, never what the client sent
        entry = {"seq": seq, "at": time.time(), "move": parsed.to_dict(), "undone": False}
        # a new move: what the host took back can no longer be redone
        drop = self._redo
        self._save(self.row(), move=entry, drop=drop)
        if drop:
            self.moves = [dict(m, redo=False) if m.get("redo") else m for m in self.moves]
        self.moves.append(entry)
        self.state = state
        games.add_lines(self.log, games.log_lines(seq, events))
        return events

    def start_from_record(self, header: dict, moves: list[dict]) -> None:
        """A table made from a record: its header is the game, its moves the log."""
        self._start(header)
        for move in moves:
            seq = len(self.moves) + 1
            entry = {"seq": seq, "at": time.time(), "move": move, "undone": False}
            self._save(self.row(), move=entry)
            self.moves.append(entry)
        self.state, self.log = games.replay(self.header, self.moves)

    def undo(self) -> dict:
        """Take back the last live move (replay without it). Returns that move."""
        self._need("playing")
        live = [m for m in self.moves if not m["undone"]]
        if not live:
            raise Problem("nothing_to_undo")
        last = live[-1]
        moves = [dict(m, undone=True, redo=True) if m is last else m for m in self.moves]
        state, log_lines = games.replay(self.header, moves)
        self._save(self.row(), undo=last["seq"])
        self.moves, self.state, self.log = moves, state, log_lines
        return last["move"]

    def _redoable(self) -> dict | None:
        """The move a redo brings back: the first of those taken back after the last
        live move, while no new move has been made since (their `redo` flag)."""
        after = max((m["seq"] for m in self.moves if not m["undone"]), default=0)
        kept = [m for m in self.moves if m.get("redo") and m["undone"] and m["seq"] > after]
        return kept[0] if kept else None

    @property
    def can_redo(self) -> bool:
        return self.status == "playing" and self._redoable() is not None

    def redo(self) -> dict:
        """Bring back the move the last undo took back (replay with it). Refused once a
        new move was made after the undo. Returns that move."""
        self._need("playing")
        back = self._redoable()
        if back is None:
            raise Problem("nothing_to_redo")
        moves = [dict(m, undone=False, redo=False) if m is back else m for m in self.moves]
        state, log_lines = games.replay(self.header, moves)
        self._save(self.row(), redo=back["seq"])
        self.moves, self.state, self.log = moves, state, log_lines
        return back["move"]

    @property
    def last_mover(self) -> str | None:
        """The seat that made the game's last live move itself (not the host for it)."""
        if self.status != "playing":
            return None
        last = next((m["move"] for m in reversed(self.moves) if not m["undone"]), {})
        by = last.get("by")
        return by if by and str(by).casefold() != "host" and not last.get("host") else None

    def take_back(self, name: str) -> dict:
        """A player takes back his own last move, if it is the table's last live move
        (nobody, the host included, acted since) and he made it himself."""
        self._need("playing")
        if (self.last_mover or "").casefold() != name.casefold():
            raise Problem("not_yours")
        return self.undo()

    def end_game(self) -> None:
        """The host ends the game: every role is shown."""
        self._need("playing")
        self._save(self.row(status="over"))

    def story(self) -> dict | None:
        """The finished game's story (companion.games.story), built once per game."""
        if self.phase != "over" or not self.header:
            return None
        key = (self.game, self.version)
        if getattr(self, "_story_key", None) != key:
            self._story_key = key
            self._story = games.story(self.header, self.moves)
        return self._story

    def scores(self) -> dict | None:
        """The running score of the games played at this table since it opened (games won
        per player, by role), the current game included once it is over."""
        past = (self.header or {}).get("scores")
        story = self.story()
        if story is not None and story["winner"]:
            return games.add_score(past, story)
        return past or None

    def roles(self) -> list[dict]:
        """Every seat's role, for a game that is over (and only then)."""
        if self.phase != "over" or not self.header:
            return []
        return [{"name": s["name"], "role": s["role"]} for s in self.header["seats"]]


class Tables:
    """Every table of this server, in memory, backed by storage."""

    def __init__(self, storage, shared: bool = False) -> None:
        self._storage = storage
        self.shared = shared          # several processes share the storage
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()
        for row in storage.load_all():
            self._add(row)

    def _add(self, row: dict) -> Table | None:
        table = Table(row, self._storage, self.shared)
        try:
            table.load_moves()
        except Exception:   # one broken table must not keep the others from starting
            log.exception("table %s could not be loaded", row["id"])
            return None
        with self._lock:
            return self._tables.setdefault(table.id, table)

    def get(self, table_id: object, closed_ok: bool = False) -> Table:
        """The table with this id (one another process made is read from storage).
        Raises Problem (no_table; table_closed, unless `closed_ok`: then a closed table
        is read from storage for its export, and not kept)."""
        table = self._tables.get(table_id) if isinstance(table_id, str) else None
        if table is None and isinstance(table_id, str) and len(table_id) < 40:
            row = self._storage.load(table_id)
            if row is not None and row["closed_at"] is not None:
                if not closed_ok:
                    raise Problem("table_closed")
                table = Table(row, self._storage, self.shared)
                table.load_moves()
            elif row is not None and self.shared:
                table = self._add(row)
        if table is None:
            raise Problem("no_table")
        if table.closed_at is not None and not closed_ok:
            raise Problem("table_closed")
        return table

    def all(self) -> list[Table]:
        """Every open table; with other processes, as storage has them now."""
        if self.shared:
            known = set(self._tables)
            for row in self._storage.load_all():
                if row["id"] not in known:
                    self._add(row)
            for table in list(self._tables.values()):
                with table.lock:
                    table.sync(closed_ok=True)
        with self._lock:
            closed = [t.id for t in self._tables.values() if t.closed_at is not None]
        self.forget(closed)
        with self._lock:
            return list(self._tables.values())

    def forget(self, table_ids, at: float | None = None) -> None:
        """Let closed tables go from memory (companion/expiry.py); a handler that still
        holds one finds it closed."""
        for table_id in table_ids:
            with self._lock:
                table = self._tables.pop(table_id, None)
            if table is not None and table.closed_at is None:
                table.closed_at = time.time() if at is None else at

    def create_from_record(self, text: object) -> tuple[Table, str]:
        """A table whose game is a record's (docs/record-format.md), replayed: its seats
        wait for phones, each through a claim code the host hands out. Raises Problem."""
        header, moves = games.from_record(text)
        seated: list[str] = []
        for seat in header["seats"]:
            try:
                clean_name(seat["name"])
            except Problem as p:
                raise Problem("bad_record", msg("Seat '{seat}': {why}", seat=str(seat["name"]),
                                                why=p.say, you={})) from None   # a record's seat
            twin = looks_like(seat["name"], seated)
            if twin is not None:
                raise Problem("bad_record", msg("Seat '{seat}' looks too much like '{twin}'.",
                                                seat=str(seat["name"]), twin=twin, you={}))
            seated.append(seat["name"])
        table, secret = self.create(header["ruleset"], header["mode"])
        with table.lock:              # a new table: no other process knows its id yet
            lobby = [{"id": secrets.token_hex(3) + str(k), "name": s["name"],
                      "token": digest(new_secret()), "claim": None, "revoked": [],
                      "unclaimed": True} for k, s in enumerate(header["seats"])]
            table._save(table.row(lobby=lobby))
            table.start_from_record(header, moves)
        return table, secret

    def create(self, ruleset: str = "base", mode: str = "tracker") -> tuple[Table, str]:
        """A new empty table. Returns (table, host secret)."""
        if ruleset not in games.RULESETS or mode not in games.MODES:
            raise Problem("bad_request", msg("Unknown ruleset or mode."))
        secret = new_secret()
        with self._lock:
            for _ in range(TRIES):
                table_id = secrets.token_hex(4)
                while table_id in self._tables:
                    table_id = secrets.token_hex(4)
                row = {"id": table_id, "host_hash": digest(secret), "status": "lobby",
                       "ruleset": ruleset, "mode": mode, "lobby": [], "game": 0,
                       "header": None, "version": 0, "created_at": time.time()}
                table = Table(row, self._storage, self.shared)
                try:
                    table.create()
                except Behind:        # another process took this id a moment ago
                    continue
                self._tables[table_id] = table
                return table, secret
        raise Problem("busy")
