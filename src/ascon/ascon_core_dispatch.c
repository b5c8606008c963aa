/* Run-time choice between the builds of the Ascon hot loops.  A proof unit
 * like its targets: it relies on the contract of qed_backend_level
 * (common/cpu.h; cpu.c itself is outside the proof) and calls builds that
 * carry the same contracts as the functions here (ascon_core.h), which are
 * the contracts the modes are proved against. */
#include "ascon/ascon_core.h"
#include "common/cpu.h"

#if defined(__x86_64__)
#define QED_HAVE_X86V3 1
#else
#define QED_HAVE_X86V3 0
#endif

void qed_ascon_core_permute(uint64_t state[5], unsigned rounds)
{
#if QED_HAVE_X86V3
  if (qed_backend_level() >= QED_BACKEND_AVX2) {
    qed_ascon_core_permute_x86v3(state, rounds);
    return;
  }
#endif
  qed_ascon_core_permute_portable(state, rounds);
}

size_t qed_ascon_core_absorb8(uint64_t state[5], const uint8_t *in,
                              size_t inlen, int big)
{
#if QED_HAVE_X86V3
  if (qed_backend_level() >= QED_BACKEND_AVX2)
    return qed_ascon_core_absorb8_x86v3(state, in, inlen, big);
#endif
  return qed_ascon_core_absorb8_portable(state, in, inlen, big);
}

size_t qed_ascon_core_absorb16(uint64_t state[5], const uint8_t *in,
                               size_t inlen)
{
#if QED_HAVE_X86V3
  if (qed_backend_level() >= QED_BACKEND_AVX2)
    return qed_ascon_core_absorb16_x86v3(state, in, inlen);
#endif
  return qed_ascon_core_absorb16_portable(state, in, inlen);
}

size_t qed_ascon_core_encrypt16(uint64_t state[5], uint8_t *c,
                                const uint8_t *m, size_t mlen)
{
#if QED_HAVE_X86V3
  if (qed_backend_level() >= QED_BACKEND_AVX2)
    return qed_ascon_core_encrypt16_x86v3(state, c, m, mlen);
#endif
  return qed_ascon_core_encrypt16_portable(state, c, m, mlen);
}

size_t qed_ascon_core_decrypt16(uint64_t state[5], uint8_t *m,
                                const uint8_t *c, size_t clen)
{
#if QED_HAVE_X86V3
  if (qed_backend_level() >= QED_BACKEND_AVX2)
    return qed_ascon_core_decrypt16_x86v3(state, m, c, clen);
#endif
  return qed_ascon_core_decrypt16_portable(state, m, c, clen);
}
