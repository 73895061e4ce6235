#!/bin/sh
# A test engine too slow for its clock: it waits three seconds before each (legal) first move.
last=""
while IFS= read -r line; do
    case "$line" in
        uci) echo "id name Slow"; echo "uciok" ;;
        isready) echo "readyok" ;;
        position*) last="$line" ;;
        go*)
            sleep 3
            if [ "$last" = "position startpos" ]; then echo "bestmove g1f3"; else echo "bestmove g8f6"; fi ;;
        quit) exit 0 ;;
    esac
done
