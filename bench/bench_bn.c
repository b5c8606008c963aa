/* Bench rows of the integers (bench/harness.h), gmpbench-style: per call,
 * qed_bn against GMP's mpz (Debian libgmp) and OpenSSL's BN, on the same
 * fixed pseudo-random operands (the sizes in bits):
 *   multiply 128 .. 8192 (equal sizes) and 8192 x 32;
 *   divide 8192 / 2048 and 2048 / 512 (quotient and remainder);
 *   gcd and gcdext 128 .. 8192 (OpenSSL has no gcdext: GMP only);
 *   powm (exponent as long as the odd modulus) and powm_sec (OpenSSL:
 *   BN_mod_exp_mont_consttime) at 1024, 2048, 4096.
 * Issue 7's bounds on qed/GMP: multiply 2048 and 8192 <= 1.5, divide
 * 8192/2048, gcd and gcdext at 1024 and 8192 <= 2.0, powm_sec 2048 <= 1.3.
 * Each row's check compares the low 32 bytes of the result. */
#include <string.h>

#include <gmp.h>
#include <openssl/bn.h>

#include "harness.h"
#include "qed/bn.h"

/* operand sets: [k] is a pair (a, b) of the sizes of row group k */
enum { S128, S256, S512, S1024, S2048, S4096, S8192, S8192x32, D8192_2048,
       D2048_512, P1024, P2048, P4096, NSETS };
static const unsigned bits_a[NSETS] = { 128, 256, 512, 1024, 2048, 4096, 8192,
                                        8192, 8192, 2048, 1024, 2048, 4096 };
static const unsigned bits_b[NSETS] = { 128, 256, 512, 1024, 2048, 4096, 8192,
                                        32, 2048, 512, 1024, 2048, 4096 };

static qed_bn qa[NSETS], qb[NSETS], qm[NSETS];
static mpz_t ga[NSETS], gb[NSETS], gm[NSETS];
static BIGNUM *oa[NSETS], *ob[NSETS], *om[NSETS];
static BN_CTX *octx;
static BN_MONT_CTX *omont[NSETS];

static uint32_t xs = 0x12345678u;
static void fill(uint8_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    xs ^= xs << 13;
    xs ^= xs >> 17;
    xs ^= xs << 5;
    p[i] = (uint8_t)xs;
  }
}

/* one number of exactly `bits` bits (odd when asked) in the three forms */
static void make(qed_bn *q, mpz_t g, BIGNUM **o, unsigned bits, int odd)
{
  uint8_t be[1024];
  const size_t len = (bits + 7) / 8;
  fill(be, len);
  if (bits % 8)
    be[0] &= (uint8_t)((1u << (bits % 8)) - 1);
  be[0] |= (uint8_t)(1u << ((bits + 7) % 8));
  if (odd)
    be[len - 1] |= 1;
  (void)qed_bn_from_bytes(q, be, len);
  mpz_init(g);
  mpz_import(g, len, 1, 1, 1, 0, be);
  *o = BN_bin2bn(be, (int)len, NULL);
}

static int bn_setup(void)
{
  octx = BN_CTX_new();
  if (octx == NULL)
    return -1;
  for (int k = 0; k < NSETS; k++) {
    make(&qa[k], ga[k], &oa[k], bits_a[k], 0);
    make(&qb[k], gb[k], &ob[k], bits_b[k], 0);
    make(&qm[k], gm[k], &om[k], bits_a[k], 1);
    if (oa[k] == NULL || ob[k] == NULL || om[k] == NULL)
      return -1;
    omont[k] = BN_MONT_CTX_new();
    if (omont[k] == NULL || !BN_MONT_CTX_set(omont[k], om[k], octx))
      return -1;
    if (k >= P1024) {
      /* the base below the modulus, for powm and powm_sec alike */
      qed_bn_divmod(NULL, &qa[k], &qa[k], &qm[k]);
      mpz_mod(ga[k], ga[k], gm[k]);
      BN_mod(oa[k], oa[k], om[k], octx);
    }
  }
  return 0;
}

/* the low 32 bytes of |x|, big-endian */
static void out_q(uint8_t *o, const qed_bn *x)
{
  uint8_t be[QED_BN_MAX_BYTES];
  (void)qed_bn_to_bytes(be, sizeof be, x);
  memcpy(o, be + sizeof be - 32, 32);
}
static void out_g(uint8_t *o, const mpz_t x)
{
  uint8_t be[QED_BN_MAX_BYTES + 8];
  size_t len = 0;
  memset(be, 0, sizeof be);
  mpz_export(be, &len, 1, 1, 1, 0, x);
  memset(o, 0, 32);
  if (len >= 32)
    memcpy(o, be + len - 32, 32);
  else
    memcpy(o + 32 - len, be, len);
}
static void out_o(uint8_t *o, const BIGNUM *x)
{
  (void)BN_bn2binpad(x, o, 32);  /* fails (-1) when longer: low bytes below */
  if (BN_num_bytes(x) > 32) {
    uint8_t be[QED_BN_MAX_BYTES + 8];
    int len = BN_bn2bin(x, be);
    memcpy(o, be + len - 32, 32);
  }
}

#define LOOP for (unsigned long i = 0; i < it; i++)

#define MUL_ROWS(k)                                                            \
  static void q_mul_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { qed_bn r; (void)in; (void)n; LOOP { (void)qed_bn_mul(&r, &qa[k], &qb[k]); } out_q(o, &r); } \
  static void g_mul_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { mpz_t r; mpz_init(r); (void)in; (void)n; LOOP { mpz_mul(r, ga[k], gb[k]); } out_g(o, r); mpz_clear(r); } \
  static void o_mul_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { BIGNUM *r = BN_new(); (void)in; (void)n; LOOP { BN_mul(r, oa[k], ob[k], octx); } out_o(o, r); BN_free(r); }
MUL_ROWS(S128) MUL_ROWS(S256) MUL_ROWS(S512) MUL_ROWS(S1024) MUL_ROWS(S2048)
MUL_ROWS(S4096) MUL_ROWS(S8192) MUL_ROWS(S8192x32)

#define DIV_ROWS(k)                                                            \
  static void q_div_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { qed_bn q, r; (void)in; (void)n; LOOP { (void)qed_bn_divmod(&q, &r, &qa[k], &qb[k]); } out_q(o, &r); } \
  static void g_div_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { mpz_t q, r; mpz_init(q); mpz_init(r); (void)in; (void)n; LOOP { mpz_tdiv_qr(q, r, ga[k], gb[k]); } out_g(o, r); mpz_clear(q); mpz_clear(r); } \
  static void o_div_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { BIGNUM *q = BN_new(), *r = BN_new(); (void)in; (void)n; LOOP { BN_div(q, r, oa[k], ob[k], octx); } out_o(o, r); BN_free(q); BN_free(r); }
DIV_ROWS(D8192_2048) DIV_ROWS(D2048_512)

#define GCD_ROWS(k)                                                            \
  static void q_gcd_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { qed_bn g; (void)in; (void)n; LOOP { (void)qed_bn_gcd(&g, &qa[k], &qm[k]); } out_q(o, &g); } \
  static void g_gcd_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { mpz_t g; mpz_init(g); (void)in; (void)n; LOOP { mpz_gcd(g, ga[k], gm[k]); } out_g(o, g); mpz_clear(g); } \
  static void o_gcd_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { BIGNUM *g = BN_new(); (void)in; (void)n; LOOP { BN_gcd(g, oa[k], om[k], octx); } out_o(o, g); BN_free(g); } \
  static void q_gcdext_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { qed_bn g, s, t; (void)in; (void)n; LOOP { (void)qed_bn_gcdext(&g, &s, &t, &qa[k], &qm[k]); } out_q(o, &g); } \
  static void g_gcdext_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { mpz_t g, s, t; mpz_init(g); mpz_init(s); mpz_init(t); (void)in; (void)n; \
    LOOP { mpz_gcdext(g, s, t, ga[k], gm[k]); } out_g(o, g); mpz_clear(g); mpz_clear(s); mpz_clear(t); }
GCD_ROWS(S128) GCD_ROWS(S512) GCD_ROWS(S1024) GCD_ROWS(S2048) GCD_ROWS(S4096)
GCD_ROWS(S8192)

#define POWM_ROWS(k)                                                           \
  static void q_powm_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { qed_bn r; (void)in; (void)n; LOOP { (void)qed_bn_powm(&r, &qa[k], &qb[k], &qm[k]); } out_q(o, &r); } \
  static void g_powm_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { mpz_t r; mpz_init(r); (void)in; (void)n; LOOP { mpz_powm(r, ga[k], gb[k], gm[k]); } out_g(o, r); mpz_clear(r); } \
  static void o_powm_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { BIGNUM *r = BN_new(); (void)in; (void)n; LOOP { BN_mod_exp_mont(r, oa[k], ob[k], om[k], octx, omont[k]); } out_o(o, r); BN_free(r); } \
  static void q_powms_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { qed_bn r; (void)in; (void)n; LOOP { (void)qed_bn_powm_sec(&r, &qa[k], &qb[k], &qm[k]); } out_q(o, &r); } \
  static void g_powms_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { mpz_t r; mpz_init(r); (void)in; (void)n; LOOP { mpz_powm_sec(r, ga[k], gb[k], gm[k]); } out_g(o, r); mpz_clear(r); } \
  static void o_powms_##k(uint8_t *o, const uint8_t *in, size_t n, unsigned long it) \
  { BIGNUM *r = BN_new(); (void)in; (void)n; LOOP { BN_mod_exp_mont_consttime(r, oa[k], ob[k], om[k], octx, omont[k]); } out_o(o, r); BN_free(r); }
POWM_ROWS(P1024) POWM_ROWS(P2048) POWM_ROWS(P4096)

#define R2(label, f, k, tgt)                                                   \
  { label, 0, q_##f##_##k, g_##f##_##k, "GMP", 32, tgt, 0 },                 \
  { label, 0, q_##f##_##k, o_##f##_##k, "OpenSSL", 32, 0, 0 }

/* the same, also timed in the QED_BACKEND=portable run */
#define R2P(label, f, k, tgt)                                                  \
  { label, 0, q_##f##_##k, g_##f##_##k, "GMP", 32, tgt, 1 },                 \
  { label, 0, q_##f##_##k, o_##f##_##k, "OpenSSL", 32, 0, 1 }

static const bench_row rows[] = {
  R2("bn mul 128x128", mul, S128, 0),
  R2("bn mul 256x256", mul, S256, 0),
  R2("bn mul 512x512", mul, S512, 0),
  R2("bn mul 1024x1024", mul, S1024, 0),
  R2("bn mul 2048x2048", mul, S2048, 1.5),
  R2("bn mul 4096x4096", mul, S4096, 0),
  R2("bn mul 8192x8192", mul, S8192, 1.5),
  R2("bn mul 8192x32", mul, S8192x32, 0),
  R2("bn divmod 8192/2048", div, D8192_2048, 2.0),
  R2("bn divmod 2048/512", div, D2048_512, 0),
  R2("bn gcd 128", gcd, S128, 0),
  R2("bn gcd 512", gcd, S512, 0),
  R2("bn gcd 1024", gcd, S1024, 2.0),
  R2("bn gcd 2048", gcd, S2048, 0),
  R2("bn gcd 4096", gcd, S4096, 0),
  R2("bn gcd 8192", gcd, S8192, 2.0),
  { "bn gcdext 128", 0, q_gcdext_S128, g_gcdext_S128, "GMP", 32, 0, 0 },
  { "bn gcdext 512", 0, q_gcdext_S512, g_gcdext_S512, "GMP", 32, 0, 0 },
  { "bn gcdext 1024", 0, q_gcdext_S1024, g_gcdext_S1024, "GMP", 32, 2.0, 0 },
  { "bn gcdext 2048", 0, q_gcdext_S2048, g_gcdext_S2048, "GMP", 32, 0, 0 },
  { "bn gcdext 4096", 0, q_gcdext_S4096, g_gcdext_S4096, "GMP", 32, 0, 0 },
  { "bn gcdext 8192", 0, q_gcdext_S8192, g_gcdext_S8192, "GMP", 32, 2.0, 0 },
  R2("bn powm 1024", powm, P1024, 0),
  R2("bn powm 2048", powm, P2048, 0),
  R2("bn powm 4096", powm, P4096, 0),
  /* powm_sec runs the AVX-512 IFMA kernel where the backend and CPU allow
   * (1024, 2048, 4096 bits): the rows are timed again under
   * QED_BACKEND=portable (make bench) for the proven portable path */
  R2P("bn powm_sec 1024", powms, P1024, 0),
  R2P("bn powm_sec 2048", powms, P2048, 1.3),
  R2P("bn powm_sec 4096", powms, P4096, 0),
};

const bench_family bench_family_bn = {
  "Integers (qed_bn vs GMP mpz, OpenSSL BN)", bn_setup, rows,
  sizeof rows / sizeof rows[0]
};
