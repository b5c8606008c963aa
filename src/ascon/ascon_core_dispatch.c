/* Run-time choice between the builds of the Ascon hot loops.  A proof unit
 * like its targets: it relies on the contract of qed_backend_level
 * (common/cpu.h; cpu.c itself is outside the proof) and calls builds that
 * carry the same contracts as the functions here (ascon_core.h), which are
 * the contracts the modes are proved against.
 *
 * The avx512 level takes the x86-64-v3 build too.  An AVX-512VL build was
 * written and measured (2026-11-24, AMD Zen 5, one lane per xmm register;
 * the S-box regrouped into VPTERNLOGQ steps two deep, 11 instructions; the
 * linear layer two VPRORQ and one VPTERNLOGQ per lane; the next round's
 * constant added off the chain: 27 instructions, four deep per round).  It
 * matched the portable code and every KAT but ran Ascon-Hash256 at 15.5
 * TSC ticks per byte against 8.5 for this x86-64-v3 build (AEAD128
 * 16 KiB: 5.1 against 3.2; p^12: 130 against 75 per call): on that core a
 * dependent vector logic or rotate instruction costs about two scalar ALU
 * latencies, so four levels per round take longer than the scalar round,
 * which is bound by its 37 instructions on six ALUs, not by its chain.  A
 * variant with one VPRORVQ and a lane swap per lane (both lanes holding
 * the lane) was slower still (15.7). */
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
