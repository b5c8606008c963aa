/* RSA key generation (qed_rsa_generate) and the primes behind it
 * (src/rsa/prime.h): every relation of generated keys checked with qed_bn
 * (n = pq of exactly `bits` bits, the top two bits of p and q, p > q,
 * p - q >= 2^(bits/2 - 99), e = 65537, e d = 1 mod lcm(p-1, q-1), dp, dq,
 * qinv, d > 2^(bits/2)), the DER round trip, PKCS #1 v1.5 signatures, two
 * calls giving different keys; bad sizes refused with zeroed keys; the
 * Miller-Rabin test on known primes (Mersenne primes), Wycheproof's
 * composites (tests/vectors/rsa_keygen/primality.txt), Carmichael numbers
 * and strong pseudoprimes; the constant-time remainder against `%`.
 *
 * Keys of 1024 to 1030 bits here (this program also runs under the
 * sanitizers and on s390x under qemu); `--long` adds 2048-bit keys and a
 * 3072-bit one (make test-rsa-keygen-long, native only). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/rsa.h"
#include "rsa/prime.h"
#include "testutil.h"

static test_tally T;

/* big structs stay off the stack */
static qed_rsa_private_key sk, sk2, sk3;
static qed_rsa_public_key pk, pk2, pk3;
static qed_bn a, b, c, g;
static uint8_t der[8192], der2[8192];

static void bn_u64(qed_bn *x, uint64_t v) { qed_bn_from_u64(x, v); }

/* x = 2^k - 1 */
static void mersenne(qed_bn *x, unsigned k)
{
  static uint8_t buf[QED_BN_MAX_BYTES];
  const size_t len = (k + 7) / 8;
  memset(buf, 0xFF, len);
  if (k % 8)
    buf[0] = (uint8_t)((1u << (k % 8)) - 1);
  qed_bn_from_bytes(x, buf, len);
}

static int is_zero_bn(const qed_bn *x)
{
  for (size_t i = 0; i < QED_BN_LIMBS; i++)
    if (x->limb[i] != 0)
      return 0;
  return x->n == 0 && x->neg == 0;
}

static int sk_zero(const qed_rsa_private_key *k)
{
  return k->bytes == 0 && is_zero_bn(&k->n) && is_zero_bn(&k->e) &&
         is_zero_bn(&k->d) && is_zero_bn(&k->p) && is_zero_bn(&k->q) &&
         is_zero_bn(&k->dp) && is_zero_bn(&k->dq) && is_zero_bn(&k->qinv);
}

static int pk_zero(const qed_rsa_public_key *k)
{
  return k->bytes == 0 && is_zero_bn(&k->n) && is_zero_bn(&k->e);
}

/* (x mod m) == want, with qed_bn */
static int mod_is(const qed_bn *x, const qed_bn *m, const qed_bn *want)
{
  return qed_bn_divmod(NULL, &g, x, m) == 0 && qed_bn_cmp(&g, want) == 0;
}

static void check_key(const qed_rsa_private_key *k,
                      const qed_rsa_public_key *p, unsigned bits)
{
  static qed_bn one, pm1, qm1, lcm, t;
  const size_t pbits = bits / 2;
  size_t len = 0, len2 = 0;
  uint8_t msg[77], sig[QED_RSA_MAX_BYTES];
  uint64_t v = 0;
  test_check(&T, k->bytes == (bits + 7) / 8, "%u: bytes", bits);
  test_check(&T, qed_bn_bits(&k->n) == bits, "%u: n has %zu bits", bits,
             qed_bn_bits(&k->n));
  test_check(&T, qed_bn_to_u64(&v, &k->e) == 0 && v == 65537, "%u: e", bits);
  /* n = p q; p, q of pbits bits with their top two bits set; p > q */
  test_check(&T, qed_bn_mul(&t, &k->p, &k->q) == 0 && qed_bn_cmp(&t, &k->n) == 0,
             "%u: n = p q", bits);
  test_check(&T, qed_bn_bits(&k->p) == pbits && qed_bn_bits(&k->q) == pbits,
             "%u: p, q of %zu bits", bits, pbits);
  bn_u64(&t, 3);
  for (size_t i = 0; i < pbits - 2; i++)
    qed_bn_add(&t, &t, &t);                       /* 3 2^(pbits - 2) */
  test_check(&T, qed_bn_cmp(&k->p, &t) >= 0 && qed_bn_cmp(&k->q, &t) >= 0,
             "%u: top two bits of p and q", bits);
  test_check(&T, qed_bn_cmp(&k->p, &k->q) > 0, "%u: p > q", bits);
  /* p - q >= 2^(pbits - 99) */
  qed_bn_sub(&t, &k->p, &k->q);
  test_check(&T, qed_bn_bits(&t) >= pbits - 99, "%u: |p - q|", bits);
  /* primes, and p - 1, q - 1 prime to e */
  test_check(&T, qed_rsa_is_probable_prime(&k->p, 20) == 1 &&
             qed_rsa_is_probable_prime(&k->q, 20) == 1, "%u: p, q prime", bits);
  test_check(&T, qed_rsa_is_probable_prime(&k->n, 20) == 0, "%u: n composite", bits);
  bn_u64(&one, 1);
  qed_bn_sub(&pm1, &k->p, &one);
  qed_bn_sub(&qm1, &k->q, &one);
  qed_bn_gcd(&t, &pm1, &k->e);
  test_check(&T, qed_bn_cmp(&t, &one) == 0, "%u: gcd(e, p - 1) = 1", bits);
  qed_bn_gcd(&t, &qm1, &k->e);
  test_check(&T, qed_bn_cmp(&t, &one) == 0, "%u: gcd(e, q - 1) = 1", bits);
  /* e d = 1 mod lcm(p - 1, q - 1); d < n; d > 2^(bits/2) */
  qed_bn_gcd(&t, &pm1, &qm1);
  qed_bn_mul(&lcm, &pm1, &qm1);
  qed_bn_divmod(&lcm, NULL, &lcm, &t);
  qed_bn_mul(&t, &k->e, &k->d);
  test_check(&T, mod_is(&t, &lcm, &one), "%u: e d = 1 mod lcm", bits);
  test_check(&T, qed_bn_cmp(&k->d, &k->n) < 0 && qed_bn_bits(&k->d) > pbits,
             "%u: 2^(bits/2) < d < n", bits);
  /* dp, dq, qinv */
  test_check(&T, mod_is(&k->d, &pm1, &k->dp) && qed_bn_cmp(&k->dp, &pm1) < 0,
             "%u: dp = d mod (p - 1)", bits);
  test_check(&T, mod_is(&k->d, &qm1, &k->dq) && qed_bn_cmp(&k->dq, &qm1) < 0,
             "%u: dq = d mod (q - 1)", bits);
  qed_bn_mul(&t, &k->qinv, &k->q);
  test_check(&T, mod_is(&t, &k->p, &one) && qed_bn_cmp(&k->qinv, &k->p) < 0 &&
             qed_bn_sign(&k->qinv) > 0, "%u: qinv q = 1 mod p", bits);
  /* the public key */
  test_check(&T, p->bytes == k->bytes && qed_bn_cmp(&p->n, &k->n) == 0 &&
             qed_bn_cmp(&p->e, &k->e) == 0, "%u: public key", bits);
  /* DER both ways, re-encoded identically */
  test_check(&T, qed_rsa_private_to_der(der, sizeof der, &len, k) == 0 &&
             qed_rsa_private_from_der(&sk3, der, len) == 0 &&
             qed_rsa_private_to_der(der2, sizeof der2, &len2, &sk3) == 0 &&
             len == len2 && memcmp(der, der2, len) == 0,
             "%u: private DER round trip", bits);
  test_check(&T, qed_rsa_public_to_der(der, sizeof der, &len, p) == 0 &&
             qed_rsa_public_from_der(&pk3, der, len) == 0 &&
             qed_bn_cmp(&pk3.n, &k->n) == 0, "%u: public DER round trip", bits);
  /* PKCS #1 v1.5 */
  test_fill(msg, sizeof msg, bits);
  test_check(&T, qed_rsa_pkcs1v15_sign(sig, k->bytes, k, QED_HASH_SHA256, msg,
                                       sizeof msg) == 0 &&
             qed_rsa_pkcs1v15_verify(p, QED_HASH_SHA256, msg, sizeof msg, sig,
                                     k->bytes) == 0, "%u: sign, verify", bits);
  sig[k->bytes / 2] ^= 1;
  test_check(&T, qed_rsa_pkcs1v15_verify(p, QED_HASH_SHA256, msg, sizeof msg,
                                         sig, k->bytes) == -1,
             "%u: tampered signature refused", bits);
}

static void generated_keys(const unsigned *sizes, size_t count)
{
  for (size_t i = 0; i < count; i++) {
    const unsigned bits = sizes[i];
    memset(&sk, 0xA5, sizeof sk);
    memset(&pk, 0xA5, sizeof pk);
    if (!test_check(&T, qed_rsa_generate(&sk, &pk, bits) == 0,
                    "generate %u", bits))
      continue;
    check_key(&sk, &pk, bits);
    /* a second key differs in everything */
    test_check(&T, qed_rsa_generate(&sk2, &pk2, bits) == 0 &&
               qed_bn_cmp(&sk.n, &sk2.n) != 0 &&
               qed_bn_cmp(&sk.p, &sk2.p) != 0 && qed_bn_cmp(&sk.q, &sk2.q) != 0 &&
               qed_bn_cmp(&sk.p, &sk2.q) != 0, "%u: two keys differ", bits);
  }
}

static void bad_sizes(void)
{
  static const unsigned bad[] = { 0, 1, 2, 512, 1022, 1023, 1025, 1027, 2047,
                                  4097, 8191, 8193, 8194, 8200, 16384,
                                  UINT_MAX - 1, UINT_MAX };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    memset(&sk, 0xA5, sizeof sk);
    memset(&pk, 0xA5, sizeof pk);
    test_check(&T, qed_rsa_generate(&sk, &pk, bad[i]) == -1 && sk_zero(&sk) &&
               pk_zero(&pk), "bad size %u refused, keys zeroed", bad[i]);
  }
}

/* ---- Miller-Rabin ---- */

static void expect_prime(const qed_bn *x, int want, const char *what)
{
  /* 40 rounds: a composite passes each with probability <= 1/4 */
  const int got = qed_rsa_is_probable_prime(x, want == 1 ? 8 : 40);
  test_check(&T, got == want, "%s: %d, want %d", what, got, want);
}

static void mr_known(void)
{
  static const unsigned mprimes[] = { 2, 3, 5, 7, 13, 17, 19, 31, 61, 89, 107,
                                      127, 521, 607, 1279, 2203 };
  static const unsigned mcomposite[] = { 4, 11, 23, 29, 37, 41, 67, 523, 1277 };
  static const uint64_t primes[] = { 2, 3, 5, 7, 11, 13, 65537, 4294967291u,
                                     18446744073709551557u };
  static const uint64_t composites[] = {
    0, 1, 4, 6, 9, 15, 21, 25, 341, 561, 1105, 1729, 2047, 41041, 825265,
    3215031751u,                /* strong pseudoprime to bases 2, 3, 5, 7 */
    2152302898747u,             /* ... to 2 .. 11 */
    3474749660383u,             /* ... to 2 .. 13 */
    341550071728321u,           /* ... to 2 .. 17 */
    3825123056546413051u,       /* ... to 2 .. 23 (and 29, 31, 37) */
    18446744073709551615u };
  char what[64];
  for (size_t i = 0; i < sizeof mprimes / sizeof mprimes[0]; i++) {
    mersenne(&a, mprimes[i]);
    snprintf(what, sizeof what, "2^%u - 1", mprimes[i]);
    expect_prime(&a, 1, what);
  }
  for (size_t i = 0; i < sizeof mcomposite / sizeof mcomposite[0]; i++) {
    mersenne(&a, mcomposite[i]);
    snprintf(what, sizeof what, "2^%u - 1", mcomposite[i]);
    expect_prime(&a, 0, what);
  }
  for (size_t i = 0; i < sizeof primes / sizeof primes[0]; i++) {
    bn_u64(&a, primes[i]);
    snprintf(what, sizeof what, "%llu", (unsigned long long)primes[i]);
    expect_prime(&a, 1, what);
  }
  for (size_t i = 0; i < sizeof composites / sizeof composites[0]; i++) {
    bn_u64(&a, composites[i]);
    snprintf(what, sizeof what, "%llu", (unsigned long long)composites[i]);
    expect_prime(&a, 0, what);
  }
  /* Chernick's Carmichael numbers (6k+1)(12k+1)(18k+1), the three factors
   * prime: k = 1 (1729), and k = 1237940039285380274899138561 (281 bits) */
  {
    static const char *dec = "1237940039285380274899138561";
    static qed_bn k6, k12, k18;
    bn_u64(&a, 0);
    bn_u64(&c, 10);
    for (const char *s = dec; *s; s++) {           /* k, from its digits */
      qed_bn_mul(&a, &a, &c);
      bn_u64(&b, (uint64_t)(*s - '0'));
      qed_bn_add(&a, &a, &b);
    }
    bn_u64(&b, 1);
    bn_u64(&c, 6);
    qed_bn_mul(&k6, &a, &c);
    qed_bn_add(&k6, &k6, &b);
    bn_u64(&c, 12);
    qed_bn_mul(&k12, &a, &c);
    qed_bn_add(&k12, &k12, &b);
    bn_u64(&c, 18);
    qed_bn_mul(&k18, &a, &c);
    qed_bn_add(&k18, &k18, &b);
    expect_prime(&k6, 1, "6k + 1");
    expect_prime(&k12, 1, "12k + 1");
    expect_prime(&k18, 1, "18k + 1");
    qed_bn_mul(&a, &k6, &k12);
    qed_bn_mul(&a, &a, &k18);
    test_check(&T, qed_bn_bits(&a) == 281, "Chernick number of 281 bits");
    expect_prime(&a, 0, "Carmichael (6k+1)(12k+1)(18k+1), 281 bits");
    /* a product of two Mersenne primes */
    mersenne(&b, 521);
    mersenne(&c, 607);
    qed_bn_mul(&a, &b, &c);
    expect_prime(&a, 0, "(2^521 - 1)(2^607 - 1)");
    qed_bn_mul(&a, &b, &b);
    expect_prime(&a, 0, "(2^521 - 1)^2");
  }
  /* refused inputs: negative, longer than 8192 bits */
  mersenne(&a, 127);
  qed_bn_negate(&a);
  test_check(&T, qed_rsa_is_probable_prime(&a, 8) == -1, "-(2^127 - 1) refused");
  mersenne(&a, 8193);
  test_check(&T, qed_rsa_is_probable_prime(&a, 8) == -1, "8193 bits refused");
  mersenne(&a, 8192);
  test_check(&T, qed_rsa_is_probable_prime(&a, 8) == 0, "2^8192 - 1 composite");
}

static void mr_wycheproof(const char *dir)
{
  char *text = test_read_text(dir, "rsa_keygen", "primality.txt", NULL);
  static uint8_t buf[4096];
  size_t count = 0;
  if (!test_check(&T, text != NULL, "read rsa_keygen/primality.txt"))
    return;
  for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
    char hex[2100], res[16];
    unsigned id;
    char what[64];
    if (line[0] == '#' || sscanf(line, "%u %2099s %15s", &id, hex, res) != 3)
      continue;
    const size_t len = strlen(hex) / 2;
    test_unhex(buf, hex, len);
    qed_bn_from_bytes(&a, buf, len);
    snprintf(what, sizeof what, "Wycheproof primality tcId %u", id);
    if (len > 0 && (buf[0] & 0x80)) {              /* negative */
      /* two's complement: -(2^(8 len) - x) */
      static qed_bn p2;
      bn_u64(&p2, 1);
      for (size_t i = 0; i < 8 * len; i++)
        qed_bn_add(&p2, &p2, &p2);
      qed_bn_sub(&a, &a, &p2);
      test_check(&T, qed_rsa_is_probable_prime(&a, 8) == -1, "%s (negative)", what);
    } else {
      expect_prime(&a, strcmp(res, "valid") == 0 ? 1 : 0, what);
    }
    count++;
  }
  test_check(&T, count >= 40, "Wycheproof primality cases: %zu", count);
  free(text);
}

/* qed_rsa_mod_small against %, on random and edge inputs */
static void mod_small(void)
{
  static const uint32_t ms[] = { 0, 1, 2, 3, 5, 7, 251, 257, 17881, 65521,
                                 65535, 65537, 65538, 100000 };
  uint64_t st = 42;
  uint8_t x[41];
  size_t bad = 0, n = 0;
  for (size_t len = 0; len <= sizeof x; len++) {
    for (int r = 0; r < 40; r++) {
      for (size_t i = 0; i < len; i++)
        x[i] = r == 0 ? 0xFF : r == 1 ? 0 : (uint8_t)test_rand(&st);
      for (size_t j = 0; j < sizeof ms / sizeof ms[0]; j++) {
        const uint32_t m = ms[j];
        uint64_t want = 0;
        if (m >= 3 && m <= 65537)
          for (size_t i = 0; i < len; i++)
            want = (want * 256 + x[i]) % m;
        bad += qed_rsa_mod_small(x, len, m) != want;
        n++;
      }
      /* every odd m up to 2^16 + 1 on one input */
    }
  }
  for (uint32_t m = 3; m <= 65537; m += 2) {
    uint64_t want = 0;
    for (size_t i = 0; i < sizeof x; i++)
      want = (want * 256 + x[i]) % m;
    bad += qed_rsa_mod_small(x, sizeof x, m) != want;
    n++;
  }
  test_check(&T, bad == 0, "qed_rsa_mod_small = %% on %zu cases (%zu wrong)", n, bad);
}

/* The constant-time byte helpers of prime.c against plain references:
 * trailing zeros and the shift (Miller-Rabin's split), the division by e
 * and the inverse modulo e (key generation's e^-1 without a gcd). */
static void byte_helpers(void)
{
  static uint8_t x[300], y[300];
  uint64_t st = 7;
  size_t bad = 0, n = 0;
  for (size_t len = 1; len <= 40; len++) {
    for (int r = 0; r < 30; r++) {
      for (size_t i = 0; i < len; i++)
        x[i] = (uint8_t)test_rand(&st);
      /* zero the low z bits, z from 0 to 8 len */
      const size_t z = (size_t)(test_rand(&st) % (8 * len + 1));
      for (size_t k = 0; k < z; k++)
        x[len - 1 - k / 8] &= (uint8_t)~(1u << (k % 8));
      size_t want = 0;
      while (want < 8 * len && !(x[len - 1 - want / 8] >> (want % 8) & 1))
        want++;
      bad += qed_rsa_ctz_bytes(x, len) != want;
      n++;
      /* x >> sh for sh up to 8 len + 9, bit by bit */
      const size_t sh = (size_t)(test_rand(&st) % (8 * len + 10));
      memset(y, 0, len);
      for (size_t k = 0; k + sh < 8 * len; k++)
        if (x[len - 1 - (k + sh) / 8] >> ((k + sh) % 8) & 1)
          y[len - 1 - k / 8] |= (uint8_t)(1u << (k % 8));
      memcpy(y + 150, x, len);
      qed_rsa_shr_bytes(y + 150, len, sh);
      bad += memcmp(y, y + 150, len) != 0;
      n++;
      /* x / e and x mod e, by schoolbook */
      uint64_t rem = 0;
      for (size_t i = 0; i < len; i++) {
        const uint64_t v = rem * 256 + x[i];
        y[i] = (uint8_t)(v / 65537);
        rem = v % 65537;
      }
      memcpy(y + 150, x, len);
      bad += qed_rsa_div_e_bytes(y + 150, len) != rem;
      bad += memcmp(y, y + 150, len) != 0;
      n += 2;
    }
  }
  for (uint32_t v = 0; v < 65537 * 2 + 5; v += 1 + v / 64) {
    const uint32_t inv = qed_rsa_inv_mod_e(v);
    bad += v % 65537 == 0 ? inv != 0
                          : (uint64_t)v % 65537 * inv % 65537 != 1;
    n++;
  }
  test_check(&T, bad == 0, "byte helpers against references: %zu cases (%zu wrong)",
             n, bad);
}

/* random primes straight from prime.c: bit length, top bits, odd, e */
static void random_primes(void)
{
  static const size_t sizes[] = { 512, 513, 515, 519, 520 };
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    const size_t pbits = sizes[i];
    uint8_t be[QED_RSA_PRIME_MAX_BITS / 8 + 1];
    const size_t len = (pbits + 7) / 8;
    if (!test_check(&T, qed_rsa_random_prime(&a, pbits) == 0, "prime of %zu bits", pbits))
      continue;
    qed_bn_to_bytes(be, len, &a);
    const unsigned b1 = (unsigned)(pbits - 1), b2 = (unsigned)(pbits - 2);
    test_check(&T, qed_bn_bits(&a) == pbits &&
               (be[len - 1 - b1 / 8] >> (b1 % 8) & 1) &&
               (be[len - 1 - b2 / 8] >> (b2 % 8) & 1) && (be[len - 1] & 1),
               "%zu bits: length, top two bits, odd", pbits);
    test_check(&T, qed_rsa_mod_small(be, len, 65537) != 1, "%zu bits: p - 1 prime to e", pbits);
    expect_prime(&a, 1, "random prime");
  }
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  const int lng = argc > 2 && strcmp(argv[2], "--long") == 0;
  static const unsigned quick[] = { 1024, 1024, 1026, 1030 };
  static const unsigned slow[] = { 2048, 2050, 3072 };
  test_print_backend();
  test_check(&T, qed_rsa_mr_rounds(512) == 8 && qed_rsa_mr_rounds(1024) == 5 &&
             qed_rsa_mr_rounds(1536) == 4 && qed_rsa_mr_rounds(4096) == 4,
             "Miller-Rabin rounds");
  mod_small();
  byte_helpers();
  mr_known();
  mr_wycheproof(dir);
  bad_sizes();
  random_primes();
  if (lng)
    generated_keys(slow, sizeof slow / sizeof slow[0]);
  else
    generated_keys(quick, sizeof quick / sizeof quick[0]);
  return test_finish(&T);
}
