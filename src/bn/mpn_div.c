/* Division with remainder of limb arrays (bn/mpn_ops.h): the run-time
 * choice between the two builds of Knuth's algorithm D (mpn_div_body.h):
 * x86-64-v3 (mpn_div_x86v3.c) when the CPU and QED_BACKEND allow it, the
 * portable build here otherwise.
 *
 * Variable time (divisions here are by public numbers: moduli, the
 * operands of gcd).  Proved free of run-time errors; tests/test_bn.c drives
 * the q-hat corrections and the add-back step with constructed operands,
 * on every backend. */
#include "bn/mpn_div_body.h"
#include "common/cpu.h"

#if defined(__x86_64__)
#define QED_HAVE_X86V3 1
#else
#define QED_HAVE_X86V3 0
#endif

void qed_mpn_divrem(uint64_t *q, uint64_t *r, const uint64_t *a, size_t an,
                    const uint64_t *d, size_t dn, uint64_t *s)
{
#if QED_HAVE_X86V3
  if (qed_backend_level() >= QED_BACKEND_AVX2) {
    qed_mpn_divrem_x86v3(q, r, a, an, d, dn, s);
    return;
  }
#endif
  body_divrem(q, r, a, an, d, dn, s);
}
