/* Keccak-p[1600, nr], the body of keccak_p1600_impl.h compiled with
 * -march=x86-64-v3 -O3 (the Makefile adds that for files named *_x86v3.c):
 * gcc then uses ANDN for chi and RORX for the rotations, so chi is taken
 * in its plain form rather than lane-complemented (measured: about 12 %
 * faster here).  Only built for x86-64 targets and only called when the
 * CPU has x86-64-v3.  It is a proof unit like the portable build. */
#include "keccak/keccak_p1600.h"
#define QED_KECCAK_LANE_COMPLEMENTING 0
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
