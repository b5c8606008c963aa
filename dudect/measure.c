/* The measuring loop and the statistics of one test (dudect/dudect.h).
 *
 * Work goes in batches.  For each batch: flip the class coin and prepare
 * every input first (random numbers, key pairs, big-number conversions:
 * none of it timed), then time the calls back to back, then feed the
 * times to the t-tests.  Every input lives in its own slot of one array
 * whichever its class, so the fixed class is not favoured by sitting in a
 * hot cache line.
 *
 * Like dudect, the first batch is a warm-up: it is not counted, and its
 * times set the cropping thresholds.  Then, for every counted time x of
 * class c:
 *   - the raw test gets x;
 *   - cropped test i (i = 0 .. 99) gets x when x < the warm-up's
 *     percentile 1 - 0.5^(10 (i+1) / 100) (from 6.7 % to 99.9 %): the
 *     long upper tail of interrupts and preemption is cut away at
 *     several depths, so a small shift of the bulk is not drowned in it;
 *   - the second-order test gets (x - mean of class c so far)^2, a
 *     difference of spread rather than of mean, once both classes have
 *     DUDECT_SECOND_START times.
 * A test is read only when each of its classes has DUDECT_MIN_CLASS
 * values; the result is the largest |t| of each kind. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <qed/qed.h>

#include "dudect.h"

int dudect_aa = -1;

#define DUDECT_MIN_CLASS     100     /* values per class before a test counts */
#define DUDECT_SECOND_START  100     /* per class, before centering on the mean */
#define DUDECT_BATCH_MAX     1000
#define DUDECT_BATCH_BYTES   (1u << 18)   /* slot memory of one batch */

#if defined(__x86_64__)

/* lfence before rdtsc: earlier instructions have finished; after it: the
 * call does not start before the clock is read.  rdtscp at the end waits
 * for the call to finish, the lfence keeps later work out. */
static inline uint64_t tsc_start(void)
{
  uint32_t lo, hi;
  __asm__ __volatile__("lfence\n\trdtsc\n\tlfence"
                       : "=a"(lo), "=d"(hi) : : "memory");
  return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t tsc_stop(void)
{
  uint32_t lo, hi, aux;
  __asm__ __volatile__("rdtscp\n\tlfence"
                       : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
  (void)aux;
  return ((uint64_t)hi << 32) | lo;
}

static int cmp_u64(const void *a, const void *b)
{
  const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

typedef struct {
  dudect_welch raw, crop[DUDECT_PERCENTILES], second;
  double threshold[DUDECT_PERCENTILES];
  double pct[DUDECT_PERCENTILES];
} stats;

/* Thresholds from the warm-up batch (sorted in place). */
static void set_thresholds(stats *st, uint64_t *ticks, size_t n)
{
  qsort(ticks, n, sizeof ticks[0], cmp_u64);
  for (int i = 0; i < DUDECT_PERCENTILES; i++) {
    const double p = 1.0 - pow(0.5, 10.0 * (i + 1) / DUDECT_PERCENTILES);
    size_t k = (size_t)(p * (double)n);
    if (k >= n)
      k = n - 1;
    st->pct[i] = 100.0 * p;
    st->threshold[i] = (double)ticks[k];
  }
}

static void push(stats *st, int cls, double x)
{
  dudect_welch_push(&st->raw, cls, x);
  for (int i = 0; i < DUDECT_PERCENTILES; i++)
    if (x < st->threshold[i])
      dudect_welch_push(&st->crop[i], cls, x);
  if (st->raw.n[0] >= DUDECT_SECOND_START && st->raw.n[1] >= DUDECT_SECOND_START) {
    const double d = x - st->raw.mean[cls];
    dudect_welch_push(&st->second, cls, d * d);
  }
}

static int enough(const dudect_welch *w)
{
  return w->n[0] >= DUDECT_MIN_CLASS && w->n[1] >= DUDECT_MIN_CLASS;
}

static void conclude(const stats *st, dudect_result *res)
{
  res->t_raw = enough(&st->raw) ? fabs(dudect_welch_t(&st->raw)) : 0.0;
  res->shift = enough(&st->raw) ? st->raw.mean[0] - st->raw.mean[1] : 0.0;
  res->t_second = enough(&st->second) ? fabs(dudect_welch_t(&st->second)) : 0.0;
  res->t_crop = 0.0;
  res->crop_pct = 0.0;
  res->resolution = enough(&st->raw) ? 4.5 * dudect_welch_se(&st->raw) : 0.0;
  for (int i = 0; i < DUDECT_PERCENTILES; i++) {
    if (!enough(&st->crop[i]))
      continue;
    const double t = fabs(dudect_welch_t(&st->crop[i]));
    if (t > res->t_crop) {
      res->t_crop = t;
      res->crop_pct = st->pct[i];
      if (t > res->t_raw)
        res->shift = st->crop[i].mean[0] - st->crop[i].mean[1];
    }
    const double r = 4.5 * dudect_welch_se(&st->crop[i]);
    if (r > 0.0 && (res->resolution == 0.0 || r < res->resolution))
      res->resolution = r;
  }
}

/* Prepare n slots, then time the n calls; classes in cls, times in ticks. */
static int measure_batch(const dudect_test *test, uint8_t *slots,
                         uint8_t *cls, uint64_t *ticks, size_t n,
                         dudect_rng *g)
{
  int failed = 0;
  for (size_t i = 0; i < n; i++) {
    cls[i] = (uint8_t)(dudect_rng_next(g) >> 63);
    test->prepare(slots + i * test->slot_bytes,
                  dudect_aa >= 0 && !test->leaky ? dudect_aa : cls[i], g);
  }
  for (size_t i = 0; i < n; i++) {
    void *slot = slots + i * test->slot_bytes;
    const uint64_t t0 = tsc_start();
    const int r = test->call(slot);
    const uint64_t t1 = tsc_stop();
    ticks[i] = t1 - t0;
    failed += r != 0;
  }
  return failed;
}

static double now_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void dudect_run(const dudect_test *test, uint64_t measurements,
                dudect_result *res)
{
  const double start = now_seconds();
  memset(res, 0, sizeof *res);
  strncpy(res->name, test->name, sizeof res->name - 1);
  strncpy(res->backend, qed_backend_name(), sizeof res->backend - 1);

  dudect_rng g;
  dudect_rng_seed(&g);
  if (test->setup != NULL && test->setup(&g) != 0) {
    res->status = 1;
    return;
  }

  size_t batch = DUDECT_BATCH_BYTES / test->slot_bytes;
  if (batch > DUDECT_BATCH_MAX)
    batch = DUDECT_BATCH_MAX;
  if (batch < 64)
    batch = 64;
  uint8_t *slots = malloc(batch * test->slot_bytes);
  uint8_t *cls = malloc(batch);
  uint64_t *ticks = malloc(batch * sizeof *ticks);
  stats *st = calloc(1, sizeof *st);
  if (slots == NULL || cls == NULL || ticks == NULL || st == NULL) {
    res->status = 1;
    goto out;
  }

  /* warm-up: caches, branch predictors, the backend choice; thresholds */
  res->calls_failed += measure_batch(test, slots, cls, ticks, batch, &g);
  set_thresholds(st, ticks, batch);
  res->median_ticks = (double)ticks[batch / 2];

  uint64_t done = 0;
  while (done < measurements) {
    size_t n = batch;
    if (measurements - done < n)
      n = (size_t)(measurements - done);
    res->calls_failed += measure_batch(test, slots, cls, ticks, n, &g);
    for (size_t i = 0; i < n; i++)
      push(st, cls[i], (double)ticks[i]);
    done += n;
  }
  res->measurements = done;
  conclude(st, res);

out:
  free(slots);
  free(cls);
  free(ticks);
  free(st);
  res->seconds = now_seconds() - start;
}

#else  /* no rdtsc: the test does not run here */

void dudect_run(const dudect_test *test, uint64_t measurements,
                dudect_result *res)
{
  (void)measurements;
  memset(res, 0, sizeof *res);
  strncpy(res->name, test->name, sizeof res->name - 1);
  res->status = 2;
}

#endif
