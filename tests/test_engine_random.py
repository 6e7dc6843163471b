"""1,000 seeded random games played to the end, with invariants checked after every move."""
import pytest

from engine import Refusal, apply, replay, winners
from engine.playout import random_game
from helpers import check_invariants

GAMES = 1000


@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_random_games_end_with_a_winner(block):
    for seed in range(block * GAMES // 10, (block + 1) * GAMES // 10):
        header, moves, final = random_game(seed, on_move=check_invariants)
        assert final.winner in ("sheriff", "outlaws", "renegade"), f"seed {seed} did not end"


@pytest.mark.slow
@pytest.mark.parametrize("block", range(3))
def test_random_legends_games_end_with_a_winner(block):
    for seed in range(block * 100, (block + 1) * 100):
        header, moves, final = random_game(seed, on_move=check_invariants, ruleset="legends")
        assert final.winner in ("sheriff", "outlaws", "renegade"), f"seed {seed} did not end"


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 8])
@pytest.mark.parametrize("ruleset", ["base", "legends"])
def test_random_three_and_eight_player_games_end_with_a_winner(ruleset, players):
    """The official 3- and 8-player games (issue 29) played to the end: at three a single
    winner, alive (his target's final hit or the last one standing); at eight the usual
    sides, and a Renegade's win names the one left standing alone."""
    for seed in range(60):
        header, moves, final = random_game(seed, players=players, ruleset=ruleset,
                                           on_move=check_invariants)
        won = [final.seats[k] for k in winners(final)]
        if players == 3:
            assert final.winner in ("deputy", "outlaw", "renegade"), f"seed {seed}"
            assert len(won) == 1 and won[0].alive and won[0].role == final.winner
        else:
            assert final.winner in ("sheriff", "outlaws", "renegade"), f"seed {seed}"
            if final.winner == "renegade":
                assert len(won) == 1 and won[0].alive and sum(s.alive for s in final.seats) == 1
        assert replay({**header, "moves": moves}).to_dict() == final.to_dict()


def test_a_random_game_replays_to_the_same_state():
    header, moves, final = random_game(12345)
    assert replay({**header, "moves": moves}).to_dict() == final.to_dict()


def test_refused_moves_leave_the_state_untouched():
    header, moves, final = random_game(7)
    state = replay({**header, "moves": moves[:40]})
    snapshot = state.to_dict()
    for bad in ({"by": "Ann", "play": "Gatling", "target": "Bob"},
                {"by": "Bob", "respond": "Beer"},
                {"by": state.seats[state.turn].name, "end_turn": {"discard": 99}},
                {"by": "Nobody", "draw": {}}):
        with pytest.raises(Refusal):
            apply(state, bad)
        assert state.to_dict() == snapshot


@pytest.mark.slow
@pytest.mark.parametrize("block", range(3))
def test_random_star_wars_games_end_with_a_winner(block):
    """300 Star Wars games: the invariants after every move, and an end by the edition's
    own sides."""
    for seed in range(block * 100, (block + 1) * 100):
        header, moves, final = random_game(seed, on_move=check_invariants, ruleset="starwars")
        assert final.winner in ("empire", "rebels", "bounty_hunter"), f"seed {seed} did not end"
        vader = next(s for s in final.seats if s.role == "vader")
        if not vader.alive:
            assert final.winner in ("rebels", "bounty_hunter")
        if final.winner == "bounty_hunter":
            assert [s.role for s in final.seats if s.alive] == ["bounty_hunter"]


@pytest.mark.slow
def test_random_star_wars_games_use_the_edition():
    """The random games reach the edition's own moves: Destiny, checks, Tempered, ranges."""
    seen = set()
    for seed in range(60):
        _, moves, _ = random_game(seed, ruleset="starwars")
        for m in moves:
            seen.update(k for k in ("destiny", "range", "first") if k in m)
            if m.get("check") in ("pass", "fail"):
                seen.add("check")
            if isinstance(m.get("ability"), dict):
                seen.update(m["ability"])
    assert {"destiny", "range", "first", "check", "repeat", "discard"} <= seen, seen
