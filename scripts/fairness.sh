#!/usr/bin/env bash
# fairness.sh [--report [--json] | --list] [OUT] — which rule of TZAAR's first turn
# makes the game fair (issue 39, item 5): self-play of one node-limited
# alpha-beta player (ab:nodes=NODES) under each variant of the rules
# (docs/tzaar-variants.md), on the same setups for every variant (one run
# seed, one setup kind: setup k is the same board under every variant, and so
# is each game's seed), then the report: White's score under each variant
# with its interval clustered by setup (`triad bias`), the difference of
# each variant from the rulebook paired by setup (scripts/paired-setups.sh:
# each setup one observation, a t interval), and the fairest variant named
# with its interval, or said plainly that none is within 2 points of half.
#
#   scripts/fairness.sh data/records/fairness            # play what is missing, then report
#   SHARD=3/16 scripts/fairness.sh OUT                   # one shard of each part (a lent machine; no report)
#   scripts/fairness.sh --report [--json] OUT            # the report only, of what OUT holds
#   scripts/fairness.sh --list                           # the variants it plays, one a line
#
# The report covers every part OUT holds (each NODES, each setup kind, each
# variant found) unless NODES, SETUPS or VARIANTS name some; --json prints
# it as one JSON object, {"parts":[...]}, a part per node count and setup kind.
#
# Files: OUT/nodes-NODES/VARIANT/KIND.trd (VARIANT the spec with = as -,
# first-capture for the rulebook), or KIND.shardK-of-N.trd under SHARD=K/N;
# the report reads a part's whole file and its shards together (a game held
# twice counts once).  Every part resumes (selfplay --resume), so a killed
# run loses only the games in flight, and each file is whole as soon as its
# command ends: commit it then.  OUT/cost.tsv gets a line per command that
# played games: nodes, variant, kind (and shard), games, CPU seconds.
#
# Environment:
#   VARIANTS  the variants, each a parameter list of tzaar (default: the
#             rulebook and each parameter's other values alone, from
#             `triad help games`: first=capture first=full first=both pie=1)
#   NODES=64000  GAMES=2000  SETUPS="random"  (kinds: random, paired with
#             REPLICATES=2 replicates; fixed, paired, the player with ties=1
#             so that its opening is drawn from the tied set, as the deep
#             ladder's fixed kind; tournament and tournament-black, not
#             paired: the players place)
#   SEED=1  THREADS=(all cores)  SHARD=K/N  TRIAD=bin/triad  NO_SETUP=1 (no make
#             first; nor when TRIAD is given)
# The first variant is the one the others are compared with (the rulebook,
# unless VARIANTS puts another first).  The study of issue 39:
#   scripts/fairness.sh OUT                                          # 4 variants x 2,000, random, 64,000 nodes
#   VARIANTS="V" SETUPS="fixed tournament" scripts/fairness.sh OUT   # V: the fairest, 2,000 each
#   (VARIANTS="first=capture V" adds the rulebook on those setups, to pair with)
#   VARIANTS="first=capture V" NODES=1000000 GAMES=400 scripts/fairness.sh OUT
set -euo pipefail
. "$(dirname "$0")/caller.sh" # paths the user gives are the caller's, the script runs in the checkout
cd "$(dirname "$0")/.."
report_only=0 json=0 list=0
while [ $# -gt 0 ]; do
    case $1 in
        --report) report_only=1 ;;
        --json) json=1 ;;
        --list) list=1 ;;
        --help | -h) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fairness.sh: unknown option $1 (usage: scripts/fairness.sh [--report [--json] | --list] [OUT])" >&2; exit 2 ;;
        *) break ;;
    esac
    shift
done
[ $json = 0 ] || [ $report_only = 1 ] || { echo "fairness.sh: --json goes with --report" >&2; exit 2; }
[ $# -le 1 ] || { echo "usage: scripts/fairness.sh [--report [--json] | --list] [OUT]" >&2; exit 2; }
out=${1:+$(caller_path "$1")}
out=${out:-out/fairness}
TRIAD_GIVEN=${TRIAD:-}
triad=${TRIAD:+$(caller_cmd "$TRIAD")}
triad=${triad:-bin/triad}
export TRIAD=$triad # paired-setups.sh runs the same binary
nodes=${NODES:-64000}
games=${GAMES:-2000}
kinds=(${SETUPS:-random})
replicates=${REPLICATES:-2}
seed=${SEED:-1}
threads=()
[ -z "${THREADS:-}" ] || threads=(--threads "$THREADS")
shard=()
[ -z "${SHARD:-}" ] || shard=(--shard "$SHARD")
for n in "$nodes" "$games" "$replicates" "$seed"; do
    [[ $n =~ ^[0-9]+$ ]] || { echo "fairness.sh: NODES, GAMES, REPLICATES and SEED are numbers (got $n)" >&2; exit 2; }
done
[ -z "${SHARD:-}" ] || [[ $SHARD =~ ^[0-9]+/[1-9][0-9]*$ ]] || { echo "fairness.sh: SHARD is K/N (got $SHARD)" >&2; exit 2; }

# The variants `triad help games` lists for tzaar: the rulebook (every
# parameter at its default, named by the first parameter) and each
# parameter's other values alone.  A parameter line is "      KEY  VALUES:
# meaning", VALUES "a (default), b, c" or "A to B (default D)".
help_variants() {
    $triad help games | awk '
        /^  [a-z0-9]+ — / { on = ($1 == "tzaar"); next }
        on && /^    parameters/ { p = 1; next }
        on && p && /^      [a-z]+  +/ {
            key = $1; v = $0; sub(/^ *[a-z]+ +/, "", v); sub(/:.*/, "", v)
            if (match(v, /^[0-9]+ to [0-9]+ \(default [0-9]+\)/)) {
                split(v, w, /[ ()]+/); d = w[5]
                for (i = w[1]; i <= w[3]; i++) if (i != d) other = other " " key "=" i
                if (first == "") first = key "=" d
            } else {
                n = split(v, w, /, */)
                for (i = 1; i <= n; i++) {
                    if (sub(/ \(default\)$/, "", w[i])) { if (first == "") first = key "=" w[i] }
                    else other = other " " key "=" w[i]
                }
            }
            next
        }
        on && p && !/^       / { p = 0 }
        END { if (first != "") print first other }'
}
variants=(${VARIANTS:-$(help_variants)})
[ ${#variants[@]} -gt 0 ] || variants=(first=capture first=full first=both pie=1)
vdir() { local d=${1//=/-}; echo "${d//,/_}"; }
# The variant a folder holds (vdir's inverse: keys and values have no - or _).
vname() { local d=${1//_/,}; echo "$d" | sed -E 's/(^|,)([a-z]+)-/\1\2=/g'; }
for v in "${variants[@]}"; do
    [[ $v =~ ^[a-z]+=[a-z0-9]+(,[a-z]+=[a-z0-9]+)*$ ]] || { echo "fairness.sh: variant $v is not KEY=VALUE,..." >&2; exit 2; }
done

# Games a records file holds (0 when it does not exist yet).
held() { [ -f "$1" ] && $triad records stats --json "$1" 2>/dev/null | sed -n 's/^{"games":\([0-9]*\).*/\1/p' || echo 0; }
cpu() { awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat; }
# The games of a part (the setup kind's pairing rounds them down).
part_games() {
    case $1 in
        random) echo $((games / (2 * replicates) * 2 * replicates)) ;;
        fixed) echo $((games / 2 * 2)) ;;
        *) echo "$games" ;;
    esac
}
# The player of a part: the fixed setup's draws its opening from the tied set.
part_player() { if [ "$1" = fixed ]; then echo "ab:nodes=$nodes,ties=1"; else echo "ab:nodes=$nodes"; fi; }
part_args() {
    case $1 in
        random) echo --paired --replicates "$replicates" ;;
        fixed) echo --paired ;;
        tournament | tournament-black) ;;
        *) echo "fairness.sh: setup kind $1 is not random, fixed, tournament or tournament-black" >&2; return 2 ;;
    esac
}
for kind in "${kinds[@]}"; do part_args "$kind" >/dev/null; done
[ $list = 0 ] || { printf '%s\n' "${variants[@]}"; exit 0; }

play() {
    local v=$1 kind=$2 dir file before after start end n
    dir=$out/nodes-$nodes/$(vdir "$v")
    file=$dir/$kind.trd
    [ -z "${SHARD:-}" ] || file=$dir/$kind.shard${SHARD%/*}-of-${SHARD#*/}.trd
    n=$(part_games "$kind")
    mkdir -p "$dir"
    printf '== tzaar:%s, %s, %s, %s games%s\n' "$v" "$kind" "$(part_player "$kind")" "$n" "${SHARD:+ (shard $SHARD)}"
    before=$(held "$file")
    start=$(cpu) rc=0 stopped=0
    # A run stopped by a signal (timeout -s INT, a job's end) keeps its
    # finished games, and its cost line is written before the script ends.
    trap 'stopped=1' INT TERM
    # shellcheck disable=SC2046
    $triad selfplay --game "tzaar:$v" --games "$n" --players "$(part_player "$kind")" --setup "$kind" --seed "$seed" \
        $(part_args "$kind") --out "$file" --resume "${threads[@]}" "${shard[@]}" || rc=$?
    trap - INT TERM
    end=$(cpu)
    after=$(held "$file")
    [ "${after:-0}" -le "${before:-0}" ] ||
        printf '%s\t%s\t%s\t%s\t%s\n' "$nodes" "$v" "$kind${SHARD:+ shard $SHARD}" "$((after - before))" \
            "$(awk -v t=$((end - start)) -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", t / hz }')" >>"$out/cost.tsv"
    [ $stopped = 0 ] || { echo "fairness.sh: stopped; $file keeps its $after games (run again to resume)" >&2; exit 130; }
    [ $rc = 0 ] || { echo "fairness.sh: selfplay failed (exit $rc) on $file" >&2; exit "$rc"; }
}

# json_num KEY: the first number after "KEY": on stdin; json_first KEY: the
# first string; json_pair KEY: the first [a,b] after it, as "a b".
json_num() { grep -o '"'"$1"'":-\{0,1\}[0-9][0-9.e+-]*' | head -1 | sed 's/^[^:]*://'; }
json_first() { grep -o '"'"$1"'":"[^"]*"' | head -1 | sed 's/^[^:]*://; s/"//g'; }
json_pair() { grep -o '"'"$1"'":\[[^]]*\]' | head -1 | sed 's/^[^[]*\[//; s/\]$//; s/,/ /'; }
part_files() {
    local d=$out/nodes-$nodes/$(vdir "$1") f
    for f in "$d/$2.trd" "$d/$2".shard*-of-*.trd; do [ ! -f "$f" ] || echo "$f"; done
}

# report_part KIND: one part's figures (nodes, kind), as text or one JSON object.
report_part() {
    local kind=$1 v files j w lo hi g s sw sig gm base=() bfiles d dlo dhi ps pg fair="" fairdev="" k
    local rows=() drows=() ji=() jd=()
    base=($(part_files "${variants[0]}" "$kind"))
    for v in "${variants[@]}"; do
        files=($(part_files "$v" "$kind"))
        [ ${#files[@]} -gt 0 ] || continue
        j=$($triad bias "${files[@]}" --json | tr -d '\n') || { echo "fairness.sh: triad bias failed on ${files[*]}" >&2; return 2; }
        sig=$(echo "$j" | json_first engine_signature) gm=$(echo "$j" | json_first game)
        j=${j#*\"by_setup\":}
        g=$(echo "$j" | json_num games) w=$(echo "$j" | json_num white_score)
        read -r lo hi <<<"$(echo "$j" | json_pair ci95)"
        s=$(echo "$j" | json_num clusters)
        # the games in which Black swapped (pie=1; a game read twice counts once)
        sw=$($triad records export "${files[@]}" --format jsonl | awk -v name=fairness.sh -f scripts/dedup-games.awk 2>/dev/null |
            grep -c '"actions":\[[^]]*"swap"' || true)
        rows+=("$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s' "$v" "$gm" "$sig" "$g" "${s:-0}" "$w" "$lo" "$hi" "${sw:-0}")")
        k=$(awk -v w="$w" 'BEGIN { d = w - 0.5; print (d < 0 ? -d : d) }')
        if [ -z "$fairdev" ] || awk -v a="$k" -v b="$fairdev" 'BEGIN { exit !(a < b) }'; then
            fair=$v fairdev=$k
        fi
        [ "$v" != "${variants[0]}" ] && [ ${#base[@]} -gt 0 ] || continue
        d=$(scripts/paired-setups.sh --json "${base[@]}" -- "${files[@]}" 2>/dev/null) || continue
        ps=$(echo "$d" | json_num setups) pg=$(echo "$d" | json_num games_b)
        read -r dlo dhi <<<"$(echo "$d" | json_pair ci95)"
        drows+=("$(printf '%s\t%s\t%s\t%s\t%s\t%s' "$v" "$ps" "$(echo "$d" | json_num games_a)" "$pg" \
            "$(echo "$d" | json_num difference)" "${dlo:-} ${dhi:-}")")
    done
    [ ${#rows[@]} -gt 0 ] || return 0
    local within=0 frow tied="" r
    # the variants as near to half as the fairest (the first of them is named)
    for r in "${rows[@]}"; do
        v=${r%%$'\t'*}
        if [ "$v" = "$fair" ]; then frow=$r
        else
            w=$(echo "$r" | cut -f6)
            awk -v w="$w" -v b="$fairdev" 'BEGIN { d = w - 0.5; d = d < 0 ? -d : d; exit !(d - b < 1e-9 && b - d < 1e-9) }' && tied="$tied $v"
        fi
    done
    tied=${tied# }
    awk -v k="$fairdev" 'BEGIN { exit !(k <= 0.02) }' && within=1
    if [ $json = 1 ]; then
        printf '%s\n' "${rows[@]}" | awk -F'\t' -v nodes="$nodes" -v kind="$kind" 'BEGIN { printf "{\"nodes\":%d,\"setup\":\"%s\",\"variants\":[", nodes, kind }
            { printf "%s{\"variant\":\"%s\",\"game\":\"%s\",\"engine_signature\":\"%s\",\"games\":%d,\"setups\":%d,\"white\":%.4f,\"ci95\":[%.4f,%.4f],\"swaps\":%d}",
                (NR > 1 ? "," : ""), $1, $2, $3, $4, $5, $6, $7, $8, $9 }
            END { printf "]," }'
        printf '"differences":['
        [ ${#drows[@]} -eq 0 ] || printf '%s\n' "${drows[@]}" | awk -F'\t' -v base="${variants[0]}" '{ split($6, c, " ")
            printf "%s{\"variant\":\"%s\",\"against\":\"%s\",\"setups\":%d,\"games_against\":%d,\"games\":%d,\"difference\":%.4f,\"ci95\":%s}",
                (NR > 1 ? "," : ""), $1, base, $2, $3, $4, $5, (c[2] != "" ? sprintf("[%.4f,%.4f]", c[1], c[2]) : "null") }'
        echo "$frow" | awk -F'\t' -v within=$within '{ printf "],\"fairest\":{\"variant\":\"%s\",\"white\":%.4f,\"ci95\":[%.4f,%.4f],\"within_2_points\":%s,\"interval_within_2_points\":%s,\"as_near\":[%s]}}",
            $1, $6, $7, $8, (within ? "true" : "false"), ($7 >= 0.48 && $8 <= 0.52 ? "true" : "false"), tied }' \
            tied="$(for v in $tied; do printf '%s"%s"' "${sep:-}" "$v"; sep=,; done)"
        return 0
    fi
    printf '\n== %s setups, %s\n' "$kind" "$(part_player "$kind")"
    printf '%-16s %-24s %-17s %7s %7s  %8s  %-16s %s\n' variant game engine games setups White "95% (by setup)" swaps
    printf '%s\n' "${rows[@]}" | awk -F'\t' '{ printf "%-16s %-24s %-17s %7d %7d  %7.2f%%  %-16s %s\n", $1, $2, $3, $4, $5, 100 * $6,
        sprintf("[%.2f, %.2f]", 100 * $7, 100 * $8), ($2 ~ /pie=1/ ? $9 : "-") }'
    printf '(White: seat 0, the side that opens; under pie=1 it plays on with the other pieces in the games Black swapped)\n'
    if [ ${#drows[@]} -gt 0 ]; then
        printf '\nAgainst %s, paired by setup (the mean over the setups both hold of the difference in White'"'"'s score, t interval):\n' "${variants[0]}"
        printf '%s\n' "${drows[@]}" | awk -F'\t' '{ split($6, c, " ")
            printf "  %-16s %+6.2f points  %s   (%d setups; %d and %d games)\n", $1, 100 * $5,
                (c[2] != "" ? sprintf("[%+.2f, %+.2f]", 100 * c[1], 100 * c[2]) : "no interval"), $2, $3, $4 }'
    fi
    echo "$frow" | awk -F'\t' -v within=$within -v tied="$tied" '{
        near = tied == "" ? "" : sprintf(" (as near: %s)", tied)
        if (within) printf "\nThe fairest: %s, White %.2f%% [%.2f, %.2f], within 2 points of half%s%s.\n", $1, 100 * $6, 100 * $7, 100 * $8,
            ($7 >= 0.48 && $8 <= 0.52 ? " (its whole interval too)" : " (its estimate; the interval reaches further)"), near
        else printf "\nNone is within 2 points of half: the nearest, %s, White %.2f%% [%.2f, %.2f]%s.\n", $1, 100 * $6, 100 * $7, 100 * $8, near }'
}

if [ $report_only = 0 ]; then
    [ -n "${NO_SETUP:-}${TRIAD_GIVEN:-}" ] || make -s -j2 bin/triad
    mkdir -p "$out"
    for kind in "${kinds[@]}"; do
        for v in "${variants[@]}"; do play "$v" "$kind"; done
    done
    # a shard ends here: the other shards' files may be growing beside it
    [ -z "${SHARD:-}" ] || { echo "shard $SHARD done: commit its files; --report reads the shards as they come"; exit 0; }
fi
# What the report covers: the parts asked for, or every one OUT holds (the
# variants asked for first, in their order, then any other found).
node_list=($nodes)
[ -n "${NODES:-}" ] || [ $report_only = 0 ] || node_list=($(ls -d "$out"/nodes-* 2>/dev/null | sed 's/.*nodes-//' | grep -E '^[0-9]+$' | sort -n || true))
[ ${#node_list[@]} -gt 0 ] && [ -d "$out/nodes-${node_list[0]}" ] || { echo "fairness.sh: $out holds no records yet (no nodes-N folder)" >&2; exit 2; }
if [ -z "${VARIANTS:-}" ] && [ $report_only = 1 ]; then
    for d in "$out"/nodes-*/*/; do
        v=$(vname "$(basename "$d")")
        [[ " ${variants[*]} " == *" $v "* ]] || variants+=("$v")
    done
fi
parts=0
[ $json = 0 ] || printf '{"parts":['
for nodes in "${node_list[@]}"; do
    report_kinds=("${kinds[@]}")
    if [ -z "${SETUPS:-}" ] && [ $report_only = 1 ]; then
        report_kinds=()
        for kind in random fixed tournament tournament-black; do
            for f in "$out/nodes-$nodes"/*/"$kind".trd "$out/nodes-$nodes"/*/"$kind".shard*-of-*.trd; do
                [ -f "$f" ] && { report_kinds+=("$kind"); break; }
            done
        done
    fi
    for kind in "${report_kinds[@]}"; do
        part=$(report_part "$kind")
        [ -n "$part" ] || continue
        [ $json = 0 ] || [ $parts = 0 ] || printf ','
        printf '%s' "$part"
        [ $json = 1 ] || echo
        parts=$((parts + 1))
    done
done
[ $json = 0 ] || printf ']}\n'
