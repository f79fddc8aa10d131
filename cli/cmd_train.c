/* cmd_train.c — `triad train`: a network evaluation from records files
 * (eval/train.h, docs/network.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "core/buf.h"
#include "core/clock.h"
#include "core/esc.h"
#include "core/dirs.h"
#include "core/fileio.h"
#include "core/jsonw.h"
#include "core/num.h"
#include "eval/records_game.h"
#include "eval/train.h"
#include "commands.h"
#include "opts.h"

/* The options, at file scope so that the table below is the command's
 * whole interface. */
static struct {
    opt_list records;
    const char *game, *out, *label, *optimizer, *init, *label_cache;
    bool force, json, quiet, no_augment, blend_given, residual;
    int players, h, l2, epochs, patience, batch, threads;
    uint64_t positions;
    double blend, validation, lr, lr_decay, momentum, decay;
    uint64_t seed;
} a;

static const opt_spec train_opts_table[] = {
    { "records", OPT_LIST, &a.records, "FILE...", "the same as FILE... (the records files, given as operands)", 0, 0,
      NULL },
    { "game", OPT_STR, &a.game, "NAME", "the game (default: the records' game; a mismatch is refused)", 0, 0, NULL },
    { "out", OPT_STR, &a.out, "OUT", "where to write the network (docs/formats.md, \"Network files\")", 0, 0,
      NULL },
    { "force", OPT_FLAG, &a.force, NULL, "overwrite OUT", 0, 0, NULL },
    { "nplayers", OPT_INT, &a.players, "N", "learn from the games of N seats (default: the first game's)", 1,
      GAME_MAX_PLAYERS, NULL },
    { "accumulator", OPT_INT, &a.h, "H", "units per seat's accumulator, a multiple of 16 (default 128)", 16,
      NN_H_MAX, NULL },
    { "hidden", OPT_INT, &a.l2, "N", "units of the hidden layer (default 16)", 1, NN_L2_MAX, NULL },
    { "label", OPT_STR, &a.label, "result|search:nodes=N|search:SPEC",
      "what a position is labelled with: the game's result (default), or also a search's score by the game's "
      "default player to N nodes (or by the player SPEC), blended with the result by --blend", 0, 0, NULL },
    { "label-cache", OPT_STR, &a.label_cache, "FILE", "keep the search scores in FILE and use them again while "
      "the positions and the player are the same (docs/network.md)", 0, 0, NULL },
    { "blend", OPT_DOUBLE, &a.blend, "L", "the search score's weight in the label (default 0.5)", 0, 0,
      &a.blend_given },
    { "validation", OPT_DOUBLE, &a.validation, "F", "share of games held out (default 0.1)", 0, 0, NULL },
    { "positions", OPT_U64, &a.positions, "N", "a uniform sample of at most N positions (default: all)", 0,
      2000000000L, NULL },
    { "epochs", OPT_INT, &a.epochs, "N", "passes over the training positions at most (default 30)", 1,
      TRAIN_EPOCHS_MAX, NULL },
    { "patience", OPT_INT, &a.patience, "N", "stop after N epochs without a better held-out loss (default 3)", 1,
      TRAIN_EPOCHS_MAX, NULL },
    { "batch", OPT_INT, &a.batch, "N", "positions per step (default 4096)", TRAIN_SHARDS, 1 << 20, NULL },
    { "optimizer", OPT_STR, &a.optimizer, "adam|sgd", "Adam (default) or SGD with momentum", 0, 0, NULL },
    { "lr", OPT_DOUBLE, &a.lr, "X", "learning rate (default 0.001)", 0, 0, NULL },
    { "lr-decay", OPT_DOUBLE, &a.lr_decay, "X", "the learning rate's factor per epoch (default 0.9)", 0, 0, NULL },
    { "momentum", OPT_DOUBLE, &a.momentum, "X", "SGD's momentum (default 0.9)", 0, 0, NULL },
    { "weight-decay", OPT_DOUBLE, &a.decay, "X", "an L2 penalty on the weights (default 0)", 0, 0, NULL },
    { "residual", OPT_FLAG, &a.residual, NULL, "learn a correction to the linear evaluation: the players add "
      "the network's value to their linear one (TZAAR's ab; docs/network.md)", 0, 0, NULL },
    { "no-augment", OPT_FLAG, &a.no_augment, NULL, "positions as recorded only, not their images under the "
      "game's symmetries", 0, 0, NULL },
    { "init", OPT_STR, &a.init, "FILE", "start from this network (its sizes) instead of a seeded random one", 0,
      0, NULL },
    { "seed", OPT_U64, &a.seed, "S", "seed of the split, the sample, the start and the order (default 1)", 0, 0,
      NULL },
    { "threads", OPT_INT, &a.threads, "N", "threads (default 1; the network is the same for any N)", 1, 64,
      NULL },
    { "json", OPT_FLAG, &a.json, NULL, "print the figures as one JSON object", 0, 0, NULL },
    { "quiet", OPT_FLAG, &a.quiet, NULL, "no progress report", 0, 0, NULL },
    { 0 },
};

static const cmd_spec train_spec = {
    "train",
    "FILE... --out OUT [--force] [--game NAME] [--nplayers N] [--accumulator H] [--hidden N] "
    "[--label result|search:nodes=N] [--blend L] [--validation F] [--positions N] [--epochs N] [--patience N] "
    "[--batch N] [--optimizer adam|sgd] [--lr X] [--lr-decay X] [--init FILE] [--seed S] [--threads N] [--json]",
    "Trains a network evaluation (an NNUE: sparse features of every seat summed into\n"
    "accumulators, a clipped-ReLU hidden layer, one output per seat or a scalar for\n"
    "two) from the positions of the games in the records, labelled by the results\n"
    "(or blended with a search's scores).  Held-out games are split by game, never\n"
    "by position; training stops when the held-out loss stops falling and keeps the\n"
    "best epoch's network.  The same --seed gives the same bytes for any --threads.\n"
    "The baseline is the game's linear evaluation on the same positions, scaled by\n"
    "its own fitted logistic.  Play it with ab:net=OUT.  See docs/network.md.",
    train_opts_table,
};

static void warn_line(void *ctx, const char *msg)
{
    (void)ctx;
    fprintf(stderr, "triad train: warning: %s\n", msg);
}

typedef struct shown {
    double last;
    bool tty;
} shown;

static void progress_line(void *ctx, const char *stage, uint64_t done, uint64_t total, double loss)
{
    shown *s = ctx;
    double now = clock_seconds();
    bool end = total && done == total;
    if (now - s->last < (s->tty ? 0.25 : 10) && !end)
        return;
    s->last = now;
    char bar[21] = "", l[40] = "";
    if (total) {
        int k = (int)(20 * (double)done / (double)total);
        for (int i = 0; i < 20; i++)
            bar[i] = i < k ? '#' : '.';
        bar[20] = 0;
    }
    if (!isnan(loss))
        snprintf(l, sizeof l, "  loss %.5f", loss);
    if (total)
        fprintf(stderr, s->tty ? "\rtrain: %-22s [%s] %llu/%llu%s\033[K" : "train: %s [%s] %llu/%llu%s\n", stage, bar,
                (unsigned long long)done, (unsigned long long)total, l);
    else
        fprintf(stderr, s->tty ? "\rtrain: %s %llu games\033[K" : "train: %s %llu games\n", stage,
                (unsigned long long)done);
    if (s->tty && end)
        fputc('\n', stderr);
}

/* --label: "result", "search:nodes=N" (the game's default kind to N
 * nodes) or "search:SPEC". */
static int parse_label(const game_def *g, train_opts *o)
{
    if (!a.label || !strcmp(a.label, "result"))
        return 0;
    if (strncmp(a.label, "search:", 7) || !a.label[7])
        return cli_error("train", "bad --label '%s' (expected result, search:nodes=N or search:SPEC)", a.label);
    const char *rest = a.label + 7;
    if (!strncmp(rest, "nodes=", 6)) {
        char kind[64];
        const char *def = game_default_player(g);
        size_t k = strcspn(def, ":");
        snprintf(kind, sizeof kind, "%.*s", (int)(k < 60 ? k : 60), def);
        if ((size_t)snprintf(o->search_spec, sizeof o->search_spec, "%s:%s", kind, rest) >= sizeof o->search_spec)
            return cli_error("train", "--label: the player spec is too long");
    } else if ((size_t)snprintf(o->search_spec, sizeof o->search_spec, "%s", rest) >= sizeof o->search_spec) {
        return cli_error("train", "--label: the player spec is too long");
    }
    return 0;
}

/* What made the network, for its description: the records as given and
 * every option that shapes the result at its value (not --threads, --out,
 * --json or --quiet, which do not), so that a rerun writes the same bytes.
 * malloc'd; NULL when out of memory. */
static char *command_text(const train_opts *o, const nn_model *m)
{
    buf b = { 0 };
    buf_printf(&b, "triad train");
    for (int i = 0; i < a.records.n; i++) {
        buf_byte(&b, ' ');
        esc_shell(&b, a.records.items[i]);
    }
    buf_printf(&b, " --game %s --nplayers %d --accumulator %d --hidden %d --label ", o->game->name, m->shape.persp,
               m->shape.h, m->shape.l2);
    esc_shell(&b, o->search_spec[0] ? a.label : "result");
    if (o->search_spec[0])
        buf_printf(&b, " --blend %.17g", o->blend);
    buf_printf(&b, " --validation %.17g --positions %zu --epochs %d --patience %d --batch %d --optimizer %s --lr %.17g "
               "--lr-decay %.17g", o->validation, o->max_positions, o->epochs, o->patience, o->batch,
               o->optimizer == TRAIN_SGD ? "sgd" : "adam", o->lr, o->lr_decay);
    if (o->optimizer == TRAIN_SGD)
        buf_printf(&b, " --momentum %.17g", o->momentum);
    buf_printf(&b, " --weight-decay %.17g%s%s", o->l2_penalty, o->augment ? "" : " --no-augment",
               o->residual ? " --residual" : "");
    if (a.init) {
        buf_printf(&b, " --init ");
        esc_shell(&b, a.init);
    }
    buf_printf(&b, " --seed %llu", (unsigned long long)o->seed);
    buf_byte(&b, 0);
    if (b.failed) {
        buf_free(&b);
        return NULL;
    }
    return (char *)b.data;
}

static int write_network(const nn_model *m, char *err, size_t n)
{
    unsigned char *data;
    size_t len;
    if (nn_model_serialise(m, &data, &len, err, n))
        return -1;
    fio_out o;
    int rc = fio_out_begin(&o, a.out, a.force, err, n);
    if (!rc && fwrite(data, 1, len, o.f) != len) {
        snprintf(err, n, "cannot write %s", a.out);
        fio_out_abort(&o);
        rc = -1;
    } else if (!rc) {
        rc = fio_out_commit(&o, err, n);
    }
    free(data);
    return rc;
}

static void print_json(const game_def *g, const train_opts *o, const train_result *r, const nn_model *m, uint32_t crc)
{
    FILE *f = stdout;
    putc('{', f);
    jsonw_fkv_str(f, "game", g->name, 1);
    jsonw_fkv_str(f, "out", a.out, 0);
    jsonw_fkv_str(f, "features", m->features, 0);
    jsonw_fkv_int(f, "players", m->shape.persp, 0);
    jsonw_fkv_int(f, "accumulator", m->shape.h, 0);
    jsonw_fkv_int(f, "hidden", m->shape.l2, 0);
    char hex[16];
    snprintf(hex, sizeof hex, "%08x", (unsigned)crc);
    jsonw_fkv_str(f, "crc32", hex, 0);
    jsonw_fkv_str(f, "label", o->search_spec[0] ? o->search_spec : "result", 0);
    jsonw_fkv_num(f, "blend", "%.6g", o->search_spec[0] ? o->blend : 0, 0);
    jsonw_fkv_num(f, "train_loss", "%.8g", r->train_loss, 0);
    jsonw_fkv_num(f, "val_loss", "%.8g", r->val_loss, 0);
    jsonw_fkv_num(f, "baseline_val_loss", "%.8g", r->baseline_val_loss, 0);
    jsonw_fkv_num(f, "baseline_train_loss", "%.8g", r->baseline_train_loss, 0);
    jsonw_fkv_num(f, "baseline_scale", "%.8g", r->baseline_scale, 0);
    jsonw_fkv_num(f, "search_scale", "%.8g", r->search_scale, 0);
    jsonw_fkv_bool(f, "labels_cached", r->label_cached, 0);
    jsonw_fkv_bool(f, "residual", o->residual, 0);
    jsonw_fkv_uint(f, "positions", r->positions, 0);
    jsonw_fkv_uint(f, "train_positions", r->train_positions, 0);
    jsonw_fkv_uint(f, "val_positions", r->val_positions, 0);
    jsonw_fkv_uint(f, "games", r->games, 0);
    jsonw_fkv_uint(f, "val_games", r->val_games, 0);
    jsonw_fkv_uint(f, "duplicates", r->duplicates, 0);
    jsonw_fkv_int(f, "epochs", r->epochs, 0);
    jsonw_fkv_int(f, "best_epoch", r->best_epoch + 1, 0);
    jsonw_fkey(f, "epoch_val_loss", 0);
    putc('[', f);
    for (int e = 0; e < r->epochs; e++)
        jsonw_fkv_num(f, NULL, "%.8g", r->epoch_val[e], e == 0);
    putc(']', f);
    jsonw_fkv_int(f, "threads", o->threads, 0);
    jsonw_fkv_num(f, "read_seconds", "%.3f", r->read_seconds, 0);
    jsonw_fkv_num(f, "label_seconds", "%.3f", r->label_seconds, 0);
    jsonw_fkv_num(f, "fit_seconds", "%.3f", r->fit_seconds, 0);
    jsonw_fkv_num(f, "seconds", "%.3f", r->seconds, 0);
    fputs("}\n", f);
}

static void print_text(const train_result *r, uint32_t crc)
{
    printf("train: %llu games (%llu held out), %zu positions (%zu held out); %d epochs, the best %d\n",
           (unsigned long long)r->games, (unsigned long long)r->val_games, r->positions, r->val_positions, r->epochs,
           r->best_epoch + 1);
    printf("held-out loss %.5f (training %.5f); the linear evaluation's %.5f\n", r->val_loss, r->train_loss,
           r->baseline_val_loss);
    printf("wrote %s (crc32 %08x) in %.1f s\n", a.out, (unsigned)crc, r->seconds);
}

/* The train_opts from the parsed options; 0, or 2 after the error line. */
static int make_opts(const game_def *g, train_opts *o, nn_model *init)
{
    train_opts_default(o);
    o->game = g;
    o->files = (const char *const *)a.records.items;
    o->nfiles = a.records.n;
    o->players = a.players;
    if (a.h)
        o->h = a.h;
    if (a.l2)
        o->l2 = a.l2;
    if (o->h % 16)
        return cli_error("train", "bad --accumulator %d: a multiple of 16", o->h);
#define SET(field, v) if (v) o->field = v
    SET(epochs, a.epochs);
    SET(patience, a.patience);
    SET(batch, a.batch);
    SET(threads, a.threads);
    SET(seed, a.seed);
    SET(lr, a.lr);
    SET(lr_decay, a.lr_decay);
    SET(momentum, a.momentum);
    SET(validation, a.validation);
#undef SET
    o->max_positions = (size_t)a.positions;
    o->l2_penalty = a.decay;
    o->augment = !a.no_augment;
    o->residual = a.residual;
    if (a.blend_given)
        o->blend = a.blend;
    if (a.optimizer && strcmp(a.optimizer, "adam") && strcmp(a.optimizer, "sgd"))
        return cli_error("train", "bad --optimizer '%s' (expected adam or sgd)", a.optimizer);
    o->optimizer = a.optimizer && !strcmp(a.optimizer, "sgd") ? TRAIN_SGD : TRAIN_ADAM;
    if (parse_label(g, o))
        return 2;
    if (a.blend_given && !o->search_spec[0])
        return cli_error("train", "--blend needs --label search:...");
    if (a.label_cache && !o->search_spec[0])
        return cli_error("train", "--label-cache needs --label search:...");
    o->label_cache = a.label_cache;
    char err[600];
    if (a.init) {
        if (nn_model_read(init, a.init, g, NULL, err, sizeof err))
            return cli_error("train", "--init: %s", err);
        o->init = init;
    }
    o->warn = warn_line;
    return 0;
}

int cmd_train(int argc, char **argv)
{
    memset(&a, 0, sizeof a);
    a.seed = CLI_SEED_DEFAULT;
    int rc = opts_parse_operands(&train_spec, &a.records, argc, argv);
    if (rc) {
        opt_list_free(&a.records);
        return rc == 1 ? 0 : rc;
    }
    char err[600];
    const game_def *g = NULL;
    nn_model init = { 0 }, m = { 0 };
    train_opts o;
    rc = 2;
    if (!a.records.n || !a.out)
        cli_error("train", "records FILE... and --out are required");
    else if (records_game((const char *const *)a.records.items, a.records.n, a.game, &g, err, sizeof err))
        cli_error("train", "%s", err);
    else if (!g->nn)
        cli_error("train", "game %s has no network features (engine/game.h's nn)", g->name);
    else if (make_opts(g, &o, &init))
        ;
    else if (fio_out_check(a.out, a.force, err, sizeof err))
        cli_error("train", "%s", err);
    else
        rc = 0;
    for (int i = 0; !rc && i < a.records.n; i++) {
        const char *in = a.records.items[i];
        if (a.label_cache && fio_same_file(a.label_cache, in))
            rc = cli_error("train", "refusing to write %s: it is also an input", a.label_cache);
        else if (fio_same_file(a.out, in) || (a.init && fio_same_file(a.out, a.init)))
            rc = cli_error("train", "refusing to write %s: it is also an input", a.out);
    }
    /* fio_same_path: the output and the cache do not exist yet on a first run */
    if (!rc && a.label_cache && (fio_same_path(a.label_cache, a.out) || (a.init && fio_same_file(a.label_cache, a.init))))
        rc = cli_error("train", "--label-cache %s is also the output or --init", a.label_cache);
    train_result r;
    shown sh = { 0, isatty(STDERR_FILENO) != 0 };
    if (!rc) {
        o.progress = a.quiet ? NULL : progress_line;
        o.ctx = &sh;
        if (train_run(&o, &m, &r, err, sizeof err))
            rc = cli_error("train", "%s", err);
        else if (!(m.about = command_text(&o, &m)))
            rc = cli_error("train", "out of memory");
    }
    uint32_t crc = 0;
    if (!rc && write_network(&m, err, sizeof err))
        rc = cli_error("train", "%s", err);
    if (!rc) {
        char why[600];
        nn_model back;
        if (nn_model_read(&back, a.out, g, &crc, why, sizeof why))
            rc = cli_error("train", "%s", why);
        else
            nn_model_free(&back);
    }
    if (!rc) {
        if (a.json)
            print_json(g, &o, &r, &m, crc);
        else
            print_text(&r, crc);
    }
    nn_model_free(&m);
    nn_model_free(&init);
    opt_list_free(&a.records);
    return rc;
}
