/* detmath.h — logarithm and exponential that give the same bits on every
 * machine.
 *
 * libm's log and exp may differ in the last bit from one C library to
 * another, and one bit can flip a close choice of a search that must be a
 * function of (spec, position, seed): MCTS's UCT logarithms and playout
 * scores, a network's shares.  These use only +, -, *, / and exact scalings
 * (frexp, ldexp), which IEEE 754 fixes (ISO C mode keeps the compiler from
 * fusing them).  They agree with libm to about 1e-13 (relative), far below
 * anything a search can notice. */
#ifndef TRIAD_CORE_DETMATH_H
#define TRIAD_CORE_DETMATH_H

/* ln x for x >= 1. */
double det_log(double x);
/* e^x, x clamped to [-700, 700]. */
double det_exp(double x);
/* 1 / (1 + e^-x). */
double det_sigmoid(double x);

#endif
