#!/usr/bin/env bash
# ladder-plots.sh OUT — the ladder study's charts (gnuplot, PNG and SVG; the
# script in OUT/plots/ladder.gp) from the data files in OUT/plots: the ladder (Elo over rung 0 against nodes per
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
# Ticks at the rungs themselves (1000, 4000, ...), not at powers of two.
rung_tics=$(awk '{ printf "%s\"%s\" %s", (NR > 1 ? ", " : ""), $1, $1 }' ladder.dat)
# The setup-strength bars: one pair per score the arrangement can have (0, 1/4, ...).
score_tics=$( [ -s setup_strength.dat ] && awk '{ printf "%s\"%s\" %s", (NR > 1 ? ", " : ""), $1 + 0, $1 }' setup_strength.dat)
# The script stays beside the charts (ladder.gp), to restyle and re-run by hand.
cat >ladder.gp <<EOF
do for [fmt in "png svg"] {
  reset
  if (fmt eq "png") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }
  set output 'ladder.' . fmt
  set logscale x 2
  set xtics ($rung_tics)
  set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
  set xlabel 'nodes per move (ab:nodes=N, default weights)'
  set ylabel 'Elo over the first rung (95%)'
  set key off
  set grid
  plot 'ladder.dat' using 1:6:(\$6 - 1.96 * \$7):(\$6 + 1.96 * \$7) with yerrorlines lw 2 pt 7
  unset logscale x
  set xtics autofreq
  set autoscale xfix
  set offsets graph 0.03, graph 0.03, 0, 0
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
    set style fill solid 0.6 border -1
    set offsets 0, 0, 0, 0
    set boxwidth 0.09 absolute
    set xtics ($score_tics)
    set key top right
    set yrange [0:*]
    set xrange [-0.15:1.15]
    # side by side, never over each other: the measured share left, no setup effect right
    plot 'setup_strength.dat' using (\$1 - 0.05):(100 * \$2) with boxes title 'random setups, measured', \
         '' using (\$1 + 0.05):(100 * \$3) with boxes fs pattern 4 title 'no setup effect'
  }
}
EOF
gnuplot ladder.gp
