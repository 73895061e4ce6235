#!/usr/bin/env python3
"""Give `chimera tune` data a search score: each position searched to a fixed depth.

    scripts/score-positions.py ENGINE IN.txt OUT.txt [--depth D] [--part I/N]

Reads datagen's text format (docs/tuning.md), such as `scripts/pgn-to-data.py` writes with a
score of 0, searches every position with ENGINE (a UCI engine, `go depth D`, default 6, one
16 MB table kept across positions) and writes the line again with the search's score from
White's side. Positions the search scores as a mate are left out, as datagen leaves them out.
`--part I/N` scores only the positions on the file's lines numbered I modulo N (from 0), so that N runs share the cores;
concatenate their outputs (the header is written by part 0 alone).
"""
import argparse
import subprocess


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("src")
    ap.add_argument("dst")
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--part", default="0/1")
    args = ap.parse_args()
    part, parts = map(int, args.part.split("/"))
    engine = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)

    def send(line):
        engine.stdin.write(line + "\n")

    def until(prefix):
        for line in engine.stdout:
            if line.startswith(prefix):
                return

    send("uci")
    send("setoption name Hash value 16")
    send("isready")
    until("readyok")
    with open(args.src) as src, open(args.dst, "w") as out:
        for number, line in enumerate(src):
            if line.startswith("#"):
                if part == 0:
                    out.write(line)
                continue
            if number % parts != part:
                continue
            fen, _, result, game = line.rstrip("\n").split(" | ")
            send("position fen " + fen)
            send(f"go depth {args.depth}")
            score = None
            for reply in engine.stdout:
                if reply.startswith("info") and " score cp " in reply:
                    score = int(reply.split(" score cp ")[1].split()[0])
                elif reply.startswith("info") and " score mate " in reply:
                    score = None
                elif reply.startswith("bestmove"):
                    break
            if score is not None:
                white = fen.split()[1] == "w"
                out.write(f"{fen} | {score if white else -score} | {result} | {game}\n")
    send("quit")


if __name__ == "__main__":
    main()
