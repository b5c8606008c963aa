/* Keccak-p[1600, nr], the same proven body as keccak_p1600_portable.c,
 * compiled with -march=x86-64-v3 (the Makefile adds it for files named
 * *_x86v3.c): gcc then uses ANDN for chi and RORX for the rotations.  Only
 * built for x86-64 targets and only called when the CPU has x86-64-v3.
 * It is a proof unit like the portable build: the C is the same. */
#include "keccak/keccak_p1600.h"
#include "keccak/keccak_p1600_impl.h"

void qed_keccak_p1600_permute_x86v3(uint64_t state[25], unsigned rounds)
{
  keccak_p1600_permute_body(state, rounds);
}

size_t qed_keccak_p1600_absorb_blocks_x86v3(uint64_t state[25],
                                            unsigned rounds, size_t lanes,
                                            const uint8_t *in, size_t inlen)
{
  return keccak_p1600_absorb_body(state, rounds, lanes, in, inlen);
}
