/* qed constant-time check: valgrind memcheck as a taint tracker ("ctgrind",
 * Langley 2010; the technique of SUPERCOP's TIMECOP).
 *
 * Each test marks its secrets *undefined* (VALGRIND_MAKE_MEM_UNDEFINED) and
 * calls the library.  Memcheck then reports every conditional branch and
 * every memory address computed from a secret ("Conditional jump or move
 * depends on uninitialised value(s)", "Use of uninitialised value of size
 * 8"), and `valgrind --error-exitcode=42` turns any report into exit status
 * 42.  Outputs that may depend on secrets (digests, the 0/-1 verdict of a
 * comparison, the selected bytes) are marked *defined* again before the test
 * looks at them.  Lengths, offsets and round counts are public.
 *
 * Two deliberately leaky functions (an early-exit compare and a
 * secret-indexed table) must be flagged: mk/ct.mk fails when they are not,
 * so a harness that checks nothing cannot pass.
 *
 * Limits: memcheck sees branches, addresses and system-call arguments, not
 * variable-latency instructions (x86 DIV) nor the cache; it checks the code
 * as compiled (mk/ct.mk builds the library with the release flags, both the
 * portable and the x86-64-v3 objects, and runs every test once per backend).
 *
 * usage: ct_test TEST      run one test (exit 0; 1 = wrong result;
 *                          3 = not running on the backend the environment
 *                          variable QED_CT_EXPECT_BACKEND names)
 *        ct_test --list    the tests that must pass, one per line
 *        ct_test --leaky   the tests that must be flagged, one per line
 *        ct_test --backend the backend qed picks here (qed_backend_name)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "qed/qed.h"
#include "qed/keccak_xof.h"
#include "qed/ascon.h"
#include "keccak/keccak_p1600.h"

#define SECRET(p, n) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#define PUBLIC(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))

static int failures;

#define CHECK(cond)                                                       \
  do {                                                                    \
    if (!(cond)) {                                                        \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,    \
              #cond);                                                     \
      failures++;                                                         \
    }                                                                     \
  } while (0)

/* ---- public test data (made secret per test) ---- */

#define MSG_MAX 1000
static uint8_t msg[MSG_MAX];

static void fill(uint8_t *p, size_t n, uint32_t seed)
{
  uint32_t x = seed * 2654435761u + 1u;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    p[i] = (uint8_t)(x >> 24);
  }
}

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

    fill(msg, MSG_MAX, (uint32_t)len);
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

    fill(msg, MSG_MAX, (uint32_t)len + 77u);
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
  fill(msg, MSG_MAX, 5);
  for (size_t lanes = 1; lanes <= 25; lanes++) {
    qed_keccak_p1600_zero(s);
    SECRET(msg, MSG_MAX);
    size_t done = qed_keccak_p1600_absorb_blocks(s, 24, lanes, msg, MSG_MAX);
    CHECK(done <= MSG_MAX && done % (8 * lanes) == 0);
    PUBLIC(s, sizeof s);
  }

  /* add_bytes / add_byte / extract_bytes at every offset alignment */
  fill(buf, sizeof buf, 9);
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
      fill(x, sizeof x, 1);
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
  fill(a0, sizeof a0, 2);
  fill(b0, sizeof b0, 3);
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
    fill(buf, sizeof buf, 4);
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
    fill(key, sizeof key, 11);
    fill(msg, MSG_MAX, (uint32_t)len + 5u);
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

/* ---- Ascon (SP 800-232): secret state, key, plaintext ---- */

static int t_ascon_permute(void)
{
  uint64_t st[5];
  for (unsigned rounds = 1; rounds <= 12; rounds++) {
    for (int i = 0; i < 5; i++)
      st[i] = 0x0123456789abcdefULL * (uint64_t)(i + 3) ^ rounds;
    SECRET(st, sizeof st);
    qed_ascon_permute(st, rounds);
    PUBLIC(st, sizeof st);
  }
  return 0;
}

static int t_ascon_aead(void)
{
  uint8_t key[16], nonce[16], tag[16], ad[40];
  static uint8_t c[MSG_MAX], m2[MSG_MAX];
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    fill(key, sizeof key, 21);
    fill(nonce, sizeof nonce, 22);
    fill(ad, sizeof ad, 23);
    fill(msg, MSG_MAX, (uint32_t)len + 9u);
    SECRET(key, sizeof key);
    SECRET(msg, MSG_MAX);
    CHECK(qed_ascon_aead128_encrypt(c, tag, msg, len, ad, li % 3 * 17,
                                    nonce, key) == 0);
    PUBLIC(c, len);                        /* ciphertext and tag are output */
    PUBLIC(tag, sizeof tag);

    /* right tag: plaintext back; wrong tag: refused.  The key and the
     * recovered plaintext are secret; only the verdict is public. */
    for (int bad = 0; bad <= 1; bad++) {
      tag[5] ^= (uint8_t)bad;
      SECRET(key, sizeof key);
      int r = qed_ascon_aead128_decrypt(m2, c, len, tag, ad, li % 3 * 17,
                                        nonce, key);
      PUBLIC(&r, sizeof r);
      PUBLIC(m2, len);
      PUBLIC(msg, MSG_MAX);
      CHECK(r == (bad ? -1 : 0));
      if (!bad)
        CHECK(memcmp(m2, msg, len) == 0);
      tag[5] ^= (uint8_t)bad;
    }
  }
  return 0;
}

static int t_ascon_hash(void)
{
  uint8_t d1[32], d2[32], x[100];
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    qed_ascon_hash_ctx ctx;
    fill(msg, MSG_MAX, (uint32_t)len + 13u);
    SECRET(msg, MSG_MAX);
    qed_ascon_hash256(d1, msg, len);
    qed_ascon_hash256_init(&ctx);
    CHECK(qed_ascon_hash256_update(&ctx, msg, len / 3) == 0);
    CHECK(qed_ascon_hash256_update(&ctx, msg + len / 3, len - len / 3) == 0);
    CHECK(qed_ascon_hash256_final(&ctx, d2) == 0);
    PUBLIC(d1, sizeof d1);
    PUBLIC(d2, sizeof d2);
    CHECK(memcmp(d1, d2, sizeof d1) == 0);
    qed_ascon_xof128(x, sizeof x, msg, len);
    PUBLIC(x, sizeof x);
  }
  return 0;
}

/* ---- deliberately leaky code: the harness must flag these ---- */

/* early-exit compare (what memcmp does) */
static int __attribute__((noinline))
leaky_compare(const uint8_t *x, const uint8_t *y, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (x[i] != y[i])
      return -1;
  return 0;
}

/* secret-indexed table lookup (what a table-based AES S-box does) */
static const uint8_t sbox[256] = {
  0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b,
  0xfe, 0xd7, 0xab, 0x76, /* the rest is zero: contents do not matter */
};
static void __attribute__((noinline))
leaky_sbox(uint8_t *out, const uint8_t *in, size_t n)
{
  for (size_t i = 0; i < n; i++)
    out[i] = sbox[in[i]];
}

static int t_leaky_compare(void)
{
  uint8_t x[32], y[32];
  fill(x, sizeof x, 6);
  memcpy(y, x, sizeof y);
  SECRET(x, sizeof x);
  int r = leaky_compare(x, y, sizeof x);  /* memcheck: conditional jump */
  PUBLIC(&r, sizeof r);
  CHECK(r == 0);
  return 0;
}

static int t_leaky_sbox(void)
{
  uint8_t in[32], out[32];
  fill(in, sizeof in, 7);
  SECRET(in, sizeof in);
  leaky_sbox(out, in, sizeof in);         /* memcheck: secret address */
  PUBLIC(out, sizeof out);
  return out[0] == 0x42 ? 0 : 0;
}

/* ---- driver ---- */

static const struct test {
  const char *name;
  int (*fn)(void);
  int leaky;
} tests[] = {
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
  { "ascon_permute", t_ascon_permute, 0 },
  { "ascon_aead", t_ascon_aead, 0 },
  { "ascon_hash", t_ascon_hash, 0 },
  { "leaky_compare", t_leaky_compare, 1 },
  { "leaky_sbox", t_leaky_sbox, 1 },
};
#define NTESTS (sizeof tests / sizeof tests[0])

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: %s TEST | --list | --leaky | --backend\n",
            argv[0]);
    return 2;
  }
  if (strcmp(argv[1], "--list") == 0 || strcmp(argv[1], "--leaky") == 0) {
    const int leaky = strcmp(argv[1], "--leaky") == 0;
    for (size_t i = 0; i < NTESTS; i++)
      if (tests[i].leaky == leaky)
        printf("%s\n", tests[i].name);
    return 0;
  }
  if (strcmp(argv[1], "--backend") == 0) {
    printf("%s\n", qed_backend_name());
    return 0;
  }
  const char *expect = getenv("QED_CT_EXPECT_BACKEND");
  if (expect != NULL && *expect != '\0' &&
      strcmp(expect, qed_backend_name()) != 0) {
    fprintf(stderr, "ct_test: backend is %s, expected %s\n",
            qed_backend_name(), expect);
    return 3;
  }
  for (size_t i = 0; i < NTESTS; i++) {
    if (strcmp(argv[1], tests[i].name) == 0) {
      int r = tests[i].fn();
      if (failures)
        fprintf(stderr, "ct_test %s: %d check(s) failed\n", argv[1], failures);
      return r || failures ? 1 : 0;
    }
  }
  fprintf(stderr, "ct_test: unknown test %s\n", argv[1]);
  return 2;
}
