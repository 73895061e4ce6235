#!/bin/sh
# A broken test engine: handshakes normally, then dies (exit status 3) at its first `go`.
while IFS= read -r line; do
    case "$line" in
        uci) echo "id name Crash"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1 score cp 0"; exit 3 ;;
        quit) exit 0 ;;
    esac
done
