/* X25519 (qed_crypto_scalarmult, qed_crypto_scalarmult_base, qed/nacl.h):
 *   - RFC 7748 section 5.2 vectors, the iterated test (1 and 1,000 times;
 *     1,000,000 times with --million, ~1 minute: `make
 *     test-nacl-x25519-million`), the section 6.1 Diffie-Hellman example;
 *   - all 518 Wycheproof x25519 tests (valid and acceptable: the expected
 *     shared secret; an all-zero one must come with -1);
 *   - libsodium's NaCl tests scalarmult, scalarmult2, 5, 6 (.exp files);
 *   - every result against the independent reference of tests/nacl_ref.h
 *     on random scalars and points and on the edge u-coordinates (0, 1,
 *     p - 1, p, p + 1, 2^255 - 1, top bit set): the output, the -1 and
 *     zeroed output exactly when the result is 0, nothing written past 32
 *     bytes, outputs that alias an input.
 *
 *   build/tests/test_nacl_x25519 tests/vectors [--million] */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "testutil.h"
#include "nacl_ref.h"
#include "qed/nacl.h"

static test_tally t = { 0, 0 };

static char *read_file(const char *dir, const char *name)
{
  return test_read_text(dir, "nacl", name, NULL);
}

/* The string value of "key" at or after *pos (a minimal JSON reader for
 * the flat objects of these files); *pos moves past it.  NULL if none. */
static const char *json_str(const char *s, const char **pos, const char *key,
                            char *out, size_t max)
{
  char pat[64];
  const char *p, *q;
  snprintf(pat, sizeof pat, "\"%s\"", key);
  p = strstr(*pos, pat);
  if (p == NULL) return NULL;
  p = strchr(p + strlen(pat), ':');
  p = strchr(p, '"') + 1;
  q = strchr(p, '"');
  if ((size_t)(q - p) >= max) exit(2);
  memcpy(out, p, (size_t)(q - p));
  out[q - p] = 0;
  *pos = q + 1;
  (void)s;
  return out;
}

static void hex32(uint8_t out[32], const char *h)
{
  if (strlen(h) != 64 || test_unhex(out, h, 32) != 0) {
    printf("bad hex %s\n", h);
    exit(2);
  }
}

static int is_zero(const uint8_t *x, size_t n)
{
  uint8_t d = 0;
  for (size_t i = 0; i < n; i++) d |= x[i];
  return d == 0;
}

/* qed against an expected result: value, return code, no write past 32
 * bytes; and the same with the output aliasing n and p. */
static void check(const uint8_t n[32], const uint8_t p[32],
                  const uint8_t want[32], const char *what)
{
  uint8_t q[40], a[32];
  int r, zero = is_zero(want, 32);
  memset(q, 0xa5, sizeof q);
  r = qed_crypto_scalarmult(q, n, p);
  test_check(&t, memcmp(q, want, 32) == 0 && r == (zero ? -1 : 0) &&
                 q[32] == 0xa5 && q[39] == 0xa5, "%s", what);
  memcpy(a, n, 32);
  r = qed_crypto_scalarmult(a, a, p);
  test_check(&t, memcmp(a, want, 32) == 0 && r == (zero ? -1 : 0),
             "%s (q == n)", what);
  memcpy(a, p, 32);
  r = qed_crypto_scalarmult(a, n, a);
  test_check(&t, memcmp(a, want, 32) == 0 && r == (zero ? -1 : 0),
             "%s (q == p)", what);
}

static void check_base(const uint8_t n[32], const uint8_t want[32],
                       const char *what)
{
  uint8_t q[40], a[32];
  int r;
  memset(q, 0xa5, sizeof q);
  r = qed_crypto_scalarmult_base(q, n);
  test_check(&t, memcmp(q, want, 32) == 0 && r == 0 && q[32] == 0xa5,
             "%s (base)", what);
  memcpy(a, n, 32);
  r = qed_crypto_scalarmult_base(a, a);
  test_check(&t, memcmp(a, want, 32) == 0 && r == 0, "%s (base, q == n)",
             what);
}

static void rfc7748(const char *dir, int million)
{
  char *js = read_file(dir, "rfc_vectors.json");
  const char *pos = strstr(js, "\"x25519_rfc7748\"");
  char h[200], hu[200], ho[200];
  int count = 0;
  const char *end = strstr(js, "\"x25519_rfc7748_iterated\"");
  while (pos != NULL && json_str(js, &pos, "scalar", h, sizeof h) &&
         pos < end) {
    uint8_t n[32], u[32], o[32];
    json_str(js, &pos, "u", hu, sizeof hu);
    json_str(js, &pos, "output", ho, sizeof ho);
    hex32(n, h); hex32(u, hu); hex32(o, ho);
    check(n, u, o, "RFC 7748 vector");
    count++;
  }
  test_check(&t, count == 4, "RFC 7748: %d vectors read", count);

  /* iterated: k = u = 9; r = X25519(k, u); u = k; k = r */
  {
    uint8_t k[32] = { 9 }, u[32] = { 9 }, r[32], w1[32], w1000[32], w1m[32];
    const char *ip = end;
    unsigned long i, n = million ? 1000000 : 1000;
    json_str(js, &ip, "after_1", h, sizeof h); hex32(w1, h);
    json_str(js, &ip, "after_1000", h, sizeof h); hex32(w1000, h);
    json_str(js, &ip, "after_1000000", h, sizeof h); hex32(w1m, h);
    for (i = 1; i <= n; i++) {
      (void)qed_crypto_scalarmult(r, k, u);
      memcpy(u, k, 32);
      memcpy(k, r, 32);
      if (i == 1) test_check(&t, memcmp(k, w1, 32) == 0, "iterated x1");
      if (i == 1000) test_check(&t, memcmp(k, w1000, 32) == 0, "iterated x1000");
      if (i == 1000000)
        test_check(&t, memcmp(k, w1m, 32) == 0, "iterated x1000000");
    }
    printf("RFC 7748 iterated test: %lu iterations\n", n);
  }

  /* section 6.1 */
  {
    uint8_t ask[32], apk[32], bsk[32], bpk[32], k[32];
    const char *dp = strstr(js, "\"x25519_rfc7748_dh\"");
    json_str(js, &dp, "alice_private", h, sizeof h); hex32(ask, h);
    json_str(js, &dp, "alice_public", h, sizeof h); hex32(apk, h);
    json_str(js, &dp, "bob_private", h, sizeof h); hex32(bsk, h);
    json_str(js, &dp, "bob_public", h, sizeof h); hex32(bpk, h);
    json_str(js, &dp, "shared", h, sizeof h); hex32(k, h);
    check_base(ask, apk, "RFC 7748 6.1 Alice");
    check_base(bsk, bpk, "RFC 7748 6.1 Bob");
    check(ask, bpk, k, "RFC 7748 6.1 shared (Alice)");
    check(bsk, apk, k, "RFC 7748 6.1 shared (Bob)");
  }
  free(js);
}

static void wycheproof(const char *dir)
{
  char *js = read_file(dir, "wycheproof/x25519_test.json");
  const char *pos = js;
  char id[32], pub[200], priv[200], shared[200], result[32];
  int count = 0, zero = 0;
  for (;;) {
    const char *p = strstr(pos, "\"tcId\"");
    uint8_t n[32], u[32], s[32];
    char what[64];
    if (p == NULL) break;
    snprintf(id, sizeof id, "%d", atoi(strchr(p, ':') + 1));
    pos = p + 6;
    json_str(js, &pos, "public", pub, sizeof pub);
    json_str(js, &pos, "private", priv, sizeof priv);
    json_str(js, &pos, "shared", shared, sizeof shared);
    json_str(js, &pos, "result", result, sizeof result);
    hex32(u, pub); hex32(n, priv); hex32(s, shared);
    test_check(&t, strcmp(result, "valid") == 0 ||
                   strcmp(result, "acceptable") == 0,
               "Wycheproof %s: unexpected result %s", id, result);
    snprintf(what, sizeof what, "Wycheproof tcId %s", id);
    check(n, u, s, what);
    count++;
    zero += is_zero(s, 32);
  }
  test_check(&t, count == 518, "Wycheproof: %d tests read", count);
  printf("Wycheproof x25519: %d tests (%d with an all-zero result)\n", count,
         zero);
  free(js);
}

/* The expected lines of libsodium's scalarmult*.exp files. */
static void libsodium(const char *dir)
{
  char *in = read_file(dir, "libsodium/nacl_test_inputs.json");
  char *e1 = read_file(dir, "libsodium/scalarmult.exp");
  char *e2 = read_file(dir, "libsodium/scalarmult2.exp");
  char *e5 = read_file(dir, "libsodium/scalarmult5.exp");
  char *e6 = read_file(dir, "libsodium/scalarmult6.exp");
  uint8_t ask[32], bsk[32], small[32], apk[32], bpk[32], k[32], l[7][32];
  char h[200];
  const char *p = strstr(in, "\"scalarmult\"");
  int i, r;
  json_str(in, &p, "alicesk", h, sizeof h); hex32(ask, h);
  json_str(in, &p, "bobsk", h, sizeof h); hex32(bsk, h);
  json_str(in, &p, "small_order_p", h, sizeof h); hex32(small, h);
  {
    const char *lp = e1;
    for (i = 0; i < 5; i++) {        /* the first five lines: hex */
      char line[65];
      memcpy(line, lp, 64);
      line[64] = 0;
      hex32(l[i], line);
      lp = strchr(lp, '\n') + 1;
    }
  }
  /* scalarmult.exp: alicepk, bobpk, k (Alice), k (Bob), ... */
  (void)qed_crypto_scalarmult_base(apk, ask);
  (void)qed_crypto_scalarmult_base(bpk, bsk);
  test_check(&t, memcmp(apk, l[0], 32) == 0, "scalarmult.exp: alicepk");
  test_check(&t, memcmp(bpk, l[1], 32) == 0, "scalarmult.exp: bobpk");
  r = qed_crypto_scalarmult(k, ask, bpk);
  test_check(&t, r == 0 && memcmp(k, l[2], 32) == 0, "scalarmult.exp: k (Alice)");
  r = qed_crypto_scalarmult(k, bsk, apk);
  test_check(&t, r == 0 && memcmp(k, l[3], 32) == 0, "scalarmult.exp: k (Bob)");
  /* the public key's top bit is ignored: same shared key */
  bpk[31] ^= 0x80;
  r = qed_crypto_scalarmult(k, ask, bpk);
  test_check(&t, r == 0 && memcmp(k, l[4], 32) == 0,
             "scalarmult.exp: k with bobpk's top bit flipped");
  bpk[31] ^= 0x80;
  /* the small-order point of the current libsodium test: -1, zeroed */
  memset(k, 0xa5, 32);
  r = qed_crypto_scalarmult(k, bsk, small);
  test_check(&t, r == -1 && is_zero(k, 32), "scalarmult: small_order_p");
  /* scalarmult2.exp: bobpk; scalarmult5/6.exp: k as a C array */
  {
    char line[65];
    memcpy(line, e2, 64);
    line[64] = 0;
    hex32(l[5], line);
  }
  test_check(&t, memcmp(bpk, l[5], 32) == 0, "scalarmult2.exp");
  for (i = 0; i < 2; i++) {
    /* scalarmult5.exp is one hex line, scalarmult6.exp a C array */
    const char *s = i == 0 ? e5 : e6;
    uint8_t want[32];
    int nb = 0;
    if (strstr(s, "0x") == NULL) {
      char line[65];
      memcpy(line, s, 64);
      line[64] = 0;
      hex32(want, line);
      nb = 32;
    }
    while (nb < 32 && (s = strstr(s, "0x")) != NULL) {
      want[nb++] = (uint8_t)strtoul(s + 2, NULL, 16);
      s += 2;
    }
    r = i == 0 ? qed_crypto_scalarmult(k, ask, bpk)
               : qed_crypto_scalarmult(k, bsk, apk);
    test_check(&t, nb == 32 && r == 0 && memcmp(k, want, 32) == 0,
               "scalarmult%d.exp", i == 0 ? 5 : 6);
  }
  free(in); free(e1); free(e2); free(e5); free(e6);
}

/* Against the reference ladder: random scalars and points, edge points. */
static void reference(void)
{
  static const char *edge_u[] = {
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "0900000000000000000000000000000000000000000000000000000000000080",
  };
  uint8_t n[32], u[32], want[32], nine[32] = { 9 };
  int i;
  for (i = 0; i < 8; i++) {
    hex32(u, edge_u[i]);
    test_fill(n, 32, (uint64_t)i + 100);
    ref_x25519(want, n, u);
    check(n, u, want, edge_u[i]);
  }
  for (i = 0; i < 200; i++) {
    test_fill(n, 32, (uint64_t)i + 1000);
    test_fill(u, 32, (uint64_t)i + 5000);
    if (i % 10 == 0) memset(n, i % 20 == 0 ? 0 : 0xff, 32);  /* scalar edges */
    ref_x25519(want, n, u);
    check(n, u, want, "random vs reference");
    ref_x25519(want, n, nine);
    check_base(n, want, "random vs reference");
  }
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  int million = argc > 2 && strcmp(argv[2], "--million") == 0;
  rfc7748(dir, million);
  wycheproof(dir);
  libsodium(dir);
  reference();
  return test_finish(&t);
}
