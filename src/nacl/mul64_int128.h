/* The compiled bodies of qed_mul64, qed_mac64, qed_add64 and qed_shr51
 * where the compiler has `unsigned __int128`: one MUL, an ADD/ADC, a SHRD.
 * Included only by nacl/mul64.h, never when Frama-C reads the code
 * (__FRAMAC__), so it is outside the proof (proof/outside.txt); its
 * contracts are those of the portable bodies in nacl/mul64.h, and
 * tests/test_nacl_mul64.c checks that the two bodies agree. */
#ifndef QED_NACL_MUL64_INT128_H
#define QED_NACL_MUL64_INT128_H

#include <stdint.h>

__extension__ typedef unsigned __int128 qed_uint128_t;

/* u128_value(result) == a * b */
QED_INLINE_MUL64 qed_u128 qed_mul64(uint64_t a, uint64_t b)
{
  const qed_uint128_t t = (qed_uint128_t)a * b;
  qed_u128 r;
  r.hi = (uint64_t)(t >> 64);
  r.lo = (uint64_t)t;
  return r;
}

/* u128_value(result) == u128_value(acc) + a * b, when that is < 2^128 */
QED_INLINE_MUL64 qed_u128 qed_mac64(qed_u128 acc, uint64_t a, uint64_t b)
{
  const qed_uint128_t t =
      (((qed_uint128_t)acc.hi << 64) | acc.lo) + (qed_uint128_t)a * b;
  qed_u128 r;
  r.hi = (uint64_t)(t >> 64);
  r.lo = (uint64_t)t;
  return r;
}

/* u128_value(result) == u128_value(acc) + c, when that is < 2^128 */
QED_INLINE_MUL64 qed_u128 qed_add64(qed_u128 acc, uint64_t c)
{
  const qed_uint128_t t = (((qed_uint128_t)acc.hi << 64) | acc.lo) + c;
  qed_u128 r;
  r.hi = (uint64_t)(t >> 64);
  r.lo = (uint64_t)t;
  return r;
}

/* floor(x / 2^51), x < 2^115 */
QED_INLINE_MUL64 uint64_t qed_shr51(qed_u128 x)
{
  return (uint64_t)((((qed_uint128_t)x.hi << 64) | x.lo) >> 51);
}

#endif
