#!/usr/bin/env python3
"""Drives Chimera with python-chess as a real UCI client: handshake and every option configured,
analysis with every info field (single and MultiPV, win/draw/loss), an interrupted infinite
analysis, a mate, and whole games (against itself, against a random mover, and at a limited
strength). Exits non-zero on the first failure.

Usage: scripts/python_chess_check.py path/to/chimera
"""
import random
import sys
import time

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
        for option in ["Hash", "Threads", "MultiPV", "Move Overhead", "Ponder", "Seed", "UCI_Variant",
                       "Clear Hash", "UCI_LimitStrength", "UCI_Elo", "UCI_AnalyseMode", "UCI_ShowWDL"]:
            check(option in engine.options, f"option {option} listed")
        check("chess" in engine.options["UCI_Variant"].var, "UCI_Variant lists chess")
        # Every option python-chess lets a user set (it manages MultiPV, Ponder and UCI_Variant,
        # and sets UCI_AnalyseMode for each analysis or game unless a user did), each to a value
        # of its own kind, then back.
        for name, option in engine.options.items():
            if option.is_managed() or name == "UCI_AnalyseMode":
                continue
            if option.type == "button":
                engine.configure({name: None})
            elif option.type == "check":
                engine.configure({name: not option.default})
                engine.configure({name: option.default})
            elif option.type == "spin":
                engine.configure({name: option.max if name not in ("Hash", "Threads") else 2})
                engine.configure({name: option.default})
            elif option.type == "combo":
                for value in option.var:
                    if name not in ("Play", "Schedule") or value == option.default:
                        engine.configure({name: value})
                engine.configure({name: option.default})
            else:
                engine.configure({name: option.default})
        engine.configure({"Hash": 32, "Threads": 2, "UCI_ShowWDL": True})

        board = chess.Board()
        board.push_uci("e2e4")
        info = engine.analyse(board, chess.engine.Limit(depth=8))
        for key in ["depth", "seldepth", "multipv", "score", "wdl", "nodes", "nps", "hashfull", "time", "pv"]:
            check(key in info, f"analysis info has {key}: {info}")
        wdl = info["wdl"].white()
        check(wdl.total() == 1000, f"wdl per mille: {wdl}")
        cp = info["score"].white().score(mate_score=100000)
        check((wdl.wins - wdl.losses) * cp >= 0, f"wdl {wdl} leans the way score {cp} does")
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

        # After three seconds the engine names the root move it is on: currmove and its number.
        seen = set()
        started = time.monotonic()
        with engine.analysis(chess.Board()) as analysis:
            for i in analysis:
                seen.update(i.keys())
                if "currmove" in seen or time.monotonic() - started > 10:
                    break
        check({"currmove", "currmovenumber"} <= seen, f"currmove lines read: {sorted(seen)}")

        mate = chess.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
        info = engine.analyse(mate, chess.engine.Limit(depth=4))
        check(info["score"].white().mate() == 1, f"mate in 1: {info['score']}")
        check(info["pv"][0] == chess.Move.from_uci("d1d8"), f"mating move: {info['pv']}")

        engine.configure({"Threads": 1})
        limit = chess.engine.Limit(time=0.02)
        board = play_game(engine, lambda b: engine.play(b, limit).move, True, limit)
        print(f"self-play: {board.result(claim_draw=True)} after {board.ply()} plies")

        # A weaker engine: the fewest nodes (UCI_Elo 1350) still play legal moves, at once.
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": 1350})
        info = engine.analyse(chess.Board(), chess.engine.Limit(time=0.5))
        check(info["depth"] >= 6, f"analysis is never limited: {info}")
        weak = play_game(engine, lambda b: engine.play(b, limit).move, True, limit, max_plies=60)
        print(f"limited strength self-play: {weak.ply()} plies")
        engine.configure({"UCI_LimitStrength": False})

        # Chess960: python-chess sets UCI_Chess960 for a Chess960 board, sends Shredder-FEN and
        # expects castling as king takes rook; a game from a start where castling comes soon.
        board = chess.Board("nrk1brnb/pp1ppppp/2p5/8/8/2P5/PP1PPPPP/NRK1BRNB w KQkq - 0 1", chess960=True)
        info = engine.analyse(board, chess.engine.Limit(depth=6))
        check(legal_line(board, info["pv"]), f"Chess960 pv legal: {info['pv']}")
        castled = False
        while not board.is_game_over(claim_draw=True) and board.ply() < 80:
            move = engine.play(board, limit).move
            check(move in board.legal_moves, f"Chess960 illegal move {move} in {board.fen()}")
            castled = castled or board.is_castling(move)
            board.push(move)
        print(f"Chess960 self-play: {board.ply()} plies, castled: {castled}")
        castle = chess.Board("1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1", chess960=True)
        engine.configure({"Threads": 1})
        result = engine.analyse(castle, chess.engine.Limit(depth=1), multipv=40)
        firsts = {i["pv"][0] for i in result}
        check(chess.Move.from_uci("e1h1") in firsts and chess.Move.from_uci("e1b1") in firsts,
              f"Chess960 castling moves listed as king takes rook: {sorted(map(str, firsts))}")

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
