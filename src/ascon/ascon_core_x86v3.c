/* The Ascon hot loops (ascon_core.h): the bodies of ascon_impl.h compiled
 * with -march=x86-64-v3 -O3 (the Makefile adds that for files named
 * *_x86v3.c): gcc then uses ANDN for the S-box and RORX for the linear
 * layer, a quarter fewer instructions per round than the baseline build.
 * Only built for x86-64 targets and only called when the CPU has
 * x86-64-v3.  It is a proof unit like the portable build. */
#include "ascon/ascon_core.h"
#include "ascon/ascon_impl.h"

void qed_ascon_core_permute_x86v3(uint64_t state[5], unsigned rounds)
{
  ascon_permute_body(state, rounds);
}

size_t qed_ascon_core_absorb8_x86v3(uint64_t state[5], const uint8_t *in,
                                    size_t inlen, int big)
{
  return ascon_absorb8_body(state, in, inlen, big);
}

size_t qed_ascon_core_absorb16_x86v3(uint64_t state[5], const uint8_t *in,
                                     size_t inlen)
{
  return ascon_absorb16_body(state, in, inlen);
}

size_t qed_ascon_core_encrypt16_x86v3(uint64_t state[5], uint8_t *c,
                                      const uint8_t *m, size_t mlen)
{
  return ascon_encrypt16_body(state, c, m, mlen);
}

size_t qed_ascon_core_decrypt16_x86v3(uint64_t state[5], uint8_t *m,
                                      const uint8_t *c, size_t clen)
{
  return ascon_decrypt16_body(state, m, c, clen);
}
