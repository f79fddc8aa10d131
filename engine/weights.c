/* weights.c — reads a game's evaluation weights (weights.h). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/fileio.h"
#include "core/msg.h"
#include "core/num.h"
#include "core/datadir.h"
#include "engine/weights.h"

#define END_PREFIX "# end crc32="
#define MAX_SIZE (1 << 20)

/* Reads the whole file (at most MAX_SIZE bytes, no NUL) into a malloc'd
 * string; NULL with err set. */
static char *read_text(const char *path, size_t *len, char *err, size_t n)
{
    FILE *f = fio_fopen_read(path, err, n); /* a FIFO or a folder is refused without waiting */
    if (!f)
        return NULL;
    char *text = NULL;
    long size = fseek(f, 0, SEEK_END) ? -1 : ftell(f);
    if (size >= 0 && size < MAX_SIZE && !fseek(f, 0, SEEK_SET) && (text = malloc((size_t)size + 1))) {
        *len = fread(text, 1, (size_t)size, f);
        text[*len] = 0;
    }
    fclose(f);
    if (!text)
        snprintf(err, n, "%s: cannot read (or larger than 1 MiB)", MSG_PATH(path));
    else if (strlen(text) != *len) {
        snprintf(err, n, "%s: not a weights file (a NUL byte)", MSG_PATH(path));
        free(text);
        text = NULL;
    }
    return text;
}

/* Checks the end line and cuts the text before it; the checksum goes to *crc. */
static int check_end(char *text, size_t len, const char *path, uint32_t *crc, char *err, size_t n)
{
    char *last = len ? text + len - 1 : text;
    while (last > text && last[-1] != '\n')
        last--;
    uint64_t said;
    char hex[16];
    size_t pl = strlen(END_PREFIX);
    if (!len || text[len - 1] != '\n' || strncmp(last, END_PREFIX, pl) || text + len - last - pl - 1 != 8) {
        snprintf(err, n, "%s: truncated or incomplete weights file: no end line ('" END_PREFIX "...')",
                 MSG_PATH(path));
        return -1;
    }
    memcpy(hex, last + pl, 8);
    hex[8] = 0;
    uint32_t have = fio_crc32(0, text, (size_t)(last - text));
    if (num_hex(hex, 0xffffffffu, &said, NULL, 0) || said != have) {
        snprintf(err, n, "%s: damaged weights file: its end line says %s, the content has %08x", MSG_PATH(path),
                 MSG_PATH(hex), (unsigned)have);
        return -1;
    }
    *crc = have;
    *last = 0;
    return 0;
}

/* One line without its comment: blank, or "name value". */
static int parse_line(const game_def *g, char *line, double *w, bool *seen, const char *where, char *err,
                      size_t n)
{
    char *save = NULL, *name = strtok_r(line, " \t\r", &save);
    if (!name)
        return 0;
    char *value = strtok_r(NULL, " \t\r", &save), *extra = value ? strtok_r(NULL, " \t\r", &save) : NULL;
    int i = 0;
    while (i < g->tuning->nfeatures && strcmp(g->tuning->feature_names[i], name))
        i++;
    if (i == g->tuning->nfeatures) {
        snprintf(err, n, "%s: unknown feature '%s' for game %s", where, MSG_PATH(name), g->name);
        return -1;
    }
    if (!value || extra) {
        snprintf(err, n, "%s: expected 'name value' for '%s'", where, name);
        return -1;
    }
    char why[80];
    if (num_double(value, -HUGE_VAL, HUGE_VAL, &w[i], why, sizeof why)) {
        snprintf(err, n, "%s: bad value '%s' for '%s': %s", where, MSG_PATH(value), name, why);
        return -1;
    }
    if (seen[i]) {
        snprintf(err, n, "%s: feature '%s' given twice", where, name);
        return -1;
    }
    seen[i] = true;
    return 0;
}

int gweights_load(const game_def *g, const char *path, double *w, uint32_t *crc, char *err, size_t n)
{
    if (!g->tuning) {
        snprintf(err, n, "game %s has no evaluation features", g->name);
        return -1;
    }
    char found[DATA_PATH_MAX];
    if (!strcmp(path, GWEIGHTS_DEFAULT)) {
        if (!g->tuning->default_weights) {
            snprintf(err, n, "game %s has no default weights: give weights=FILE", g->name);
            return -1;
        }
        gweights_default_path(g, found, sizeof found);
        path = found;
    }
    size_t len = 0;
    char *text = read_text(path, &len, err, n);
    if (!text)
        return -1;
    bool seen[GAME_MAX_FEATURES] = { false };
    int rc = check_end(text, len, path, crc, err, n), lineno = 0;
    char where[300];
    for (char *s = text; !rc && *s;) {
        size_t k = strcspn(s, "\n");
        bool more = s[k] == '\n';
        s[k] = 0;
        s[strcspn(s, "#")] = 0;
        snprintf(where, sizeof where, "%s:%d", MSG_PATH(path), ++lineno);
        rc = parse_line(g, s, w, seen, where, err, n);
        s += k + more;
    }
    int required = g->tuning->nfeatures_required > 0 ? g->tuning->nfeatures_required : g->tuning->nfeatures;
    for (int i = 0; !rc && i < g->tuning->nfeatures; i++)
        if (!seen[i] && i >= required)
            w[i] = 0; /* a later feature, absent from a file older than it */
        else if (!seen[i]) {
            snprintf(err, n, "%s: missing feature '%s'", MSG_PATH(path), g->tuning->feature_names[i]);
            rc = -1;
        }
    free(text);
    return rc;
}

int gweights_pin(const game_def *g, const char *kind, const char *path, const uint32_t *wcrc, double *w,
                 uint32_t *crc, char *err, size_t n)
{
    char why[600];
    if (!path || !*path) /* the game's own, found from anywhere */
        path = GWEIGHTS_DEFAULT;
    if (gweights_load(g, path, w, crc, why, sizeof why)) {
        snprintf(err, n, "player '%s': weights: %s", kind, why);
        return -1;
    }
    if (wcrc && *crc != *wcrc) {
        snprintf(err, n, "player '%s': weights file has changed: %s has crc32 %08x, wcrc= says %08x", kind,
                 MSG_PATH(path), (unsigned)*crc, (unsigned)*wcrc);
        return -1;
    }
    return 0;
}

int gweights_parse_wcrc(const char *text, uint32_t *crc, char *why, size_t n)
{
    uint64_t x = 0;
    if (num_hex(text, 0xffffffffu, &x, why, n))
        return -1;
    if (strlen(text) != 8) {
        if (why)
            snprintf(why, n, "not 8 hexadecimal digits");
        return -1;
    }
    *crc = (uint32_t)x;
    return 0;
}

void gweights_default_path(const game_def *g, char *out, size_t n)
{
    const char *d = g->tuning ? g->tuning->default_weights : NULL;
    char rel[300];
    if (!d) {
        snprintf(out, n, "%s", "");
        return;
    }
    /* "talat.txt" and "data/weights/talat.txt" both name data/weights/talat.txt */
    snprintf(rel, sizeof rel, "%s%s", strchr(d, '/') ? "" : "weights/", strncmp(d, "data/", 5) ? d : d + 5);
    data_find(rel, out, n); /* when missing, out says where it was looked for */
}

void gweights_write(const game_def *g, const double *w, FILE *out)
{
    for (int i = 0; i < g->tuning->nfeatures; i++)
        fprintf(out, "%-18s %.17g\n", g->tuning->feature_names[i], w[i]);
}

void gweights_end_line(const char *text, size_t len, char out[GWEIGHTS_END_LINE_MAX])
{
    snprintf(out, GWEIGHTS_END_LINE_MAX, END_PREFIX "%08x\n", (unsigned)fio_crc32(0, text, len));
}
