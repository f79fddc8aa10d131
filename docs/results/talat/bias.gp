do for [fmt in "png svg"] {
  if (fmt eq "png") { set terminal pngcairo size 800,500 } else { set terminal svg size 800,500 }
  set output "white_score.".fmt
  set xrange [-0.5:*]
  set grid ytics
  set style fill solid 0.5
  set title "Every seat's share of the points by setup kind (95% intervals)"
  set ylabel "share of the points"
  set yrange [*<0.2333:0.4333<*]
  set key top right
  set boxwidth 0.267
  plot 0.333333 with lines lc rgb "gray" notitle, "white_score.dat" using ($1-0.267):3:xtic(2) with boxes lc 1 title "seat 0", "" using ($1-0.267):3:4:5 with yerrorbars lc rgb "black" pt 7 ps 0.5 notitle, "white_score.dat" using ($1+0.000):6 with boxes lc 2 title "seat 1", "" using ($1+0.000):6:7:8 with yerrorbars lc rgb "black" pt 7 ps 0.5 notitle, "white_score.dat" using ($1+0.267):9 with boxes lc 3 title "seat 2", "" using ($1+0.267):9:10:11 with yerrorbars lc rgb "black" pt 7 ps 0.5 notitle
  unset yrange
  set xrange [0:*]
  set output "game_length.".fmt
  set title "Game length (turns, as the game counts them)"
  set xlabel "turns"
  set ylabel "share of games"
  set key top left
  plot "game_length.dat" using 1:2 with histeps lw 2 title "played", "" using 1:3 with histeps lw 2 title "random", "" using 1:4 with histeps lw 2 title "mirror"
  unset xlabel
  set output "setup_scores.".fmt
  set style fill solid 0.5
  set xrange [-0.5:*]
  set yrange [*<0:0.1<*]
  set key off
  set boxwidth 0.5
  set title "Share of the outcome variance the setup decides (rotation groups, 95% bootstrap)"
  set ylabel "setup variance / outcome variance"
  plot 0 with lines lc rgb "gray", "setup_scores.dat" using 1:3:xtic(2) with boxes, "" using 1:3:4:5 with yerrorbars lc rgb "black" pt 7
  unset xlabel
  unset xrange
  unset yrange
}
