/* The bulk operations of aes_impl.h on VAES + VPCLMULQDQ with AVX-512:
 * four blocks in each 512-bit register (one per 128-bit lane), sixteen
 * blocks (four registers) per iteration.  Outside the proof (intrinsics:
 * proof/outside.txt); the contracts are those of aes_hw.h, the bytes those
 * of the portable code, which tests/test_aes_equiv.c checks.
 *
 * Tails (fewer than 16 blocks): whole registers of four blocks, then the
 * last 1..3 blocks one at a time in 128-bit registers.  No masked stores:
 * a load that meets a masked store still in flight (GCM reads back the
 * ciphertext it has just written) waits thousands of cycles on this CPU.
 *
 * Constant time as aes_ni.c: the instructions take the same time for every
 * operand, no tables, branches only on lengths.  CBC encryption is serial:
 * the dispatcher uses the AES-NI function for it.
 *
 * Every function carries its own target attribute, no -m flag for the
 * file; the dispatcher calls it only when qed_aes_backend() says the CPU
 * and OS support it. */
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#include "aes/simd/aes_hw.h"

#define TARGETS "aes,pclmul,sse4.1,avx2,vaes,vpclmulqdq,avx512f,avx512bw,avx512vl"
#define TARGET __attribute__((target(TARGETS)))
#define HELPER static inline __attribute__((always_inline, target(TARGETS)))

/* the loops over the blocks of a group are unrolled, so that the blocks
 * stay in registers */
#define UNROLL _Pragma("GCC unroll 8")

#define LOAD128(p) _mm_loadu_si128((const __m128i *)(const void *)(p))

HELPER __m512i key4(const uint8_t *rk, unsigned r)
{
  return _mm512_broadcast_i32x4(LOAD128(rk + 16 * r));
}

/* ---- the block cipher on one and on four registers ---- */

HELPER __m512i enc1(const uint8_t *rk, unsigned nr, __m512i b)
{
  b = _mm512_xor_si512(b, key4(rk, 0));
  for (unsigned r = 1; r < nr; r++)
    b = _mm512_aesenc_epi128(b, key4(rk, r));
  return _mm512_aesenclast_epi128(b, key4(rk, nr));
}

HELPER __m512i dec1(const uint8_t *rk, unsigned nr, __m512i b)
{
  b = _mm512_xor_si512(b, key4(rk, 0));
  for (unsigned r = 1; r < nr; r++)
    b = _mm512_aesdec_epi128(b, key4(rk, r));
  return _mm512_aesdeclast_epi128(b, key4(rk, nr));
}

/* One block in a 128-bit register (the tails). */
HELPER __m128i enc1x(const uint8_t *rk, unsigned nr, __m128i b)
{
  b = _mm_xor_si128(b, LOAD128(rk));
  for (unsigned r = 1; r < nr; r++)
    b = _mm_aesenc_si128(b, LOAD128(rk + 16 * r));
  return _mm_aesenclast_si128(b, LOAD128(rk + 16 * nr));
}

HELPER __m128i dec1x(const uint8_t *rk, unsigned nr, __m128i b)
{
  b = _mm_xor_si128(b, LOAD128(rk));
  for (unsigned r = 1; r < nr; r++)
    b = _mm_aesdec_si128(b, LOAD128(rk + 16 * r));
  return _mm_aesdeclast_si128(b, LOAD128(rk + 16 * nr));
}

#define STORE128(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))

#define ROUND4(OP, b, k) do {                                         \
    (b)[0] = OP((b)[0], k); (b)[1] = OP((b)[1], k);                   \
    (b)[2] = OP((b)[2], k); (b)[3] = OP((b)[3], k);                   \
  } while (0)

HELPER void enc4(const uint8_t *rk, unsigned nr, __m512i b[4])
{
  __m512i k = key4(rk, 0);
  ROUND4(_mm512_xor_si512, b, k);
  for (unsigned r = 1; r < nr; r++) {
    k = key4(rk, r);
    ROUND4(_mm512_aesenc_epi128, b, k);
  }
  k = key4(rk, nr);
  ROUND4(_mm512_aesenclast_epi128, b, k);
}

HELPER void dec4(const uint8_t *rk, unsigned nr, __m512i b[4])
{
  __m512i k = key4(rk, 0);
  ROUND4(_mm512_xor_si512, b, k);
  for (unsigned r = 1; r < nr; r++) {
    k = key4(rk, r);
    ROUND4(_mm512_aesdec_epi128, b, k);
  }
  k = key4(rk, nr);
  ROUND4(_mm512_aesdeclast_epi128, b, k);
}

/* ---- ECB ---- */

HELPER void ecb(const uint8_t *rk, unsigned nr, uint8_t *out,
                const uint8_t *in, size_t nblocks, int decrypt)
{
  __m512i b[4];
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    UNROLL
    for (int z = 0; z < 4; z++)
      b[z] = _mm512_loadu_si512(in + 64 * z);
    if (decrypt)
      dec4(rk, nr, b);
    else
      enc4(rk, nr, b);
    UNROLL
    for (int z = 0; z < 4; z++)
      _mm512_storeu_si512(out + 64 * z, b[z]);
  }
  for (; nblocks >= 4; nblocks -= 4, in += 64, out += 64) {
    const __m512i x = _mm512_loadu_si512(in);
    _mm512_storeu_si512(out, decrypt ? dec1(rk, nr, x) : enc1(rk, nr, x));
  }
  for (; nblocks > 0; nblocks--, in += 16, out += 16) {
    const __m128i x = LOAD128(in);
    STORE128(out, decrypt ? dec1x(rk, nr, x) : enc1x(rk, nr, x));
  }
}

TARGET void qed_aes_encrypt_blocks_vaes(const qed_aes_ctx *ctx, uint8_t *out,
                                        const uint8_t *in, size_t nblocks)
{
  ecb(ctx->rk_enc, ctx->rounds, out, in, nblocks, 0);
}

TARGET void qed_aes_decrypt_blocks_vaes(const qed_aes_ctx *ctx, uint8_t *out,
                                        const uint8_t *in, size_t nblocks)
{
  ecb(ctx->rk_dec, ctx->rounds, out, in, nblocks, 1);
}

/* ---- CBC decryption ----
 * P_i = D(C_i) ^ C_{i-1}: the register of "previous" blocks is the
 * ciphertext register shifted up one lane, its lane 0 the last block of
 * the register before (valignq across the pair).  All ciphertext of a
 * group is loaded before any plaintext is stored (out == in), and the new
 * iv, the last ciphertext block, is read before anything is written. */
TARGET void qed_aes_cbc_decrypt_blocks_vaes(const qed_aes_ctx *ctx,
                                            uint8_t *iv, uint8_t *out,
                                            const uint8_t *in, size_t nblocks)
{
  const uint8_t *rk = ctx->rk_dec;
  const unsigned nr = ctx->rounds;
  __m512i prev = _mm512_broadcast_i32x4(LOAD128(iv));   /* lane 3 = iv */
  __m512i c[4], b[4];
  __m128i last;
  if (nblocks == 0)
    return;
  last = LOAD128(in + 16 * (nblocks - 1));
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    UNROLL
    for (int z = 0; z < 4; z++)
      b[z] = c[z] = _mm512_loadu_si512(in + 64 * z);
    dec4(rk, nr, b);
    _mm512_storeu_si512(out, _mm512_xor_si512(b[0],
                                              _mm512_alignr_epi64(c[0], prev, 6)));
    UNROLL
    for (int z = 1; z < 4; z++)
      _mm512_storeu_si512(out + 64 * z,
                          _mm512_xor_si512(b[z], _mm512_alignr_epi64(c[z], c[z - 1], 6)));
    prev = c[3];
  }
  for (; nblocks >= 4; nblocks -= 4, in += 64, out += 64) {
    c[0] = _mm512_loadu_si512(in);
    _mm512_storeu_si512(out, _mm512_xor_si512(dec1(rk, nr, c[0]),
                                              _mm512_alignr_epi64(c[0], prev, 6)));
    prev = c[0];
  }
  {
    __m128i p = _mm512_extracti32x4_epi32(prev, 3);
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
      const __m128i cj = LOAD128(in);
      STORE128(out, _mm_xor_si128(dec1x(rk, nr, cj), p));
      p = cj;
    }
  }
  _mm_storeu_si128((__m128i *)(void *)iv, last);
}

/* ---- CTR ---- */

/* Reverse the 16 bytes of each lane. */
HELPER __m512i rev_lanes(void)
{
  return _mm512_broadcast_i32x4(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
                                             11, 12, 13, 14, 15));
}
/* Reverse the last four bytes of each lane. */
HELPER __m512i rev_last32(void)
{
  return _mm512_broadcast_i32x4(_mm_set_epi8(12, 13, 14, 15, 11, 10, 9, 8, 7,
                                             6, 5, 4, 3, 2, 1, 0));
}

/* Each lane holds a 128-bit counter as native (lo, hi) halves; add the
 * lanes of k (whose high halves are zero) with the carry into hi: the
 * unsigned compare finds the low halves that wrapped. */
HELPER __m512i add128(__m512i c, __m512i k)
{
  const __m512i s = _mm512_add_epi64(c, k);
  const __mmask8 carry = _mm512_cmplt_epu64_mask(s, k);   /* lo halves only */
  return _mm512_mask_add_epi64(s, (__mmask8)(carry << 1), s,
                               _mm512_set1_epi64(1));
}

HELPER uint64_t load64_be(const uint8_t *p)
{
  uint64_t v;
  memcpy(&v, p, 8);
  return __builtin_bswap64(v);
}

HELPER void store64_be(uint8_t *p, uint64_t v)
{
  v = __builtin_bswap64(v);
  memcpy(p, &v, 8);
}

/* Both counters: the keystream of 16 blocks from the counter lanes c (the
 * next four counters) and the step between registers. */
HELPER void ctr_xor(const uint8_t *rk, unsigned nr, uint8_t *out,
                    const uint8_t *in, size_t nblocks, __m512i c,
                    int width32)
{
  const __m512i swap = width32 ? rev_last32() : rev_lanes();
  /* steps of 4, 8, 12, 16 blocks in every lane: the four registers of an
   * iteration come from c independently, so only one addition per
   * iteration is on the chain from one c to the next */
  __m512i step[4];
  UNROLL
  for (int z = 0; z < 4; z++)
    step[z] = width32 ? _mm512_set_epi32(4 * (z + 1), 0, 0, 0, 4 * (z + 1), 0, 0, 0,
                                         4 * (z + 1), 0, 0, 0, 4 * (z + 1), 0, 0, 0)
                      : _mm512_set_epi64(0, 4 * (z + 1), 0, 4 * (z + 1), 0,
                                         4 * (z + 1), 0, 4 * (z + 1));
  const __m512i four = step[0];
  __m512i b[4];
  for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
    b[0] = _mm512_shuffle_epi8(c, swap);
    UNROLL
    for (int z = 1; z < 4; z++)
      b[z] = _mm512_shuffle_epi8(width32 ? _mm512_add_epi32(c, step[z - 1])
                                         : add128(c, step[z - 1]), swap);
    c = width32 ? _mm512_add_epi32(c, step[3]) : add128(c, step[3]);
    enc4(rk, nr, b);
    UNROLL
    for (int z = 0; z < 4; z++)
      _mm512_storeu_si512(out + 64 * z,
                          _mm512_xor_si512(b[z], _mm512_loadu_si512(in + 64 * z)));
  }
  for (; nblocks >= 4; nblocks -= 4, in += 64, out += 64) {
    const __m512i x = enc1(rk, nr, _mm512_shuffle_epi8(c, swap));
    _mm512_storeu_si512(out, _mm512_xor_si512(x, _mm512_loadu_si512(in)));
    c = width32 ? _mm512_add_epi32(c, four) : add128(c, four);
  }
  /* the last 1..3 blocks: lanes 0, 1, 2 of c */
  for (unsigned j = 0; nblocks > 0; nblocks--, j++, in += 16, out += 16) {
    const __m128i x = _mm512_extracti32x4_epi32(_mm512_shuffle_epi8(c, swap), 0);
    STORE128(out, _mm_xor_si128(enc1x(rk, nr, x), LOAD128(in)));
    c = _mm512_alignr_epi64(c, c, 2);              /* next lane down */
  }
}

TARGET void qed_aes_ctr128_blocks_vaes(const qed_aes_ctx *ctx, uint8_t *ctr,
                                       uint8_t *out, const uint8_t *in,
                                       size_t nblocks)
{
  const uint64_t hi = load64_be(ctr), lo = load64_be(ctr + 8);
  const uint64_t n = (uint64_t)nblocks, l = lo + n;
  __m512i c = _mm512_set_epi64((long long)hi, (long long)lo, (long long)hi,
                               (long long)lo, (long long)hi, (long long)lo,
                               (long long)hi, (long long)lo);
  c = add128(c, _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0));
  ctr_xor(ctx->rk_enc, ctx->rounds, out, in, nblocks, c, 0);
  /* ctr + nblocks, the carry out of the low half without a branch */
  store64_be(ctr, hi + (((lo & n) | ((lo | n) & ~l)) >> 63));
  store64_be(ctr + 8, l);
}

TARGET void qed_aes_ctr32_blocks_vaes(const qed_aes_ctx *ctx, uint8_t *ctr,
                                      uint8_t *out, const uint8_t *in,
                                      size_t nblocks)
{
  /* the block with its last word in native order, lane j at + j */
  __m512i c = _mm512_shuffle_epi8(_mm512_broadcast_i32x4(LOAD128(ctr)),
                                  rev_last32());
  uint32_t w;
  c = _mm512_add_epi32(c, _mm512_set_epi32(3, 0, 0, 0, 2, 0, 0, 0,
                                           1, 0, 0, 0, 0, 0, 0, 0));
  ctr_xor(ctx->rk_enc, ctx->rounds, out, in, nblocks, c, 1);
  memcpy(&w, ctr + 12, 4);
  w = __builtin_bswap32(__builtin_bswap32(w) + (uint32_t)nblocks);
  memcpy(ctr + 12, &w, 4);
}

/* ---- GHASH ----
 * The representation and the reduction are those of aes_ni.c (blocks with
 * their bytes reversed; the product shifted left by one, then folded with
 * x^128 = x^7 + x^2 + x + 1), here on four lanes at once.  Sixteen blocks
 * are multiplied by H^16 .. H^1 (key->hw slots 0 .. 15), the products
 * summed unreduced, the four lanes added, and one reduction done. */

HELPER __m512i xor3(__m512i a, __m512i b, __m512i c)
{
  return _mm512_ternarylogic_epi64(a, b, c, 0x96);
}

/* Lane by lane: the 256-bit product (hi, lo) shifted left by one and
 * reduced to 128 bits. */
HELPER __m512i reduce4(__m512i lo, __m512i hi)
{
  const __m512i clo = _mm512_srli_epi64(lo, 63), chi = _mm512_srli_epi64(hi, 63);
  lo = _mm512_or_si512(_mm512_slli_epi64(lo, 1), _mm512_bslli_epi128(clo, 8));
  hi = _mm512_or_si512(_mm512_or_si512(_mm512_slli_epi64(hi, 1),
                                       _mm512_bslli_epi128(chi, 8)),
                       _mm512_bsrli_epi128(clo, 8));
  __m512i s = xor3(_mm512_slli_epi64(lo, 63), _mm512_slli_epi64(lo, 62),
                   _mm512_slli_epi64(lo, 57));
  lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(s, 8));
  __m512i r = xor3(_mm512_srli_epi64(lo, 1), _mm512_srli_epi64(lo, 2),
                   _mm512_srli_epi64(lo, 7));
  s = xor3(_mm512_slli_epi64(lo, 63), _mm512_slli_epi64(lo, 62),
           _mm512_slli_epi64(lo, 57));
  r = _mm512_xor_si512(r, _mm512_bsrli_epi128(s, 8));
  return xor3(hi, lo, r);
}

typedef struct {
  __m512i lo, mid, hi;
} acc512;

/* acc += a * h lane by lane (schoolbook: four products). */
HELPER void mul_acc(acc512 *acc, __m512i a, __m512i h)
{
  acc->lo = _mm512_xor_si512(acc->lo, _mm512_clmulepi64_epi128(a, h, 0x00));
  acc->hi = _mm512_xor_si512(acc->hi, _mm512_clmulepi64_epi128(a, h, 0x11));
  acc->mid = xor3(acc->mid, _mm512_clmulepi64_epi128(a, h, 0x01),
                  _mm512_clmulepi64_epi128(a, h, 0x10));
}

/* Lane by lane product of a and h, reduced. */
HELPER __m512i gfmul4(__m512i a, __m512i h)
{
  acc512 acc = { _mm512_setzero_si512(), _mm512_setzero_si512(),
                 _mm512_setzero_si512() };
  mul_acc(&acc, a, h);
  return reduce4(_mm512_xor_si512(acc.lo, _mm512_bslli_epi128(acc.mid, 8)),
                 _mm512_xor_si512(acc.hi, _mm512_bsrli_epi128(acc.mid, 8)));
}

/* The sum of the four lanes, in lane 0 (the other lanes zero). */
HELPER __m512i fold_lanes(__m512i x)
{
  const __m256i t = _mm256_xor_si256(_mm512_castsi512_si256(x),
                                     _mm512_extracti64x4_epi64(x, 1));
  const __m128i u = _mm_xor_si128(_mm256_castsi256_si128(t),
                                  _mm256_extracti128_si256(t, 1));
  return _mm512_zextsi128_si512(u);
}

TARGET void qed_ghash_key_init_vaes(qed_ghash_key *key, const uint8_t *h)
{
  /* H^1 .. H^8 in slots 15 .. 8 (and Karatsuba operands in 7 .. 0, which
   * the next lines overwrite) */
  qed_ghash_key_init_aesni(key, h);
  const __m512i h4 = _mm512_broadcast_i32x4(LOAD128(QED_GHASH_HW(key) + 16 * 12));
  const __m512i h8 = _mm512_broadcast_i32x4(LOAD128(QED_GHASH_HW(key) + 16 * 8));
  const __m512i p = _mm512_loadu_si512(QED_GHASH_HW(key) + 16 * 8);  /* H^8 .. H^5 */
  /* two independent products: H^12 .. H^9 and H^16 .. H^13 */
  _mm512_storeu_si512(QED_GHASH_HW(key) + 16 * 4, gfmul4(p, h4));
  _mm512_storeu_si512(QED_GHASH_HW(key), gfmul4(p, h8));
}

/* acc += r (1 .. 16) blocks times H^r .. H^1 (slots 16 - r .. 15), y
 * (in lane 0 of acc) added to the first block; returns the reduced sum.
 * Whole registers of four blocks, then single blocks in 128-bit
 * registers (no masked loads: see the top of the file). */
HELPER __m512i ghash_group(const uint8_t *hw, __m512i acc, const uint8_t *in,
                           size_t r)
{
  const __m512i rev = rev_lanes();
  const __m128i rev1 = _mm512_castsi512_si128(rev);
  const uint8_t *pow = hw + 16 * (16 - r);
  acc512 a = { _mm512_setzero_si512(), _mm512_setzero_si512(),
               _mm512_setzero_si512() };
  __m128i lo = _mm_setzero_si128(), mid = _mm_setzero_si128(),
          hi = _mm_setzero_si128();
  size_t j = 0;
  for (; r - j >= 4; j += 4) {
    __m512i x = _mm512_shuffle_epi8(_mm512_loadu_si512(in + 16 * j), rev);
    if (j == 0)
      x = _mm512_xor_si512(x, acc);
    mul_acc(&a, x, _mm512_loadu_si512(pow + 16 * j));
  }
  for (; j < r; j++) {
    __m128i x = _mm_shuffle_epi8(LOAD128(in + 16 * j), rev1);
    const __m128i h = LOAD128(pow + 16 * j);
    if (j == 0)
      x = _mm_xor_si128(x, _mm512_castsi512_si128(acc));
    lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(x, h, 0x00));
    hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(x, h, 0x11));
    mid = _mm_xor_si128(mid, _mm_xor_si128(_mm_clmulepi64_si128(x, h, 0x01),
                                           _mm_clmulepi64_si128(x, h, 0x10)));
  }
  a.lo = _mm512_xor_si512(fold_lanes(a.lo), _mm512_zextsi128_si512(lo));
  a.hi = _mm512_xor_si512(fold_lanes(a.hi), _mm512_zextsi128_si512(hi));
  a.mid = _mm512_xor_si512(fold_lanes(a.mid), _mm512_zextsi128_si512(mid));
  return reduce4(_mm512_xor_si512(a.lo, _mm512_bslli_epi128(a.mid, 8)),
                 _mm512_xor_si512(a.hi, _mm512_bsrli_epi128(a.mid, 8)));
}

TARGET void qed_ghash_blocks_vaes(const qed_ghash_key *key, uint8_t *y,
                                  const uint8_t *in, size_t nblocks)
{
  const __m128i rev = _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                   13, 14, 15);
  __m512i acc = _mm512_zextsi128_si512(_mm_shuffle_epi8(LOAD128(y), rev));
  for (; nblocks >= 16; nblocks -= 16, in += 256)
    acc = ghash_group(QED_GHASH_HW_RO(key), acc, in, 16);
  if (nblocks > 0)
    acc = ghash_group(QED_GHASH_HW_RO(key), acc, in, nblocks);
  STORE128(y, _mm_shuffle_epi8(_mm512_castsi512_si128(acc), rev));
}
