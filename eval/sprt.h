/* sprt.h — the sequential probability ratio test on pentanomial counts, as
 * chess-engine testing frameworks run it, exactly: a generalised SPRT whose
 * log-likelihood ratio compares the maximum-likelihood pentanomial
 * distributions under H0 and under H1 (M. Van den Bergh's construction, used
 * by Fishtest and fastchess), not a normal approximation, which overstates
 * the LLR far from the hypotheses (30 pairs all won: about 13 instead of
 * 0.85 for elo0 = 0, elo1 = 10) and so stops too early.
 *
 * Pairs score 0, 1/4, 1/2, 3/4 or 1 per game (counts[i]: pairs with i/4).
 * Two ways to state a hypothesis "A is elo better":
 *   SPRT_NORMALIZED (the default): normalized Elo, nElo = (800 / ln 10) *
 *     (mu - 1/2) / (sqrt(2) sigma), with mu and sigma the mean and standard
 *     deviation of a pair's score per game: a strength difference in units
 *     of the match's own noise, so that the test's length depends little on
 *     the draw rate or the pairing's correlation.
 *   SPRT_LOGISTIC: logistic Elo, mu = 1 / (1 + 10^(-elo / 400)).
 * Empty cells are counted as 1/1000 of a pair, as Fishtest does, so the
 * maximum-likelihood distributions keep every outcome possible. */
#ifndef TRIAD_SPRT_H
#define TRIAD_SPRT_H

#include <stdint.h>

/* The parameters a test is run with (the --sprt parser holds them to these):
 *   |elo0|, |elo1| <= SPRT_ELO_MAX, in either model: 1000 logistic Elo is a
 *     score of 99.7%, 1000 normalized Elo a mean 4.1 standard deviations
 *     above 1/2, far past any difference worth a sequential test; past about
 *     6,000 logistic Elo the score is 1 in a double and no fit exists;
 *   SPRT_ERR_MIN <= alpha, beta < SPRT_ERR_MAX: error rates below one in a
 *     million only lengthen the test (bounds of +-13.8 at 1e-6), and below
 *     about 1e-308 the bound log((1 - beta) / alpha) is infinite; below 1/2
 *     each, so that alpha + beta < 1 and lower < 0 < upper.
 * Outside them sprt_penta() tests nothing (LLR 0, go on). */
#define SPRT_ELO_MAX 1000.0
#define SPRT_ERR_MIN 1e-6
#define SPRT_ERR_MAX 0.5

typedef enum { SPRT_NORMALIZED = 0, SPRT_LOGISTIC = 1 } sprt_model;

typedef struct sprt_state {
    double llr, lower, upper; /* lower = log(beta/(1-alpha)), upper = log((1-beta)/alpha) */
    int decision;             /* -1 accept H0, +1 accept H1, 0 go on */
} sprt_state;

sprt_state sprt_penta(const uint64_t counts[5], sprt_model model, double elo0, double elo1, double alpha,
                      double beta);

/* The maximum-likelihood distribution p[5] over the pair scores i/4 given
 * the observed counts, under "A is elo better" in the model.  0, or -1 when
 * it cannot be found (no pairs).  For the tests and the documentation. */
int sprt_penta_mle(const uint64_t counts[5], sprt_model model, double elo, double p[5]);

/* The normalized Elo of counts (nElo above); 0 without spread. */
double sprt_penta_nelo(const uint64_t counts[5]);

#endif
