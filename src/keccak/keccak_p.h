/* src/keccak/keccak_p.h — internal: the permutation interface every mode
 * (sponge, duplex, MonkeyDuplex, MonkeyWrap, Ketje) uses over any width.
 *
 * qed_keccak_p_state (defined in qed/keccak_p.h) holds 25 lanes; lane
 * (x, y) is lane[x + 5y], its w = width/25 bits in the low bits of the
 * word, the high bits always 0.  Bit i of the b-bit state string (FIPS 202
 * 3.1.2, B.1) is bit z = i % w of lane i / w: i = w(5y + x) + z.  Byte
 * strings pack bits least significant first, so byte j of the state is bits
 * 8j .. 8j+7; for w = 1, 2, 4 a lane is smaller than a byte, for w >= 8 a
 * byte lies in one lane.  Width 1600 is exactly the qed_keccak_p1600 layout
 * and its permutation goes to the fast dispatched qed_keccak_p1600_permute.
 *
 * Every function requires an initialised state (qed_keccak_p_init) and
 * keeps its width; offsets and lengths are bounded by the width (in bits:
 * 8 * (offset + len) <= width for bytes, bit_offset + nbits <= width).   */
#ifndef QED_SRC_KECCAK_P_H
#define QED_SRC_KECCAK_P_H

#include <stddef.h>
#include <stdint.h>

#include "qed/keccak_p.h"

/* Well-formed: a valid width and every lane within its w bits.  Not
 * required by the run-time-error contracts (they hold for any lane values)
 * but kept by every function, so modes may state it as an invariant.     */
/*@ predicate qed_keccak_p_state_ok{L}(qed_keccak_p_state *s) =
      \valid(s) && qed_keccak_p_width_ok(s->width);
*/

/* 1 if width is one of 25, 50, ..., 1600, else 0. */
/*@ assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> qed_keccak_p_width_ok(width); */
int qed_keccak_p_width_valid(size_t width);

/* 12 + 2l for a valid width (the rounds of Keccak-f[width]), 0 otherwise. */
/*@ assigns \nothing;
    ensures qed_keccak_p_width_ok(width) ==> \result == qed_keccak_p_nr(width);
    ensures !qed_keccak_p_width_ok(width) ==> \result == 0; */
unsigned qed_keccak_p_max_rounds(size_t width);

/* Zero state of width b. */
/*@ requires \valid(s);
    requires qed_keccak_p_width_ok(width);
    assigns *s;
    ensures s->width == width;
    ensures \forall integer k; 0 <= k < 25 ==> s->lane[k] == 0; */
void qed_keccak_p_init(qed_keccak_p_state *s, unsigned width);

/* The last `rounds` rounds of Keccak-f[b]: Keccak-p[b, rounds]. */
/*@ requires \valid(s);
    requires qed_keccak_p_width_ok(s->width);
    requires 1 <= rounds <= qed_keccak_p_nr(s->width);
    assigns s->lane[0 .. 24];
    ensures s->width == \old(s->width); */
void qed_keccak_p_permute(qed_keccak_p_state *s, unsigned rounds);

/* XOR in[0 .. len-1] into the state string at byte offset. */
/*@ requires \valid(s);
    requires qed_keccak_p_width_ok(s->width);
    requires 8 * (offset + len) <= s->width;
    requires \valid_read(in + (0 .. len - 1));
    requires \separated(s, in + (0 .. len - 1));
    assigns s->lane[0 .. 24];
    ensures s->width == \old(s->width); */
void qed_keccak_p_add_bytes(qed_keccak_p_state *s, const uint8_t *in,
                            size_t offset, size_t len);

/* XOR one byte into the state string at byte offset. */
/*@ requires \valid(s);
    requires qed_keccak_p_width_ok(s->width);
    requires 8 * (offset + 1) <= s->width;
    assigns s->lane[0 .. 24];
    ensures s->width == \old(s->width); */
void qed_keccak_p_add_byte(qed_keccak_p_state *s, uint8_t byte,
                           size_t offset);

/* Copy bytes offset .. offset+len-1 of the state string to out. */
/*@ requires \valid_read(s);
    requires qed_keccak_p_width_ok(s->width);
    requires 8 * (offset + len) <= s->width;
    requires \valid(out + (0 .. len - 1));
    requires \separated(s, out + (0 .. len - 1));
    assigns out[0 .. len - 1]; */
void qed_keccak_p_extract_bytes(const qed_keccak_p_state *s, uint8_t *out,
                                size_t offset, size_t len);

/* XOR nbits bits into the state string from bit bit_offset on: bit j of the
 * input is bit j % 8 of in[j / 8] (least significant first); the bits of
 * in past nbits are ignored.                                              */
/*@ requires \valid(s);
    requires qed_keccak_p_width_ok(s->width);
    requires bit_offset + nbits <= s->width;
    requires \valid_read(in + (0 .. (nbits + 7) / 8 - 1));
    requires \separated(s, in + (0 .. (nbits + 7) / 8 - 1));
    assigns s->lane[0 .. 24];
    ensures s->width == \old(s->width); */
void qed_keccak_p_add_bits(qed_keccak_p_state *s, const uint8_t *in,
                           size_t bit_offset, size_t nbits);

/* Copy nbits bits of the state string from bit bit_offset on into out, bit
 * j to bit j % 8 of out[j / 8]; whole bytes of out are written, the unused
 * high bits of the last byte are 0.                                       */
/*@ requires \valid_read(s);
    requires qed_keccak_p_width_ok(s->width);
    requires bit_offset + nbits <= s->width;
    requires \valid(out + (0 .. (nbits + 7) / 8 - 1));
    requires \separated(s, out + (0 .. (nbits + 7) / 8 - 1));
    assigns out[0 .. (nbits + 7) / 8 - 1]; */
void qed_keccak_p_extract_bits(const qed_keccak_p_state *s, uint8_t *out,
                               size_t bit_offset, size_t nbits);

/* The same with the input bits starting at bit in_bit of in (bit j of the
 * input is bit (in_bit + j) % 8 of in[(in_bit + j) / 8]): for modes whose
 * block boundaries fall inside a byte of the caller's message.           */
/*@ requires \valid(s);
    requires qed_keccak_p_width_ok(s->width);
    requires bit_offset + nbits <= s->width;
    requires in_bit + nbits <= SIZE_MAX;
    requires \valid_read(in + (in_bit / 8 .. (in_bit + nbits + 7) / 8 - 1));
    requires \separated(s, in + (in_bit / 8 .. (in_bit + nbits + 7) / 8 - 1));
    assigns s->lane[0 .. 24];
    ensures s->width == \old(s->width); */
void qed_keccak_p_add_bits_at(qed_keccak_p_state *s, const uint8_t *in,
                              size_t in_bit, size_t bit_offset, size_t nbits);

/* The same with the output bits going to bit out_bit of out onwards: the
 * bits of out[out_bit / 8] below out_bit % 8 keep their value, the bytes
 * after it up to the one holding the last output bit are written, and the
 * bits of that last byte above the output are 0.                          */
/*@ requires \valid_read(s);
    requires qed_keccak_p_width_ok(s->width);
    requires bit_offset + nbits <= s->width;
    requires out_bit + nbits <= SIZE_MAX;
    requires \valid(out + (out_bit / 8 .. (out_bit + nbits + 7) / 8 - 1));
    requires \separated(s, out + (out_bit / 8 .. (out_bit + nbits + 7) / 8 - 1));
    assigns out[out_bit / 8 .. (out_bit + nbits + 7) / 8 - 1]; */
void qed_keccak_p_extract_bits_at(const qed_keccak_p_state *s, uint8_t *out,
                                  size_t out_bit, size_t bit_offset,
                                  size_t nbits);

/* The loop of a byte-aligned sponge: for each whole block of block_bytes
 * bytes of in, XOR it into the state from byte 0 and apply Keccak-p[b,
 * rounds]; returns the bytes consumed (a multiple of block_bytes, the
 * remainder below one block).  At width 1600 with whole-lane blocks this is
 * the fast dispatched qed_keccak_p1600_absorb_blocks.                     */
/*@ requires \valid(s);
    requires qed_keccak_p_width_ok(s->width);
    requires 1 <= rounds <= qed_keccak_p_nr(s->width);
    requires 1 <= block_bytes && 8 * block_bytes <= s->width;
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(s, in + (0 .. inlen - 1));
    assigns s->lane[0 .. 24];
    ensures s->width == \old(s->width);
    ensures \result <= inlen;
    ensures inlen - \result < block_bytes; */
size_t qed_keccak_p_absorb_blocks(qed_keccak_p_state *s, unsigned rounds,
                                  size_t block_bytes, const uint8_t *in,
                                  size_t inlen);

/* Zero every lane (with volatile stores the compiler keeps) and the width:
 * the state is then unusable until the next init. */
/*@ requires \valid(s);
    assigns *s;
    ensures s->width == 0; */
void qed_keccak_p_wipe(qed_keccak_p_state *s);

#endif
