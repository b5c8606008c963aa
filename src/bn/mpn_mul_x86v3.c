/* The multiplication body (mpn_mul_body.h) built for x86-64-v3 (the
 * Makefile compiles every *_x86v3.c with X86V3_FLAGS): gcc multiplies with
 * MULX, whose flags-free product lets the add-with-carry chains of a row
 * run around it, and unrolls the rows.  Called only by mpn_mul.c's
 * dispatchers when qed_backend_level() allows x86-64-v3; built (and
 * proved) everywhere, so that the proof covers it. */
#include "bn/mpn_mul_body.h"

void qed_mpn_mul_basecase_x86v3(uint64_t *r, const uint64_t *a, size_t an,
                                const uint64_t *b, size_t bn)
{
  body_mul_basecase(r, a, an, b, bn);
}

void qed_mpn_mul_n_x86v3(uint64_t *r, const uint64_t *a, const uint64_t *b,
                         size_t n, uint64_t *s)
{
  body_mul_n(r, a, b, n, s);
}
