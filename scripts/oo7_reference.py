#!/usr/bin/env python3
"""An independent, slow reference for 007 Chess perft (rules/007.md), on top of python-chess.

It shares no code or method with the engine: Detente follows *piece identities* (every piece
gets an id that travels with it) where the engine keeps square sets, and fast-and-deadly castling
is rebuilt from python-chess's board. Used to compute and check the counts in perft/007.epd.

    scripts/oo7_reference.py MODES DEPTH "EXTENDED FEN" [--divide]
    scripts/oo7_reference.py --check < lines      (each line: MODES|EXTENDED FEN|sorted plies)

MODES: standard|balanced|progressive, optionally +detente and/or +fast (e.g. balanced+detente).
Prints one line per depth: "D<d> <count>", or with --divide the counts per root ply.
"""
import sys

import chess


class State:
    def __init__(self, board, schedule, detente, fast, controller, k, n, f_ids, e_ids, ids):
        self.board = board
        self.schedule = schedule
        self.detente = detente
        self.fast = fast
        self.controller = controller  # chess.WHITE / chess.BLACK
        self.k = k
        self.n = n
        self.f_ids = f_ids  # ids of the first (friendly) ply's pieces
        self.e_ids = e_ids  # ids of the previous (enemy) ply's pieces
        self.ids = ids  # square -> piece id
        self.over = False  # a king was captured (fast-and-deadly)


def parse(fen, modes):
    parts = modes.split("+")
    schedule = parts[0]
    detente = "detente" in parts
    fast = "fast" in parts
    fields = fen.split()
    board = chess.Board(" ".join(fields[:6]))
    turn = fields[6] if len(fields) > 6 else ("w" if board.turn else "b") + "1/3"
    controller = turn[0] == "w"
    k, n = (int(x) for x in turn[1:].split("/"))
    ids = {sq: i for i, sq in enumerate(chess.SQUARES) if board.piece_at(sq)}

    def squares(field):
        if field == "-":
            return set()
        return {ids[chess.parse_square(s)] for s in field.split(",")}

    f_ids = squares(fields[7]) if len(fields) > 8 else set()
    e_ids = squares(fields[8]) if len(fields) > 8 else set()
    return State(board, schedule, detente, fast, controller, k, n, f_ids, e_ids, ids)


def pseudo_moves(board):
    """Pseudo-legal moves with castling that ignores attacked squares."""
    moves = [m for m in board.generate_pseudo_legal_moves() if not board.is_castling(m)]
    king = board.king(board.turn)
    rank = 0 if board.turn else 7
    if king == chess.square(4, rank):
        for rook_file, king_to_file in ((7, 6), (0, 2)):
            rook = chess.square(rook_file, rank)
            if not board.clean_castling_rights() & chess.BB_SQUARES[rook]:
                continue
            between = chess.between(king, rook)
            if board.occupied & between:
                continue
            moves.append(chess.Move(king, chess.square(king_to_file, rank)))
    return moves


def rook_of_castle(board, move):
    """The rook's from and to squares of a castling move (standard chess only)."""
    rank = chess.square_rank(move.from_square)
    if chess.square_file(move.to_square) == 6:
        return chess.square(7, rank), chess.square(5, rank)
    return chess.square(0, rank), chess.square(3, rank)


def is_castle(board, move):
    piece = board.piece_at(move.from_square)
    return (
        piece is not None
        and piece.piece_type == chess.KING
        and abs(chess.square_file(move.from_square) - chess.square_file(move.to_square)) == 2
    )


def captured_square(board, move):
    if board.is_en_passant(move):
        return chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
    if board.piece_at(move.to_square) is not None:
        return move.to_square
    return None


def legal(state):
    if state.over:
        return []
    board = state.board
    moves = pseudo_moves(board) if state.fast else list(board.legal_moves)
    friendly = board.turn == state.controller
    if not (state.detente and friendly):
        return moves
    if state.e_ids:
        def protected(m):
            sq = captured_square(board, m)
            return sq is not None and state.ids.get(sq) in state.e_ids
        moves = [m for m in moves if not protected(m)]
    if state.f_ids:
        def same(m):
            movers = {state.ids[m.from_square]}
            if is_castle(board, m):
                movers.add(state.ids[rook_of_castle(board, m)[0]])
            return bool(movers & state.f_ids)
        others = [m for m in moves if not same(m)]
        if others:
            moves = others
    return moves


def play(state, move):
    board = state.board
    colour = board.turn
    friendly = colour == state.controller
    ids = dict(state.ids)
    cap = captured_square(board, move)
    captured_king = cap is not None and board.piece_at(cap).piece_type == chess.KING
    moved = {ids[move.from_square]}
    if cap is not None:
        del ids[cap]
    if is_castle(board, move):
        rook_from, rook_to = rook_of_castle(board, move)
        moved.add(ids[rook_from])
        ids[rook_to] = ids.pop(rook_from)
    ids[move.to_square] = ids.pop(move.from_square)
    nb = board.copy(stack=False)
    nb.push(move)
    last = state.k == state.n
    if last:
        f_ids, e_ids = set(), set()
    elif friendly:
        f_ids, e_ids = moved, set()
    else:
        f_ids, e_ids = set(state.f_ids) - ({state.ids[cap]} if cap is not None else set()), moved
    if not state.detente:
        f_ids, e_ids = set(), set()
    if last:
        controller = not state.controller
        k = 1
        n = {"standard": 3, "balanced": min(state.n + 1, 3), "progressive": state.n + 1}[
            state.schedule
        ]
    else:
        controller, k, n = state.controller, state.k + 1, state.n
    s = State(nb, state.schedule, state.detente, state.fast, controller, k, n, f_ids, e_ids, ids)
    s.over = captured_king
    return s


def perft(state, depth):
    moves = legal(state)
    if depth == 1:
        return len(moves)
    return sum(perft(play(state, m), depth - 1) for m in moves)


def check():
    """Compares the legal plies the engine listed with the reference's, line by line."""
    bad = n = 0
    for n, line in enumerate(sys.stdin, 1):
        modes, fen, plies = line.rstrip("\n").split("|")
        ours = sorted(plies.split())
        theirs = sorted(m.uci() for m in legal(parse(fen, modes)))
        if ours != theirs:
            bad += 1
            if bad <= 5:
                print(f"{modes} {fen}\n  engine    {ours}\n  reference {theirs}")
    print(f"checked {n} positions, {bad} disagreements")
    sys.exit(1 if bad else 0)


def main():
    if sys.argv[1] == "--check":
        check()
        return
    modes, depth, fen = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    state = parse(fen, modes)
    if "--divide" in sys.argv:
        total = 0
        for m in legal(state):
            c = perft(play(state, m), depth - 1) if depth > 1 else 1
            total += c
            print(f"{m.uci()}: {c}")
        print(f"\nNodes searched: {total}")
        return
    for d in range(1, depth + 1):
        print(f"D{d} {perft(state, d)}", flush=True)


if __name__ == "__main__":
    main()
