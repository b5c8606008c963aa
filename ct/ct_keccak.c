/* Constant-time checks of the Keccak family and of the common helpers
 * (see ct/ct.h and ct/ct_test.c). */
#include <string.h>

#include "ct.h"
#include "qed/qed.h"
#include "qed/keccak_xof.h"
#include "keccak/keccak_p1600.h"

#define MSG_MAX 1000
static uint8_t msg[MSG_MAX];

/* Message lengths: empty, a partial block, exactly one block for every
 * rate, a block plus one, several blocks plus a tail (the absorb_blocks
 * fast path and the byte-wise tail). */
static const size_t lengths[] = { 0, 1, 7, 71, 72, 73, 103, 104, 105, 135,
                                  136, 137, 143, 144, 145, 167, 168, 169,
                                  500, MSG_MAX };
#define NLENGTHS (sizeof lengths / sizeof lengths[0])

/* ---- fixed-length hashes: one-shot and streaming ---- */

typedef void (*oneshot_fn)(uint8_t *, const uint8_t *, size_t);
typedef void (*init_fn)(qed_sha3_ctx *);

static int test_hash(oneshot_fn oneshot, init_fn init, size_t dlen)
{
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    uint8_t d1[64], d2[64], d3[64];
    qed_sha3_ctx ctx;

    ct_fill(msg, MSG_MAX, (uint32_t)len);
    SECRET(msg, MSG_MAX);

    oneshot(d1, msg, len);
    PUBLIC(d1, dlen);

    /* streaming, in uneven pieces: 1, 7, 136, then the rest */
    init(&ctx);
    CHECK(qed_sha3_digest_bytes(&ctx) == dlen);
    size_t off = 0;
    static const size_t pieces[] = { 1, 7, 136 };
    for (size_t k = 0; k < 3 && off < len; k++) {
      size_t n = pieces[k] < len - off ? pieces[k] : len - off;
      CHECK(qed_sha3_update(&ctx, msg + off, n) == 0);
      off += n;
    }
    CHECK(qed_sha3_update(&ctx, msg + off, len - off) == 0);
    CHECK(qed_sha3_final(&ctx, d2) == 0);
    PUBLIC(d2, dlen);

    /* streaming, byte by byte (the byte-wise absorb path only) */
    init(&ctx);
    for (size_t i = 0; i < len; i++)
      CHECK(qed_sha3_update(&ctx, msg + i, 1) == 0);
    CHECK(qed_sha3_final(&ctx, d3) == 0);
    PUBLIC(d3, dlen);

    CHECK(memcmp(d1, d2, dlen) == 0);
    CHECK(memcmp(d1, d3, dlen) == 0);
  }
  return 0;
}

static int t_sha3_224(void) { return test_hash(qed_sha3_224, qed_sha3_224_init, 28); }
static int t_sha3_256(void) { return test_hash(qed_sha3_256, qed_sha3_256_init, 32); }
static int t_sha3_384(void) { return test_hash(qed_sha3_384, qed_sha3_384_init, 48); }
static int t_sha3_512(void) { return test_hash(qed_sha3_512, qed_sha3_512_init, 64); }
static int t_keccak_224(void) { return test_hash(qed_keccak_224, qed_keccak_224_init, 28); }
static int t_keccak_256(void) { return test_hash(qed_keccak_256, qed_keccak_256_init, 32); }
static int t_keccak_384(void) { return test_hash(qed_keccak_384, qed_keccak_384_init, 48); }
static int t_keccak_512(void) { return test_hash(qed_keccak_512, qed_keccak_512_init, 64); }

/* ---- XOFs: one-shot and streaming (absorb and squeeze in pieces) ---- */

typedef void (*xof_fn)(uint8_t *, size_t, const uint8_t *, size_t);
typedef void (*xof_init_fn)(qed_shake_ctx *);

#define XOF_OUT 500

static int test_xof(xof_fn oneshot, xof_init_fn init)
{
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    uint8_t o1[XOF_OUT], o2[XOF_OUT];
    qed_shake_ctx ctx;

    ct_fill(msg, MSG_MAX, (uint32_t)len + 77u);
    SECRET(msg, MSG_MAX);

    oneshot(o1, XOF_OUT, msg, len);
    PUBLIC(o1, XOF_OUT);

    init(&ctx);
    size_t off = 0;
    static const size_t in_pieces[] = { 3, 200, 1 };
    for (size_t k = 0; k < 3 && off < len; k++) {
      size_t n = in_pieces[k] < len - off ? in_pieces[k] : len - off;
      CHECK(qed_shake_update(&ctx, msg + off, n) == 0);
      off += n;
    }
    CHECK(qed_shake_update(&ctx, msg + off, len - off) == 0);
    /* squeeze in pieces: 1, 31, 168 (a whole block at an odd offset), rest */
    static const size_t out_pieces[] = { 1, 31, 168, XOF_OUT - 200 };
    off = 0;
    for (size_t k = 0; k < 4; k++) {
      CHECK(qed_shake_squeeze(&ctx, o2 + off, out_pieces[k]) == 0);
      off += out_pieces[k];
    }
    qed_shake_wipe(&ctx);
    PUBLIC(o2, XOF_OUT);

    CHECK(memcmp(o1, o2, XOF_OUT) == 0);
  }
  return 0;
}

static int t_shake128(void) { return test_xof(qed_shake128, qed_shake128_init); }
static int t_shake256(void) { return test_xof(qed_shake256, qed_shake256_init); }
static int t_rawshake128(void) { return test_xof(qed_rawshake128, qed_rawshake128_init); }
static int t_rawshake256(void) { return test_xof(qed_rawshake256, qed_rawshake256_init); }

/* ---- the permutation and its byte interface, on a secret state ---- */

static int t_keccak_p1600(void)
{
  uint64_t s[25];
  uint8_t buf[200], out[200];

  for (unsigned rounds = 1; rounds <= 24; rounds++) {
    for (int i = 0; i < 25; i++)
      s[i] = 0x0123456789abcdefULL * (uint64_t)(i + 1) ^ rounds;
    SECRET(s, sizeof s);
    qed_keccak_p1600_permute(s, rounds);
    PUBLIC(s, sizeof s);
  }

  /* absorb_blocks: secret input, every lane count a rate can have */
  ct_fill(msg, MSG_MAX, 5);
  for (size_t lanes = 1; lanes <= 25; lanes++) {
    qed_keccak_p1600_zero(s);
    SECRET(msg, MSG_MAX);
    size_t done = qed_keccak_p1600_absorb_blocks(s, 24, lanes, msg, MSG_MAX);
    CHECK(done <= MSG_MAX && done % (8 * lanes) == 0);
    PUBLIC(s, sizeof s);
  }

  /* add_bytes / add_byte / extract_bytes at every offset alignment */
  ct_fill(buf, sizeof buf, 9);
  qed_keccak_p1600_zero(s);
  SECRET(buf, sizeof buf);
  for (size_t off = 0; off < 9; off++)
    qed_keccak_p1600_add_bytes(s, buf, off, 200 - off);
  qed_keccak_p1600_add_byte(s, buf[3], 199);
  qed_keccak_p1600_permute(s, 24);
  for (size_t off = 0; off < 9; off++) {
    qed_keccak_p1600_extract_bytes(s, out, off, 200 - off);
    PUBLIC(out, 200 - off);
  }
  qed_keccak_p1600_zero(s);
  for (int i = 0; i < 25; i++)
    CHECK(s[i] == 0);
  return 0;
}

/* ---- comparison: secret inputs, public verdict ---- */

static int t_verify(void)
{
  uint8_t x[100], y[100];
  for (int eq = 0; eq <= 1; eq++) {
    for (size_t pos = 0; pos < 100; pos += 33) {
      ct_fill(x, sizeof x, 1);
      memcpy(y, x, sizeof y);
      if (!eq)
        y[pos] ^= 0x40;
      SECRET(x, sizeof x);
      SECRET(y, sizeof y);
      int r16 = qed_verify_16(x, y);
      int r32 = qed_verify_32(x, y);
      int r = qed_verify(x, y, sizeof x);
      int r0 = qed_verify(x, y, 0);
      PUBLIC(&r16, sizeof r16);
      PUBLIC(&r32, sizeof r32);
      PUBLIC(&r, sizeof r);
      PUBLIC(&r0, sizeof r0);
      CHECK(r16 == ((eq || pos >= 16) ? 0 : -1));
      CHECK(r32 == ((eq || pos >= 32) ? 0 : -1));
      CHECK(r == (eq ? 0 : -1));
      CHECK(r0 == 0);
    }
  }
  return 0;
}

/* ---- select and swap: secret bit, secret data ---- */

static int t_select_swap(void)
{
  uint8_t a[67], b[67], out[67], a0[67], b0[67];
  ct_fill(a0, sizeof a0, 2);
  ct_fill(b0, sizeof b0, 3);
  for (uint32_t bit0 = 0; bit0 <= 1; bit0++) {
    uint32_t bit = bit0;
    memcpy(a, a0, sizeof a);
    memcpy(b, b0, sizeof b);
    SECRET(a, sizeof a);
    SECRET(b, sizeof b);
    SECRET(&bit, sizeof bit);
    qed_ct_select(out, a, b, sizeof out, bit);
    PUBLIC(out, sizeof out);
    CHECK(memcmp(out, bit0 ? a0 : b0, sizeof out) == 0);

    qed_ct_select(a, a, b, sizeof a, bit);      /* out == a */
    PUBLIC(a, sizeof a);
    CHECK(memcmp(a, bit0 ? a0 : b0, sizeof a) == 0);

    memcpy(a, a0, sizeof a);
    SECRET(a, sizeof a);
    SECRET(b, sizeof b);
    qed_ct_swap(a, b, sizeof a, bit);
    PUBLIC(a, sizeof a);
    PUBLIC(b, sizeof b);
    CHECK(memcmp(a, bit0 ? b0 : a0, sizeof a) == 0);
    CHECK(memcmp(b, bit0 ? a0 : b0, sizeof b) == 0);
  }
  return 0;
}

/* ---- zeroize: afterwards every byte is a defined zero ---- */

static int t_zeroize(void)
{
  uint8_t buf[131];
  for (size_t len = 0; len <= sizeof buf; len += 13) {
    ct_fill(buf, sizeof buf, 4);
    SECRET(buf, sizeof buf);
    qed_zeroize(buf, len);
    /* No PUBLIC here: reading a byte qed_zeroize missed would be a branch
     * on an undefined value, which memcheck reports. */
    for (size_t i = 0; i < len; i++)
      CHECK(buf[i] == 0);
  }
  return 0;
}

/* ---- KMAC: secret key and message (SP 800-185) ---- */

static int t_kmac(void)
{
  uint8_t key[48], o1[64], o2[64], o3[100];
  static const uint8_t custom[] = "ct test";
  for (size_t li = 0; li < NLENGTHS; li += 3) {
    const size_t len = lengths[li];
    qed_kmac_ctx ctx;
    ct_fill(key, sizeof key, 11);
    ct_fill(msg, MSG_MAX, (uint32_t)len + 5u);
    SECRET(key, sizeof key);
    SECRET(msg, MSG_MAX);

    qed_kmac128(o1, 32, key, sizeof key, msg, len, custom, sizeof custom - 1);
    qed_kmac128_init(&ctx, key, sizeof key, custom, sizeof custom - 1);
    CHECK(qed_kmac_update(&ctx, msg, len / 2) == 0);
    CHECK(qed_kmac_update(&ctx, msg + len / 2, len - len / 2) == 0);
    CHECK(qed_kmac_final(&ctx, o2, 32) == 0);
    PUBLIC(o1, 32);
    PUBLIC(o2, 32);
    CHECK(memcmp(o1, o2, 32) == 0);

    qed_kmac256(o1, 64, key, sizeof key, msg, len, custom, sizeof custom - 1);
    PUBLIC(o1, 64);
    qed_kmacxof256(o3, sizeof o3, key, sizeof key, msg, len, NULL, 0);
    PUBLIC(o3, sizeof o3);
  }
  return 0;
}

const ct_test ct_tests_keccak[] = {
  { "sha3_224", t_sha3_224, 0 },       { "sha3_256", t_sha3_256, 0 },
  { "sha3_384", t_sha3_384, 0 },       { "sha3_512", t_sha3_512, 0 },
  { "keccak_224", t_keccak_224, 0 },   { "keccak_256", t_keccak_256, 0 },
  { "keccak_384", t_keccak_384, 0 },   { "keccak_512", t_keccak_512, 0 },
  { "shake128", t_shake128, 0 },       { "shake256", t_shake256, 0 },
  { "rawshake128", t_rawshake128, 0 }, { "rawshake256", t_rawshake256, 0 },
  { "keccak_p1600", t_keccak_p1600, 0 },
  { "verify", t_verify, 0 },
  { "select_swap", t_select_swap, 0 },
  { "zeroize", t_zeroize, 0 },
  { "kmac", t_kmac, 0 },
};
const size_t ct_tests_keccak_count = sizeof ct_tests_keccak / sizeof ct_tests_keccak[0];
