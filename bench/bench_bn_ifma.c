/* Bench rows of the AVX-512 IFMA Montgomery code (src/bn/simd/
 * mont_ifma.c), per call, on fixed pseudo-random operands:
 *   - b^e mod m with an exponent as long as the odd modulus (1024 and
 *     2048 bits: the CRT halves of RSA-2048 and RSA-4096), IFMA against
 *     OpenSSL's BN_mod_exp_mont_consttime and GMP's mpz_powm_sec (qed's
 *     qed_bn_powm_sec now runs this kernel at the avx512 level: its
 *     portable path is timed by the powm_sec rows of bench_bn.c under
 *     QED_BACKEND=portable);
 *   - one Montgomery product with the portable interface (R = 2^(64n),
 *     conversions to radix 2^52 and back on every call) against the proven
 *     qed_bn_mont_mul_limbs;
 *   - the two exponentiations of an RSA private operation by CRT (c^dp mod
 *     p, c^dq mod q, with a key OpenSSL generated), one after the other
 *     and interleaved (qed_bn_mont_exp2_ifma), against OpenSSL's whole
 *     RSA sign (PKCS #1 v1.5, SHA-256) with that key: a lower bound of
 *     what an IFMA RSA sign would cost (blinding, the recombination and
 *     the check are left out), for issue 7's bound of 1.5x.
 * Skipped when the backend does not run the IFMA code (QED_BACKEND,
 * CPU). */
#include <string.h>

#include <gmp.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>

#include "harness.h"
#include "qed/bn.h"
#include "bn/bn_mont.h"
#include "bn/simd/mont_ifma.h"

#if defined(__x86_64__)

enum { X1024, X2048, NX };
static const size_t limbs[NX] = { 16, 32 };

typedef struct {
  uint64_t m[32], b[32], e[32];
  qed_bn qm, qb, qe;
  mpz_t gm, gb, ge;
  BIGNUM *om, *ob, *oe;
  BN_MONT_CTX *omont;
} operands;

static operands ops[NX];
static BN_CTX *octx;
static uint64_t xs[QED_MONT_IFMA_EXP2_SCRATCH(64)];
static uint64_t ms[QED_MONT_SCRATCH];

static uint64_t rs = 0x2545f4914f6cdd1dULL;
static uint64_t rnd(void)
{
  rs ^= rs << 13;
  rs ^= rs >> 7;
  rs ^= rs << 17;
  return rs;
}

/* big-endian bytes of n limbs */
static void limbs_to_be(uint8_t *be, const uint64_t *x, size_t n)
{
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < 8; j++)
      be[8 * n - 1 - 8 * i - j] = (uint8_t)(x[i] >> (8 * j));
}

/* x in the three other forms */
static int convert(const uint64_t *x, size_t n, qed_bn *q, mpz_t g,
                   BIGNUM **o)
{
  uint8_t be[256];
  limbs_to_be(be, x, n);
  mpz_init(g);
  mpz_import(g, 8 * n, 1, 1, 1, 0, be);
  *o = BN_bin2bn(be, (int)(8 * n), NULL);
  return qed_bn_from_bytes(q, be, 8 * n) == 0 && *o != NULL ? 0 : -1;
}

/* ---- the RSA keys of the CRT rows ---- */
typedef struct {
  EVP_PKEY *key;
  EVP_PKEY_CTX *sctx;
  size_t n, bytes;
  uint64_t p[32], q[32], dp[32], dq[32], cp[32], cq[32];
} crt_key;
static crt_key k2048, k4096;
static uint8_t dig[32];

/* a BIGNUM parameter of the key as n limbs */
static int get_limbs(uint64_t *x, size_t n, EVP_PKEY *key, const char *name)
{
  BIGNUM *v = NULL;
  uint8_t be[256];
  int ok = EVP_PKEY_get_bn_param(key, name, &v) == 1 &&
           BN_bn2binpad(v, be, (int)(8 * n)) == (int)(8 * n);
  BN_free(v);
  if (!ok)
    return -1;
  for (size_t i = 0; i < n; i++) {
    x[i] = 0;
    for (size_t j = 0; j < 8; j++)
      x[i] |= (uint64_t)be[8 * n - 1 - 8 * i - j] << (8 * j);
  }
  return 0;
}

static int make_key(crt_key *k, unsigned bits)
{
  size_t slen = 0;
  uint8_t sig[512];
  k->n = bits / 128;
  k->bytes = bits / 8;
  k->key = EVP_RSA_gen(bits);
  if (k->key == NULL)
    return -1;
  k->sctx = EVP_PKEY_CTX_new(k->key, NULL);
  if (k->sctx == NULL || EVP_PKEY_sign_init(k->sctx) != 1 ||
      EVP_PKEY_CTX_set_rsa_padding(k->sctx, RSA_PKCS1_PADDING) != 1 ||
      EVP_PKEY_CTX_set_signature_md(k->sctx, EVP_sha256()) != 1 ||
      (slen = sizeof sig,
       EVP_PKEY_sign(k->sctx, sig, &slen, dig, sizeof dig) != 1))
    return -1;
  if (get_limbs(k->p, k->n, k->key, OSSL_PKEY_PARAM_RSA_FACTOR1) != 0 ||
      get_limbs(k->q, k->n, k->key, OSSL_PKEY_PARAM_RSA_FACTOR2) != 0 ||
      get_limbs(k->dp, k->n, k->key, OSSL_PKEY_PARAM_RSA_EXPONENT1) != 0 ||
      get_limbs(k->dq, k->n, k->key, OSSL_PKEY_PARAM_RSA_EXPONENT2) != 0)
    return -1;
  /* the halves of a ciphertext: any values below p and q */
  for (size_t i = 0; i < k->n; i++) {
    k->cp[i] = rnd();
    k->cq[i] = rnd();
  }
  k->cp[k->n - 1] = rnd() % k->p[k->n - 1];
  k->cq[k->n - 1] = rnd() % k->q[k->n - 1];
  return 0;
}

static int ifma_setup(void)
{
  if (!qed_bn_mont_ifma_supports(16)) {
    printf("  (skipped: this backend does not run the AVX-512 IFMA code)\n");
    return -1;
  }
  octx = BN_CTX_new();
  if (octx == NULL)
    return -1;
  for (int k = 0; k < NX; k++) {
    operands *o = &ops[k];
    const size_t n = limbs[k];
    for (size_t i = 0; i < n; i++) {
      o->m[i] = rnd();
      o->b[i] = rnd();
      o->e[i] = rnd();
    }
    o->m[0] |= 1;
    o->m[n - 1] |= 1ULL << 63;
    o->e[n - 1] |= 1ULL << 63;
    o->b[n - 1] >>= 1;  /* below m */
    if (convert(o->m, n, &o->qm, o->gm, &o->om) != 0 ||
        convert(o->b, n, &o->qb, o->gb, &o->ob) != 0 ||
        convert(o->e, n, &o->qe, o->ge, &o->oe) != 0)
      return -1;
    o->omont = BN_MONT_CTX_new();
    if (o->omont == NULL || !BN_MONT_CTX_set(o->omont, o->om, octx))
      return -1;
  }
  for (size_t i = 0; i < sizeof dig; i++)
    dig[i] = (uint8_t)(3 * i + 1);
  if (make_key(&k2048, 2048) != 0 || make_key(&k4096, 4096) != 0)
    return -1;
  return 0;
}

/* the low 32 bytes of a result, big-endian, in every form */
static void out_l(uint8_t *out, const uint64_t *x)
{
  limbs_to_be(out, x, 4);
}
static void out_g(uint8_t *out, const mpz_t x)
{
  uint64_t l[4] = { 0, 0, 0, 0 };
  for (size_t i = 0; i < 4 && i < mpz_size(x); i++)
    l[i] = (uint64_t)mpz_getlimbn(x, (mp_size_t)i);
  out_l(out, l);
}
static void out_o(uint8_t *out, const BIGNUM *x)
{
  uint8_t be[512];
  int len = BN_bn2binpad(x, be, 256);
  memset(out, 0, 32);
  if (len == 256)
    memcpy(out, be + 256 - 32, 32);
}

#define LOOP for (unsigned long i = 0; i < it; i++)
#define EXP_ROWS(k)                                                            \
  static void x_exp_##k(uint8_t *out, const uint8_t *in, size_t n, unsigned long it) \
  { uint64_t r[32]; const operands *o = &ops[k]; (void)in; (void)n;           \
    LOOP { qed_bn_mont_exp_ifma(r, o->b, o->e, 64 * limbs[k], o->m, limbs[k], xs); } \
    out_l(out, r); }                                                           \
  static void g_exp_##k(uint8_t *out, const uint8_t *in, size_t n, unsigned long it) \
  { mpz_t r; operands *o = &ops[k]; (void)in; (void)n; mpz_init(r);          \
    LOOP { mpz_powm_sec(r, o->gb, o->ge, o->gm); } out_g(out, r); mpz_clear(r); } \
  static void o_exp_##k(uint8_t *out, const uint8_t *in, size_t n, unsigned long it) \
  { BIGNUM *r = BN_new(); operands *o = &ops[k]; (void)in; (void)n;           \
    LOOP { BN_mod_exp_mont_consttime(r, o->ob, o->oe, o->om, octx, o->omont); } \
    out_o(out, r); BN_free(r); }                                               \
  static void x_mul_##k(uint8_t *out, const uint8_t *in, size_t n, unsigned long it) \
  { uint64_t r[32]; const operands *o = &ops[k]; (void)in; (void)n;           \
    const uint64_t minv = qed_bn_mont_minv(o->m[0]);                          \
    LOOP { qed_bn_mont_mul_ifma(r, o->b, o->b, o->m, limbs[k], minv, ms); }   \
    out_l(out, r); }                                                           \
  static void q_mul_##k(uint8_t *out, const uint8_t *in, size_t n, unsigned long it) \
  { uint64_t r[32]; const operands *o = &ops[k]; (void)in; (void)n;           \
    const uint64_t minv = qed_bn_mont_minv(o->m[0]);                          \
    LOOP { qed_bn_mont_mul_limbs(r, o->b, o->b, o->m, limbs[k], minv, ms); }  \
    out_l(out, r); }
EXP_ROWS(X1024)
EXP_ROWS(X2048)

#define CRT_ROWS(bits)                                                         \
  static void x_crt_##bits(uint8_t *out, const uint8_t *in, size_t n, unsigned long it) \
  { uint64_t r1[32], r2[32]; const crt_key *k = &k##bits; (void)in; (void)n;  \
    LOOP { qed_bn_mont_exp_ifma(r1, k->cp, k->dp, 64 * k->n, k->p, k->n, xs); \
           qed_bn_mont_exp_ifma(r2, k->cq, k->dq, 64 * k->n, k->q, k->n, xs); } \
    out[0] = (uint8_t)(r1[0] ^ r2[0]); }                                       \
  static void x_crt2_##bits(uint8_t *out, const uint8_t *in, size_t n, unsigned long it) \
  { uint64_t r1[32], r2[32]; const crt_key *k = &k##bits; (void)in; (void)n;  \
    LOOP { qed_bn_mont_exp2_ifma(r1, r2, k->cp, k->cq, k->dp, k->dq, 64 * k->n, \
                                 k->p, k->q, k->n, xs); }                      \
    out[0] = (uint8_t)(r1[0] ^ r2[0]); }                                       \
  static void o_sign_##bits(uint8_t *out, const uint8_t *in, size_t n, unsigned long it) \
  { uint8_t sig[512]; size_t len; (void)in; (void)n;                          \
    LOOP { len = sizeof sig; (void)EVP_PKEY_sign(k##bits.sctx, sig, &len, dig, sizeof dig); } \
    out[0] = sig[0]; }
CRT_ROWS(2048)
CRT_ROWS(4096)

#define ROWS(k, label)                                                         \
  { "IFMA powm_sec " label, 0, x_exp_##k, o_exp_##k, "OpenSSL ct", 32, 0, 0 }, \
  { "IFMA powm_sec " label, 0, x_exp_##k, g_exp_##k, "GMP powm_sec", 32, 0, 0 }, \
  { "IFMA mont_mul " label, 0, x_mul_##k, q_mul_##k, "qed portable", 32, 0, 0 }

static const bench_row rows[] = {
  ROWS(X1024, "1024"),
  ROWS(X2048, "2048"),
  { "IFMA 2 exps of RSA-2048 CRT", 0, x_crt_2048, o_sign_2048,
    "OpenSSL RSA-2048 sign", 0, 1.5, 0 },
  { "IFMA 2 exps of RSA-4096 CRT", 0, x_crt_4096, o_sign_4096,
    "OpenSSL RSA-4096 sign", 0, 0, 0 },
  { "IFMA exp2 (both) RSA-2048 CRT", 0, x_crt2_2048, o_sign_2048,
    "OpenSSL RSA-2048 sign", 0, 1.5, 0 },
  { "IFMA exp2 (both) RSA-4096 CRT", 0, x_crt2_4096, o_sign_4096,
    "OpenSSL RSA-4096 sign", 0, 0, 0 },
};

#else

static int ifma_setup(void)
{
  printf("  (skipped: AVX-512 IFMA is x86-64 only)\n");
  return -1;
}
static const bench_row rows[1];

#endif

const bench_family bench_family_bn_ifma = {
  "Integers, AVX-512 IFMA (radix 2^52) vs OpenSSL, GMP, qed portable",
  ifma_setup, rows, sizeof rows / sizeof rows[0]
};
