#!/usr/bin/env python3
"""Time-to-depth speedup of Lazy SMP: each bench position searched to a fixed depth with 1 thread
and with N threads (fresh hash each time), repeated; prints the per-position times and the
speedup (total 1-thread time / total N-thread time, and the median of the per-position ratios).

Usage: scripts/time-to-depth.py [--engine target/release/chimera] [--depth 12] [--threads 2]
                                [--repeat 3] [--hash 64]
Works with any UCI engine (e.g. --engine /usr/games/stockfish --depth 18 for the peer figure);
the positions are Chimera's chess bench set, read from `chimera bench 1`.
"""
import argparse
import statistics
import subprocess
import time


def bench_fens(chimera):
    out = subprocess.run([chimera, "bench", "1"], capture_output=True, text=True).stdout
    return [line.split(" fen ", 1)[1].strip() for line in out.splitlines() if " fen " in line]


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("engine exited")
            if line.startswith(prefix):
                return line

    def timed_search(self, fen, depth, threads, hash_mb):
        self.send(f"setoption name Threads value {threads}")
        self.send(f"setoption name Hash value {hash_mb}")
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")
        self.send(f"position fen {fen}")
        start = time.monotonic()
        self.send(f"go depth {depth}")
        self.wait("bestmove")
        return time.monotonic() - start

    def quit(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/chimera")
    ap.add_argument("--positions-from", default="target/release/chimera")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--hash", type=int, default=64)
    args = ap.parse_args()
    fens = bench_fens(args.positions_from)
    engine = Engine(args.engine)
    totals = {1: 0.0, args.threads: 0.0}
    ratios = []
    for fen in fens:
        t = {}
        for threads in (1, args.threads):
            runs = [engine.timed_search(fen, args.depth, threads, args.hash) for _ in range(args.repeat)]
            t[threads] = statistics.median(runs)
            totals[threads] += t[threads]
        ratios.append(t[1] / t[args.threads])
        print(f"{t[1]:7.3f} s {t[args.threads]:7.3f} s  x{ratios[-1]:.2f}  {fen}", flush=True)
    engine.quit()
    print(f"depth {args.depth}, {len(fens)} positions, medians of {args.repeat}: "
          f"1 thread {totals[1]:.2f} s, {args.threads} threads {totals[args.threads]:.2f} s, "
          f"speedup {totals[1] / totals[args.threads]:.2f} (median per position {statistics.median(ratios):.2f})")


if __name__ == "__main__":
    main()
