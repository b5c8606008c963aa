/* Welch's t-test, fed one value at a time (Welford's update: a running
 * mean and sum of squared deviations per class, numerically stable over
 * millions of values, no stored samples). */
#include <math.h>

#include "dudect.h"

void dudect_welch_push(dudect_welch *w, int cls, double x)
{
  const int c = cls ? 1 : 0;
  w->n[c] += 1.0;
  const double delta = x - w->mean[c];
  w->mean[c] += delta / w->n[c];
  w->m2[c] += delta * (x - w->mean[c]);
}

double dudect_welch_se(const dudect_welch *w)
{
  if (w->n[0] < 2.0 || w->n[1] < 2.0)
    return 0.0;
  const double var0 = w->m2[0] / (w->n[0] - 1.0);
  const double var1 = w->m2[1] / (w->n[1] - 1.0);
  return sqrt(var0 / w->n[0] + var1 / w->n[1]);
}

double dudect_welch_t(const dudect_welch *w)
{
  const double se = dudect_welch_se(w);
  if (!(se > 0.0))
    return 0.0;
  return (w->mean[0] - w->mean[1]) / se;
}
