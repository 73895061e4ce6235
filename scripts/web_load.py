#!/usr/bin/env python3
"""Load on a running `chimera serve`: 20 games at once, one per thread, across the seven variants,
each playing 5 moves and asking the engine for 200 ms after each, as 20 browsers would.
Prints the plies played, the errors (there should be none) and how long the server took to
answer a move (no search in it).

Usage: scripts/web_load.py http://127.0.0.1:8080
"""

import json
import statistics
import sys
import threading
import time
import urllib.parse
import urllib.request

BASE = sys.argv[1].rstrip("/")
VARIANTS = ["chess", "double-ended", "007", "vanguard", "double-ended-deep", "ven", "lene-hau"]
GAMES = 20
errors, answers_ms, plies = [], [], []


def post(path, **fields):
    data = urllib.parse.urlencode(fields).encode()
    with urllib.request.urlopen(BASE + path, data, timeout=60) as r:
        return json.load(r)


def get(path):
    with urllib.request.urlopen(BASE + path, timeout=60) as r:
        return json.load(r)


def game(i):
    try:
        state = post("/api/games", variant=VARIANTS[i % len(VARIANTS)])
        gid = state["id"]
        for k in range(5):
            if state["outcome"]:
                break
            move = state["moves"][(i * 7 + k) % len(state["moves"])]
            start = time.perf_counter()
            state = post(f"/api/games/{gid}/move", move=move)
            answers_ms.append((time.perf_counter() - start) * 1000)
            if state["outcome"]:
                break
            state = post(f"/api/games/{gid}/go", movetime="200")
            while state["thinking"]:
                time.sleep(0.05)
                state = get(f"/api/games/{gid}")
        plies.append(len(state["plies"]))
    except Exception as e:  # noqa: BLE001 -- every failure is counted and shown
        errors.append(repr(e))


start = time.time()
threads = [threading.Thread(target=game, args=(i,)) for i in range(GAMES)]
for t in threads:
    t.start()
for t in threads:
    t.join()
answers_ms.sort()
print(f"{GAMES} games, {sum(plies)} plies in {time.time() - start:.1f} s, "
      f"errors {len(errors)} {errors[:3]}; move answers median "
      f"{statistics.median(answers_ms):.1f} ms, p95 {answers_ms[int(len(answers_ms) * 0.95)]:.1f} ms, "
      f"max {answers_ms[-1]:.1f} ms")
sys.exit(1 if errors else 0)
