/* bias_components.h — variance components of a run with replicates: how
 * much of the outcome is the setup, how much the setup's own seat effect,
 * how much the game's own chance (docs/bias.md, "Replicates").
 *
 * A run with R rotations and P > 1 replicates (selfplay --replicates) plays
 * every rotation of every setup P times with other game seeds.  Let y be
 * the share of the points of "arrangement 0" (what seat 0 holds at
 * rotation 0; at rotation r it sits in seat r when the run rotates pieces)
 * in game (setup k, rotation r, replicate j).  A two-way model with random
 * setups, y = mu + rho_r + alpha_k + gamma_kr + eps, where rho_r is the
 * seat's own effect (the first-move advantage), alpha_k the arrangement's
 * strength on setup k (its mean over the seats it plays from) and gamma_kr
 * the setup's own seat effects, which average to 0 over a setup's
 * rotations (so alpha_k holds the whole of the setup's mean), gives from
 * the usual mean squares (MS_A setups, MS_AB setups x rotations, MS_E
 * replicates):
 *   game_var       = MS_E                      the games' own chance
 *   setup_var      = (MS_A - MS_E) / (R P)     the variance of the
 *                    arrangement's strength between setups
 *   seat_setup_var = (MS_AB - MS_E) / P * (R - 1) / R
 *                    the mean over setups of the variance of the setup's
 *                    own seat effects (two seats: the variance of its
 *                    first-move effect delta_k, half the difference of the
 *                    arrangement's share as first and as second mover)
 * Two games per setup (P = 1) cannot tell the last two apart: the paired
 * analysis's 2 Var(a) - p(1 - p) is setup_var - seat_setup_var.  Intervals
 * are percentiles of a bootstrap over setups, a setup's R P games together. */
#ifndef TRIAD_BIAS_COMPONENTS_H
#define TRIAD_BIAS_COMPONENTS_H

#include <stddef.h>
#include <stdint.h>
#include "stats.h"

/* One game of a replicated run. */
typedef struct bias_rep_game {
    uint64_t setup;  /* a key for (run, setup index): games of one setup share it */
    int rotation, replicate;
    double y;        /* arrangement 0's share of the points */
} bias_rep_game;

typedef struct bias_reps {
    bias_rep_game *games;
    size_t n, cap;
    int rotations, replicates; /* of the first run added; other runs' games are counted apart */
    uint64_t other;            /* games of a run with another R or P, left out */
} bias_reps;

typedef struct bias_components {
    uint64_t setups;           /* complete ones: all R P games present */
    int rotations, replicates;
    uint64_t other;
    double game_var, setup_var, seat_setup_var;
    interval setup_var_ci, seat_setup_var_ci;
} bias_components;

/* 0, or -1 out of memory. */
int bias_reps_add(bias_reps *r, uint64_t setup, int rotations, int replicates, int rotation, int replicate,
                  double y);
void bias_reps_free(bias_reps *r);
/* Fills c (c->setups 0 when no setup is complete); 0, or -1 out of memory. */
int bias_reps_analyse(const bias_reps *r, int resamples, uint64_t seed, bias_components *c);

#endif
