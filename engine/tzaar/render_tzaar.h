/* render_tzaar.h — TZAAR drawn as SVG for the game interface's viewers
 * (game.h: game_view). */
#ifndef TRIAD_RENDER_TZAAR_H
#define TRIAD_RENDER_TZAAR_H

#include <stddef.h>
#include "engine/game.h"

#define TZ_SVG_VIEWBOX "0 0 358 392"
#define TZ_SVG_LEGEND                                                                                 \
    "<b>light</b>: White, <b>dark</b>: Black; ring + dot: Tzaar, dot: Tzarra, plain: Tott; badge: stack " \
    "height; arrow: last action (dashed: a stack)"

int tz_svg_board(char *buf, size_t n);
/* s is a tz_state (game_tzaar.h) or a bare position; last an action
 * (position.h) or GAME_NO_ACTION. */
int tz_svg_pieces(const void *s, game_action last, char *buf, size_t n);
/* The stage of the turn: "opening capture", "capture", ... */
void tz_svg_stage(const void *s, char *buf, size_t n);
/* The three above as game_def.view. */
extern const game_view tz_view;

#endif
