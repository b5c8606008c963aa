/* Run-time switching of the CPU backend, for the fuzz build only.
 *
 * The library picks its backend once per process (qed_backend_level and
 * the per-family detectors cache their answers); fuzz_backend needs the
 * same inputs through every backend in one process.  This file replaces
 * src/common/cpu.c, src/aes/simd/aes_cpu.c, src/sha2/simd/sha2_cpu.c and
 * src/bn/simd/bn_ifma_cpu.c in the fuzzers' link (mk/fuzz.mk leaves those
 * out): it compiles the library's own detectors under other names, and
 * exports the library's entry points as "what the CPU has, capped by
 * qed_fuzz_backend_cap".  Nothing else changes: the dispatchers of the
 * library are the ones under test. */
#include <stddef.h>

/* The library's detectors, renamed; they still honour QED_BACKEND. */
#define qed_backend_level qed_fuzz_detected_level
#define qed_backend_name qed_fuzz_detected_name
#define qed_aes_backend qed_fuzz_detected_aes
#define qed_sha256_shani_usable qed_fuzz_detected_shani
#define qed_bn_mont_ifma_supports qed_fuzz_detected_ifma
#include "common/cpu.c"
#if defined(__x86_64__)
#include "aes/simd/aes_cpu.c"
#include "sha2/simd/sha2_cpu.c"
#include "bn/simd/bn_ifma_cpu.c"
#endif
#undef qed_backend_level
#undef qed_backend_name
#undef qed_aes_backend
#undef qed_sha256_shani_usable
#undef qed_bn_mont_ifma_supports

#include "backend_switch.h"

unsigned qed_fuzz_backend_cap = 2;

unsigned qed_fuzz_backend_max(void) { return qed_fuzz_detected_level(); }

unsigned qed_backend_level(void)
{
  const unsigned l = qed_fuzz_detected_level();
  return l < qed_fuzz_backend_cap ? l : qed_fuzz_backend_cap;
}

const char *qed_backend_name(void)
{
  static const char *const names[] = { "portable", "avx2", "avx512" };
  return names[qed_backend_level()];
}

#if defined(__x86_64__)
/* The hardware answers are cached by the detectors at the uncapped level
 * (they call the renamed qed_backend_level); the cap applies here.  AES
 * backend numbers equal the levels (aes_cpu.c says so). */
unsigned qed_aes_backend(void)
{
  const unsigned hw = qed_fuzz_detected_aes(), l = qed_backend_level();
  return hw < l ? hw : l;
}

int qed_sha256_shani_usable(void)
{
  return qed_fuzz_detected_shani() && qed_backend_level() >= QED_BACKEND_AVX2;
}

int qed_bn_mont_ifma_supports(size_t n)
{
  return qed_fuzz_detected_ifma(n) && qed_backend_level() >= QED_BACKEND_AVX512;
}
#endif
