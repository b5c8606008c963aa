/* A three-limb (192-bit) accumulator of 64 x 64-bit products, for the
 * product-scanning (Comba) schoolbook multiplication of mpn_mul_body.h:
 *   qed_mac192(acc, a, b)   lo + mid * 2^64 + hi * 2^128 == acc + a * b
 * (no overflow while acc.hi < 2^64 - 1; hi grows by at most 1).
 *
 * Two bodies, one contract, as for nacl/mul64.h:
 *   - the portable one here (qed_mac192_portable: the product from
 *     qed_mul64_portable, then the two low limbs added in 32-bit halves so that no
 *     sum wraps) is what Frama-C sees and proves against the contract;
 *   - where the compiler has `unsigned __int128`, the body of
 *     bn/mul192_int128.h: one MULX, ADD/ADC into the two low limbs and the
 *     carry into the top one (ADC $0).  That file is outside the proof
 *     (proof/outside.txt); tests/test_bn.c checks that both bodies agree
 *     with each other and with the contract.
 * No branch, no table: constant time in every body. */
#ifndef QED_BN_MUL192_H
#define QED_BN_MUL192_H

#include <stdint.h>
#include "nacl/mul64.h"

typedef struct {
  uint64_t lo;
  uint64_t mid;
  uint64_t hi;
} qed_u192;

/*@ logic integer u192_value(qed_u192 x) =
      (x.hi * 18446744073709551616 + x.mid) * 18446744073709551616 + x.lo; */

/*@ requires acc.hi < 18446744073709551615;
    assigns \nothing;
    ensures u192_value(\result) == u192_value(acc) + a * b;
    ensures \result.hi <= acc.hi + 1; */
QED_INLINE_MUL64 qed_u192 qed_mac192_portable(qed_u192 acc, uint64_t a,
                                              uint64_t b)
{
  const qed_u128 p = qed_mul64_portable(a, b);
  /* the low limbs in 32-bit halves: s1, t1 < 2^33, no sum wraps */
  const uint64_t s0 = acc.lo % 4294967296u + p.lo % 4294967296u;
  const uint64_t s1 = acc.lo / 4294967296u + p.lo / 4294967296u +
                      s0 / 4294967296u;
  const uint64_t t0 = acc.mid % 4294967296u + p.hi % 4294967296u +
                      s1 / 4294967296u;
  const uint64_t t1 = acc.mid / 4294967296u + p.hi / 4294967296u +
                      t0 / 4294967296u;
  qed_u192 r;
  //@ assert acc.lo + p.lo == s1 * 4294967296 + s0 % 4294967296;
  //@ assert acc.mid + p.hi + s1 / 4294967296 == t1 * 4294967296 + t0 % 4294967296;
  //@ assert t1 / 4294967296 <= 1;
  r.lo = (s1 % 4294967296u) * 4294967296u + s0 % 4294967296u;
  r.mid = (t1 % 4294967296u) * 4294967296u + t0 % 4294967296u;
  r.hi = acc.hi + t1 / 4294967296u;
  //@ assert r.lo + s1 / 4294967296 * 18446744073709551616 == acc.lo + p.lo;
  //@ assert r.mid + (r.hi - acc.hi) * 18446744073709551616 == acc.mid + p.hi + s1 / 4294967296;
  return r;
}

#if defined(__SIZEOF_INT128__) && !defined(__FRAMAC__) && \
    !defined(QED_MUL64_NO_INT128)
#include "bn/mul192_int128.h"
#else
/* The portable body is the body (Frama-C; compilers without __int128). */
/*@ requires acc.hi < 18446744073709551615;
    assigns \nothing;
    ensures u192_value(\result) == u192_value(acc) + a * b;
    ensures \result.hi <= acc.hi + 1; */
QED_INLINE_MUL64 qed_u192 qed_mac192(qed_u192 acc, uint64_t a, uint64_t b)
{
  return qed_mac192_portable(acc, a, b);
}
#endif

#endif
