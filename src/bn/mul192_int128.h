/* The compiled body of qed_mac192 (bn/mul192.h) where the compiler has
 * `unsigned __int128`: one MULX, an ADD/ADC into the two low limbs, the
 * carry out of them into the top limb (ADC $0 or SETC).  Included only by
 * bn/mul192.h, never when Frama-C reads the code (__FRAMAC__), so it is
 * outside the proof (proof/outside.txt); its contract is that of the
 * portable body in bn/mul192.h, and tests/test_bn.c checks that the two
 * bodies agree. */
#ifndef QED_BN_MUL192_INT128_H
#define QED_BN_MUL192_INT128_H

#include <stdint.h>
#include "nacl/mul64.h"

/* lo + mid * 2^64 + hi * 2^128 == acc + a * b, when acc.hi < 2^64 - 1 */
QED_INLINE_MUL64 qed_u192 qed_mac192(qed_u192 acc, uint64_t a, uint64_t b)
{
  const qed_uint128_t p = (qed_uint128_t)a * b;
  const qed_uint128_t s = (((qed_uint128_t)acc.mid << 64) | acc.lo) + p;
  qed_u192 r;
  r.lo = (uint64_t)s;
  r.mid = (uint64_t)(s >> 64);
  r.hi = acc.hi + (uint64_t)(s < p);
  return r;
}

#endif
