#!/bin/sh
# A broken test engine: handshakes normally, then never answers a `go` (it keeps reading, so
# `quit` still ends it).
while IFS= read -r line; do
    case "$line" in
        uci) echo "id name Hang"; echo "uciok" ;;
        isready) echo "readyok" ;;
        quit) exit 0 ;;
    esac
done
