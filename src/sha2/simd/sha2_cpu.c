/* Whether the CPU has the SHA extensions (outside the proof: it runs CPUID,
 * which Frama-C cannot model; see proof/outside.txt).
 *
 * qed_backend_level (common/cpu.c) answers for QED_BACKEND and the
 * x86-64-v3 level; what is left is whether SHA256RNDS2, SHA256MSG1/2 exist
 * (CPUID.7.0:EBX bit 29) with the SSSE3 byte shuffle and SSE4.1 blend the
 * code uses around them (CPUID.1:ECX bits 9 and 19).  SHA-NI is used only
 * at the avx2 level and above, so QED_BACKEND=portable turns it off. */
#include <stdatomic.h>

#include "common/cpu.h"
#include "sha2/sha2_blocks.h"

#if defined(__x86_64__)
#include <cpuid.h>

static unsigned detect_shani(void)
{
  unsigned int a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d))
    return 0;
  if (!((c >> 9) & 1) || !((c >> 19) & 1))
    return 0;
  if (__get_cpuid_max(0, NULL) < 7)
    return 0;
  __cpuid_count(7, 0, a, b, c, d);
  return (b >> 29) & 1;
}
#else
static unsigned detect_shani(void) { return 0; }
#endif

/* 0 = not computed yet; otherwise answer + 1 (every racing thread
 * computes and stores the same value). */
static atomic_uint cached_shani;

int qed_sha256_shani_usable(void)
{
  unsigned v = atomic_load_explicit(&cached_shani, memory_order_relaxed);
  if (v == 0) {
    unsigned ok = detect_shani() && qed_backend_level() >= QED_BACKEND_AVX2;
    v = ok + 1;
    atomic_store_explicit(&cached_shani, v, memory_order_relaxed);
  }
  return (int)(v - 1);
}
