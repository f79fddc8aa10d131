/* render.h — TRID drawn as SVG for the viewers (game.h: game_view). */
#ifndef TRIAD_TRID_RENDER_H
#define TRIAD_TRID_RENDER_H

#include <stddef.h>
#include "engine/game.h"

/* Every board is scaled into this box (board files differ in size). */
#define TRID_SVG_W 640
#define TRID_SVG_H 600
#define TRID_SVG_VIEWBOX "0 0 640 600"
#define TRID_SVG_LEGEND                                                                                       \
    "cells: white and light grey (the two colours), <b>dark</b>: wall, <b>amber with a ring</b>: STOP; "       \
    "pieces in their seat's colour with the seat's number beside: <b>C</b> chief (circle, double outline), " \
    "<b>S</b> slider (diamond), <b>J</b> jumper (rounded square); arrow: last move, dashed line with two "     \
    "heads: its swap"

int trid_svg_board(char *buf, size_t n);
int trid_svg_pieces(const void *s, game_action last, char *buf, size_t n);
void trid_svg_stage(const void *s, char *text, size_t n);
extern const game_view trid_view;
/* The position in characters for a terminal (game.h's board_text; render_text.c). */
int trid_board_text(const void *s, char *buf, size_t n);

#endif
