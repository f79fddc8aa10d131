/* train.c — train_run: the data, the baseline, the fit (train.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/clock.h"
#include "train.h"

void train_opts_default(train_opts *o)
{
    memset(o, 0, sizeof *o);
    o->h = 128;
    o->l2 = 16;
    o->blend = 0.5;
    o->validation = 0.1;
    o->epochs = 30;
    o->patience = 3;
    o->batch = 4096;
    o->optimizer = TRAIN_ADAM;
    o->lr = 1e-3;
    o->lr_decay = 0.9;
    o->momentum = 0.9;
    o->augment = true;
    o->seed = 1;
    o->threads = 1;
}

static int check_opts(const train_opts *o, char *err, size_t n)
{
    const char *bad = NULL;
    if (o->epochs < 1 || o->epochs > TRAIN_EPOCHS_MAX)
        bad = "epochs outside 1..200";
    else if (o->batch < TRAIN_SHARDS)
        bad = "a batch smaller than 16 positions";
    else if (!(o->validation > 0 && o->validation < 1))
        bad = "a held-out share outside (0, 1)";
    else if (!(o->lr > 0) || !(o->lr_decay > 0 && o->lr_decay <= 1))
        bad = "a learning rate not above 0, or a decay outside (0, 1]";
    else if (!(o->blend >= 0 && o->blend <= 1))
        bad = "a blend outside [0, 1]";
    if (bad)
        snprintf(err, n, "train: %s", bad);
    return bad ? -1 : 0;
}

int train_run(const train_opts *o, nn_model *out, train_result *r, char *err, size_t n)
{
    memset(r, 0, sizeof *r);
    memset(out, 0, sizeof *out);
    r->baseline_val_loss = r->baseline_train_loss = r->baseline_scale = r->search_scale = NAN;
    if (check_opts(o, err, n))
        return -1;
    double t0 = clock_seconds();
    train_set d;
    if (train_data_read(o, &d, r, err, n))
        return -1;
    r->read_seconds = clock_seconds() - t0;
    int rc = -1;
    double t1 = clock_seconds();
    if (train_data_label(o, &d, r, err, n))
        goto done;
    r->label_seconds = clock_seconds() - t1;
    bool linear = isfinite(d.linear[0]);
    if (linear)
        r->baseline_scale = train_fit_scale(&d, d.linear, d.persp, d.target, &r->baseline_train_loss,
                                            &r->baseline_val_loss);
    if (o->residual && !linear) {
        snprintf(err, n, "train --residual: %s has no linear evaluation to correct", o->game->name);
        goto done;
    }
    if (o->init) {
        if (o->init->shape.persp != d.persp) {
            snprintf(err, n, "the starting network is for %d seats, and the games have %d", o->init->shape.persp,
                     d.persp);
            goto done;
        }
        if (nn_model_copy(out, o->init, err, n))
            goto done;
        free(out->about);
        out->about = NULL;
    } else {
        nn_shape s = { o->game->nn->ninputs, d.persp, o->h, o->l2, nn_outputs(d.persp) };
        if (nn_model_init(out, o->game, &s, err, n))
            goto done;
    }
    /* The searchers' unit: the linear evaluation's, through its fitted
     * logistic, so that their margins keep their meaning (docs/network.md). */
    out->scale = isfinite(r->baseline_scale) ? (float)r->baseline_scale : 100.0f;
    if (o->residual)
        out->flags |= NN_FLAG_LINEAR;
    else
        out->flags &= ~NN_FLAG_LINEAR;
    double t2 = clock_seconds();
    if (train_fit(o, &d, out, r, err, n)) {
        nn_model_free(out);
        goto done;
    }
    r->fit_seconds = clock_seconds() - t2;
    rc = 0;
done:
    train_data_free(&d);
    r->seconds = clock_seconds() - t0;
    return rc;
}
