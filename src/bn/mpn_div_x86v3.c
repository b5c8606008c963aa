/* Knuth's division (mpn_div_body.h) built for x86-64-v3 (the Makefile
 * compiles every *_x86v3.c with X86V3_FLAGS): MULX in the
 * multiply-and-subtract loop, unrolled.  Called only by mpn_div.c's
 * dispatcher when qed_backend_level() allows x86-64-v3; built (and proved)
 * everywhere, so that the proof covers it. */
#include "bn/mpn_div_body.h"

void qed_mpn_divrem_x86v3(uint64_t *q, uint64_t *r, const uint64_t *a,
                          size_t an, const uint64_t *d, size_t dn,
                          uint64_t *s)
{
  body_divrem(q, r, a, an, d, dn, s);
}
