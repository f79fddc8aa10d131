# caller.sh — sourced by the scripts before they change to the checkout
# (issue 40 item 16).  A script runs in the checkout, where its data/,
# bin/ and scripts/ are, but a path the user gives — an argument, or TRIAD,
# WEIGHTS and the like — is read from the directory the script was called
# from, as any command reads it: `cd elsewhere && triad/scripts/tune-loop.sh
# myloop` writes elsewhere/myloop.  Defaults (out/loop, bin/triad) stay the
# checkout's.
caller=$PWD

# caller_path PATH: PATH as the checkout sees it: an absolute one as it is,
# a relative one below the caller's directory; "" stays "".
caller_path() {
    case $1 in
        '' | /*) printf '%s\n' "$1" ;;
        *) printf '%s\n' "$caller/$1" ;;
    esac
}

# caller_cmd CMD: a program: a bare name (no '/') is looked up in PATH as it
# is, a path is the caller's.
caller_cmd() {
    case $1 in
        */*) caller_path "$1" ;;
        *) printf '%s\n' "$1" ;;
    esac
}
