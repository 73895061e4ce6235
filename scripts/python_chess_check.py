#!/usr/bin/env python3
"""Drives Chimera with python-chess as a real UCI client: handshake and options, analysis with
info lines (single and MultiPV), an interrupted infinite analysis, a mate, and whole games
(against itself and against a random mover). Exits non-zero on the first failure.

Usage: scripts/python_chess_check.py path/to/chimera
"""
import random
import sys

import chess
import chess.engine


def check(cond, message):
    if not cond:
        raise SystemExit(f"FAIL: {message}")


def legal_line(board, moves):
    b = board.copy()
    for m in moves:
        if m not in b.legal_moves:
            return False
        b.push(m)
    return True


def play_game(engine, opponent, engine_white, limit, max_plies=300):
    board = chess.Board()
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        engine_turn = (board.turn == chess.WHITE) == engine_white
        if engine_turn:
            move = engine.play(board, limit).move
            check(move in board.legal_moves, f"illegal move {move} in {board.fen()}")
        else:
            move = opponent(board)
        board.push(move)
    return board


def main(path):
    with chess.engine.SimpleEngine.popen_uci([path]) as engine:
        check(engine.id.get("name", "").startswith("Chimera"), f"id name: {engine.id}")
        for option in ["Hash", "Threads", "MultiPV", "Move Overhead", "Ponder", "Seed", "UCI_Variant"]:
            check(option in engine.options, f"option {option} listed")
        check("chess" in engine.options["UCI_Variant"].var, "UCI_Variant lists chess")
        engine.configure({"Hash": 32, "Threads": 2})

        board = chess.Board()
        board.push_uci("e2e4")
        info = engine.analyse(board, chess.engine.Limit(depth=8))
        for key in ["depth", "seldepth", "score", "nodes", "nps", "time", "pv"]:
            check(key in info, f"analysis info has {key}: {info}")
        check(info["depth"] == 8, f"depth 8: {info['depth']}")
        check(legal_line(board, info["pv"]), f"pv legal: {info['pv']}")

        infos = engine.analyse(chess.Board(), chess.engine.Limit(depth=6), multipv=3)
        check(len(infos) == 3, f"three lines: {infos}")
        firsts = {i["pv"][0] for i in infos}
        check(len(firsts) == 3, f"three different first moves: {firsts}")

        with engine.analysis(chess.Board()) as analysis:
            for i in analysis:
                if i.get("depth", 0) >= 6:
                    break
        check(analysis.info.get("depth", 0) >= 6, "infinite analysis reached depth 6")

        mate = chess.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
        info = engine.analyse(mate, chess.engine.Limit(depth=4))
        check(info["score"].white().mate() == 1, f"mate in 1: {info['score']}")
        check(info["pv"][0] == chess.Move.from_uci("d1d8"), f"mating move: {info['pv']}")

        engine.configure({"Threads": 1})
        limit = chess.engine.Limit(time=0.02)
        board = play_game(engine, lambda b: engine.play(b, limit).move, True, limit)
        print(f"self-play: {board.result(claim_draw=True)} after {board.ply()} plies")

        rng = random.Random(1)
        for engine_white in [True, False]:
            board = play_game(engine, lambda b: rng.choice(list(b.legal_moves)), engine_white, limit)
            outcome = board.outcome(claim_draw=True)
            winner = outcome.winner if outcome else None
            print(f"vs random ({'white' if engine_white else 'black'}): "
                  f"{board.result(claim_draw=True)} after {board.ply()} plies")
            check(winner == (chess.WHITE if engine_white else chess.BLACK),
                  f"beats a random mover: {board.fen()}")
    print("python-chess: all checks passed")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
