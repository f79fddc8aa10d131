/* site.c — see site.h: reads the records, writes the site's files. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "core/fileio.h"
#include "core/msg.h"
#include "games/tzaar/setup.h"
#include "out.h"
#include "site.h"

static int fail(char *err, size_t n, int status, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int fail(char *err, size_t n, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return status;
}

/* True when a file name is one this writer makes in games/ ("123.js"). */
static bool game_file_name(const char *s)
{
    size_t digits = strspn(s, "0123456789");
    return digits && !strcmp(s + digits, ".js");
}

/* Makes dir (and dir/games), refusing one with files unless force; with
 * force, removes the games of an earlier site so none is left stale. */
/* Makes the folder ready and locks it in *lock: one writer per folder, so a
 * second view into it fails rather than mixes (or clears) its files. */
static int prepare_dir(const view_opts *o, int *lock, char *err, size_t n)
{
    char games[4096];
    DIR *d;
    if (fio_dir_has_files(o->dir) && !o->force)
        return fail(err, n, VIEW_BAD_INPUT, "%s exists and has files (--force writes over them)", MSG_PATH(o->dir));
    if (mkdir(o->dir, 0755) && errno != EEXIST)
        return fail(err, n, VIEW_FAILED, "cannot create %s: %s", MSG_PATH(o->dir), strerror(errno));
    if ((*lock = open(o->dir, O_RDONLY | O_DIRECTORY)) < 0)
        return fail(err, n, VIEW_FAILED, "cannot open %s: %s", MSG_PATH(o->dir), strerror(errno));
    if (fio_lock(*lock, o->dir, err, n))
        return VIEW_FAILED;
    snprintf(games, sizeof games, "%s/games", o->dir);
    if (mkdir(games, 0755) && errno != EEXIST)
        return fail(err, n, VIEW_FAILED, "cannot create %s: %s", games, strerror(errno));
    if ((d = opendir(games))) {
        struct dirent *e;
        while ((e = readdir(d)))
            if (game_file_name(e->d_name) && unlinkat(dirfd(d), e->d_name, 0))
                return closedir(d), fail(err, n, VIEW_FAILED, "cannot remove %s/%s: %s", games, e->d_name,
                                         strerror(errno));
        closedir(d);
    }
    return VIEW_OK;
}

static void put_run(buf *b, const char *file, const rec_run *r)
{
    out_str(b, "{\"file\":");
    out_json(b, file);
    out_printf(b, ",\"source\":\"%s\",\"games\":%llu,\"seed\":%llu,\"setup\":\"%s\",\"paired\":%s,"
                  "\"shard\":\"%u/%u\",\"white\":",
               r->source == REC_SOURCE_IMPORT ? "import" : "selfplay", (unsigned long long)r->games,
               (unsigned long long)r->seed, setup_names[r->setup % SETUP_KINDS], r->rotations == 2 ? "true" : "false",
               r->shard, r->shards ? r->shards : 1);
    out_json(b, r->specs[0]);
    out_str(b, ",\"black\":");
    out_json(b, r->specs[1]);
    out_str(b, "}");
}

/* [id, file, setup, swapped, white, black, winner, ending, turns] */
static void put_row(buf *b, const rec_game *g, int file, uint64_t index)
{
    static const char *const endings[3] = { "unfinished", "trinity", "no_capture" };
    out_printf(b, "%s[%llu,%d,\"%s\",%d,", index ? ",\n" : "", (unsigned long long)g->id, file,
               setup_names[g->setup % SETUP_KINDS], g->rotation != 0);
    out_json(b, g->specs[0]);
    buf_byte(b, ',');
    out_json(b, g->specs[1]);
    out_printf(b, ",%d,\"%s\",%d]", rec_game_winner(g), endings[g->ending % 3], g->turns);
}

static const char page_head[] =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<title>%s</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n"
    "<script>window.triadErrors=[];window.addEventListener('error',function(e){"
    "window.triadErrors.push(String(e.message));var x=document.getElementById('errors');"
    "if(x){x.hidden=false;x.textContent=window.triadErrors.join('\\n');}});</script>\n"
    "</head>\n<body>\n<pre id=\"errors\" class=\"errors\" hidden></pre>\n";

static void index_page(buf *b, const char *game)
{
    out_printf(b, page_head, "triad — games");
    out_printf(b, "<header><h1>triad <span class=\"sub\">%s games</span></h1></header>\n<main class=\"index\">\n"
                  "<section id=\"runs\"><h2>Runs</h2><div class=\"scroll\"><table id=\"runs-table\"></table></div>"
                  "</section>\n<section id=\"summary\"><h2>By seat <span class=\"sub\" id=\"summary-note\"></span>"
                  "</h2><div class=\"scroll\"><table id=\"summary-table\"></table></div></section>\n"
                  "<section><h2>Games <span class=\"sub\" id=\"count\"></span></h2>\n"
                  "<form id=\"filters\" class=\"filters\" onsubmit=\"return false\">\n"
                  "<label>setup <select id=\"f-setup\"><option value=\"\">any</option><option>random</option>"
                  "<option>fixed</option><option>tournament</option></select></label>\n"
                  "<label>winner <select id=\"f-winner\"><option value=\"\">any</option><option>white</option>"
                  "<option>black</option><option>none</option></select></label>\n"
                  "<label>ending <select id=\"f-ending\"><option value=\"\">any</option><option>trinity</option>"
                  "<option>no_capture</option><option>unfinished</option></select></label>\n"
                  "<label>players <input id=\"f-text\" type=\"search\" placeholder=\"spec contains…\"></label>\n"
                  "</form>\n<div class=\"scroll\"><table id=\"games\" class=\"games\"><thead></thead><tbody>"
                  "</tbody></table></div>\n<p><button id=\"more\" hidden>show all</button></p>\n</section>\n"
                  "</main>\n<script src=\"index-data.js\"></script>\n<script src=\"index.js\"></script>\n"
                  "</body>\n</html>\n",
               game);
}

static int viewer_page(buf *b, const game_def *game, uint64_t games, char *err, size_t n)
{
    char *board = malloc(1 << 16);
    if (!board || game->svg_board(board, 1 << 16) < 0)
        return free(board), fail(err, n, VIEW_FAILED, "the %s board drawing is too large", game->name);
    out_printf(b, page_head, "triad — game");
    out_printf(b, "<header><h1><a href=\"index.html\">triad</a> <span class=\"sub\" id=\"title\"></span></h1>"
                  "<nav class=\"games-nav\"><a id=\"prev-game\" href=\"#\">&larr; game</a> "
                  "<a id=\"next-game\" href=\"#\">game &rarr;</a></nav></header>\n"
                  "<main class=\"viewer\">\n<div class=\"board-wrap\"><svg id=\"board\" viewBox=\"%s\" role=\"img\" "
                  "aria-label=\"board\">\n",
               game->svg_viewbox);
    out_str(b, board);
    free(board);
    out_printf(b, "<g id=\"pieces\"></g></svg>\n<p class=\"legend\">%s</p></div>\n"
                  "<div class=\"panel\">\n<p id=\"meta\" class=\"meta\"></p>\n"
                  "<div class=\"controls\"><button id=\"first\" title=\"first (Home)\" aria-label=\"first\">|&#x25C0;</button>"
                  "<button id=\"prev\" title=\"previous (&larr;)\" aria-label=\"previous\">&#x25C0;</button>"
                  "<span class=\"plyno\">ply <span id=\"ply\">0</span> / <span id=\"plies\">0</span></span>"
                  "<button id=\"next\" title=\"next (&rarr;)\" aria-label=\"next\">&#x25B6;</button>"
                  "<button id=\"last\" title=\"last (End)\" aria-label=\"last\">&#x25B6;|</button></div>\n"
                  "<input id=\"slider\" type=\"range\" min=\"0\" max=\"0\" value=\"0\" aria-label=\"ply\">\n"
                  "<p id=\"tomove\" class=\"tomove\"></p>\n"
                  "<div class=\"posbox\"><code id=\"pos\" class=\"pos\"></code>"
                  "<button id=\"copy\" title=\"copy the position string\">copy</button></div>\n"
                  "<ol id=\"actions\" class=\"actions\"></ol>\n</div>\n</main>\n"
                  "<script>var TRIAD_GAMES=%llu, TRIAD_CHUNK=%d;</script>\n<script src=\"viewer.js\"></script>\n</body>\n</html>\n",
               game->svg_legend ? game->svg_legend : "",
               (unsigned long long)games, VIEW_CHUNK);
    return VIEW_OK;
}

static int put_static(const char *dir, const char *name, const char *text, char *err, size_t n)
{
    buf b = { 0 };
    out_str(&b, text);
    int rc = out_file(dir, name, &b, err, n);
    buf_free(&b);
    return rc ? VIEW_FAILED : VIEW_OK;
}

/* Writes games/K.js, the data of games K * VIEW_CHUNK on, and empties chunk. */
static int flush_chunk(const view_opts *o, buf *chunk, uint64_t count, char *err, size_t n)
{
    char name[64];
    snprintf(name, sizeof name, "games/%llu.js", (unsigned long long)((count - 1) / VIEW_CHUNK));
    int rc = out_file(o->dir, name, chunk, err, n);
    chunk->len = 0;
    return rc ? VIEW_FAILED : VIEW_OK;
}

/* Writes every selected game of one file; VIEW_* (VIEW_DAMAGED: a block was
 * skipped).  *count goes up with each game; chunk holds the games not yet
 * written (they fill files of VIEW_CHUNK games across records files). */
static int write_games(const view_opts *o, const char *path, int file, rec_reader *r, buf *rows, buf *chunk,
                       uint64_t *count, rec_dedup *seen, char *err, size_t n)
{
    rec_game *g = malloc(sizeof *g);
    int rc, status = VIEW_OK;
    uint64_t seq = 0;
    if (!g)
        return fail(err, n, VIEW_FAILED, "out of memory");
    while ((!o->limit || *count < o->limit) && (rc = rec_reader_next(r, g)) != REC_END) {
        if (rc == REC_BAD) {
            char msg[600];
            snprintf(msg, sizeof msg, "%s: %s", path, rec_reader_error(r));
            if (o->warn)
                o->warn(msg);
            status = VIEW_DAMAGED;
            continue;
        }
        if (rec_reader_run(r)->game != o->game) {
            status = fail(err, n, VIEW_BAD_INPUT, "only %s runs are shown yet (%s holds a %s run)", o->game->name,
                          path, rec_reader_run(r)->game->name);
            break;
        }
        bool keep = sel_match(o->select, g) && (!o->want || o->want(o->want_ctx, file, seq, g));
        seq++;
        if (!keep)
            continue;
        int added = rec_dedup_add(seen, rec_reader_run(r), g); /* a game read twice is shown once */
        if (added < 0) {
            status = fail(err, n, VIEW_FAILED, "out of memory");
            break;
        }
        if (!added)
            continue;
        if (view_game_data(o->game, g, *count, chunk, err, n)) {
            status = VIEW_FAILED;
            break;
        }
        put_row(rows, g, file, (*count)++);
        if (*count % VIEW_CHUNK == 0 && flush_chunk(o, chunk, *count, err, n)) {
            status = VIEW_FAILED;
            break;
        }
    }
    free(g);
    return status;
}

int view_write_site(const view_opts *o, const char *const *files, int nfiles, uint64_t *games, char *err, size_t n)
{
    buf runs = { 0 }, rows = { 0 }, page = { 0 }, chunk = { 0 };
    rec_dedup seen = { 0 };
    int lock = -1, status = prepare_dir(o, &lock, err, n);
    *games = 0;
    if (status) {
        if (lock >= 0)
            close(lock);
        return status;
    }
    for (int i = 0; i < nfiles && status != VIEW_FAILED && status != VIEW_BAD_INPUT; i++) {
        char msg[512];
        rec_reader *r = rec_reader_open(files[i], msg, sizeof msg);
        if (!r) {
            status = fail(err, n, VIEW_BAD_INPUT, "%s", msg);
            break;
        }
        out_str(&runs, i ? ",\n" : "");
        put_run(&runs, files[i], rec_reader_run(r));
        int rc = write_games(o, files[i], i, r, &rows, &chunk, games, &seen, err, n);
        rec_reader_close(r);
        if (rc > status)
            status = rc;
    }
    if ((status == VIEW_OK || status == VIEW_DAMAGED) && chunk.len)
        status = flush_chunk(o, &chunk, *games, err, n) ? VIEW_FAILED : status;
    if (status == VIEW_OK || status == VIEW_DAMAGED) {
        out_str(&page, "var TRIAD_INDEX={\"game\":");
        out_json(&page, o->game->name);
        out_str(&page, ",\"runs\":[\n");
        buf_put(&page, runs.data, runs.len);
        out_str(&page, "],\n\"games\":[\n");
        buf_put(&page, rows.data, rows.len);
        out_str(&page, "]};\n");
        int rc = out_file(o->dir, "index-data.js", &page, err, n) ? VIEW_FAILED : VIEW_OK;
        page.len = 0;
        if (!rc) {
            index_page(&page, o->game->name);
            rc = out_file(o->dir, "index.html", &page, err, n) ? VIEW_FAILED : VIEW_OK;
        }
        page.len = 0;
        if (!rc && !(rc = viewer_page(&page, o->game, *games, err, n)))
            rc = out_file(o->dir, "viewer.html", &page, err, n) ? VIEW_FAILED : VIEW_OK;
        if (!rc)
            rc = put_static(o->dir, "style.css", view_style_css, err, n);
        if (!rc)
            rc = put_static(o->dir, "index.js", view_index_js, err, n);
        if (!rc)
            rc = put_static(o->dir, "viewer.js", view_viewer_js, err, n);
        if (rc)
            status = rc;
    }
    buf_free(&runs);
    buf_free(&rows);
    buf_free(&page);
    buf_free(&chunk);
    if (o->duplicates)
        *o->duplicates = seen.dropped;
    rec_dedup_free(&seen);
    close(lock);
    return status;
}
