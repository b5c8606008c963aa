/* Run-time choice between the builds of Keccak-p[1600].  A proof unit
 * like its targets: it relies on the contract of qed_backend_level
 * (common/cpu.h; cpu.c itself is outside the proof) and calls builds that
 * carry the same contracts as the functions here (keccak_p1600.h), which
 * are the contracts the modes are proved against.  The AVX-512 form keeps
 * each lane in its own xmm register (simd/keccak_p1600_avx512.c); below
 * that level, the x86-64-v3 build of the proven C. */
#include "keccak/keccak_p1600.h"
#include "common/cpu.h"

#if defined(__x86_64__)
#define QED_HAVE_X86V3 1
#else
#define QED_HAVE_X86V3 0
#endif

void qed_keccak_p1600_permute(uint64_t state[25], unsigned rounds)
{
#if QED_HAVE_X86V3
  const unsigned level = qed_backend_level();
  if (level >= QED_BACKEND_AVX512) {
    qed_keccak_p1600_permute_avx512(state, rounds);
    return;
  }
  if (level >= QED_BACKEND_AVX2) {
    qed_keccak_p1600_permute_x86v3(state, rounds);
    return;
  }
#endif
  qed_keccak_p1600_permute_portable(state, rounds);
}

size_t qed_keccak_p1600_absorb_blocks(uint64_t state[25], unsigned rounds,
                                      size_t lanes, const uint8_t *in,
                                      size_t inlen)
{
#if QED_HAVE_X86V3
  const unsigned level = qed_backend_level();
  if (level >= QED_BACKEND_AVX512)
    return qed_keccak_p1600_absorb_blocks_avx512(state, rounds, lanes, in,
                                                 inlen);
  if (level >= QED_BACKEND_AVX2)
    return qed_keccak_p1600_absorb_blocks_x86v3(state, rounds, lanes, in,
                                                inlen);
#endif
  return qed_keccak_p1600_absorb_blocks_portable(state, rounds, lanes, in,
                                                 inlen);
}
