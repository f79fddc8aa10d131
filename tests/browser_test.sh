#!/usr/bin/env bash
# browser_test.sh [BINARY] — `triad view` in a real browser.  Installs
# Debian's chromium when it is missing (apt-get; root or sudo), plays a few
# quick games, writes the site, then opens its pages headless from file://
# and checks: no script errors (the pages' own error box and chromium's
# console log), the index lists every game, and the viewer stepped to ply K
# (viewer.html?game=G&ply=K) shows the position string that `triad show
# --actions` computes for ply K, for every game: TZAAR, Talat (three
# seats), Talat's Zihin game and TRID (three seats); and that no page of
# any game is wider than the screen at 390x844 (a phone) and 1366x768 (a
# laptop), with long player specs: nothing sticks out sideways, and at
# 1366 no table needs scrolling (at 390 the index's tables scroll in their
# own boxes).  Screenshots of the index and of a board mid-game of each
# (desktop 1280x800 and phone 390x844) are kept in build/browser/.
# Prints "ok - ..." / "not ok - ..." and "N passed, N failed"; exits
# non-zero on any failure.
#   tests/browser_test.sh build/release/triad
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../build/release/triad}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "browser_test.sh: $bin is not an executable (make first)"; echo "0 passed, 1 failed"; exit 1; }
art=$here/../build/browser
mkdir -p "$art" && art=$(cd "$art" && pwd)
profile=
on_exit() { [ -z "$profile" ] || rm -rf "$profile"; }
. "$here/lib.sh"

# --- chromium -----------------------------------------------------------------
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    sudo=
    [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
    t0=$(date +%s)
    echo "# installing chromium (apt-get)"
    if $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >"$art/apt.log" 2>&1 ||
        { $sudo apt-get update >>"$art/apt.log" 2>&1 &&
          $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >>"$art/apt.log" 2>&1; }; then
        echo "# chromium installed in $(($(date +%s) - t0)) s"
    fi
    browser=$(command -v chromium || true)
fi
[ -n "$browser" ] || { not_ok "chromium is available" "could not install it, see $art/apt.log"; give_up; }
ok "chromium is available ($("$browser" --version 2>/dev/null | head -1))"

profile=$(mktemp -d)
flags=(--headless --disable-gpu --no-first-run --user-data-dir="$profile" --virtual-time-budget=5000
       --enable-logging=stderr --v=0)
[ "$(id -u)" -ne 0 ] || flags+=(--no-sandbox) # chromium refuses to run as root with its sandbox

# dom URL NAME: the page's DOM after load in $art/NAME.html, chromium's log in $art/NAME.log.
dom() { timeout 60 "$browser" "${flags[@]}" --dump-dom "$1" >"$art/$2.html" 2>"$art/$2.log"; }
# shot URL NAME WIDTH HEIGHT: a PNG screenshot in $art/NAME.png.  Headless
# chromium lays a page out at least 500 px wide, whatever the window: a
# narrower one is shot in a frame of that width (frame.html, below).
shot() {
    local url=$1
    rm -f "$art/$2.png"
    [ "$3" -ge 500 ] ||
        url="file://$art/frame.html?w=$3&h=$4&src=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$1")"
    timeout 60 "$browser" "${flags[@]}" --window-size="$3,$4" --hide-scrollbars --screenshot="$art/$2.png" "$url" \
        >/dev/null 2>"$art/$2.log"
}
# clean NAME DESCRIPTION: no error in the page's box and none in the console log.
clean() {
    if ! grep -q '<pre id="errors" class="errors" hidden=""></pre>' "$art/$1.html"; then
        not_ok "$2: no script errors" "the page's error box: $(grep -o '<pre id="errors"[^<]*' "$art/$1.html" | head -c 300)"
    elif grep -E 'Uncaught|CONSOLE.*(Error|error)|Failed to load|ERR_FILE_NOT_FOUND' "$art/$1.log" >/dev/null; then
        not_ok "$2: no script errors" "$(grep -E 'Uncaught|CONSOLE|Failed to load|ERR_FILE' "$art/$1.log" | head -3)"
    else
        ok "$2: no script errors"
    fi
}

# --- no page wider than the screen (issue 40 item 18) ---------------------------
# wide SITE PAGE W H LABEL: PAGE (with its query) of a copy of SITE, in a
# W x H frame, reports what sticks out sideways (measure.js, injected into
# the copy, posts it to frame.html, whose DOM is dumped); the check fails on
# anything that sticks out of the page, and at 1366 also on a box that must
# scroll sideways (a table whose columns do not fit).
cat >"$art/measure.js" <<'JS'
addEventListener('load', function () {
  setTimeout(function () {
    var d = document.documentElement, vw = d.clientWidth, out = [];
    if (d.scrollWidth > vw) out.push('page ' + d.scrollWidth + ' > ' + vw);
    document.querySelectorAll('body *').forEach(function (e) {
      if (e.closest('svg') && e.tagName.toLowerCase() !== 'svg') return;
      var r = e.getBoundingClientRect(), cs = getComputedStyle(e), boxed = false;
      if (!r.width || !r.height || cs.visibility === 'hidden') return;
      for (var p = e.parentElement; p && p !== document.body; p = p.parentElement)
        if (/auto|scroll|hidden/.test(getComputedStyle(p).overflowX)) boxed = true;
      var name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
        (typeof e.className === 'string' && e.className ? '.' + e.className.split(' ')[0] : '');
      if (!boxed && (r.right > vw + 0.5 || r.left < -0.5))
        out.push('out ' + name + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
      if (/auto|scroll/.test(cs.overflowX) && e.scrollWidth > e.clientWidth + 1)
        out.push('scrolls ' + name + ' ' + e.scrollWidth + ' in ' + e.clientWidth);
    });
    parent.postMessage('overflow:' + (out.join('; ') || 'none'), '*');
  }, 500);
});
JS
cat >"$art/frame.html" <<'HTML'
<!doctype html><html><body style="margin:0"><iframe id="f" style="border:0;display:block"></iframe><pre id="report">no report</pre>
<script>
var q = new URLSearchParams(location.search), f = document.getElementById('f');
f.width = q.get('w'); f.height = q.get('h'); f.src = q.get('src');
addEventListener('message', function (e) {
  if (String(e.data).indexOf('overflow:') === 0) document.getElementById('report').textContent = e.data;
});
</script></body></html>
HTML
wide() {
    local site=$1 page=$2 w=$3 h=$4 label=$5 copy=$art/measure-$(basename "$1") src report bad
    if [ ! -d "$copy" ]; then
        cp -r "$site" "$copy"
        sed -i 's#</body>#<script src="../measure.js"></script></body>#' "$copy/index.html" "$copy/viewer.html"
    fi
    src=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "file://$copy/$page")
    timeout 60 "$browser" "${flags[@]}" --virtual-time-budget=8000 --window-size=1400,900 \
        --dump-dom "file://$art/frame.html?w=$w&h=$h&src=$src" >"$art/wide.html" 2>"$art/wide.log"
    report=$(sed -n 's/.*<pre id="report">\([^<]*\)<.*/\1/p' "$art/wide.html" | sed 's/&gt;/>/g')
    bad=$(tr ';' '\n' <<<"${report#overflow:}" | sed 's/^ //' | grep -E '^(page|out)|^no report' | head -3)
    [ "$w" -lt 1000 ] || bad=$bad$(tr ';' '\n' <<<"${report#overflow:}" | sed 's/^ //' | grep '^scrolls' | head -3)
    case $report in overflow:*) ;; *) bad="no report from the page ($report)" ;; esac
    if [ -z "$bad" ]; then ok "$label at ${w}x$h: nothing wider than the screen"
    else not_ok "$label at ${w}x$h: nothing wider than the screen" "$(tr '\n' ';' <<<"$bad")"; fi
}
# every_width SITE LABEL: the index and a board mid-game, at both sizes
every_width() {
    for size in "390 844" "1366 768"; do
        read -r w h <<<"$size"
        wide "$1" "index.html" "$w" "$h" "$2: index"
        wide "$1" "viewer.html?game=0&ply=10" "$w" "$h" "$2: viewer"
    done
}

# --- the site -----------------------------------------------------------------
games=40 # two data files (32 games each): game 35 is in the second
rm -rf "$art/site" "$art/r.trd" "$art"/measure-site*
# long specs, as research runs have them: the pages must not grow past the screen for them
long=ab:depth=1,weights=$here/../data/weights/handset.txt
if ! "$bin" selfplay --games $games --white "$long" --black random --setup random --seed 11 --out "$art/r.trd" --quiet ||
    ! "$bin" view "$art/r.trd" --out "$art/site" >/dev/null; then
    not_ok "selfplay and view write the site" "see above"
    give_up
fi
ok "selfplay and view write the site"
site="file://$art/site"

dom "$site/index.html" index
clean index "index.html"
rows=$(grep -o 'href="viewer.html?game=[0-9]*"' "$art/index.html" | sort -u | wc -l)
[ "$rows" -eq "$games" ] && ok "the index lists $games games" || not_ok "the index lists $games games" "it lists $rows"
grep -q "$games of $games" "$art/index.html" && ok "the index counts $games of $games" ||
    not_ok "the index counts $games of $games" "no '$games of $games' in the DOM"

# Each game's start and actions, in the order view wrote them (file order).
"$bin" records cat --start "$art/r.trd" >"$art/cat.txt"
# shows_position CAT GAME G K URL PAGE LABEL: the viewer at URL, on game G at
# ply K (its DOM saved as $art/PAGE.html), shows the position triad show
# gives from game G's start and first K actions in CAT (records cat
# --start); LABEL prefixes the checks' names.  Sets $want to that position.
shows_position() {
    local cat=$1 game=$2 g=$3 k=$4 url=$5 page=$6 label=$7 start acts got
    start=$(sed -n "$((2 * g + 1))p" "$cat" | cut -d' ' -f3-)
    acts=$(sed -n "$((2 * g + 2))p" "$cat" | sed 's/^.* :\( \|$\)//' | tr ' ' '\n' | head -n "$k" | tr '\n' ' ')
    [ "$k" -gt 0 ] || acts=
    want=$("$bin" show --game "$game" --position "$start" --actions "$acts" | tail -1)
    dom "$url/viewer.html?game=$g&ply=$k" "$page"
    clean "$page" "${label}viewer game $g ply $k"
    got=$(sed -n 's/.*<code id="pos" class="pos">\([^<]*\)<\/code>.*/\1/p' "$art/$page.html")
    if [ -n "$want" ] && [ "$got" = "$want" ]; then
        ok "${label}game $g ply $k shows triad's position"
    else
        not_ok "${label}game $g ply $k shows triad's position" "page '$got', triad '$want'"
    fi
}
check_ply() { # GAME PLY
    local g=$1 k=$2 want
    shows_position "$art/cat.txt" tzaar "$g" "$k" "$site" "viewer-$g-$k" ""
    # The board drawn for ply K has triad's stacks: as many light and dark pieces.
    local cells=${want%% *} wn bn
    wn=$(grep -o 'href="#w[abc]"' "$art/viewer-$g-$k.html" | wc -l)
    bn=$(grep -o 'href="#b[abc]"' "$art/viewer-$g-$k.html" | wc -l)
    if [ "$wn" -eq "$(tr -cd 'abc' <<<"$cells" | wc -c)" ] && [ "$bn" -eq "$(tr -cd 'ABC' <<<"$cells" | wc -c)" ]; then
        ok "game $g ply $k: the board shows triad's stacks ($wn White, $bn Black)"
    else
        not_ok "game $g ply $k: the board shows triad's stacks" "drawn $wn White and $bn Black, position $cells"
    fi
    grep -q "<span id=\"ply\">$k</span>" "$art/viewer-$g-$k.html" && ok "game $g ply $k: the ply counter says $k" ||
        not_ok "game $g ply $k: the ply counter says $k" "$(grep -o '<span id="ply">[^<]*' "$art/viewer-$g-$k.html")"
}
check_ply 0 0
check_ply 2 7
last=$(sed -n 72p "$art/cat.txt" | sed 's/^.* :\( \|$\)//' | wc -w)
check_ply 35 "$last"
grep -q 'class="s[01] current"' "$art/viewer-2-7.html" &&
    ok "the current action is highlighted" || not_ok "the current action is highlighted" "no li.current"
[ "$(grep -o '<use href=.#[wb][abc]' "$art/viewer-2-7.html" | wc -l)" -gt 20 ] &&
    ok "the board shows the pieces" || not_ok "the board shows the pieces" "fewer than 21 pieces in the SVG"

# A game the site does not hold is said, never replaced by game 0 (issue 18,
# item 21): ?game=999, ?game=-1, ?game=abc, ?game=1.5.
for g in 999 40 -1 abc 1.5; do
    dom "$site/viewer.html?game=$g" "viewer-missing"
    clean viewer-missing "viewer game=$g"
    if grep -q "game $g does not exist: this site holds $games games, 0 to $((games - 1))" "$art/viewer-missing.html" &&
        ! grep -q '<span id="plies">[1-9]' "$art/viewer-missing.html"; then
        ok "viewer game=$g: says the game does not exist and shows none"
    else
        not_ok "viewer game=$g: says the game does not exist and shows none" \
            "$(grep -o '<p id="meta"[^>]*>[^<]*' "$art/viewer-missing.html" | head -c 200)"
    fi
done
dom "$site/viewer.html" viewer-default
grep -q 'id="title">game [0-9]* (1 of' "$art/viewer-default.html" && ok "viewer without ?game= shows the first game" ||
    not_ok "viewer without ?game= shows the first game" "$(grep -o '<span[^>]*id="title"[^<]*' "$art/viewer-default.html")"

# The checks can fail: a broken data file must be caught.
cp -r "$art/site" "$art/broken" && printf 'triadGame({' >"$art/broken/games/0.js"
dom "file://$art/broken/viewer.html?game=1&ply=3" broken
if grep -q '<pre id="errors" class="errors" hidden=""></pre>' "$art/broken.html"; then
    not_ok "a broken data file is reported" "the error box stayed empty"
else
    ok "a broken data file is reported"
fi
rm -rf "$art/broken"

# --- the other games (issue 19, item 3) ---------------------------------------
# other GAME NAME SELFPLAY-ARGS...: a site of NAME's records; two games checked
# at a ply each (the DOM's position string is `triad show --actions`'s, no
# script errors), the index clean, screenshots at desktop and phone widths.
other() {
    local game=$1 name=$2
    shift 2
    rm -rf "$art/site-$name" "$art/$name.trd"
    if ! "$bin" selfplay --game "$game" "$@" --threads 1 --out "$art/$name.trd" --quiet ||
        ! "$bin" view "$art/$name.trd" --out "$art/site-$name" >/dev/null; then
        not_ok "$name: selfplay and view write the site" "see above"
        return
    fi
    ok "$name: selfplay and view write the site"
    local url="file://$art/site-$name" n g k want
    dom "$url/index.html" "index-$name"
    clean "index-$name" "$name: index.html"
    n=$(grep -c '^\[' "$art/site-$name/index-data.js")
    [ "$(grep -o 'href="viewer.html?game=[0-9]*"' "$art/index-$name.html" | sort -u | wc -l)" -eq "$n" ] &&
        ok "$name: the index lists $n games" || not_ok "$name: the index lists $n games" "see $art/index-$name.html"
    "$bin" records cat --start "$art/$name.trd" >"$art/cat-$name.txt"
    for g in 0 1; do
        k=$(( g == 0 ? 9 : $(sed -n "$((2 * g + 2))p" "$art/cat-$name.txt" | sed 's/^.* :\( \|$\)//' | wc -w) ))
        shows_position "$art/cat-$name.txt" "$game" "$g" "$k" "$url" "viewer-$name-$g" "$name: "
        grep -q "<span id=\"ply\">$k</span>" "$art/viewer-$name-$g.html" && grep -q '<g id="pieces"><' "$art/viewer-$name-$g.html" &&
            ok "$name: game $g ply $k: the counter says $k and the pieces are drawn" ||
            not_ok "$name: game $g ply $k: the counter says $k and the pieces are drawn" "see $art/viewer-$name-$g.html"
    done
    shot "$url/viewer.html?game=0&ply=40" "viewer-$name" 1280 800
    shot "$url/viewer.html?game=0&ply=40" "viewer-$name-phone" 390 844
    shot "$url/index.html" "index-$name" 1280 800
}
other talat talat --nplayers 3 --players ab:depth=1 --setup random --games 3 --seed 5
other talat zihin --nplayers 2 --seat 0=ab:depth=1 --seat 1=greedy --setup random --games 2 --seed 6
other trid trid --nplayers 3 --seat 0=ab:depth=1 --seat 1=greedy --seat 2=random --games 2 --seed 7
every_width "$art/site" tzaar
every_width "$art/site-talat" talat
every_width "$art/site-zihin" zihin
every_width "$art/site-trid" trid

# --- screenshots (artefacts; look at them) -------------------------------------
shot "$site/index.html" index 1280 800
shot "$site/viewer.html?game=2&ply=17" viewer 1280 800
shot "$site/viewer.html?game=2&ply=17" viewer-phone 390 844
for s in index viewer viewer-phone viewer-talat viewer-talat-phone index-talat viewer-zihin viewer-zihin-phone \
    viewer-trid viewer-trid-phone index-trid; do
    size=$(stat -c %s "$art/$s.png" 2>/dev/null || echo 0)
    [ "$size" -gt 10000 ] && ok "screenshot $s.png ($size bytes)" || not_ok "screenshot $s.png" "missing or blank ($size bytes)"
done
finish
