/* The bulk operations of aes_impl.h on AES-NI + PCLMULQDQ (128-bit
 * registers).  Outside the proof (intrinsics: proof/outside.txt); the
 * contracts are those of aes_hw.h, the bytes those of aes_portable.c and
 * ghash_ct64.c, which tests/test_aes_equiv.c checks.
 *
 * Throughput: AESENC has a latency of several cycles but the CPU starts
 * one or two per cycle, so eight independent blocks go through each round
 * together (ECB, CTR, CBC decryption); CBC encryption is a chain and runs
 * one block at a time with every round key in a register.
 *
 * Constant time by construction: AESENC/AESDEC and PCLMULQDQ take the same
 * time for every operand, there are no tables, and the only branches are
 * on lengths.  No secret is left in memory that the caller does not own:
 * round keys and keystream live in registers (what the compiler spills it
 * spills to this stack frame, as any C code does).
 *
 * Every function carries target("aes,pclmul,sse4.1,sse4.2") itself, with no -m
 * flag for the file: the dispatcher calls it only when qed_aes_backend()
 * says the CPU has those instructions. */
#include <immintrin.h>
#include <stdint.h>

#include "aes/simd/aes_hw.h"

#define TARGET __attribute__((target("aes,pclmul,sse4.1,sse4.2")))
#define HELPER static inline __attribute__((always_inline, target("aes,pclmul,sse4.1,sse4.2")))

/* the loops over the blocks of a group are unrolled, so that the blocks
 * stay in registers */
#define UNROLL _Pragma("GCC unroll 8")

#define LOAD(p)     _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))

/* ---- the block cipher, 1 and 8 blocks ---- */

HELPER __m128i enc1(const uint8_t *rk, unsigned nr, __m128i b)
{
  b = _mm_xor_si128(b, LOAD(rk));
  for (unsigned r = 1; r < nr; r++)
    b = _mm_aesenc_si128(b, LOAD(rk + 16 * r));
  return _mm_aesenclast_si128(b, LOAD(rk + 16 * nr));
}

HELPER __m128i dec1(const uint8_t *rk, unsigned nr, __m128i b)
{
  b = _mm_xor_si128(b, LOAD(rk));
  for (unsigned r = 1; r < nr; r++)
    b = _mm_aesdec_si128(b, LOAD(rk + 16 * r));
  return _mm_aesdeclast_si128(b, LOAD(rk + 16 * nr));
}

/* One round key k applied to the eight blocks b[0 .. 7] with OP. */
#define ROUND8(OP, b, k) do {                                         \
    (b)[0] = OP((b)[0], k); (b)[1] = OP((b)[1], k);                   \
    (b)[2] = OP((b)[2], k); (b)[3] = OP((b)[3], k);                   \
    (b)[4] = OP((b)[4], k); (b)[5] = OP((b)[5], k);                   \
    (b)[6] = OP((b)[6], k); (b)[7] = OP((b)[7], k);                   \
  } while (0)

HELPER void enc8(const uint8_t *rk, unsigned nr, __m128i b[8])
{
  __m128i k = LOAD(rk);
  ROUND8(_mm_xor_si128, b, k);
  for (unsigned r = 1; r < nr; r++) {
    k = LOAD(rk + 16 * r);
    ROUND8(_mm_aesenc_si128, b, k);
  }
  k = LOAD(rk + 16 * nr);
  ROUND8(_mm_aesenclast_si128, b, k);
}

HELPER void dec8(const uint8_t *rk, unsigned nr, __m128i b[8])
{
  __m128i k = LOAD(rk);
  ROUND8(_mm_xor_si128, b, k);
  for (unsigned r = 1; r < nr; r++) {
    k = LOAD(rk + 16 * r);
    ROUND8(_mm_aesdec_si128, b, k);
  }
  k = LOAD(rk + 16 * nr);
  ROUND8(_mm_aesdeclast_si128, b, k);
}

/* ---- ECB ---- */

TARGET void qed_aes_encrypt_blocks_aesni(const qed_aes_ctx *ctx, uint8_t *out,
                                         const uint8_t *in, size_t nblocks)
{
  const uint8_t *rk = ctx->rk_enc;
  const unsigned nr = ctx->rounds;
  __m128i b[8];
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    UNROLL
    for (int j = 0; j < 8; j++)
      b[j] = LOAD(in + 16 * j);
    enc8(rk, nr, b);
    UNROLL
    for (int j = 0; j < 8; j++)
      STORE(out + 16 * j, b[j]);
  }
  for (; nblocks > 0; nblocks--, in += 16, out += 16)
    STORE(out, enc1(rk, nr, LOAD(in)));
}

TARGET void qed_aes_decrypt_blocks_aesni(const qed_aes_ctx *ctx, uint8_t *out,
                                         const uint8_t *in, size_t nblocks)
{
  const uint8_t *rk = ctx->rk_dec;
  const unsigned nr = ctx->rounds;
  __m128i b[8];
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    UNROLL
    for (int j = 0; j < 8; j++)
      b[j] = LOAD(in + 16 * j);
    dec8(rk, nr, b);
    UNROLL
    for (int j = 0; j < 8; j++)
      STORE(out + 16 * j, b[j]);
  }
  for (; nblocks > 0; nblocks--, in += 16, out += 16)
    STORE(out, dec1(rk, nr, LOAD(in)));
}

/* ---- CBC ---- */

/* A chain: block i needs ciphertext i-1.  The round keys are loaded once
 * into registers (up to 15; the compiler keeps what fits). */
TARGET void qed_aes_cbc_encrypt_blocks_aesni(const qed_aes_ctx *ctx,
                                             uint8_t *iv, uint8_t *out,
                                             const uint8_t *in, size_t nblocks)
{
  const uint8_t *rk = ctx->rk_enc;
  const unsigned nr = ctx->rounds;
  __m128i c = LOAD(iv);
  const __m128i k0 = LOAD(rk), k1 = LOAD(rk + 16), k2 = LOAD(rk + 32),
                k3 = LOAD(rk + 48), k4 = LOAD(rk + 64), k5 = LOAD(rk + 80),
                k6 = LOAD(rk + 96), k7 = LOAD(rk + 112), k8 = LOAD(rk + 128),
                k9 = LOAD(rk + 144), klast = LOAD(rk + 16 * nr);
  for (; nblocks > 0; nblocks--, in += 16, out += 16) {
    /* in ^ k0 does not wait for c: one XOR on the chain, not two */
    __m128i b = _mm_xor_si128(_mm_xor_si128(LOAD(in), k0), c);
    b = _mm_aesenc_si128(b, k1);
    b = _mm_aesenc_si128(b, k2);
    b = _mm_aesenc_si128(b, k3);
    b = _mm_aesenc_si128(b, k4);
    b = _mm_aesenc_si128(b, k5);
    b = _mm_aesenc_si128(b, k6);
    b = _mm_aesenc_si128(b, k7);
    b = _mm_aesenc_si128(b, k8);
    b = _mm_aesenc_si128(b, k9);
    for (unsigned r = 10; r < nr; r++)
      b = _mm_aesenc_si128(b, LOAD(rk + 16 * r));
    c = _mm_aesenclast_si128(b, klast);
    STORE(out, c);
  }
  STORE(iv, c);
}

/* Eight blocks at once: every ciphertext block of a group is loaded before
 * any plaintext is stored (out == in works), and the group's last
 * ciphertext block is kept in a register for the next group. */
TARGET void qed_aes_cbc_decrypt_blocks_aesni(const qed_aes_ctx *ctx,
                                             uint8_t *iv, uint8_t *out,
                                             const uint8_t *in, size_t nblocks)
{
  const uint8_t *rk = ctx->rk_dec;
  const unsigned nr = ctx->rounds;
  __m128i prev = LOAD(iv), b[8], c[8];
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    UNROLL
    for (int j = 0; j < 8; j++)
      c[j] = b[j] = LOAD(in + 16 * j);
    dec8(rk, nr, b);
    STORE(out, _mm_xor_si128(b[0], prev));
    UNROLL
    for (int j = 1; j < 8; j++)
      STORE(out + 16 * j, _mm_xor_si128(b[j], c[j - 1]));
    prev = c[7];
  }
  for (; nblocks > 0; nblocks--, in += 16, out += 16) {
    const __m128i cj = LOAD(in);
    STORE(out, _mm_xor_si128(dec1(rk, nr, cj), prev));
    prev = cj;
  }
  STORE(iv, prev);
}

/* ---- CTR ---- */

/* Byte order of a counter block: the whole block reversed (128-bit
 * counter, kept as two native 64-bit halves), or only its last four bytes
 * (GCM's 32-bit counter, kept as a native 32-bit word in lane 3). */
HELPER __m128i rev128(void)
{
  return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}
HELPER __m128i rev32last(void)
{
  return _mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
}

/* c holds a 128-bit counter as native (lo, hi) halves; c + k, where k has
 * a zero high half, with the carry into hi and no branch: the low half
 * wrapped iff it is now below k as unsigned numbers (a signed compare
 * after flipping the sign bits; k_flip = k with its sign bits flipped,
 * so the high half never compares greater). */
HELPER __m128i add128(__m128i c, __m128i k, __m128i k_flip)
{
  const __m128i flip = _mm_set1_epi64x((long long)0x8000000000000000ull);
  const __m128i s = _mm_add_epi64(c, k);
  const __m128i wrapped = _mm_cmpgt_epi64(k_flip, _mm_xor_si128(s, flip));
  return _mm_sub_epi64(s, _mm_slli_si128(wrapped, 8));   /* hi += 1 */
}

HELPER __m128i add128_const(__m128i c, long long k)
{
  const __m128i flip = _mm_set1_epi64x((long long)0x8000000000000000ull);
  const __m128i kv = _mm_set_epi64x(0, k);
  return add128(c, kv, _mm_xor_si128(kv, flip));
}

/* Counters in pairs: lo[k] holds the low halves of the counters of blocks
 * 2k and 2k+1 of the next group, hi[k] their high halves, each advanced
 * by 8 per group with the carry found by one compare (add128's test, two
 * counters at a time), then interleaved into (lo, hi) blocks and byte-
 * swapped: four operations per block where add128 on each block takes
 * seven. */
TARGET void qed_aes_ctr128_blocks_aesni(const qed_aes_ctx *ctx, uint8_t *ctr,
                                        uint8_t *out, const uint8_t *in,
                                        size_t nblocks)
{
  const uint8_t *rk = ctx->rk_enc;
  const unsigned nr = ctx->rounds;
  const __m128i rev = rev128();
  __m128i c = _mm_shuffle_epi8(LOAD(ctr), rev);
  __m128i b[8];
  if (nblocks >= 8) {
    const __m128i flip = _mm_set1_epi64x((long long)0x8000000000000000ull);
    const __m128i eight = _mm_set1_epi64x(8);
    const __m128i eight_flip = _mm_xor_si128(eight, flip);
    __m128i lo[4], hi[4];
    UNROLL
    for (int k = 0; k < 4; k++) {
      const __m128i c0 = add128_const(c, 2 * k), c1 = add128_const(c, 2 * k + 1);
      lo[k] = _mm_unpacklo_epi64(c0, c1);
      hi[k] = _mm_unpackhi_epi64(c0, c1);
    }
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
      UNROLL
      for (int k = 0; k < 4; k++) {
        b[2 * k] = _mm_shuffle_epi8(_mm_unpacklo_epi64(lo[k], hi[k]), rev);
        b[2 * k + 1] = _mm_shuffle_epi8(_mm_unpackhi_epi64(lo[k], hi[k]), rev);
        /* lo += 8; hi += 1 where lo wrapped (lo now below 8, unsigned) */
        lo[k] = _mm_add_epi64(lo[k], eight);
        hi[k] = _mm_sub_epi64(hi[k], _mm_cmpgt_epi64(eight_flip,
                                                     _mm_xor_si128(lo[k], flip)));
      }
      enc8(rk, nr, b);
      UNROLL
      for (int j = 0; j < 8; j++)
        STORE(out + 16 * j, _mm_xor_si128(b[j], LOAD(in + 16 * j)));
    }
    c = _mm_unpacklo_epi64(lo[0], hi[0]);   /* the next counter */
  }
  for (; nblocks > 0; nblocks--, in += 16, out += 16) {
    STORE(out, _mm_xor_si128(enc1(rk, nr, _mm_shuffle_epi8(c, rev)), LOAD(in)));
    c = add128_const(c, 1);
  }
  STORE(ctr, _mm_shuffle_epi8(c, rev));
}

TARGET void qed_aes_ctr32_blocks_aesni(const qed_aes_ctx *ctx, uint8_t *ctr,
                                       uint8_t *out, const uint8_t *in,
                                       size_t nblocks)
{
  const uint8_t *rk = ctx->rk_enc;
  const unsigned nr = ctx->rounds;
  const __m128i swap = rev32last();
  /* the block with its last word in native order: adding to lane 3 is
   * addition mod 2^32, and the first 12 bytes never change */
  __m128i base = _mm_shuffle_epi8(LOAD(ctr), swap);
  __m128i b[8];
  for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
    UNROLL
    for (int j = 0; j < 8; j++)
      b[j] = _mm_shuffle_epi8(_mm_add_epi32(base, _mm_set_epi32(j, 0, 0, 0)),
                              swap);
    enc8(rk, nr, b);
    UNROLL
    for (int j = 0; j < 8; j++)
      STORE(out + 16 * j, _mm_xor_si128(b[j], LOAD(in + 16 * j)));
    base = _mm_add_epi32(base, _mm_set_epi32(8, 0, 0, 0));
  }
  for (; nblocks > 0; nblocks--, in += 16, out += 16) {
    STORE(out, _mm_xor_si128(enc1(rk, nr, _mm_shuffle_epi8(base, swap)),
                             LOAD(in)));
    base = _mm_add_epi32(base, _mm_set_epi32(1, 0, 0, 0));
  }
  STORE(ctr, _mm_shuffle_epi8(base, swap));
}

/* ---- GHASH ----
 * A block with its 16 bytes reversed, read as a 128-bit little-endian
 * number, is the big-endian number of the block: bit 127 - i is the
 * coefficient of x^i (GCM's reflected order).  The carry-less product of
 * two such numbers is the 255-bit reversal of the polynomial product;
 * shifted left by one, its high 128 bits are the coefficients of x^0 ..
 * x^127 and its low 128 bits those of x^128 .. x^255, which are folded
 * back with x^128 = x^7 + x^2 + x + 1: in this order multiplying by x^e
 * is a right shift by e, and the bits a shift pushes out (coefficients
 * 128 .. 134 again) are folded first, into the high word.
 *
 * Products are summed unreduced (lo, mid, hi: Karatsuba's three parts)
 * over eight blocks, Y_new = (Y + X1) H^8 + X2 H^7 + ... + X8 H, and
 * reduced once. */

typedef struct {
  __m128i lo, mid, hi;
} acc128;

/* acc += a * h, Karatsuba: hk holds (h.hi ^ h.lo) in its low half. */
HELPER void mul_acc(acc128 *acc, __m128i a, __m128i h, __m128i hk)
{
  const __m128i ak = _mm_xor_si128(a, _mm_shuffle_epi32(a, 0x4e));
  acc->lo = _mm_xor_si128(acc->lo, _mm_clmulepi64_si128(a, h, 0x00));
  acc->hi = _mm_xor_si128(acc->hi, _mm_clmulepi64_si128(a, h, 0x11));
  acc->mid = _mm_xor_si128(acc->mid, _mm_clmulepi64_si128(ak, hk, 0x00));
}

/* The 256-bit product (hi, lo) shifted left by one and reduced. */
HELPER __m128i reduce(__m128i lo, __m128i hi)
{
  /* shift left by one across the four 64-bit words */
  const __m128i clo = _mm_srli_epi64(lo, 63), chi = _mm_srli_epi64(hi, 63);
  lo = _mm_or_si128(_mm_slli_epi64(lo, 1), _mm_slli_si128(clo, 8));
  hi = _mm_or_si128(_mm_or_si128(_mm_slli_epi64(hi, 1), _mm_slli_si128(chi, 8)),
                    _mm_srli_si128(clo, 8));
  /* lo = [L1 : L0]: the bits of L0 that the shifts by 1, 2, 7 push out of
   * the bottom (coefficients 128 ..) fold into L1 first: D = L1 ^ L0<<63
   * ^ L0<<62 ^ L0<<57 */
  __m128i s = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(lo, 63),
                                          _mm_slli_epi64(lo, 62)),
                            _mm_slli_epi64(lo, 57));
  lo = _mm_xor_si128(lo, _mm_slli_si128(s, 8));
  /* then [D : L0] * (1 + x + x^2 + x^7): 128-bit right shifts by 1, 2, 7 */
  __m128i r = _mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(lo, 1),
                                          _mm_srli_epi64(lo, 2)),
                            _mm_srli_epi64(lo, 7));
  s = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi64(lo, 63),
                                  _mm_slli_epi64(lo, 62)),
                    _mm_slli_epi64(lo, 57));
  r = _mm_xor_si128(r, _mm_srli_si128(s, 8));
  return _mm_xor_si128(_mm_xor_si128(hi, lo), r);
}

/* acc += a * h, schoolbook (four products, no Karatsuba operand): acc->mid
 * then holds the whole middle term. */
HELPER void mul_acc4(acc128 *acc, __m128i a, __m128i h)
{
  acc->lo = _mm_xor_si128(acc->lo, _mm_clmulepi64_si128(a, h, 0x00));
  acc->hi = _mm_xor_si128(acc->hi, _mm_clmulepi64_si128(a, h, 0x11));
  acc->mid = _mm_xor_si128(acc->mid, _mm_xor_si128(_mm_clmulepi64_si128(a, h, 0x01),
                                                   _mm_clmulepi64_si128(a, h, 0x10)));
}

HELPER __m128i finish4(acc128 acc)
{
  return reduce(_mm_xor_si128(acc.lo, _mm_slli_si128(acc.mid, 8)),
                _mm_xor_si128(acc.hi, _mm_srli_si128(acc.mid, 8)));
}

HELPER __m128i finish(acc128 acc)
{
  const __m128i mid = _mm_xor_si128(acc.mid, _mm_xor_si128(acc.lo, acc.hi));
  return reduce(_mm_xor_si128(acc.lo, _mm_slli_si128(mid, 8)),
                _mm_xor_si128(acc.hi, _mm_srli_si128(mid, 8)));
}

HELPER __m128i gfmul(__m128i a, __m128i h)
{
  acc128 acc = { _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128() };
  mul_acc(&acc, a, h, _mm_xor_si128(h, _mm_shuffle_epi32(h, 0x4e)));
  return finish(acc);
}

/* H^1 .. H^8 in three rounds of independent products (H^2; H^3, H^4;
 * H^5 .. H^8) rather than a chain of seven: GCM makes a key per message. */
TARGET void qed_ghash_key_init_aesni(qed_ghash_key *key, const uint8_t *h)
{
  __m128i p[9];
  qed_ghash_key_init_portable(key, h);
  p[1] = _mm_shuffle_epi8(LOAD(h), rev128());
  p[2] = gfmul(p[1], p[1]);
  p[3] = gfmul(p[2], p[1]);
  p[4] = gfmul(p[2], p[2]);
  p[5] = gfmul(p[4], p[1]);
  p[6] = gfmul(p[4], p[2]);
  p[7] = gfmul(p[4], p[3]);
  p[8] = gfmul(p[4], p[4]);
  UNROLL
  for (int i = 1; i <= 8; i++) {
    STORE(QED_GHASH_HW(key) + 16 * (16 - i), p[i]);
    STORE(QED_GHASH_HW(key) + 16 * (8 - i), _mm_xor_si128(p[i], _mm_shuffle_epi32(p[i], 0x4e)));
  }
}

TARGET void qed_ghash_blocks_aesni(const qed_ghash_key *key, uint8_t *y,
                                   const uint8_t *in, size_t nblocks)
{
  const __m128i rev = rev128();
  const uint8_t *pow = QED_GHASH_HW_RO(key) + 128, *kar = QED_GHASH_HW_RO(key);   /* slot 8 - i: H^i */
  __m128i acc = _mm_shuffle_epi8(LOAD(y), rev);
  while (nblocks > 0) {
    /* n blocks, the first times H^n (slot 8 - n), the last times H */
    const size_t n = nblocks < 8 ? nblocks : 8;
    const size_t first = 8 - n;
    acc128 a = { _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128() };
    mul_acc(&a, _mm_xor_si128(acc, _mm_shuffle_epi8(LOAD(in), rev)),
            LOAD(pow + 16 * first), LOAD(kar + 16 * first));
    for (size_t j = 1; j < n; j++)
      mul_acc(&a, _mm_shuffle_epi8(LOAD(in + 16 * j), rev),
              LOAD(pow + 16 * (first + j)), LOAD(kar + 16 * (first + j)));
    acc = finish(a);
    in += 16 * n;
    nblocks -= n;
  }
  STORE(y, _mm_shuffle_epi8(acc, rev));
}

/* ---- GCM: CTR and GHASH interleaved ----
 * The AES rounds of eight blocks leave the multiplier idle and GHASH
 * leaves the AES unit idle, so each round of a group of eight also does
 * one block of GHASH: of the previous group's ciphertext when encrypting
 * (its ciphertext exists only after its rounds), of the group's own input
 * when decrypting (read before any plaintext is stored: out == in works).
 * Fewer than eight blocks, and what is left after the groups, go through
 * the two separate functions above. */

HELPER void gcm_ctr_blocks(__m128i b[8], __m128i base, __m128i swap)
{
  UNROLL
  for (int j = 0; j < 8; j++)
    b[j] = _mm_shuffle_epi8(_mm_add_epi32(base, _mm_set_epi32(j, 0, 0, 0)),
                            swap);
}

/* y' = (y + X_0) H^8 + X_1 H^7 + ... + X_7 H, the eight AES rounds 1 .. 8
 * of b (the keystream of the next group) done alongside.  Schoolbook
 * products here, not Karatsuba: measured on Zen 5, the fourth PCLMULQDQ
 * costs less than Karatsuba's shuffle, XOR and extra load per block, which
 * compete with AESENC for the vector ports (GCM 16 KiB: 0.54 -> 0.49 c/B). */
HELPER __m128i gcm_group(const uint8_t *rk, unsigned nr, __m128i b[8],
                         const uint8_t *hw, __m128i y, const uint8_t *x)
{
  const __m128i rev = rev128();
  acc128 a = { _mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128() };
  __m128i k = LOAD(rk);
  unsigned r;
  ROUND8(_mm_xor_si128, b, k);
  for (r = 1; r <= 8; r++) {
    const unsigned j = r - 1;
    __m128i xj = _mm_shuffle_epi8(LOAD(x + 16 * j), rev);
    k = LOAD(rk + 16 * r);
    ROUND8(_mm_aesenc_si128, b, k);
    if (j == 0)
      xj = _mm_xor_si128(xj, y);
    mul_acc4(&a, xj, LOAD(hw + 128 + 16 * j));
  }
  for (; r < nr; r++) {
    k = LOAD(rk + 16 * r);
    ROUND8(_mm_aesenc_si128, b, k);
  }
  k = LOAD(rk + 16 * nr);
  ROUND8(_mm_aesenclast_si128, b, k);
  return finish4(a);
}

TARGET void qed_aes_gcm_blocks_aesni(const qed_aes_ctx *ctx,
                                     const qed_ghash_key *key, uint8_t *y,
                                     uint8_t *ctr, uint8_t *out,
                                     const uint8_t *in, size_t nblocks,
                                     int decrypt)
{
  const uint8_t *rk = ctx->rk_enc;
  const unsigned nr = ctx->rounds;
  const __m128i rev = rev128(), swap = rev32last();
  __m128i base = _mm_shuffle_epi8(LOAD(ctr), swap);
  __m128i acc = _mm_shuffle_epi8(LOAD(y), rev);
  __m128i b[8];
  const __m128i eight = _mm_set_epi32(8, 0, 0, 0);
  if (nblocks >= 8) {
    if (decrypt) {
      /* GHASH of each group's ciphertext alongside its own keystream */
      for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
        gcm_ctr_blocks(b, base, swap);
        acc = gcm_group(rk, nr, b, QED_GHASH_HW_RO(key), acc, in);
        UNROLL
        for (int j = 0; j < 8; j++)
          STORE(out + 16 * j, _mm_xor_si128(b[j], LOAD(in + 16 * j)));
        base = _mm_add_epi32(base, eight);
      }
    } else {
      /* the first group alone, then each group with the GHASH of the
       * previous one's ciphertext, then that of the last group */
      gcm_ctr_blocks(b, base, swap);
      enc8(rk, nr, b);
      UNROLL
      for (int j = 0; j < 8; j++)
        STORE(out + 16 * j, _mm_xor_si128(b[j], LOAD(in + 16 * j)));
      base = _mm_add_epi32(base, eight);
      nblocks -= 8;
      in += 128;
      out += 128;
      for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
        gcm_ctr_blocks(b, base, swap);
        acc = gcm_group(rk, nr, b, QED_GHASH_HW_RO(key), acc, out - 128);
        UNROLL
        for (int j = 0; j < 8; j++)
          STORE(out + 16 * j, _mm_xor_si128(b[j], LOAD(in + 16 * j)));
        base = _mm_add_epi32(base, eight);
      }
      {
        acc128 a = { _mm_setzero_si128(), _mm_setzero_si128(),
                     _mm_setzero_si128() };
        UNROLL
        for (int j = 0; j < 8; j++) {
          __m128i xj = _mm_shuffle_epi8(LOAD(out - 128 + 16 * j), rev);
          if (j == 0)
            xj = _mm_xor_si128(xj, acc);
          mul_acc(&a, xj, LOAD(QED_GHASH_HW_RO(key) + 128 + 16 * j), LOAD(QED_GHASH_HW_RO(key) + 16 * j));
        }
        acc = finish(a);
      }
    }
    STORE(ctr, _mm_shuffle_epi8(base, swap));
    STORE(y, _mm_shuffle_epi8(acc, rev));
  }
  if (nblocks > 0) {
    if (decrypt) {
      qed_ghash_blocks_aesni(key, y, in, nblocks);
      qed_aes_ctr32_blocks_aesni(ctx, ctr, out, in, nblocks);
    } else {
      qed_aes_ctr32_blocks_aesni(ctx, ctr, out, in, nblocks);
      qed_ghash_blocks_aesni(key, y, out, nblocks);
    }
  }
}

/* ---- GCM's output mask ----
 * 64 bytes per iteration with 128-bit ANDs (the word-by-word portable loop
 * took about 0.1 cycle per byte, a fifth of a 16 KiB GCM decryption). */
TARGET void qed_aes_mask_bytes_aesni(uint8_t *p, size_t len, uint8_t mask)
{
  const __m128i m = _mm_set1_epi8((char)mask);
  size_t i = 0;
  for (; len - i >= 64; i += 64) {
    const __m128i a = LOAD(p + i), b = LOAD(p + i + 16),
                  c = LOAD(p + i + 32), d = LOAD(p + i + 48);
    STORE(p + i, _mm_and_si128(a, m));
    STORE(p + i + 16, _mm_and_si128(b, m));
    STORE(p + i + 32, _mm_and_si128(c, m));
    STORE(p + i + 48, _mm_and_si128(d, m));
  }
  for (; len - i >= 16; i += 16)
    STORE(p + i, _mm_and_si128(LOAD(p + i), m));
  for (; i < len; i++)
    p[i] = (uint8_t)(p[i] & mask);
}
