#!/usr/bin/env python3
"""Resident memory of the engine at several `Hash` sizes (issue #16): for each size, a fresh
engine sets `Hash`, searches the start position for `--movetime` ms, and the script reads the
process's resident set (VmRSS) and its peak (VmHWM) from /proc, with the table's `hashfull`.
The table is `Hash` MiB exactly; everything else is the overhead (the program, its tables,
thread stacks), which the `Hash 1` row shows.

Usage: scripts/hash-rss.py path/to/chimera [--movetime MS] [--sizes 1,256,1024] [--threads N]
"""
import argparse
import subprocess


def status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                fields[key] = int(value.split()[0]) / 1024  # kB -> MiB
    return fields


def measure(engine, mb, movetime, threads):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait(prefix):
        last_info = ""
        for line in p.stdout:
            if line.startswith("info depth"):
                last_info = line
            if line.startswith(prefix):
                return last_info
        raise SystemExit(f"engine ended before '{prefix}'")

    wait("Chimera")
    send(f"setoption name Hash value {mb}")
    send(f"setoption name Threads value {threads}")
    send("isready")
    wait("readyok")
    before = status(p.pid)
    send(f"go movetime {movetime}")
    info = wait("bestmove")
    after = status(p.pid)
    send("quit")
    p.wait()
    words = info.split()
    hashfull = int(words[words.index("hashfull") + 1]) if "hashfull" in words else -1
    nodes = int(words[words.index("nodes") + 1]) if "nodes" in words else -1
    return before["VmRSS"], after["VmRSS"], after["VmHWM"], hashfull, nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine")
    ap.add_argument("--movetime", type=int, default=10000)
    ap.add_argument("--sizes", default="1,256,1024")
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    print(f"{'Hash MiB':>8} {'RSS before':>11} {'RSS after':>10} {'peak':>8} {'over Hash':>10} {'hashfull':>9} {'nodes':>11}")
    for mb in [int(s) for s in a.sizes.split(",")]:
        before, after, peak, hashfull, nodes = measure(a.engine, mb, a.movetime, a.threads)
        print(f"{mb:>8} {before:>11.1f} {after:>10.1f} {peak:>8.1f} {peak - mb:>10.1f} {hashfull:>9} {nodes:>11}")


if __name__ == "__main__":
    main()
