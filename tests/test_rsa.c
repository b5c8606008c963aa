/* RSA: Wycheproof PKCS #1 v1.5 signature generation (tests/vectors/rsa,
 * converted by tests/rsa/convert_wycheproof.py), PKCS #1 DER import and
 * canonical re-encoding, every truncation and byte mutations of encoded
 * keys, malformed DER, wrong lengths, tampered signatures and messages,
 * and a faulty private key stopped by the check against the public
 * operation; the raw private operation at prime sizes the AVX-512 IFMA
 * path runs and does not, against Python's pow. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/rsa.h"
#include "rsa/rsa_impl.h"
#include "testutil.h"

static test_tally T;

#define MAX_DER 8192
#define MAX_KEYS 16

typedef struct {
  uint8_t priv[MAX_DER], pub[MAX_DER];
  size_t privlen, publen;
} key_der;

static key_der keys[MAX_KEYS];
static size_t nkeys;
/* big structs stay off the stack */
static qed_rsa_private_key sk, sk2;
static qed_rsa_public_key pk, pk2;

static int hash_of(const char *name, qed_hash_id *h)
{
  if (strcmp(name, "SHA-256") == 0) *h = QED_HASH_SHA256;
  else if (strcmp(name, "SHA-384") == 0) *h = QED_HASH_SHA384;
  else if (strcmp(name, "SHA-512") == 0) *h = QED_HASH_SHA512;
  else return -1;
  return 0;
}

static size_t unhex_len(uint8_t *out, size_t cap, const char *hex)
{
  size_t n = strcmp(hex, "-") == 0 ? 0 : strlen(hex) / 2;
  if (n > cap || test_unhex(out, hex, n) != 0) {
    fprintf(stderr, "bad hex\n");
    exit(2);
  }
  return n;
}

static int all_zero(const uint8_t *p, size_t n)
{
  uint8_t acc = 0;
  for (size_t i = 0; i < n; i++) acc |= p[i];
  return acc == 0;
}

static int sk_is_zero(const qed_rsa_private_key *k)
{
  return k->bytes == 0 && all_zero((const uint8_t *)k, sizeof *k - sizeof k->bytes - 8) &&
         qed_bn_sign(&k->n) == 0;
}

/* import, re-encode, compare */
static void check_key_der(const key_der *kd)
{
  static uint8_t buf[MAX_DER];
  size_t len = 0;
  test_check(&T, qed_rsa_private_from_der(&sk, kd->priv, kd->privlen) == 0,
             "private key import");
  test_check(&T, qed_rsa_public_from_der(&pk, kd->pub, kd->publen) == 0,
             "public key import");
  test_check(&T, qed_rsa_private_to_der(buf, sizeof buf, &len, &sk) == 0 &&
                 len == kd->privlen && memcmp(buf, kd->priv, len) == 0,
             "private key re-encoding");
  test_check(&T, qed_rsa_public_to_der(buf, sizeof buf, &len, &pk) == 0 &&
                 len == kd->publen && memcmp(buf, kd->pub, len) == 0,
             "public key re-encoding");
  test_check(&T, qed_rsa_public_from_private(&pk2, &sk) == 0 &&
                 qed_rsa_public_to_der(buf, sizeof buf, &len, &pk2) == 0 &&
                 len == kd->publen && memcmp(buf, kd->pub, len) == 0,
             "public_from_private");
  /* too small a buffer: -1, nothing left in it, *len 0 */
  memset(buf, 0xAA, sizeof buf);
  test_check(&T, qed_rsa_private_to_der(buf, kd->privlen - 1, &len, &sk) == -1 &&
                 len == 0 && all_zero(buf, kd->privlen - 1),
             "private_to_der short buffer");
  test_check(&T, qed_rsa_public_to_der(buf, kd->publen - 1, &len, &pk) == -1 &&
                 len == 0 && all_zero(buf, kd->publen - 1),
             "public_to_der short buffer");
}

static void wycheproof(const char *dir)
{
  char path[512];
  static char line[40000];
  static uint8_t msg[4096], sig[1024], got[1024];
  unsigned long sigs = 0;
  snprintf(path, sizeof path, "%s/rsa/wycheproof_pkcs1_sig.txt", dir);
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    test_check(&T, 0, "cannot open %s", path);
    return;
  }
  while (fgets(line, sizeof line, f) != NULL) {
    char *tok[8];
    size_t nt = 0;
    for (char *s = strtok(line, " \n"); s != NULL && nt < 8; s = strtok(NULL, " \n"))
      tok[nt++] = s;
    if (nt == 3 && strcmp(tok[0], "key") == 0 && nkeys < MAX_KEYS) {
      key_der *kd = &keys[nkeys++];
      kd->privlen = unhex_len(kd->priv, MAX_DER, tok[1]);
      kd->publen = unhex_len(kd->pub, MAX_DER, tok[2]);
      check_key_der(kd);
    } else if (nt == 6 && strcmp(tok[0], "sig") == 0) {
      qed_hash_id h;
      if (hash_of(tok[1], &h) != 0) continue;
      const size_t mlen = unhex_len(msg, sizeof msg, tok[4]);
      const size_t slen = unhex_len(sig, sizeof sig, tok[5]);
      const int valid = strcmp(tok[3], "invalid") != 0;
      sigs++;
      int st = qed_rsa_pkcs1v15_sign(got, sk.bytes, &sk, h, msg, mlen);
      test_check(&T, valid ? (st == 0 && slen == sk.bytes && memcmp(got, sig, slen) == 0)
                           : st == -1,
                 "tcId %s %s: sign", tok[2], tok[1]);
      test_check(&T, qed_rsa_pkcs1v15_verify(&pk, h, msg, mlen, sig, slen) == (valid ? 0 : -1),
                 "tcId %s: verify", tok[2]);
      if (!valid || slen != pk.bytes) continue;
      /* another hash, a flipped bit in the signature, in the message */
      const qed_hash_id other = h == QED_HASH_SHA256 ? QED_HASH_SHA512 : QED_HASH_SHA256;
      test_check(&T, qed_rsa_pkcs1v15_verify(&pk, other, msg, mlen, sig, slen) == -1,
                 "tcId %s: other hash", tok[2]);
      for (size_t i = 0; i < slen; i += 37) {
        sig[i] ^= (uint8_t)(1u << (i % 8));
        test_check(&T, qed_rsa_pkcs1v15_verify(&pk, h, msg, mlen, sig, slen) == -1,
                   "tcId %s: flipped sig byte %zu", tok[2], i);
        sig[i] ^= (uint8_t)(1u << (i % 8));
      }
      if (mlen > 0) {
        msg[mlen - 1] ^= 1;
        test_check(&T, qed_rsa_pkcs1v15_verify(&pk, h, msg, mlen, sig, slen) == -1,
                   "tcId %s: flipped msg", tok[2]);
        msg[mlen - 1] ^= 1;
      }
      test_check(&T, qed_rsa_pkcs1v15_verify(&pk, h, msg, mlen + 1, sig, slen) == -1,
                 "tcId %s: longer msg", tok[2]);
      /* wrong signature lengths */
      test_check(&T, qed_rsa_pkcs1v15_verify(&pk, h, msg, mlen, sig, slen - 1) == -1,
                 "tcId %s: short sig", tok[2]);
      memset(got, 0xAA, sizeof got);
      test_check(&T, qed_rsa_pkcs1v15_sign(got, sk.bytes - 1, &sk, h, msg, mlen) == -1 &&
                     all_zero(got, sk.bytes - 1),
                 "tcId %s: short sig buffer", tok[2]);
      memset(got, 0xAA, sizeof got);
      test_check(&T, qed_rsa_pkcs1v15_sign(got, sk.bytes + 1, &sk, h, msg, mlen) == -1 &&
                     all_zero(got, sk.bytes + 1),
                 "tcId %s: long sig buffer", tok[2]);
      test_check(&T, qed_rsa_pkcs1v15_sign(got, sk.bytes, &sk, (qed_hash_id)7, msg, mlen) == -1 &&
                     all_zero(got, sk.bytes),
                 "tcId %s: unknown hash", tok[2]);
    }
  }
  fclose(f);
  test_check(&T, nkeys == 9 && sigs == 51, "vectors read: %zu keys, %lu signatures", nkeys, sigs);
}

/* -1 with a zero key, or an accepted key that re-encodes to the input */
static void der_outcome_private(const uint8_t *der, size_t len, const char *what, size_t i)
{
  static uint8_t buf[MAX_DER];
  size_t out = 0;
  if (qed_rsa_private_from_der(&sk2, der, len) == 0) {
    test_check(&T, qed_rsa_private_to_der(buf, sizeof buf, &out, &sk2) == 0 &&
                   out == len && memcmp(buf, der, len) == 0,
               "private %s %zu: accepted but re-encodes differently", what, i);
  } else {
    test_check(&T, sk_is_zero(&sk2), "private %s %zu: key not zeroed", what, i);
  }
}

static void der_outcome_public(const uint8_t *der, size_t len, const char *what, size_t i)
{
  static uint8_t buf[MAX_DER];
  size_t out = 0;
  if (qed_rsa_public_from_der(&pk2, der, len) == 0) {
    test_check(&T, qed_rsa_public_to_der(buf, sizeof buf, &out, &pk2) == 0 &&
                   out == len && memcmp(buf, der, len) == 0,
               "public %s %zu: accepted but re-encodes differently", what, i);
  } else {
    test_check(&T, pk2.bytes == 0 && qed_bn_sign(&pk2.n) == 0 && qed_bn_sign(&pk2.e) == 0,
               "public %s %zu: key not zeroed", what, i);
  }
}

static void der_fuzz(const key_der *kd)
{
  static uint8_t m[MAX_DER];
  /* every truncation, and the whole with one byte more */
  for (size_t l = 0; l < kd->privlen; l++) {
    test_check(&T, qed_rsa_private_from_der(&sk2, kd->priv, l) == -1 && sk_is_zero(&sk2),
               "private truncated to %zu", l);
  }
  for (size_t l = 0; l < kd->publen; l++)
    test_check(&T, qed_rsa_public_from_der(&pk2, kd->pub, l) == -1 && pk2.bytes == 0,
               "public truncated to %zu", l);
  memcpy(m, kd->priv, kd->privlen);
  m[kd->privlen] = 0;
  test_check(&T, qed_rsa_private_from_der(&sk2, m, kd->privlen + 1) == -1, "private trailing byte");
  memcpy(m, kd->pub, kd->publen);
  m[kd->publen] = 0;
  test_check(&T, qed_rsa_public_from_der(&pk2, m, kd->publen + 1) == -1, "public trailing byte");
  /* every single-byte mutation of the public key */
  for (size_t i = 0; i < kd->publen; i++) {
    memcpy(m, kd->pub, kd->publen);
    for (unsigned v = 0; v < 256; v++) {
      if (v == kd->pub[i]) continue;
      m[i] = (uint8_t)v;
      der_outcome_public(m, kd->publen, "mutation", i);
    }
  }
  /* private key: at every byte, these values (every value in the first
   * 40 bytes, where the headers and the version are) */
  static const uint8_t vals[] = { 0x00, 0x01, 0x02, 0x30, 0x7f, 0x80, 0x81, 0x82, 0xff };
  for (size_t i = 0; i < kd->privlen; i++) {
    memcpy(m, kd->priv, kd->privlen);
    if (i < 40) {
      for (unsigned v = 0; v < 256; v++) {
        if (v == kd->priv[i]) continue;
        m[i] = (uint8_t)v;
        der_outcome_private(m, kd->privlen, "mutation", i);
      }
    } else {
      for (size_t k = 0; k < sizeof vals; k++) {
        if (vals[k] == kd->priv[i]) continue;
        m[i] = vals[k];
        der_outcome_private(m, kd->privlen, "mutation", i);
      }
      m[i] = kd->priv[i] ^ 0x10;
      der_outcome_private(m, kd->privlen, "mutation", i);
    }
  }
}

/* hand-made malformed encodings of a valid public key */
static void der_malformed(const key_der *kd)
{
  static uint8_t m[MAX_DER + 8];
  /* the public key is 30 82 LL LL 02 82 01 01 00 <n 256> 02 03 01 00 01 */
  const uint8_t *p = kd->pub;
  size_t n = kd->publen;
  test_check(&T, n == 270 && p[0] == 0x30 && p[1] == 0x82, "public key layout");
  /* the length of the SEQUENCE in three bytes (0x83: not minimal) */
  m[0] = 0x30; m[1] = 0x83; m[2] = 0x00; memcpy(m + 3, p + 2, n - 2);
  test_check(&T, qed_rsa_public_from_der(&pk2, m, n + 1) == -1, "0x83 length");
  /* indefinite length */
  memcpy(m, p, n); m[1] = 0x80;
  test_check(&T, qed_rsa_public_from_der(&pk2, m, n) == -1, "indefinite length");
  /* e with a leading zero byte: 02 04 00 01 00 01 (lengths adjusted) */
  memcpy(m, p, n - 5);
  m[2] = p[2]; m[3] = (uint8_t)(p[3] + 1);
  memcpy(m + n - 5, (const uint8_t[]){ 0x02, 0x04, 0x00, 0x01, 0x00, 0x01 }, 6);
  test_check(&T, qed_rsa_public_from_der(&pk2, m, n + 1) == -1, "e with a leading zero");
  /* e negative: 02 03 81 00 01 */
  memcpy(m, p, n); m[n - 3] = 0x81;
  test_check(&T, qed_rsa_public_from_der(&pk2, m, n) == -1, "negative e");
  /* e even, e = 1 */
  memcpy(m, p, n); m[n - 1] = 0x00;
  test_check(&T, qed_rsa_public_from_der(&pk2, m, n) == -1, "even e");
  memcpy(m, p, n - 5);
  m[3] = (uint8_t)(p[3] - 2);
  memcpy(m + n - 5, (const uint8_t[]){ 0x02, 0x01, 0x01 }, 3);
  test_check(&T, qed_rsa_public_from_der(&pk2, m, n - 2) == -1, "e = 1");
  /* n without its leading zero (negative) */
  memcpy(m, p, n);
  memmove(m + 8, m + 9, n - 9);
  m[3] = (uint8_t)(p[3] - 1); m[7] = 0x00;
  test_check(&T, qed_rsa_public_from_der(&pk2, m, n - 1) == -1, "negative n");
  /* a multi-prime private key: version 1 */
  memcpy(m, kd->priv, kd->privlen);
  test_check(&T, m[4] == 0x02 && m[5] == 0x01 && m[6] == 0x00, "private key layout");
  m[6] = 0x01;
  test_check(&T, qed_rsa_private_from_der(&sk2, m, kd->privlen) == -1 && sk_is_zero(&sk2),
             "version 1 refused");
  /* a zero-length input, a lone tag */
  test_check(&T, qed_rsa_public_from_der(&pk2, m, 0) == -1, "empty");
  test_check(&T, qed_rsa_private_from_der(&sk2, (const uint8_t[]){ 0x30, 0x00 }, 2) == -1,
             "empty SEQUENCE");
}

/* a faulty key (dp changed) must not release a signature */
static void fault_check(const key_der *kd)
{
  static uint8_t sig[1024];
  const uint8_t msg[3] = { 'a', 'b', 'c' };
  test_check(&T, qed_rsa_private_from_der(&sk2, kd->priv, kd->privlen) == 0, "fault: import");
  sk2.dp.limb[0] ^= 2;
  memset(sig, 0xAA, sizeof sig);
  test_check(&T, qed_rsa_pkcs1v15_sign(sig, sk2.bytes, &sk2, QED_HASH_SHA256, msg, 3) == -1 &&
                 all_zero(sig, sk2.bytes),
             "fault: faulty dp refused, nothing written");
  sk2.dp.limb[0] ^= 2;
  sk2.qinv.limb[3] ^= 1;
  test_check(&T, qed_rsa_pkcs1v15_sign(sig, sk2.bytes, &sk2, QED_HASH_SHA256, msg, 3) == -1 &&
                 all_zero(sig, sk2.bytes),
             "fault: faulty qinv refused");
  sk2.qinv.limb[3] ^= 1;
  /* a faulty prime: the contexts of p and q (from n for equal halves, by
   * qed_bn_mont_init_sec otherwise), the reductions and Garner then compute
   * garbage, which the check against the public operation must refuse */
  sk2.p.limb[1] ^= 4;
  memset(sig, 0xAA, sizeof sig);
  test_check(&T, qed_rsa_pkcs1v15_sign(sig, sk2.bytes, &sk2, QED_HASH_SHA256, msg, 3) == -1 &&
                 all_zero(sig, sk2.bytes),
             "fault: faulty p refused");
  sk2.p.limb[1] ^= 4;
  sk2.p.limb[0] ^= 1;
  memset(sig, 0xAA, sizeof sig);
  test_check(&T, qed_rsa_pkcs1v15_sign(sig, sk2.bytes, &sk2, QED_HASH_SHA256, msg, 3) == -1 &&
                 all_zero(sig, sk2.bytes),
             "fault: even p refused");
  sk2.p.limb[0] ^= 1;
  sk2.q.limb[2] ^= 8;
  memset(sig, 0xAA, sizeof sig);
  test_check(&T, qed_rsa_pkcs1v15_sign(sig, sk2.bytes, &sk2, QED_HASH_SHA256, msg, 3) == -1 &&
                 all_zero(sig, sk2.bytes),
             "fault: faulty q refused");
  sk2.q.limb[2] ^= 8;
  test_check(&T, qed_rsa_pkcs1v15_sign(sig, sk2.bytes, &sk2, QED_HASH_SHA256, msg, 3) == 0,
             "fault: the restored key signs");
  /* a signature by one key does not verify under another */
  test_check(&T, qed_rsa_private_from_der(&sk2, kd->priv, kd->privlen) == 0 &&
                 qed_rsa_pkcs1v15_sign(sig, sk2.bytes, &sk2, QED_HASH_SHA256, msg, 3) == 0,
             "fault: sign");
  test_check(&T, qed_rsa_public_from_der(&pk2, keys[1].pub, keys[1].publen) == 0 &&
                 (pk2.bytes != sk2.bytes ||
                  qed_rsa_pkcs1v15_verify(&pk2, QED_HASH_SHA256, msg, 3, sig, sk2.bytes) == -1),
             "fault: other key");
}

/* The raw private operation (CRT, blinding, check) on keys whose primes
 * have limb counts the AVX-512 IFMA pair runs (8, 16, 32) and does not (9,
 * 12, 17, 24; halves of different limb counts; a 1000-bit prime beside a
 * 1024-bit one), against m = c^d mod n computed by Python's pow
 * (tests/vectors/rsa/rsa_private_sizes.txt, tests/rsa/
 * gen_rsa_private_sizes.py).  Run once per backend: the IFMA dispatch at
 * avx512, the portable path below it.  Also c = n and c = n + 1 refused
 * with the output zeroed. */
static void private_sizes(const char *dir)
{
  char path[512];
  static char line[8192];
  static uint8_t der[MAX_DER], c[1024], m[1024], got[1024];
  unsigned long ops = 0, nk = 0;
  int have = 0;
  snprintf(path, sizeof path, "%s/rsa/rsa_private_sizes.txt", dir);
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    test_check(&T, 0, "cannot open %s", path);
    return;
  }
  while (fgets(line, sizeof line, f) != NULL) {
    char *tok[4];
    size_t nt = 0;
    for (char *s = strtok(line, " \n"); s != NULL && nt < 4; s = strtok(NULL, " \n"))
      tok[nt++] = s;
    if (nt == 4 && strcmp(tok[0], "key") == 0) {
      const size_t len = unhex_len(der, sizeof der, tok[3]);
      have = qed_rsa_private_from_der(&sk, der, len) == 0;
      test_check(&T, have, "private_sizes: key %s/%s bits imported", tok[1], tok[2]);
      nk++;
      if (have) {
        /* c = n (and n + 1 when it fits): refused, nothing written */
        uint8_t nb[1024];
        test_check(&T, qed_bn_to_bytes(nb, sk.bytes, &sk.n) == 0, "n to bytes");
        memset(got, 0x5a, sizeof got);
        test_check(&T, qed_rsa_private_op(got, &sk, nb) == -1 && all_zero(got, sk.bytes),
                   "private_sizes %s/%s: c = n refused", tok[1], tok[2]);
        if (nb[sk.bytes - 1] != 0xff) {
          nb[sk.bytes - 1]++;
          memset(got, 0x5a, sizeof got);
          test_check(&T, qed_rsa_private_op(got, &sk, nb) == -1 && all_zero(got, sk.bytes),
                     "private_sizes %s/%s: c = n + 1 refused", tok[1], tok[2]);
        }
      }
    } else if (nt == 3 && strcmp(tok[0], "op") == 0 && have) {
      const size_t cl = unhex_len(c, sizeof c, tok[1]);
      const size_t ml = unhex_len(m, sizeof m, tok[2]);
      ops++;
      memset(got, 0x5a, sizeof got);
      test_check(&T, cl == sk.bytes && ml == sk.bytes &&
                     qed_rsa_private_op(got, &sk, c) == 0 && memcmp(got, m, ml) == 0,
                 "private_sizes: op %lu (%zu bytes)", ops, cl);
    }
  }
  fclose(f);
  test_check(&T, nk == 9 && ops == 27, "private_sizes: 9 keys, 27 operations read");
  memset(&sk, 0, sizeof sk);
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  test_print_backend();
  private_sizes(dir);
  wycheproof(dir);
  if (nkeys >= 2) {
    der_malformed(&keys[0]);
    fault_check(&keys[0]);
    der_fuzz(&keys[0]);
  }
  return test_finish(&T);
}
