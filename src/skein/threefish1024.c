/* Threefish-1024 (Skein 1.3, 3.3): encrypt, decrypt, and the UBI kernel
 * of Skein-1024 (skein_impl.h).  Generated layout, written out by hand.
 *
 * How it is fast: the 16 words of the state, the 17 key words and the 3
 * tweak words live in local variables; one loop iteration is 8 rounds and
 * 2 key injections, fully unrolled with the word permutation done by
 * renaming (as the Skein team's optimized C does); the key schedule is
 * computed on the fly by renaming the key and tweak words by 2 places per
 * iteration, so no array is indexed by round; the compiler unrolls the
 * 10 iterations (the pragma), which removes the renaming moves.  The
 * UBI kernel keeps the chaining value in the key words across blocks.
 *
 * Proof shape: the rounds touch only locals, so their only goals are the
 * loop's own (counter bounds); loads and stores are outside the loop. */
#include "qed/skein.h"
#include "skein/skein_impl.h"
#include "common/bytes.h"

#define MIX(a, b, r)                                                          \
  do {                                                                        \
    a += b;                                                                   \
    b = qed_rotl64(b, r) ^ a;                                                 \
  } while (0)
#define UNMIX(a, b, r)                                                        \
  do {                                                                        \
    b = qed_rotr64(b ^ a, r);                                                 \
    a -= b;                                                                   \
  } while (0)

/* Rounds 8i .. 8i+3 and 8i+4 .. 8i+7 (rotation constants of table 4). */
#define ROUNDS_A                                                             \
  MIX(x0, x1, 24); MIX(x2, x3, 13); MIX(x4, x5, 8); MIX(x6, x7, 47);         \
  MIX(x8, x9, 8); MIX(x10, x11, 17); MIX(x12, x13, 22); MIX(x14, x15, 37);   \
  MIX(x0, x9, 38); MIX(x2, x13, 19); MIX(x6, x11, 10); MIX(x4, x15, 55);     \
  MIX(x10, x7, 49); MIX(x12, x3, 18); MIX(x14, x5, 23); MIX(x8, x1, 52);     \
  MIX(x0, x7, 33); MIX(x2, x5, 4); MIX(x4, x3, 51); MIX(x6, x1, 13);         \
  MIX(x12, x15, 34); MIX(x14, x13, 41); MIX(x8, x11, 59); MIX(x10, x9, 17);  \
  MIX(x0, x15, 5); MIX(x2, x11, 20); MIX(x6, x13, 48); MIX(x4, x9, 41);      \
  MIX(x14, x1, 47); MIX(x8, x5, 28); MIX(x10, x3, 16); MIX(x12, x7, 25);
#define ROUNDS_B                                                             \
  MIX(x0, x1, 41); MIX(x2, x3, 9); MIX(x4, x5, 37); MIX(x6, x7, 31);         \
  MIX(x8, x9, 12); MIX(x10, x11, 47); MIX(x12, x13, 44); MIX(x14, x15, 30);  \
  MIX(x0, x9, 16); MIX(x2, x13, 34); MIX(x6, x11, 56); MIX(x4, x15, 51);     \
  MIX(x10, x7, 4); MIX(x12, x3, 53); MIX(x14, x5, 42); MIX(x8, x1, 41);      \
  MIX(x0, x7, 31); MIX(x2, x5, 44); MIX(x4, x3, 47); MIX(x6, x1, 46);        \
  MIX(x12, x15, 19); MIX(x14, x13, 42); MIX(x8, x11, 44); MIX(x10, x9, 25);  \
  MIX(x0, x15, 9); MIX(x2, x11, 48); MIX(x6, x13, 35); MIX(x4, x9, 52);      \
  MIX(x14, x1, 23); MIX(x8, x5, 31); MIX(x10, x3, 37); MIX(x12, x7, 20);
/* Their inverses, last round first. */
#define UNROUNDS_A                                                                   \
  UNMIX(x0, x15, 5); UNMIX(x2, x11, 20); UNMIX(x6, x13, 48); UNMIX(x4, x9, 41);      \
  UNMIX(x14, x1, 47); UNMIX(x8, x5, 28); UNMIX(x10, x3, 16); UNMIX(x12, x7, 25);     \
  UNMIX(x0, x7, 33); UNMIX(x2, x5, 4); UNMIX(x4, x3, 51); UNMIX(x6, x1, 13);         \
  UNMIX(x12, x15, 34); UNMIX(x14, x13, 41); UNMIX(x8, x11, 59); UNMIX(x10, x9, 17);  \
  UNMIX(x0, x9, 38); UNMIX(x2, x13, 19); UNMIX(x6, x11, 10); UNMIX(x4, x15, 55);     \
  UNMIX(x10, x7, 49); UNMIX(x12, x3, 18); UNMIX(x14, x5, 23); UNMIX(x8, x1, 52);     \
  UNMIX(x0, x1, 24); UNMIX(x2, x3, 13); UNMIX(x4, x5, 8); UNMIX(x6, x7, 47);         \
  UNMIX(x8, x9, 8); UNMIX(x10, x11, 17); UNMIX(x12, x13, 22); UNMIX(x14, x15, 37);
#define UNROUNDS_B                                                                   \
  UNMIX(x0, x15, 9); UNMIX(x2, x11, 48); UNMIX(x6, x13, 35); UNMIX(x4, x9, 52);      \
  UNMIX(x14, x1, 23); UNMIX(x8, x5, 31); UNMIX(x10, x3, 37); UNMIX(x12, x7, 20);     \
  UNMIX(x0, x7, 31); UNMIX(x2, x5, 44); UNMIX(x4, x3, 47); UNMIX(x6, x1, 46);        \
  UNMIX(x12, x15, 19); UNMIX(x14, x13, 42); UNMIX(x8, x11, 44); UNMIX(x10, x9, 25);  \
  UNMIX(x0, x9, 16); UNMIX(x2, x13, 34); UNMIX(x6, x11, 56); UNMIX(x4, x15, 51);     \
  UNMIX(x10, x7, 4); UNMIX(x12, x3, 53); UNMIX(x14, x5, 42); UNMIX(x8, x1, 41);      \
  UNMIX(x0, x1, 41); UNMIX(x2, x3, 9); UNMIX(x4, x5, 37); UNMIX(x6, x7, 31);         \
  UNMIX(x8, x9, 12); UNMIX(x10, x11, 47); UNMIX(x12, x13, 44); UNMIX(x14, x15, 30);
/* Subkey s + off while k_j holds key word (s + j) mod 17 and t_j tweak
 * word (s + j) mod 3 (3.3.2). */
#define INJECT_0                                                          \
  x0 += k0; x1 += k1; x2 += k2; x3 += k3;                                 \
  x4 += k4; x5 += k5; x6 += k6; x7 += k7;                                 \
  x8 += k8; x9 += k9; x10 += k10; x11 += k11;                             \
  x12 += k12; x13 += k13 + t0; x14 += k14 + t1; x15 += k15;
#define INJECT_1                                                          \
  x0 += k1; x1 += k2; x2 += k3; x3 += k4;                                 \
  x4 += k5; x5 += k6; x6 += k7; x7 += k8;                                 \
  x8 += k9; x9 += k10; x10 += k11; x11 += k12;                            \
  x12 += k13; x13 += k14 + t1; x14 += k15 + t2; x15 += k16 + s + 1u;
#define INJECT_2                                                          \
  x0 += k2; x1 += k3; x2 += k4; x3 += k5;                                 \
  x4 += k6; x5 += k7; x6 += k8; x7 += k9;                                 \
  x8 += k10; x9 += k11; x10 += k12; x11 += k13;                           \
  x12 += k14; x13 += k15 + t2; x14 += k16 + t0; x15 += k0 + s + 2u;
#define EJECT_0                                                           \
  x0 -= k0; x1 -= k1; x2 -= k2; x3 -= k3;                                 \
  x4 -= k4; x5 -= k5; x6 -= k6; x7 -= k7;                                 \
  x8 -= k8; x9 -= k9; x10 -= k10; x11 -= k11;                             \
  x12 -= k12; x13 -= k13 + t0; x14 -= k14 + t1; x15 -= k15;
#define EJECT_1                                                           \
  x0 -= k1; x1 -= k2; x2 -= k3; x3 -= k4;                                 \
  x4 -= k5; x5 -= k6; x6 -= k7; x7 -= k8;                                 \
  x8 -= k9; x9 -= k10; x10 -= k11; x11 -= k12;                            \
  x12 -= k13; x13 -= k14 + t1; x14 -= k15 + t2; x15 -= k16 + s + 1u;
#define EJECT_2                                                           \
  x0 -= k2; x1 -= k3; x2 -= k4; x3 -= k5;                                 \
  x4 -= k6; x5 -= k7; x6 -= k8; x7 -= k9;                                 \
  x8 -= k10; x9 -= k11; x10 -= k12; x11 -= k13;                           \
  x12 -= k14; x13 -= k15 + t2; x14 -= k16 + t0; x15 -= k0 + s + 2u;
/* s += 2: rename the key and tweak words. */
#define NEXT_KEYS                                                            \
  do {                                                                       \
    uint64_t ka = k0, kb = k1; k0 = k2; k1 = k3; k2 = k4; k3 = k5; k4 = k6;  \
    k5 = k7; k6 = k8; k7 = k9; k8 = k10; k9 = k11; k10 = k12; k11 = k13;     \
    k12 = k14; k13 = k15; k14 = k16; k15 = ka; k16 = kb;                     \
    ka = t2; t2 = t1; t1 = t0; t0 = ka; s += 2u;                             \
  } while (0)
/* s -= 2. */
#define PREV_KEYS                                                         \
  do {                                                                    \
    uint64_t ka = k15, kb = k16; k16 = k14; k15 = k13; k14 = k12;         \
    k13 = k11; k12 = k10; k11 = k9; k10 = k8; k9 = k7; k8 = k6; k7 = k5;  \
    k6 = k4; k5 = k3; k4 = k2; k3 = k1; k2 = k0; k0 = ka; k1 = kb;        \
    ka = t0; t0 = t1; t1 = t2; t2 = ka; s -= 2u;                          \
  } while (0)
/* 8 rounds and the 2 key injections after them. */
#define ENC_ITERATION                                                         \
  do {                                                                        \
    ROUNDS_A;                                                                 \
    INJECT_1;                                                                 \
    ROUNDS_B;                                                                 \
    INJECT_2;                                                                 \
    NEXT_KEYS;                                                                \
  } while (0)
#define DEC_ITERATION                                                         \
  do {                                                                        \
    PREV_KEYS;                                                                \
    EJECT_2;                                                                  \
    UNROUNDS_B;                                                               \
    EJECT_1;                                                                  \
    UNROUNDS_A;                                                               \
  } while (0)

/* Words from bytes and back, little-endian (one call site of the byte
 * helpers each, which keeps the proof of the public functions small). */
/*@ requires n <= 16;
    requires \valid(w + (0 .. n - 1)) && \valid_read(p + (0 .. 8 * n - 1));
    requires \separated(w + (0 .. n - 1), p + (0 .. 8 * n - 1));
    assigns w[0 .. n - 1]; */
static void load_words(uint64_t *w, const uint8_t *p, unsigned n)
{
  unsigned j;
  /*@ loop invariant 0 <= j <= n;
      loop assigns j, w[0 .. n - 1];
      loop variant n - j; */
  for (j = 0; j < n; j++)
    w[j] = qed_load64_le(p + 8u * j);
}

/*@ requires n <= 16;
    requires \valid(p + (0 .. 8 * n - 1)) && \valid_read(w + (0 .. n - 1));
    requires \separated(w + (0 .. n - 1), p + (0 .. 8 * n - 1));
    assigns p[0 .. 8 * n - 1]; */
static void store_words(uint8_t *p, const uint64_t *w, unsigned n)
{
  unsigned j;
  /*@ loop invariant 0 <= j <= n;
      loop assigns j, p[0 .. 8 * n - 1];
      loop variant n - j; */
  for (j = 0; j < n; j++)
    qed_store64_le(p + 8u * j, w[j]);
}

/*@ requires \valid(out + (0 .. 127));
    requires \valid_read(in + (0 .. 127)) && \valid_read(key + (0 .. 127));
    requires \valid_read(tweak + (0 .. 15));
    requires \separated(out + (0 .. 127), key + (0 .. 127), tweak + (0 .. 15));
    assigns out[0 .. 127]; */
void qed_threefish1024_encrypt(uint8_t out[128], const uint8_t in[128],
                               const uint8_t key[128], const uint8_t tweak[16])
{
  uint64_t w[16], tw[2];
  load_words(w, key, 16);
  load_words(tw, tweak, 2);
  uint64_t k0 = w[0];
  uint64_t k1 = w[1];
  uint64_t k2 = w[2];
  uint64_t k3 = w[3];
  uint64_t k4 = w[4];
  uint64_t k5 = w[5];
  uint64_t k6 = w[6];
  uint64_t k7 = w[7];
  uint64_t k8 = w[8];
  uint64_t k9 = w[9];
  uint64_t k10 = w[10];
  uint64_t k11 = w[11];
  uint64_t k12 = w[12];
  uint64_t k13 = w[13];
  uint64_t k14 = w[14];
  uint64_t k15 = w[15];
  uint64_t k16 = SKEIN_KS_PARITY ^ k0 ^ k1 ^ k2 ^ k3 ^ k4 ^ k5 ^ k6 ^ k7 ^ k8 ^ k9 ^ k10 ^ k11 ^ k12 ^ k13 ^ k14 ^ k15;
  uint64_t t0 = tw[0], t1 = tw[1];
  uint64_t t2 = t0 ^ t1;
  load_words(w, in, 16);
  uint64_t x0 = w[0];
  uint64_t x1 = w[1];
  uint64_t x2 = w[2];
  uint64_t x3 = w[3];
  uint64_t x4 = w[4];
  uint64_t x5 = w[5];
  uint64_t x6 = w[6];
  uint64_t x7 = w[7];
  uint64_t x8 = w[8];
  uint64_t x9 = w[9];
  uint64_t x10 = w[10];
  uint64_t x11 = w[11];
  uint64_t x12 = w[12];
  uint64_t x13 = w[13];
  uint64_t x14 = w[14];
  uint64_t x15 = w[15];
  uint64_t s = 0;
  unsigned i;
  INJECT_0;
#pragma GCC unroll 10
  /*@ loop invariant 0 <= i <= 10;
      loop assigns i, s, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15,
                   k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, k16, t0, t1, t2;
      loop variant 10 - i; */
  for (i = 0; i < 10u; i++)
    ENC_ITERATION;
  w[0] = x0;
  w[1] = x1;
  w[2] = x2;
  w[3] = x3;
  w[4] = x4;
  w[5] = x5;
  w[6] = x6;
  w[7] = x7;
  w[8] = x8;
  w[9] = x9;
  w[10] = x10;
  w[11] = x11;
  w[12] = x12;
  w[13] = x13;
  w[14] = x14;
  w[15] = x15;
  store_words(out, w, 16);
}

/*@ requires \valid(out + (0 .. 127));
    requires \valid_read(in + (0 .. 127)) && \valid_read(key + (0 .. 127));
    requires \valid_read(tweak + (0 .. 15));
    requires \separated(out + (0 .. 127), key + (0 .. 127), tweak + (0 .. 15));
    assigns out[0 .. 127]; */
void qed_threefish1024_decrypt(uint8_t out[128], const uint8_t in[128],
                               const uint8_t key[128], const uint8_t tweak[16])
{
  uint64_t kw[17], tw[3], w[16];
  load_words(kw, key, 16);
  kw[16] = SKEIN_KS_PARITY ^ kw[0] ^ kw[1] ^ kw[2] ^ kw[3] ^ kw[4] ^ kw[5] ^ kw[6] ^ kw[7] ^ kw[8] ^ kw[9] ^ kw[10] ^ kw[11] ^ kw[12] ^ kw[13] ^ kw[14] ^ kw[15];
  load_words(tw, tweak, 2);
  tw[2] = tw[0] ^ tw[1];
  /* Keys renamed for s = 20: each iteration steps back first. */
  uint64_t k0 = kw[3];
  uint64_t k1 = kw[4];
  uint64_t k2 = kw[5];
  uint64_t k3 = kw[6];
  uint64_t k4 = kw[7];
  uint64_t k5 = kw[8];
  uint64_t k6 = kw[9];
  uint64_t k7 = kw[10];
  uint64_t k8 = kw[11];
  uint64_t k9 = kw[12];
  uint64_t k10 = kw[13];
  uint64_t k11 = kw[14];
  uint64_t k12 = kw[15];
  uint64_t k13 = kw[16];
  uint64_t k14 = kw[0];
  uint64_t k15 = kw[1];
  uint64_t k16 = kw[2];
  uint64_t t0 = tw[2], t1 = tw[0], t2 = tw[1];
  load_words(w, in, 16);
  uint64_t x0 = w[0];
  uint64_t x1 = w[1];
  uint64_t x2 = w[2];
  uint64_t x3 = w[3];
  uint64_t x4 = w[4];
  uint64_t x5 = w[5];
  uint64_t x6 = w[6];
  uint64_t x7 = w[7];
  uint64_t x8 = w[8];
  uint64_t x9 = w[9];
  uint64_t x10 = w[10];
  uint64_t x11 = w[11];
  uint64_t x12 = w[12];
  uint64_t x13 = w[13];
  uint64_t x14 = w[14];
  uint64_t x15 = w[15];
  uint64_t s = 20;
  unsigned i;
  /*@ loop invariant 0 <= i <= 10;
      loop assigns i, s, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15,
                   k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, k16, t0, t1, t2;
      loop variant 10 - i; */
  for (i = 0; i < 10u; i++)
    DEC_ITERATION;
  EJECT_0;
  w[0] = x0;
  w[1] = x1;
  w[2] = x2;
  w[3] = x3;
  w[4] = x4;
  w[5] = x5;
  w[6] = x6;
  w[7] = x7;
  w[8] = x8;
  w[9] = x9;
  w[10] = x10;
  w[11] = x11;
  w[12] = x12;
  w[13] = x13;
  w[14] = x14;
  w[15] = x15;
  store_words(out, w, 16);
}

/* UBI on nblocks consecutive blocks of in, each counting for `bytes`
 * bytes of position.  The chaining value stays in the key words across
 * blocks: the feed-forward writes the next key into k_0 .. k_15 (the
 * renamings have moved them; every one is rewritten). */
/*@ requires \valid(h + (0 .. 15)) && \valid(tw + (0 .. 1));
    requires nblocks <= 0xFFFFFFFFFFFFFFFF / 128;
    requires \valid_read(in + (0 .. 128 * nblocks - 1));
    requires \separated(h + (0 .. 15), tw + (0 .. 1), in + (0 .. 128 * nblocks - 1));
    requires \separated(h + (0 .. 15), tw + (0 .. 1));
    assigns h[0 .. 15], tw[0 .. 1]; */
static void ubi_blocks(uint64_t h[16], uint64_t tw[2], const uint8_t *in,
                       size_t nblocks, uint32_t bytes)
{
  uint64_t k0 = h[0];
  uint64_t k1 = h[1];
  uint64_t k2 = h[2];
  uint64_t k3 = h[3];
  uint64_t k4 = h[4];
  uint64_t k5 = h[5];
  uint64_t k6 = h[6];
  uint64_t k7 = h[7];
  uint64_t k8 = h[8];
  uint64_t k9 = h[9];
  uint64_t k10 = h[10];
  uint64_t k11 = h[11];
  uint64_t k12 = h[12];
  uint64_t k13 = h[13];
  uint64_t k14 = h[14];
  uint64_t k15 = h[15];
  uint64_t pos = tw[0], flags = tw[1];
  size_t b;
  /*@ loop invariant 0 <= b <= nblocks;
      loop assigns b, pos, flags, k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15;
      loop variant nblocks - b; */
  for (b = 0; b < nblocks; b++) {
    const uint8_t *p = in + 128 * b;
    uint64_t x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;
    pos += bytes;
    uint64_t k16 = SKEIN_KS_PARITY ^ k0 ^ k1 ^ k2 ^ k3 ^ k4 ^ k5 ^ k6 ^ k7 ^ k8 ^ k9 ^ k10 ^ k11 ^ k12 ^ k13 ^ k14 ^ k15;
    uint64_t t0 = pos, t1 = flags, t2 = pos ^ flags;
    uint64_t s = 0;
    unsigned i;
    x0 = qed_load64_le(p + 0);
    x1 = qed_load64_le(p + 8);
    x2 = qed_load64_le(p + 16);
    x3 = qed_load64_le(p + 24);
    x4 = qed_load64_le(p + 32);
    x5 = qed_load64_le(p + 40);
    x6 = qed_load64_le(p + 48);
    x7 = qed_load64_le(p + 56);
    x8 = qed_load64_le(p + 64);
    x9 = qed_load64_le(p + 72);
    x10 = qed_load64_le(p + 80);
    x11 = qed_load64_le(p + 88);
    x12 = qed_load64_le(p + 96);
    x13 = qed_load64_le(p + 104);
    x14 = qed_load64_le(p + 112);
    x15 = qed_load64_le(p + 120);
    INJECT_0;
#pragma GCC unroll 10
    /*@ loop invariant 0 <= i <= 10;
        loop assigns i, s, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15,
                   k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15, k16, t0, t1, t2;
        loop variant 10 - i; */
    for (i = 0; i < 10u; i++)
      ENC_ITERATION;
    k0 = x0 ^ qed_load64_le(p + 0);
    k1 = x1 ^ qed_load64_le(p + 8);
    k2 = x2 ^ qed_load64_le(p + 16);
    k3 = x3 ^ qed_load64_le(p + 24);
    k4 = x4 ^ qed_load64_le(p + 32);
    k5 = x5 ^ qed_load64_le(p + 40);
    k6 = x6 ^ qed_load64_le(p + 48);
    k7 = x7 ^ qed_load64_le(p + 56);
    k8 = x8 ^ qed_load64_le(p + 64);
    k9 = x9 ^ qed_load64_le(p + 72);
    k10 = x10 ^ qed_load64_le(p + 80);
    k11 = x11 ^ qed_load64_le(p + 88);
    k12 = x12 ^ qed_load64_le(p + 96);
    k13 = x13 ^ qed_load64_le(p + 104);
    k14 = x14 ^ qed_load64_le(p + 112);
    k15 = x15 ^ qed_load64_le(p + 120);
    flags &= ~SKEIN_T1_FIRST;
  }
  h[0] = k0;
  h[1] = k1;
  h[2] = k2;
  h[3] = k3;
  h[4] = k4;
  h[5] = k5;
  h[6] = k6;
  h[7] = k7;
  h[8] = k8;
  h[9] = k9;
  h[10] = k10;
  h[11] = k11;
  h[12] = k12;
  h[13] = k13;
  h[14] = k14;
  h[15] = k15;
  tw[0] = pos;
  tw[1] = flags;
}

size_t qed_skein1024_absorb(uint64_t h[16], uint64_t tw[2], const uint8_t *in,
                            size_t inlen)
{
  if (inlen == 0)
    return 0;
  size_t n = (inlen - 1u) / 128u;
  ubi_blocks(h, tw, in, n, 128u);
  return n * 128u;
}

void qed_skein1024_block(uint64_t h[16], uint64_t tw[2], const uint8_t *block,
                         uint32_t bytes)
{
  ubi_blocks(h, tw, block, 1, bytes);
}
