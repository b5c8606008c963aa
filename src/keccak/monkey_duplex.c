/* MonkeyDuplex over Keccak-p[b] or the twisted Keccak-p*[b], any width
 * (see keccak/monkey.h for the definition and the two levels of functions).
 *
 * The state string the duplex reads and writes: bit i is bit i % w of its
 * lane i / w, where lane number L of the string is the permutation's lane L
 * (Keccak-p) or twist[L] (Keccak-p*, Ketje v2).  Keccak-p* = pi o Keccak-p o
 * pi^-1 is Keccak-p on the state pi^-1(s): lane (x, y) of the twisted state
 * is lane (x + 3y mod 5, x) of Keccak-p's (pi: A'[x, y] = A[x + 3y, x],
 * FIPS 202 3.2.3), so twist[x + 5y] = (x + 3y) % 5 + 5x, and the permutation
 * itself runs untouched on the lanes where they are.
 *
 * Speed: message blocks are moved a whole lane at a time (one 8-, 16-, 32-
 * or 64-bit load, XOR and store per lane) whenever the data covers a lane;
 * single bytes only at the ragged ends of a call.  Lane and byte positions
 * come from divisions by constants (lane_of_byte, byte_in_lane), not by a
 * variable (only widths 25, 50 and 100, whose lanes are narrower than a
 * byte, divide by w).  Every lane index is reduced modulo 25, so no offset
 * can leave the state whatever the caller passes; the contracts say which
 * offsets give the specified result.  Nothing depends on the state's
 * (secret) contents but the values computed. */
#include "keccak/monkey.h"
#include "common/bytes.h"

static const uint8_t twist[25] = {
  0, 6, 12, 18, 24,  3, 9, 10, 16, 22,  1, 7, 13, 19, 20,
  4, 5, 11, 17, 23,  2, 8, 14, 15, 21
};

/* The permutation's lane holding lane L of the duplex's state string. */
/*@ requires \valid_read(d);
    assigns \nothing;
    ensures \result < 25; */
static size_t lane_at(const qed_monkey_duplex *d, size_t L)
{
  return d->twisted ? (size_t)twist[L % 25u] : L % 25u;
}

/* For lanes of lb = 1, 2, 4 or 8 bytes: the lane of byte j of the string,
 * and the byte's place in it. */
/*@ requires lb == 1 || lb == 2 || lb == 4 || lb == 8;
    assigns \nothing; */
static size_t lane_of_byte(size_t j, unsigned lb)
{
  switch (lb) {
  case 1: return j;
  case 2: return j / 2u;
  case 4: return j / 4u;
  default: return j / 8u;
  }
}

/*@ requires lb == 1 || lb == 2 || lb == 4 || lb == 8;
    assigns \nothing;
    ensures \result < lb; */
static unsigned byte_in_lane(size_t j, unsigned lb)
{
  switch (lb) {
  case 1: return 0;
  case 2: return (unsigned)(j % 2u);
  case 4: return (unsigned)(j % 4u);
  default: return (unsigned)(j % 8u);
  }
}

/* Bytes per lane: 0 for the widths whose lanes are narrower than a byte. */
/*@ requires qed_keccak_p_width_ok(width);
    assigns \nothing;
    ensures \result == 0 || \result == 1 || \result == 2 || \result == 4 ||
            \result == 8;
    ensures \result == 0 <==> width < 200; */
static unsigned lane_bytes(unsigned width)
{
  return width / 200u;
}

/* A lane of lb bytes, little-endian (FIPS 202 B.1). */
/*@ requires lb == 1 || lb == 2 || lb == 4 || lb == 8;
    requires \valid_read(p + (0 .. lb - 1));
    assigns \nothing; */
static uint64_t load_lane(const uint8_t *p, unsigned lb)
{
  if (lb == 8)
    return qed_load64_le(p);
  if (lb == 4)
    return qed_load32_le(p);
  if (lb == 2)
    return qed_load16_le(p);
  return p[0];
}

/*@ requires lb == 1 || lb == 2 || lb == 4 || lb == 8;
    requires \valid(p + (0 .. lb - 1));
    assigns p[0 .. lb - 1]; */
static void store_lane(uint8_t *p, uint64_t v, unsigned lb)
{
  switch (lb) {
  case 1: p[0] = (uint8_t)v; break;
  case 2: qed_store16_le(p, (uint16_t)v); break;
  case 4: qed_store32_le(p, (uint32_t)v); break;
  default: qed_store64_le(p, v); break;
  }
}

/* Byte j of the state string.  Lanes of 1, 2 or 4 bits: the byte gathers
 * 8 / w lanes (only those that exist: the last byte of a 25-, 50- or 100-bit
 * state is partial). */
/*@ requires \valid_read(d) && qed_keccak_p_width_ok(d->p.width);
    requires j < 200;
    assigns \nothing; */
static uint8_t get_byte(const qed_monkey_duplex *d, size_t j)
{
  const unsigned lb = lane_bytes(d->p.width);
  if (lb != 0)
    return (uint8_t)(d->p.lane[lane_at(d, lane_of_byte(j, lb))] >>
                     (8u * byte_in_lane(j, lb)));
  {
    const unsigned w = d->p.width / 25u;
    const uint64_t wmask = ((uint64_t)1 << w) - 1u;
    size_t L = 8u * j / w;
    unsigned sh, v = 0;
    /*@ loop invariant 0 <= sh <= 8 + 4;
        loop invariant L <= 8 * j / w + sh;
        loop assigns sh, L, v;
        loop variant 8 - sh; */
    for (sh = 0; sh < 8u; sh += w) {
      if (L < 25u)
        v |= (unsigned)(d->p.lane[lane_at(d, L)] & wmask) << sh;
      L++;
    }
    return (uint8_t)v;
  }
}

/* state string byte j ^= v (lanes that do not exist are left out). */
/*@ requires \valid(d) && qed_keccak_p_width_ok(d->p.width);
    requires j < 200;
    assigns d->p.lane[0 .. 24]; */
static void xor_byte(qed_monkey_duplex *d, size_t j, uint8_t v)
{
  const unsigned lb = lane_bytes(d->p.width);
  if (lb != 0) {
    d->p.lane[lane_at(d, lane_of_byte(j, lb))] ^=
        (uint64_t)v << (8u * byte_in_lane(j, lb));
    return;
  }
  {
    const unsigned w = d->p.width / 25u;
    const uint64_t wmask = ((uint64_t)1 << w) - 1u;
    size_t L = 8u * j / w;
    unsigned sh;
    /*@ loop invariant 0 <= sh <= 8 + 4;
        loop invariant L <= 8 * j / w + sh;
        loop assigns sh, L, d->p.lane[0 .. 24];
        loop variant 8 - sh; */
    for (sh = 0; sh < 8u; sh += w) {
      if (L < 25u)
        d->p.lane[lane_at(d, L)] ^= ((uint64_t)v >> sh) & wmask;
      L++;
    }
  }
}

int qed_monkey_duplex_usable(const qed_monkey_duplex *d)
{
  const unsigned nr = qed_keccak_p_max_rounds(d->p.width);
  return nr != 0 && d->rate >= 2u && d->rate <= d->p.width &&
         d->n_start >= 1u && d->n_start <= nr && d->n_step >= 1u &&
         d->n_step <= nr && d->n_stride >= 1u && d->n_stride <= nr;
}

void qed_monkey_duplex_wipe(qed_monkey_duplex *d)
{
  qed_keccak_p_wipe(&d->p);
  d->rate = 0;
  d->n_start = 0;
  d->n_step = 0;
  d->n_stride = 0;
  d->twisted = 0;
}

int qed_monkey_duplex_init(qed_monkey_duplex *d, unsigned width,
                           unsigned rate, unsigned n_start, unsigned n_step,
                           unsigned n_stride, unsigned twisted)
{
  const unsigned nr = qed_keccak_p_max_rounds(width);
  if (nr == 0 || rate < 2u || rate > width || n_start < 1u ||
      n_start > nr || n_step < 1u || n_step > nr || n_stride < 1u ||
      n_stride > nr) {
    qed_monkey_duplex_wipe(d);
    return -1;
  }
  qed_keccak_p_init(&d->p, width);
  d->rate = (uint16_t)rate;
  d->n_start = (uint8_t)n_start;
  d->n_step = (uint8_t)n_step;
  d->n_stride = (uint8_t)n_stride;
  d->twisted = (uint8_t)(twisted != 0);
  return 0;
}

/* One byte of qed_monkey_duplex_data: data byte i, state byte j. */
/*@ requires \valid(d) && qed_keccak_p_width_ok(d->p.width);
    requires mode <= 3;
    requires i < len && j < 200;
    requires mode == QED_MD_EXTRACT || \valid_read(in + (0 .. len - 1));
    requires mode == QED_MD_ADD || \valid(out + (0 .. len - 1));
    requires mode == QED_MD_EXTRACT || \separated(d, in + (0 .. len - 1));
    requires \separated(d, out + (0 .. len - 1));
    assigns d->p.lane[0 .. 24], out[i]; */
static void data_byte(qed_monkey_duplex *d, uint8_t *out, const uint8_t *in,
                      size_t len, size_t i, size_t j, unsigned mode)
{
  const uint8_t x = mode == QED_MD_EXTRACT ? 0 : in[i];
  const uint8_t s = get_byte(d, j);
  const uint8_t o = (uint8_t)(s ^ x);
  (void)len;                          /* for the contract: i < len */
  xor_byte(d, j, mode == QED_MD_UNWRAP ? o : x);
  if (mode != QED_MD_ADD)
    out[i] = mode == QED_MD_EXTRACT ? s : o;
}

/* Whole lanes of lb bytes (called with a constant lb, so that the compiler
 * makes one loop per lane size with single loads and stores): data bytes
 * i, i + 1, ... against string lanes L, L + 1, ... while a whole lane of
 * data is left.  Returns the new i. */
/*@ requires \valid(d);
    requires lb == 1 || lb == 2 || lb == 4 || lb == 8;
    requires mode <= 3;
    requires i <= len;
    requires mode == QED_MD_EXTRACT || \valid_read(in + (0 .. len - 1));
    requires mode == QED_MD_ADD || \valid(out + (0 .. len - 1));
    requires mode == QED_MD_EXTRACT || \separated(d, in + (0 .. len - 1));
    requires \separated(d, out + (0 .. len - 1));
    requires mode == QED_MD_ADD || mode == QED_MD_EXTRACT || out == in ||
             \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    assigns d->p.lane[0 .. 24], out[i .. len - 1];
    ensures \old(i) <= \result <= len && len - \result < lb; */
static inline size_t data_lanes(qed_monkey_duplex *d, uint8_t *out,
                                const uint8_t *in, size_t len, size_t i,
                                size_t L, unsigned mode, unsigned lb)
{
  /*@ loop invariant \at(i, Pre) <= i <= len;
      loop assigns i, L, d->p.lane[0 .. 24], out[\at(i, Pre) .. len - 1];
      loop variant len - i; */
  while (len - i >= lb) {
    const size_t k = lane_at(d, L);
    const uint64_t x = mode == QED_MD_EXTRACT ? 0 : load_lane(in + i, lb);
    const uint64_t s = d->p.lane[k];
    const uint64_t o = s ^ x;
    d->p.lane[k] = s ^ (mode == QED_MD_UNWRAP ? o : x);
    if (mode != QED_MD_ADD)
      store_lane(out + i, mode == QED_MD_EXTRACT ? s : o, lb);
    i += lb;
    L++;
  }
  return i;
}

void qed_monkey_duplex_data(qed_monkey_duplex *d, uint8_t *out,
                            const uint8_t *in, size_t offset, size_t len,
                            unsigned mode)
{
  const unsigned lb = lane_bytes(d->p.width);
  size_t i = 0;
  if (lb != 0) {
    /* the bytes up to the first lane boundary, then whole lanes */
    /*@ loop invariant 0 <= i <= len;
        loop invariant qed_monkey_duplex_ok(d);
        loop assigns i, d->p.lane[0 .. 24], out[0 .. len - 1];
        loop variant len - i; */
    while (i < len && byte_in_lane(offset + i, lb) != 0) {
      data_byte(d, out, in, len, i, offset + i, mode);
      i++;
    }
    if (i < len) {
      const size_t L = lane_of_byte(offset + i, lb);
      if (lb == 8)
        i = data_lanes(d, out, in, len, i, L, mode, 8);
      else if (lb == 4)
        i = data_lanes(d, out, in, len, i, L, mode, 4);
      else if (lb == 2)
        i = data_lanes(d, out, in, len, i, L, mode, 2);
      else
        i = data_lanes(d, out, in, len, i, L, mode, 1);
    }
  }
  /* what is left: a partial lane, or everything for lanes under a byte */
  /*@ loop invariant 0 <= i <= len;
      loop invariant qed_monkey_duplex_ok(d);
      loop assigns i, d->p.lane[0 .. 24], out[0 .. len - 1];
      loop variant len - i; */
  while (i < len) {
    data_byte(d, out, in, len, i, offset + i, mode);
    i++;
  }
}

void qed_monkey_duplex_close(qed_monkey_duplex *d, size_t nbytes,
                             unsigned tail, unsigned tailbits,
                             unsigned stride)
{
  /* sigma's last bits and the first bit of pad10*1 */
  const unsigned first = (tail & ((1u << tailbits) - 1u)) | (1u << tailbits);
  /* the last bit of pad10*1: bit r - 1 of the string */
  const unsigned last = (unsigned)d->rate - 1u;
  xor_byte(d, nbytes, (uint8_t)first);
  xor_byte(d, last / 8u, (uint8_t)(1u << (last % 8u)));
  qed_keccak_p_permute(&d->p, stride ? d->n_stride : d->n_step);
}

int qed_monkey_duplex_start(qed_monkey_duplex *d, const uint8_t *in,
                            size_t inbits)
{
  size_t full, k;
  unsigned tb, width;
  if (!qed_monkey_duplex_usable(d) || inbits > (size_t)d->p.width - 2u)
    return -1;
  width = d->p.width;
  full = inbits / 8u;
  tb = (unsigned)(inbits % 8u);
  /*@ loop invariant 0 <= k <= 25;
      loop assigns k, d->p.lane[0 .. 24];
      loop variant 25 - k; */
  for (k = 0; k < 25u; k++)
    d->p.lane[k] = 0;
  qed_monkey_duplex_data(d, NULL, in, 0, full, QED_MD_ADD);
  /* I || pad10*1[b]: the last bits of I and the first 1, then bit b - 1 */
  xor_byte(d, full,
           (uint8_t)(((tb != 0 ? in[full] : 0u) & ((1u << tb) - 1u)) |
                     (1u << tb)));
  xor_byte(d, (width - 1u) / 8u, (uint8_t)(1u << ((width - 1u) % 8u)));
  qed_keccak_p_permute(&d->p, d->n_start);
  return 0;
}

/* step (stride = 0) or stride (stride = 1). */
/*@ requires \valid(d);
    requires \valid_read(sigma + (0 .. (sigmabits + 7) / 8 - 1));
    requires \valid(z + (0 .. (zbits + 7) / 8 - 1));
    requires \separated(d, sigma + (0 .. (sigmabits + 7) / 8 - 1),
                        z + (0 .. (zbits + 7) / 8 - 1));
    requires \separated(z + (0 .. (zbits + 7) / 8 - 1),
                        sigma + (0 .. (sigmabits + 7) / 8 - 1));
    assigns d->p.lane[0 .. 24], z[0 .. (zbits + 7) / 8 - 1];
    ensures \result == 0 || \result == -1;
    ensures qed_monkey_duplex_ok{Pre}(d) ==> qed_monkey_duplex_ok(d); */
static int duplexing(qed_monkey_duplex *d, const uint8_t *sigma,
                     size_t sigmabits, uint8_t *z, size_t zbits,
                     unsigned stride)
{
  size_t full, zbytes;
  unsigned tb;
  if (!qed_monkey_duplex_usable(d) || sigmabits > (size_t)d->rate - 2u ||
      zbits > d->rate) {
    size_t k;
    /*@ loop invariant 0 <= k <= (zbits + 7) / 8;
        loop assigns k, z[0 .. (zbits + 7) / 8 - 1];
        loop variant (zbits + 7) / 8 - k; */
    for (k = 0; k < zbits / 8u + (zbits % 8u != 0); k++)
      z[k] = 0;
    return -1;
  }
  full = sigmabits / 8u;
  tb = (unsigned)(sigmabits % 8u);
  qed_monkey_duplex_data(d, NULL, sigma, 0, full, QED_MD_ADD);
  qed_monkey_duplex_close(d, full, tb != 0 ? sigma[full] : 0u, tb, stride);
  zbytes = zbits / 8u + (zbits % 8u != 0);
  qed_monkey_duplex_data(d, z, NULL, 0, zbytes, QED_MD_EXTRACT);
  if (zbits % 8u != 0)
    z[zbits / 8u] &= (uint8_t)((1u << (zbits % 8u)) - 1u);
  return 0;
}

int qed_monkey_duplex_step(qed_monkey_duplex *d, const uint8_t *sigma,
                           size_t sigmabits, uint8_t *z, size_t zbits)
{
  return duplexing(d, sigma, sigmabits, z, zbits, 0);
}

int qed_monkey_duplex_stride(qed_monkey_duplex *d, const uint8_t *sigma,
                             size_t sigmabits, uint8_t *z, size_t zbits)
{
  return duplexing(d, sigma, sigmabits, z, zbits, 1);
}
