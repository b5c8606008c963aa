/* Constant-time checks of the integers (see ct/ct.h and ct/ct_test.c):
 * qed_bn_powm_sec with a secret base and a secret exponent (their limb
 * counts and the modulus are public), the Montgomery product with secret
 * limbs (qed_bn_mont_mul, and the limb-level product the exponentiation
 * runs on), Karatsuba multiplication of secret limbs; the fixed-length
 * Montgomery interface with the modulus secret too: qed_bn_mont_init_sec
 * (R^2 mod m), qed_bn_mont_powm_sec and qed_bn_powm_sec (m, b, e secret),
 * add, sub, reduce, to, from, qed_bn_to_bytes_sec.  Results are outputs:
 * PUBLIC only after the call. */
#include <string.h>

#include "ct.h"
#include "qed/bn.h"
#include "bn/bn_mont.h"

/* a public odd modulus of n limbs */
static void modulus(qed_bn *m, size_t n, uint32_t seed)
{
  uint8_t be[QED_BN_MAX_BYTES];
  ct_fill(be, 8 * n, seed);
  be[0] |= 0x80;
  be[8 * n - 1] |= 1;
  CHECK(qed_bn_from_bytes(m, be, 8 * n) == 0);
}

/* a secret number of exactly n limbs below m (top limb cleared a little) */
static void secret_below(qed_bn *x, const qed_bn *m, size_t n, uint32_t seed)
{
  uint8_t be[QED_BN_MAX_BYTES];
  ct_fill(be, 8 * n, seed);
  be[0] = (uint8_t)((be[0] & 0x3f) | 0x01);
  CHECK(qed_bn_from_bytes(x, be, 8 * n) == 0);
  CHECK(qed_bn_cmp(x, m) < 0);
  SECRET(x->limb, sizeof x->limb);
}

static int t_bn_powm_sec(void)
{
  static const size_t sizes[] = { 1, 4, 16, 32 };
  qed_bn m, b, e, r;
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    const size_t n = sizes[k];
    modulus(&m, n, 100 + (uint32_t)k);
    secret_below(&b, &m, n, 200 + (uint32_t)k);
    secret_below(&e, &m, n, 300 + (uint32_t)k);
    int ret = qed_bn_powm_sec(&r, &b, &e, &m);
    PUBLIC(&ret, sizeof ret);
    PUBLIC(&r, sizeof r);
    CHECK(ret == 0);
    /* against the variable-time one, on public copies */
    qed_bn rv;
    PUBLIC(&b, sizeof b);
    PUBLIC(&e, sizeof e);
    CHECK(qed_bn_powm(&rv, &b, &e, &m) == 0);
    CHECK(qed_bn_cmp(&r, &rv) == 0);
  }
  return 0;
}

static int t_bn_mont_mul(void)
{
  static const size_t sizes[] = { 1, 3, 32, 40 };
  qed_bn_mont_ctx ctx;
  qed_bn m, a, b, r;
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    const size_t n = sizes[k];
    modulus(&m, n, 400 + (uint32_t)k);
    CHECK(qed_bn_mont_init(&ctx, &m) == 0);
    secret_below(&a, &m, n, 500 + (uint32_t)k);
    secret_below(&b, &m, n, 600 + (uint32_t)k);
    int ret = qed_bn_mont_mul(&ctx, &r, &a, &b);
    PUBLIC(&ret, sizeof ret);
    PUBLIC(&r, sizeof r);
    CHECK(ret == 0);
    secret_below(&a, &m, n, 700 + (uint32_t)k);
    ret = qed_bn_mont_to(&ctx, &r, &a);
    PUBLIC(&ret, sizeof ret);
    PUBLIC(&r, sizeof r);
    CHECK(ret == 0);
    secret_below(&a, &m, n, 800 + (uint32_t)k);
    ret = qed_bn_mont_from(&ctx, &r, &a);
    PUBLIC(&ret, sizeof ret);
    PUBLIC(&r, sizeof r);
    CHECK(ret == 0);
  }
  return 0;
}

/* the limb-level product, and Karatsuba, on secret limbs */
static int t_bn_mont_limbs(void)
{
  static uint64_t s[QED_MONT_SCRATCH];
  static uint64_t x[64], y[64], z[128];
  qed_bn m;
  const size_t n = 48;
  modulus(&m, n, 900);
  const uint64_t minv = qed_bn_mont_minv(m.limb[0]);
  ct_fill((uint8_t *)x, sizeof x, 901);
  ct_fill((uint8_t *)y, sizeof y, 902);
  x[n - 1] = 1;
  y[n - 1] = 2;
  SECRET(x, sizeof x);
  SECRET(y, sizeof y);
  qed_bn_mont_mul_limbs(z, x, y, m.limb, n, minv, s);
  qed_bn_mont_sqr_limbs(z + 64, x, m.limb, n, minv, s);
  qed_mpn_mul_n(z, x, y, n, s);
  qed_mpn_sqr_n(z, x, n, s);
  PUBLIC(z, sizeof z);
  return 0;
}

/* a secret odd modulus of n limbs, top limb nonzero (its limb count is
 * public) */
static void secret_modulus(qed_bn *m, size_t n, uint32_t seed)
{
  modulus(m, n, seed);
  SECRET(m->limb, sizeof m->limb);
}

/* a context of a secret m: R^2 mod m without a division */
static int t_bn_mont_init_sec(void)
{
  static const size_t sizes[] = { 1, 2, 16, 33 };
  qed_bn_mont_ctx ctx;
  qed_bn m;
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    const size_t n = sizes[k];
    secret_modulus(&m, n, 1100 + (uint32_t)k);
    int ret = qed_bn_mont_init_sec(&ctx, &m, 64 * n);
    PUBLIC(&ret, sizeof ret);
    PUBLIC(&ctx, sizeof ctx);
    CHECK(ret == 0 && ctx.n == n);
  }
  return 0;
}

/* m, b, e all secret: the context, the exponentiation, the issue API */
static int t_bn_mont_powm_sec(void)
{
  static const size_t sizes[] = { 1, 3, 16, 32 };
  qed_bn_mont_ctx ctx;
  qed_bn m, b, e, r, rv;
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    const size_t n = sizes[k];
    modulus(&m, n, 1200 + (uint32_t)k);
    secret_below(&b, &m, n, 1300 + (uint32_t)k);
    secret_below(&e, &m, n, 1400 + (uint32_t)k);
    PUBLIC(&b, sizeof b);                       /* the reference: public */
    PUBLIC(&e, sizeof e);
    CHECK(qed_bn_powm(&rv, &b, &e, &m) == 0);
    SECRET(b.limb, sizeof b.limb);
    SECRET(e.limb, sizeof e.limb);
    SECRET(m.limb, sizeof m.limb);
    int ret = qed_bn_mont_init_sec(&ctx, &m, 64 * n);
    ret |= qed_bn_mont_powm_sec(&ctx, &r, &b, &e, 64 * n);
    PUBLIC(&ret, sizeof ret);
    PUBLIC(&r, sizeof r);
    CHECK(ret == 0 && qed_bn_cmp(&r, &rv) == 0);
    ret = qed_bn_powm_sec(&r, &b, &e, &m);
    PUBLIC(&ret, sizeof ret);
    PUBLIC(&r, sizeof r);
    CHECK(ret == 0 && qed_bn_cmp(&r, &rv) == 0);
    qed_bn_mont_wipe(&ctx);
  }
  return 0;
}

/* RSA's exponentiations (bn/bn_mont.h): the public-exponent square and
 * multiply with b and m secret, e = 65537 public; the CRT pair with both
 * moduli, bases and exponents secret (equal and unequal limb counts) */
static int t_bn_mont_powm_pub_pair(void)
{
  static const size_t sizes[] = { 1, 3, 16, 32 };
  qed_bn_mont_ctx ctx, ctx2;
  qed_bn m, m2, b, b2, e, e2, r, r2, rv, rv2, pe;
  qed_bn_from_u64(&pe, 65537);
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    const size_t n = sizes[k], n2 = k % 2 ? n : n + 1;
    modulus(&m, n, 2200 + (uint32_t)k);
    modulus(&m2, n2, 2250 + (uint32_t)k);
    secret_below(&b, &m, n, 2300 + (uint32_t)k);
    secret_below(&b2, &m2, n2, 2350 + (uint32_t)k);
    secret_below(&e, &m, n, 2400 + (uint32_t)k);
    secret_below(&e2, &m2, n2, 2450 + (uint32_t)k);
    PUBLIC(&b, sizeof b);                       /* the references: public */
    PUBLIC(&b2, sizeof b2);
    PUBLIC(&e, sizeof e);
    PUBLIC(&e2, sizeof e2);
    CHECK(qed_bn_powm(&rv, &b, &pe, &m) == 0);
    SECRET(b.limb, sizeof b.limb);
    SECRET(m.limb, sizeof m.limb);
    int ret = qed_bn_mont_init_sec(&ctx, &m, 64 * n);
    ret |= qed_bn_mont_powm_pub(&ctx, &r, &b, &pe);
    PUBLIC(&ret, sizeof ret);
    PUBLIC(&r, sizeof r);
    PUBLIC(&b, sizeof b);
    PUBLIC(&m, sizeof m);
    CHECK(ret == 0 && qed_bn_cmp(&r, &rv) == 0);
    CHECK(qed_bn_powm(&rv, &b, &e, &m) == 0);
    CHECK(qed_bn_powm(&rv2, &b2, &e2, &m2) == 0);
    SECRET(b.limb, sizeof b.limb);
    SECRET(e.limb, sizeof e.limb);
    SECRET(m.limb, sizeof m.limb);
    SECRET(b2.limb, sizeof b2.limb);
    SECRET(e2.limb, sizeof e2.limb);
    SECRET(m2.limb, sizeof m2.limb);
    ret = qed_bn_mont_init_sec(&ctx, &m, 64 * n);
    ret |= qed_bn_mont_init_sec(&ctx2, &m2, 64 * n2);
    ret |= qed_bn_mont_powm2_sec(&ctx, &r, &b, &e, 64 * n, &ctx2, &r2, &b2, &e2, 64 * n2);
    PUBLIC(&ret, sizeof ret);
    PUBLIC(&r, sizeof r);
    PUBLIC(&r2, sizeof r2);
    CHECK(ret == 0 && qed_bn_cmp(&r, &rv) == 0 && qed_bn_cmp(&r2, &rv2) == 0);
    qed_bn_mont_wipe(&ctx);
    qed_bn_mont_wipe(&ctx2);
  }
  return 0;
}

/* add, sub, reduce of a longer number, byte export: m and operands secret */
static int t_bn_mont_addsub_reduce(void)
{
  static const size_t sizes[] = { 1, 5, 16 };
  static uint8_t be[8 * 40];
  qed_bn_mont_ctx ctx;
  qed_bn m, a, b, r, x;
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    const size_t n = sizes[k];
    modulus(&m, n, 1500 + (uint32_t)k);
    secret_below(&a, &m, n, 1600 + (uint32_t)k);
    secret_below(&b, &m, n, 1700 + (uint32_t)k);
    modulus(&x, 2 * n + 1, 1800 + (uint32_t)k);
    SECRET(x.limb, sizeof x.limb);
    SECRET(m.limb, sizeof m.limb);
    int ret = qed_bn_mont_init_sec(&ctx, &m, 64 * n);
    ret |= qed_bn_mont_add(&ctx, &r, &a, &b);
    ret |= qed_bn_mont_sub(&ctx, &r, &r, &b);
    ret |= qed_bn_mont_reduce(&ctx, &r, &x, 2 * n + 1);
    ret |= qed_bn_mont_mul(&ctx, &r, &r, &a);
    ret |= qed_bn_mont_to(&ctx, &r, &r);
    ret |= qed_bn_mont_from(&ctx, &r, &r);
    ret |= qed_bn_to_bytes_sec(be, 8 * n, &r);
    PUBLIC(&ret, sizeof ret);
    PUBLIC(&r, sizeof r);
    PUBLIC(be, sizeof be);
    CHECK(ret == 0);
    qed_bn_mont_wipe(&ctx);
  }
  return 0;
}

/* self-test: the variable-time exponentiation with a secret exponent must
 * be caught (it branches on the exponent's bits) */
static int t_bn_powm_leaky(void)
{
  qed_bn m, b, e, r;
  modulus(&m, 4, 1000);
  secret_below(&b, &m, 4, 1001);
  secret_below(&e, &m, 4, 1002);
  int ret = qed_bn_powm(&r, &b, &e, &m);
  PUBLIC(&ret, sizeof ret);
  PUBLIC(&r, sizeof r);
  return 0;
}

const ct_test ct_tests_bn[] = {
  { "bn_powm_sec", t_bn_powm_sec, 0 },
  { "bn_mont_mul", t_bn_mont_mul, 0 },
  { "bn_mont_limbs", t_bn_mont_limbs, 0 },
  { "bn_mont_init_sec", t_bn_mont_init_sec, 0 },
  { "bn_mont_powm_sec", t_bn_mont_powm_sec, 0 },
  { "bn_mont_powm_pub_pair", t_bn_mont_powm_pub_pair, 0 },
  { "bn_mont_addsub_reduce", t_bn_mont_addsub_reduce, 0 },
  { "bn_powm_leaky", t_bn_powm_leaky, 1 },
};
const size_t ct_tests_bn_count = sizeof ct_tests_bn / sizeof ct_tests_bn[0];
