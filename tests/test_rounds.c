/* Keccak-p[1600, nr] for every round count, on every build of it.
 *
 * 1. Official values: the Keccak team's intermediate values list, for two
 *    inputs, the state after each of the 24 rounds and after the whole
 *    permutation.  Keccak-p[1600, nr] is the LAST nr rounds of
 *    Keccak-f[1600], so applying it with nr = 24 - k to the state after
 *    round k - 1 must give the final state: that checks every nr from 1
 *    to 24 against published numbers.
 * 2. A compact reference (the loop-and-table form of FIPS 202, written
 *    independently of the optimized code) compared with the portable and
 *    x86-64-v3 builds and the dispatcher on pseudo-random states for every
 *    nr, and with absorb_blocks for every lane count 1..25.
 *
 * usage: test_rounds [vector-dir]   (default tests/vectors) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/bytes.h"
#include "common/cpu.h"
#include "keccak/keccak_p1600.h"
#include "testutil.h"

/* ---- the reference: FIPS 202, 3.2, as loops over (x, y) ---- */

static const unsigned ref_rho[5][5] = { /* [x][y] */
  { 0, 36, 3, 41, 18 }, { 1, 44, 10, 45, 2 }, { 62, 6, 43, 15, 61 },
  { 28, 55, 25, 21, 56 }, { 27, 20, 39, 8, 14 }
};

/* Round constants from the LFSR of FIPS 202, algorithm 5 (rc(t)), not
 * from a table, so the reference shares nothing with the code tested. */
static uint64_t ref_round_constant(unsigned ir)
{
  uint64_t rc = 0;
  for (unsigned j = 0; j <= 6; j++) {
    unsigned t = j + 7 * ir;
    unsigned r = 1; /* the LFSR state, bits R[0..7] as in algorithm 5 */
    for (unsigned i = 1; i <= t % 255; i++) {
      r <<= 1;
      if (r & 0x100)
        r ^= 0x171; /* x^8 + x^6 + x^5 + x^4 + 1 */
    }
    if (r & 1)
      rc |= (uint64_t)1 << ((1u << j) - 1);
  }
  return rc;
}

static uint64_t rol(uint64_t v, unsigned n)
{
  return n == 0 ? v : (v << n) | (v >> (64 - n));
}

static void ref_permute(uint64_t a[25], unsigned rounds)
{
  for (unsigned ir = 24 - rounds; ir < 24; ir++) {
    uint64_t c[5], b[25];
    for (unsigned x = 0; x < 5; x++)
      c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
    for (unsigned x = 0; x < 5; x++)
      for (unsigned y = 0; y < 5; y++)
        a[x + 5 * y] ^= c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1);
    for (unsigned x = 0; x < 5; x++)       /* rho and pi */
      for (unsigned y = 0; y < 5; y++)
        b[y + 5 * ((2 * x + 3 * y) % 5)] = rol(a[x + 5 * y], ref_rho[x][y]);
    for (unsigned x = 0; x < 5; x++)       /* chi */
      for (unsigned y = 0; y < 5; y++)
        a[x + 5 * y] = b[x + 5 * y] ^
                       (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
    a[0] ^= ref_round_constant(ir);        /* iota */
  }
}

/* ---- the builds under test ---- */

typedef struct {
  const char *name;
  void (*permute)(uint64_t *, unsigned);
  size_t (*absorb)(uint64_t *, unsigned, size_t, const uint8_t *, size_t);
} build;

static size_t num_builds(build *b)
{
  size_t n = 0;
  b[n++] = (build){ "dispatch", qed_keccak_p1600_permute,
                    qed_keccak_p1600_absorb_blocks };
  b[n++] = (build){ "portable", qed_keccak_p1600_permute_portable,
                    qed_keccak_p1600_absorb_blocks_portable };
#if defined(__x86_64__)
  if (qed_backend_level() >= QED_BACKEND_AVX2)
    b[n++] = (build){ "x86v3", qed_keccak_p1600_permute_x86v3,
                      qed_keccak_p1600_absorb_blocks_x86v3 };
#endif
  return n;
}

/* ---- 1. the intermediate values ---- */

/* Read the next "lanes as 64-bit words" block (25 hex words) after a line
 * starting with `marker`; returns 0, or -1 at end of file. */
static int read_lanes_after(FILE *f, const char *marker, uint64_t s[25])
{
  char line[1024];
  while (fgets(line, sizeof line, f) != NULL) {
    if (strncmp(line, marker, strlen(marker)) != 0)
      continue;
    for (int i = 0; i < 25; i++)
      if (fscanf(f, "%16llx", (unsigned long long *)&s[i]) != 1)
        return -1;
    return 0;
  }
  return -1;
}

/* Read the bytes of "State after permutation:" into lanes. */
static int read_final_state(FILE *f, uint64_t s[25])
{
  char line[1024];
  while (fgets(line, sizeof line, f) != NULL) {
    if (strncmp(line, "State after permutation:", 24) != 0)
      continue;
    uint8_t bytes[200];
    for (int i = 0; i < 200; i++) {
      unsigned v;
      if (fscanf(f, "%2x", &v) != 1)
        return -1;
      bytes[i] = (uint8_t)v;
    }
    for (int i = 0; i < 25; i++)
      s[i] = qed_load64_le(bytes + 8 * i);
    return 0;
  }
  return -1;
}

static void check_intermediate_values(test_tally *t, const char *dir,
                                      build *b, size_t nb)
{
  char path[1024];
  snprintf(path, sizeof path, "%s/keccak_p/KeccakF-1600-IntermediateValues.txt",
           dir);
  FILE *f = fopen(path, "r");
  if (!test_check(t, f != NULL, "cannot open %s", path))
    return;
  unsigned examples = 0;
  uint64_t after[25][25]; /* after[k] = state after round k - 1; after[0] = input */
  for (;;) {
    if (read_lanes_after(f, "Same, with lanes as 64-bit words:", after[0]) != 0)
      break;
    int ok = 1;
    for (int k = 1; k < 25 && ok; k++)
      ok = read_lanes_after(f, "After iota:", after[k]) == 0;
    uint64_t final[25];
    if (!test_check(t, ok && read_final_state(f, final) == 0,
                    "%s: truncated example", path))
      break;
    test_check(t, memcmp(after[24], final, sizeof final) == 0,
               "%s: round 23 state differs from final state", path);
    for (unsigned k = 0; k < 24; k++)
      for (size_t i = 0; i < nb; i++) {
        uint64_t s[25];
        memcpy(s, after[k], sizeof s);
        b[i].permute(s, 24 - k);
        test_check(t, memcmp(s, final, sizeof s) == 0,
                   "example %u: %s, nr = %u from round %u", examples,
                   b[i].name, 24 - k, k);
      }
    examples++;
  }
  fclose(f);
  test_check(t, examples == 2, "expected 2 examples, read %u", examples);
  printf("intermediate values: %u examples, nr = 1..24\n", examples);
}

/* ---- 2. the reference on pseudo-random states ---- */

static void check_against_reference(test_tally *t, build *b, size_t nb)
{
  uint64_t seed = 0x9e3779b97f4a7c15ULL;
  for (unsigned nr = 1; nr <= 24; nr++)
    for (int trial = 0; trial < 8; trial++) {
      uint64_t s0[25];
      for (int i = 0; i < 25; i++)
        s0[i] = test_rand(&seed);
      uint64_t want[25];
      memcpy(want, s0, sizeof want);
      ref_permute(want, nr);
      for (size_t i = 0; i < nb; i++) {
        uint64_t s[25];
        memcpy(s, s0, sizeof s);
        b[i].permute(s, nr);
        test_check(t, memcmp(s, want, sizeof s) == 0,
                   "%s: nr = %u trial %d", b[i].name, nr, trial);
      }
    }

  /* absorb_blocks: every lane count, lengths from 0 to three blocks + 7. */
  static uint8_t msg[3 * 200 + 8];
  test_fill(msg, sizeof msg, 42);
  for (size_t lanes = 1; lanes <= 25; lanes++)
    for (size_t len = 0; len <= 3 * 8 * lanes + 7; len += 1 + len / 7)
      for (unsigned nr = 12; nr <= 24; nr += 12) {
        uint64_t want[25] = { 0 };
        size_t block = 8 * lanes, done = 0;
        for (; len - done >= block; done += block) {
          for (size_t j = 0; j < lanes; j++)
            want[j] ^= qed_load64_le(msg + done + 8 * j);
          ref_permute(want, nr);
        }
        for (size_t i = 0; i < nb; i++) {
          uint64_t s[25] = { 0 };
          size_t got = b[i].absorb(s, nr, lanes, msg, len);
          test_check(t, got == done && memcmp(s, want, sizeof s) == 0,
                     "%s: absorb_blocks lanes %zu len %zu nr %u", b[i].name,
                     lanes, len, nr);
        }
      }
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  test_tally t = { 0, 0 };
  build b[3];
  size_t nb = num_builds(b);
  printf("builds tested:");
  for (size_t i = 0; i < nb; i++)
    printf(" %s", b[i].name);
  printf("\n");
  check_intermediate_values(&t, dir, b, nb);
  check_against_reference(&t, b, nb);
  return test_finish(&t);
}
