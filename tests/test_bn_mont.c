/* Tests of the constant-time fixed-length Montgomery interface of qed/bn.h
 * (src/bn/bn_mont.c, src/bn/bn_powm_sec.c) against the variable-time
 * functions of the same header (divmod, mul, powm), which take another
 * road (Knuth's division, sliding window):
 *
 *   - qed_bn_mont_init_sec at every limb count 1..64 on random odd moduli
 *     and the edge moduli 2^(64(n-1)) + 1, 2^(64n) - 1, 3: R^2 mod m and
 *     -m^-1 mod 2^64 exact, at the exact bit length and at 64 n bits;
 *   - mul, to, from, add, sub, reduce (x of 1 .. 2n+3 limbs), powm_sec
 *     (b = 0, 1, m - 1, random below m, random below R; e = 0, 1, all ones,
 *     random; ebits tight and loose) against the reference, outputs
 *     normalized, an output aliasing an input;
 *   - refusals, each with the output zeroed: m even, m = 1, m >= 2^bits,
 *     limb n-1 zero, m < 0 (then every function refuses the context), an
 *     operand >= m, b >= R, e >= 2^ebits, negative operands, x >= 2^(64
 *     xlimbs);
 *   - qed_bn_to_bytes_sec against qed_bn_to_bytes at every length around
 *     the value's, refusals zeroed;
 *   - qed_bn_powm_sec (the issue's API) on the same cases;
 *   - the internal qed_bn_mont_powm_pub (public e) and qed_bn_mont_powm2_sec
 *     (two at once: the AVX-512 IFMA pair at the avx512 level for 8, 16,
 *     32, 64 limbs and equal bit lengths, else one after the other), and
 *     their refusals (a refused side zero, the other computed).
 * Deterministic (xorshift), a few seconds natively. */
#include <stdio.h>
#include <string.h>

#include "qed/bn.h"
#include "bn/bn_mont.h"
#include "testutil.h"

static uint64_t rs = 0x9e3779b97f4a7c15u;

static uint64_t rnd(void)
{
  return test_rand(&rs);
}

/* x = the n limbs l (normalized by qed_bn_from_bytes) */
static void set_limbs(qed_bn *x, const uint64_t *l, size_t n)
{
  uint8_t be[QED_BN_MAX_BYTES];
  size_t i;
  for (i = 0; i < 8 * n; i++)
    be[8 * n - 1 - i] = (uint8_t)(l[i / 8] >> (8 * (i % 8)));
  if (qed_bn_from_bytes(x, be, 8 * n) != 0)
    memset(x, 0, sizeof *x);
}

static void rand_bn(qed_bn *x, size_t n)
{
  uint64_t l[QED_BN_LIMBS];
  size_t i;
  for (i = 0; i < n; i++)
    l[i] = rnd();
  set_limbs(x, l, n);
}

/* r = a mod m (m > 0), by Knuth's division */
static void ref_mod(qed_bn *r, const qed_bn *a, const qed_bn *m)
{
  qed_bn t;
  if (qed_bn_divmod(NULL, &t, a, m) != 0)
    memset(&t, 0, sizeof t);
  if (qed_bn_sign(&t) < 0)
    qed_bn_add(&t, &t, m);
  *r = t;
}

/* 2^k as a qed_bn */
static void pow2(qed_bn *x, size_t k)
{
  uint64_t l[QED_BN_LIMBS] = { 0 };
  l[k / 64] = (uint64_t)1 << (k % 64);
  set_limbs(x, l, k / 64 + 1);
}

/* a qed_bn is normalized: n limbs, the top one nonzero, zeros above */
static int normal(const qed_bn *x)
{
  size_t i;
  if (x->n > QED_BN_LIMBS || (x->n > 0 && x->limb[x->n - 1] == 0) ||
      (x->n == 0 && x->neg))
    return 0;
  for (i = x->n; i < QED_BN_LIMBS; i++)
    if (x->limb[i] != 0)
      return 0;
  return 1;
}

static int same(const qed_bn *x, const qed_bn *y)
{
  return normal(x) && qed_bn_cmp(x, y) == 0;
}

static int is_zero(const qed_bn *x)
{
  return normal(x) && x->n == 0;
}

/* a garbage output object */
static void junk(qed_bn *x)
{
  rand_bn(x, 1 + rnd() % 5);
}

/* every value check of one modulus m of n limbs, given as `bits` bits */
static void check_modulus(test_tally *t, const qed_bn *m, size_t bits)
{
  qed_bn_mont_ctx ctx;
  qed_bn R, RR, ref, a, b, e, r, x;
  const size_t n = (bits + 63) / 64;
  size_t k;
  int ok;
  ok = qed_bn_mont_init_sec(&ctx, m, bits) == 0 && ctx.n == n;
  test_check(t, ok, "init_sec n=%zu bits=%zu", n, bits);
  if (!ok)
    return;
  test_check(t, (uint64_t)(m->limb[0] * ctx.minv) == UINT64_MAX, "minv n=%zu", n);
  /* R^2 mod m, and the products (the reference needs R^2 < 2^16384) */
  for (k = 0; 128 * n < QED_BN_MAX_BITS && k < 4; k++) {
    if (k == 0) {
      pow2(&R, 64 * n);
      pow2(&RR, 128 * n);
      ref_mod(&ref, &RR, m);
      set_limbs(&x, ctx.rr, n);
      test_check(t, same(&x, &ref), "R^2 mod m n=%zu", n);
    }
    qed_bn ar, br;
    /* a, b < m: random, 0, m - 1 */
    rand_bn(&a, n);
    ref_mod(&a, &a, m);
    rand_bn(&b, n);
    ref_mod(&b, &b, m);
    if (k == 1)
      qed_bn_zero(&a);
    if (k == 2) {
      qed_bn one;
      qed_bn_from_u64(&one, 1);
      qed_bn_sub(&b, m, &one);
    }
    /* to: a R mod m */
    qed_bn_mul(&ar, &a, &R);
    ref_mod(&ar, &ar, m);
    junk(&r);
    test_check(t, qed_bn_mont_to(&ctx, &r, &a) == 0 && same(&r, &ar), "to n=%zu", n);
    /* mul: (a R)(b) / R = a b */
    qed_bn_mul(&br, &a, &b);
    ref_mod(&br, &br, m);
    test_check(t, qed_bn_mont_mul(&ctx, &r, &r, &b) == 0 && same(&r, &br), "mul n=%zu", n);
    /* from: (a R) / R = a */
    qed_bn_mont_to(&ctx, &x, &a);
    test_check(t, qed_bn_mont_from(&ctx, &x, &x) == 0 && same(&x, &a), "from n=%zu", n);
    /* add, sub */
    qed_bn_add(&ref, &a, &b);
    ref_mod(&ref, &ref, m);
    junk(&r);
    test_check(t, qed_bn_mont_add(&ctx, &r, &a, &b) == 0 && same(&r, &ref), "add n=%zu", n);
    qed_bn_sub(&ref, &a, &b);
    ref_mod(&ref, &ref, m);
    x = a;
    test_check(t, qed_bn_mont_sub(&ctx, &x, &x, &b) == 0 && same(&x, &ref), "sub n=%zu", n);
    qed_bn_sub(&ref, &b, &a);
    ref_mod(&ref, &ref, m);
    test_check(t, qed_bn_mont_sub(&ctx, &r, &b, &a) == 0 && same(&r, &ref), "sub' n=%zu", n);
  }
  /* reduce: x of 1 .. 2n + 3 limbs (capped at 256) */
  for (k = 0; k < 3; k++) {
    size_t xl = 1 + (size_t)(rnd() % (2 * n + 3));
    if (k == 0)
      xl = 2 * n < QED_BN_LIMBS ? 2 * n : QED_BN_LIMBS;
    if (xl > QED_BN_LIMBS)
      xl = QED_BN_LIMBS;
    rand_bn(&x, xl);
    ref_mod(&ref, &x, m);
    junk(&r);
    test_check(t, qed_bn_mont_reduce(&ctx, &r, &x, xl) == 0 && same(&r, &ref),
               "reduce n=%zu xl=%zu", n, xl);
    /* a looser xlimbs gives the same */
    if (xl < QED_BN_LIMBS)
      test_check(t, qed_bn_mont_reduce(&ctx, &r, &x, xl + 1) == 0 && same(&r, &ref),
                 "reduce loose n=%zu", n);
  }
  /* powm_sec */
  for (k = 0; k < 5; k++) {
    size_t eb = 1 + (size_t)(rnd() % (n > 4 ? 300 : 64 * n + 10));
    rand_bn(&b, n);                     /* below R, maybe >= m */
    if (k == 1)
      ref_mod(&b, &b, m);
    if (k == 2) {
      qed_bn one;
      qed_bn_from_u64(&one, 1);
      qed_bn_sub(&b, m, &one);
    }
    if (k == 3)
      qed_bn_zero(&b);
    rand_bn(&e, (eb + 63) / 64);
    {
      /* e below 2^eb; k == 4: all ones */
      qed_bn top;
      pow2(&top, eb);
      if (k == 4) {
        qed_bn one;
        qed_bn_from_u64(&one, 1);
        qed_bn_sub(&e, &top, &one);
      } else {
        ref_mod(&e, &e, &top);
      }
    }
    qed_bn_powm(&ref, &b, &e, m);
    junk(&r);
    test_check(t, qed_bn_mont_powm_sec(&ctx, &r, &b, &e, eb) == 0 && same(&r, &ref),
               "powm_sec n=%zu eb=%zu k=%zu", n, eb, k);
    test_check(t, qed_bn_mont_powm_sec(&ctx, &r, &b, &e, eb + 7) == 0 && same(&r, &ref),
               "powm_sec loose n=%zu", n);
    x = b;
    test_check(t, qed_bn_powm_sec(&x, &x, &e, m) == 0 && same(&x, &ref), "powm_sec api n=%zu", n);
  }
  /* the exponentiations of RSA's private operation (bn/bn_mont.h):
   * powm_pub (public e: 0, 1, 2, 3, 65537, all ones, random up to 300
   * bits; b below R, maybe >= m) and powm2_sec (two at once: the IFMA pair
   * when the sizes and bit lengths agree, else one after the other) */
  for (k = 0; k < 8; k++) {
    static const uint64_t small_e[] = { 0, 1, 2, 3, 65537, 0xffffffffu };
    qed_bn b2, e2, r2, ref2;
    size_t eb = 1 + (size_t)(rnd() % (n > 4 ? 300 : 64 * n + 10));
    rand_bn(&b, n);
    if (k == 1)
      ref_mod(&b, &b, m);
    if (k < 6) {
      qed_bn_from_u64(&e, small_e[k]);
    } else {
      qed_bn top;
      rand_bn(&e, (eb + 63) / 64);
      pow2(&top, eb);
      ref_mod(&e, &e, &top);
    }
    qed_bn_powm(&ref, &b, &e, m);
    junk(&r);
    test_check(t, qed_bn_mont_powm_pub(&ctx, &r, &b, &e) == 0 && same(&r, &ref),
               "powm_pub n=%zu k=%zu", n, k);
    x = b;
    test_check(t, qed_bn_mont_powm_pub(&ctx, &x, &x, &e) == 0 && same(&x, &ref),
               "powm_pub in place n=%zu", n);
    rand_bn(&b2, n);
    rand_bn(&e2, (eb + 63) / 64);
    {
      qed_bn top;
      pow2(&top, eb);
      ref_mod(&e2, &e2, &top);
      if (qed_bn_sign(&e2) == 0)        /* nonzero: refused at ebits 0 */
        qed_bn_from_u64(&e2, 1);
      rand_bn(&e, (eb + 63) / 64);
      ref_mod(&e, &e, &top);
    }
    qed_bn_powm(&ref, &b, &e, m);
    qed_bn_powm(&ref2, &b2, &e2, m);
    junk(&r);
    junk(&r2);
    test_check(t, qed_bn_mont_powm2_sec(&ctx, &r, &b, &e, eb, &ctx, &r2, &b2, &e2, eb) == 0 &&
                  same(&r, &ref) && same(&r2, &ref2), "powm2_sec n=%zu eb=%zu", n, eb);
    junk(&r);
    junk(&r2);
    test_check(t, qed_bn_mont_powm2_sec(&ctx, &r, &b, &e, eb, &ctx, &r2, &b2, &e2, eb + 1) == 0 &&
                  same(&r, &ref) && same(&r2, &ref2), "powm2_sec ebits differ n=%zu", n);
    /* one side out of range: its output zero, the other computed */
    junk(&r);
    junk(&r2);
    test_check(t, qed_bn_mont_powm2_sec(&ctx, &r, &b, &e, eb, &ctx, &r2, &b2, &e2, 0) == -1 &&
                  same(&r, &ref) && is_zero(&r2),
               "powm2_sec one refused n=%zu", n);
  }
  /* e = 0 and 1 */
  rand_bn(&b, n);
  ref_mod(&b, &b, m);
  qed_bn_zero(&e);
  qed_bn_powm(&ref, &b, &e, m);
  test_check(t, qed_bn_mont_powm_sec(&ctx, &r, &b, &e, 0) == 0 && same(&r, &ref), "e=0 n=%zu", n);
  test_check(t, qed_bn_mont_powm_sec(&ctx, &r, &b, &e, 64) == 0 && same(&r, &ref), "e=0/64 n=%zu", n);
  qed_bn_from_u64(&e, 1);
  test_check(t, qed_bn_mont_powm_sec(&ctx, &r, &b, &e, 1) == 0 && same(&r, &b), "e=1 n=%zu", n);
  qed_bn_mont_wipe(&ctx);
}

static void test_values(test_tally *t)
{
  qed_bn m, one;
  uint64_t l[QED_BN_LIMBS];
  size_t n, i;
  qed_bn_from_u64(&one, 1);
  for (n = 1; n <= 64; n++) {
    /* random odd, top limb nonzero, at its exact bit length and at 64 n */
    for (i = 0; i < n; i++)
      l[i] = rnd();
    l[0] |= 1;
    if (l[n - 1] == 0)
      l[n - 1] = 1;
    l[n - 1] >>= rnd() % 64;
    if (l[n - 1] == 0)
      l[n - 1] = 1;
    if (n == 1 && l[0] < 3)
      l[0] = 3;
    set_limbs(&m, l, n);
    check_modulus(t, &m, qed_bn_bits(&m));
    check_modulus(t, &m, 64 * n);
    /* 2^(64(n-1)) + 1 (for n = 1: 3) and 2^(64n) - 1 */
    pow2(&m, 64 * (n - 1) + (n == 1 ? 1 : 0));
    qed_bn_add(&m, &m, &one);
    check_modulus(t, &m, qed_bn_bits(&m));
    pow2(&m, 64 * n);
    qed_bn_sub(&m, &m, &one);
    check_modulus(t, &m, 64 * n);
  }
  /* 2^k + 1 at every bit length of a few limb counts */
  for (i = 2; i < 260; i += 7) {
    pow2(&m, i);
    qed_bn_add(&m, &m, &one);
    check_modulus(t, &m, i + 1);
  }
  /* the largest size once */
  rand_bn(&m, QED_BN_LIMBS);
  m.limb[0] |= 1;
  check_modulus(t, &m, QED_BN_MAX_BITS);
}

/* every function refuses a context whose init failed, output zeroed */
static void refused_ctx(test_tally *t, const qed_bn_mont_ctx *ctx, const char *what)
{
  qed_bn a, r;
  qed_bn_from_u64(&a, 2);
  junk(&r);
  test_check(t, qed_bn_mont_mul(ctx, &r, &a, &a) == -1 && is_zero(&r), "%s: mul", what);
  junk(&r);
  test_check(t, qed_bn_mont_to(ctx, &r, &a) == -1 && is_zero(&r), "%s: to", what);
  junk(&r);
  test_check(t, qed_bn_mont_add(ctx, &r, &a, &a) == -1 && is_zero(&r), "%s: add", what);
  junk(&r);
  test_check(t, qed_bn_mont_reduce(ctx, &r, &a, 1) == -1 && is_zero(&r), "%s: reduce", what);
  junk(&r);
  test_check(t, qed_bn_mont_powm_sec(ctx, &r, &a, &a, 2) == -1 && is_zero(&r), "%s: powm", what);
  junk(&r);
  test_check(t, qed_bn_mont_powm_pub(ctx, &r, &a, &a) == -1 && is_zero(&r), "%s: powm_pub", what);
  {
    qed_bn r2;
    junk(&r);
    junk(&r2);
    test_check(t, qed_bn_mont_powm2_sec(ctx, &r, &a, &a, 2, ctx, &r2, &a, &a, 2) == -1 &&
                  is_zero(&r) && is_zero(&r2), "%s: powm2", what);
  }
}

static int ctx_cleared(const qed_bn_mont_ctx *ctx, size_t n)
{
  size_t i;
  for (i = 0; i < QED_BN_LIMBS; i++)
    if (ctx->m[i] != 0 || ctx->rr[i] != 0)
      return 0;
  return ctx->minv == 0 && ctx->n == n;
}

static void test_refusals(test_tally *t)
{
  qed_bn_mont_ctx ctx;
  qed_bn m, a, e, r, big, one;
  size_t n;
  qed_bn_from_u64(&one, 1);
  for (n = 1; n <= 8; n++) {
    rand_bn(&m, n);
    m.limb[n - 1] |= (uint64_t)1 << 63;
    m.limb[0] |= 1;
    /* even */
    m.limb[0] ^= 1;
    test_check(t, qed_bn_mont_init_sec(&ctx, &m, 64 * n) == -1 && ctx_cleared(&ctx, n), "even");
    refused_ctx(t, &ctx, "even");
    m.limb[0] ^= 1;
    /* >= 2^bits */
    test_check(t, qed_bn_mont_init_sec(&ctx, &m, 64 * n - 1) == -1 && ctx_cleared(&ctx, n), ">= 2^bits");
    refused_ctx(t, &ctx, ">= 2^bits");
    /* limb n-1 zero: m given a limb too many */
    test_check(t, qed_bn_mont_init_sec(&ctx, &m, 64 * n + 1) == -1 && ctx_cleared(&ctx, n + 1), "top limb zero");
    refused_ctx(t, &ctx, "top limb zero");
    /* negative */
    qed_bn_negate(&m);
    test_check(t, qed_bn_mont_init_sec(&ctx, &m, 64 * n) == -1 && ctx_cleared(&ctx, n), "negative");
    test_check(t, qed_bn_mont_init(&ctx, &m) == -1 && ctx.n == 0, "init negative");
    junk(&r);
    test_check(t, qed_bn_powm_sec(&r, &one, &one, &m) == -1 && is_zero(&r), "powm_sec m < 0");
    qed_bn_negate(&m);
    /* a good context, bad operands */
    test_check(t, qed_bn_mont_init_sec(&ctx, &m, 64 * n) == 0, "good");
    junk(&r);
    test_check(t, qed_bn_mont_mul(&ctx, &r, &m, &one) == -1 && is_zero(&r), "mul a = m");
    junk(&r);
    test_check(t, qed_bn_mont_mul(&ctx, &r, &one, &m) == -1 && is_zero(&r), "mul b = m");
    junk(&r);
    test_check(t, qed_bn_mont_from(&ctx, &r, &m) == -1 && is_zero(&r), "from a = m");
    junk(&r);
    test_check(t, qed_bn_mont_add(&ctx, &r, &m, &one) == -1 && is_zero(&r), "add a = m");
    junk(&r);
    test_check(t, qed_bn_mont_sub(&ctx, &r, &one, &m) == -1 && is_zero(&r), "sub b = m");
    a = one;
    qed_bn_negate(&a);
    junk(&r);
    test_check(t, qed_bn_mont_to(&ctx, &r, &a) == -1 && is_zero(&r), "to a < 0");
    junk(&r);
    test_check(t, qed_bn_mont_reduce(&ctx, &r, &a, 1) == -1 && is_zero(&r), "reduce x < 0");
    junk(&r);
    test_check(t, qed_bn_mont_powm_sec(&ctx, &r, &a, &one, 1) == -1 && is_zero(&r), "powm b < 0");
    junk(&r);
    test_check(t, qed_bn_mont_powm_sec(&ctx, &r, &one, &a, 1) == -1 && is_zero(&r), "powm e < 0");
    junk(&r);
    test_check(t, qed_bn_mont_powm_pub(&ctx, &r, &a, &one) == -1 && is_zero(&r), "powm_pub b < 0");
    junk(&r);
    test_check(t, qed_bn_mont_powm_pub(&ctx, &r, &one, &a) == -1 && is_zero(&r), "powm_pub e < 0");
    /* b >= R, e >= 2^ebits, x >= 2^(64 xlimbs) */
    rand_bn(&big, n + 1);
    big.limb[n] |= 1;
    junk(&r);
    test_check(t, qed_bn_mont_powm_sec(&ctx, &r, &big, &one, 1) == -1 && is_zero(&r), "powm b >= R");
    junk(&r);
    test_check(t, qed_bn_mont_powm_pub(&ctx, &r, &big, &one) == -1 && is_zero(&r), "powm_pub b >= R");
    {
      qed_bn r2;
      junk(&r);
      junk(&r2);
      test_check(t, qed_bn_mont_powm2_sec(&ctx, &r, &big, &one, 1, &ctx, &r2, &one, &one, 1) == -1 &&
                    is_zero(&r) && qed_bn_cmp(&r2, &one) == 0, "powm2 b0 >= R");
      junk(&r);
      junk(&r2);
      test_check(t, qed_bn_mont_powm2_sec(&ctx, &r, &one, &one, 1, &ctx, &r2, &one, &a, 1) == -1 &&
                    qed_bn_cmp(&r, &one) == 0 && is_zero(&r2), "powm2 e1 < 0");
    }
    qed_bn_from_u64(&e, 8);
    junk(&r);
    test_check(t, qed_bn_mont_powm_sec(&ctx, &r, &one, &e, 3) == -1 && is_zero(&r), "powm e >= 2^ebits");
    test_check(t, qed_bn_mont_powm_sec(&ctx, &r, &one, &e, 4) == 0 && qed_bn_cmp(&r, &one) == 0, "powm e < 2^ebits");
    junk(&r);
    test_check(t, qed_bn_mont_powm_sec(&ctx, &r, &one, &big, 64 * n) == -1 && is_zero(&r), "powm e >= 2^(64n)");
    junk(&r);
    test_check(t, qed_bn_mont_reduce(&ctx, &r, &big, n) == -1 && is_zero(&r), "reduce x too long");
    test_check(t, qed_bn_mont_reduce(&ctx, &r, &big, n + 1) == 0, "reduce x fits");
    qed_bn_mont_wipe(&ctx);
  }
  /* m = 1, m = 0 */
  test_check(t, qed_bn_mont_init_sec(&ctx, &one, 1) == -1 && ctx_cleared(&ctx, 1), "m = 1");
  test_check(t, qed_bn_mont_init_sec(&ctx, &one, 64) == -1 && ctx_cleared(&ctx, 1), "m = 1 (64)");
  qed_bn_zero(&m);
  test_check(t, qed_bn_mont_init_sec(&ctx, &m, 64) == -1 && ctx_cleared(&ctx, 1), "m = 0");
  test_check(t, qed_bn_mont_init(&ctx, &m) == -1 && ctx.n == 0, "init m = 0");
  qed_bn_from_u64(&m, 3);
  test_check(t, qed_bn_mont_init_sec(&ctx, &m, 2) == 0, "m = 3, 2 bits");
  qed_bn_from_u64(&m, 2);
  test_check(t, qed_bn_mont_init(&ctx, &m) == -1 && ctx.n == 0, "init m = 2");
}

static void test_bytes_sec(test_tally *t)
{
  static uint8_t out[QED_BN_MAX_BYTES + 8], ref[QED_BN_MAX_BYTES + 8];
  qed_bn x;
  size_t it, len, need;
  for (it = 0; it < 400; it++) {
    const size_t n = 1 + (size_t)(rnd() % (it < 300 ? 40 : QED_BN_LIMBS));
    rand_bn(&x, n);
    need = (qed_bn_bits(&x) + 7) / 8;
    for (len = need > 9 ? need - 9 : 0; len <= need + 9 && len <= QED_BN_MAX_BYTES; len++) {
      const int rr = qed_bn_to_bytes(ref, len, &x);
      memset(out, 0xa5, sizeof out);
      const int rs_ = qed_bn_to_bytes_sec(out, len, &x);
      test_check(t, rr == rs_ && memcmp(out, ref, len) == 0 && out[len] == 0xa5,
                 "to_bytes_sec len %zu need %zu", len, need);
    }
  }
  qed_bn_from_u64(&x, 5);
  qed_bn_negate(&x);
  memset(out, 0xa5, sizeof out);
  test_check(t, qed_bn_to_bytes_sec(out, 4, &x) == -1 && out[0] == 0 && out[3] == 0,
             "to_bytes_sec negative");
  qed_bn_zero(&x);
  test_check(t, qed_bn_to_bytes_sec(out, 0, &x) == 0, "to_bytes_sec 0 into 0 bytes");
}

int main(void)
{
  test_tally t = { 0, 0 };
  test_values(&t);
  test_refusals(&t);
  test_bytes_sec(&t);
  return test_finish(&t);
}
