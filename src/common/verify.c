/* Constant-time comparison: 0 when two byte strings are equal, -1 when not.
 *
 * The loop always runs to the end and folds every difference into one
 * byte d with OR; the verdict is computed from d without a branch:
 * (d - 1) >> 8 has its low bit set only when d == 0 (d - 1 wraps to
 * 0xFFFFFFFF), so 1 & that is 1 for equal and 0 for different strings.
 *
 * Proof notes: the accumulator is a uint8_t and each XOR is cast to
 * uint8_t, which gives WP the 0..255 ranges for free; the asserts let Qed
 * (which knows (a ^ b) == 0 <==> a == b) hand the solvers plain facts. */
#include "qed/common.h"

int qed_verify(const uint8_t *x, const uint8_t *y, size_t len)
{
  uint8_t d = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= len;
      loop invariant d == 0 <==> (\forall integer k; 0 <= k < i ==> x[k] == y[k]);
      loop assigns i, d;
      loop variant len - i;
  */
  for (i = 0; i < len; i++) {
    uint8_t e = (uint8_t)(x[i] ^ y[i]);
    //@ assert e == (x[i] ^ y[i]);
    //@ assert e == 0 <==> x[i] == y[i];
    d |= e;
    //@ assert d == 0 <==> (\at(d, LoopCurrent) == 0 && e == 0);
  }
  //@ assert d == 0 ==> (1 & (((uint32_t)d - 1) >> 8)) == 1;
  //@ assert d != 0 ==> (1 & (((uint32_t)d - 1) >> 8)) == 0;
  return (int)(1 & (((uint32_t)d - 1) >> 8)) - 1;
}

int qed_verify_16(const uint8_t x[16], const uint8_t y[16])
{
  return qed_verify(x, y, 16);
}

int qed_verify_32(const uint8_t x[32], const uint8_t y[32])
{
  return qed_verify(x, y, 32);
}
