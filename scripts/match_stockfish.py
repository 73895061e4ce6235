#!/usr/bin/env python3
"""A quick strength check: Chimera against Stockfish limited to a given Elo (UCI_LimitStrength),
at a short time control, colours alternating over a few opening lines. Prints each result,
then the score and an Elo estimate with a rough 95% margin.

Usage: scripts/match_stockfish.py [--games N] [--tc 10+0.1] [--elo 2000]
                                  [--chimera target/release/chimera] [--stockfish /usr/games/stockfish]
"""
import argparse
import math
import time

import chess
import chess.engine

OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6",
    "d2d4 d7d5 c2c4 e7e6",
    "e2e4 c7c5 g1f3 d7d6",
    "d2d4 g8f6 c2c4 g7g6",
    "c2c4 e7e5 b1c3 g8f6",
    "e2e4 e7e6 d2d4 d7d5",
    "e2e4 c7c6 d2d4 d7d5",
    "g1f3 d7d5 g2g3 g8f6",
]


def play(white, black, opening, base, inc):
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    clocks = {chess.WHITE: base, chess.BLACK: base}
    engines = {chess.WHITE: white, chess.BLACK: black}
    while not board.is_game_over(claim_draw=True):
        side = board.turn
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        start = time.monotonic()
        move = engines[side].play(board, limit).move
        clocks[side] -= time.monotonic() - start
        if clocks[side] < 0:
            return ("0-1" if side == chess.WHITE else "1-0"), "time forfeit", board
        clocks[side] += inc
        board.push(move)
    return board.result(claim_draw=True), board.outcome(claim_draw=True).termination.name, board


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--tc", default="10+0.1", help="seconds+increment")
    ap.add_argument("--elo", type=int, default=2000)
    ap.add_argument("--chimera", default="target/release/chimera")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    base, inc = (float(x) for x in args.tc.split("+"))

    chimera = chess.engine.SimpleEngine.popen_uci(args.chimera)
    chimera.configure({"Hash": 64, "Threads": args.threads})
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    stockfish.configure({"UCI_LimitStrength": True, "UCI_Elo": args.elo, "Hash": 64, "Threads": 1})
    points, wins, draws, losses = 0.0, 0, 0, 0
    try:
        for g in range(args.games):
            opening = OPENINGS[(g // 2) % len(OPENINGS)]
            chimera_white = g % 2 == 0
            white, black = (chimera, stockfish) if chimera_white else (stockfish, chimera)
            result, how, board = play(white, black, opening, base, inc)
            score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            mine = score if chimera_white else 1.0 - score
            points += mine
            wins += mine == 1.0
            draws += mine == 0.5
            losses += mine == 0.0
            print(f"game {g + 1}: Chimera {'white' if chimera_white else 'black'} [{opening}] "
                  f"{result} ({how}, {board.ply()} plies)", flush=True)
    finally:
        chimera.quit()
        stockfish.quit()
    n = args.games
    p = points / n
    print(f"Chimera vs Stockfish (UCI_Elo {args.elo}), {args.tc}: +{wins} ={draws} -{losses}, "
          f"score {points}/{n} ({100 * p:.1f}%)")
    if 0 < p < 1:
        elo = -400 * math.log10(1 / p - 1)
        # Standard error of the mean score, turned into Elo near p.
        var = (wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * p ** 2) / n
        se = math.sqrt(var / n)
        margin = 400 / math.log(10) * 1.96 * se / (p * (1 - p)) if se > 0 else float("inf")
        print(f"Elo difference {elo:+.0f} +- {margin:.0f} (95%), i.e. about {args.elo + elo:.0f}")
    else:
        print("Elo difference: unbounded (all games won or lost)")


if __name__ == "__main__":
    main()
