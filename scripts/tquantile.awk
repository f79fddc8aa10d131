# tquantile.awk — t975(df): the Student t distribution's 97.5% quantile with
# df degrees of freedom, for the scripts' t intervals (ladder-score.awk,
# paired-setups.sh).  A table to 30 degrees of freedom, where the expansion
# below is too rough (3.16 for 3.18 at df = 3); above, the Cornish-Fisher
# expansion about the normal quantile (within 1e-4).  Below 1 (a single
# observation) the df = 1 value: the interval has no width anyway.
function t975(df,   z) {
    if (!t975_n)
        t975_n = split("12.7062 4.3027 3.1824 2.7764 2.5706 2.4469 2.3646 2.3060 2.2622 2.2281 " \
                       "2.2010 2.1788 2.1604 2.1448 2.1314 2.1199 2.1098 2.1009 2.0930 2.0860 " \
                       "2.0796 2.0739 2.0687 2.0639 2.0595 2.0555 2.0518 2.0484 2.0452 2.0423", t975_q, " ")
    if (df < 1) return t975_q[1]
    if (df <= t975_n) return t975_q[int(df)]
    z = 1.959963984540054
    return z + (z ^ 3 + z) / (4 * df) + (5 * z ^ 5 + 16 * z ^ 3 + 3 * z) / (96 * df ^ 2) \
        + (3 * z ^ 7 + 19 * z ^ 5 + 17 * z ^ 3 - 15 * z) / (384 * df ^ 3)
}
