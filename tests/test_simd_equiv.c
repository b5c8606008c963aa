/* The SIMD code of src/keccak/simd/ (outside the proof) against the proven
 * portable code, in one process:
 *
 *   - every permutation (single-state AVX-512, x86-64-v3 build, and the
 *     2/4/8-state kernels) against qed_keccak_p1600_permute_portable on
 *     random states, for every round count 1..24;
 *   - the single-state builds at every lane offset of a guarded buffer,
 *     on inputs of exactly the blocks absorbed (nothing read or written
 *     outside), a caller's floating-point value intact across the calls;
 *   - absorb_blocks of each build against the portable one, random lane
 *     counts (1..25) and lengths, and every lane count with every input
 *     misalignment 0..7 at every length around 0..3 blocks;
 *   - every leaves kernel against a reference sponge built here on the
 *     _portable functions only, for random leaf lengths and every length
 *     around the multiples of the rate, several rates, rounds and chaining
 *     value lengths;
 *   - the dispatched qed_keccak_p1600_leaves (whatever QED_BACKEND says);
 *   - KT128, KT256, MarsupilamiFourteen at every length around the
 *     8192-byte chunk boundaries up to 18 chunks (so every mix of 8-, 4-,
 *     2-wide and single leaves), and ParallelHash128/256 (+XOF) at every
 *     length around the block boundaries for several B, against references
 *     written here from RFC 9861 and SP 800-185 on the portable sponge;
 *     one-shot and streaming in random pieces.
 *
 * The kernels are called only when the CPU has their instructions (GCC and
 * clang's __builtin_cpu_supports also check that the OS saves the
 * registers); on other machines (s390x) only the dispatched paths run.
 * The Makefile runs this once per backend (QED_BACKEND).
 *
 * usage: test_simd_equiv [VECTOR_DIR]  (the argument is ignored) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/common.h"
#include "qed/keccak_xof.h"
#include "keccak/keccak_p1600.h"
#include "keccak/keccak_p1600_leaves.h"
#include "keccak/sponge.h"
#include "testutil.h"

#if defined(__x86_64__)
#include "keccak/simd/keccak_p1600_times.h"
#define HAVE_X86 1
#else
#define HAVE_X86 0
#endif

static test_tally T;
static uint64_t rng = 0x9E3779B97F4A7C15u;

static size_t rnd(size_t n) { return (size_t)(test_rand(&rng) % n); }

/* ---- the reference: a sponge on the portable build only ---- */
static void ref_sponge(uint8_t *out, size_t outlen, const uint8_t *in,
                       size_t inlen, size_t rate, unsigned rounds,
                       uint8_t suffix)
{
  uint64_t s[25];
  size_t done, got = 0;
  qed_keccak_p1600_zero(s);
  done = qed_keccak_p1600_absorb_blocks_portable(s, rounds, rate / 8, in,
                                                 inlen);
  qed_keccak_p1600_add_bytes(s, in + done, 0, inlen - done);
  qed_keccak_p1600_add_byte(s, suffix, inlen - done);
  qed_keccak_p1600_add_byte(s, 0x80, rate - 1);
  qed_keccak_p1600_permute_portable(s, rounds);
  while (got < outlen) {
    size_t take = outlen - got < rate ? outlen - got : rate;
    if (got > 0)
      qed_keccak_p1600_permute_portable(s, rounds);
    qed_keccak_p1600_extract_bytes(s, out + got, 0, take);
    got += take;
  }
}

/* A growable byte string for the references' inputs. */
typedef struct {
  uint8_t *p;
  size_t n, cap;
} buf;

static void buf_add(buf *b, const uint8_t *p, size_t n)
{
  if (b->n + n > b->cap) {
    b->cap = 2 * (b->n + n) + 64;
    b->p = realloc(b->p, b->cap);
    if (b->p == NULL) {
      perror("realloc");
      exit(2);
    }
  }
  if (n > 0)
    memcpy(b->p + b->n, p, n);
  b->n += n;
}

static void buf_byte(buf *b, uint8_t v) { buf_add(b, &v, 1); }

/* ---- CPU ---- */
#if HAVE_X86
static int cpu_avx512(void)
{
  return __builtin_cpu_supports("avx512f") &&
         __builtin_cpu_supports("avx512vl");
}

static int cpu_avx2(void)
{
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
}
#endif

/* ---- permutations ---- */
#if HAVE_X86
typedef void (*times_fn)(uint64_t *lanes, unsigned rounds);
typedef size_t (*leaves_fn)(uint8_t *, size_t, const uint8_t *, size_t,
                            size_t, size_t, unsigned, uint8_t, size_t *);

static void check_times(const char *name, times_fn f, unsigned w, int trials)
{
  uint64_t lanes[8 * 25], ref[8][25];
  for (unsigned rounds = 1; rounds <= 24; rounds++)
    for (int t = 0; t < trials; t++) {
      int ok = 1;
      for (unsigned k = 0; k < w; k++)
        for (unsigned j = 0; j < 25; j++) {
          ref[k][j] = test_rand(&rng);
          lanes[w * j + k] = ref[k][j];
        }
      f(lanes, rounds);
      for (unsigned k = 0; k < w; k++) {
        qed_keccak_p1600_permute_portable(ref[k], rounds);
        for (unsigned j = 0; j < 25; j++)
          ok &= lanes[w * j + k] == ref[k][j];
      }
      test_check(&T, ok, "%s rounds %u trial %d", name, rounds, t);
    }
}
#endif

static void check_single(const char *name,
                         void (*perm)(uint64_t *, unsigned),
                         size_t (*absorb)(uint64_t *, unsigned, size_t,
                                          const uint8_t *, size_t),
                         int trials)
{
  static uint8_t in[25 * 8 * 6 + 7];
  uint64_t a[25], b[25];
  for (unsigned rounds = 1; rounds <= 24; rounds++)
    for (int t = 0; t < trials; t++) {
      for (unsigned j = 0; j < 25; j++)
        a[j] = b[j] = test_rand(&rng);
      perm(a, rounds);
      qed_keccak_p1600_permute_portable(b, rounds);
      test_check(&T, memcmp(a, b, sizeof a) == 0, "%s permute rounds %u",
                 name, rounds);
      const size_t lanes = 1 + rnd(25), len = rnd(sizeof in + 1);
      test_fill(in, sizeof in, test_rand(&rng));
      for (unsigned j = 0; j < 25; j++)
        a[j] = b[j] = test_rand(&rng);
      const size_t ra = absorb(a, rounds, lanes, in, len);
      const size_t rb = qed_keccak_p1600_absorb_blocks_portable(b, rounds,
                                                                lanes, in,
                                                                len);
      test_check(&T, ra == rb && memcmp(a, b, sizeof a) == 0,
                 "%s absorb rounds %u lanes %zu len %zu", name, rounds,
                 lanes, len);
    }
}

/* absorb_blocks against the portable build for every lane count 1..25,
 * every misalignment of the input 0..7 and every length around 0..3
 * blocks (a build that keeps the state in registers across blocks adds
 * each lane under its own test of the lane count), 24 and 12 rounds. */
static void check_absorb_sweep(const char *name,
                               size_t (*absorb)(uint64_t *, unsigned, size_t,
                                                const uint8_t *, size_t))
{
  static uint8_t in[3 * 200 + 2 + 8];
  static const unsigned rounds[2] = { 24, 12 };
  uint64_t a[25], b[25];
  test_fill(in, sizeof in, test_rand(&rng));
  for (size_t lanes = 1; lanes <= 25; lanes++)
    for (size_t off = 0; off < 8; off++)
      for (size_t k = 0; k <= 3; k++)
        for (size_t d = 0; d < 3; d++) {
          if (k == 0 && d == 0) continue; /* no length below 0 */
          const size_t len = k * 8 * lanes + d - 1;
          const unsigned r = rounds[(lanes + off + k + d) % 2];
          for (unsigned j = 0; j < 25; j++)
            a[j] = b[j] = test_rand(&rng);
          const size_t ra = absorb(a, r, lanes, in + off, len);
          const size_t rb = qed_keccak_p1600_absorb_blocks_portable(
              b, r, lanes, in + off, len);
          test_check(&T, ra == rb && memcmp(a, b, sizeof a) == 0,
                     "%s absorb lanes %zu offset %zu len %zu rounds %u",
                     name, lanes, off, len, r);
        }
}

/* A build that loads and stores the state itself (the AVX-512 assembly):
 * the state at every lane offset 0..3 of a guarded buffer (so also 8 mod
 * 16 bytes), nothing written outside its 25 lanes; the input a heap block
 * of exactly the blocks absorbed (ASan sees any read past it), every lane
 * count 1..25, 1..3 blocks, every round count; and a caller's vector and
 * floating-point values still right after the calls (the assembly uses
 * all 32 vector registers and says so to the compiler). */
static void check_single_bounds(const char *name,
                                void (*perm)(uint64_t *, unsigned),
                                size_t (*absorb)(uint64_t *, unsigned, size_t,
                                                 const uint8_t *, size_t))
{
  uint64_t g[25 + 8], ref[25];
  volatile double keep = 0.5; /* exact sums: compared with == */
  double live = keep * 7.0;
  for (size_t off = 0; off < 4; off++)
    for (unsigned rounds = 1; rounds <= 24; rounds++) {
      const size_t lanes = 1 + (rounds + 7 * off) % 25;
      const size_t blocks = 1 + (rounds + off) % 3, len = 8 * lanes * blocks;
      uint8_t *in = malloc(len);
      int ok = 1;
      if (in == NULL)
        exit(2);
      test_fill(in, len, test_rand(&rng));
      for (size_t j = 0; j < 25 + 8; j++)
        g[j] = 0xA5A5A5A5A5A5A5A5u ^ j;
      for (size_t j = 0; j < 25; j++)
        ref[j] = g[off + j] = test_rand(&rng);
      perm(g + off, rounds);
      qed_keccak_p1600_permute_portable(ref, rounds);
      ok &= absorb(g + off, rounds, lanes, in, len) == len;
      ok &= qed_keccak_p1600_absorb_blocks_portable(ref, rounds, lanes, in,
                                                   len) == len;
      ok &= memcmp(g + off, ref, sizeof ref) == 0;
      for (size_t j = 0; j < 25 + 8; j++)
        if (j < off || j >= off + 25)
          ok &= g[j] == (0xA5A5A5A5A5A5A5A5u ^ j);
      ok &= live == keep * 7.0;
      test_check(&T, ok, "%s bounds offset %zu rounds %u lanes %zu blocks %zu",
                 name, off, rounds, lanes, blocks);
      free(in);
      live += 7.0;
      keep = keep + 1.0;
    }
}

/* ---- leaves ---- */
#if HAVE_X86
/* The kernel given room for n leaves (1..w) and `extra` bytes more than
 * that (less than a leaf): n chaining values, each at cvs + 64 k. */
static void check_kernel_case(const char *name, leaves_fn f, unsigned w,
                              size_t leaflen, size_t rate, unsigned rounds,
                              size_t cvlen)
{
  const size_t n = w == 1 ? 1 : 1 + rnd(w + 3) % w;
  const size_t inlen = n * leaflen + rnd(leaflen);
  uint8_t *in = malloc(inlen + 1), cvs[8 * 64], ref[64];
  size_t used = 0;
  int ok = 1;
  if (in == NULL)
    exit(2);
  test_fill(in, inlen + 1, test_rand(&rng));
  const uint8_t suffix = (uint8_t)(1 + rnd(0x7F));
  memset(cvs, 0xA5, sizeof cvs);
  const size_t got = f(cvs, cvlen, in, inlen, leaflen, rate, rounds, suffix,
                       &used);
  ok &= got == n && used == n * leaflen;
  for (size_t k = 0; k < 8; k++) {
    if (k < n) {
      ref_sponge(ref, cvlen, in + k * leaflen, leaflen, rate, rounds, suffix);
      ok &= memcmp(ref, cvs + 64 * k, cvlen) == 0;
    }
    for (size_t i = k < n ? cvlen : 0; i < 64; i++) /* nothing else written */
      ok &= cvs[64 * k + i] == 0xA5;
  }
  test_check(&T, ok, "%s n %zu leaflen %zu rate %zu rounds %u cvlen %zu",
             name, n, leaflen, rate, rounds, cvlen);
  free(in);
}

static void check_kernel(const char *name, leaves_fn f, unsigned w)
{
  /* 64, 128, 160, 184: the 8-state AVX-512 form reads 8 lanes at a time
   * (whole groups, a group of 4, of 7). */
  static const size_t rates[] = { 168, 136, 72, 104, 144, 192, 8,
                                  64, 128, 160, 184 };
  static const unsigned rounds_list[] = { 12, 14, 24 };
  /* Every length around the first multiples of the rate, for the two
   * rates of the tree modes and every round count they use. */
  for (size_t r = 0; r < 2; r++)
    for (size_t ri = 0; ri < 3; ri++)
      for (size_t m = 0; m <= 3; m++)
        for (size_t d = 0; d <= 4; d++) {
          if (m * rates[r] + d < 2)
            continue;
          const size_t len = m * rates[r] + d - 2;
          check_kernel_case(name, f, w, len + 1, rates[r], rounds_list[ri],
                            r == 0 ? 32 : 64);
        }
  /* The KT and ParallelHash shapes, and random ones. */
  check_kernel_case(name, f, w, 8192, 168, 12, 32);
  check_kernel_case(name, f, w, 8192, 136, 12, 64);
  check_kernel_case(name, f, w, 8192, 136, 14, 64);
  check_kernel_case(name, f, w, 8192, 168, 24, 32);
  check_kernel_case(name, f, w, 8192, 136, 24, 64);
  for (int t = 0; t < 300; t++) {
    const size_t rate = rates[rnd(sizeof rates / sizeof rates[0])];
    size_t cvlen = 8 * (1 + rnd(8));
    if (cvlen > rate)
      cvlen = rate;
    check_kernel_case(name, f, w, 1 + rnd(3 * rate + 40), rate,
                      (unsigned)(1 + rnd(24)), cvlen);
  }
}
#endif

/* The dispatched entry point: leaves' chaining values absorbed into a
 * sponge, compared with the reference sponge over the reference CVs. */
static void check_dispatch_case(size_t nleaves, size_t leaflen, size_t extra,
                                size_t rate, unsigned rounds, size_t cvlen)
{
  const size_t inlen = nleaves * leaflen + extra;
  uint8_t *in = malloc(inlen + 1), out[64], want[64], cv[64];
  buf cvs = { 0 };
  qed_keccak_sponge dst;
  uint64_t count = 5;
  if (in == NULL)
    exit(2);
  test_fill(in, inlen + 1, test_rand(&rng));
  const uint8_t suffix = (uint8_t)(1 + rnd(0x7F));
  qed_sponge_init(&dst, (uint32_t)rate, 0x1F, 24, 0);
  const size_t used = qed_keccak_p1600_leaves(&dst, &count, in, inlen,
                                              leaflen, cvlen, (uint32_t)rate,
                                              (uint8_t)rounds, suffix);
  (void)qed_sponge_squeeze(&dst, out, sizeof out);
  for (size_t k = 0; k < nleaves; k++) {
    ref_sponge(cv, cvlen, in + k * leaflen, leaflen, rate, rounds, suffix);
    buf_add(&cvs, cv, cvlen);
  }
  ref_sponge(want, sizeof want, cvs.p, cvs.n, rate, 24, 0x1F);
  test_check(&T, used == nleaves * leaflen && count == 5 + nleaves &&
                 memcmp(out, want, sizeof out) == 0,
             "leaves dispatched n %zu leaflen %zu extra %zu rate %zu", nleaves,
             leaflen, extra, rate);
  free(cvs.p);
  free(in);
}

static void check_dispatch(void)
{
  for (size_t n = 0; n <= 17; n++) {
    check_dispatch_case(n, 8192, n % 3 == 0 ? 0 : 8191, 168, 12, 32);
    check_dispatch_case(n, 1 + rnd(400), 0, 136, 24, 64);
  }
  for (int t = 0; t < 200; t++) {
    const size_t leaflen = 1 + rnd(500);
    check_dispatch_case(rnd(20), leaflen, rnd(leaflen), 136 + 32 * rnd(2),
                        (unsigned)(1 + rnd(24)), 32 + 32 * rnd(2));
  }
}

/* ---- KT128 / KT256 / M14 reference (RFC 9861, 3) ---- */
static void length_encode(buf *b, uint64_t x)
{
  uint8_t t[9];
  size_t n = 0;
  for (uint64_t v = x; v != 0; v >>= 8)
    n++;
  for (size_t i = 0; i < n; i++)
    t[i] = (uint8_t)(x >> (8 * (n - 1 - i)));
  t[n] = (uint8_t)n;
  buf_add(b, t, n + 1);
}

static void ref_kt(uint8_t *out, size_t outlen, const uint8_t *m, size_t mlen,
                   const uint8_t *c, size_t clen, size_t cvlen,
                   unsigned rounds)
{
  const size_t rate = 200 - cvlen; /* capacity = chaining value */
  buf s = { 0 }, node = { 0 };
  buf_add(&s, m, mlen);
  buf_add(&s, c, clen);
  length_encode(&s, clen);
  if (s.n <= 8192) {
    ref_sponge(out, outlen, s.p, s.n, rate, rounds, 0x07);
  } else {
    static const uint8_t marker[8] = { 3, 0, 0, 0, 0, 0, 0, 0 };
    uint8_t cv[64];
    size_t n = 0;
    buf_add(&node, s.p, 8192);
    buf_add(&node, marker, 8);
    for (size_t off = 8192; off < s.n; off += 8192, n++) {
      const size_t len = s.n - off < 8192 ? s.n - off : 8192;
      ref_sponge(cv, cvlen, s.p + off, len, rate, rounds, 0x0B);
      buf_add(&node, cv, cvlen);
    }
    length_encode(&node, n);
    buf_byte(&node, 0xFF);
    buf_byte(&node, 0xFF);
    ref_sponge(out, outlen, node.p, node.n, rate, rounds, 0x06);
  }
  free(s.p);
  free(node.p);
}

typedef struct {
  const char *name;
  size_t cvlen;
  unsigned rounds;
  void (*oneshot)(uint8_t *, size_t, const uint8_t *, size_t,
                  const uint8_t *, size_t);
  void (*init)(qed_kt_ctx *);
} kt_fn;

static const kt_fn kts[] = {
  { "KT128", 32, 12, qed_kt128, qed_kt128_init },
  { "KT256", 64, 12, qed_kt256, qed_kt256_init },
  { "M14", 64, 14, qed_m14, qed_m14_init },
};

static void check_kt_case(const kt_fn *f, const uint8_t *m, size_t mlen,
                          const uint8_t *c, size_t clen)
{
  uint8_t out[80], want[80], st[80];
  qed_kt_ctx ctx;
  size_t done = 0;
  ref_kt(want, sizeof want, m, mlen, c, clen, f->cvlen, f->rounds);
  f->oneshot(out, sizeof out, m, mlen, c, clen);
  test_check(&T, memcmp(out, want, sizeof out) == 0,
             "%s one-shot len %zu custom %zu", f->name, mlen, clen);
  /* streaming: random pieces, often whole chunks at odd offsets */
  f->init(&ctx);
  while (done < mlen) {
    size_t take = rnd(4) == 0 ? rnd(100) : rnd(3 * 8192 + 2);
    if (take > mlen - done)
      take = mlen - done;
    (void)qed_kt_update(&ctx, m + done, take);
    done += take;
  }
  (void)qed_kt_final(&ctx, c, clen);
  (void)qed_kt_squeeze(&ctx, st, sizeof st);
  test_check(&T, memcmp(st, want, sizeof st) == 0,
             "%s streaming len %zu custom %zu", f->name, mlen, clen);
}

static void check_kt(void)
{
  const size_t maxlen = 18 * 8192 + 64;
  uint8_t *m = malloc(maxlen), c[300];
  if (m == NULL)
    exit(2);
  test_fill(m, maxlen, 12345);
  test_fill(c, sizeof c, 777);
  for (size_t fi = 0; fi < 3; fi++) {
    /* every length around each chunk boundary: 0 to 18 chunks */
    for (size_t k = 0; k <= 18; k++)
      for (size_t d = 0; d <= 4; d++) {
        if (k * 8192 + d < 2)
          continue;
        const size_t len = k * 8192 + d - 2;
        check_kt_case(&kts[fi], m, len, c, 0);
      }
    /* customization strings that move the boundary (|S| = |M| + |C| + 2) */
    for (size_t k = 1; k <= 17; k += 4)
      for (size_t cl = 0; cl <= 4; cl++)
        check_kt_case(&kts[fi], m, k * 8192 - 3, c, cl);
    for (int t = 0; t < 40; t++)
      check_kt_case(&kts[fi], m, rnd(maxlen - 300), c, rnd(sizeof c));
  }
  free(m);
}

/* ---- ParallelHash reference (SP 800-185, 6) ---- */
static void left_encode(buf *b, uint64_t x)
{
  uint8_t t[8];
  size_t n = 0;
  for (uint64_t v = x; v != 0; v >>= 8)
    n++;
  if (n == 0)
    n = 1;
  for (size_t i = 0; i < n; i++)
    t[i] = (uint8_t)(x >> (8 * (n - 1 - i)));
  buf_byte(b, (uint8_t)n);
  buf_add(b, t, n);
}

static void right_encode(buf *b, uint64_t x)
{
  uint8_t t[8];
  size_t n = 0;
  for (uint64_t v = x; v != 0; v >>= 8)
    n++;
  if (n == 0)
    n = 1;
  for (size_t i = 0; i < n; i++)
    t[i] = (uint8_t)(x >> (8 * (n - 1 - i)));
  buf_add(b, t, n);
  buf_byte(b, (uint8_t)n);
}

static void ref_ph(uint8_t *out, size_t outlen, int xof, const uint8_t *x,
                   size_t xlen, size_t block, const uint8_t *s, size_t slen,
                   size_t rate)
{
  static const uint8_t name[12] = { 'P', 'a', 'r', 'a', 'l', 'l', 'e', 'l',
                                    'H', 'a', 's', 'h' };
  const size_t cvlen = rate == 168 ? 32 : 64;
  buf in = { 0 };
  uint8_t cv[64];
  size_t n = 0;
  /* bytepad(encode_string(N) || encode_string(S), rate) */
  left_encode(&in, rate);
  left_encode(&in, 8 * sizeof name);
  buf_add(&in, name, sizeof name);
  left_encode(&in, 8 * (uint64_t)slen);
  buf_add(&in, s, slen);
  while (in.n % rate != 0)
    buf_byte(&in, 0);
  left_encode(&in, block);
  for (size_t off = 0; off < xlen; off += block, n++) {
    const size_t len = xlen - off < block ? xlen - off : block;
    ref_sponge(cv, cvlen, x + off, len, rate, 24, 0x1F);
    buf_add(&in, cv, cvlen);
  }
  right_encode(&in, n);
  right_encode(&in, xof ? 0 : 8 * (uint64_t)outlen);
  ref_sponge(out, outlen, in.p, in.n, rate, 24, 0x04);
  free(in.p);
}

static void check_ph_case(const uint8_t *x, size_t xlen, size_t block,
                          const uint8_t *s, size_t slen)
{
  uint8_t out[64], want[64];
  for (int v = 0; v < 4; v++) {
    const size_t rate = v % 2 == 0 ? 168 : 136;
    const int xof = v >= 2;
    qed_parallelhash_ctx ctx;
    size_t done = 0;
    ref_ph(want, sizeof want, xof, x, xlen, block, s, slen, rate);
    int r;
    if (xof)
      r = (rate == 168 ? qed_parallelhashxof128 : qed_parallelhashxof256)(
          out, sizeof out, x, xlen, block, s, slen);
    else
      r = (rate == 168 ? qed_parallelhash128 : qed_parallelhash256)(
          out, sizeof out, x, xlen, block, s, slen);
    test_check(&T, r == 0 && memcmp(out, want, sizeof out) == 0,
               "ParallelHash rate %zu xof %d len %zu B %zu", rate, xof, xlen,
               block);
    if (xof)
      r = (rate == 168 ? qed_parallelhashxof128_init
                       : qed_parallelhashxof256_init)(&ctx, block, s, slen);
    else
      r = (rate == 168 ? qed_parallelhash128_init
                       : qed_parallelhash256_init)(&ctx, block, s, slen);
    while (done < xlen) {
      size_t take = rnd(3) == 0 ? rnd(20) : rnd(5 * block + 2);
      if (take > xlen - done)
        take = xlen - done;
      r |= qed_parallelhash_update(&ctx, x + done, take);
      done += take;
    }
    if (xof)
      r |= qed_parallelhash_squeeze(&ctx, out, sizeof out);
    else
      r |= qed_parallelhash_final(&ctx, out, sizeof out);
    test_check(&T, r == 0 && memcmp(out, want, sizeof out) == 0,
               "ParallelHash streaming rate %zu xof %d len %zu B %zu", rate,
               xof, xlen, block);
  }
}

static void check_ph(void)
{
  static const size_t blocks[] = { 1, 7, 136, 168, 169, 1000, 8192 };
  const size_t maxlen = 18 * 8192 + 8;
  uint8_t *x = malloc(maxlen), s[40];
  if (x == NULL)
    exit(2);
  test_fill(x, maxlen, 999);
  test_fill(s, sizeof s, 5);
  for (size_t bi = 0; bi < sizeof blocks / sizeof blocks[0]; bi++) {
    const size_t b = blocks[bi];
    /* every length around each block boundary, up to 17 blocks */
    for (size_t k = 0; k <= 17; k++)
      for (size_t d = 0; d <= 2; d++) {
        if (k * b + d < 1 || k * b + d - 1 > maxlen)
          continue;
        check_ph_case(x, k * b + d - 1, b, s, bi % 2 == 0 ? 0 : 11);
      }
  }
  for (int t = 0; t < 40; t++) {
    const size_t b = 1 + rnd(3000);
    check_ph_case(x, rnd(20 * b < maxlen ? 20 * b : maxlen), b, s,
                  rnd(sizeof s));
  }
  free(x);
}

int main(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  test_print_backend();
  check_single("dispatched", qed_keccak_p1600_permute,
               qed_keccak_p1600_absorb_blocks, 40);
  check_absorb_sweep("dispatched", qed_keccak_p1600_absorb_blocks);
  check_single_bounds("dispatched", qed_keccak_p1600_permute,
                      qed_keccak_p1600_absorb_blocks);
#if HAVE_X86
  if (cpu_avx2()) {
    check_single("x86v3", qed_keccak_p1600_permute_x86v3,
                 qed_keccak_p1600_absorb_blocks_x86v3, 40);
    check_absorb_sweep("x86v3", qed_keccak_p1600_absorb_blocks_x86v3);
    check_times("x4 avx2", qed_keccak_p1600_times4_permute_avx2, 4, 40);
    check_kernel("x4 avx2", qed_keccak_p1600_times4_leaves_avx2, 4);
  } else {
    printf("no AVX2: x86-64-v3 and AVX2 kernels skipped\n");
  }
  check_times("x2 sse2", qed_keccak_p1600_times2_permute_sse2, 2, 40);
  check_kernel("x2 sse2", qed_keccak_p1600_times2_leaves_sse2, 2);
  if (cpu_avx512()) {
    check_single("avx512", qed_keccak_p1600_permute_avx512,
                 qed_keccak_p1600_absorb_blocks_avx512, 200);
    check_absorb_sweep("avx512", qed_keccak_p1600_absorb_blocks_avx512);
    check_single_bounds("avx512", qed_keccak_p1600_permute_avx512,
                        qed_keccak_p1600_absorb_blocks_avx512);
    check_times("x8 avx512", qed_keccak_p1600_times8_permute_avx512, 8, 40);
    check_times("x4 avx512", qed_keccak_p1600_times4_permute_avx512, 4, 40);
    check_times("x2 avx512", qed_keccak_p1600_times2_permute_avx512, 2, 40);
    check_kernel("x8 avx512", qed_keccak_p1600_times8_leaves_avx512, 8);
    check_kernel("x4 avx512", qed_keccak_p1600_times4_leaves_avx512, 4);
    check_kernel("x2 avx512", qed_keccak_p1600_times2_leaves_avx512, 2);
  } else {
    printf("no AVX-512: AVX-512 kernels skipped\n");
  }
#endif
  check_dispatch();
  check_kt();
  check_ph();
  return test_finish(&T);
}
