/* The radix-2^52 Montgomery code (src/bn/simd/mont_ifma*.h, .c) against
 * the proven portable path: qed_bn_mont_mul_limbs for single products and
 * qed_bn_powm (variable time, sliding window: another road than the
 * fixed-window qed_bn_powm_sec, which itself runs the IFMA kernel at the
 * avx512 level) for whole exponentiations, bit for bit.
 *
 * Two builds of the same algorithm are checked: the AVX-512 IFMA one in
 * the library (when this backend may run it: the test says when it may
 * not), and the template mont_ifma_impl.h compiled here over plain C lanes
 * (every backend, every CPU, big-endian s390x included), which is also
 * what make ct runs under valgrind.
 *
 * Moduli of 8, 16, 32 and 64 limbs: random odd ones with a full top limb,
 * with a small top limb, 2^(64n) - 1, 2^(64(n-1)) + small; operands
 * random, 0, 1, m - 1, and a == b; exponents 0, 1, 2, short, of every
 * length mod 5, full length, with bits set above the declared length. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "qed/bn.h"
#include "bn/bn_mont.h"
#include "bn/simd/mont_ifma.h"

#include "bn_ifma_lanes.h"

/* ---- helpers ---- */
#define NMAX 64
static test_tally tally;
static uint64_t rs = 0x9e3779b97f4a7c15ULL;
static int have_ifma;

static uint64_t rnd(void) { return test_rand(&rs); }

/* m: n limbs, odd, m[n-1] != 0, of the given kind */
static void make_modulus(uint64_t *m, size_t n, int kind)
{
  for (size_t i = 0; i < n; i++)
    m[i] = rnd();
  switch (kind) {
  case 0: m[n - 1] |= 1ULL << 63; break;                   /* full top limb */
  case 1: m[n - 1] = (rnd() % 255) + 1; break;             /* small top limb */
  case 2: for (size_t i = 0; i < n; i++) m[i] = ~0ULL; break; /* 2^(64n) - 1 */
  case 3: for (size_t i = 1; i < n; i++) m[i] = 0;         /* 2^(64(n-1)) + x */
          m[n - 1] = 1; break;
  default: m[n - 1] = rnd() | 1; break;                     /* any top limb */
  }
  m[0] |= 1;
}

/* a < m: random, or an edge value */
static void make_operand(uint64_t *a, const uint64_t *m, size_t n, int kind)
{
  size_t i;
  switch (kind) {
  case 0: memset(a, 0, n * 8); return;
  case 1: memset(a, 0, n * 8); a[0] = 1; return;
  case 2: memcpy(a, m, n * 8); a[0] -= 1; return;  /* m odd: no borrow */
  default:
    for (i = 0; i < n; i++)
      a[i] = rnd();
    a[n - 1] = m[n - 1] > 1 ? rnd() % m[n - 1] : 0;
    if (kind == 3 && n > 1)  /* a short one */
      for (i = n / 2; i < n; i++)
        a[i] = 0;
  }
}

static void set_bn(qed_bn *x, const uint64_t *l, size_t n)
{
  memset(x, 0, sizeof *x);
  memcpy(x->limb, l, n * 8);
  while (n > 0 && l[n - 1] == 0)
    n--;
  x->n = n;
}

static uint64_t scratch[QED_MONT_SCRATCH];
static uint64_t xscratch[QED_MONT_IFMA_EXP2_SCRATCH(64)];

/* ---- products ---- */
static void check_product(const uint64_t *a, const uint64_t *b,
                          const uint64_t *m, size_t n, const char *what)
{
  uint64_t want[NMAX], got[NMAX];
  const uint64_t minv = qed_bn_mont_minv(m[0]);
  qed_bn_mont_mul_limbs(want, a, b, m, n, minv, scratch);
  ifma_mont_mul(got, a, b, m, n, minv, scratch);
  test_check(&tally, memcmp(want, got, n * 8) == 0,
             "C-lane product n=%zu %s", n, what);
#if defined(__x86_64__)
  if (have_ifma) {
    memset(got, 0xa5, sizeof got);
    qed_bn_mont_mul_ifma(got, a, b, m, n, minv, scratch);
    test_check(&tally, memcmp(want, got, n * 8) == 0,
               "IFMA product n=%zu %s", n, what);
  }
#endif
}

static void test_products(size_t n, int count)
{
  uint64_t m[NMAX], a[NMAX], b[NMAX];
  for (int kind = 0; kind < 5; kind++) {
    make_modulus(m, n, kind);
    /* every pair of edge and random kinds */
    for (int ka = 0; ka < 5; ka++)
      for (int kb = 0; kb < 5; kb++) {
        make_operand(a, m, n, ka);
        make_operand(b, m, n, kb);
        check_product(a, b, m, n, "edge pair");
      }
    make_operand(a, m, n, 4);
    check_product(a, a, m, n, "a == b");
    for (int i = 0; i < count; i++) {
      if (i % 8 == 0)
        make_modulus(m, n, kind);
      make_operand(a, m, n, 4);
      make_operand(b, m, n, 4);
      check_product(a, b, m, n, "random");
    }
  }
}

/* ---- exponentiations ---- */
static void check_exp(const uint64_t *b, const uint64_t *e, size_t ebits,
                      const uint64_t *m, size_t n, const char *what)
{
  qed_bn qb, qe, qm, qr;
  uint64_t emask[NMAX * 2], got[NMAX], want[NMAX];
  const size_t el = (ebits + 63) / 64;
  memset(emask, 0, sizeof emask);
  memcpy(emask, e, el * 8);
  if (ebits % 64)
    emask[el - 1] &= (1ULL << (ebits % 64)) - 1;
  set_bn(&qb, b, n);
  set_bn(&qe, emask, el);
  set_bn(&qm, m, n);
  if (!test_check(&tally, qed_bn_powm(&qr, &qb, &qe, &qm) == 0,
                  "powm n=%zu %s", n, what))
    return;
  memset(want, 0, sizeof want);
  memcpy(want, qr.limb, qr.n * 8);
  memset(got, 0x5a, sizeof got);
  ifma_mont_exp(got, b, e, ebits, m, n, xscratch);
  test_check(&tally, memcmp(want, got, n * 8) == 0,
             "C-lane exp n=%zu ebits=%zu %s", n, ebits, what);
#if defined(__x86_64__)
  if (have_ifma) {
    memset(got, 0x5a, sizeof got);
    qed_bn_mont_exp_ifma(got, b, e, ebits, m, n, xscratch);
    test_check(&tally, memcmp(want, got, n * 8) == 0,
               "IFMA exp n=%zu ebits=%zu %s", n, ebits, what);
  }
#endif
  {
    size_t i, z = 1;
    for (i = 0; i < (size_t)QED_MONT_IFMA_EXP_SCRATCH(n); i++)
      z &= xscratch[i] == 0;
    test_check(&tally, z, "exp scratch wiped n=%zu", n);
  }
}

/* the interleaved pair: (b, e, m) beside a second exponentiation with
 * other values, each half against qed_bn_powm_sec */
static void check_exp2(const uint64_t *b, const uint64_t *e, size_t ebits,
                       const uint64_t *m, size_t n, const char *what)
{
  uint64_t m2[NMAX], b2[NMAX], e2[NMAX * 2], got[2][NMAX], want[2][NMAX];
  const uint64_t *bs[2] = { b, b2 }, *es[2] = { e, e2 }, *ms[2] = { m, m2 };
  const size_t el = (ebits + 63) / 64;
  make_modulus(m2, n, (int)(rnd() % 5));
  make_operand(b2, m2, n, 4);
  for (size_t i = 0; i < NMAX * 2; i++)
    e2[i] = rnd();
  for (int q = 0; q < 2; q++) {
    qed_bn qb, qe, qm, qr;
    uint64_t emask[NMAX * 2];
    memset(emask, 0, sizeof emask);
    memcpy(emask, es[q], el * 8);
    if (ebits % 64)
      emask[el - 1] &= (1ULL << (ebits % 64)) - 1;
    set_bn(&qb, bs[q], n);
    set_bn(&qe, emask, el);
    set_bn(&qm, ms[q], n);
    memset(want[q], 0, sizeof want[q]);
    if (!test_check(&tally, qed_bn_powm(&qr, &qb, &qe, &qm) == 0,
                    "powm n=%zu %s", n, what))
      return;
    memcpy(want[q], qr.limb, qr.n * 8);
  }
  memset(got, 0x5a, sizeof got);
  ifma_mont_exp2(got[0], got[1], b, b2, e, e2, ebits, m, m2, n, xscratch);
  test_check(&tally, memcmp(want[0], got[0], n * 8) == 0 &&
                     memcmp(want[1], got[1], n * 8) == 0,
             "C-lane exp2 n=%zu ebits=%zu %s", n, ebits, what);
#if defined(__x86_64__)
  if (have_ifma) {
    memset(got, 0x5a, sizeof got);
    qed_bn_mont_exp2_ifma(got[0], got[1], b, b2, e, e2, ebits, m, m2, n,
                          xscratch);
    test_check(&tally, memcmp(want[0], got[0], n * 8) == 0 &&
                       memcmp(want[1], got[1], n * 8) == 0,
               "IFMA exp2 n=%zu ebits=%zu %s", n, ebits, what);
  }
#endif
  {
    size_t i, z = 1;
    for (i = 0; i < (size_t)QED_MONT_IFMA_EXP2_SCRATCH(n); i++)
      z &= xscratch[i] == 0;
    test_check(&tally, z, "exp2 scratch wiped n=%zu", n);
  }
}

/* the public-exponent square and multiply: b below R (maybe >= m), e of
 * ebits bits (junk above), rr from a Montgomery context, against
 * qed_bn_powm */
static void check_exp_pub(const uint64_t *b, const uint64_t *e, size_t ebits,
                          const uint64_t *m, size_t n, const char *what)
{
  qed_bn qb, qe, qm, qr;
  qed_bn_mont_ctx ctx;
  uint64_t emask[NMAX * 2], got[NMAX], want[NMAX];
  const size_t el = (ebits + 63) / 64;
  memset(emask, 0, sizeof emask);
  memcpy(emask, e, el * 8);
  if (ebits % 64)
    emask[el - 1] &= (1ULL << (ebits % 64)) - 1;
  set_bn(&qb, b, n);
  set_bn(&qe, emask, el);
  set_bn(&qm, m, n);
  if (!test_check(&tally, qed_bn_powm(&qr, &qb, &qe, &qm) == 0 &&
                          qed_bn_mont_init(&ctx, &qm) == 0,
                  "powm/init n=%zu %s", n, what))
    return;
  memset(want, 0, sizeof want);
  memcpy(want, qr.limb, qr.n * 8);
  memset(got, 0x5a, sizeof got);
  ifma_mont_exp_pub(got, b, e, ebits, m, ctx.rr, n, xscratch);
  test_check(&tally, memcmp(want, got, n * 8) == 0,
             "C-lane exp_pub n=%zu ebits=%zu %s", n, ebits, what);
#if defined(__x86_64__)
  if (have_ifma) {
    memset(got, 0x5a, sizeof got);
    qed_bn_mont_exp_pub_ifma(got, b, e, ebits, m, ctx.rr, n, xscratch);
    test_check(&tally, memcmp(want, got, n * 8) == 0,
               "IFMA exp_pub n=%zu ebits=%zu %s", n, ebits, what);
  }
#endif
  {
    size_t i, z = 1;
    for (i = 0; i < (size_t)QED_MONT_IFMA_PUB_SCRATCH(n); i++)
      z &= xscratch[i] == 0;
    test_check(&tally, z, "exp_pub scratch wiped n=%zu", n);
  }
}

static void test_exp_pub(size_t n)
{
  uint64_t m[NMAX], b[NMAX], e[NMAX * 2];
  static const uint64_t small_e[] = { 0, 1, 2, 3, 17, 65537, 0xffffffffffffffffULL };
  for (int kind = 0; kind < 5; kind++) {
    make_modulus(m, n, kind);
    for (int kb = 0; kb < 6; kb++) {
      if (kb < 5) {
        make_operand(b, m, n, kb);
      } else {               /* b >= m: 2^(64n) - 1 */
        for (size_t i = 0; i < n; i++)
          b[i] = ~0ULL;
      }
      for (size_t i = 0; i < sizeof small_e / sizeof small_e[0]; i++) {
        size_t bits = 0;
        memset(e, 0, sizeof e);
        e[0] = small_e[i];
        while (bits < 64 && (small_e[i] >> bits) != 0)
          bits++;
        check_exp_pub(b, e, bits, m, n, "small e");
      }
      for (size_t i = 0; i < NMAX * 2; i++)
        e[i] = rnd();
      check_exp_pub(b, e, 1 + (size_t)(rnd() % 200), m, n, "random e, junk above");
    }
  }
}

static void test_exps(size_t n, int full)
{
  uint64_t m[NMAX], b[NMAX], e[NMAX * 2];
  static const size_t shorts[] = { 0, 1, 2, 3, 4, 5, 6, 7, 63, 64, 65, 129 };
  for (int kind = 0; kind < 5; kind++) {
    make_modulus(m, n, kind);
    make_operand(b, m, n, 4);
    for (size_t i = 0; i < NMAX * 2; i++)
      e[i] = rnd();
    /* short exponents, junk bits above ebits */
    for (size_t i = 0; i < sizeof shorts / sizeof shorts[0]; i++)
      check_exp(b, e, shorts[i], m, n, "short exponent");
    check_exp2(b, e, shorts[kind + 1], m, n, "short exponent");
    /* edge bases */
    for (int kb = 0; kb < 3; kb++) {
      uint64_t x[NMAX];
      make_operand(x, m, n, kb);
      check_exp(x, e, n <= 32 ? 64 * n - 3 : 301, m, n, "edge base");
    }
    /* full length exponents (and twice the length: RSA's d against p) */
    /* at 4096 bits, full-length exponents for one kind of modulus */
    for (int i = 0; i < (n <= 32 || kind == 0 ? full : 0); i++) {
      for (size_t j = 0; j < NMAX * 2; j++)
        e[j] = rnd();
      make_operand(b, m, n, 4);
      check_exp(b, e, 64 * n, m, n, "full exponent");
    }
    if (n <= 16 || kind == 0)
      check_exp2(b, e, 64 * n, m, n, "full exponents");
    if (n <= 16 || kind < 2)
      check_exp(b, e, 64 * n + 5 * (size_t)kind + 1, m, n, "longer exponent");
  }
}

int main(void)
{
  static const size_t sizes[] = { 8, 16, 32, 64 };
  test_print_backend();
#if defined(__x86_64__)
  have_ifma = qed_bn_mont_ifma_supports(16);
  test_check(&tally, qed_bn_mont_ifma_supports(12) == 0 &&
                     qed_bn_mont_ifma_supports(0) == 0 &&
                     qed_bn_mont_ifma_supports(128) == 0,
             "supports: only 8, 16, 32, 64 limbs");
  for (size_t i = 0; i < 4; i++)
    test_check(&tally, qed_bn_mont_ifma_supports(sizes[i]) == have_ifma,
               "supports(%zu)", sizes[i]);
#endif
  if (have_ifma)
    printf("AVX-512 IFMA kernel: checked (and the C-lane build of its algorithm)\n");
  else
    printf("AVX-512 IFMA kernel: not run on this backend/CPU; the C-lane build of its algorithm is checked against the portable path\n");
  for (size_t i = 0; i < 4; i++) {
    const size_t n = sizes[i];
    test_products(n, n <= 16 ? 400 : n == 32 ? 200 : 60);
    test_exps(n, n <= 16 ? 3 : 1);
    test_exp_pub(n);
  }
  return test_finish(&tally);
}
