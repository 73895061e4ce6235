#!/bin/sh
# A broken Ven engine: speaks the protocol and lists Ven, but answers every `go side ...` with
# an order that is never legal (e2e5: no piece can make it there).
while IFS= read -r line; do
    case "$line" in
        uci) echo "id name Illegal_ven"; echo "option name UCI_Variant type combo default ven var ven"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1 score cp 0"; echo "bestmove e2e5" ;;
        quit) exit 0 ;;
    esac
done
