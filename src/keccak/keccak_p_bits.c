/* Moving bits and bytes in and out of a Keccak-p state of any width
 * (keccak_p.h).  Bit i of the state string is bit i % w of lane i / w.
 *
 * Everything goes through two small functions that move at most 8 bits at
 * a state bit position, a piece per lane touched (one piece when w >= 8 and
 * the bits are byte-aligned; up to 8 for w = 1).  Width 1600 takes the
 * byte-aligned paths of qed_keccak_p1600 (whole lanes at a time).        */
#include "keccak/keccak_p.h"
#include "keccak/keccak_p1600.h"

/* XOR the n <= 8 low bits of v into the state at bit pos. */
/*@ requires \valid(s);
    requires qed_keccak_p_width_ok(s->width);
    requires n <= 8;
    requires pos + n <= s->width;
    assigns s->lane[0 .. 24]; */
static void state_xor_bits(qed_keccak_p_state *s, uint32_t v, size_t pos,
                           unsigned n)
{
  const unsigned w = s->width / 25;
  /*@ loop invariant n <= 8;
      loop invariant pos + n <= s->width;
      loop assigns v, pos, n, s->lane[0 .. 24];
      loop variant n; */
  while (n > 0) {
    size_t lane = pos / w;
    unsigned z = (unsigned)(pos % w);
    unsigned k = w - z;
    if (k > n)
      k = n;
    s->lane[lane] ^= (uint64_t)(v & ((1u << k) - 1u)) << z;
    v >>= k;
    pos += k;
    n -= k;
  }
}

/* The n <= 8 state bits from bit pos on, as the low bits of the result. */
/*@ requires \valid_read(s);
    requires qed_keccak_p_width_ok(s->width);
    requires n <= 8;
    requires pos + n <= s->width;
    assigns \nothing; */
static uint32_t state_get_bits(const qed_keccak_p_state *s, size_t pos,
                               unsigned n)
{
  const unsigned w = s->width / 25;
  uint32_t v = 0;
  unsigned done = 0;
  /*@ loop invariant done <= n;
      loop invariant pos + (n - done) <= s->width;
      loop assigns v, pos, done;
      loop variant n - done; */
  while (done < n) {
    size_t lane = pos / w;
    unsigned z = (unsigned)(pos % w);
    unsigned k = w - z;
    if (k > n - done)
      k = n - done;
    v |= ((uint32_t)(s->lane[lane] >> z) & ((1u << k) - 1u)) << done;
    pos += k;
    done += k;
  }
  return v;
}

/* The 1 <= n <= 8 bits of in from bit `bit` on (LSB first). */
/*@ requires 1 <= n <= 8;
    requires \valid_read(in + (bit / 8 .. (bit + n + 7) / 8 - 1));
    assigns \nothing; */
static uint32_t load_bits(const uint8_t *in, size_t bit, unsigned n)
{
  const size_t j = bit / 8;
  const unsigned sh = (unsigned)(bit % 8);
  uint32_t v = (uint32_t)in[j] >> sh;
  if (sh + n > 8)
    v |= (uint32_t)in[j + 1] << (8 - sh);
  return v & ((1u << n) - 1u);
}

/* Write the n low bits of v (1 <= n <= 8) to out from bit `bit` on: the
 * bits of the first byte below bit % 8 are kept, the bits of the last byte
 * above the n written are set to 0. */
/*@ requires 1 <= n <= 8;
    requires \valid(out + (bit / 8 .. (bit + n + 7) / 8 - 1));
    assigns out[bit / 8 .. (bit + n + 7) / 8 - 1]; */
static void store_bits(uint8_t *out, size_t bit, uint32_t v, unsigned n)
{
  const size_t j = bit / 8;
  const unsigned sh = (unsigned)(bit % 8);
  uint32_t keep = 0;
  v &= (1u << n) - 1u;
  if (sh != 0)
    keep = (uint32_t)out[j] & ((1u << sh) - 1u);
  out[j] = (uint8_t)(keep | (v << sh));
  if (sh + n > 8)
    out[j + 1] = (uint8_t)(v >> (8 - sh));
}

void qed_keccak_p_add_byte(qed_keccak_p_state *s, uint8_t byte, size_t offset)
{
  if (s->width == 1600)
    qed_keccak_p1600_add_byte(s->lane, byte, offset);
  else
    state_xor_bits(s, byte, 8 * offset, 8);
}

void qed_keccak_p_add_bytes(qed_keccak_p_state *s, const uint8_t *in,
                            size_t offset, size_t len)
{
  size_t i;
  if (s->width == 1600) {
    qed_keccak_p1600_add_bytes(s->lane, in, offset, len);
    return;
  }
  /*@ loop invariant 0 <= i <= len;
      loop invariant s->width == \at(s->width, Pre);
      loop assigns i, s->lane[0 .. 24];
      loop variant len - i; */
  for (i = 0; i < len; i++)
    state_xor_bits(s, in[i], 8 * (offset + i), 8);
}

void qed_keccak_p_extract_bytes(const qed_keccak_p_state *s, uint8_t *out,
                                size_t offset, size_t len)
{
  size_t i;
  if (s->width == 1600) {
    qed_keccak_p1600_extract_bytes(s->lane, out, offset, len);
    return;
  }
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, out[0 .. len - 1];
      loop variant len - i; */
  for (i = 0; i < len; i++)
    out[i] = (uint8_t)state_get_bits(s, 8 * (offset + i), 8);
}

void qed_keccak_p_add_bits_at(qed_keccak_p_state *s, const uint8_t *in,
                              size_t in_bit, size_t bit_offset, size_t nbits)
{
  size_t done = 0;
  /* Both sides byte-aligned: whole bytes at once. */
  if (in_bit % 8 == 0 && bit_offset % 8 == 0 && nbits >= 8) {
    qed_keccak_p_add_bytes(s, in + in_bit / 8, bit_offset / 8, nbits / 8);
    done = nbits - nbits % 8;
  }
  /*@ loop invariant 0 <= done <= nbits;
      loop invariant s->width == \at(s->width, Pre);
      loop assigns done, s->lane[0 .. 24];
      loop variant nbits - done; */
  while (nbits - done >= 8) {
    state_xor_bits(s, load_bits(in, in_bit + done, 8), bit_offset + done, 8);
    done += 8;
  }
  if (done < nbits) {
    const unsigned n = (unsigned)(nbits - done);
    state_xor_bits(s, load_bits(in, in_bit + done, n), bit_offset + done, n);
  }
}

void qed_keccak_p_add_bits(qed_keccak_p_state *s, const uint8_t *in,
                           size_t bit_offset, size_t nbits)
{
  qed_keccak_p_add_bits_at(s, in, 0, bit_offset, nbits);
}

void qed_keccak_p_extract_bits_at(const qed_keccak_p_state *s, uint8_t *out,
                                  size_t out_bit, size_t bit_offset,
                                  size_t nbits)
{
  size_t done = 0;
  if (out_bit % 8 == 0 && bit_offset % 8 == 0 && nbits >= 8) {
    qed_keccak_p_extract_bytes(s, out + out_bit / 8, bit_offset / 8,
                               nbits / 8);
    done = nbits - nbits % 8;
  }
  /*@ loop invariant 0 <= done <= nbits;
      loop assigns done, out[out_bit / 8 .. (out_bit + nbits + 7) / 8 - 1];
      loop variant nbits - done; */
  while (nbits - done >= 8) {
    store_bits(out, out_bit + done, state_get_bits(s, bit_offset + done, 8),
               8);
    done += 8;
  }
  if (done < nbits) {
    const unsigned n = (unsigned)(nbits - done);
    store_bits(out, out_bit + done, state_get_bits(s, bit_offset + done, n),
               n);
  }
}

void qed_keccak_p_extract_bits(const qed_keccak_p_state *s, uint8_t *out,
                               size_t bit_offset, size_t nbits)
{
  qed_keccak_p_extract_bits_at(s, out, 0, bit_offset, nbits);
}

size_t qed_keccak_p_absorb_blocks(qed_keccak_p_state *s, unsigned rounds,
                                  size_t block_bytes, const uint8_t *in,
                                  size_t inlen)
{
  size_t done = 0;
  if (s->width == 1600 && block_bytes % 8 == 0)
    return qed_keccak_p1600_absorb_blocks(s->lane, rounds, block_bytes / 8,
                                          in, inlen);
  /*@ loop invariant 0 <= done <= inlen;
      loop invariant s->width == \at(s->width, Pre);
      loop assigns done, s->lane[0 .. 24];
      loop variant inlen - done; */
  while (inlen - done >= block_bytes) {
    qed_keccak_p_add_bytes(s, in + done, 0, block_bytes);
    qed_keccak_p_permute(s, rounds);
    done += block_bytes;
  }
  return done;
}
