/* Which AES backend the CPU has (outside the proof: it runs CPUID, which
 * Frama-C cannot model; see proof/outside.txt).
 *
 * qed_backend_level (common/cpu.c) already answers for the register state
 * (XCR0) and for QED_BACKEND; what is left is whether the AES instructions
 * themselves exist, which that function does not ask (the Keccak backends
 * do not need them, and their choice must not change):
 *   CPUID.1:ECX     bit 25 AES, bit 1 PCLMULQDQ, bit 19 SSE4.1;
 *   CPUID.7.0:ECX   bit 9 VAES, bit 10 VPCLMULQDQ.
 * The avx2 level plus AES/PCLMULQDQ gives AES-NI; the avx512 level (F, BW,
 * DQ, VL and the zmm state) plus VAES/VPCLMULQDQ gives VAES. */
#include <stdatomic.h>

#include "common/cpu.h"
#include "aes/simd/aes_hw.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static unsigned detect_aes(void)
{
  unsigned int a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d))
    return QED_AES_PORTABLE;
  if (!((c >> 25) & 1) || !((c >> 1) & 1) || !((c >> 19) & 1))
    return QED_AES_PORTABLE;
  if (__get_cpuid_max(0, NULL) < 7)
    return QED_AES_AESNI;
  __cpuid_count(7, 0, a, b, c, d);
  if (((c >> 9) & 1) && ((c >> 10) & 1))
    return QED_AES_VAES;
  return QED_AES_AESNI;
}
#else
static unsigned detect_aes(void) { return QED_AES_PORTABLE; }
#endif

/* 0 = not computed yet; otherwise backend + 1 (every racing thread
 * computes and stores the same value). */
static atomic_uint cached_aes;

unsigned qed_aes_backend(void)
{
  unsigned v = atomic_load_explicit(&cached_aes, memory_order_relaxed);
  if (v == 0) {
    unsigned hw = detect_aes(), level = qed_backend_level();
    /* QED_BACKEND_AVX2 == QED_AES_AESNI, QED_BACKEND_AVX512 == QED_AES_VAES */
    v = (hw < level ? hw : level) + 1;
    atomic_store_explicit(&cached_aes, v, memory_order_relaxed);
  }
  return v - 1;
}
