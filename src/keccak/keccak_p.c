/* Keccak-p[b, nr] for every width b = 25 w, w = 1, 2, 4, 8, 16, 32, 64, and
 * the bit and byte access to its state (keccak_p.h).
 *
 * One implementation for the widths below 1600, written from FIPS 202
 * section 3.2 with w as a parameter: lanes live in the low w bits of 64-bit
 * words (repeated across the word inside the permutation, see below),
 * rotations act modulo w, and the round constant of round ir is the 64-bit
 * RC[ir] of Keccak-f[1600] truncated to w bits (its bits sit at positions
 * 2^j - 1, and those below w are exactly the l + 1 bits that FIPS 202
 * Algorithm 6 sets for width 25 w).  Keccak-p[b, nr] runs the
 * round indices 12 + 2l - nr .. 12 + 2l - 1.  Width 1600 goes to the fast
 * dispatched qed_keccak_p1600_permute (same lane layout, w = 64).
 *
 * The round is loops over x and y, so the proof sees a short body; it costs
 * a little speed, which matters less here than for Keccak-p[1600].        */
#include "keccak/keccak_p.h"
#include "keccak/keccak_p1600.h"
#include "common/bytes.h"
#include "common/zeroize.h"

/* RC[ir] of Keccak-f[1600], FIPS 202 Algorithm 6 (checked against the
 * computed constants of the Python reference by the differential test). */
static const uint64_t keccak_p_rc[24] = {
  0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
  0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
  0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
  0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
  0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
  0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
  0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
  0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

int qed_keccak_p_width_valid(size_t width)
{
  return width == 25 || width == 50 || width == 100 || width == 200 ||
         width == 400 || width == 800 || width == 1600;
}

unsigned qed_keccak_p_max_rounds(size_t width)
{
  switch (width) {
  case 25:   return 12;
  case 50:   return 14;
  case 100:  return 16;
  case 200:  return 18;
  case 400:  return 20;
  case 800:  return 22;
  case 1600: return 24;
  default:   return 0;
  }
}

/* ---- the permutation for w <= 32 ---------------------------------------- */

/* How: a lane of w bits (w divides 64) is kept, inside the permutation, as
 * its value repeated 64/w times across a 64-bit word.  Such a word is
 * periodic with period w, so rotating it by n rotates every copy by
 * n mod w: the rotations of Keccak-f[1600] with their 64-bit rho offsets
 * act on the copies exactly as the rotations mod w of Keccak-f[25w] act on
 * the lanes; XOR, AND and NOT keep the period, and the round constant is
 * RC[ir] truncated to w bits, repeated too.  So the round below is the
 * round of Keccak-f[1600] with another constant, on constant rotations
 * (no mask, no per-width rotation count), and the lanes are repeated on
 * entry and cut back to w bits on exit. */

/* pi: A'[x, y] = A[(x + 3y) mod 5, x], so lane k = x + 5y of pi's output
 * comes from lane (x + 3y) mod 5 + 5x, takes the theta effect D of column
 * (x + 3y) mod 5, and is rotated by that source lane's rho offset (FIPS 202
 * Table 2, the offsets of Keccak-f[1600]). */

/* v (w bits, w a power of two <= 32) repeated across 64 bits. */
/*@ requires w == 1 || w == 2 || w == 4 || w == 8 || w == 16 || w == 32;
    assigns \nothing; */
static uint64_t keccak_p_repeat(uint64_t v, unsigned w)
{
  unsigned s;
  /*@ loop invariant s == 1 || s == 2 || s == 4 || s == 8 || s == 16 ||
                     s == 32 || s == 64;
      loop assigns s, v;
      loop variant 64 - s; */
  for (s = w; s < 64; s *= 2)
    v |= v << s;
  return v;
}

/* One round Rnd(A, ir) = iota(chi(pi(rho(theta(A)))), ir) on repeated
 * lanes, rc the repeated truncated round constant. */
/*@ requires \valid(a + (0 .. 24));
    assigns a[0 .. 24]; */
static void keccak_p_round(uint64_t a[25], uint64_t rc)
{
  uint64_t c[5], d[5], b[25];
  unsigned x, j;

  /* theta: column parities C[x], D[x] = C[x-1] ^ rot(C[x+1], 1) */
  /*@ loop invariant 0 <= x <= 5;
      loop assigns x, c[0 .. 4];
      loop variant 5 - x; */
  for (x = 0; x < 5; x++)
    c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
  d[0] = c[4] ^ qed_rotl64(c[1], 1);
  d[1] = c[0] ^ qed_rotl64(c[2], 1);
  d[2] = c[1] ^ qed_rotl64(c[3], 1);
  d[3] = c[2] ^ qed_rotl64(c[4], 1);
  d[4] = c[3] ^ qed_rotl64(c[0], 1);
  /* theta's XOR, rho and pi: B[k] = rot(A[src] ^ D[col], offset[src]),
   * written out so that every rotation is by a constant */
  b[0] = a[0] ^ d[0];
  b[1] = qed_rotl64(a[6] ^ d[1], 44);
  b[2] = qed_rotl64(a[12] ^ d[2], 43);
  b[3] = qed_rotl64(a[18] ^ d[3], 21);
  b[4] = qed_rotl64(a[24] ^ d[4], 14);
  b[5] = qed_rotl64(a[3] ^ d[3], 28);
  b[6] = qed_rotl64(a[9] ^ d[4], 20);
  b[7] = qed_rotl64(a[10] ^ d[0], 3);
  b[8] = qed_rotl64(a[16] ^ d[1], 45);
  b[9] = qed_rotl64(a[22] ^ d[2], 61);
  b[10] = qed_rotl64(a[1] ^ d[1], 1);
  b[11] = qed_rotl64(a[7] ^ d[2], 6);
  b[12] = qed_rotl64(a[13] ^ d[3], 25);
  b[13] = qed_rotl64(a[19] ^ d[4], 8);
  b[14] = qed_rotl64(a[20] ^ d[0], 18);
  b[15] = qed_rotl64(a[4] ^ d[4], 27);
  b[16] = qed_rotl64(a[5] ^ d[0], 36);
  b[17] = qed_rotl64(a[11] ^ d[1], 10);
  b[18] = qed_rotl64(a[17] ^ d[2], 15);
  b[19] = qed_rotl64(a[23] ^ d[3], 56);
  b[20] = qed_rotl64(a[2] ^ d[2], 62);
  b[21] = qed_rotl64(a[8] ^ d[3], 55);
  b[22] = qed_rotl64(a[14] ^ d[4], 39);
  b[23] = qed_rotl64(a[15] ^ d[0], 41);
  b[24] = qed_rotl64(a[21] ^ d[1], 2);
  /* chi, row by row: A[x, y] = B[x, y] ^ (~B[x+1, y] & B[x+2, y]) */
  /*@ loop invariant 0 <= j <= 25 && j % 5 == 0;
      loop assigns j, a[0 .. 24];
      loop variant 25 - j; */
  for (j = 0; j < 25; j += 5) {
    a[j] = b[j] ^ (~b[j + 1] & b[j + 2]);
    a[j + 1] = b[j + 1] ^ (~b[j + 2] & b[j + 3]);
    a[j + 2] = b[j + 2] ^ (~b[j + 3] & b[j + 4]);
    a[j + 3] = b[j + 3] ^ (~b[j + 4] & b[j]);
    a[j + 4] = b[j + 4] ^ (~b[j] & b[j + 1]);
  }
  /* iota */
  a[0] ^= rc;
}

/* Keccak-p[25 w, rounds] for w = width / 25 <= 32. */
/*@ requires \valid(a + (0 .. 24));
    requires width == 25 || width == 50 || width == 100 || width == 200 ||
             width == 400 || width == 800;
    requires 1 <= rounds <= qed_keccak_p_nr(width);
    assigns a[0 .. 24]; */
static void keccak_p_small(uint64_t a[25], unsigned width, unsigned rounds)
{
  const unsigned w = width / 25;
  const unsigned nr = qed_keccak_p_max_rounds(width);
  const uint64_t mask = ((uint64_t)1 << w) - 1;
  /* v * ones repeats a w-bit v (ones = 1 repeated: the copies do not
   * overlap, so the product has no carries) */
  const uint64_t ones = keccak_p_repeat(1, w);
  unsigned k, ir;

  /*@ loop invariant 0 <= k <= 25;
      loop assigns k, a[0 .. 24];
      loop variant 25 - k; */
  for (k = 0; k < 25; k++)
    a[k] = (a[k] & mask) * ones;
  /*@ loop invariant nr - rounds <= ir <= nr;
      loop assigns ir, a[0 .. 24];
      loop variant nr - ir; */
  for (ir = nr - rounds; ir < nr; ir++)
    keccak_p_round(a, (keccak_p_rc[ir] & mask) * ones);
  /*@ loop invariant 0 <= k <= 25;
      loop assigns k, a[0 .. 24];
      loop variant 25 - k; */
  for (k = 0; k < 25; k++)
    a[k] &= mask;
}

/* ---- the interface ------------------------------------------------------ */

void qed_keccak_p_init(qed_keccak_p_state *s, unsigned width)
{
  size_t k;
  /*@ loop invariant 0 <= k <= 25;
      loop invariant \forall integer m; 0 <= m < k ==> s->lane[m] == 0;
      loop assigns k, s->lane[0 .. 24];
      loop variant 25 - k; */
  for (k = 0; k < 25; k++)
    s->lane[k] = 0;
  s->width = width;
}

void qed_keccak_p_wipe(qed_keccak_p_state *s)
{
  qed_wipe_u64(s->lane, 25);
  s->width = 0;
}

void qed_keccak_p_permute(qed_keccak_p_state *s, unsigned rounds)
{
  if (s->width == 1600)
    qed_keccak_p1600_permute(s->lane, rounds);
  else
    keccak_p_small(s->lane, s->width, rounds);
}

/* ---- the public one-shot on a state string ------------------------------ */

int qed_keccak_p(uint8_t *state, size_t width, unsigned rounds)
{
  qed_keccak_p_state s;
  size_t full;
  unsigned rem;

  if (!qed_keccak_p_width_valid(width) || rounds < 1 ||
      rounds > qed_keccak_p_max_rounds(width))
    return -1;
  qed_keccak_p_init(&s, (unsigned)width);
  qed_keccak_p_add_bits(&s, state, 0, width);
  qed_keccak_p_permute(&s, rounds);
  full = width / 8;
  rem = (unsigned)(width % 8);
  qed_keccak_p_extract_bytes(&s, state, 0, full);
  if (rem != 0) {
    /* b = 25, 50, 100: the last byte holds rem state bits; its high bits
     * are not part of the state and keep their value. */
    uint8_t t;
    qed_keccak_p_extract_bits(&s, &t, 8 * full, rem);
    state[full] = (uint8_t)((state[full] & (0xffu << rem)) | t);
  }
  qed_keccak_p_wipe(&s);
  return 0;
}
