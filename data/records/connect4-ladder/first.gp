# Drawn by scripts/connect4-report.sh from ladder.tsv; re-run by hand with: gnuplot first.gp
do for [fmt in "png svg"] {
  reset
  set datafile separator "\t"
  if (fmt eq "png") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }
  set output 'first_vs_nodes.' . fmt
  set logscale x 2
  set xtics ("100" 100, "400" 400, "1.6k" 1600, "6.4k" 6400, "25.6k" 25600, "102.4k" 102400, "409.6k" 409600)
  set offsets graph 0.04, graph 0.04, 0, 0
  set yrange [0:105]
  set xlabel 'nodes per move (points nudged apart)'
  set ylabel "first player's score, % (95%)"
  set key bottom right
  set grid
  plot 50 with lines dt 2 lc rgb 'gray' title 'no advantage', 100 with lines dt 3 lc rgb 'black' title 'perfect play', 'ladder.tsv' every ::1 using ($2 == 16 ? $4 * 1.04 ** (0 - 0.5) : NaN):(100 * $17):(100 * $18):(100 * $19) with yerrorlines lw 2 pt 7 title 'ab, table 16 MB (noise=1)', 'ladder.tsv' every ::1 using ($2 == 0 ? $4 * 1.04 ** (1 - 0.5) : NaN):(100 * $17):(100 * $18):(100 * $19) with yerrorlines lw 2 pt 8 title 'ab, no table (noise=1)'
}
