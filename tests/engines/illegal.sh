#!/bin/sh
# A broken test engine: speaks the protocol, but answers every `go` with a move that is never
# legal from the start position (e2e5: no piece can make it there).
while IFS= read -r line; do
    case "$line" in
        uci) echo "id name Illegal"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1 score cp 0"; echo "bestmove e2e5" ;;
        quit) exit 0 ;;
    esac
done
