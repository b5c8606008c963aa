/* Streaming against one-shot for the twelve Keccak-family functions, at
 * every split point that matters, and the rejection paths of the
 * streaming API (qed/keccak.h):
 *
 *   - absorb: every message length 0 .. 3*rate+1 split in two at every
 *     point, in three at a set of points, byte by byte, in random pieces;
 *     lengths around every block size of the family;
 *   - squeeze (XOFs): every output length 0 .. 2*rate+1 split at every
 *     point, three ways, byte by byte, in random pieces;
 *   - every function against an independent reference sponge
 *     (keccak_ref.c), the only check RawSHAKE has;
 *   - contexts are plain values (a copy forks the stream), outputs are
 *     written exactly (guard bytes), and misuse returns -1 without
 *     touching the context, zeroing outputs as qed/keccak.h promises.
 *
 * Ends with exactly "N passed, M failed".                                 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keccak_ref.h"
#include "qed/common.h"
#include "testutil.h"

#define MAX_RATE 168
#define MAX_MSG (3 * MAX_RATE + 2)
#define MAX_OUT (2 * MAX_RATE + 2)
/* Output bytes taken from the XOFs when the message is what varies: not a
 * multiple of 8, so a partial lane is extracted. */
#define XOF_MSG_OUT 41
#define GUARD 32
#define POISON 0xA5

static test_tally tally;
static uint8_t msg[1 << 20];  /* deterministic pseudo-random message */

/* ---- a context of either kind ---- */

typedef struct {
  const test_alg *alg;
  qed_sha3_ctx h;
  qed_shake_ctx x;
} any_ctx;

static void any_init(any_ctx *c, const test_alg *a)
{
  c->alg = a;
  if (a->digest != 0)
    a->hash_init(&c->h);
  else
    a->xof_init(&c->x);
}

static int any_update(any_ctx *c, const uint8_t *in, size_t n)
{
  return c->alg->digest != 0 ? qed_sha3_update(&c->h, in, n)
                             : qed_shake_update(&c->x, in, n);
}

/* final, or squeeze then wipe */
static int any_finish(any_ctx *c, uint8_t *out, size_t outlen)
{
  int r;

  if (c->alg->digest != 0) return qed_sha3_final(&c->h, out);
  r = qed_shake_squeeze(&c->x, out, outlen);
  qed_shake_wipe(&c->x);
  return r;
}

static size_t out_len(const test_alg *a)
{
  return a->digest != 0 ? a->digest : XOF_MSG_OUT;
}

/* Absorb msg[0 .. len) in pieces ending at the cut points (ascending),
 * finish, and compare with the one-shot digest. */
static int pieces_match(const test_alg *a, size_t len, const size_t *cuts,
                        size_t ncuts, const uint8_t *want)
{
  uint8_t got[MAX_OUT];
  any_ctx c;
  size_t i, at = 0;
  int bad = 0;

  any_init(&c, a);
  for (i = 0; i <= ncuts; i++) {
    size_t end = i < ncuts ? cuts[i] : len;
    bad |= any_update(&c, msg + at, end - at);
    at = end;
  }
  bad |= any_finish(&c, got, out_len(a));
  return !bad && memcmp(got, want, out_len(a)) == 0;
}

/* ---- absorbing ---- */

static void absorb_split2(const test_alg *a)
{
  uint8_t want[MAX_OUT];
  size_t len, s;

  for (len = 0; len <= 3 * a->rate + 1; len++) {
    int ok = 1;
    test_oneshot(a, want, out_len(a), msg, len);
    for (s = 0; s <= len; s++) ok &= pieces_match(a, len, &s, 1, want);
    test_check(&tally, ok, "%s: %lu bytes in two pieces", a->name,
               (unsigned long)len);
  }
}

/* Three pieces, the cuts taken from the points around the block edges. */
static void absorb_split3(const test_alg *a)
{
  uint8_t want[MAX_OUT];
  size_t len, i, j;

  for (len = 0; len <= 3 * a->rate + 1; len++) {
    size_t pts[] = { 0, 1, a->rate - 1, a->rate, a->rate + 1, len / 3,
                     2 * len / 3, len > 0 ? len - 1 : 0, len };
    size_t np = sizeof pts / sizeof pts[0];
    int ok = 1;
    test_oneshot(a, want, out_len(a), msg, len);
    for (i = 0; i < np; i++)
      for (j = 0; j < np; j++) {
        size_t cuts[2] = { pts[i], pts[j] };
        if (pts[i] > pts[j] || pts[j] > len) continue;
        ok &= pieces_match(a, len, cuts, 2, want);
      }
    test_check(&tally, ok, "%s: %lu bytes in three pieces", a->name,
               (unsigned long)len);
  }
}

static void absorb_bytewise(const test_alg *a)
{
  uint8_t want[MAX_OUT], got[MAX_OUT];
  size_t len, i;

  for (len = 0; len <= 3 * a->rate + 1; len++) {
    any_ctx c;
    int bad = 0;
    test_oneshot(a, want, out_len(a), msg, len);
    any_init(&c, a);
    for (i = 0; i < len; i++) bad |= any_update(&c, msg + i, 1);
    bad |= any_finish(&c, got, out_len(a));
    test_check(&tally, !bad && memcmp(got, want, out_len(a)) == 0,
               "%s: %lu bytes one at a time", a->name, (unsigned long)len);
  }
}

/* Lengths k*R - 1, k*R, k*R + 1 for every rate R of the family, so each
 * function also meets the others' block sizes; and a megabyte. */
static void absorb_boundaries(const test_alg *a)
{
  static const size_t rates[] = { 72, 104, 136, 144, 168 };
  uint8_t want[MAX_OUT], got[MAX_OUT];
  size_t r, k, d, seed = 0;

  for (r = 0; r < sizeof rates / sizeof rates[0]; r++)
    for (k = 1; k <= 8; k++)
      for (d = 0; d < 3; d++) {
        size_t len = k * rates[r] + d - 1;
        test_oneshot(a, want, out_len(a), msg, len);
        test_check(&tally,
                   test_streaming(a, got, out_len(a), msg, len, ++seed) == 0 &&
                       memcmp(got, want, out_len(a)) == 0,
                   "%s: %lu bytes in random pieces", a->name,
                   (unsigned long)len);
      }
  for (seed = 1; seed <= 3; seed++) {
    test_oneshot(a, want, out_len(a), msg, sizeof msg - seed);
    test_check(&tally,
               test_streaming(a, got, out_len(a), msg, sizeof msg - seed,
                              seed) == 0 &&
                   memcmp(got, want, out_len(a)) == 0,
               "%s: %lu bytes in random pieces", a->name,
               (unsigned long)(sizeof msg - seed));
  }
}

/* ---- squeezing (XOFs) ---- */

/* Squeeze outlen bytes in pieces ending at the cut points. */
static int squeeze_match(const test_alg *a, size_t inlen, size_t outlen,
                         const size_t *cuts, size_t ncuts, const uint8_t *want)
{
  uint8_t got[MAX_OUT];
  qed_shake_ctx c;
  size_t i, at = 0;
  int bad;

  a->xof_init(&c);
  bad = qed_shake_update(&c, msg, inlen);
  for (i = 0; i <= ncuts; i++) {
    size_t end = i < ncuts ? cuts[i] : outlen;
    bad |= qed_shake_squeeze(&c, got + at, end - at);
    at = end;
  }
  qed_shake_wipe(&c);
  return !bad && memcmp(got, want, outlen) == 0;
}

/* Message lengths: empty, and ending just before, on and after a block. */
static size_t xof_inlen(const test_alg *a, unsigned i)
{
  const size_t lens[] = { 0, a->rate - 1, a->rate, a->rate + 1 };
  return lens[i % 4];
}

static void squeeze_split2(const test_alg *a)
{
  uint8_t want[MAX_OUT];
  size_t outlen, s;
  unsigned m;

  for (m = 0; m < 4; m++)
    for (outlen = 0; outlen <= 2 * a->rate + 1; outlen++) {
      size_t inlen = xof_inlen(a, m);
      int ok = 1;
      a->xof(want, outlen, msg, inlen);
      for (s = 0; s <= outlen; s++)
        ok &= squeeze_match(a, inlen, outlen, &s, 1, want);
      test_check(&tally, ok, "%s: %lu-byte input, %lu bytes squeezed in two",
                 a->name, (unsigned long)inlen, (unsigned long)outlen);
    }
}

static void squeeze_split3_bytewise(const test_alg *a)
{
  uint8_t want[MAX_OUT];
  size_t outlen, i, j;

  for (outlen = 0; outlen <= 2 * a->rate + 1; outlen++) {
    size_t pts[] = { 0, 1, a->rate - 1, a->rate, a->rate + 1, outlen / 3,
                     2 * outlen / 3, outlen };
    size_t np = sizeof pts / sizeof pts[0];
    size_t ones[MAX_OUT];
    int ok = 1;
    a->xof(want, outlen, msg, 5);
    for (i = 0; i < np; i++)
      for (j = 0; j < np; j++) {
        size_t cuts[2] = { pts[i], pts[j] };
        if (pts[i] > pts[j] || pts[j] > outlen) continue;
        ok &= squeeze_match(a, 5, outlen, cuts, 2, want);
      }
    for (i = 0; i < outlen; i++) ones[i] = i;
    ok &= squeeze_match(a, 5, outlen, ones, outlen, want);
    test_check(&tally, ok,
               "%s: %lu bytes squeezed in three pieces / one at a time",
               a->name, (unsigned long)outlen);
  }
}

static void squeeze_random(const test_alg *a)
{
  static uint8_t want[20 * MAX_RATE], got[20 * MAX_RATE];
  size_t outlen = sizeof want - 3;
  uint64_t seed;

  a->xof(want, outlen, msg, 1000);
  for (seed = 1; seed <= 50; seed++)
    test_check(&tally,
               test_streaming(a, got, outlen, msg, 1000, seed) == 0 &&
                   memcmp(got, want, outlen) == 0,
               "%s: %lu bytes squeezed in random pieces (seed %lu)",
               a->name, (unsigned long)outlen, (unsigned long)seed);
}

/* An XOF's shorter outputs are prefixes of its longer ones. */
static void xof_prefix(const test_alg *a)
{
  uint8_t longest[MAX_OUT], got[MAX_OUT];
  size_t outlen;
  int ok = 1;

  a->xof(longest, 2 * a->rate + 1, msg, 33);
  for (outlen = 0; outlen <= 2 * a->rate + 1; outlen++) {
    a->xof(got, outlen, msg, 33);
    ok &= memcmp(got, longest, outlen) == 0;
  }
  test_check(&tally, ok, "%s: one-shot outputs are prefixes", a->name);
}

/* ---- the reference ---- */

static void against_reference(const test_alg *a)
{
  uint8_t want[MAX_OUT], got[MAX_OUT];
  size_t outlen = a->digest != 0 ? a->digest : 2 * a->rate + 1;
  size_t len;

  for (len = 0; len <= 3 * a->rate + 1; len++) {
    ref_keccak(a->rate, a->suffix, msg, len, want, outlen);
    test_oneshot(a, got, outlen, msg, len);
    test_check(&tally, memcmp(got, want, outlen) == 0,
               "%s: %lu bytes differ from the reference sponge", a->name,
               (unsigned long)len);
  }
}

/* The reference itself, against values published elsewhere, so that a
 * broken reference is not mistaken for a broken library. */
static void reference_selftest(void)
{
  static const struct {
    size_t rate;
    uint8_t suffix;
    const char *in, *hex;
  } kv[] = {
    /* FIPS 202 examples (SHA3-256 "abc"), Ethereum's empty Keccak-256,
     * SHAKE128 of the empty string (FIPS 202 examples). */
    { 136, 0x06, "abc",
      "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" },
    { 136, 0x01, "",
      "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470" },
    { 168, 0x1F, "",
      "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26" },
  };
  uint8_t want[32], got[32];
  size_t i;

  for (i = 0; i < sizeof kv / sizeof kv[0]; i++) {
    test_unhex(want, kv[i].hex, 32);
    ref_keccak(kv[i].rate, kv[i].suffix, (const uint8_t *)kv[i].in,
               strlen(kv[i].in), got, 32);
    test_check(&tally, memcmp(got, want, 32) == 0,
               "reference sponge self-test %lu", (unsigned long)i);
  }
}

/* ---- contexts are values ---- */

/* A struct copy taken mid-absorb (and, for XOFs, mid-squeeze) continues
 * exactly like the original: nothing points into the context. */
static void fork_copies(const test_alg *a)
{
  uint8_t want[MAX_OUT], got1[MAX_OUT], got2[MAX_OUT];
  size_t len = 2 * a->rate + 7, cut = a->rate + 3, o = out_len(a);
  any_ctx c1, c2;
  int bad;

  test_oneshot(a, want, o, msg, len);
  any_init(&c1, a);
  bad = any_update(&c1, msg, cut);
  c2 = c1;
  bad |= any_update(&c1, msg + cut, len - cut);
  bad |= any_update(&c2, msg + cut, len - cut);
  bad |= any_finish(&c1, got1, o);
  bad |= any_finish(&c2, got2, o);
  test_check(&tally, !bad && memcmp(got1, want, o) == 0 &&
                         memcmp(got2, want, o) == 0,
             "%s: copy of an absorbing context", a->name);
  if (a->digest != 0) return;

  a->xof(want, 2 * a->rate + 1, msg, len);
  a->xof_init(&c1.x);
  bad = qed_shake_update(&c1.x, msg, len);
  bad |= qed_shake_squeeze(&c1.x, got1, a->rate - 2);
  c2.x = c1.x;
  bad |= qed_shake_squeeze(&c1.x, got1 + a->rate - 2, a->rate + 3);
  bad |= qed_shake_squeeze(&c2.x, got2, a->rate + 3);
  test_check(&tally, !bad && memcmp(got1, want, 2 * a->rate + 1) == 0 &&
                         memcmp(got2, want + a->rate - 2, a->rate + 3) == 0,
             "%s: copy of a squeezing context", a->name);
}

/* ---- outputs are written exactly ---- */

static int guards_intact(const uint8_t *buf, size_t from, size_t to)
{
  size_t i;

  for (i = from; i < to; i++)
    if (buf[i] != POISON) return 0;
  return 1;
}

static void exact_writes(const test_alg *a)
{
  uint8_t buf[MAX_OUT + GUARD];
  size_t n;

  if (a->digest != 0) {
    qed_sha3_ctx c;
    memset(buf, POISON, sizeof buf);
    a->hash(buf, msg, 10);
    test_check(&tally, guards_intact(buf, a->digest, sizeof buf),
               "%s: one-shot writes past the digest", a->name);
    memset(buf, POISON, sizeof buf);
    a->hash_init(&c);
    test_check(&tally, qed_sha3_final(&c, buf) == 0 &&
                           guards_intact(buf, a->digest, sizeof buf),
               "%s: final writes past the digest", a->name);
    return;
  }
  for (n = 0; n <= a->rate + 1; n++) {
    qed_shake_ctx c;
    int ok;
    memset(buf, POISON, sizeof buf);
    a->xof(buf, n, msg, 10);
    ok = guards_intact(buf, n, sizeof buf);
    memset(buf, POISON, sizeof buf);
    a->xof_init(&c);
    ok &= qed_shake_squeeze(&c, buf, n) == 0 &&
          guards_intact(buf, n, sizeof buf);
    test_check(&tally, ok, "%s: a %lu-byte output writes past its end",
               a->name, (unsigned long)n);
  }
}

/* ---- misuse ---- */

static int all_zero(const void *p, size_t n)
{
  const uint8_t *b = p;
  size_t i;

  for (i = 0; i < n; i++)
    if (b[i] != 0) return 0;
  return 1;
}

/* Wiped: the state and every parameter but the digest length are zero. */
static int sponge_wiped(const qed_keccak_sponge *s)
{
  return all_zero(s->state, sizeof s->state) && s->rate == 0 &&
         s->pos == 0 && s->suffix == 0 && s->phase == 0 && s->rounds == 0;
}

/* update after squeeze is refused and changes nothing: the stream goes
 * on as if it had not been called. */
static void xof_update_after_squeeze(const test_alg *a)
{
  uint8_t want[MAX_OUT], got[MAX_OUT];
  qed_shake_ctx c, before;
  int ok;

  a->xof(want, 2 * a->rate, msg, 20);
  memset(&c, 0, sizeof c);  /* padding bytes set: c is compared by memcmp */
  a->xof_init(&c);
  ok = qed_shake_update(&c, msg, 20) == 0;
  ok &= qed_shake_squeeze(&c, got, a->rate - 1) == 0;
  before = c;
  ok &= qed_shake_update(&c, msg, 1) == -1;
  ok &= qed_shake_update(&c, msg, 0) == -1;
  ok &= memcmp(&before, &c, sizeof c) == 0;
  ok &= qed_shake_squeeze(&c, got + a->rate - 1, a->rate + 1) == 0;
  test_check(&tally, ok && memcmp(got, want, 2 * a->rate) == 0,
             "%s: update after squeeze", a->name);
  qed_shake_wipe(&c);
  test_check(&tally, sponge_wiped(&c.sponge), "%s: wipe", a->name);
  memset(got, POISON, sizeof got);
  before = c;
  ok = qed_shake_squeeze(&c, got, 40) == -1 && all_zero(got, 40) &&
       guards_intact(got, 40, sizeof got);
  ok &= qed_shake_update(&c, msg, 1) == -1;
  test_check(&tally, ok && memcmp(&before, &c, sizeof c) == 0,
             "%s: use after wipe", a->name);
}

/* final wipes; then update and a second final are refused, the second
 * final zeroing its output (the digest length outlives the wipe). */
static void hash_after_final(const test_alg *a)
{
  uint8_t want[64], got[64 + GUARD];
  qed_sha3_ctx c, before;
  int ok;

  a->hash(want, msg, 3);
  memset(&c, 0, sizeof c);  /* padding bytes set: c is compared by memcmp */
  a->hash_init(&c);
  ok = qed_sha3_update(&c, msg, 3) == 0 && qed_sha3_final(&c, got) == 0 &&
       memcmp(got, want, a->digest) == 0;
  test_check(&tally, ok && sponge_wiped(&c.sponge),
             "%s: final returns the digest and wipes", a->name);
  test_check(&tally, qed_sha3_digest_bytes(&c) == a->digest,
             "%s: digest length after final", a->name);
  before = c;
  ok = qed_sha3_update(&c, msg, 1) == -1 && qed_sha3_update(&c, msg, 0) == -1;
  memset(got, POISON, sizeof got);
  ok &= qed_sha3_final(&c, got) == -1 && all_zero(got, a->digest) &&
        guards_intact(got, a->digest, sizeof got);
  test_check(&tally, ok && memcmp(&before, &c, sizeof c) == 0,
             "%s: update and final after final", a->name);
}

/* A context no init prepared: all zero, or stack garbage. */
static void never_initialised(const test_alg *a, int fill)
{
  uint8_t got[64 + GUARD];
  int ok;

  memset(got, POISON, sizeof got);
  if (a->digest != 0) {
    qed_sha3_ctx c, before;
    memset(&c, fill, sizeof c);
    before = c;
    ok = qed_sha3_digest_bytes(&c) == 0;
    ok &= qed_sha3_update(&c, msg, 5) == -1;
    /* No length is known, so nothing may be written. */
    ok &= qed_sha3_final(&c, got) == -1 && guards_intact(got, 0, sizeof got);
    ok &= memcmp(&before, &c, sizeof c) == 0;
  } else {
    qed_shake_ctx c, before;
    memset(&c, fill, sizeof c);
    before = c;
    ok = qed_shake_update(&c, msg, 5) == -1;
    ok &= qed_shake_squeeze(&c, got, 64) == -1 && all_zero(got, 64) &&
          guards_intact(got, 64, sizeof got);
    ok &= memcmp(&before, &c, sizeof c) == 0;
  }
  test_check(&tally, ok, "%s: context filled with 0x%02x refused", a->name,
             (unsigned)fill);
}

/* One field of a live context spoiled at a time: refused, untouched. */
static void spoiled_fields(const test_alg *a)
{
  uint8_t got[64 + GUARD];
  unsigned v;

  for (v = 0; v < 8; v++) {
    any_ctx c, before;
    qed_keccak_sponge *s;
    int ok;
    /* every byte set (the other union member, padding): c is compared by
     * memcmp */
    memset(&c, 0, sizeof c);
    any_init(&c, a);
    (void)any_update(&c, msg, 3);
    s = a->digest != 0 ? &c.h.sponge : &c.x.sponge;
    switch (v) {
    case 0: s->rate = 0; break;
    case 1: s->rate = 208; break;          /* more than the state */
    case 2: s->rate = 140; break;          /* not whole lanes      */
    case 3: s->pos = s->rate + 1; break;
    case 4: s->rounds = 0; break;
    case 5: s->rounds = 25; break;
    case 6: s->phase = 3; break;
    default: s->phase = 0; break;
    }
    before = c;
    ok = any_update(&c, msg, 1) == -1;
    memset(got, POISON, sizeof got);
    if (a->digest == 0)
      ok &= qed_shake_squeeze(&c.x, got, 64) == -1 && all_zero(got, 64) &&
            guards_intact(got, 64, sizeof got);
    else  /* the digest length is intact, so final zeroes its output */
      ok &= qed_sha3_final(&c.h, got) == -1 && all_zero(got, a->digest) &&
            guards_intact(got, a->digest, sizeof got);
    ok &= memcmp(&before, &c, sizeof c) == 0;
    test_check(&tally, ok, "%s: spoiled context %u refused", a->name, v);
  }
}

static void digest_lengths(const test_alg *a)
{
  qed_sha3_ctx c;

  a->hash_init(&c);
  test_check(&tally, qed_sha3_digest_bytes(&c) == a->digest,
             "%s: digest length after init", a->name);
  (void)qed_sha3_update(&c, msg, 200);
  test_check(&tally, qed_sha3_digest_bytes(&c) == a->digest,
             "%s: digest length while absorbing", a->name);
}

/* ---- driver ---- */

static void run_alg(const test_alg *a)
{
  unsigned long p0 = tally.passed, f0 = tally.failed;

  absorb_split2(a);
  absorb_split3(a);
  absorb_bytewise(a);
  absorb_boundaries(a);
  against_reference(a);
  fork_copies(a);
  exact_writes(a);
  never_initialised(a, 0x00);
  never_initialised(a, POISON);
  spoiled_fields(a);
  if (a->digest != 0) {
    hash_after_final(a);
    digest_lengths(a);
  } else {
    squeeze_split2(a);
    squeeze_split3_bytewise(a);
    squeeze_random(a);
    xof_prefix(a);
    xof_update_after_squeeze(a);
  }
  printf("%s: %lu passed", a->name, tally.passed - p0);
  if (tally.failed != f0) printf(", %lu failed", tally.failed - f0);
  putchar('\n');
  fflush(stdout);
}

int main(void)
{
  size_t i;

  test_print_backend();
  test_fill(msg, sizeof msg, 1);
  reference_selftest();
  for (i = 0; i < TEST_NUM_ALGS; i++) run_alg(&test_algs[i]);
  return test_finish(&tally);
}
