#!/usr/bin/env python3
"""Where a chess match is lost: each side's mean loss of winning chances per move, by phase.

    scripts/move-loss.py GAMES.pgn [--games N] [--nodes K] [--judge /usr/games/stockfish]

Every position of the first N games (default 60) is scored by the judge at K nodes (default
20,000), one thread; a move's loss is the fall in its player's winning chances,
1 / (1 + e^(-cp/150)), from the position before it to the one after. Moves from positions the
judge scores beyond ±600 centipawns are left out (the game is decided there). Prints, per
player (the PGN's White/Black names) and per phase (men on the board before the move), the
moves, their mean loss and how many lost more than 0.15. Needs python-chess and the judge.
"""
import argparse
import math
from collections import defaultdict

import chess
import chess.engine
import chess.pgn

PHASES = [(25, 33, "opening (25-32 men)"), (15, 25, "middlegame (15-24)"),
          (7, 15, "late middlegame (7-14)"), (0, 7, "ending (2-6)")]


def chances(cp):
    return 1 / (1 + math.exp(-cp / 150))


def white_scores(judge, positions, nodes):
    """The judge's score of each position from White's side (mates as ±10,000)."""
    scores = []
    for board in positions:
        outcome = board.outcome()
        if outcome is not None:
            scores.append(0 if outcome.winner is None else (10000 if outcome.winner else -10000))
        else:
            info = judge.analyse(board, chess.engine.Limit(nodes=nodes))
            scores.append(info["score"].white().score(mate_score=10000))
    return scores


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pgn")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--judge", default="/usr/games/stockfish")
    args = ap.parse_args()
    judge = chess.engine.SimpleEngine.popen_uci(args.judge)
    judge.configure({"Threads": 1, "Hash": 64})
    losses = defaultdict(list)  # (player, phase) -> losses
    with open(args.pgn) as pgn:
        for _ in range(args.games):
            game = chess.pgn.read_game(pgn)
            if game is None:
                break
            board = game.board()
            positions, moves = [board.copy()], list(game.mainline_moves())
            for move in moves:
                board.push(move)
                positions.append(board.copy())
            scores = white_scores(judge, positions, args.nodes)
            for i in range(len(moves)):
                white = positions[i].turn == chess.WHITE
                sign = 1 if white else -1
                before, after = sign * scores[i], sign * scores[i + 1]
                if abs(before) > 600:
                    continue
                player = game.headers["White" if white else "Black"]
                men = len(positions[i].piece_map())
                phase = next(name for lo, hi, name in PHASES if lo <= men < hi)
                losses[(player, phase)].append(chances(before) - chances(after))
    judge.quit()
    for player in sorted({p for p, _ in losses}):
        every = [x for (p, _), xs in losses.items() if p == player for x in xs]
        print(f"{player}: {len(every)} moves, mean loss {sum(every) / len(every):.4f}, "
              f"{sum(x > 0.15 for x in every)} over 0.15")
        for _, _, name in PHASES:
            xs = losses.get((player, name), [])
            if xs:
                print(f"  {name:24} {len(xs):5} moves, mean loss {sum(xs) / len(xs):.4f}, "
                      f"{sum(x > 0.15 for x in xs)} over 0.15")


if __name__ == "__main__":
    main()
