/* The Gimli permutation, exported (qed/gimli.h): on twelve words, and on
 * their 48-byte little-endian view.  The body is gimli_impl.h, which the
 * hashes include and inline. */
#include "qed/gimli.h"
#include "gimli/gimli_impl.h"

void qed_gimli_permute(uint32_t state[12])
{
  gimli_permute_body(state);
}

void qed_gimli_permute_bytes(uint8_t state[48])
{
  uint32_t s[12];
  unsigned i;
  /*@ loop invariant 0 <= i <= 12;
      loop assigns i, s[0 .. 11];
      loop variant 12 - i; */
  for (i = 0; i < 12u; i++)
    s[i] = qed_load32_le(state + 4u * i);
  gimli_permute_body(s);
  /*@ loop invariant 0 <= i <= 12;
      loop assigns i, state[0 .. 47];
      loop variant 12 - i; */
  for (i = 0; i < 12u; i++)
    qed_store32_le(state + 4u * i, s[i]);
  /* s now holds exactly what state holds: nothing to wipe that the
   * caller does not have. */
}
