/* common.c — helpers shared by the commands. */
#include <time.h>
#include <stdio.h>
#include "games/tzaar/notation.h"
#include "games/tzaar/player.h"
#include "games/tzaar/setup.h"
#include "commands.h"
#include "opts.h"

double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int cli_position(const char *cmd, const char *text, const char *setup, uint64_t seed,
                 bool seed_given, position *out)
{
    char err[256];
    if (text && setup)
        return cli_error(cmd, "give either --position or --setup, not both");
    if (text) {
        if (pos_from_text(out, text, err, sizeof err))
            return cli_error(cmd, "%s", err);
        return 0;
    }
    int kind = setup ? setup_kind(setup) : SETUP_FIXED;
    if (kind < 0)
        return cli_error(cmd, "unknown setup '%s' (expected random, fixed or tournament)", setup);
    if (kind == SETUP_RANDOM && !seed_given)
        return cli_error(cmd, "--setup random needs --seed S");
    if (kind != SETUP_RANDOM && seed_given)
        return cli_error(cmd, "--seed applies to --setup random only");
    setup_make(out, kind, seed);
    return 0;
}

int cli_canonical_spec(const char *cmd, const char *spec, char out[REC_SPEC_MAX])
{
    char err[200];
    player *pl = player_new(spec, err, sizeof err);
    if (!pl)
        return cli_error(cmd, "%s", err);
    int too_long = snprintf(out, REC_SPEC_MAX, "%s", player_spec(pl)) >= REC_SPEC_MAX;
    player_free(pl);
    return too_long ? cli_error(cmd, "player spec longer than %d characters", REC_SPEC_MAX - 1) : 0;
}

void cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}
