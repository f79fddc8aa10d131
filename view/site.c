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
#include "core/dirs.h"
#include "core/esc.h"
#include "core/jsonw.h"
#include "core/fileio.h"
#include "core/msg.h"
#include "out.h"
#include "site.h"

/* The site writer's own statuses: done, a damaged block skipped, bad
 * input, a write failed, a signal stopped it (view_result says which). */
enum { VIEW_OK = 0, VIEW_DAMAGED = 1, VIEW_BAD_INPUT = 2, VIEW_FAILED = 3, VIEW_STOPPED = 4 };

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

/* The files of a site besides games/; --force replaces a folder that holds
 * nothing else (and the temporary files an older triad, which wrote in
 * place, may have left: NAME.tmp-XXXXXX). */
static const char *const site_files[] = { "index.html", "viewer.html", "index-data.js", "index.js", "viewer.js",
                                          "style.css", NULL };

static bool site_file_name(const char *s, bool in_games)
{
    const char *tmp = strstr(s, ".tmp-");
    char base[256];
    if (tmp && strlen(tmp) == 11) { /* a temporary file of one of the names */
        snprintf(base, sizeof base, "%.*s", (int)(tmp - s), s);
        s = base;
    }
    if (in_games)
        return game_file_name(s);
    for (int i = 0; site_files[i]; i++)
        if (!strcmp(s, site_files[i]))
            return true;
    return false;
}

/* Whether the folder fd (DIR, or DIR/games when in_games) holds only what a
 * site holds, as plain files and a plain games folder: a link is never a
 * site's, so --force never follows one.  VIEW_OK, or VIEW_BAD_INPUT naming
 * the first stranger. */
static int only_site_files(int fd, const char *shown, bool in_games, char *err, size_t n)
{
    DIR *d = fdopendir(fd);
    if (!d) {
        close(fd);
        return fail(err, n, VIEW_FAILED, "cannot read %s: %s", MSG_PATH(shown), strerror(errno));
    }
    int status = VIEW_OK;
    struct dirent *e;
    while (status == VIEW_OK && (e = readdir(d))) {
        struct stat st;
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW)) {
            status = fail(err, n, VIEW_FAILED, "cannot read %s/%s: %s", MSG_PATH(shown), MSG_PATH(e->d_name),
                          strerror(errno));
        } else if (!in_games && !strcmp(e->d_name, "games") && S_ISDIR(st.st_mode)) {
            char sub[4096];
            int g = openat(dirfd(d), "games", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            snprintf(sub, sizeof sub, "%s/games", shown);
            status = g < 0 ? fail(err, n, VIEW_FAILED, "cannot read %s: %s", MSG_PATH(sub), strerror(errno))
                           : only_site_files(g, sub, true, err, n);
        } else if (!S_ISREG(st.st_mode) || !site_file_name(e->d_name, in_games)) {
            status = fail(err, n, VIEW_BAD_INPUT, "%s holds %s%s, which is not part of a triad view site: --force "
                          "replaces a site only (move it away, or give another --out)", MSG_PATH(shown),
                          MSG_PATH(e->d_name), S_ISLNK(st.st_mode) ? " (a link)" : S_ISDIR(st.st_mode) ? " (a folder)"
                          : "");
        }
    }
    closedir(d);
    return status;
}

/* Checks the site's folder before anything is made: a folder or nothing;
 * empty, or (with force) a site and nothing else.  An existing folder is
 * locked in *lock (one writer per folder: a second view into it fails
 * rather than races it).  VIEW_OK, or a failure status with the message. */
static int check_target(const view_opts *o, const char *target, int *lock, char *err, size_t n)
{
    struct stat st;
    *lock = -1;
    if (lstat(target, &st))
        return errno == ENOENT ? VIEW_OK : fail(err, n, VIEW_BAD_INPUT, "cannot write %s: %s", MSG_PATH(o->dir),
                                                strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return fail(err, n, VIEW_BAD_INPUT, "cannot write %s: not a folder", MSG_PATH(o->dir));
    if ((*lock = open(target, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
        return fail(err, n, VIEW_BAD_INPUT, "cannot open %s: %s", MSG_PATH(o->dir), strerror(errno));
    if (fio_lock(*lock, o->dir, err, n))
        return VIEW_BAD_INPUT;
    if (!fio_dir_has_files(target))
        return VIEW_OK;
    if (!o->force)
        return fail(err, n, VIEW_BAD_INPUT, "%s exists and has files (--force writes over them)", MSG_PATH(o->dir));
    int fd = open(target, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return fail(err, n, VIEW_FAILED, "cannot read %s: %s", MSG_PATH(o->dir), strerror(errno));
    return only_site_files(fd, o->dir, false, err, n);
}

/* Every input opens as a records file of the site's game: checked before
 * anything is made, so a refused view leaves nothing behind. */
static int check_inputs(const view_opts *o, const char *const *files, int nfiles, char *err, size_t n)
{
    for (int i = 0; i < nfiles; i++) {
        char msg[512];
        rec_reader *r = rec_reader_open(files[i], msg, sizeof msg);
        if (!r)
            return fail(err, n, VIEW_BAD_INPUT, "%s", msg);
        const game_def *g = rec_reader_run(r)->game;
        rec_reader_close(r);
        if (g != o->game)
            return fail(err, n, VIEW_BAD_INPUT, "%s holds a %s run, not %s: a site shows one game's runs",
                        MSG_PATH(files[i]), g->name, o->game->name);
    }
    return VIEW_OK;
}

static void put_run(buf *b, const char *file, const rec_run *r)
{
    out_str(b, "{\"file\":");
    jsonw_script_string(b, file);
    out_printf(b, ",\"source\":\"%s\",\"games\":%llu,\"seed\":%llu,\"setup\":",
               r->source == REC_SOURCE_IMPORT ? "import" : "selfplay", (unsigned long long)r->games,
               (unsigned long long)r->seed);
    jsonw_script_string(b, view_setup_name(r->game, r->setup));
    out_printf(b, ",\"rotations\":%d,\"shard\":\"%u/%u\",\"specs\":[", r->rotations, r->shard,
               r->shards ? r->shards : 1);
    for (int k = 0; k < r->players; k++) {
        out_str(b, k ? "," : "");
        jsonw_script_string(b, r->specs[k]);
    }
    out_str(b, "]}");
}

/* [id, file, setup, rotation, winner, ending, turns, result, [scores], spec of seat 0, 1, ...] */
static void put_row(buf *b, const game_def *game, const rec_game *g, int file, uint64_t index)
{
    int players = game->players(g->start);
    out_printf(b, "%s[%llu,%d,", index ? ",\n" : "", (unsigned long long)g->id, file);
    jsonw_script_string(b, view_setup_name(game, g->setup));
    out_printf(b, ",%d,%d,", g->rotation, rec_game_winner(g));
    jsonw_script_string(b, view_ending_name(game, g->ending));
    out_printf(b, ",%d,\"", g->turns);
    view_result_text(g, players, b);
    out_str(b, "\",[");
    for (int k = 0; k < players; k++)
        out_printf(b, "%s%.17g", k ? "," : "", g->scores[k]);
    out_str(b, "]");
    for (int k = 0; k < players; k++) {
        buf_byte(b, ',');
        jsonw_script_string(b, g->specs[k]);
    }
    out_str(b, "]");
}

/* An <option> per name (HTML-escaped), lower-cased when lower. */
static void put_options(buf *b, const char *const *names, int from, bool lower)
{
    for (int i = from; names[i]; i++) {
        out_str(b, "<option>");
        if (lower) {
            char low[64];
            snprintf(low, sizeof low, "%s", names[i]);
            for (char *c = low; *c; c++)
                *c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
            esc_html(b, low);
        } else
            esc_html(b, names[i]);
        out_str(b, "</option>");
    }
}

static const char page_head[] =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<title>%s</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n"
    "<script>window.triadErrors=[];window.addEventListener('error',function(e){"
    "window.triadErrors.push(String(e.message));var x=document.getElementById('errors');"
    "if(x){x.hidden=false;x.textContent=window.triadErrors.join('\\n');}});</script>\n"
    "</head>\n<body>\n<pre id=\"errors\" class=\"errors\" hidden></pre>\n";

static void index_page(buf *b, const game_def *game, int players)
{
    char names[GAME_MAX_PLAYERS][16];
    const char *seats[GAME_MAX_PLAYERS + 1];
    for (int k = 0; k < players; k++)
        seats[k] = view_seat_name(game, k, names[k]);
    seats[players] = NULL;
    out_printf(b, page_head, "triad — games");
    if (game->view && game->view->seat_style)
        out_printf(b, "<style>%s</style>\n", game->view->seat_style);
    out_str(b, "<header><h1>triad <span class=\"sub\">");
    esc_html(b, game->name);
    out_str(b, " games</span></h1></header>\n<main class=\"index\">\n"
                  "<section id=\"runs\"><h2>Runs</h2><div class=\"scroll\"><table id=\"runs-table\"></table></div>"
                  "</section>\n<section id=\"summary\"><h2>By seat <span class=\"sub\" id=\"summary-note\"></span>"
                  "</h2><div class=\"scroll\"><table id=\"summary-table\"></table></div></section>\n"
                  "<section><h2>Games <span class=\"sub\" id=\"count\"></span></h2>\n"
                  "<form id=\"filters\" class=\"filters\" onsubmit=\"return false\">\n"
                  "<label>setup <select id=\"f-setup\"><option value=\"\">any</option>");
    put_options(b, game->setup_names, 0, false);
    out_str(b, "</select></label>\n<label>winner <select id=\"f-winner\"><option value=\"\">any</option>");
    put_options(b, seats, 0, true);
    out_str(b, "<option>none</option></select></label>\n"
               "<label>ending <select id=\"f-ending\"><option value=\"\">any</option>");
    put_options(b, game->ending_names, 1, false);
    out_str(b, "<option>unfinished</option></select></label>\n"
                  "<label>players <input id=\"f-text\" type=\"search\" placeholder=\"spec contains…\"></label>\n"
                  "</form>\n<div class=\"scroll\"><table id=\"games\" class=\"games\"><thead></thead><tbody>"
                  "</tbody></table></div>\n<p><button id=\"more\" hidden>show all</button></p>\n</section>\n"
                  "</main>\n<script src=\"index-data.js\"></script>\n<script src=\"index.js\"></script>\n"
                  "</body>\n</html>\n");
}

static int viewer_page(buf *b, const game_def *game, uint64_t games, char *err, size_t n)
{
    char *board = malloc(1 << 16);
    if (!board || game->view->board(board, 1 << 16) < 0)
        return free(board), fail(err, n, VIEW_FAILED, "the %s board drawing is too large", game->name);
    out_printf(b, page_head, "triad — game");
    if (game->view->seat_style)
        out_printf(b, "<style>%s</style>\n", game->view->seat_style);
    out_printf(b, "<header><h1><a href=\"index.html\">triad</a> <span class=\"sub\" id=\"title\"></span></h1>"
                  "<nav class=\"games-nav\"><a id=\"prev-game\" href=\"#\">&larr; game</a> "
                  "<a id=\"next-game\" href=\"#\">game &rarr;</a></nav></header>\n"
                  "<main class=\"viewer\">\n<div class=\"board-wrap\"><svg id=\"board\" viewBox=\"%s\" role=\"img\" "
                  "aria-label=\"board\">\n",
               game->view->viewbox);
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
               game->view->legend ? game->view->legend : "",
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
        if (fio_stop_requested()) { /* a signal: the caller ends, the partial site is removed */
            status = fail(err, n, VIEW_STOPPED, "stopped by %s", fio_signal_name(fio_stop_requested()));
            break;
        }
        if (rc == REC_BAD) {
            char msg[600];
            snprintf(msg, sizeof msg, "%s: %s", path, rec_reader_error(r));
            if (o->warn)
                o->warn(msg);
            status = VIEW_DAMAGED;
            continue;
        }
        if (rec_reader_run(r)->game != o->game) {
            status = fail(err, n, VIEW_BAD_INPUT, "%s holds a %s run, not %s: a site shows one game's runs",
                          MSG_PATH(path), rec_reader_run(r)->game->name, o->game->name);
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
        put_row(rows, o->game, g, file, (*count)++);
        if (*count % VIEW_CHUNK == 0 && flush_chunk(o, chunk, *count, err, n)) {
            status = VIEW_FAILED;
            break;
        }
    }
    free(g);
    return status;
}

/* Writes the whole site into o->dir, a fresh empty folder. */
static int write_into(const view_opts *o, const char *const *files, int nfiles, uint64_t *games, char *err,
                      size_t n)
{
    buf runs = { 0 }, rows = { 0 }, page = { 0 }, chunk = { 0 };
    rec_dedup seen = { 0 };
    char games_dir[4200], name[16];
    int status = VIEW_OK, players = o->game->min_players;
    snprintf(games_dir, sizeof games_dir, "%s/games", o->dir);
    if (mkdir(games_dir, 0777))
        return fail(err, n, VIEW_FAILED, "cannot create %s: %s", MSG_PATH(games_dir), strerror(errno));
    for (int i = 0; i < nfiles && status != VIEW_FAILED && status != VIEW_BAD_INPUT; i++) {
        char msg[512];
        rec_reader *r = rec_reader_open(files[i], msg, sizeof msg);
        if (!r) {
            status = fail(err, n, VIEW_BAD_INPUT, "%s", msg);
            break;
        }
        out_str(&runs, i ? ",\n" : "");
        put_run(&runs, files[i], rec_reader_run(r));
        if (rec_reader_run(r)->players > players)
            players = rec_reader_run(r)->players;
        int rc = write_games(o, files[i], i, r, &rows, &chunk, games, &seen, err, n);
        rec_reader_close(r);
        if (rc > status)
            status = rc;
    }
    if ((status == VIEW_OK || status == VIEW_DAMAGED) && chunk.len)
        status = flush_chunk(o, &chunk, *games, err, n) ? VIEW_FAILED : status;
    if (status == VIEW_OK || status == VIEW_DAMAGED) {
        out_str(&page, "var TRIAD_INDEX={\"game\":");
        jsonw_script_string(&page, o->game->name);
        out_str(&page, ",\"seats\":[");
        for (int k = 0; k < players; k++) {
            out_str(&page, k ? "," : "");
            jsonw_script_string(&page, view_seat_name(o->game, k, name));
        }
        out_printf(&page, "],\"points\":%s,\"endings\":[", o->game->score_max != 1 ? "true" : "false");
        for (int e = 1; o->game->ending_names[e]; e++) {
            out_str(&page, e > 1 ? "," : "");
            jsonw_script_string(&page, o->game->ending_names[e]);
        }
        out_str(&page, "],\"runs\":[\n");
        buf_put(&page, runs.data, runs.len);
        out_str(&page, "],\n\"games\":[\n");
        buf_put(&page, rows.data, rows.len);
        out_str(&page, "]};\n");
        int rc = out_file(o->dir, "index-data.js", &page, err, n) ? VIEW_FAILED : VIEW_OK;
        page.len = 0;
        if (!rc) {
            index_page(&page, o->game, players);
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
    return status;
}

static int write_site(const view_opts *o, const char *const *files, int nfiles, uint64_t *games, char *err, size_t n)
{
    char parent[4096], name[1024], target[8192];
    int lock = -1, status;
    fio_tmpdir t = { .lock = -1 };
    *games = 0;
    if (!o->game->view)
        return fail(err, n, VIEW_BAD_INPUT, "the game '%s' has no drawing (game_def.view)", o->game->name);
    if ((status = check_inputs(o, files, nfiles, err, n)))
        return status;
    if (fio_split_target(o->dir, parent, sizeof parent, name, sizeof name, err, n))
        return VIEW_BAD_INPUT;
    snprintf(target, sizeof target, "%s%s%s", parent, strcmp(parent, "/") ? "/" : "", name);
    if ((status = check_target(o, target, &lock, err, n)) == VIEW_OK) {
        /* Built beside the target, then swapped in whole: a failure or a
         * kill part-way leaves the old site as it was. */
        char same[8192]; /* target again: it is resolved already */
        if (fio_tmpdir_beside(&t, target, same, sizeof same, err, n))
            status = VIEW_FAILED;
        else {
            view_opts into = *o;
            into.dir = t.path;
            status = write_into(&into, files, nfiles, games, err, n);
            if ((status == VIEW_OK || status == VIEW_DAMAGED) && fio_tmpdir_commit(&t, target, o->force, err, n))
                status = VIEW_FAILED;
        }
        fio_tmpdir_remove(&t); /* what is left of a failed or stopped run */
    }
    if (lock >= 0)
        close(lock);
    return status;
}

int view_write_site(const view_opts *o, const char *const *files, int nfiles, view_result *res, char *err,
                    size_t n)
{
    *res = (view_result){ 0 };
    int status = write_site(o, files, nfiles, &res->games, err, n);
    res->damaged = status == VIEW_DAMAGED;
    res->refused = status == VIEW_BAD_INPUT;
    res->signal = status == VIEW_STOPPED ? fio_stop_requested() : 0;
    return status == VIEW_OK || status == VIEW_DAMAGED ? 0 : -1;
}
