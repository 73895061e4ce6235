#!/usr/bin/env python3
"""Turn chess match PGNs (`chimera match --pgn`) into `chimera tune` data.

    scripts/pgn-to-data.py OUT.txt GAMES.pgn...

Writes datagen's text format (docs/tuning.md): `FEN | score | result | game/positions`, one
position a line, with datagen's filter: the side to move is not in check and the move played
is neither a capture nor a promotion. A PGN holds no search score, so the score field is 0:
fit such data to the results alone (`chimera tune --lambda 1`). Games lost on time and games of
other variants are skipped. Needs python-chess (`pip install chess`).
"""
import sys

import chess
import chess.pgn

RESULTS = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}


def quiet_positions(game):
    """The FENs before each move datagen would record."""
    board = game.board()
    fens = []
    for move in game.mainline_moves():
        if not board.is_check() and not board.is_capture(move) and move.promotion is None:
            fens.append(board.fen())
        board.push(move)
    return fens


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: pgn-to-data.py OUT.txt GAMES.pgn...")
    games = positions = 0
    with open(sys.argv[1], "w") as out:
        out.write("# chimera datagen variant=chess nodes=0 seed=0 random-plies=0 shard=0/1 games=0\n")
        for path in sys.argv[2:]:
            with open(path) as pgn:
                while (game := chess.pgn.read_game(pgn)) is not None:
                    headers = game.headers
                    result = RESULTS.get(headers.get("Result"))
                    if (
                        result is None
                        or headers.get("Variant", "chess") != "chess"
                        or headers.get("Termination") == "time forfeit"
                    ):
                        continue
                    fens = quiet_positions(game)
                    for fen in fens:
                        out.write(f"{fen} | 0 | {result} | {games}/{len(fens)}\n")
                    games += 1
                    positions += len(fens)
    print(f"{games} games, {positions} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
