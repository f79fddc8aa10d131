# Drawn by scripts/white-chart.sh from white.dat; re-run by hand with: gnuplot white.gp
do for [fmt in "png svg"] {
  reset
  set datafile separator "\t"
  if (fmt eq "png") { set terminal pngcairo size 900,676 } else { set terminal svg size 900,676 }
  set output 'white_vs_nodes.' . fmt
  set logscale x 10
  set format x '%.0s%c'
  set offsets graph 0.04, graph 0.04, graph 0.05, graph 0.05
  set xlabel 'nodes per action (an MCTS point at the ab rung it was matched to by a match; points nudged apart)'
  set ylabel "White's score, % (95%)"
  set key below vertical maxcols 1
  set grid
  plot 50 with lines dt 2 lc rgb 'gray' title 'no advantage', 'white.dat' using ($8 == 1 ? $2 * 1.06 ** (0 - (7 - 1) / 2.0) : NaN):5:6:7 with yerrorlines lw 2 pt 5 lc rgb '#1b9e77' title 'ab, ladder engine 2be30005, random setups' noenhanced, 'white.dat' using ($8 == 2 ? $2 * 1.06 ** (1 - (7 - 1) / 2.0) : NaN):5:6:7 with yerrorlines lw 2 pt 6 lc rgb '#d95f02' title 'ab, engine eec6bb69, random setups' noenhanced, 'white.dat' using ($8 == 3 ? $2 * 1.06 ** (2 - (7 - 1) / 2.0) : NaN):5:6:7 with yerrorlines lw 2 pt 7 lc rgb '#7570b3' title 'MCTS (eval playouts, depth 4), engine eec6bb69, random setups' noenhanced, 'white.dat' using ($8 == 4 ? $2 * 1.06 ** (3 - (7 - 1) / 2.0) : NaN):5:6:7 with yerrorlines lw 2 pt 8 lc rgb '#e7298a' title 'ab, engine eec6bb69, tournament, White places first' noenhanced, 'white.dat' using ($8 == 5 ? $2 * 1.06 ** (4 - (7 - 1) / 2.0) : NaN):5:6:7 with yerrorlines lw 2 pt 9 lc rgb '#66a61e' title 'ab, engine eec6bb69, tournament, Black places first' noenhanced, 'white.dat' using ($8 == 6 ? $2 * 1.06 ** (5 - (7 - 1) / 2.0) : NaN):5:6:7 with yerrorlines lw 2 pt 10 lc rgb '#a6761d' title 'ab, engine eec6bb69, fixed, ties=1' noenhanced, 'white.dat' using ($8 == 7 ? $2 * 1.06 ** (6 - (7 - 1) / 2.0) : NaN):5:6:7 with yerrorlines lw 2 pt 11 lc rgb '#e6ab02' title 'ab, engine 758389fb (default), random setups' noenhanced
}
