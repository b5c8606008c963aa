/* Whether the radix-2^52 Montgomery code (mont_ifma.c) may run: outside
 * the proof, it executes CPUID (proof/outside.txt).
 *
 * qed_backend_level (common/cpu.c) answers for QED_BACKEND and for
 * AVX-512 F/BW/DQ/VL with the zmm state saved by the OS; what is left is
 * AVX512-IFMA itself, CPUID.(EAX=7,ECX=0):EBX bit 21.  Only at the avx512
 * level, so QED_BACKEND=portable or avx2 never runs it. */
#include <stdatomic.h>

#include "bn/simd/mont_ifma.h"
#include "common/cpu.h"

#if defined(__x86_64__)
#include <cpuid.h>

static unsigned detect_ifma(void)
{
  unsigned int a, b, c, d;
  if (__get_cpuid_max(0, NULL) < 7)
    return 0;
  __cpuid_count(7, 0, a, b, c, d);
  return (b >> 21) & 1;
}
#else
static unsigned detect_ifma(void) { return 0; }
#endif

/* 0 = not computed yet; otherwise answer + 1 (every racing thread
 * computes and stores the same value). */
static atomic_uint cached_ifma;

int qed_bn_mont_ifma_supports(size_t n)
{
  unsigned v = atomic_load_explicit(&cached_ifma, memory_order_relaxed);
  if (v == 0) {
    unsigned ok = detect_ifma() && qed_backend_level() >= QED_BACKEND_AVX512;
    v = ok + 1;
    atomic_store_explicit(&cached_ifma, v, memory_order_relaxed);
  }
  return (int)(v - 1) & (n == 8 || n == 16 || n == 32 || n == 64);
}
