# lib.sh — the harness every test script sources (tests/cli*.sh,
# browser_test.sh, slurm_test.sh).
#
# Gives each script a scratch folder $tmp (removed on exit, after the
# script's own on_exit function if it defines one), the counters behind the
# closing "N passed, N failed" line, and:
#   ok DESC / not_ok DESC WHY   one check's verdict ("ok - ..." / "not ok - ...",
#                               with the last command's stderr under a failure)
#   check DESC CMD...           passes when CMD succeeds
#   good DESC ARGS...           run, and expect success: exit 0, nothing on
#                               stderr; its status says which (so that
#                               `if good ...; then` checks the output further)
#   run ARGS...                 "$bin" ARGS with stdout in $tmp/out, stderr in
#                               $tmp/err, the status in $rc (stdin as the caller gives it),
#                               and RUN_TIMEOUT (seconds, if set) stops a
#                               command that hangs (status 124; 137 when it
#                               is still there 10 s after SIGTERM, which
#                               `triad match` takes as "stop when you can")
#   status DESC CODE ARGS...    run, and expect exit status CODE
#   bad DESC WORD ARGS...       run, and expect a refusal: exit 2, exactly one
#                               stderr line (ended by a newline) containing
#                               WORD (a fixed string), nothing on stdout
#   line_is N REGEX [WHO]       line N of $tmp/out matches the extended REGEX
#                               whole (a protocol transcript, line by line)
#   finish                      prints the totals; the script's exit status
#   give_up                     finish, and end the script there (a check
#                               the rest depends on failed)
#   "${defsig[@]}" CMD &        starts CMD with every signal at its default
#                               disposition: a script's background job, and
#                               all it starts, inherit SIGINT ignored when the
#                               suite itself runs in the background (make
#                               test &, a parallel runner), and triad rightly
#                               keeps an inherited SIG_IGN (nohup)
# $tmp is made from tmp_template when the script sets it (a folder other
# users can enter, for Slurm's jobs).
tmp=$(mktemp -d ${tmp_template:+"$tmp_template"})
trap 'declare -F on_exit >/dev/null && on_exit; rm -rf "$tmp"' EXIT
passed=0 failed=0
defsig=()
env --default-signal true 2>/dev/null && defsig=(env --default-signal)

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
    ${RUN_TIMEOUT:+timeout -k 10 "$RUN_TIMEOUT"} "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}
status() {
    local what=$1 want=$2
    shift 2
    run "$@"
    if [ "$rc" -eq "$want" ]; then ok "$what"; else not_ok "$what" "exit $rc, expected $want"; fi
}
good() {
    local what=$1
    shift
    run "$@"
    if [ "$rc" -ne 0 ]; then not_ok "$what" "exit $rc, expected 0"; return 1; fi
    if [ -s "$tmp/err" ]; then not_ok "$what" "unexpected stderr"; return 1; fi
    ok "$what"
}
bad() {
    local what=$1 word=$2
    shift 2
    run "$@"
    if [ "$rc" -ne 2 ]; then not_ok "$what" "exit $rc, expected 2"
    elif [ "$(wc -l <"$tmp/err")" -ne 1 ] || [ "$(tail -c 1 "$tmp/err" | od -An -c | tr -d ' ')" != '\n' ]; then
        not_ok "$what" "$(wc -l <"$tmp/err") lines on stderr, expected one"
    elif ! grep -qF -- "$word" "$tmp/err"; then not_ok "$what" "stderr lacks '$word'"
    elif [ -s "$tmp/out" ]; then not_ok "$what" "output on stdout: $(head -c 200 "$tmp/out")"
    else ok "$what"; fi
}
line_is() {
    local line
    line=$(sed -n "$1p" "$tmp/out")
    if printf '%s\n' "$line" | grep -qE "^$2\$"; then ok "${3:-line} $1: $2"; else not_ok "${3:-line} $1: $2" "got '$line'"; fi
}
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
give_up() {
    finish
    exit
}
