#!/usr/bin/env python3
"""graphgo's Python benchmark (not a test): random games on 9x9 and 19x19 grids played
through the module, turns per second from Python against the same games replayed in Rust.

The games are graphgo's light playouts (`graphgo::bench::recorded_games`, the games
`graphgo bench` replays), recorded once. Rust replays them with
`graphgo::bench::replay_games` (start each game, then play and observe every turn through
the Playable trait); Python replays the same turns with `Game.play`, one call a turn (which
also returns what the turn removed), and with `Game.play_all`, one call a game. The two are
measured in pairs, alternating which goes first, several rounds; the script prints the
range of each and of the ratio (this machine is shared and noisy: compare ranges, not
single numbers).

    python python/bench.py                  # 9x9 and 19x19, the engine, 5 rounds
    python python/bench.py --rounds 9 --games 400 --sizes 9
"""

import argparse
import statistics
import time

import graphgo
from graphgo import _graphgo


def one_turn_a_call(game, moves):
    play = game.play
    for move in moves:
        play(move)


def one_game_a_call(game, moves):
    game.play_all(moves)


def python_replay(size, options, games, engine, replay):
    """Replays `games` from Python, each started as Rust starts it (komi 15/2, as
    graphgo::bench::replay_games): (turns, seconds)."""
    turns = 0
    start = time.perf_counter()
    for moves in games:
        game = graphgo.Game("ggg1", {"grid": [size, size]}, komi="15/2", options=options,
                            engine=engine)
        replay(game, moves)
        turns += len(moves)
    return turns, time.perf_counter() - start


def spread(values, unit=""):
    low, high = min(values), max(values)
    return f"{low:,.0f} to {high:,.0f}{unit} (median {statistics.median(values):,.0f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[9, 19])
    parser.add_argument("--games", type=int, default=None,
                        help="games per round (default: 300 on 9x9, 40 on 19x19)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", choices=["engine", "spec"], default="engine")
    parser.add_argument("--rules", choices=["light", "ggg1"], default="light",
                        help="light: the reference bot's rules (no suicide, simple ko); "
                             "ggg1: self-capture and positional superko")
    args = parser.parse_args()
    ggg1 = args.rules == "ggg1"
    for size in args.sizes:
        count = args.games or (300 if size <= 9 else 40)
        options, games = _graphgo.random_games(size, count, args.seed, ggg1)
        total = sum(len(g) for g in games)
        print(f"{size}x{size}, {args.rules} rules, {args.engine}: {count} games, {total} turns "
              f"(mean {total / count:.1f}), {args.rounds} rounds")
        rates = {"rust": [], "python play": [], "python play_all": []}
        ratios = {"python play": [], "python play_all": []}
        for r in range(args.rounds):
            measured = {}
            order = ["rust", "python play", "python play_all"]
            if r % 2:
                order.reverse()
            for side in order:
                if side == "rust":
                    turns, seconds = _graphgo.replay_in_rust(size, count, args.seed, ggg1,
                                                             args.engine)
                else:
                    replay = one_turn_a_call if side == "python play" else one_game_a_call
                    turns, seconds = python_replay(size, options, games, args.engine, replay)
                assert turns == total, (side, turns, total)
                measured[side] = turns / seconds
            for side, rate in measured.items():
                rates[side].append(rate)
            for side in ratios:
                ratios[side].append(measured["rust"] / measured[side])
        for side, values in rates.items():
            line = f"  {side:<16} {spread(values, ' turns/s')}"
            if side in ratios:
                low, high = min(ratios[side]), max(ratios[side])
                line += f"; Rust is {low:.2f}x to {high:.2f}x as fast (paired)"
            print(line)


if __name__ == "__main__":
    main()
