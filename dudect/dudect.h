/* The statistical constant-time test (make dudect; dudect/README.md).
 *
 * Method of Reparaz, Balasch and Verbauwhede, "Dude, is my code constant
 * time?" (DATE 2017): time one call many times; before each call flip a
 * coin between a FIXED secret input (class 0, always the same value) and a
 * RANDOM one (class 1, fresh each time), public inputs drawn the same way
 * for both; then ask Welch's t-test whether the two timing distributions
 * differ.  Constant-time code gives |t| near 0 however long it runs; a
 * leak makes |t| grow like the square root of the number of measurements.
 *
 * A test file defines one dudect_test per function under test and main.c
 * lists them.  Each test runs in a child process of its own, so that the
 * backend it asks for (QED_BACKEND, read once by the library) is the one
 * it gets.                                                              */
#ifndef QED_DUDECT_H
#define QED_DUDECT_H

#include <stddef.h>
#include <stdint.h>

/* ---- random numbers for the test inputs and the class coin ----
 * xoshiro256** seeded from the OS (qed_randombytes): fast enough to draw
 * every input of a batch while the clock is not running. */
typedef struct {
  uint64_t s[4];
} dudect_rng;

void dudect_rng_seed(dudect_rng *g);
uint64_t dudect_rng_next(dudect_rng *g);
void dudect_rng_fill(dudect_rng *g, uint8_t *p, size_t n);

/* ---- one function under test ---- */
typedef struct {
  const char *name;        /* table row: "x25519", "aes128_key" */
  const char *backend;     /* QED_BACKEND of its process; NULL: the default */
  const char *fixed;       /* the fixed class, in words (--list prints it) */
  size_t slot_bytes;       /* bytes of one prepared input */
  unsigned weight;         /* measurements = DUDECT_MEASUREMENTS x weight:
                              cheap calls get more of them */
  /* Once per process, before any timing: the public inputs and the fixed
   * secret.  0 = ready. */
  int (*setup)(dudect_rng *g);
  /* Write the input of one call into slot: the fixed secret when
   * random_class is 0, a fresh random one when 1; public inputs the same
   * way in both classes.  Not timed. */
  void (*prepare)(void *slot, int random_class, dudect_rng *g);
  /* The timed call, on a prepared slot.  0 = it did what it should
   * (checked after the batch, so a broken call cannot pass as constant
   * time). */
  int (*call)(void *slot);
  int leaky;               /* 1: the self-test, which MUST be found leaky */
} dudect_test;

/* ---- Welch's t-test, online (Welford's running mean and variance) ---- */
typedef struct {
  double n[2], mean[2], m2[2];
} dudect_welch;

void dudect_welch_push(dudect_welch *w, int cls, double x);
/* t = (mean0 - mean1) / sqrt(var0/n0 + var1/n1); 0 while a class has
 * fewer than 2 values or both variances are 0. */
double dudect_welch_t(const dudect_welch *w);
/* sqrt(var0/n0 + var1/n1): the standard error of the mean difference;
 * 0 while a class has fewer than 2 values. */
double dudect_welch_se(const dudect_welch *w);

/* ---- what one test run produced ---- */
#define DUDECT_PERCENTILES 100   /* cropped tests, as dudect does */

typedef struct {
  char name[32];
  char backend[16];        /* qed_backend_name() in the child */
  uint64_t measurements;   /* counted (the warm-up batch is not) */
  double median_ticks;     /* of the warm-up batch: what one call costs */
  double t_raw;            /* |t| on every measurement */
  double t_crop;           /* max |t| over the cropped tests with enough data */
  double crop_pct;         /* the percentile where t_crop was reached */
  double t_second;         /* |t| of the second-order (centered square) test */
  double shift;            /* mean of the fixed class minus mean of the
                              random class, in ticks, in the first-order
                              test (raw or cropped) with the largest |t|:
                              which class is slower, and by how much */
  double resolution;       /* the smallest shift of the mean, in ticks, that
                              would have reached |t| = 4.5 in the raw or a
                              cropped test (4.5 x its standard error, the
                              smallest over those tests): what this run
                              could see */
  double seconds;          /* wall time of the test */
  int calls_failed;        /* calls that returned non-zero */
  int status;              /* 0 ran; 1 setup refused; 2 not on this machine */
} dudect_result;

/* The A/A check of the harness itself (dudect --aa fixed|random): -1 off
 * (the default); 0 or 1: every non-leaky test prepares every input as
 * that class while the coin still labels the calls, so the two "classes"
 * are the same distribution and any |t| above 4.5 is an artefact of the
 * machine or the harness at that size, not of the code. */
extern int dudect_aa;

/* Time test->call `measurements` times (plus one warm-up batch) and fill
 * *res.  x86-64 only (rdtsc); elsewhere res->status = 2. */
void dudect_run(const dudect_test *test, uint64_t measurements,
                dudect_result *res);

#endif
