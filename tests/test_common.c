/* Unit tests of the shared pieces: the byte helpers of src/common/bytes.h
 * (loads, stores, rotations: the only place qed turns bytes into words, so
 * the byte order is pinned here by fixed patterns, on a little- and a
 * big-endian machine), and the functions of qed/common.h.
 * Ends with exactly "N passed, M failed".                                 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/bytes.h"
#include "qed/common.h"
#include "testutil.h"

#define GUARD 0xA5

static test_tally tally;

/* 01 23 45 67 89 AB CD EF, then a pattern with every top bit set (a
 * sign-extension slip shows up there). */
static const uint8_t pat[8] = { 0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF };
static const uint8_t hi[8] = { 0x80, 0xFF, 0x90, 0xFE, 0xA0, 0xFD, 0xB0, 0xFC };

static int guards_intact(const uint8_t *buf, size_t from, size_t to)
{
  size_t i;

  for (i = from; i < to; i++)
    if (buf[i] != GUARD) return 0;
  return 1;
}

/* ---- loads and stores ---- */

static void fixed_loads(void)
{
  test_check(&tally, qed_load16_le(pat) == 0x2301u, "load16_le");
  test_check(&tally, qed_load16_be(pat) == 0x0123u, "load16_be");
  test_check(&tally, qed_load32_le(pat) == 0x67452301u, "load32_le");
  test_check(&tally, qed_load32_be(pat) == 0x01234567u, "load32_be");
  test_check(&tally, qed_load64_le(pat) == 0xEFCDAB8967452301ULL, "load64_le");
  test_check(&tally, qed_load64_be(pat) == 0x0123456789ABCDEFULL, "load64_be");
  test_check(&tally, qed_load16_le(hi) == 0xFF80u, "load16_le top bits");
  test_check(&tally, qed_load16_be(hi) == 0x80FFu, "load16_be top bits");
  test_check(&tally, qed_load32_le(hi) == 0xFE90FF80u, "load32_le top bits");
  test_check(&tally, qed_load32_be(hi) == 0x80FF90FEu, "load32_be top bits");
  test_check(&tally, qed_load64_le(hi) == 0xFCB0FDA0FE90FF80ULL,
             "load64_le top bits");
  test_check(&tally, qed_load64_be(hi) == 0x80FF90FEA0FDB0FCULL,
             "load64_be top bits");
}

/* Store v of width w bytes at offset 3 of a guarded buffer and compare
 * with the expected bytes; nothing around may change. */
static int stored_as(void (*store)(uint8_t *, uint64_t), uint64_t v,
                     const uint8_t *want, size_t w)
{
  uint8_t buf[16];

  memset(buf, GUARD, sizeof buf);
  store(buf + 3, v);
  return memcmp(buf + 3, want, w) == 0 && guards_intact(buf, 0, 3) &&
         guards_intact(buf, 3 + w, sizeof buf);
}

/* Adapters so one checker drives every width. */
static void st16le(uint8_t *p, uint64_t v) { qed_store16_le(p, (uint16_t)v); }
static void st16be(uint8_t *p, uint64_t v) { qed_store16_be(p, (uint16_t)v); }
static void st32le(uint8_t *p, uint64_t v) { qed_store32_le(p, (uint32_t)v); }
static void st32be(uint8_t *p, uint64_t v) { qed_store32_be(p, (uint32_t)v); }
static void st64le(uint8_t *p, uint64_t v) { qed_store64_le(p, v); }
static void st64be(uint8_t *p, uint64_t v) { qed_store64_be(p, v); }

static void fixed_stores(void)
{
  static const uint8_t le16[] = { 0x01, 0x23 }, be16[] = { 0x23, 0x01 };
  static const uint8_t le32[] = { 0x01, 0x23, 0x45, 0x67 };
  static const uint8_t be32[] = { 0x67, 0x45, 0x23, 0x01 };

  test_check(&tally, stored_as(st16le, 0x2301u, le16, 2), "store16_le");
  test_check(&tally, stored_as(st16be, 0x2301u, be16, 2), "store16_be");
  test_check(&tally, stored_as(st32le, 0x67452301u, le32, 4), "store32_le");
  test_check(&tally, stored_as(st32be, 0x67452301u, be32, 4), "store32_be");
  test_check(&tally, stored_as(st64le, 0xEFCDAB8967452301ULL, pat, 8),
             "store64_le");
  test_check(&tally, stored_as(st64be, 0x0123456789ABCDEFULL, pat, 8),
             "store64_be");
  test_check(&tally, stored_as(st64le, 0xFCB0FDA0FE90FF80ULL, hi, 8),
             "store64_le top bits");
  test_check(&tally, stored_as(st64be, 0x80FF90FEA0FDB0FCULL, hi, 8),
             "store64_be top bits");
}

/* Random words through store/load and random bytes through load/store, at
 * every offset of a buffer (unaligned included). */
static void round_trips(void)
{
  uint8_t buf[24], back[8];
  uint64_t s = 42;
  int ok = 1;
  unsigned i, off;

  for (i = 0; i < 200; i++) {
    uint64_t v = test_rand(&s);
    for (off = 0; off + 8 <= sizeof buf; off++) {
      test_fill(buf, sizeof buf, v);
      qed_store16_le(buf + off, (uint16_t)v);
      ok &= qed_load16_le(buf + off) == (uint16_t)v;
      qed_store16_be(buf + off, (uint16_t)v);
      ok &= qed_load16_be(buf + off) == (uint16_t)v;
      qed_store32_le(buf + off, (uint32_t)v);
      ok &= qed_load32_le(buf + off) == (uint32_t)v;
      qed_store32_be(buf + off, (uint32_t)v);
      ok &= qed_load32_be(buf + off) == (uint32_t)v;
      qed_store64_le(buf + off, v);
      ok &= qed_load64_le(buf + off) == v;
      qed_store64_be(buf + off, v);
      ok &= qed_load64_be(buf + off) == v;
      test_fill(buf, sizeof buf, v + 1);
      qed_store64_le(back, qed_load64_le(buf + off));
      ok &= memcmp(back, buf + off, 8) == 0;
      qed_store64_be(back, qed_load64_be(buf + off));
      ok &= memcmp(back, buf + off, 8) == 0;
      qed_store32_be(back, qed_load32_be(buf + off));
      ok &= memcmp(back, buf + off, 4) == 0;
      qed_store16_le(back, qed_load16_le(buf + off));
      ok &= memcmp(back, buf + off, 2) == 0;
    }
  }
  test_check(&tally, ok, "load/store round trips");
  /* Little- and big-endian loads of the same bytes are byte reversals. */
  test_check(&tally, qed_load64_le(pat) == qed_load64_be((const uint8_t[]){
                         0xEF, 0xCD, 0xAB, 0x89, 0x67, 0x45, 0x23, 0x01 }),
             "le/be loads are reversals");
}

/* ---- rotations ---- */

/* Bit i of rotl(x, n) is bit (i - n) mod w of x: checked bit by bit. */
static uint64_t rotl_by_bits(uint64_t x, unsigned n, unsigned w)
{
  uint64_t r = 0;
  unsigned i;

  for (i = 0; i < w; i++)
    r |= ((x >> ((i + w - n % w) % w)) & 1u) << i;
  return r;
}

static void rotations(void)
{
  uint64_t s = 7;
  unsigned i, n;
  int ok32 = 1, ok64 = 1;

  for (i = 0; i < 64; i++) {
    uint64_t x = i == 0 ? 0x8000000000000001ULL : test_rand(&s);
    uint32_t y = (uint32_t)x;
    /* Counts 0 .. 2w: 0, w - 1 and w (masked to 0) included. */
    for (n = 0; n <= 64; n++) {
      ok32 &= qed_rotl32(y, n) == (uint32_t)rotl_by_bits(y, n, 32);
      ok32 &= qed_rotr32(y, n) == (uint32_t)rotl_by_bits(y, 32 - n % 32, 32);
    }
    for (n = 0; n <= 128; n++) {
      ok64 &= qed_rotl64(x, n) == rotl_by_bits(x, n, 64);
      ok64 &= qed_rotr64(x, n) == rotl_by_bits(x, 64 - n % 64, 64);
    }
  }
  test_check(&tally, ok32, "rotl32/rotr32");
  test_check(&tally, ok64, "rotl64/rotr64");
  test_check(&tally, qed_rotl32(0x80000001u, 0) == 0x80000001u &&
                         qed_rotl32(0x80000001u, 31) == 0xC0000000u &&
                         qed_rotr32(0x80000001u, 31) == 0x00000003u,
             "rot32 counts 0 and 31");
  test_check(&tally, qed_rotl64(0x8000000000000001ULL, 0) ==
                             0x8000000000000001ULL &&
                         qed_rotl64(0x8000000000000001ULL, 63) ==
                             0xC000000000000000ULL &&
                         qed_rotr64(0x8000000000000001ULL, 63) == 3u,
             "rot64 counts 0 and 63");
}

/* ---- constant-time comparison ---- */

typedef int (*verify_fn)(const uint8_t *, const uint8_t *, size_t);

static int verify16_adapter(const uint8_t *x, const uint8_t *y, size_t n)
{
  (void)n;
  return qed_verify_16(x, y);
}

static int verify32_adapter(const uint8_t *x, const uint8_t *y, size_t n)
{
  (void)n;
  return qed_verify_32(x, y);
}

/* Equal gives 0; every single-bit difference gives exactly -1. */
static void verify_len(const char *name, verify_fn f, size_t len)
{
  uint8_t x[64], y[64];
  size_t i;
  unsigned b;
  int ok;

  test_fill(x, sizeof x, len);
  memcpy(y, x, sizeof y);
  ok = f(x, y, len) == 0 && f(y, x, len) == 0;
  for (i = 0; i < len; i++)
    for (b = 0; b < 8; b++) {
      y[i] ^= (uint8_t)(1u << b);
      ok &= f(x, y, len) == -1 && f(y, x, len) == -1;
      y[i] ^= (uint8_t)(1u << b);
    }
  /* All bytes different (the OR of differences must not cancel). */
  for (i = 0; i < len; i++) y[i] = (uint8_t)~x[i];
  ok &= len == 0 || f(x, y, len) == -1;
  test_check(&tally, ok, "%s, length %lu", name, (unsigned long)len);
}

static void verify(void)
{
  static const uint8_t a[1] = { 1 }, b[1] = { 2 };
  size_t len;

  for (len = 0; len <= 64; len++) verify_len("qed_verify", qed_verify, len);
  verify_len("qed_verify_16", verify16_adapter, 16);
  verify_len("qed_verify_32", verify32_adapter, 32);
  test_check(&tally, qed_verify(a, b, 0) == 0,
             "qed_verify of length 0 is equal");
}

/* ---- select, swap, zeroize ---- */

/* Every length 0 .. 40 (a byte loop may go wrong only at short or odd
 * lengths), both bits, and the in-place forms the header allows.         */
static int select_len(size_t len)
{
  uint8_t a[40], b[40], out[40 + 8], t[40];
  int ok;

  test_fill(a, sizeof a, 11 + len);
  test_fill(b, sizeof b, 12 + len);
  memset(out, GUARD, sizeof out);
  qed_ct_select(out, a, b, len, 1);
  ok = memcmp(out, a, len) == 0 && guards_intact(out, len, sizeof out);
  qed_ct_select(out, a, b, len, 0);
  ok &= memcmp(out, b, len) == 0 && guards_intact(out, len, sizeof out);
  memcpy(t, a, sizeof t);
  qed_ct_select(t, t, b, len, 0);  /* out == a */
  ok &= memcmp(t, b, len) == 0 && memcmp(t + len, a + len, 40 - len) == 0;
  memcpy(t, b, sizeof t);
  qed_ct_select(t, a, t, len, 1);  /* out == b */
  ok &= memcmp(t, a, len) == 0 && memcmp(t + len, b + len, 40 - len) == 0;
  return ok;
}

static int swap_len(size_t len)
{
  uint8_t a[40], b[40], a2[40], b2[40];
  int ok;

  test_fill(a, sizeof a, 21 + len);
  test_fill(b, sizeof b, 22 + len);
  memcpy(a2, a, sizeof a);
  memcpy(b2, b, sizeof b);
  qed_ct_swap(a2, b2, len, 0);
  ok = memcmp(a2, a, sizeof a) == 0 && memcmp(b2, b, sizeof b) == 0;
  qed_ct_swap(a2, b2, len, 1);
  ok &= memcmp(a2, b, len) == 0 && memcmp(b2, a, len) == 0;
  ok &= memcmp(a2 + len, a + len, 40 - len) == 0 &&
        memcmp(b2 + len, b + len, 40 - len) == 0;
  qed_ct_swap(a2, b2, len, 1);
  ok &= memcmp(a2, a, sizeof a) == 0 && memcmp(b2, b, sizeof b) == 0;
  return ok;
}

static void select_swap(void)
{
  size_t len;

  for (len = 0; len <= 40; len++) {
    test_check(&tally, select_len(len), "qed_ct_select, length %lu",
               (unsigned long)len);
    test_check(&tally, swap_len(len), "qed_ct_swap, length %lu",
               (unsigned long)len);
  }
}

static void zeroize(void)
{
  uint8_t buf[64];
  size_t i;
  int ok = 1;

  memset(buf, GUARD, sizeof buf);
  qed_zeroize(buf + 8, 40);
  for (i = 8; i < 48; i++) ok &= buf[i] == 0;
  ok &= guards_intact(buf, 0, 8) && guards_intact(buf, 48, sizeof buf);
  memset(buf, GUARD, sizeof buf);
  qed_zeroize(buf, 0);
  ok &= guards_intact(buf, 0, sizeof buf);
  test_check(&tally, ok, "qed_zeroize");
}

/* ---- randomness ---- */

static int block_all_zero(const uint8_t *p, size_t n)
{
  size_t i;

  for (i = 0; i < n; i++)
    if (p[i] != 0) return 0;
  return 1;
}

static void randombytes(void)
{
  static uint8_t big[1 << 20];
  uint8_t a[64], b[64], g[8];
  unsigned long ones = 0;
  size_t i;
  int ok;

  memset(a, 0, sizeof a);
  memset(b, 0, sizeof b);
  ok = qed_randombytes(a, sizeof a) == 0 && qed_randombytes(b, sizeof b) == 0;
  test_check(&tally, ok && !block_all_zero(a, sizeof a) &&
                         memcmp(a, b, sizeof a) != 0,
             "qed_randombytes fills, and two calls differ");
  memset(g, GUARD, sizeof g);
  test_check(&tally, qed_randombytes(g, 0) == 0 && guards_intact(g, 0, 8),
             "qed_randombytes of length 0");

  /* A megabyte: every 64-byte block filled (no short read left zeros), and
   * the count of one bits within 6 sigma (sigma = 1448) of half. */
  ok = qed_randombytes(big, sizeof big) == 0;
  for (i = 0; i < sizeof big; i += 64) ok &= !block_all_zero(big + i, 64);
  for (i = 0; i < sizeof big; i++) {
    unsigned v = big[i];
    while (v != 0) {
      ones += v & 1u;
      v >>= 1;
    }
  }
  test_check(&tally, ok && ones > 4194304ul - 8700 && ones < 4194304ul + 8700,
             "qed_randombytes of a megabyte (%lu one bits)", ones);
}

/* ---- backend ---- */

static int level_of(const char *name)
{
  if (name == NULL) return -1;
  if (strcmp(name, "portable") == 0) return 0;
  if (strcmp(name, "avx2") == 0) return 1;
  if (strcmp(name, "avx512") == 0) return 2;
  return -1;
}

/* One of the three names, stable, and never above what QED_BACKEND asks. */
static void backend(void)
{
  const char *name = qed_backend_name();
  const char *want = getenv("QED_BACKEND");
  int got = level_of(name);

  printf("backend: %s (QED_BACKEND=%s)\n", name ? name : "(null)",
         want ? want : "");
  test_check(&tally, got >= 0, "qed_backend_name is not a known name");
  test_check(&tally, qed_backend_name() == name, "qed_backend_name unstable");
  if (want != NULL && level_of(want) >= 0)
    test_check(&tally, got <= level_of(want),
               "backend %s is above QED_BACKEND=%s", name, want);
}

int main(void)
{
  fixed_loads();
  fixed_stores();
  round_trips();
  rotations();
  verify();
  select_swap();
  zeroize();
  randombytes();
  backend();
  return test_finish(&tally);
}
