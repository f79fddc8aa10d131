/* positions.c — --positions FILE for match and selfplay: a list of start
 * positions, one position string a line, which a run plays instead of its
 * setup's starts (setup index k starts from position k mod the count).  The
 * records keep the count and a checksum of the list (never the list: each
 * game stores its own start), so a resumed or merged run proves it read the
 * same list. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/fileio.h"
#include "core/msg.h"
#include "commands.h"

void cli_free_positions(unsigned char **states)
{
    free(*states);
}

/* FNV-1a, 64 bits, continued from h. */
static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    return h;
}

/* Reads --positions FILE: one position string per line (blank lines and
 * lines starting with '#' skipped), each for players seats and not over.
 * The states go to *states (malloc'ed); the count and checksum (of the
 * canonical strings, each with its newline) to run.  0, or 2 after the
 * error line ("FILE:LINE: ..."). */
int cli_load_positions(const char *cmd, const char *path, const game_def *g, rec_run *run, unsigned char **states)
{
    char err[400];
    FILE *f = fio_fopen_read(path, err, sizeof err);
    if (!f)
        return cli_error(cmd, "--positions %s", err);
    char *line = NULL, text[GAME_TEXT_MAX];
    size_t cap = 0, have = 0, len;
    uint64_t count = 0, sum = 0xcbf29ce484222325ULL;
    unsigned char *all = NULL;
    int rc = 0;
    for (long no = 1; (len = (size_t)getline(&line, &cap, f)) != (size_t)-1 && !rc; no++) {
        line[strcspn(line, "\r\n")] = 0;
        char *p = line + strspn(line, " \t");
        if (!*p || *p == '#')
            continue;
        if (have == count) {
            have = have ? 2 * have : 64;
            unsigned char *more = realloc(all, have * g->state_size);
            if (!more) {
                rc = cli_error(cmd, "out of memory reading %s", MSG_PATH(path));
                break;
            }
            all = more;
        }
        unsigned char *s = all + count * g->state_size;
        memset(s, 0, g->state_size);
        if (game_from_text(g, s, p, err, sizeof err))
            rc = cli_error(cmd, "%s:%ld: %s", MSG_PATH(path), no, err);
        else if (g->players(s) != run->players)
            rc = cli_error(cmd, "%s:%ld: a position for %d players; the run has %d", MSG_PATH(path), no,
                           g->players(s), run->players);
        else if (g->over(s))
            rc = cli_error(cmd, "%s:%ld: the game is over in this position", MSG_PATH(path), no);
        else if (g->to_text(s, text, sizeof text) < 0)
            rc = cli_error(cmd, "%s:%ld: the position does not print back", MSG_PATH(path), no);
        else {
            sum = fnv1a(fnv1a(sum, text), "\n");
            count++;
        }
    }
    free(line);
    if (!rc && ferror(f))
        rc = cli_error(cmd, "cannot read %s", MSG_PATH(path));
    fclose(f);
    if (!rc && !count)
        rc = cli_error(cmd, "--positions %s holds no position", MSG_PATH(path));
    if (rc) {
        free(all);
        return rc;
    }
    run->npositions = count;
    run->positions_sum = sum;
    run->positions = all;
    *states = all;
    return 0;
}
