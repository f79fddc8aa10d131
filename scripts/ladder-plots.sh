#!/usr/bin/env bash
# ladder-plots.sh OUT — the ladder study's charts (gnuplot, PNG and SVG) from
# the data files in OUT/plots: the ladder (Elo over rung 0 against nodes per
# move), White's score against strength per setup kind, and the distribution
# of the arrangement's score over random setups against no setup effect.
set -euo pipefail
plots=${1:?usage: ladder-plots.sh OUT}/plots
command -v gnuplot >/dev/null || { echo "ladder-plots: gnuplot is not installed: no charts" >&2; exit 0; }
cd "$plots"
kinds=$(awk '{ print $1 }' white.dat | awk '!seen[$0]++')
curves=
i=0
for k in $kinds; do
    i=$((i + 1))
    curves="$curves${curves:+, }'white.dat' using (strcol(1) eq '$k' ? \$3 + 4 * $i : NaN):(100 * \$6):(100 * \$7):(100 * \$8) with yerrorlines lw 2 title '$k'"
done
gnuplot <<EOF
do for [fmt in "png svg"] {
  reset
  if (fmt eq "png") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }
  set output 'ladder.' . fmt
  set logscale x 2
  set xlabel 'nodes per move (ab:nodes=N, default weights)'
  set ylabel 'Elo over the first rung (95%)'
  set key off
  set grid
  plot 'ladder.dat' using 1:6:(\$6 - 1.96 * \$7):(\$6 + 1.96 * \$7) with yerrorlines lw 2 pt 7
  unset logscale x
  set output 'white_vs_strength.' . fmt
  set xlabel 'strength: Elo over the first rung (points nudged apart)'
  set ylabel "White's score, % (95%)"
  set key top left
  set yrange [*:*]
  plot 50 with lines dt 2 lc rgb 'gray' title 'no advantage', $curves
  if ($( [ -s setup_strength.dat ] && echo 1 || echo 0 )) {
    set output 'setup_strength.' . fmt
    set xlabel "arrangement's score over its setup's games"
    set ylabel 'share of setups, %'
    set style data histograms
    set style fill solid 0.6 border -1
    set boxwidth 0.4
    set key top left
    set yrange [0:*]
    set xrange [-0.1:1.1]
    plot 'setup_strength.dat' using (\$1 - 0.1):(100 * \$2) with boxes title 'random setups', \
         '' using (\$1 + 0.1):(100 * \$3) with boxes title 'no setup effect'
  }
}
EOF
