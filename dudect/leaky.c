/* The self-test: a deliberately leaky function the harness MUST find
 * (make dudect fails when it does not), so a harness that measures
 * nothing cannot pass.
 *
 * leaky_equal is the classic tag check with an early exit, memcmp-style:
 * it stops at the first differing byte.  Fixed class: the candidate tag
 * equals the expected one, so the loop runs all 16 bytes; random class: a
 * random tag, which differs at byte 0 in 255 cases of 256.  The
 * difference is some 15 loop iterations, a few tens of cycles: a small
 * leak, about the size of a secret-dependent branch around a few
 * instructions, not a gross one. */
#include <string.h>

#include "tests.h"

#define TAG_BYTES 16

static uint8_t expected[TAG_BYTES];
static volatile int leaky_sink;

static int __attribute__((noinline))
leaky_equal(const uint8_t *x, const uint8_t *y, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (x[i] != y[i])
      return 0;
  return 1;
}

static int leaky_setup(dudect_rng *g)
{
  dudect_rng_fill(g, expected, sizeof expected);
  return 0;
}

static void leaky_prepare(void *slot, int random_class, dudect_rng *g)
{
  if (random_class)
    dudect_rng_fill(g, slot, TAG_BYTES);
  else
    memcpy(slot, expected, TAG_BYTES);
}

static int leaky_call(void *slot)
{
  leaky_sink = leaky_equal(slot, expected, TAG_BYTES);
  return 0;
}

const dudect_test dudect_leaky_compare = {
  "selftest_leaky_compare", NULL,
  "candidate tag equal to the expected one (16 bytes, early exit)",
  TAG_BYTES, 50, leaky_setup, leaky_prepare, leaky_call, 1,
};
