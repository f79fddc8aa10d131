# lib.sh — the harness the command-line test scripts source (tests/cli*.sh).
#
# Gives each script a scratch folder $tmp (removed on exit, after the
# script's own on_exit function if it defines one), the counters behind the
# closing "N passed, N failed" line, and:
#   ok DESC / not_ok DESC WHY   one check's verdict ("ok - ..." / "not ok - ...",
#                               with the last command's stderr under a failure)
#   check DESC CMD...           passes when CMD succeeds
#   run ARGS...                 "$bin" ARGS with stdout in $tmp/out, stderr in
#                               $tmp/err, the status in $rc (stdin as the caller gives it),
#                               and RUN_TIMEOUT (seconds, if set) stops a
#                               command that hangs (status 124)
#   finish                      prints the totals; the script's exit status
tmp=$(mktemp -d)
trap 'declare -F on_exit >/dev/null && on_exit; rm -rf "$tmp"' EXIT
passed=0 failed=0

ok() { echo "ok - $1"; passed=$((passed + 1)); }
not_ok() {
    echo "not ok - $1"
    printf '#   %s\n' "$2"
    [ -s "$tmp/err" ] && sed 's/^/#   stderr: /' "$tmp/err" | head -5 | cut -c1-300
    failed=$((failed + 1))
}
check() {
    local what=$1
    shift
    if "$@"; then ok "$what"; else not_ok "$what" "failed: $*"; fi
}
run() {
    ${RUN_TIMEOUT:+timeout "$RUN_TIMEOUT"} "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
