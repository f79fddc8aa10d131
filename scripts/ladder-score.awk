# ladder-score.awk — White's score in one records file (`triad records cat`
# lines on stdin), with its 95% interval, for scripts/ladder-report.sh.
# Variables: kind, rung, elo, elo_se, per (games per setup on random setups).
# Run with -f scripts/tquantile.awk before it (t975).
# Prints: kind rung elo elo_se games white lo hi se mean_turns.
# Random setups: a setup's `per` games (a colour-swapped pair times the
# replicates) share an arrangement, so the setup is the observation: the
# mean over setups of their White score with a Student t interval.  Other
# kinds: independent games, a Wilson interval.
$5 != "*" {
    split($5, s, "-")
    w = s[1] + s[2] > 0 ? s[1] / (s[1] + s[2]) : 0.5
    games++; white += w; turns += $7
    k = int($1 / per); sum[k] += w; n[k]++
}
END {
    if (!games) exit
    p = white / games
    if (kind == "random") {
        for (k in n) { m = sum[k] / n[k]; c++; s1 += m; s2 += m * m }
        mean = s1 / c
        var = c > 1 ? (s2 - c * mean * mean) / (c - 1) : 0
        se = sqrt(var / c)
        t = t975(c - 1)   # scripts/tquantile.awk
        lo = mean - t * se; hi = mean + t * se; p = mean
    } else {
        z = 1.959963984540054
        d = 1 + z * z / games
        centre = (p + z * z / (2 * games)) / d
        half = z * sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
        lo = centre - half; hi = centre + half; se = sqrt(p * (1 - p) / games)
    }
    printf "%s\t%s\t%s\t%s\t%d\t%.5f\t%.5f\t%.5f\t%.5f\t%.1f\n", kind, rung, elo, elo_se, games, p, lo, hi, se, turns / games
}
