/* Body of the Salsa20 kernels (ymm registers, one block per 32-bit
 * element: register i holds word i of 8 consecutive blocks).  With
 * SALSA_TWO_SETS, 16 blocks per pass as two independent groups of 8 whose
 * instructions interleave (AVX-512VL: 32 registers hold both), then
 * groups of 8.  At the avx2 level the second set was faster too but its
 * spills made a 2 KiB frame, over crypto_box's stack budget (issue 6), so
 * only salsa20_avx512.c defines SALSA_TWO_SETS.
 * Included by salsa20_avx2.c and salsa20_avx512.c, which define
 *   SALSA_ATTR      the function target attribute
 *   SALSA_ROTL(v,n) a rotation of each 32-bit element by the constant n
 *   SALSA_NAME      the function's name
 *   SALSA_TWO_SETS  (optional) the 16-block pass
 * before including it.  Contract: nacl/salsa20.h. */

#define SALSA_ADD(a, b) _mm256_add_epi32((a), (b))
#define SALSA_XOR(a, b) _mm256_xor_si256((a), (b))
#define SALSA_QR(a, b, c, d)                                   \
  do {                                                         \
    b = SALSA_XOR(b, SALSA_ROTL(SALSA_ADD(a, d), 7));          \
    c = SALSA_XOR(c, SALSA_ROTL(SALSA_ADD(b, a), 9));          \
    d = SALSA_XOR(d, SALSA_ROTL(SALSA_ADD(c, b), 13));         \
    a = SALSA_XOR(a, SALSA_ROTL(SALSA_ADD(d, c), 18));         \
  } while (0)

/* Eight registers of one word each (w0 .. w7: words k .. k+7 of lanes
 * 0..7) become eight registers of one lane each (words k .. k+7). */
#define SALSA_TRANSPOSE8(w0, w1, w2, w3, w4, w5, w6, w7)                \
  do {                                                                  \
    const __m256i t0 = _mm256_unpacklo_epi32(w0, w1);                   \
    const __m256i t1 = _mm256_unpackhi_epi32(w0, w1);                   \
    const __m256i t2 = _mm256_unpacklo_epi32(w2, w3);                   \
    const __m256i t3 = _mm256_unpackhi_epi32(w2, w3);                   \
    const __m256i t4 = _mm256_unpacklo_epi32(w4, w5);                   \
    const __m256i t5 = _mm256_unpackhi_epi32(w4, w5);                   \
    const __m256i t6 = _mm256_unpacklo_epi32(w6, w7);                   \
    const __m256i t7 = _mm256_unpackhi_epi32(w6, w7);                   \
    const __m256i u0 = _mm256_unpacklo_epi64(t0, t2);                   \
    const __m256i u1 = _mm256_unpackhi_epi64(t0, t2);                   \
    const __m256i u2 = _mm256_unpacklo_epi64(t1, t3);                   \
    const __m256i u3 = _mm256_unpackhi_epi64(t1, t3);                   \
    const __m256i u4 = _mm256_unpacklo_epi64(t4, t6);                   \
    const __m256i u5 = _mm256_unpackhi_epi64(t4, t6);                   \
    const __m256i u6 = _mm256_unpacklo_epi64(t5, t7);                   \
    const __m256i u7 = _mm256_unpackhi_epi64(t5, t7);                   \
    w0 = _mm256_permute2x128_si256(u0, u4, 0x20);                       \
    w1 = _mm256_permute2x128_si256(u1, u5, 0x20);                       \
    w2 = _mm256_permute2x128_si256(u2, u6, 0x20);                       \
    w3 = _mm256_permute2x128_si256(u3, u7, 0x20);                       \
    w4 = _mm256_permute2x128_si256(u0, u4, 0x31);                       \
    w5 = _mm256_permute2x128_si256(u1, u5, 0x31);                       \
    w6 = _mm256_permute2x128_si256(u2, u6, 0x31);                       \
    w7 = _mm256_permute2x128_si256(u3, u7, 0x31);                       \
  } while (0)

/* The input words of eight blocks (X[i] = word i of each; the counters
 * from the arrays LO / HI), and the feed-forward X += that input.  Both
 * rebuilt from s and the counters rather than kept in a second array of
 * sixteen registers: that array's spills were most of the frame (the
 * stack budget of crypto_box, issue 6). */
#define SALSA_INIT(X, LO, HI)                                               \
  do {                                                                      \
    for (i = 0; i < 16; i++)                                                \
      X[i] = _mm256_set1_epi32((int)s[i]);                                  \
    X[8] = _mm256_loadu_si256((const __m256i *)(const void *)(LO));         \
    X[9] = _mm256_loadu_si256((const __m256i *)(const void *)(HI));         \
  } while (0)
#define SALSA_FEED(X, LO, HI)                                               \
  do {                                                                      \
    for (i = 0; i < 16; i++)                                                \
      if (i != 8 && i != 9)                                                 \
        X[i] = SALSA_ADD(X[i], _mm256_set1_epi32((int)s[i]));               \
    X[8] = SALSA_ADD(X[8], _mm256_loadu_si256((const __m256i *)(const void *)(LO))); \
    X[9] = SALSA_ADD(X[9], _mm256_loadu_si256((const __m256i *)(const void *)(HI))); \
  } while (0)

/* block j of the batch: out = in ^ (lo = words 0..7, hi = words 8..15) */
#define SALSA_OUT(j, lo, hi)                                                  \
  do {                                                                        \
    const uint8_t *ip = in + done + 64 * (j);                                 \
    uint8_t *op = out + done + 64 * (j);                                      \
    const __m256i m0 = _mm256_loadu_si256((const __m256i *)(const void *)ip); \
    const __m256i m1 =                                                        \
        _mm256_loadu_si256((const __m256i *)(const void *)(ip + 32));         \
    _mm256_storeu_si256((__m256i *)(void *)op, SALSA_XOR(m0, lo));            \
    _mm256_storeu_si256((__m256i *)(void *)(op + 32), SALSA_XOR(m1, hi));     \
  } while (0)

SALSA_ATTR size_t SALSA_NAME(uint8_t *out, const uint8_t *in, size_t len,
                             uint32_t s[16], unsigned rounds)
{
  size_t done = 0;
  uint64_t ctr = (uint64_t)s[8] | ((uint64_t)s[9] << 32);
  uint32_t lo[8], hi[8];
#ifdef SALSA_TWO_SETS
  uint32_t lo2[8], hi2[8];
#endif
  __m256i x[16];
  unsigned i, r;
#ifdef SALSA_TWO_SETS
  /* two independent groups of 8 blocks per pass: with 32 vector registers
   * (AVX-512VL) both states fit, and the two dependency chains overlap */
  while (len - done >= 1024) {
    __m256i y[16];
    for (i = 0; i < 8; i++) {
      const uint64_t c = ctr + i, c2 = ctr + 8 + i;
      lo[i] = (uint32_t)c;
      hi[i] = (uint32_t)(c >> 32);
      lo2[i] = (uint32_t)c2;
      hi2[i] = (uint32_t)(c2 >> 32);
    }
    SALSA_INIT(x, lo, hi);
    SALSA_INIT(y, lo2, hi2);
    for (r = 0; r < rounds; r += 2) {
      SALSA_QR(x[0], x[4], x[8], x[12]);
      SALSA_QR(y[0], y[4], y[8], y[12]);
      SALSA_QR(x[5], x[9], x[13], x[1]);
      SALSA_QR(y[5], y[9], y[13], y[1]);
      SALSA_QR(x[10], x[14], x[2], x[6]);
      SALSA_QR(y[10], y[14], y[2], y[6]);
      SALSA_QR(x[15], x[3], x[7], x[11]);
      SALSA_QR(y[15], y[3], y[7], y[11]);
      SALSA_QR(x[0], x[1], x[2], x[3]);
      SALSA_QR(y[0], y[1], y[2], y[3]);
      SALSA_QR(x[5], x[6], x[7], x[4]);
      SALSA_QR(y[5], y[6], y[7], y[4]);
      SALSA_QR(x[10], x[11], x[8], x[9]);
      SALSA_QR(y[10], y[11], y[8], y[9]);
      SALSA_QR(x[15], x[12], x[13], x[14]);
      SALSA_QR(y[15], y[12], y[13], y[14]);
    }
    SALSA_FEED(x, lo, hi);
    SALSA_FEED(y, lo2, hi2);
    SALSA_TRANSPOSE8(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]);
    SALSA_TRANSPOSE8(x[8], x[9], x[10], x[11], x[12], x[13], x[14], x[15]);
    for (i = 0; i < 8; i++)
      SALSA_OUT(i, x[i], x[8 + i]);
    SALSA_TRANSPOSE8(y[0], y[1], y[2], y[3], y[4], y[5], y[6], y[7]);
    SALSA_TRANSPOSE8(y[8], y[9], y[10], y[11], y[12], y[13], y[14], y[15]);
    for (i = 0; i < 8; i++)
      SALSA_OUT(8 + i, y[i], y[8 + i]);
    {
      volatile __m256i *vy = y;
      for (i = 0; i < 16; i++)
        vy[i] = _mm256_setzero_si256();
    }
    ctr += 16;
    done += 1024;
  }
#endif
  while (len - done >= 512) {
    /* eight counters, the 64-bit carry done in scalar code */
    for (i = 0; i < 8; i++) {
      const uint64_t c = ctr + i;
      lo[i] = (uint32_t)c;
      hi[i] = (uint32_t)(c >> 32);
    }
    SALSA_INIT(x, lo, hi);
    for (r = 0; r < rounds; r += 2) {
      SALSA_QR(x[0], x[4], x[8], x[12]);
      SALSA_QR(x[5], x[9], x[13], x[1]);
      SALSA_QR(x[10], x[14], x[2], x[6]);
      SALSA_QR(x[15], x[3], x[7], x[11]);
      SALSA_QR(x[0], x[1], x[2], x[3]);
      SALSA_QR(x[5], x[6], x[7], x[4]);
      SALSA_QR(x[10], x[11], x[8], x[9]);
      SALSA_QR(x[15], x[12], x[13], x[14]);
    }
    SALSA_FEED(x, lo, hi);
    SALSA_TRANSPOSE8(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7]);
    SALSA_TRANSPOSE8(x[8], x[9], x[10], x[11], x[12], x[13], x[14], x[15]);
    for (i = 0; i < 8; i++)
      SALSA_OUT(i, x[i], x[8 + i]);
    ctr += 8;
    done += 512;
  }
  s[8] = (uint32_t)ctr;
  s[9] = (uint32_t)(ctr >> 32);
  /* the key and the keystream may sit in these if they were spilled:
   * volatile vector stores, which the compiler may not drop */
  {
    volatile __m256i *vx = x;
    for (i = 0; i < 16; i++)
      vx[i] = _mm256_setzero_si256();
  }
  return done;
}
