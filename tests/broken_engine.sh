#!/usr/bin/env bash
# broken_engine.sh TRIAD GAME NPLAYERS MODE — an engine that breaks the
# protocol of docs/protocol.md on purpose, for the tests of the engine
# player (tests/cli_engines.sh): the referee must record every failure and
# never hang.  A wrapper script starts it (the engine player passes no
# arguments).  Legal actions come from `TRIAD engine --player random`,
# run as a coprocess; MODE says what it does instead, on `go`:
#   illegal   answers an action that is not legal
#   crash     exits with status 3
#   hang      waits on a `sleep` child forever (the referee must kill both)
#   garbage   answers a line that is not `bestaction`
#   slow:MS   answers a legal action after MS milliseconds
#   mixed     by the last two digits of the seed the referee sent: 00-04
#             illegal, 05-09 crash, 10-14 hang, 15-19 garbage, else legal
#   good      always legal
# BROKEN_PROTOCOL=N in the environment: the version it claims (default 1);
# BROKEN_LOG=FILE: every line it reads is appended to FILE.
set -u
triad=$1 game=$2 nplayers=$3 mode=$4
coproc ENG { exec "$triad" engine --game "$game" --nplayers "$nplayers" --player random; }
seed=0

ask() { # a one-line command to the coprocess; its answer in $reply
    printf '%s\n' "$1" >&"${ENG[1]}"
    IFS= read -r reply <&"${ENG[0]}"
}

legal_answer() { # the coprocess's choice, passed on
    ask "seed $seed"
    printf 'go\n' >&"${ENG[1]}"
    while IFS= read -r reply <&"${ENG[0]}"; do
        case $reply in bestaction*) printf '%s\n' "$reply"; return ;; esac
    done
    exit 4
}

misbehave() { # $1: what to do instead of a legal answer
    case $1 in
    illegal) echo "bestaction Z9xZ9" ;;
    crash) exit 3 ;;
    hang) sleep 987.654; echo "bestaction too-late" ;;
    garbage) echo "I resign" ;;
    slow:*) sleep "$(printf '0.%03d' "${1#slow:}")"; legal_answer ;;
    *) legal_answer ;;
    esac
}

while IFS= read -r line; do
    [ -n "${BROKEN_LOG:-}" ] && printf '%s\n' "$line" >>"$BROKEN_LOG"
    case $line in
    protocol) echo "protocol triad ${BROKEN_PROTOCOL:-1}" ;;
    isready) echo readyok ;;
    seed\ *) seed=${line#seed }; echo ok ;;
    position\ *) ask "$line"; printf '%s\n' "$reply" ;;
    go*)
        if [ "$mode" = mixed ]; then
            d=${seed: -2}
            d=$((10#$d))
            if [ "$d" -lt 5 ]; then misbehave illegal
            elif [ "$d" -lt 10 ]; then misbehave crash
            elif [ "$d" -lt 15 ]; then misbehave hang
            elif [ "$d" -lt 20 ]; then misbehave garbage
            else misbehave good; fi
        else
            misbehave "$mode"
        fi ;;
    quit) exit 0 ;;
    *) echo "error unknown command" ;;
    esac
done
