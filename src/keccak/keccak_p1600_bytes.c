/* Moving bytes in and out of the Keccak-p[1600] state.  Byte j of the
 * state is byte j % 8 (little-endian) of lane j / 8, on every machine.
 * Each function handles a leading partial lane byte by byte, then whole
 * lanes through the load/store helpers, then a trailing partial lane. */
#include "keccak/keccak_p1600.h"
#include "common/bytes.h"

void qed_keccak_p1600_zero(uint64_t state[25])
{
  size_t k;
  /*@ loop invariant 0 <= k <= 25;
      loop invariant \forall integer m; 0 <= m < k ==> state[m] == 0;
      loop assigns k, state[0 .. 24];
      loop variant 25 - k; */
  for (k = 0; k < 25; k++)
    state[k] = 0;
}

void qed_keccak_p1600_add_byte(uint64_t state[25], uint8_t byte,
                               size_t offset)
{
  state[offset / 8] ^= (uint64_t)byte << (8 * (offset % 8));
}

void qed_keccak_p1600_add_bytes(uint64_t state[25], const uint8_t *in,
                                size_t offset, size_t len)
{
  size_t i = 0;
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, state[0 .. 24];
      loop variant len - i; */
  while (i < len && (offset + i) % 8 != 0) {
    qed_keccak_p1600_add_byte(state, in[i], offset + i);
    i++;
  }
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, state[0 .. 24];
      loop variant len - i; */
  while (len - i >= 8) {
    state[(offset + i) / 8] ^= qed_load64_le(in + i);
    i += 8;
  }
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, state[0 .. 24];
      loop variant len - i; */
  while (i < len) {
    qed_keccak_p1600_add_byte(state, in[i], offset + i);
    i++;
  }
}

void qed_keccak_p1600_extract_bytes(const uint64_t state[25], uint8_t *out,
                                    size_t offset, size_t len)
{
  size_t i = 0;
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, out[0 .. len - 1];
      loop variant len - i; */
  while (i < len && (offset + i) % 8 != 0) {
    size_t b = offset + i;
    out[i] = (uint8_t)(state[b / 8] >> (8 * (b % 8)));
    i++;
  }
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, out[0 .. len - 1];
      loop variant len - i; */
  while (len - i >= 8) {
    qed_store64_le(out + i, state[(offset + i) / 8]);
    i += 8;
  }
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, out[0 .. len - 1];
      loop variant len - i; */
  while (i < len) {
    size_t b = offset + i;
    out[i] = (uint8_t)(state[b / 8] >> (8 * (b % 8)));
    i++;
  }
}
