#!/usr/bin/env bash
# cli_view.sh BINARY — command-line tests of `triad view` (the static site:
# files written, --select, --limit, refusing a folder with files without
# --force, bad input) and of `triad show --actions`, which the browser test
# uses to compute the expected position of a ply.  Prints "ok - ..." /
# "not ok - ..." per check and "N passed, N failed"; exits non-zero on failure.
set -u
bin=${1:?usage: tests/cli_view.sh BINARY}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "cli_view.sh: $bin is not an executable"; echo "0 passed, 1 failed"; exit 1; }

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rec=$tmp/r.trd
# One thread: the file holds the games in id order, which --limit (the first
# N selected, in file order) and the checks below rely on; with more threads
# the order follows which game finished first.
"$bin" selfplay --games 40 --players random --setup random --seed 4 --threads 1 --out "$rec" --quiet ||
    { echo "not ok - selfplay for the view tests"; echo "0 passed, 1 failed"; exit 1; }

# --- the site ---------------------------------------------------------------
if good "view writes a site" view "$rec" --out "$tmp/site"; then
    for f in index.html viewer.html index-data.js index.js viewer.js style.css games/0.js games/1.js; do
        check "view wrote $f" test -s "$tmp/site/$f"
    done
    check "data files of 32 games" test "$(ls "$tmp/site/games" | wc -l)" -eq 2 -a \
        "$(grep -c '^triadGame(' "$tmp/site/games/0.js")" -eq 32 -a "$(grep -c '^triadGame(' "$tmp/site/games/1.js")" -eq 8
    check "the index data lists 40 games" test "$(grep -c '^\[' "$tmp/site/index-data.js")" -eq 40
    check "the summary line names the index" grep -qx "40 games: $tmp/site/index.html" "$tmp/out"
    check "no temporary files left" test -z "$(find "$tmp/site" -name '.*tmp')"
    check "nothing refers to the network" test -z "$(grep -lE 'https?://' "$tmp/site"/*.html "$tmp/site"/*.js "$tmp/site"/*.css)"
fi
bad "view refuses a folder with files" "has files (--force" view "$rec" --out "$tmp/site"
if good "view --force --select --limit" view "$rec" --out "$tmp/site" --force --select 'id=2-9,setup=random' --limit 3; then
    check "--force removed the earlier games" test "$(ls "$tmp/site/games")" = "0.js" -a \
        "$(grep -c '^triadGame(' "$tmp/site/games/0.js")" -eq 3
    check "--select and --limit keep ids 2, 3, 4" \
        test "$(sed -n 's/^\[\([0-9]*\),.*/\1/p' "$tmp/site/index-data.js" | sort -n | tr '\n' ' ')" = "2 3 4 "
fi
good "view --select id alternatives" view "$rec" --out "$tmp/s2" --select 'id=1|5|7' &&
    check "three games selected" grep -q "^3 games" "$tmp/out"
good "view --select that matches nothing" view "$rec" --out "$tmp/s3" --select 'setup=fixed' &&
    check "zero games" grep -q "^0 games" "$tmp/out"
# one name for one thing (issue 40 item 24): no_capture, as records store it, also as no-capture (the engine
# protocol's old print) and nocapture; a seat as the protocol writes it (seat-1)
sample=$(dirname "${BASH_SOURCE[0]}")/../data/records/ab2-random-200.trd
for spelling in no_capture no-capture nocapture No_Capture; do
    good "view --select ending=$spelling" view "$sample" --out "$tmp/s-$spelling" --select "ending=$spelling" &&
        check "ending=$spelling selects the 21 no_capture games" grep -q '^21 games: ' "$tmp/out"
done
good "view --select winner=seat-1 (the protocol's spelling)" view "$(dirname "${BASH_SOURCE[0]}")/../data/records/talat-ab4-played.trd" \
    --out "$tmp/s-w" --select 'winner=seat-1' --limit 2 && check "winner=seat-1 selects games" grep -q '^2 games: ' "$tmp/out"
bad "bad --select key" "unknown key" view "$rec" --out "$tmp/s4" --select 'colour=white'
bad "bad --select value" "expected random, fixed, tournament or tournament-black" view "$rec" --out "$tmp/s4" --select 'setup=rnd'
bad "bad --select range" "bad --select" view "$rec" --out "$tmp/s4" --select 'id=9-2'
bad "view without --out" "--out DIR is required" view "$rec"
bad "view without records" "no RECORDS file" view --out "$tmp/s4"
bad "view of a missing file" "$tmp/none.trd" view "$tmp/none.trd" --out "$tmp/s5"
bad "view --game unknown" "unknown game 'chess'" view "$rec" --out "$tmp/s6" --game chess
good "view --help" view --help && check "view --help shows --select" grep -q -- "--select EXPR" "$tmp/out"

# --- bias --html -------------------------------------------------------------
prec=$tmp/p.trd
if "$bin" selfplay --games 40 --players greedy --setup random --seed 9 --paired --out "$prec" --quiet &&
    good "bias --html" bias --records "$prec" --html "$tmp/bias"; then
    check "bias --html: the page has the charts inline" test "$(grep -c '<figure class="chart"><svg' "$tmp/bias/index.html")" -ge 2
    links=$(grep -o 'href="games/viewer.html?game=[0-9]*">[0-9]*<' "$tmp/bias/index.html")
    check "bias --html: the one-sided table links games" test -n "$links"
    check "bias --html: a viewer site for the linked games" test "$(cat "$tmp/bias/games/games/"*.js | grep -c '^triadGame(')" -eq "$(wc -l <<<"$links")"
    wrong=0
    while read -r l; do
        page=$(sed 's/.*game=\([0-9]*\)">.*/\1/' <<<"$l") id=$(sed 's/.*">\([0-9]*\)<$/\1/' <<<"$l")
        grep -q "^triadGame({\"index\":$page,\"id\":$id," "$tmp/bias/games/games/$((page / 32)).js" || wrong=$((wrong + 1))
    done <<<"$links"
    check "bias --html: every link opens the game with its id" test "$wrong" -eq 0
    check "bias --html: the ids as a --select expression" grep -q "^triad view $prec --out DIR --select 'id=[0-9|]*'$" "$tmp/bias/one-sided-ids.txt"
    run bias --records "$prec" --html "$tmp/bias"
    check "bias --html refuses a folder with files" test "$rc" -ne 0 -a -n "$(grep 'has files' "$tmp/err")"
fi

# --- whole sites: swapped in at once, nothing left of a failure (issue 18, items 11-14)
# sums DIR: a checksum of every file under DIR with its name.
sums() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 md5sum) 2>/dev/null; }
"$bin" view "$rec" --out "$tmp/w" --select 'id=0-9' >/dev/null 2>&1
sums "$tmp/w" >"$tmp/w.sums"
# A write that fails part-way (a file-size limit stands in for a full disk:
# writes fail with EFBIG once the games' data outgrows it).
(trap '' XFSZ; ulimit -f 64; exec "$bin" view "$rec" --out "$tmp/w" --force) >/dev/null 2>"$tmp/err"
full_rc=$?
check "item 11: a view --force that fails part-way fails (exit $full_rc)" test "$full_rc" -ne 0
check "item 11: and leaves the old site exactly as it was" cmp -s "$tmp/w.sums" <(sums "$tmp/w")
check "item 11: and nothing beside it" test -z "$(ls -d "$tmp"/w.tmp-* 2>/dev/null)"
if good "item 11: view --force replaces a site" view "$rec" --out "$tmp/w" --force; then
    check "item 11: the new site whole (40 games listed, 40 in the data)" \
        test "$(grep -c '^\[' "$tmp/w/index-data.js")" -eq 40 -a "$(cat "$tmp/w/games/"*.js | grep -c '^triadGame(')" -eq 40
    check "item 11: no temporary folder left beside it" test -z "$(ls -d "$tmp"/w.tmp-* 2>/dev/null)"
fi
# A refused view makes nothing (item 12).
mkfifo "$tmp/fifo.trd"
bad "item 12: view of a missing records file" "none.trd" view "$tmp/none.trd" --out "$tmp/r12"
check "item 12: ... creates no folder" test ! -e "$tmp/r12"
bad "item 12: view of a FIFO" "not a regular file" view "$rec" "$tmp/fifo.trd" --out "$tmp/r12"
check "item 12: ... creates no folder" test ! -e "$tmp/r12"
"$bin" selfplay --game race3 --nplayers 3 --players random --games 3 --seed 1 --out "$tmp/r3.trd" --quiet
bad "item 12: view of another game's run" "holds a race3 run, not tzaar" view "$rec" "$tmp/r3.trd" --out "$tmp/r12"
check "item 12: ... creates no folder" test ! -e "$tmp/r12"
mkdir "$tmp/r12e"
bad "item 12: into an empty folder, a refused view" "none.trd" view "$tmp/none.trd" --out "$tmp/r12e"
check "item 12: ... leaves it empty" test -z "$(ls -A "$tmp/r12e")"
good "item 12: and the next run is not refused" view "$rec" --out "$tmp/r12e"
# Links inside the output folder are never followed (item 13).
mkdir -p "$tmp/victim"
printf 'keep\n' >"$tmp/victim/0.js"
printf 'keep\n' >"$tmp/victim/1.js"
rm -rf "$tmp/w/games"
ln -s "$tmp/victim" "$tmp/w/games"
bad "item 13: view --force refuses a folder whose games/ is a link" "games (a link), which is not part of a triad view site" \
    view "$rec" --out "$tmp/w" --force
check "item 13: ... and the link's target keeps its .js files as they were" \
    test "$(ls "$tmp/victim" | tr '\n' ' ')" = "0.js 1.js " -a "$(cat "$tmp/victim/0.js" "$tmp/victim/1.js" 2>/dev/null | md5sum)" = "$(printf 'keep\nkeep\n' | md5sum)"
rm "$tmp/w/games"
printf 'mine\n' >"$tmp/w/notes.txt"
bad "item 13: view --force refuses a folder with more than a site" "notes.txt, which is not part of a triad view site" \
    view "$rec" --out "$tmp/w" --force
check "item 13: ... and keeps it" test "$(cat "$tmp/w/notes.txt")" = mine
rm "$tmp/w/notes.txt"
ln -s "$tmp/w" "$tmp/wlink"
good "item 13: --out may itself be a link to a site folder" view "$rec" --out "$tmp/wlink" --force --limit 3
check "item 13: ... which is replaced where it lies" test -L "$tmp/wlink" -a "$(grep -c '^\[' "$tmp/w/index-data.js")" -eq 3
# Ctrl-C or SIGTERM while view writes: the partial site is removed, the old
# one stays as it was, and view ends by the signal.  (The signal comes once
# the temporary folder exists, polled; set -m and defsig, lib.sh: a script's
# background job would ignore SIGINT.)
"$bin" selfplay --games 1000 --players random --setup random --seed 8 --threads 2 --out "$tmp/big.trd" --quiet
sums "$tmp/w" >"$tmp/w.sums"
set -m
"${defsig[@]}" "$bin" view "$tmp/big.trd" --out "$tmp/w" --force >/dev/null 2>"$tmp/err" &
pid=$!
set +m
for _ in $(seq 2000); do
    [ -n "$(ls -d "$tmp"/w.tmp-* 2>/dev/null)" ] && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.005
done
kill -INT $pid 2>/dev/null
wait $pid
int_rc=$?
check "item 11: Ctrl-C during view ends it by the signal (exit $int_rc)" test "$int_rc" -eq 130
check "item 11: ... says so" grep -q 'stopped by SIGINT' "$tmp/err"
check "item 11: ... leaves the old site as it was and no temporary folder" \
    test -z "$(ls -d "$tmp"/w.tmp-* 2>/dev/null)" -a "$(sums "$tmp/w" | md5sum)" = "$(md5sum <"$tmp/w.sums")"
rm -f "$tmp/big.trd"
# bias --html never writes through a link in its folder either.
if [ -s "$prec" ]; then
    mkdir -p "$tmp/hl" "$tmp/victim2"
    ln -s "$tmp/victim2" "$tmp/hl/plots"
    bad "item 13: bias --html refuses DIR/plots as a link" "plots (a link), which is not part of a bias --html page" \
        bias --records "$prec" --html "$tmp/hl" --force
    check "item 13: ... and writes nothing through it" test -z "$(ls -A "$tmp/victim2")"
fi
# A kill -9's temporary folder is removed by the next run into the same folder;
# one whose maker still runs (it holds the folder's lock) is left alone.
mkdir -p "$tmp/w.tmp-Stale1/games" "$tmp/w.tmp-Live01" "$tmp/w.tmp-other" "$tmp/w.tmpXStale2"
printf 'x' >"$tmp/w.tmp-Stale1/games/0.js"
exec 9<"$tmp/w.tmp-Live01"
flock -x 9
good "item 14: view after a killed view" view "$rec" --out "$tmp/w" --force --limit 2
check "item 14: its stale temporary folder is removed" test ! -e "$tmp/w.tmp-Stale1"
check "item 14: a live one (locked) and other names are kept" test -d "$tmp/w.tmp-Live01" -a -d "$tmp/w.tmp-other" -a -d "$tmp/w.tmpXStale2"
exec 9<&-
if [ -s "$prec" ]; then
    mkdir -p "$tmp/pl/.plots.tmp-Stale1" "$tmp/pl/.plots.tmp-Live01"
    printf 'set output "x"\n' >"$tmp/pl/.plots.tmp-Stale1/bias.gp"
    exec 9<"$tmp/pl/.plots.tmp-Live01"
    flock -x 9
    run bias --records "$prec" --plots "$tmp/pl"
    check "item 14: bias --plots after a killed one removes its stale temporary folder" \
        test "$rc" -eq 0 -a ! -e "$tmp/pl/.plots.tmp-Stale1" -a -d "$tmp/pl/.plots.tmp-Live01"
    check "item 14: and leaves none of its own" test "$(ls -A "$tmp/pl" | grep -c tmp)" -eq 1
    exec 9<&-
fi

# --- viewer.html?game=N of a game the site lacks (issue 18, item 21) ---------------
# The query string is read by the page's script: this needs a browser, so it
# runs where chromium is installed (scripts/test.sh installs it; its browser
# phase, tests/browser_test.sh, checks this too), and says it was skipped
# elsewhere.
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$browser" ] && [ -s "$tmp/site/viewer.html" ]; then
    flags=(--headless --disable-gpu --no-first-run --user-data-dir="$tmp/profile" --virtual-time-budget=3000)
    [ "$(id -u)" -ne 0 ] || flags+=(--no-sandbox)
    for g in 999 abc; do
        timeout 60 "$browser" "${flags[@]}" --dump-dom "file://$tmp/site/viewer.html?game=$g" >"$tmp/dom.html" 2>/dev/null
        check "item 21: viewer.html?game=$g says the game does not exist (the site holds 3)" \
            grep -q "game $g does not exist: this site holds 3 games, 0 to 2" "$tmp/dom.html"
        check "item 21: ... and shows no other game" test -z "$(grep -o '<span id="plies">[1-9]' "$tmp/dom.html")"
    done
else
    ok "item 21: viewer.html?game=999 # SKIP no chromium here (tests/browser_test.sh checks it)"
fi

# --- hostile file names (issue 18, item 16) --------------------------------------
# A records file's name reaches the pages and a printed command line: escaped
# for HTML on every page, shell-quoted in the command line, so opening the
# page runs no script and pasting the line runs no command.
if [ -s "$prec" ]; then
    mkdir -p "$tmp/host" "$tmp/fakebin" "$tmp/paste"
    evil="$tmp/host/b<img src=x onerror=alert(1)>'q\".trd"
    cp "$prec" "$evil"
    run bias --records "$evil" --html "$tmp/xss"
    check "hostile name: bias --html writes its page" test "$rc" -eq 0 -a -s "$tmp/xss/index.html"
    check "hostile name: no page or script holds the raw markup" \
        test -z "$(grep -rl --exclude='*.txt' '<img src=x' "$tmp/xss")"
    check "hostile name: the page shows the name escaped" grep -q '&lt;img src=x onerror=alert(1)&gt;&#39;q&quot;' "$tmp/xss/index.html"
    run view "$evil" --out "$tmp/xss-site"
    check "hostile name: view's pages hold no raw markup either" test "$rc" -eq 0 -a -z "$(grep -rl '<img src=x' "$tmp/xss-site")"
    evil="$tmp/host/a;touch PWNED;b 'q'\$(touch PWNED2).trd"
    cp "$prec" "$evil"
    run bias --records "$evil" --html "$tmp/xss2"
    printf '#!/bin/sh\nfor a in "$@"; do printf "%%s\\n" "$a"; done >args\n' >"$tmp/fakebin/triad"
    chmod +x "$tmp/fakebin/triad"
    line=$(head -1 "$tmp/xss2/one-sided-ids.txt")
    (cd "$tmp/paste" && PATH=$tmp/fakebin:$PATH bash -c "$line") 2>/dev/null
    check "hostile name: pasting the printed view line runs no other command" test ! -e "$tmp/paste/PWNED" -a ! -e "$tmp/paste/PWNED2"
    check "hostile name: and gives triad the file name as one word" test "$(sed -n 2p "$tmp/paste/args" 2>/dev/null)" = "$evil"
    check "hostile name: the page shows the quoted line" grep -qF "triad view &#39;$tmp/host/a;touch PWNED;b &#39;\\&#39;&#39;q&#39;\\&#39;&#39;\$(touch PWNED2).trd&#39; --out DIR" "$tmp/xss2/index.html"
fi

# --- show --actions ---------------------------------------------------------
FIXED='cCCCCcbBBBccbaAAbccbacCabcCBACcabcCBAcCABCCBaaABCCbbbBCccccC'
if good "show --actions" show --actions "D5xD4" && first=$(tail -1 "$tmp/out"); then
    check "show --actions plays the action" test "$first" != "$FIXED w 0"
    check "show --actions: Black to act after White's opening" grep -q ' b 1$' <<<"$first"
fi
bad "show --actions with an illegal action" "action 2 'A1xI5'" show --actions "D5xD4 A1xI5"

# --- the site's scripts are compiled in from view/assets/ ------------------------
src=$(cd "$(dirname "$0")/.." && pwd)/view
if [ -f "$src/embed.sh" ]; then
    sh "$src/embed.sh" >"$tmp/assets.c"
    check "view/assets.c is view/embed.sh's output (rerun it after editing view/assets/)" cmp -s "$tmp/assets.c" "$src/assets.c"
fi

finish
