/* Constant-time select and swap, driven by a secret bit.
 *
 * The bit becomes a mask, 0x00 or 0xFF, by negation (0 - 1 wraps to all
 * ones); the mask then chooses bytes with AND/XOR only, so neither a
 * branch nor an address depends on the bit. */
#include "qed/common.h"

void qed_ct_select(uint8_t *out, const uint8_t *a, const uint8_t *b,
                   size_t len, uint32_t bit)
{
  const uint8_t mask = (uint8_t)(0u - bit);
  size_t i;
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, out[0 .. len - 1];
      loop variant len - i;
  */
  for (i = 0; i < len; i++)
    out[i] = (uint8_t)(b[i] ^ (mask & (a[i] ^ b[i])));
}

void qed_ct_swap(uint8_t *a, uint8_t *b, size_t len, uint32_t bit)
{
  const uint8_t mask = (uint8_t)(0u - bit);
  size_t i;
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, a[0 .. len - 1], b[0 .. len - 1];
      loop variant len - i;
  */
  for (i = 0; i < len; i++) {
    uint8_t t = (uint8_t)(mask & (a[i] ^ b[i]));
    a[i] ^= t;
    b[i] ^= t;
  }
}
