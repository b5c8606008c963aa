/* Ed25519 (qed_crypto_sign*, qed/nacl.h):
 *   - RFC 8032 section 7.1 (TEST 1, 2, 3, 1024, SHA(abc));
 *   - SUPERCOP's sign.input: every 8th of its 1024 lines (all of them with
 *     --supercop-all): public key from the seed, signature byte for byte
 *     (detached and signed message), verify, open;
 *   - all 151 Wycheproof ed25519 verification tests;
 *   - libsodium's sign test: the key pair of its keypair_seed;
 *   - the rejection rules of qed/nacl.h: S = L, L + 1 .. L + 63, S + L and
 *     S + 2L for a valid S, every S
 *     with a top byte above L's, S = 2^256 - 1; every single-bit flip of
 *     the signature, the message and the public key; the public key and R
 *     replaced by every encoding of y >= p and by every encoding of a
 *     point of small order (with either sign bit); a public key that is
 *     not on the curve; truncated signed messages (0 .. 63 bytes); a
 *     failing open sets *mlen = 0 and zeroes m; in-place sign and open;
 *   - keypair() from the OS generator gives a working pair;
 *   - whichever code QED_NACL_SMALL makes the entry points call (the table
 *     forms, or the size-first curve25519_small.c of -Os builds), the KATs
 *     above run through it; tests/test_nacl_small.c compares the two.
 *
 *   build/tests/test_nacl_sign tests/vectors [--supercop-all] */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "testutil.h"
#include "qed/nacl.h"
#include "nacl/ge25519.h"
#include "nacl/curve25519_small.h"

static test_tally t = { 0, 0 };

static char *read_file(const char *dir, const char *name, size_t *len)
{
  return test_read_text(dir, "nacl", name, len);
}

/* The string value of "key" at or after *pos (flat JSON objects); *pos
 * moves past it.  NULL if none before limit (or the end). */
static char *json_str(const char **pos, const char *limit, const char *key)
{
  char pat[64];
  const char *p, *q;
  char *out;
  snprintf(pat, sizeof pat, "\"%s\"", key);
  p = strstr(*pos, pat);
  if (p == NULL || (limit != NULL && p > limit)) return NULL;
  p = strchr(p + strlen(pat), ':');
  p = strchr(p, '"') + 1;
  q = strchr(p, '"');
  out = malloc((size_t)(q - p) + 1);
  if (out == NULL) exit(2);
  memcpy(out, p, (size_t)(q - p));
  out[q - p] = 0;
  *pos = q + 1;
  return out;
}

/* hex to bytes; the byte count */
static size_t unhex_any(uint8_t *out, size_t max, const char *h)
{
  size_t n = strlen(h) / 2;
  if (n > max || test_unhex(out, h, n) != 0) {
    printf("bad hex %.40s\n", h);
    exit(2);
  }
  return n;
}

static int all_zero(const uint8_t *x, size_t n)
{
  uint8_t d = 0;
  for (size_t i = 0; i < n; i++) d |= x[i];
  return d == 0;
}

/* One known answer: the key pair of seed, the signature, verify, the
 * signed message, open (also in place). */
static void check_kat(const char *name, const uint8_t seed[32],
                      const uint8_t pk_exp[32], const uint8_t *m, size_t mlen,
                      const uint8_t sig_exp[64])
{
  uint8_t pk[32], sk[64], sig[64];
  uint8_t *sm = malloc(mlen + 64), *m2 = malloc(mlen + 64);
  size_t smlen = 0, m2len = 1;
  if (sm == NULL || m2 == NULL) exit(2);
  test_check(&t, qed_crypto_sign_seed_keypair(pk, sk, seed) == 0 &&
                 memcmp(pk, pk_exp, 32) == 0 && memcmp(sk, seed, 32) == 0 &&
                 memcmp(sk + 32, pk_exp, 32) == 0,
             "%s: key pair", name);
  test_check(&t, qed_crypto_sign_detached(sig, m, mlen, sk) == 0 &&
                 memcmp(sig, sig_exp, 64) == 0, "%s: signature", name);
  test_check(&t, qed_crypto_sign_verify_detached(sig_exp, m, mlen, pk) == 0,
             "%s: verify", name);
  test_check(&t, qed_crypto_sign(sm, &smlen, m, mlen, sk) == 0 &&
                 smlen == mlen + 64 && memcmp(sm, sig_exp, 64) == 0 &&
                 (mlen == 0 || memcmp(sm + 64, m, mlen) == 0),
             "%s: signed message", name);
  test_check(&t, qed_crypto_sign_open(m2, &m2len, sm, smlen, pk) == 0 &&
                 m2len == mlen && (mlen == 0 || memcmp(m2, m, mlen) == 0),
             "%s: open", name);
  /* in place: open(sm, ..., sm, ...), then sign(sm, ..., sm, ...) */
  m2len = 1;
  test_check(&t, qed_crypto_sign_open(sm, &m2len, sm, smlen, pk) == 0 &&
                 m2len == mlen && (mlen == 0 || memcmp(sm, m, mlen) == 0),
             "%s: open in place", name);
  test_check(&t, qed_crypto_sign(sm, &smlen, sm, mlen, sk) == 0 &&
                 smlen == mlen + 64 && memcmp(sm, sig_exp, 64) == 0 &&
                 (mlen == 0 || memcmp(sm + 64, m, mlen) == 0),
             "%s: sign in place", name);
  free(sm);
  free(m2);
}

static void test_rfc(const char *dir)
{
  char *js = read_file(dir, "rfc_vectors.json", NULL);
  const char *pos = strstr(js, "\"ed25519_rfc8032\"");
  const char *end = strstr(js, "\"x25519_rfc7748\"");
  int n = 0;
  char *name;
  if (end != NULL && end < pos) end = NULL;
  while ((name = json_str(&pos, end, "name")) != NULL) {
    char *skh = json_str(&pos, end, "secret_key");
    char *pkh = json_str(&pos, end, "public_key");
    char *mh = json_str(&pos, end, "message");
    char *sh = json_str(&pos, end, "signature");
    uint8_t seed[32], pk[32], sig[64];
    uint8_t *m = malloc(strlen(mh) / 2 + 1);
    size_t mlen;
    if (m == NULL) exit(2);
    unhex_any(seed, 32, skh);
    unhex_any(pk, 32, pkh);
    unhex_any(sig, 64, sh);
    mlen = unhex_any(m, strlen(mh) / 2, mh);
    check_kat(name, seed, pk, m, mlen, sig);
    n++;
    free(m);
    free(name); free(skh); free(pkh); free(mh); free(sh);
  }
  test_check(&t, n == 5, "RFC 8032: %d vectors read, 5 expected", n);
  free(js);
}

static void test_supercop(const char *dir, int all)
{
  size_t len;
  char *s = read_file(dir, "sign/sign.input", &len);
  char *line = s;
  int n = 0, ran = 0;
  uint8_t *m = malloc(2048), *sm = malloc(4096);
  if (m == NULL || sm == NULL) exit(2);
  while (*line != 0) {
    char *nl = strchr(line, '\n');
    char *f[5];
    int k;
    if (nl != NULL) *nl = 0;
    f[0] = line;
    for (k = 1; k < 5; k++) {
      f[k] = strchr(f[k - 1], ':');
      if (f[k] == NULL) { printf("bad sign.input line %d\n", n); exit(2); }
      *f[k]++ = 0;
    }
    if (all || n % 8 == 0) {
      uint8_t sk[64], pk[32];
      size_t mlen, smlen;
      unhex_any(sk, 64, f[0]);
      unhex_any(pk, 32, f[1]);
      mlen = unhex_any(m, 2048, f[2]);
      smlen = unhex_any(sm, 4096, f[3]);
      if (smlen != mlen + 64) { printf("bad sign.input line %d\n", n); exit(2); }
      {
        char name[32];
        snprintf(name, sizeof name, "sign.input %d", n);
        check_kat(name, sk, pk, m, mlen, sm);
      }
      ran++;
    }
    n++;
    if (nl == NULL) break;
    line = nl + 1;
  }
  test_check(&t, n == 1024, "sign.input: %d lines, 1024 expected", n);
  printf("sign.input: %d of %d lines\n", ran, n);
  free(m);
  free(sm);
  free(s);
}

static void test_wycheproof(const char *dir)
{
  char *js = read_file(dir, "sign/wycheproof_ed25519_test.json", NULL);
  const char *pos = js;
  const char *grp;
  int n = 0, valid = 0;
  while ((grp = strstr(pos, "\"publicKey\"")) != NULL) {
    const char *next = strstr(grp + 1, "\"publicKey\"");
    char *pkh;
    uint8_t pk[32];
    char *tc;
    pos = grp;
    pkh = json_str(&pos, next, "pk");
    unhex_any(pk, 32, pkh);
    free(pkh);
    while ((tc = json_str(&pos, next, "msg")) != NULL) {
      char *sh = json_str(&pos, next, "sig");
      char *res = json_str(&pos, next, "result");
      uint8_t *m = malloc(strlen(tc) / 2 + 1), sig[64];
      size_t mlen = unhex_any(m, strlen(tc) / 2, tc);
      int expect = strcmp(res, "valid") == 0 ? 0 : -1;
      int r = -1;
      if (strlen(sh) == 128) {
        unhex_any(sig, 64, sh);
        r = qed_crypto_sign_verify_detached(sig, m, mlen, pk);
      }
      /* the signed-message form too */
      {
        uint8_t *sm = malloc(strlen(sh) / 2 + mlen + 1);
        uint8_t *mo = malloc(strlen(sh) / 2 + mlen + 1);
        size_t slen = unhex_any(sm, strlen(sh) / 2, sh), molen = 7;
        int ro;
        memcpy(sm + slen, m, mlen);
        ro = qed_crypto_sign_open(mo, &molen, sm, slen + mlen, pk);
        test_check(&t, r == expect && ro == expect &&
                       (ro == 0 ? molen == mlen : molen == 0 &&
                        (slen + mlen < 64 || all_zero(mo, slen + mlen - 64))),
                   "wycheproof case %d: %d / %d, expected %d", n + 1, r, ro,
                   expect);
        free(sm);
        free(mo);
      }
      valid += expect == 0;
      n++;
      free(m); free(tc); free(sh); free(res);
    }
    if (next == NULL) break;
    pos = next;
  }
  test_check(&t, n == 151 && valid == 88,
             "wycheproof: %d cases (%d valid), 151 (88) expected", n, valid);
  free(js);
}

static void test_libsodium(const char *dir)
{
  char *exp = read_file(dir, "sign/sign.exp", NULL);
  char *inp = read_file(dir, "libsodium/nacl_test_inputs.json", NULL);
  const char *pos = strstr(inp, "\"sign\"");
  char *seedh = json_str(&pos, NULL, "keypair_seed");
  const char *p = strstr(exp, "\npk: [");
  const char *q = strstr(exp, "\nsk: [");
  uint8_t seed[32], pk[32], sk[64], pk_exp[32], sk_exp[64];
  char hex[129];
  unhex_any(seed, 32, seedh);
  memcpy(hex, p + 6, 64); hex[64] = 0;
  unhex_any(pk_exp, 32, hex);
  memcpy(hex, q + 6, 128); hex[128] = 0;
  unhex_any(sk_exp, 64, hex);
  test_check(&t, qed_crypto_sign_seed_keypair(pk, sk, seed) == 0 &&
                 memcmp(pk, pk_exp, 32) == 0 && memcmp(sk, sk_exp, 64) == 0,
             "libsodium sign.exp: key pair of keypair_seed");
  free(seedh);
  free(exp);
  free(inp);
}

/* ---- the rejection rules ---- */

static const uint8_t L_bytes[32] = {
  0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2,
  0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10
};

/* x = x + y (256-bit little-endian, mod 2^256) */
static void add256(uint8_t x[32], const uint8_t y[32])
{
  unsigned c = 0;
  for (int i = 0; i < 32; i++) {
    c += (unsigned)x[i] + y[i];
    x[i] = (uint8_t)c;
    c >>= 8;
  }
}

/* The 8 points of small order, canonical encodings (y = 1; y = p - 1;
 * y = 0 with both signs; the two y of order 8 with both signs). */
static void small_order_points(uint8_t pts[8][32])
{
  static const uint8_t y8a[32] = {
    0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89,
    0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39,
    0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05 };
  static const uint8_t y8b[32] = {
    0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76,
    0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6,
    0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a };
  memset(pts, 0, 8 * 32);
  pts[0][0] = 1;                                   /* neutral */
  memset(pts[1], 0xff, 32); pts[1][0] = 0xec; pts[1][31] = 0x7f; /* p - 1 */
  pts[3][31] = 0x80;                               /* y = 0, x negative */
  memcpy(pts[4], y8a, 32);
  memcpy(pts[5], y8a, 32); pts[5][31] |= 0x80;
  memcpy(pts[6], y8b, 32);
  memcpy(pts[7], y8b, 32); pts[7][31] |= 0x80;
}

static void test_rejections(void)
{
  uint8_t seed[32], pk[32], sk[64], sig[64], bad[64], pk2[32];
  uint8_t m[96], m2[96 + 64], sm[96 + 64];
  uint8_t pts[8][32];
  size_t mlen;
  int ok;

  test_fill(seed, 32, 1);
  test_fill(m, sizeof m, 2);
  qed_crypto_sign_seed_keypair(pk, sk, seed);
  qed_crypto_sign_detached(sig, m, sizeof m, sk);
  test_check(&t, qed_crypto_sign_verify_detached(sig, m, sizeof m, pk) == 0,
             "rejections: the base signature verifies");

  /* every single-bit flip of sig, m, pk */
  ok = 1;
  for (int i = 0; i < 64 * 8; i++) {
    memcpy(bad, sig, 64);
    bad[i / 8] ^= (uint8_t)(1u << (i % 8));
    ok &= qed_crypto_sign_verify_detached(bad, m, sizeof m, pk) == -1;
  }
  test_check(&t, ok, "every bit flip of the signature is rejected");
  ok = 1;
  for (size_t i = 0; i < sizeof m * 8; i++) {
    m[i / 8] ^= (uint8_t)(1u << (i % 8));
    ok &= qed_crypto_sign_verify_detached(sig, m, sizeof m, pk) == -1;
    m[i / 8] ^= (uint8_t)(1u << (i % 8));
  }
  test_check(&t, ok, "every bit flip of the message is rejected");
  ok = 1;
  for (int i = 0; i < 256; i++) {
    memcpy(pk2, pk, 32);
    pk2[i / 8] ^= (uint8_t)(1u << (i % 8));
    ok &= qed_crypto_sign_verify_detached(sig, m, sizeof m, pk2) == -1;
  }
  test_check(&t, ok, "every bit flip of the public key is rejected");
  /* shorter and longer message */
  test_check(&t, qed_crypto_sign_verify_detached(sig, m, sizeof m - 1, pk) == -1,
             "a truncated message is rejected");

  /* S = L, L + 1, S + L (same value mod L), top bytes above L's, 2^256 - 1 */
  memcpy(bad, sig, 32);
  memcpy(bad + 32, L_bytes, 32);
  test_check(&t, qed_crypto_sign_verify_detached(bad, m, sizeof m, pk) == -1,
             "S = L is rejected");
  ok = 1;
  for (int k = 1; k < 64; k++) {
    bad[32]++;                                   /* S = L + k */
    ok &= qed_crypto_sign_verify_detached(bad, m, sizeof m, pk) == -1;
  }
  test_check(&t, ok, "S = L + 1 .. L + 63 are rejected");
  memcpy(bad, sig, 64);
  add256(bad + 32, L_bytes);
  test_check(&t, qed_crypto_sign_verify_detached(bad, m, sizeof m, pk) == -1,
             "S + L (the malleable twin) is rejected");
  memcpy(bad, sig, 64);
  add256(bad + 32, L_bytes);
  add256(bad + 32, L_bytes);
  test_check(&t, qed_crypto_sign_verify_detached(bad, m, sizeof m, pk) == -1,
             "S + 2L is rejected");
  ok = 1;
  for (int v = 0x11; v <= 0xff; v++) {
    memcpy(bad, sig, 64);
    bad[63] = (uint8_t)v;
    ok &= qed_crypto_sign_verify_detached(bad, m, sizeof m, pk) == -1;
  }
  test_check(&t, ok, "every S with a top byte above 0x10 is rejected");
  memcpy(bad, sig, 32);
  memset(bad + 32, 0xff, 32);
  test_check(&t, qed_crypto_sign_verify_detached(bad, m, sizeof m, pk) == -1,
             "S = 2^256 - 1 is rejected");
  {
    /* L - 1 is canonical: checked (and rejected) by the equation only */
    memcpy(bad, sig, 32);
    memcpy(bad + 32, L_bytes, 32);
    bad[32]--;
    test_check(&t, qed_crypto_sign_verify_detached(bad, m, sizeof m, pk) == -1,
               "S = L - 1 with this R is rejected");
  }

  /* non-canonical public keys and R: y = p + k, k = 0 .. 18, either sign */
  ok = 1;
  for (int k = 0; k < 19; k++) {
    for (int sgn = 0; sgn < 2; sgn++) {
      uint8_t enc[32];
      memset(enc, 0xff, 32);
      enc[0] = (uint8_t)(0xed + k);
      enc[31] = (uint8_t)(0x7f | (sgn << 7));
      ok &= qed_crypto_sign_verify_detached(sig, m, sizeof m, enc) == -1;
      memcpy(bad, sig, 64);
      memcpy(bad, enc, 32);
      ok &= qed_crypto_sign_verify_detached(bad, m, sizeof m, pk) == -1;
    }
  }
  test_check(&t, ok, "every encoding of y >= p (as A and as R) is rejected");

  /* (A non-canonical R naming the right point would need a signature
     whose R has y < 19: not constructible; such an R fails the byte
     comparison with the canonical encoding of [S]B - [k]A.) */

  /* small order: the 8 points and the non-canonical y = p, p + 1, as A
     and as R, signatures made up to pass every other check */
  small_order_points(pts);
  ok = 1;
  for (int i = 0; i < 8 + 4; i++) {
    uint8_t enc[32];
    if (i < 8) {
      memcpy(enc, pts[i], 32);
    } else {
      memset(enc, 0xff, 32);
      enc[0] = (uint8_t)(0xed + (i - 8) % 2);      /* p, p + 1 */
      enc[31] = (uint8_t)(0x7f | (((i - 8) / 2) << 7));
    }
    ok &= qed_crypto_sign_verify_detached(sig, m, sizeof m, enc) == -1;
    memcpy(bad, sig, 64);
    memcpy(bad, enc, 32);
    ok &= qed_crypto_sign_verify_detached(bad, m, sizeof m, pk) == -1;
    /* S = 0 with a small-order A and R = A would pass the equation for
       k A = 0: the list must reject it first */
    memcpy(bad, enc, 32);
    memset(bad + 32, 0, 32);
    ok &= qed_crypto_sign_verify_detached(bad, m, sizeof m, enc) == -1;
  }
  test_check(&t, ok, "every small-order A and R is rejected");
  /* the y = 0 points with the sign bit flipped on the neutral element and
     on p - 1 (x = 0 "negative") */
  ok = 1;
  for (int i = 0; i < 2; i++) {
    uint8_t enc[32];
    memcpy(enc, pts[i], 32);
    enc[31] |= 0x80;
    ok &= qed_crypto_sign_verify_detached(sig, m, sizeof m, enc) == -1;
    memcpy(bad, sig, 64);
    memcpy(bad, enc, 32);
    ok &= qed_crypto_sign_verify_detached(bad, m, sizeof m, pk) == -1;
  }
  test_check(&t, ok, "x = 0 with the sign bit set is rejected");

  /* public keys whose y is not the y of any point ((y^2 - 1) / (d y^2 + 1)
     not a square mod p; Python's integers list them for y < 40): the
     decoding refuses exactly those, and verification rejects every one */
  {
    static const int not_on_curve[] = { 2, 7, 8, 11, 12, 13, 17, 20, 22, 31,
                                        34, 36, 38 };
    size_t k = 0;
    ok = 1;
    for (int y = 2; y < 40; y++) {
      uint8_t enc[32] = { 0 };
      qed_ge_p3 A;
      int expect = 0;
      enc[0] = (uint8_t)y;
      if (k < sizeof not_on_curve / sizeof not_on_curve[0] &&
          not_on_curve[k] == y) {
        expect = -1;
        k++;
      }
      ok &= qed_ge_frombytes_negate_vartime(&A, enc) == expect;
      ok &= qed_crypto_sign_verify_detached(sig, m, sizeof m, enc) == -1;
    }
    test_check(&t, ok, "y = 2 .. 39: decoding fails exactly off the curve; "
                       "every one is rejected as a public key");
  }

  /* truncated signed messages: -1, *mlen = 0 */
  memcpy(sm, sig, 64);
  memcpy(sm + 64, m, sizeof m);
  ok = 1;
  for (size_t n = 0; n < 64; n++) {
    mlen = 99;
    ok &= qed_crypto_sign_open(m2, &mlen, sm, n, pk) == -1 && mlen == 0;
  }
  test_check(&t, ok, "signed messages of 0 .. 63 bytes are rejected");
  ok = 1;
  for (size_t n = 64; n < sizeof sm; n++) {
    memset(m2, 0x5a, sizeof m2);
    mlen = 99;
    ok &= qed_crypto_sign_open(m2, &mlen, sm, n, pk) == -1 && mlen == 0 &&
          all_zero(m2, n - 64) && m2[n - 64] == 0x5a;
  }
  test_check(&t, ok, "truncated signed messages: -1, *mlen = 0, m zeroed");
  mlen = 99;
  test_check(&t, qed_crypto_sign_open(m2, &mlen, sm, sizeof sm, pk) == 0 &&
                 mlen == sizeof m && memcmp(m2, m, sizeof m) == 0,
             "the whole signed message opens");
  test_check(&t, qed_crypto_sign_open(m2, NULL, sm, sizeof sm, pk) == 0,
             "open with mlen NULL");
  sm[100] ^= 1;
  memset(m2, 0x5a, sizeof m2);
  mlen = 99;
  test_check(&t, qed_crypto_sign_open(m2, &mlen, sm, sizeof sm, pk) == -1 &&
                 mlen == 0 && all_zero(m2, sizeof m),
             "a forged signed message: -1, *mlen = 0, m zeroed");
  {
    size_t smlen = 1;
    test_check(&t, qed_crypto_sign(sm, NULL, m, sizeof m, sk) == 0 &&
                   qed_crypto_sign(sm, &smlen, m, sizeof m, sk) == 0 &&
                   smlen == sizeof sm, "sign with smlen NULL");
  }
}

static void test_keypair(void)
{
  uint8_t pk[32], sk[64], pk2[32], sk2[64], sig[64], m[5] = { 1, 2, 3, 4, 5 };
  test_check(&t, qed_crypto_sign_keypair(pk, sk) == 0, "keypair");
  test_check(&t, qed_crypto_sign_seed_keypair(pk2, sk2, sk) == 0 &&
                 memcmp(pk, pk2, 32) == 0 && memcmp(sk, sk2, 64) == 0,
             "keypair = seed_keypair of its seed");
  test_check(&t, qed_crypto_sign_detached(sig, m, sizeof m, sk) == 0 &&
                 qed_crypto_sign_verify_detached(sig, m, sizeof m, pk) == 0,
             "a fresh key pair signs and verifies");
  test_check(&t, !all_zero(pk, 32), "fresh public key not zero");
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  int all = argc > 2 && strcmp(argv[2], "--supercop-all") == 0;
  test_print_backend();
  test_rfc(dir);
  test_supercop(dir, all);
  test_wycheproof(dir);
  test_libsodium(dir);
  test_rejections();
  test_keypair();
  printf("# entry points use the %s code (QED_NACL_SMALL = %d)\n",
         QED_NACL_SMALL ? "size-first" : "table", QED_NACL_SMALL);
  return test_finish(&t);
}
