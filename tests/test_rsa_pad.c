/* RSASSA-PSS and RSAES-OAEP (qed/rsa.h, src/rsa/pss.c, oaep.c, mgf1.c).
 *
 * Known answers (tests/vectors/rsa, see its README):
 *   - NIST CAVP SigVerPSS_186-3 (1024..4096 bits, salt 10 bytes): every
 *     SHA-256/384/512 case, passing and failing (changed message, changed
 *     e, changed signature, EM with the hash moved, EM without the 0x01);
 *   - NIST CAVP SigGenPSS_186-3 (salt 0): every SHA-256/384/512 signature;
 *   - pyca/cryptography's OAEP SHA-2 vectors (derived from RSA Labs'
 *     oaep-vect.txt, 10 keys of 2048 bits) and BoringSSL's OAEP label
 *     vector: decryption;
 *   - keys of 1025 and 2049 bits (emLen = k - 1) with PSS signatures and
 *     OAEP ciphertexts made by cryptography.
 * Round trips, every salt and message length at the edges, EMs built here
 * (an independent encoder on qed's SHA-2 and qed_bn_powm) with one fault
 * each, every single-bit flip of a signature and of a ciphertext, wrong
 * lengths, hashes, labels and output room: -1 with zeroed outputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/bn.h"
#include "qed/rsa.h"
#include "qed/sha2.h"
#include "testutil.h"

/* qed's MGF1 (src/rsa/rsa_pad.h), checked against the encoder below */
void qed_rsa_mgf1_xor(uint8_t *out, size_t outlen, qed_hash_id h,
                      const uint8_t *seed, size_t seedlen);

static test_tally T;
static qed_rsa_private_key sk;
static qed_rsa_public_key pk;
static const char *vdir = "tests/vectors";

static const qed_hash_id HASHES[3] = { QED_HASH_SHA256, QED_HASH_SHA384, QED_HASH_SHA512 };

/* ---- helpers ---- */

static size_t hlen_of(qed_hash_id h)
{
  return h == QED_HASH_SHA256 ? 32 : h == QED_HASH_SHA384 ? 48 : 64;
}

static void hash(qed_hash_id h, uint8_t *out, const uint8_t *in, size_t len)
{
  if (h == QED_HASH_SHA256) qed_sha256(out, in, len);
  else if (h == QED_HASH_SHA384) qed_sha384(out, in, len);
  else qed_sha512(out, in, len);
}

/* out ^= MGF1(seed, len), written from RFC 8017 B.2.1 on the one-shot hashes */
static void mgf1(qed_hash_id h, uint8_t *out, size_t len, const uint8_t *seed, size_t slen)
{
  static uint8_t buf[1100];
  uint8_t blk[64];
  const size_t hl = hlen_of(h);
  memcpy(buf, seed, slen);
  for (uint32_t c = 0; (size_t)c * hl < len; c++) {
    buf[slen] = (uint8_t)(c >> 24); buf[slen + 1] = (uint8_t)(c >> 16);
    buf[slen + 2] = (uint8_t)(c >> 8); buf[slen + 3] = (uint8_t)c;
    hash(h, blk, buf, slen + 4);
    for (size_t i = 0; i < hl && c * hl + i < len; i++)
      out[c * hl + i] ^= blk[i];
  }
}

static int all_zero(const uint8_t *p, size_t n)
{
  uint8_t acc = 0;
  for (size_t i = 0; i < n; i++) acc |= p[i];
  return acc == 0;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static void rnd(uint8_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)test_rand(&rng_state);
}

/* hex of any length ("-" is empty; an odd count gets a leading 0) */
static size_t unhex_len(uint8_t *out, size_t cap, const char *hex)
{
  static char even[8200];
  const size_t l = strcmp(hex, "-") == 0 ? 0 : strlen(hex);
  const size_t n = (l + 1) / 2;
  if (l + 1 >= sizeof even) {
    fprintf(stderr, "hex too long\n");
    exit(2);
  }
  even[0] = '0';
  memcpy(even + 1, hex, l + 1);
  if (n > cap || test_unhex(out, even + (l % 2 ? 0 : 1), n) != 0) {
    fprintf(stderr, "bad hex: %.40s\n", hex);
    exit(2);
  }
  return n;
}

static int hash_of(const char *name, qed_hash_id *h)
{
  if (strcmp(name, "SHA256") == 0 || strcmp(name, "SHA-256") == 0) *h = QED_HASH_SHA256;
  else if (strcmp(name, "SHA384") == 0 || strcmp(name, "SHA-384") == 0) *h = QED_HASH_SHA384;
  else if (strcmp(name, "SHA512") == 0 || strcmp(name, "SHA-512") == 0) *h = QED_HASH_SHA512;
  else return -1;
  return 0;
}

static FILE *open_vec(const char *name)
{
  char path[512];
  snprintf(path, sizeof path, "%s/rsa/%s", vdir, name);
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    fprintf(stderr, "cannot open %s\n", path);
    exit(2);
  }
  return f;
}

static char *chomp(char *s)
{
  size_t n = strlen(s);
  while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ')) s[--n] = 0;
  return s;
}

/* ---- DER: RSAPublicKey and RSAPrivateKey from big-endian numbers ---- */

static size_t der_hdr(uint8_t *out, uint8_t tag, size_t len)
{
  out[0] = tag;
  if (len < 128) { out[1] = (uint8_t)len; return 2; }
  if (len < 256) { out[1] = 0x81; out[2] = (uint8_t)len; return 3; }
  out[1] = 0x82; out[2] = (uint8_t)(len >> 8); out[3] = (uint8_t)len;
  return 4;
}

static size_t der_int(uint8_t *out, const uint8_t *be, size_t len)
{
  uint8_t body[1100];
  size_t b = 0;
  while (len > 0 && be[0] == 0) { be++; len--; }
  if (len == 0 || (be[0] & 0x80)) body[b++] = 0;
  memcpy(body + b, be, len);
  b += len;
  size_t h = der_hdr(out, 0x02, b);
  memcpy(out + h, body, b);
  return h + b;
}

typedef struct { uint8_t v[2400]; size_t len; } num;

static size_t der_seq(uint8_t *out, const num *parts, size_t np, int version)
{
  static uint8_t body[8192];
  size_t b = 0;
  if (version) { body[0] = 2; body[1] = 1; body[2] = 0; b = 3; }
  for (size_t i = 0; i < np; i++) b += der_int(body + b, parts[i].v, parts[i].len);
  size_t h = der_hdr(out, 0x30, b);
  memcpy(out + h, body, b);
  return h + b;
}

static int load_public(const num *n, const num *e)
{
  static uint8_t der[4096];
  num parts[2] = { *n, *e };
  size_t len = der_seq(der, parts, 2, 0);
  return qed_rsa_public_from_der(&pk, der, len);
}

/* ---- raw RSA with qed_bn (to build signatures and ciphertexts of EMs
 * made here) ---- */

static qed_bn bx, br;
static int raw_pow(uint8_t *out, size_t k, const uint8_t *in, const qed_bn *ex, const qed_bn *mod)
{
  return qed_bn_from_bytes(&bx, in, k) == 0 && qed_bn_powm(&br, &bx, ex, mod) == 0 &&
         qed_bn_to_bytes(out, k, &br) == 0 ? 0 : -1;
}

/* be < n, both k bytes */
static int below_n(const uint8_t *be, size_t k)
{
  static uint8_t nb[1024];
  qed_bn_to_bytes(nb, k, &sk.n);
  return memcmp(be, nb, k) < 0;
}

/* ---- PSS: EMs built here, with faults ---- */

enum { PF_NONE, PF_TRAILER, PF_TOPBITS, PF_PS, PF_SEP2, PF_SEP0, PF_HASH, PF_DB, PF_COUNT };
static const char *pf_name[PF_COUNT] = { "none", "trailer", "top bits", "PS not zero",
                                         "separator 02", "separator 00", "H", "maskedDB" };

static void pss_em(uint8_t *em, size_t k, size_t modbits, qed_hash_id h, const uint8_t *msg,
                   size_t mlen, const uint8_t *salt, size_t slen, int fault)
{
  static uint8_t mp[8 + 64 + 1024];
  uint8_t H[64];
  const size_t hl = hlen_of(h), embits = modbits - 1, emlen = (embits + 7) / 8;
  const size_t off = k - emlen, dblen = emlen - hl - 1, zbits = 8 * emlen - embits;
  uint8_t *db = em + off;
  memset(em, 0, k);
  memset(mp, 0, 8);
  hash(h, mp + 8, msg, mlen);
  memcpy(mp + 8 + hl, salt, slen);
  hash(h, H, mp, 8 + hl + slen);
  db[dblen - slen - 1] = fault == PF_SEP2 ? 0x02 : fault == PF_SEP0 ? 0x00 : 0x01;
  memcpy(db + dblen - slen, salt, slen);
  if (fault == PF_PS) db[dblen - slen - 2] ^= 0x40;
  mgf1(h, db, dblen, H, hl);
  db[0] &= (uint8_t)(0xff >> zbits);
  memcpy(db + dblen, H, hl);
  em[k - 1] = fault == PF_TRAILER ? 0xbd : 0xbc;
  if (fault == PF_HASH) db[dblen + 3] ^= 0x10;
  if (fault == PF_DB) db[dblen / 2] ^= 0x01;
  if (fault == PF_TOPBITS) {
    if (off == 1) em[0] = 0x01;
    else em[0] |= 0x80;
  }
}

static void pss_crafted(const char *what, size_t modbits)
{
  static uint8_t em[1024], sig[1024], salt[1024], got[1024], msg[77];
  const size_t k = sk.bytes;
  rnd(msg, sizeof msg);
  /* qed's MGF1 against the one above */
  for (size_t n = 0; n <= 300; n += 23) {
    memset(em, 0, n);
    memset(got, 0, n);
    for (int hi = 0; hi < 3; hi++) {
      mgf1(HASHES[hi], em, n, msg, sizeof msg);
      qed_rsa_mgf1_xor(got, n, HASHES[hi], msg, sizeof msg);
    }
    test_check(&T, memcmp(em, got, n) == 0, "%s: mgf1 %zu", what, n);
  }
  for (int hi = 0; hi < 3; hi++) {
    const qed_hash_id h = HASHES[hi];
    const size_t hl = hlen_of(h), emlen = (modbits - 1 + 7) / 8, smax = emlen - hl - 2;
    const size_t salts[4] = { 0, 1, hl < smax ? hl : smax, smax };
    for (int si = 0; si < 4; si++) {
      const size_t slen = salts[si];
      for (int fault = 0; fault < PF_COUNT; fault++) {
        if (fault == PF_PS && slen + 2 > emlen - hl - 1) continue;   /* no PS */
        int tries = 0;
        do {   /* an EM that is below n, so that s^e gives it back whole */
          rnd(salt, slen);
          pss_em(em, k, modbits, h, msg, sizeof msg, salt, slen, fault);
        } while (!below_n(em, k) && ++tries < 200);
        if (!below_n(em, k)) continue;
        test_check(&T, raw_pow(sig, k, em, &sk.d, &sk.n) == 0, "%s: raw sign", what);
        const int r = qed_rsa_pss_verify(&pk, h, slen, msg, sizeof msg, sig, k);
        test_check(&T, r == (fault == PF_NONE ? 0 : -1), "%s: hash %d salt %zu fault %s: %d",
                   what, hi, slen, pf_name[fault], r);
        if (fault != PF_NONE) continue;
        /* the right EM under any other salt length */
        for (size_t other = 0; other <= smax; other += (other < 3 || other + 3 > smax) ? 1 : 17)
          if (other != slen)
            test_check(&T, qed_rsa_pss_verify(&pk, h, other, msg, sizeof msg, sig, k) == -1,
                       "%s: salt %zu as %zu", what, slen, other);
      }
    }
    /* qed's signatures, salt 0 .. max, verify; one more byte of salt is -1 */
    for (int si = 0; si < 4; si++) {
      memset(sig, 0xa5, k);
      test_check(&T, qed_rsa_pss_sign(sig, k, &sk, h, salts[si], msg, sizeof msg) == 0 &&
                     qed_rsa_pss_verify(&pk, h, salts[si], msg, sizeof msg, sig, k) == 0,
                 "%s: round trip salt %zu", what, salts[si]);
      /* what verify recovers is an EM qed_rsa_pss_verify accepts: check
       * its layout here too */
      raw_pow(em, k, sig, &sk.e, &sk.n);
      test_check(&T, em[k - 1] == 0xbc && (emlen == k || em[0] == 0), "%s: EM layout", what);
    }
    memset(sig, 0xa5, k);
    test_check(&T, qed_rsa_pss_sign(sig, k, &sk, h, smax + 1, msg, sizeof msg) == -1 &&
                   all_zero(sig, k), "%s: salt max + 1", what);
    memset(sig, 0xa5, k);
    test_check(&T, qed_rsa_pss_sign(sig, k, &sk, h, (size_t)-1, msg, sizeof msg) == -1 &&
                   all_zero(sig, k), "%s: salt SIZE_MAX", what);
    test_check(&T, qed_rsa_pss_verify(&pk, h, smax + 1, msg, sizeof msg, sig, k) == -1 &&
                   qed_rsa_pss_verify(&pk, h, (size_t)-1, msg, sizeof msg, sig, k) == -1,
               "%s: verify salt too long", what);
  }
}

/* every single-bit flip of a valid signature: -1 */
static void pss_flips(const char *what, qed_hash_id h, size_t slen)
{
  static uint8_t sig[1024];
  static const uint8_t msg[5] = "flips";
  const size_t k = sk.bytes;
  size_t bad = 0;
  test_check(&T, qed_rsa_pss_sign(sig, k, &sk, h, slen, msg, 5) == 0 &&
                 qed_rsa_pss_verify(&pk, h, slen, msg, 5, sig, k) == 0, "%s: flips base", what);
  for (size_t b = 0; b < 8 * k; b++) {
    sig[b / 8] ^= (uint8_t)(1u << (b % 8));
    if (qed_rsa_pss_verify(&pk, h, slen, msg, 5, sig, k) != -1) bad++;
    sig[b / 8] ^= (uint8_t)(1u << (b % 8));
  }
  test_check(&T, bad == 0, "%s: %zu of %zu bit flips accepted", what, bad, 8 * k);
}

/* ---- OAEP: EMs built here, with faults ---- */

enum { OF_NONE, OF_Y, OF_LHASH, OF_PS, OF_SEP2, OF_NOSEP, OF_SEPFF, OF_COUNT };
static const char *of_name[OF_COUNT] = { "none", "Y", "lHash", "PS not zero", "separator 02",
                                         "no separator", "separator ff" };

static void oaep_em(uint8_t *em, size_t k, qed_hash_id h, const uint8_t *label, size_t llen,
                    const uint8_t *msg, size_t mlen, int fault)
{
  static uint8_t db[1024];
  const size_t hl = hlen_of(h), dblen = k - hl - 1;
  memset(db, 0, dblen);
  hash(h, db, label, llen);
  db[dblen - mlen - 1] = fault == OF_SEP2 ? 0x02 : fault == OF_NOSEP ? 0x00 :
                         fault == OF_SEPFF ? 0xff : 0x01;
  memcpy(db + dblen - mlen, msg, mlen);
  if (fault == OF_LHASH) db[hl - 1] ^= 0x01;
  if (fault == OF_PS) db[hl] = 0x01 ^ 0x03;
  em[0] = fault == OF_Y ? 0x01 : 0x00;
  rnd(em + 1, hl);   /* seed: random, or all 0 / all 1 bits now and then */
  if (mlen % 5 == 1) memset(em + 1, 0x00, hl);
  if (mlen % 5 == 2) memset(em + 1, 0xff, hl);
  mgf1(h, db, dblen, em + 1, hl);
  memcpy(em + 1 + hl, db, dblen);
  mgf1(h, em + 1, hl, em + 1 + hl, dblen);
}

static int oaep_dec(uint8_t *m, size_t *mlen, size_t mcap, qed_hash_id h, const uint8_t *label,
                    size_t llen, const uint8_t *c, size_t clen)
{
  memset(m, 0xa5, mcap);
  *mlen = 12345;
  return qed_rsa_oaep_decrypt(m, mlen, mcap, &sk, h, label, llen, c, clen);
}

/* -1, *mlen 0 and m[0 .. mcap-1] zero */
static int refused(int r, const uint8_t *m, const size_t *mlen, size_t mcap)
{
  return r == -1 && *mlen == 0 && all_zero(m, mcap);
}

static void oaep_crafted(const char *what, int every_length)
{
  static uint8_t em[1024], c[1024], m[1100], msg[1024];
  static const uint8_t label[7] = "a label";
  const size_t k = sk.bytes;
  size_t ml;
  for (int hi = 0; hi < 3; hi++) {
    const qed_hash_id h = HASHES[hi];
    const size_t hl = hlen_of(h);
    if (k < 2 * hl + 2) {
      test_check(&T, refused(oaep_dec(m, &ml, k, h, NULL, 0, c, k), m, &ml, k) &&
                     qed_rsa_oaep_encrypt(c, k, &pk, h, NULL, 0, msg, 0) == -1 && all_zero(c, k),
                 "%s: no room for hash %d", what, hi);
      continue;
    }
    const size_t mmax = k - 2 * hl - 2;
    for (size_t mlen = 0; mlen <= mmax; mlen++) {
      if (!every_length && mlen > 2 && mlen + 2 < mmax && mlen != mmax / 2) continue;
      rnd(msg, mlen);
      for (int fault = 0; fault < OF_COUNT; fault++) {
        if (fault == OF_PS && mlen == mmax) continue;        /* no PS */
        if (fault == OF_NOSEP && mlen > 0) continue;         /* see below */
        if (fault != OF_NONE && !every_length && mlen > 0 && mlen != mmax) continue;
        int tries = 0;
        do {
          oaep_em(em, k, h, label, sizeof label, msg, mlen, fault);
        } while (!below_n(em, k) && ++tries < 200);
        test_check(&T, raw_pow(c, k, em, &sk.e, &sk.n) == 0, "%s: raw encrypt", what);
        const int r = oaep_dec(m, &ml, mlen + 1, h, label, sizeof label, c, k);
        if (fault == OF_NONE)
          test_check(&T, r == 0 && ml == mlen && memcmp(m, msg, mlen) == 0 && m[mlen] == 0,
                     "%s: hash %d crafted length %zu", what, hi, mlen);
        else
          test_check(&T, refused(r, m, &ml, mlen + 1), "%s: hash %d length %zu fault %s",
                     what, hi, mlen, of_name[fault]);
        if (fault != OF_NONE || mlen == 0) continue;
        test_check(&T, refused(oaep_dec(m, &ml, mlen - 1, h, label, sizeof label, c, k), m,
                               &ml, mlen - 1),
                   "%s: mcap one short, length %zu", what, mlen);
      }
      /* qed's own ciphertexts, with and without a label */
      test_check(&T, qed_rsa_oaep_encrypt(c, k, &pk, h, label, sizeof label, msg, mlen) == 0 &&
                     oaep_dec(m, &ml, mlen, h, label, sizeof label, c, k) == 0 && ml == mlen &&
                     memcmp(m, msg, mlen) == 0,
                 "%s: round trip %zu", what, mlen);
      test_check(&T, refused(oaep_dec(m, &ml, k, h, NULL, 0, c, k), m, &ml, k),
                 "%s: label missing", what);
      test_check(&T, qed_rsa_oaep_encrypt(c, k, &pk, h, NULL, 0, msg, mlen) == 0 &&
                     oaep_dec(m, &ml, mmax, h, NULL, 0, c, k) == 0 && ml == mlen &&
                     memcmp(m, msg, mlen) == 0 && all_zero(m + mlen, mmax - mlen),
                 "%s: round trip no label %zu", what, mlen);
      test_check(&T, refused(oaep_dec(m, &ml, k, h, label, 1, c, k), m, &ml, k),
                 "%s: label added", what);
    }
    memset(c, 0xa5, k);
    test_check(&T, qed_rsa_oaep_encrypt(c, k, &pk, h, NULL, 0, msg, mmax + 1) == -1 &&
                   all_zero(c, k), "%s: message too long", what);
    memset(c, 0xa5, k);
    test_check(&T, qed_rsa_oaep_encrypt(c, k, &pk, h, NULL, 0, msg, (size_t)-1 / 2) == -1 &&
                   all_zero(c, k), "%s: message length huge", what);
  }
}

/* every single-bit flip of a valid ciphertext: -1 and zeroed outputs */
static void oaep_flips(const char *what, qed_hash_id h)
{
  static uint8_t c[1024], m[1024];
  static const uint8_t msg[5] = "flips";
  const size_t k = sk.bytes;
  size_t bad = 0, ml;
  test_check(&T, qed_rsa_oaep_encrypt(c, k, &pk, h, NULL, 0, msg, 5) == 0 &&
                 oaep_dec(m, &ml, k, h, NULL, 0, c, k) == 0 && ml == 5, "%s: flips base", what);
  for (size_t b = 0; b < 8 * k; b++) {
    c[b / 8] ^= (uint8_t)(1u << (b % 8));
    if (!refused(oaep_dec(m, &ml, k, h, NULL, 0, c, k), m, &ml, k)) bad++;
    c[b / 8] ^= (uint8_t)(1u << (b % 8));
  }
  test_check(&T, bad == 0, "%s: %zu of %zu bit flips accepted", what, bad, 8 * k);
}

/* ---- wrong arguments ---- */

static void bad_args(void)
{
  static uint8_t buf[1100], m[1100];
  const size_t k = sk.bytes;
  size_t ml;
  const qed_hash_id none[2] = { (qed_hash_id)0, (qed_hash_id)4 };
  for (int i = 0; i < 2; i++) {
    memset(buf, 0xa5, k);
    test_check(&T, qed_rsa_pss_sign(buf, k, &sk, none[i], 0, m, 3) == -1 && all_zero(buf, k),
               "pss sign bad hash");
    test_check(&T, qed_rsa_pss_verify(&pk, none[i], 0, m, 3, buf, k) == -1, "pss verify bad hash");
    memset(buf, 0xa5, k);
    test_check(&T, qed_rsa_oaep_encrypt(buf, k, &pk, none[i], NULL, 0, m, 3) == -1 &&
                   all_zero(buf, k), "oaep encrypt bad hash");
    test_check(&T, qed_rsa_oaep_encrypt(buf, k, &pk, QED_HASH_SHA256, NULL, 0, m, 3) == 0 &&
                   refused(oaep_dec(m, &ml, k, none[i], NULL, 0, buf, k), m, &ml, k),
               "oaep decrypt bad hash");
  }
  const size_t lens[4] = { 0, k - 1, k + 1, 1024 };
  test_check(&T, qed_rsa_pss_sign(buf, k, &sk, QED_HASH_SHA256, 20, m, 3) == 0, "pss sign");
  for (int i = 0; i < 4; i++) {
    test_check(&T, qed_rsa_pss_verify(&pk, QED_HASH_SHA256, 20, m, 3, buf, lens[i]) == -1,
               "pss verify siglen %zu", lens[i]);
    memset(buf, 0xa5, sizeof buf);
    test_check(&T, qed_rsa_pss_sign(buf, lens[i], &sk, QED_HASH_SHA256, 20, m, 3) == -1 &&
                   all_zero(buf, lens[i]), "pss sign siglen %zu", lens[i]);
    memset(buf, 0xa5, sizeof buf);
    test_check(&T, qed_rsa_oaep_encrypt(buf, lens[i], &pk, QED_HASH_SHA256, NULL, 0, m, 3) == -1 &&
                   all_zero(buf, lens[i]), "oaep encrypt clen %zu", lens[i]);
    test_check(&T, refused(oaep_dec(m, &ml, k, QED_HASH_SHA256, NULL, 0, buf, lens[i]), m, &ml, k),
               "oaep decrypt clen %zu", lens[i]);
  }
  /* a ciphertext >= n: -1 */
  memset(buf, 0xff, k);
  test_check(&T, refused(oaep_dec(m, &ml, k, QED_HASH_SHA256, NULL, 0, buf, k), m, &ml, k),
             "oaep decrypt c >= n");
  test_check(&T, qed_rsa_pss_verify(&pk, QED_HASH_SHA256, 0, m, 3, buf, k) == -1,
             "pss verify s >= n");
  /* Wycheproof's special ciphertexts: m = 0, 1, n - 1 (EMs that cannot be
   * OAEP), and a valid c with n added (not reduced, when it fits k bytes) */
  {
    static qed_bn t, one;
    static uint8_t c[1100];
    qed_bn_from_u64(&one, 1);
    memset(c, 0, k);
    test_check(&T, refused(oaep_dec(m, &ml, k, QED_HASH_SHA256, NULL, 0, c, k), m, &ml, k),
               "oaep decrypt c = 0");
    c[k - 1] = 1;
    test_check(&T, refused(oaep_dec(m, &ml, k, QED_HASH_SHA256, NULL, 0, c, k), m, &ml, k),
               "oaep decrypt c = 1");
    test_check(&T, qed_bn_sub(&t, &sk.n, &one) == 0 && qed_bn_to_bytes(c, k, &t) == 0 &&
                   refused(oaep_dec(m, &ml, k, QED_HASH_SHA256, NULL, 0, c, k), m, &ml, k),
               "oaep decrypt c = n - 1");
    test_check(&T, qed_rsa_oaep_encrypt(c, k, &pk, QED_HASH_SHA256, NULL, 0, m, 3) == 0 &&
                   qed_bn_from_bytes(&t, c, k) == 0 && qed_bn_add(&t, &t, &sk.n) == 0,
               "oaep c + n");
    if (qed_bn_to_bytes(c, k, &t) == 0)
      test_check(&T, refused(oaep_dec(m, &ml, k, QED_HASH_SHA256, NULL, 0, c, k), m, &ml, k),
                 "oaep decrypt c + n");
  }
  /* no room at all: mcap 0 with a 1-byte message */
  test_check(&T, qed_rsa_oaep_encrypt(buf, k, &pk, QED_HASH_SHA256, NULL, 0, m, 1) == 0 &&
                 oaep_dec(m, &ml, 0, QED_HASH_SHA256, NULL, 0, buf, k) == -1 && ml == 0,
             "oaep mcap 0");
}

/* ---- known answers ---- */

static void cavp_sigver(void)
{
  static char line[4096];
  static num n, e, msg, s, salt;
  char alg[16] = "";
  unsigned long cases = 0, flips_done = 0;
  FILE *f = open_vec("cavp_SigVerPSS_186-3.rsp");
  while (fgets(line, sizeof line, f) != NULL) {
    chomp(line);
    char *eq = strstr(line, " = ");
    if (eq == NULL) continue;
    *eq = 0;
    const char *key = line, *val = eq + 3;
    if (strcmp(key, "n") == 0) n.len = unhex_len(n.v, sizeof n.v, val);
    else if (strcmp(key, "e") == 0) e.len = unhex_len(e.v, sizeof e.v, val);
    else if (strcmp(key, "SHAAlg") == 0) snprintf(alg, sizeof alg, "%s", val);
    else if (strcmp(key, "Msg") == 0) msg.len = unhex_len(msg.v, sizeof msg.v, val);
    else if (strcmp(key, "S") == 0) s.len = unhex_len(s.v, sizeof s.v, val);
    else if (strcmp(key, "SaltVal") == 0)
      salt.len = strcmp(val, "00") == 0 ? 0 : unhex_len(salt.v, sizeof salt.v, val);
    else if (strcmp(key, "Result") == 0) {
      qed_hash_id h;
      if (hash_of(alg, &h) != 0) continue;
      const int pass = val[0] == 'P';
      cases++;
      if (load_public(&n, &e) != 0) {   /* a changed e may not be a key */
        test_check(&T, !pass, "SigVer: key refused for a passing case (%s)", val);
        continue;
      }
      const int r = qed_rsa_pss_verify(&pk, h, salt.len, msg.v, msg.len, s.v, s.len);
      test_check(&T, r == (pass ? 0 : -1), "SigVer %zu bits %s %s: %d", 8 * n.len, alg, val, r);
      if (!pass) continue;
      test_check(&T, qed_rsa_pss_verify(&pk, h, salt.len + 1, msg.v, msg.len, s.v, s.len) == -1 &&
                     qed_rsa_pss_verify(&pk, h, salt.len - 1, msg.v, msg.len, s.v, s.len) == -1 &&
                     qed_rsa_pss_verify(&pk, h, 0, msg.v, msg.len, s.v, s.len) == -1,
                 "SigVer: other salt lengths");
      test_check(&T, qed_rsa_pss_verify(&pk, h == QED_HASH_SHA256 ? QED_HASH_SHA384 : QED_HASH_SHA256,
                                        salt.len, msg.v, msg.len, s.v, s.len) == -1,
                 "SigVer: other hash");
      if (s.len == 256 && flips_done++ == 0) {   /* every bit of one 2048-bit signature */
        size_t bad = 0;
        for (size_t b = 0; b < 8 * s.len; b++) {
          s.v[b / 8] ^= (uint8_t)(1u << (b % 8));
          if (qed_rsa_pss_verify(&pk, h, salt.len, msg.v, msg.len, s.v, s.len) != -1) bad++;
          s.v[b / 8] ^= (uint8_t)(1u << (b % 8));
        }
        test_check(&T, bad == 0, "SigVer: %zu bit flips accepted", bad);
      }
    }
  }
  fclose(f);
  test_check(&T, cases == 270, "SigVer: %lu SHA-2 cases (270 expected)", cases);
}

static void cavp_siggen(void)
{
  static char line[4096];
  static num n, e, msg, s;
  char alg[16] = "";
  unsigned long cases = 0;
  FILE *f = open_vec("cavp_SigGenPSS_186-3.rsp");
  while (fgets(line, sizeof line, f) != NULL) {
    chomp(line);
    char *eq = strstr(line, " = ");
    if (eq == NULL) continue;
    *eq = 0;
    const char *key = line, *val = eq + 3;
    if (strcmp(key, "n") == 0) n.len = unhex_len(n.v, sizeof n.v, val);
    else if (strcmp(key, "e") == 0) e.len = unhex_len(e.v, sizeof e.v, val);
    else if (strcmp(key, "SHAAlg") == 0) snprintf(alg, sizeof alg, "%s", val);
    else if (strcmp(key, "Msg") == 0) msg.len = unhex_len(msg.v, sizeof msg.v, val);
    else if (strcmp(key, "S") == 0) {
      qed_hash_id h;
      s.len = unhex_len(s.v, sizeof s.v, val);
      if (hash_of(alg, &h) != 0) continue;
      cases++;
      test_check(&T, load_public(&n, &e) == 0, "SigGen: key");
      test_check(&T, qed_rsa_pss_verify(&pk, h, 0, msg.v, msg.len, s.v, s.len) == 0,
                 "SigGen %zu bits %s", 8 * n.len, alg);
      test_check(&T, qed_rsa_pss_verify(&pk, h, 1, msg.v, msg.len, s.v, s.len) == -1,
                 "SigGen: salt 1");
      msg.v[0] ^= 1;
      test_check(&T, qed_rsa_pss_verify(&pk, h, 0, msg.v, msg.len, s.v, s.len) == -1,
                 "SigGen: message changed");
    }
  }
  fclose(f);
  test_check(&T, cases == 150, "SigGen: %lu SHA-2 cases (150 expected)", cases);
}

/* pyca/cryptography's oaep-shaN-shaN.txt: keys in the RSA Labs layout */
static void oaep_custom(const char *file, qed_hash_id h)
{
  static char line[4096];
  static num parts[8], msg, ct;   /* n e d p q dp dq qinv */
  static uint8_t der[4096], m[1024];
  enum { NONE, PUB, PRIV } section = NONE;
  int want = -1, first = 0;
  unsigned long examples = 0, keys = 0;
  size_t ml;
  FILE *f = open_vec(file);
  while (fgets(line, sizeof line, f) != NULL) {
    chomp(line);
    if (strcmp(line, "# Public key") == 0) { section = PUB; continue; }
    if (strcmp(line, "# Private key") == 0) { section = PRIV; continue; }
    if (line[0] == '#') {
      const char *l = line + 2;
      want = -1;
      if (section == PRIV) {
        const char *names[8] = { "Modulus:", "Public exponent:", "Exponent:", "Prime 1:",
                                 "Prime 2:", "Prime exponent 1:", "Prime exponent 2:",
                                 "Coefficient:" };
        for (int i = 0; i < 8; i++)
          if (strcmp(l, names[i]) == 0) want = i;
      }
      if (strcmp(l, "Message:") == 0) want = 10;
      if (strcmp(l, "Encryption:") == 0) want = 11;
      continue;
    }
    if (want >= 0 && want < 8) {
      parts[want].len = unhex_len(parts[want].v, sizeof parts[want].v, line);
      if (want == 7) {
        const size_t len = der_seq(der, parts, 8, 1);
        test_check(&T, qed_rsa_private_from_der(&sk, der, len) == 0 &&
                       qed_rsa_public_from_private(&pk, &sk) == 0, "%s: key", file);
        keys++;
        first = 1;
        section = NONE;
      }
    } else if (want == 10) {
      msg.len = unhex_len(msg.v, sizeof msg.v, line);
    } else if (want == 11) {
      ct.len = unhex_len(ct.v, sizeof ct.v, line);
      examples++;
      test_check(&T, oaep_dec(m, &ml, msg.len, h, NULL, 0, ct.v, ct.len) == 0 && ml == msg.len &&
                     memcmp(m, msg.v, msg.len) == 0, "%s: example %lu", file, examples);
      if (first) {   /* the first example of each key: the rejections */
        first = 0;
        test_check(&T, refused(oaep_dec(m, &ml, msg.len - 1, h, NULL, 0, ct.v, ct.len), m, &ml,
                               msg.len - 1), "%s: mcap", file);
        test_check(&T, refused(oaep_dec(m, &ml, 300, h, (const uint8_t *)"L", 1, ct.v, ct.len),
                               m, &ml, 300), "%s: label", file);
        test_check(&T, refused(oaep_dec(m, &ml, 300, h == QED_HASH_SHA256 ? QED_HASH_SHA384
                                                                          : QED_HASH_SHA256,
                                        NULL, 0, ct.v, ct.len), m, &ml, 300), "%s: hash", file);
        test_check(&T, refused(oaep_dec(m, &ml, 300, h, NULL, 0, ct.v, ct.len - 1), m, &ml, 300),
                   "%s: clen", file);
      }
      want = -1;
    }
  }
  fclose(f);
  test_check(&T, keys == 10 && examples == 60, "%s: %lu keys, %lu examples", file, keys, examples);
}

/* BoringSSL's vector with a label (PKCS #8 key: the RSAPrivateKey inside) */
static void oaep_label(void)
{
  static char line[8192];
  static num key, label, in;
  static uint8_t m[300];
  qed_hash_id h = QED_HASH_SHA256;
  size_t ml;
  FILE *f = open_vec("oaep-label.txt");
  while (fgets(line, sizeof line, f) != NULL) {
    chomp(line);
    char *eq = strstr(line, " = ");
    if (eq == NULL) continue;
    *eq = 0;
    if (strcmp(line, "KEY") == 0) key.len = unhex_len(key.v, sizeof key.v, eq + 3);
    else if (strcmp(line, "OAEPDigest") == 0) hash_of(eq + 3, &h);
    else if (strcmp(line, "OAEPLabel") == 0) label.len = unhex_len(label.v, sizeof label.v, eq + 3);
    else if (strcmp(line, "Input") == 0) in.len = unhex_len(in.v, sizeof in.v, eq + 3);
  }
  fclose(f);
  /* PrivateKeyInfo: SEQUENCE { INTEGER 0, AlgorithmIdentifier, OCTET STRING } */
  size_t p = 4, l;
  p += 3;                           /* version */
  p += 2 + key.v[p + 1];            /* AlgorithmIdentifier (short length) */
  l = key.v[p + 1] == 0x82 ? 4 : key.v[p + 1] == 0x81 ? 3 : 2;
  p += l;                           /* OCTET STRING header */
  test_check(&T, h == QED_HASH_SHA512 &&
                 qed_rsa_private_from_der(&sk, key.v + p, key.len - p) == 0 &&
                 qed_rsa_public_from_private(&pk, &sk) == 0, "label vector: key");
  test_check(&T, oaep_dec(m, &ml, sizeof m, h, label.v, label.len, in.v, in.len) == 0 &&
                 ml == 11 && memcmp(m, "Hello World", 11) == 0, "label vector: decrypt");
  test_check(&T, refused(oaep_dec(m, &ml, sizeof m, h, NULL, 0, in.v, in.len), m, &ml, sizeof m),
             "label vector: no label");
  label.v[label.len - 1] ^= 1;
  test_check(&T, refused(oaep_dec(m, &ml, sizeof m, h, label.v, label.len, in.v, in.len), m, &ml,
                         sizeof m), "label vector: other label");
  test_check(&T, refused(oaep_dec(m, &ml, sizeof m, h, label.v, label.len - 1, in.v, in.len), m,
                         &ml, sizeof m), "label vector: shorter label");
}

/* keys of 8j + 1 bits, signatures and ciphertexts by cryptography */
static void odd_keys(void)
{
  static char line[8192];
  static uint8_t der[4096], a[1100], b[1100], c[1100], m[1100];
  unsigned long sigs = 0, cts = 0, keys = 0;
  size_t ml, bits = 0;
  FILE *f = open_vec("rsa_pad_odd.txt");
  for (;;) {
    const int more = fgets(line, sizeof line, f) != NULL;
    char *tok[6];
    size_t nt = 0;
    if (more)
      for (char *s = strtok(chomp(line), " "); s != NULL && nt < 6; s = strtok(NULL, " "))
        tok[nt++] = s;
    if (!more || (nt == 3 && strcmp(tok[0], "key") == 0)) {
      if (keys > 0) {   /* the key read last: everything else on it */
        char what[32];
        snprintf(what, sizeof what, "%zu bits", bits);
        pss_crafted(what, bits);
        oaep_crafted(what, bits < 1100);
        pss_flips(what, QED_HASH_SHA256, 32);
        if (bits < 1100) oaep_flips(what, QED_HASH_SHA256);
        bad_args();
      }
      if (!more) break;
      bits = (size_t)strtoul(tok[1], NULL, 10);
      const size_t len = unhex_len(der, sizeof der, tok[2]);
      test_check(&T, qed_rsa_private_from_der(&sk, der, len) == 0 &&
                     qed_rsa_public_from_private(&pk, &sk) == 0 &&
                     qed_bn_bits(&sk.n) == bits && sk.bytes == (bits + 7) / 8,
                 "odd key %zu", bits);
      keys++;
    } else if (nt == 5 && strcmp(tok[0], "pss") == 0) {
      qed_hash_id h;
      hash_of(tok[1], &h);
      const size_t slen = (size_t)strtoul(tok[2], NULL, 10);
      const size_t mlen = unhex_len(a, sizeof a, tok[3]), siglen = unhex_len(b, sizeof b, tok[4]);
      sigs++;
      test_check(&T, qed_rsa_pss_verify(&pk, h, slen, a, mlen, b, siglen) == 0 &&
                     qed_rsa_pss_verify(&pk, h, slen + 1, a, mlen, b, siglen) == -1 &&
                     (slen == 0 || qed_rsa_pss_verify(&pk, h, slen - 1, a, mlen, b, siglen) == -1),
                 "odd %zu: cryptography's PSS %s salt %zu", bits, tok[1], slen);
    } else if (nt == 5 && strcmp(tok[0], "oaep") == 0) {
      qed_hash_id h;
      hash_of(tok[1], &h);
      const size_t llen = unhex_len(a, sizeof a, tok[2]), mlen = unhex_len(b, sizeof b, tok[3]);
      const size_t clen = unhex_len(c, sizeof c, tok[4]);
      cts++;
      test_check(&T, oaep_dec(m, &ml, mlen, h, a, llen, c, clen) == 0 && ml == mlen &&
                     memcmp(m, b, mlen) == 0,
                 "odd %zu: cryptography's OAEP %s length %zu", bits, tok[1], mlen);
    }
  }
  fclose(f);
  test_check(&T, keys == 2 && sigs >= 20 && cts >= 16, "odd keys: %lu keys %lu sigs %lu cts",
             keys, sigs, cts);
}

/* PSS EMs with zbits = 1 (a 2048-bit key: emLen = k, top bit cleared) */
static void even_key(void)
{
  pss_crafted("2048 bits", 2048);
  oaep_crafted("2048 bits", 0);
}

int main(int argc, char **argv)
{
  if (argc > 1) vdir = argv[1];
  test_print_backend();
  cavp_sigver();
  cavp_siggen();
  oaep_custom("oaep-sha256-sha256.txt", QED_HASH_SHA256);
  oaep_custom("oaep-sha384-sha384.txt", QED_HASH_SHA384);
  oaep_custom("oaep-sha512-sha512.txt", QED_HASH_SHA512);
  even_key();   /* on the last key of oaep-sha512-sha512.txt */
  oaep_label();
  odd_keys();
  return test_finish(&T);
}
