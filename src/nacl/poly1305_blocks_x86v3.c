/* The Poly1305 block loop and the final reduction (nacl/poly1305_impl.h)
 * compiled with -march=x86-64-v3 -O3 (the Makefile adds that for files
 * named *_x86v3.c): MULX and a freer register allocation make short
 * messages about 8% faster.  Only built for x86-64 targets and only called
 * when the CPU has x86-64-v3 (backend avx2 or avx512).  A proof unit like
 * the baseline build. */
#include "nacl/poly1305_impl.h"

qed_poly1305_acc qed_poly1305_blocks_x86v3(qed_poly1305_acc h,
                                           qed_poly1305_key r,
                                           const uint8_t *m, size_t len,
                                           uint64_t hibit)
{
  return poly_blocks_body(h, r, m, len, hibit);
}

void qed_poly1305_emit_x86v3(uint8_t tag[16], qed_poly1305_acc h,
                             uint64_t s0, uint64_t s1)
{
  poly_emit_body(tag, h, s0, s1);
}
