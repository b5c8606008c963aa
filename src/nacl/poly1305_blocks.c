/* The Poly1305 block loop and the final reduction built for the baseline
 * of the target (the bodies are nacl/poly1305_impl.h; poly1305_blocks_x86v3.c
 * builds the same bodies for x86-64-v3, and poly1305.c picks one at run
 * time).  Proved with -warn-unsigned-overflow (mk/family_nacl_poly1305.mk). */
#include "nacl/poly1305_impl.h"

qed_poly1305_acc qed_poly1305_blocks_portable(qed_poly1305_acc h,
                                              qed_poly1305_key r,
                                              const uint8_t *m, size_t len,
                                              uint64_t hibit)
{
  return poly_blocks_body(h, r, m, len, hibit);
}

void qed_poly1305_emit(uint8_t tag[16], qed_poly1305_acc h, uint64_t s0,
                       uint64_t s1)
{
  poly_emit_body(tag, h, s0, s1);
}
