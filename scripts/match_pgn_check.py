#!/usr/bin/env python3
"""Checks the referee of `chimera match` against python-chess on a PGN of orthodox chess games:
every move is legal, no game went on past a rules ending (mate, stalemate, insufficient material,
threefold repetition, the 50-move rule), and every game ended by the rules ("normal") really did,
with that result. Prints one line per problem and a summary; exits 1 if there was a problem.

Usage: scripts/match_pgn_check.py GAMES.pgn
"""
import sys

import chess
import chess.pgn


def ended(board):
    """The result by the rules, or None (draws as soon as they can be claimed)."""
    if board.is_checkmate():
        return "0-1" if board.turn == chess.WHITE else "1-0"
    if (board.is_stalemate() or board.is_insufficient_material() or board.is_repetition(3)
            or board.halfmove_clock >= 100):
        return "1/2-1/2"
    return None


def main():
    problems = games = plies = 0
    with open(sys.argv[1]) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            games += 1
            name = f"game {game.headers.get('Round')}"
            if game.errors:
                print(f"{name}: unreadable: {game.errors}")
                problems += 1
                continue
            board = game.board()
            moves = list(game.mainline_moves())
            for i, move in enumerate(moves):
                if ended(board):
                    print(f"{name}: went on after the end ({ended(board)}) at ply {i}")
                    problems += 1
                    break
                board.push(move)
                plies += 1
            result = game.headers["Result"]
            if game.headers["Termination"] == "normal" and ended(board) != result:
                print(f"{name}: {result} by the rules, but python-chess says {ended(board)}")
                problems += 1
    print(f"{games} games, {plies} plies checked, {problems} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
