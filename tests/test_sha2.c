/* The SHA-2 family (qed/sha2.h): NIST CAVP SHAVS known answers (ShortMsg,
 * LongMsg, Monte Carlo) for SHA-224/256/384/512 and SHA-512/256, the CAVP
 * SHA-512 set in Crypto++'s format, libsodium's NaCl hash tests,
 * crypto_hashblocks against the one-shot, streaming = one-shot at every
 * split of every length 0 .. 3 blocks + 1, and the refusals (contexts used
 * out of order, corrupted, or past the length limit).
 *
 * usage: test_sha2 VECTOR_DIR   (VECTOR_DIR/sha2/ holds the files; see its
 * README.md for their sources) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/sha2.h"
#include "sha2/sha2_blocks.h"
#include "sha2/sha2_blocks_small.h"
#include "testutil.h"

#define MAXMSG 16384

static test_tally T;

/* ---- the five hashes through one interface ---- */
typedef struct {
  const char *name;      /* CAVP file prefix                           */
  size_t digest;
  size_t block;
  void (*oneshot)(uint8_t *out, const uint8_t *in, size_t inlen);
  int wide;              /* 1: qed_sha512_ctx, 0: qed_sha256_ctx        */
  void (*init256)(qed_sha256_ctx *ctx);
  void (*init512)(qed_sha512_ctx *ctx);
} alg;

static const alg ALGS[5] = {
  {"SHA224", 28, 64, qed_sha224, 0, qed_sha224_init, NULL},
  {"SHA256", 32, 64, qed_sha256, 0, qed_sha256_init, NULL},
  {"SHA384", 48, 128, qed_sha384, 1, NULL, qed_sha384_init},
  {"SHA512", 64, 128, qed_sha512, 1, NULL, qed_sha512_init},
  {"SHA512_256", 32, 128, qed_sha512_256, 1, NULL, qed_sha512_256_init},
};

/* Streaming in pieces whose lengths come from seed (0 included); a first
 * piece of `first` bytes if first <= inlen.  Returns 0 or -1. */
static int stream(const alg *a, uint8_t *out, const uint8_t *in, size_t inlen,
                  size_t first, uint64_t seed)
{
  qed_sha256_ctx c256;
  qed_sha512_ctx c512;
  uint64_t s = seed | 1;
  size_t pos = 0;
  int rc = 0, started = 0;
  if (a->wide) a->init512(&c512); else a->init256(&c256);
  while (pos < inlen || (seed != 0 && (test_rand(&s) & 3) == 0)) {
    size_t n;
    if (first <= inlen && !started)
      n = first;
    else if (seed == 0)
      n = inlen - pos;
    else
      n = (size_t)(test_rand(&s) % (3 * a->block + 2));
    if (n > inlen - pos) n = inlen - pos;
    rc |= a->wide ? qed_sha512_update(&c512, in + pos, n)
                  : qed_sha256_update(&c256, in + pos, n);
    pos += n;
    started = 1;
    if (pos == inlen && seed == 0) break;
  }
  rc |= a->wide ? qed_sha512_final(&c512, out) : qed_sha256_final(&c256, out);
  return rc;
}

/* ---- CAVP .rsp reader: "Len = ", "Msg = ", "MD = ", "Seed = " ---- */
static char LINE[2 * MAXMSG + 64];
static uint8_t MSG[MAXMSG], MD[64], OUT[64], OUT2[64];

static size_t hexfield(const char *line, const char *key, uint8_t *out,
                       size_t max)
{
  size_t k = strlen(key), n;
  const char *h;
  if (strncmp(line, key, k) != 0)
    return (size_t)-1;
  h = line + k;
  n = strcspn(h, "\r\n ");
  if (n % 2 != 0 || n / 2 > max || test_unhex(out, h, n / 2) != 0) {
    printf("bad hex after %s\n", key);
    exit(2);
  }
  return n / 2;
}

static FILE *open_vec(const char *dir, const char *name)
{
  char path[1024];
  FILE *f;
  snprintf(path, sizeof path, "%s/sha2/%s", dir, name);
  f = fopen(path, "r");
  test_check(&T, f != NULL, "cannot open %s", path);
  return f;
}

/* ShortMsg / LongMsg: every message one-shot and streamed. */
static void kat_msg(const char *dir, const alg *a, const char *kind)
{
  char name[64];
  FILE *f;
  long bits = -1;
  size_t mlen = 0, n;
  unsigned long count = 0;
  snprintf(name, sizeof name, "%s%s.rsp", a->name, kind);
  if (!(f = open_vec(dir, name))) return;
  while (fgets(LINE, sizeof LINE, f)) {
    if (strncmp(LINE, "Len = ", 6) == 0) {
      bits = atol(LINE + 6);
      continue;
    }
    if ((n = hexfield(LINE, "Msg = ", MSG, MAXMSG)) != (size_t)-1) {
      mlen = bits == 0 ? 0 : n;
      continue;
    }
    if ((n = hexfield(LINE, "MD = ", MD, 64)) != (size_t)-1) {
      count++;
      test_check(&T, bits >= 0 && (size_t)bits == 8 * mlen && n == a->digest,
                 "%s record %lu malformed", name, count);
      a->oneshot(OUT, MSG, mlen);
      test_check(&T, memcmp(OUT, MD, a->digest) == 0, "%s %lu one-shot",
                 name, count);
      memset(OUT2, 0, sizeof OUT2);
      test_check(&T, stream(a, OUT2, MSG, mlen, (size_t)-1, count) == 0 &&
                 memcmp(OUT2, MD, a->digest) == 0, "%s %lu streaming",
                 name, count);
      bits = -1;
    }
  }
  fclose(f);
  test_check(&T, count >= 64, "%s: only %lu vectors", name, count);
}

/* Monte Carlo (SHAVS 6.4): MD0 = MD1 = MD2 = Seed; for i = 3 .. 1002,
 * MDi = H(MD(i-3) || MD(i-2) || MD(i-1)); the checkpoint is MD1002, which
 * seeds the next of the 100 checkpoints.  Every tenth checkpoint is also
 * computed streaming (two pieces: one digest, then the rest). */
static void kat_monte(const char *dir, const alg *a)
{
  char name[64];
  FILE *f;
  uint8_t seed[64], md[3][64], m[3 * 64];
  size_t d = a->digest, n;
  unsigned long count = 0;
  int have_seed = 0;
  snprintf(name, sizeof name, "%sMonte.rsp", a->name);
  if (!(f = open_vec(dir, name))) return;
  while (fgets(LINE, sizeof LINE, f)) {
    if ((n = hexfield(LINE, "Seed = ", seed, 64)) != (size_t)-1) {
      have_seed = (n == d);
      continue;
    }
    if ((n = hexfield(LINE, "MD = ", MD, 64)) != (size_t)-1) {
      int i, k;
      test_check(&T, have_seed && n == d, "%s malformed", name);
      for (k = 0; k < 3; k++) memcpy(md[k], seed, d);
      for (i = 3; i < 1003; i++) {
        memcpy(m, md[0], d);
        memcpy(m + d, md[1], d);
        memcpy(m + 2 * d, md[2], d);
        memmove(md[0], md[1], d);
        memmove(md[1], md[2], d);
        if (count % 10 == 0 && i == 1002) {
          test_check(&T, stream(a, md[2], m, 3 * d, d, 0) == 0,
                     "%s streaming refused", name);
        } else {
          a->oneshot(md[2], m, 3 * d);
        }
      }
      test_check(&T, memcmp(md[2], MD, d) == 0, "%s checkpoint %lu", name,
                 count);
      memcpy(seed, md[2], d);
      count++;
    }
  }
  fclose(f);
  test_check(&T, count == 100, "%s: %lu checkpoints", name, count);
}

/* Crypto++'s TestVectors/sha2_512_fips_180.txt: "Message: hex" (or ""),
 * "Digest: hex", a record per "Test: Verify". */
static void kat_cryptopp(const char *dir)
{
  FILE *f = open_vec(dir, "sha2_512_fips_180.txt");
  size_t mlen = 0, n;
  unsigned long count = 0;
  if (!f) return;
  while (fgets(LINE, sizeof LINE, f)) {
    if (strncmp(LINE, "Message: \"\"", 11) == 0) {
      mlen = 0;
      continue;
    }
    if ((n = hexfield(LINE, "Message: ", MSG, MAXMSG)) != (size_t)-1) {
      mlen = n;
      continue;
    }
    if ((n = hexfield(LINE, "Digest: ", MD, 64)) != (size_t)-1) {
      count++;
      test_check(&T, n == 64, "Crypto++ record %lu malformed", count);
      test_check(&T, qed_crypto_hash_sha512(OUT, MSG, mlen) == 0 &&
                 memcmp(OUT, MD, 64) == 0, "Crypto++ SHA-512 %lu", count);
      test_check(&T, stream(&ALGS[3], OUT2, MSG, mlen, (size_t)-1, count) == 0
                 && memcmp(OUT2, MD, 64) == 0,
                 "Crypto++ SHA-512 %lu streaming", count);
    }
  }
  fclose(f);
  test_check(&T, count >= 200, "Crypto++ SHA-512: only %lu vectors", count);
}

/* libsodium's test/default/hash.c and hash3.c: their inputs (below) and
 * expected outputs (hash.exp, hash3.exp: one hex digest per line). */
static void kat_libsodium(const char *dir)
{
  static const char *x = "testing\n";
  static const char *x2 =
      "The Conscience of a Hacker is a small essay written January 8, 1986 "
      "by a computer security hacker who went by the handle of The Mentor, "
      "who belonged to the 2nd generation of Legion of Doom.";
  FILE *f = open_vec(dir, "hash.exp");
  char line[256];
  uint8_t want[64];
  int i;
  if (!f) return;
  for (i = 0; i < 4; i++) {
    const char *in = (i % 2 == 0) ? x : x2;
    size_t d = i < 2 ? 64 : 32;
    int rc;
    if (!fgets(line, sizeof line, f) || test_unhex(want, line, d) != 0) {
      test_check(&T, 0, "hash.exp line %d", i + 1);
      continue;
    }
    rc = i < 2 ? qed_crypto_hash(OUT, (const uint8_t *)in, strlen(in))
               : qed_crypto_hash_sha256(OUT, (const uint8_t *)in, strlen(in));
    test_check(&T, rc == 0 && memcmp(OUT, want, d) == 0, "hash.exp line %d",
               i + 1);
  }
  fclose(f);
  if (!(f = open_vec(dir, "hash3.exp"))) return;
  if (!fgets(line, sizeof line, f) || test_unhex(want, line, 64) != 0)
    test_check(&T, 0, "hash3.exp");
  else
    test_check(&T, qed_crypto_hash(OUT, (const uint8_t *)x, strlen(x)) == 0 &&
               memcmp(OUT, want, 64) == 0, "hash3.exp");
  fclose(f);
}

/* ---- crypto_hashblocks against the one-shot ---- */

/* Pad msg by hand (FIPS 180-4 5.1) into buf; returns the padded length. */
static size_t pad(uint8_t *buf, const uint8_t *msg, size_t len, size_t block)
{
  size_t lenfield = block / 8, total, i;
  memcpy(buf, msg, len);
  buf[len] = 0x80;
  total = len + 1 + lenfield;
  total = (total + block - 1) / block * block;
  memset(buf + len + 1, 0, total - len - 1);
  for (i = 0; i < 8; i++)
    buf[total - 1 - i] = (uint8_t)(((uint64_t)len * 8) >> (8 * i));
  return total;
}

static void hashblocks(void)
{
  static const uint8_t iv512[64] = {
    0x6a, 0x09, 0xe6, 0x67, 0xf3, 0xbc, 0xc9, 0x08, 0xbb, 0x67, 0xae, 0x85,
    0x84, 0xca, 0xa7, 0x3b, 0x3c, 0x6e, 0xf3, 0x72, 0xfe, 0x94, 0xf8, 0x2b,
    0xa5, 0x4f, 0xf5, 0x3a, 0x5f, 0x1d, 0x36, 0xf1, 0x51, 0x0e, 0x52, 0x7f,
    0xad, 0xe6, 0x82, 0xd1, 0x9b, 0x05, 0x68, 0x8c, 0x2b, 0x3e, 0x6c, 0x1f,
    0x1f, 0x83, 0xd9, 0xab, 0xfb, 0x41, 0xbd, 0x6b, 0x5b, 0xe0, 0xcd, 0x19,
    0x13, 0x7e, 0x21, 0x79};
  static const uint8_t iv256[32] = {
    0x6a, 0x09, 0xe6, 0x67, 0xbb, 0x67, 0xae, 0x85, 0x3c, 0x6e, 0xf3, 0x72,
    0xa5, 0x4f, 0xf5, 0x3a, 0x51, 0x0e, 0x52, 0x7f, 0x9b, 0x05, 0x68, 0x8c,
    0x1f, 0x83, 0xd9, 0xab, 0x5b, 0xe0, 0xcd, 0x19};
  static uint8_t msg[1200], buf[1600];
  uint8_t st[64], before[64];
  size_t len, plen, extra;
  test_fill(msg, sizeof msg, 0x5a5a);
  for (len = 0; len <= 1100; len += (len < 300 ? 1 : 37)) {
    /* SHA-512: the padded message through hashblocks is the digest; extra
     * trailing bytes (fewer than a block) are left and counted. */
    plen = pad(buf, msg, len, 128);
    extra = len % 128;
    memcpy(buf + plen, msg, extra);
    memcpy(st, iv512, 64);
    test_check(&T, qed_crypto_hashblocks_sha512(st, buf, plen + extra) ==
               (int)extra, "hashblocks_sha512 leftover, len %zu", len);
    qed_sha512(OUT, msg, len);
    test_check(&T, memcmp(st, OUT, 64) == 0, "hashblocks_sha512 len %zu",
               len);
    plen = pad(buf, msg, len, 64);
    extra = len % 64;
    memcpy(buf + plen, msg, extra);
    memcpy(st, iv256, 32);
    test_check(&T, qed_crypto_hashblocks_sha256(st, buf, plen + extra) ==
               (int)extra, "hashblocks_sha256 leftover, len %zu", len);
    qed_sha256(OUT, msg, len);
    test_check(&T, memcmp(st, OUT, 32) == 0, "hashblocks_sha256 len %zu",
               len);
  }
  /* Fewer than a block: the state is unchanged and all bytes are left. */
  for (len = 0; len < 128; len++) {
    test_fill(st, 64, len + 1);
    memcpy(before, st, 64);
    test_check(&T, qed_crypto_hashblocks_sha512(st, msg, len) == (int)len &&
               memcmp(st, before, 64) == 0, "hashblocks_sha512 short %zu",
               len);
    if (len < 64)
      test_check(&T, qed_crypto_hashblocks_sha256(st, msg, len) == (int)len &&
                 memcmp(st, before, 32) == 0, "hashblocks_sha256 short %zu",
                 len);
  }
}

/* ---- SHA-512's size-first compression against the fast one ---- */

/* qed_sha512_blocks_small (sha2_blocks_small.c, what -Os builds run) and
 * qed_sha512_blocks_portable (the fast form) on random chaining values and
 * random messages of random lengths (0 .. 12 blocks + 127 bytes): same
 * bytes consumed, same chaining value.  One block from a random state
 * through 80 rounds: a wrong round, constant, schedule word or rotation
 * of the working variables changes the result.  A second pass flips one
 * random bit of the message and checks that both forms still agree and
 * that the chaining value changed.  The dispatched qed_sha512_blocks is
 * one of the two (QED_SHA2_UNROLLED), the tests above already compare it
 * with the portable form. */
static void blocks_small(void)
{
  static uint8_t msg[128 * 13];
  uint64_t s = 0x243f6a8885a308d3u;
  unsigned long bad = 0, n = 0;
  int i, k;
  for (i = 0; i < 400; i++) {
    uint64_t t0[8], ta[8], tb[8], tc[8];
    size_t len = (size_t)(test_rand(&s) % sizeof msg), ra, rb, rc;
    if (i < 16) len = (size_t)i * 128 + (size_t)(i & 3);  /* 0 .. 15 blocks */
    if (len > sizeof msg) len = sizeof msg;
    test_fill(msg, len, (uint64_t)i + 1000);
    for (k = 0; k < 8; k++) t0[k] = test_rand(&s);
    memcpy(ta, t0, sizeof t0);
    memcpy(tb, t0, sizeof t0);
    ra = qed_sha512_blocks_portable(ta, msg, len);
    rb = qed_sha512_blocks_small(tb, msg, len);
    bad += ra != rb || ra != len - len % 128 || memcmp(ta, tb, 64) != 0;
    n++;
    if (len >= 128) {
      size_t bit = (size_t)(test_rand(&s) % (8 * (len - len % 128)));
      msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      memcpy(tc, t0, sizeof t0);
      rc = qed_sha512_blocks_small(tc, msg, len);
      memcpy(ta, t0, sizeof t0);
      ra = qed_sha512_blocks_portable(ta, msg, len);
      bad += rc != ra || memcmp(tc, ta, 64) != 0 || memcmp(tc, tb, 64) == 0;
      n++;
    }
  }
  test_check(&T, bad == 0, "SHA-512 size-first blocks = fast blocks (%lu runs)", n);
}

/* ---- the builds of the compression loops agree ---- */

/* Random chaining values and messages through every build this machine
 * can run (portable; x86-64-v3, AVX2 and AVX-512 whatever QED_BACKEND
 * says; SHA-NI when the backend allows it) and through the dispatched one. */
static void blocks_equiv(void)
{
  static uint8_t msg[64 * 40];
  uint64_t s = 0x9e3779b97f4a7c15u;
  unsigned long bad = 0, n = 0;
  int i, k;
  for (i = 0; i < 200; i++) {
    uint32_t st0[8], st[4][8];
    uint64_t t0[8], t[3][8];
    size_t len = (size_t)(test_rand(&s) % sizeof msg), r[4];
    test_fill(msg, len, (uint64_t)i + 1);
    for (k = 0; k < 8; k++) {
      st0[k] = (uint32_t)test_rand(&s);
      t0[k] = test_rand(&s);
    }
    for (k = 0; k < 4; k++) memcpy(st[k], st0, sizeof st0);
    for (k = 0; k < 3; k++) memcpy(t[k], t0, sizeof t0);
    r[0] = qed_sha256_blocks_portable(st[0], msg, len);
    r[1] = qed_sha256_blocks(st[1], msg, len);
    bad += r[1] != r[0] || memcmp(st[1], st[0], 32) != 0;
    r[2] = qed_sha512_blocks_portable(t[0], msg, len);
    r[3] = qed_sha512_blocks(t[1], msg, len);
    bad += r[3] != r[2] || memcmp(t[1], t[0], 64) != 0;
    n += 2;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2")) {
      bad += qed_sha256_blocks_x86v3(st[2], msg, len) != r[0] ||
             memcmp(st[2], st[0], 32) != 0;
      n++;
    }
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2")) {
      memcpy(t[2], t0, sizeof t0);
      bad += qed_sha512_blocks_avx2(t[2], msg, len) != r[2] ||
             memcmp(t[2], t[0], 64) != 0;
      n++;
    }
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")) {
      memcpy(t[2], t0, sizeof t0);
      bad += qed_sha512_blocks_avx512(t[2], msg, len) != r[2] ||
             memcmp(t[2], t[0], 64) != 0;
      n++;
    }
    if (qed_sha256_shani_usable()) {
      bad += qed_sha256_blocks_shani(st[3], msg, len) != r[0] ||
             memcmp(st[3], st[0], 32) != 0;
      n++;
    }
#endif
  }
  test_check(&T, bad == 0 && n > 0, "compression builds disagree in %lu of %lu",
             bad, n);
}

/* ---- streaming = one-shot ---- */

/* Every length 0 .. 3 blocks + 1, every split into two pieces; then random
 * splits into many pieces (empty ones included). */
static void stream_splits(void)
{
  static uint8_t msg[3 * 128 + 2];
  int k;
  test_fill(msg, sizeof msg, 0x1234);
  for (k = 0; k < 5; k++) {
    const alg *a = &ALGS[k];
    size_t len, split, maxlen = 3 * a->block + 1;
    unsigned long bad = 0, n = 0;
    for (len = 0; len <= maxlen; len++) {
      a->oneshot(OUT, msg, len);
      for (split = 0; split <= len; split++) {
        memset(OUT2, 0, sizeof OUT2);
        if (stream(a, OUT2, msg, len, split, 0) != 0 ||
            memcmp(OUT, OUT2, a->digest) != 0)
          bad++;
        n++;
      }
      for (split = 0; split < 8; split++) {
        memset(OUT2, 0, sizeof OUT2);
        if (stream(a, OUT2, msg, len, (size_t)-1, len * 8 + split + 1) != 0 ||
            memcmp(OUT, OUT2, a->digest) != 0)
          bad++;
        n++;
      }
    }
    test_check(&T, bad == 0, "%s streaming != one-shot in %lu of %lu", a->name,
               bad, n);
  }
}

/* Digests land in exactly their bytes; in == out works for the one-shot. */
static void output_bounds(void)
{
  int k;
  for (k = 0; k < 5; k++) {
    const alg *a = &ALGS[k];
    uint8_t buf[80], msg[80], want[64];
    test_fill(msg, sizeof msg, 77 + (uint64_t)k);
    a->oneshot(want, msg, 80);
    memset(buf, 0xEE, sizeof buf);
    a->oneshot(buf, msg, 80);
    test_check(&T, memcmp(buf, want, a->digest) == 0 &&
               buf[a->digest] == 0xEE && buf[79] == 0xEE,
               "%s writes exactly its digest", a->name);
    memset(buf, 0xEE, sizeof buf);
    stream(a, buf, msg, 80, 33, 0);
    test_check(&T, memcmp(buf, want, a->digest) == 0 &&
               buf[a->digest] == 0xEE, "%s final writes exactly its digest",
               a->name);
    memcpy(buf, msg, 80);
    a->oneshot(buf, buf, 80);
    test_check(&T, memcmp(buf, want, a->digest) == 0, "%s in place",
               a->name);
  }
}

/* ---- refusals ---- */

static void misuse256(const alg *a)
{
  qed_sha256_ctx c, saved;
  uint8_t msg[100], out[40];
  test_fill(msg, sizeof msg, 9);
  /* A context no init prepared: all zero and all ones. */
  memset(&c, 0, sizeof c);
  test_check(&T, qed_sha256_update(&c, msg, 10) == -1 &&
             qed_sha256_digest_bytes(&c) == 0, "%s zero ctx update", a->name);
  memset(out, 0xAB, sizeof out);
  test_check(&T, qed_sha256_final(&c, out) == -1 && out[0] == 0xAB,
             "%s zero ctx final", a->name);
  memset(&c, 0xFF, sizeof c);
  memcpy(&saved, &c, sizeof c);
  test_check(&T, qed_sha256_update(&c, msg, 10) == -1 &&
             memcmp(&c, &saved, sizeof c) == 0, "%s 0xff ctx", a->name);
  /* After final: update and final refuse; final zeroes its output. */
  a->init256(&c);
  test_check(&T, qed_sha256_digest_bytes(&c) == a->digest, "%s digest_bytes",
             a->name);
  qed_sha256_update(&c, msg, 70);
  test_check(&T, qed_sha256_final(&c, out) == 0, "%s final", a->name);
  test_check(&T, qed_sha256_digest_bytes(&c) == a->digest && c.phase == 0 &&
             c.count == 0 && c.fill == 0, "%s final wipes", a->name);
  {
    size_t i, nz = 0;
    for (i = 0; i < 8; i++) nz |= c.state[i];
    for (i = 0; i < 64; i++) nz |= c.buf[i];
    test_check(&T, nz == 0, "%s final wipes the state and buffer", a->name);
  }
  memcpy(&saved, &c, sizeof c);
  test_check(&T, qed_sha256_update(&c, msg, 5) == -1 &&
             memcmp(&c, &saved, sizeof c) == 0, "%s update after final",
             a->name);
  memset(out, 0xAB, sizeof out);
  test_check(&T, qed_sha256_final(&c, out) == -1 && out[0] == 0 &&
             out[a->digest - 1] == 0 && out[a->digest] == 0xAB,
             "%s second final zeroes exactly the digest", a->name);
  /* A corrupted fill is refused. */
  a->init256(&c);
  c.fill = 64;
  memcpy(&saved, &c, sizeof c);
  test_check(&T, qed_sha256_update(&c, msg, 1) == -1 &&
             memcmp(&c, &saved, sizeof c) == 0, "%s bad fill", a->name);
  test_check(&T, qed_sha256_final(&c, out) == -1, "%s bad fill final",
             a->name);
  /* The length limit: 2^61 - 1 bytes in all. */
  a->init256(&c);
  c.count = (((uint64_t)1 << 61) - 1) - 5;
  memcpy(&saved, &c, sizeof c);
  test_check(&T, qed_sha256_update(&c, msg, 6) == -1 &&
             memcmp(&c, &saved, sizeof c) == 0, "%s past the limit", a->name);
  test_check(&T, qed_sha256_update(&c, msg, 5) == 0 &&
             c.count == (((uint64_t)1 << 61) - 1), "%s up to the limit",
             a->name);
  test_check(&T, qed_sha256_update(&c, msg, 0) == 0 &&
             qed_sha256_update(&c, msg, 1) == -1, "%s at the limit", a->name);
  c.count = ~(uint64_t)0;
  test_check(&T, qed_sha256_update(&c, msg, 0) == -1, "%s count corrupted",
             a->name);
}

static void misuse512(const alg *a)
{
  qed_sha512_ctx c, saved;
  uint8_t msg[200], out[72];
  test_fill(msg, sizeof msg, 10);
  memset(&c, 0, sizeof c);
  test_check(&T, qed_sha512_update(&c, msg, 10) == -1 &&
             qed_sha512_digest_bytes(&c) == 0, "%s zero ctx update", a->name);
  memset(out, 0xAB, sizeof out);
  test_check(&T, qed_sha512_final(&c, out) == -1 && out[0] == 0xAB,
             "%s zero ctx final", a->name);
  memset(&c, 0xFF, sizeof c);
  memcpy(&saved, &c, sizeof c);
  test_check(&T, qed_sha512_update(&c, msg, 10) == -1 &&
             memcmp(&c, &saved, sizeof c) == 0, "%s 0xff ctx", a->name);
  a->init512(&c);
  test_check(&T, qed_sha512_digest_bytes(&c) == a->digest, "%s digest_bytes",
             a->name);
  qed_sha512_update(&c, msg, 150);
  test_check(&T, qed_sha512_final(&c, out) == 0, "%s final", a->name);
  test_check(&T, qed_sha512_digest_bytes(&c) == a->digest && c.phase == 0 &&
             c.count == 0 && c.fill == 0, "%s final wipes", a->name);
  {
    uint64_t nz = 0;
    size_t i;
    for (i = 0; i < 8; i++) nz |= c.state[i];
    for (i = 0; i < 128; i++) nz |= c.buf[i];
    test_check(&T, nz == 0, "%s final wipes the state and buffer", a->name);
  }
  memcpy(&saved, &c, sizeof c);
  test_check(&T, qed_sha512_update(&c, msg, 5) == -1 &&
             memcmp(&c, &saved, sizeof c) == 0, "%s update after final",
             a->name);
  memset(out, 0xAB, sizeof out);
  test_check(&T, qed_sha512_final(&c, out) == -1 && out[0] == 0 &&
             out[a->digest - 1] == 0 && out[a->digest] == 0xAB,
             "%s second final zeroes exactly the digest", a->name);
  a->init512(&c);
  c.fill = 128;
  memcpy(&saved, &c, sizeof c);
  test_check(&T, qed_sha512_update(&c, msg, 1) == -1 &&
             memcmp(&c, &saved, sizeof c) == 0, "%s bad fill", a->name);
  test_check(&T, qed_sha512_final(&c, out) == -1, "%s bad fill final",
             a->name);
  /* The length limit: 2^64 - 1 bytes in all. */
  a->init512(&c);
  c.count = ~(uint64_t)0 - 5;
  memcpy(&saved, &c, sizeof c);
  test_check(&T, qed_sha512_update(&c, msg, 6) == -1 &&
             memcmp(&c, &saved, sizeof c) == 0, "%s past the limit", a->name);
  test_check(&T, qed_sha512_update(&c, msg, 5) == 0 &&
             c.count == ~(uint64_t)0, "%s up to the limit", a->name);
  test_check(&T, qed_sha512_update(&c, msg, 0) == 0 &&
             qed_sha512_update(&c, msg, 1) == -1, "%s at the limit", a->name);
  /* A wrong outlen (an init of the other context type, or corruption). */
  a->init512(&c);
  c.outlen = 28;
  memcpy(&saved, &c, sizeof c);
  memset(out, 0xAB, sizeof out);
  test_check(&T, qed_sha512_update(&c, msg, 1) == -1 &&
             qed_sha512_final(&c, out) == -1 && out[0] == 0xAB &&
             memcmp(&c, &saved, sizeof c) == 0, "%s bad outlen", a->name);
}

/* The FIPS 180-4 examples (csrc.nist.gov example files), "abc" and the
 * two-block messages, and one million 'a' (streamed in odd pieces). */
static void fips_examples(void)
{
  static const struct { int k; const char *msg; const char *md; } ex[] = {
    {0, "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
    {1, "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {2, "abc", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
               "8086072ba1e7cc2358baeca134c825a7"},
    {3, "abc", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
               "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
    {4, "abc", "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"},
    {1, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    {3, "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
        "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
        "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
  };
  size_t i;
  uint8_t want[64];
  for (i = 0; i < sizeof ex / sizeof ex[0]; i++) {
    const alg *a = &ALGS[ex[i].k];
    test_unhex(want, ex[i].md, a->digest);
    a->oneshot(OUT, (const uint8_t *)ex[i].msg, strlen(ex[i].msg));
    test_check(&T, memcmp(OUT, want, a->digest) == 0, "FIPS example %zu",
               i);
  }
  {
    static uint8_t mil[1000000];
    qed_sha512_ctx c;
    size_t pos = 0, step = 1;
    memset(mil, 'a', sizeof mil);
    test_unhex(want, "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803"
                     "afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e"
                     "4eadb217ad8cc09b", 64);
    qed_sha512_init(&c);
    while (pos < sizeof mil) {
      size_t n = step < sizeof mil - pos ? step : sizeof mil - pos;
      qed_sha512_update(&c, mil + pos, n);
      pos += n;
      step = step * 3 + 1;
      if (step > 5000) step = 7;
    }
    qed_sha512_final(&c, OUT);
    test_check(&T, memcmp(OUT, want, 64) == 0, "SHA-512 million a streaming");
    qed_sha512(OUT, mil, sizeof mil);
    test_check(&T, memcmp(OUT, want, 64) == 0, "SHA-512 million a");
    test_unhex(want, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39cc"
                     "c7112cd0", 32);
    qed_sha256(OUT, mil, sizeof mil);
    test_check(&T, memcmp(OUT, want, 32) == 0, "SHA-256 million a");
  }
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  int k;
  test_print_backend();
  fips_examples();
  for (k = 0; k < 5; k++) {
    kat_msg(dir, &ALGS[k], "ShortMsg");
    kat_msg(dir, &ALGS[k], "LongMsg");
    kat_monte(dir, &ALGS[k]);
  }
  kat_cryptopp(dir);
  kat_libsodium(dir);
  hashblocks();
  blocks_equiv();
  blocks_small();
  stream_splits();
  output_bounds();
  misuse256(&ALGS[0]);
  misuse256(&ALGS[1]);
  misuse512(&ALGS[2]);
  misuse512(&ALGS[3]);
  misuse512(&ALGS[4]);
  return test_finish(&T);
}
