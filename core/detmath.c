/* detmath.c — see detmath.h. */
#include <math.h>
#include "detmath.h"

#define LN2 0.69314718055994530942

/* x = m * 2^e with m in [sqrt(1/2), sqrt(2)), ln m = 2 atanh(z), z = (m - 1)
 * / (m + 1) in (-0.18, 0.18): 12 terms of the series reach 1e-18 (and ln 1
 * is exactly 0). */
double det_log(double x)
{
    int e;
    double m = 2 * frexp(x, &e);
    e--;
    if (m > 1.4142135623730951) {
        m /= 2;
        e++;
    }
    double z = (m - 1) / (m + 1), z2 = z * z, sum = 0;
    for (int k = 23; k >= 1; k -= 2)
        sum = sum * z2 + 1.0 / k;
    return e * LN2 + 2 * z * sum;
}

/* e^x = 2^k e^r with |r| <= ln 2 / 2, whose Taylor series reaches 1e-19 in
 * 18 terms. */
double det_exp(double x)
{
    double y = x < -700 ? -700 : x > 700 ? 700 : x, k = nearbyint(y / LN2), r = y - k * LN2, p = 0;
    for (int i = 18; i >= 1; i--)
        p = 1 + p * r / i;
    return ldexp(p, (int)k);
}

double det_sigmoid(double x)
{
    return 1 / (1 + det_exp(-x));
}
