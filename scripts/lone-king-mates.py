#!/usr/bin/env python3
"""Does an engine mate a lone king? Random positions, the engine playing both sides.

    scripts/lone-king-mates.py ENGINE PIECES [--games N] [--ms T] [--seed S]

PIECES are the stronger side's men besides its king, as FEN letters (`R`, `Q`, `BB`, `BN`).
Each game starts from a random legal position of White's king and PIECES against Black's lone
king, either side to move, and the engine plays both sides at T milliseconds a move (default
30) until the game ends (fifty-move rule and repetition claimed). Prints how many of the N
games (default 20) ended in mate, and each one that did not. Two bishops may stand on one
colour (no mate): use the same seed to compare engines. Needs python-chess.
"""
import argparse
import random

import chess
import chess.engine


def random_position(rng, pieces):
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), 2 + len(pieces))
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for square, symbol in zip(squares[2:], pieces):
            board.set_piece_at(square, chess.Piece.from_symbol(symbol))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        hanging = board.turn == chess.BLACK and any(board.is_capture(m) for m in board.legal_moves)
        if board.is_valid() and not board.is_check() and not board.is_game_over() and not hanging:
            return board


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("pieces")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--ms", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    mates, plies = 0, 0
    for _ in range(args.games):
        board = random_position(rng, args.pieces)
        start = board.fen()
        while not board.is_game_over(claim_draw=True):
            board.push(engine.play(board, chess.engine.Limit(time=args.ms / 1000)).move)
        outcome = board.outcome(claim_draw=True)
        if outcome.winner == chess.WHITE:
            mates += 1
            plies += board.ply()
        else:
            print(f"not mated: {start} ({outcome.termination.name.lower()})")
    engine.quit()
    print(f"{args.pieces}: {mates}/{args.games} mated, {plies / max(1, mates):.1f} plies on average")


if __name__ == "__main__":
    main()
