/* Many leaves at once (keccak_p1600_leaves.h): the proven dispatcher and
 * the proven one-leaf path.  The SIMD kernels it calls (src/keccak/simd/,
 * outside the proof) carry contracts on their prototypes; they are called
 * only at the backend level whose instructions they use. */
#include "keccak/keccak_p1600_leaves.h"
#include "keccak/sponge.h"
#include "common/cpu.h"
#include "common/zeroize.h"
#include "qed/common.h"

#if defined(__x86_64__)
#define QED_HAVE_SIMD_LEAVES 1
#else
#define QED_HAVE_SIMD_LEAVES 0
#endif

void qed_keccak_p1600_leaf_portable(uint8_t *cv, size_t cvlen,
                                    const uint8_t *in, size_t leaflen,
                                    size_t rate, unsigned rounds,
                                    uint8_t suffix)
{
  qed_keccak_sponge sp;
  qed_sponge_init(&sp, (uint32_t)rate, suffix, (uint8_t)rounds, 0);
  (void)qed_sponge_absorb(&sp, in, leaflen);
  (void)qed_sponge_squeeze(&sp, cv, cvlen);
  qed_sponge_wipe(&sp);
}

size_t qed_keccak_p1600_leaves(qed_keccak_sponge *dst, uint64_t *count,
                               const uint8_t *in, size_t inlen,
                               size_t leaflen, size_t cvlen, uint32_t rate,
                               uint8_t rounds, uint8_t suffix)
{
  uint8_t cvs[QED_LEAVES_MAX_WIDTH * QED_LEAVES_MAX_CV];
#if QED_HAVE_SIMD_LEAVES
  const unsigned level = qed_backend_level();
#endif
  size_t done = 0;

  /* Chaining value k of a call sits at cvs + 64 * k. */
  /*@ loop invariant 0 <= done <= inlen;
      loop assigns done, cvs[0 .. 511], *dst, *count;
      loop variant inlen - done; */
  while (inlen - done >= leaflen) {
    size_t used = leaflen, n = 1, k;
#if QED_HAVE_SIMD_LEAVES
    const size_t left = inlen - done, avail = left / leaflen;
    if (level >= QED_BACKEND_AVX512 && avail >= 5)
      n = qed_keccak_p1600_times8_leaves_avx512(cvs, cvlen, in + done, left,
                                                leaflen, rate, rounds, suffix,
                                                &used);
    else if (level >= QED_BACKEND_AVX512 && avail >= 3)
      n = qed_keccak_p1600_times4_leaves_avx512(cvs, cvlen, in + done, left,
                                                leaflen, rate, rounds, suffix,
                                                &used);
    else if (level >= QED_BACKEND_AVX512 && avail == 2)
      n = qed_keccak_p1600_times2_leaves_avx512(cvs, cvlen, in + done, left,
                                                leaflen, rate, rounds, suffix,
                                                &used);
    else if (level >= QED_BACKEND_AVX2 && avail >= 3)
      n = qed_keccak_p1600_times4_leaves_avx2(cvs, cvlen, in + done, left,
                                              leaflen, rate, rounds, suffix,
                                              &used);
    else
#endif
      qed_keccak_p1600_leaf_portable(cvs, cvlen, in + done, leaflen, rate,
                                     rounds, suffix);
    /*@ loop invariant 0 <= k <= n;
        loop assigns k, *dst;
        loop variant n - k; */
    for (k = 0; k < n; k++)
      (void)qed_sponge_absorb(dst, cvs + 64 * k, cvlen);
    *count += n;
    done += used;
  }
  qed_zeroize(cvs, sizeof cvs);
  return done;
}
