/* Constant time of the radix-2^52 Montgomery code (src/bn/simd/
 * mont_ifma_impl.h) with the base, the exponent and the modulus secret
 * (their limb counts and the exponent's bit length public; for the
 * public-exponent square and multiply, e itself is public).  Valgrind
 * cannot execute AVX-512, so this runs the same template over plain C
 * lanes (tests/bn_ifma_lanes.h): every scalar part of the algorithm is the
 * code the IFMA build runs (conversions to and from radix 2^52, the
 * doublings and squarings towards R'^2, the exponent windows, the scan of
 * the whole table with a mask, the carry propagation, the final masked
 * subtraction); what differs is only the lane arithmetic, which in the
 * IFMA build is vpmadd52luq/huq, valignq, vpaddq and a blend under a
 * compare mask: no branch and no address on the data. */
#include <string.h>

#include "ct.h"
#include "qed/bn.h"
#include "bn/bn_mont.h"
#include "../tests/bn_ifma_lanes.h"

static uint64_t scratch[QED_MONT_IFMA_EXP2_SCRATCH(64)];

/* fixed limbs of a modulus (odd, top bit set) and of a number below it */
static void numbers(uint64_t *m, uint64_t *b, size_t n, uint32_t seed)
{
  ct_fill((uint8_t *)m, 8 * n, seed);
  ct_fill((uint8_t *)b, 8 * n, seed + 1);
  m[0] |= 1;
  m[n - 1] |= 1ULL << 63;
  b[n - 1] >>= 1;
}

static int t_bn_ifma_exp(void)
{
  static const size_t sizes[] = { 8, 16, 32 };
  uint64_t m[32], b[32], e[32], r[32];
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    const size_t n = sizes[k];
    /* full-length exponents for the CRT half of RSA-2048, shorter above */
    const size_t ebits = n <= 16 ? 64 * n : 301;
    numbers(m, b, n, 700 + (uint32_t)k);
    ct_fill((uint8_t *)e, sizeof e, 800 + (uint32_t)k);
    SECRET(m, sizeof m);
    SECRET(b, sizeof b);
    SECRET(e, sizeof e);
    ifma_mont_exp(r, b, e, ebits, m, n, scratch);
    PUBLIC(r, sizeof r);
    PUBLIC(m, sizeof m);
    CHECK(memcmp(r, m, 8 * n) != 0);
  }
  return 0;
}

/* the interleaved pair of RSA-2048's CRT: two secret moduli, bases and
 * full-length exponents */
static int t_bn_ifma_exp2(void)
{
  uint64_t m0[16], b0[16], e0[16], r0[16], m1[16], b1[16], e1[16], r1[16];
  numbers(m0, b0, 16, 1000);
  numbers(m1, b1, 16, 1010);
  ct_fill((uint8_t *)e0, sizeof e0, 1020);
  ct_fill((uint8_t *)e1, sizeof e1, 1030);
  SECRET(m0, sizeof m0);
  SECRET(b0, sizeof b0);
  SECRET(e0, sizeof e0);
  SECRET(m1, sizeof m1);
  SECRET(b1, sizeof b1);
  SECRET(e1, sizeof e1);
  ifma_mont_exp2(r0, r1, b0, b1, e0, e1, 1024, m0, m1, 16, scratch);
  PUBLIC(r0, sizeof r0);
  PUBLIC(r1, sizeof r1);
  PUBLIC(m0, sizeof m0);
  PUBLIC(m1, sizeof m1);
  CHECK(memcmp(r0, m0, sizeof r0) != 0 && memcmp(r1, m1, sizeof r1) != 0);
  return 0;
}

/* the public-exponent square and multiply (RSA's r^e and check): b, m and
 * R^2 mod m secret, e = 65537 public; also b = 2^(64n) - 1 >= m */
static int t_bn_ifma_exp_pub(void)
{
  static const size_t sizes[] = { 8, 16, 32, 64 };
  const uint64_t e = 65537;
  uint64_t m[64], b[64], r[64];
  qed_bn qm;
  qed_bn_mont_ctx ctx;
  for (size_t k = 0; k < 2 * sizeof sizes / sizeof sizes[0]; k++) {
    const size_t n = sizes[k / 2];
    numbers(m, b, n, 1100 + (uint32_t)k);
    if (k % 2)
      memset(b, 0xff, 8 * n);
    memset(&qm, 0, sizeof qm);
    memcpy(qm.limb, m, 8 * n);
    qm.n = n;
    CHECK(qed_bn_mont_init(&ctx, &qm) == 0);
    SECRET(m, sizeof m);
    SECRET(b, sizeof b);
    SECRET(ctx.rr, sizeof ctx.rr);
    ifma_mont_exp_pub(r, b, &e, 17, m, ctx.rr, n, scratch);
    PUBLIC(r, sizeof r);
    PUBLIC(m, sizeof m);
    CHECK(memcmp(r, m, 8 * n) != 0);
  }
  return 0;
}

static int t_bn_ifma_mul(void)
{
  static const size_t sizes[] = { 8, 16, 32, 64 };
  uint64_t m[64], a[64], b[64], r[64];
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    const size_t n = sizes[k];
    uint64_t minv;
    numbers(m, a, n, 900 + (uint32_t)k);
    ct_fill((uint8_t *)b, 8 * n, 950 + (uint32_t)k);
    b[n - 1] >>= 2;
    minv = qed_bn_mont_minv(m[0]);
    SECRET(m, sizeof m);
    SECRET(a, sizeof a);
    SECRET(b, sizeof b);
    SECRET(&minv, sizeof minv);
    ifma_mont_mul(r, a, b, m, n, minv, scratch);
    ifma_mont_mul(r, r, r, m, n, minv, scratch);  /* a square, r < m */
    PUBLIC(r, sizeof r);
  }
  return 0;
}

const ct_test ct_tests_bn_ifma[] = {
  { "bn_ifma_exp", t_bn_ifma_exp, 0 },
  { "bn_ifma_exp2", t_bn_ifma_exp2, 0 },
  { "bn_ifma_mul", t_bn_ifma_mul, 0 },
  { "bn_ifma_exp_pub", t_bn_ifma_exp_pub, 0 },
};
const size_t ct_tests_bn_ifma_count =
    sizeof ct_tests_bn_ifma / sizeof ct_tests_bn_ifma[0];
