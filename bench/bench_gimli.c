/* Bench rows of Gimli (bench/harness.h).
 *
 * No library in Debian 12 has Gimli (libhydrogen, which uses it inside its
 * own constructions, is not packaged), so:
 *   - the permutation is compared with the designers' reference code (the
 *     loop of gimli-20170627's gimli.c: one round per iteration, the swaps
 *     and the constant by tests of the round number), written out below and
 *     compiled with the bench's flags: what a user would otherwise copy;
 *   - Gimli-Hash is compared with qed's own SHA3-256, for scale (Gimli
 *     absorbs 16 bytes per permutation, Keccak-f[1600] 136). */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "qed/gimli.h"

/* The designers' reference permutation (paper, Algorithm 1). */
static uint32_t ref_rotate(uint32_t x, int bits)
{
  return bits == 0 ? x : (x << bits) | (x >> (32 - bits));
}

static void ref_gimli(uint32_t *state)
{
  for (int round = 24; round > 0; --round) {
    for (int column = 0; column < 4; ++column) {
      uint32_t x = ref_rotate(state[column], 24);
      uint32_t y = ref_rotate(state[4 + column], 9);
      uint32_t z = state[8 + column];
      state[8 + column] = x ^ (z << 1) ^ ((y & z) << 2);
      state[4 + column] = y ^ x ^ ((x | z) << 1);
      state[column] = z ^ y ^ ((x & y) << 3);
    }
    uint32_t t;
    if ((round & 3) == 0) {
      t = state[0]; state[0] = state[1]; state[1] = t;
      t = state[2]; state[2] = state[3]; state[3] = t;
    }
    if ((round & 3) == 2) {
      t = state[0]; state[0] = state[2]; state[2] = t;
      t = state[1]; state[1] = state[3]; state[3] = t;
    }
    if ((round & 3) == 0)
      state[0] ^= (0x9e377900u | (uint32_t)round);
  }
}

/* Both permutation rows start from the first 48 bytes of the input and
 * permute `iters` times, so one call of each gives the same output. */
static void start_state(uint32_t s[12], const uint8_t *in)
{
  for (int i = 0; i < 12; i++)
    s[i] = (uint32_t)in[4 * i] | (uint32_t)in[4 * i + 1] << 8 |
           (uint32_t)in[4 * i + 2] << 16 | (uint32_t)in[4 * i + 3] << 24;
}

static void q_perm(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  uint32_t s[12];
  (void)n;
  start_state(s, in);
  for (unsigned long i = 0; i < it; i++) qed_gimli_permute(s);
  memcpy(o, s, sizeof s);
}
static void r_perm(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  uint32_t s[12];
  (void)n;
  start_state(s, in);
  for (unsigned long i = 0; i < it; i++) ref_gimli(s);
  memcpy(o, s, sizeof s);
}

static void q_hash(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) qed_gimli_hash(o, in, n); }
static void q_hash_lwc(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) qed_gimli24v1_hash(o, in, n); }

#define KIB 1024

static const bench_row rows[] = {
  { "Gimli permutation", 0, q_perm, r_perm, "Gimli reference C", 48, 0, 0 },
  { "Gimli-Hash", 64, q_hash, bench_qed_sha3_256, "qed SHA3-256", 0, 0, 0 },
  { "Gimli-Hash", 1536, q_hash, bench_qed_sha3_256, "qed SHA3-256", 0, 0, 0 },
  { "Gimli-Hash", 64 * KIB, q_hash, bench_qed_sha3_256, "qed SHA3-256", 0, 0, 0 },
  { "Gimli-Hash (gimli24v1)", 1536, q_hash_lwc, bench_qed_sha3_256, "qed SHA3-256",
    0, 0, 0 },
};

/* The permutation's test vector (reference test.c), in qed and in the
 * reference copy above, before anything is timed. */
static int gimli_setup(void)
{
  static const uint32_t want0 = 0xba11c85au, want11 = 0xf41bb8d6u;
  uint32_t a[12], b[12];
  for (uint32_t i = 0; i < 12; i++)
    a[i] = b[i] = i * i * i + i * 0x9e3779b9u;
  qed_gimli_permute(a);
  ref_gimli(b);
  if (a[0] != want0 || a[11] != want11 || memcmp(a, b, sizeof a) != 0) {
    fprintf(stderr, "bench gimli: the permutation test vector fails\n");
    return -1;
  }
  return 0;
}

const bench_family bench_family_gimli = {
  "Gimli", gimli_setup, rows, sizeof rows / sizeof rows[0]
};
