/* render.h — Talat drawn as SVG for the viewers (game.h: game_view). */
#ifndef TRIAD_TALAT_RENDER_H
#define TRIAD_TALAT_RENDER_H

#include <stddef.h>
#include "engine/game.h"

#define TL_SVG_VIEWBOX "-405 -365 810 670"
#define TL_SVG_LEGEND                                                                                          \
    "Seats at the triangle's corners, each between its two boards (rank 1 of board <i>b</i> is seat <i>b</i>'s " \
    "start line); bars: start lines in their owners' colours; <b>fill</b>: owner (Black, White, Grey); "       \
    "<b>shape</b>: cross-section (triangle 3, square 4, hexagon 6 sides); <b>figure</b>: height; "              \
    "beside each corner: the towers that seat captured; arrow: last move, ring: last placement"

int tl_svg_board(char *buf, size_t n);
int tl_svg_pieces(const void *s, game_action last, char *buf, size_t n);
void tl_svg_stage(const void *s, char *text, size_t n);
extern const game_view tl_view;
/* The position in characters for a terminal (game.h's board_text; render_text.c). */
int tl_board_text(const void *s, char *buf, size_t n);

#endif
