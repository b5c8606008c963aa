/* Self-test of the constant-time check: two deliberately leaky functions
 * that memcheck MUST flag (tools/ct_run.sh fails when it does not), so a
 * harness that checks nothing cannot pass. */
#include <string.h>

#include "ct.h"

/* ---- deliberately leaky code: the harness must flag these ---- */

/* early-exit compare (what memcmp does) */
static int __attribute__((noinline))
leaky_compare(const uint8_t *x, const uint8_t *y, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (x[i] != y[i])
      return -1;
  return 0;
}

/* secret-indexed table lookup (what a table-based AES S-box does) */
static const uint8_t sbox[256] = {
  0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b,
  0xfe, 0xd7, 0xab, 0x76, /* the rest is zero: contents do not matter */
};
static void __attribute__((noinline))
leaky_sbox(uint8_t *out, const uint8_t *in, size_t n)
{
  for (size_t i = 0; i < n; i++)
    out[i] = sbox[in[i]];
}

static int t_leaky_compare(void)
{
  uint8_t x[32], y[32];
  ct_fill(x, sizeof x, 6);
  memcpy(y, x, sizeof y);
  SECRET(x, sizeof x);
  int r = leaky_compare(x, y, sizeof x);  /* memcheck: conditional jump */
  PUBLIC(&r, sizeof r);
  CHECK(r == 0);
  return 0;
}

static int t_leaky_sbox(void)
{
  uint8_t in[32], out[32];
  ct_fill(in, sizeof in, 7);
  SECRET(in, sizeof in);
  leaky_sbox(out, in, sizeof in);         /* memcheck: secret address */
  PUBLIC(out, sizeof out);
  return out[0] == 0x42 ? 0 : 0;
}

const ct_test ct_tests_selftest[] = {
  { "leaky_compare", t_leaky_compare, 1 },
  { "leaky_sbox", t_leaky_sbox, 1 },
};
const size_t ct_tests_selftest_count = sizeof ct_tests_selftest / sizeof ct_tests_selftest[0];
