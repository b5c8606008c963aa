/* The Ascon hot loops (ascon_core.h), built for the baseline of the
 * target.  The bodies are ascon_impl.h; ascon_core_x86v3.c builds the same
 * bodies for x86-64-v3 and ascon_core_dispatch.c picks one at run time. */
#include "ascon/ascon_core.h"
#include "ascon/ascon_impl.h"

void qed_ascon_core_permute_portable(uint64_t state[5], unsigned rounds)
{
  ascon_permute_body(state, rounds);
}

size_t qed_ascon_core_absorb8_portable(uint64_t state[5], const uint8_t *in,
                                       size_t inlen, int big)
{
  return ascon_absorb8_body(state, in, inlen, big);
}

size_t qed_ascon_core_absorb16_portable(uint64_t state[5], const uint8_t *in,
                                        size_t inlen)
{
  return ascon_absorb16_body(state, in, inlen);
}

size_t qed_ascon_core_encrypt16_portable(uint64_t state[5], uint8_t *c,
                                         const uint8_t *m, size_t mlen)
{
  return ascon_encrypt16_body(state, c, m, mlen);
}

size_t qed_ascon_core_decrypt16_portable(uint64_t state[5], uint8_t *m,
                                         const uint8_t *c, size_t clen)
{
  return ascon_decrypt16_body(state, m, c, clen);
}
