/* Keccak-p[1600, nr], built for the baseline of the target.  The body is
 * keccak_p1600_impl.h; keccak_p1600_x86v3.c builds the same body for
 * x86-64-v3, and keccak_p1600_dispatch.c picks one at run time. */
#include "keccak/keccak_p1600.h"
#define QED_KECCAK_LANE_COMPLEMENTING 1
#include "keccak/keccak_p1600_impl.h"

void qed_keccak_p1600_permute_portable(uint64_t state[25], unsigned rounds)
{
  keccak_p1600_permute_body(state, rounds);
}

size_t qed_keccak_p1600_absorb_blocks_portable(uint64_t state[25],
                                               unsigned rounds, size_t lanes,
                                               const uint8_t *in, size_t inlen)
{
  return keccak_p1600_absorb_body(state, rounds, lanes, in, inlen);
}
