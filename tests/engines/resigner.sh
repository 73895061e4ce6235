#!/bin/sh
# A test engine that thinks it is lost: it reports a score of -1000 with a legal first move
# (g1f3 as White from the start position, g8f6 as Black after any first move).
last=""
while IFS= read -r line; do
    case "$line" in
        uci) echo "id name Resigner"; echo "uciok" ;;
        isready) echo "readyok" ;;
        position*) last="$line" ;;
        go*)
            echo "info depth 1 score cp -1000"
            if [ "$last" = "position startpos" ]; then echo "bestmove g1f3"; else echo "bestmove g8f6"; fi ;;
        quit) exit 0 ;;
    esac
done
