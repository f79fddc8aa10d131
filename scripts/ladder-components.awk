# ladder-components.awk — one markdown row of random setups' variance
# components from `triad bias --json` (its "components" object), for
# scripts/ladder-tables.sh.  Variable: r, the rung's nodes.
function num(k,   i) {
    i = index($0, "\"" k "\":")
    return i ? substr($0, i + length(k) + 3) + 0 : "nan"
}
function ci(k, which,   i, s, a) {
    i = index($0, "\"" k "_ci95\":[")
    if (!i) return "nan"
    s = substr($0, i + length(k) + 9)
    split(s, a, /[],]/)
    return a[which] + 0
}
index($0, "\"components\":") {
    printf "| ab:nodes=%s | %d × %d × %d | %.4f | %.4f [%.4f, %.4f] | %.4f [%.4f, %.4f] |\n", r,
        num("setups"), num("rotations"), num("replicates"), num("game_var"),
        num("setup_var"), ci("setup_var", 1), ci("setup_var", 2),
        num("seat_setup_var"), ci("seat_setup_var", 1), ci("seat_setup_var", 2)
}
