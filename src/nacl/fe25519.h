/* Arithmetic in GF(2^255 - 19), radix 2^51: the proven, fast field of
 * X25519 (and of Ed25519).
 *
 * An element is five unsigned 64-bit limbs, value v0 + v1 2^51 + v2 2^102
 * + v3 2^153 + v4 2^204 (any representative of its class mod p).  The
 * limbs are kept in one of two ranges, written as ACSL predicates (the
 * predicated subtypes of SPARKNaCl):
 *   fe_tight  every limb <= 2^51 + 2^13:   what mul, sq, mul_small,
 *             frombytes and invert return; what add and sub accept;
 *   fe_loose  every limb <= 2^53:          what add and sub return; what
 *             mul, sq and mul_small accept.
 * So any sum or difference of two products is a valid factor, and the
 * proof (with -warn-unsigned-overflow: every + and * of the unit is a
 * goal) shows that no limb, product or carry ever wraps.
 *
 * This header has the type, the predicates and the out-of-line functions
 * (fe25519.c: freeze, invert; fe25519_bytes.c: decoding and encoding);
 * nacl/fe25519_ops.h has the inline arithmetic.  Elements are passed and
 * returned by value (a struct of five words): no aliasing for the proof,
 * registers for the compiler once the inline functions are inlined.
 * Constant time: no branch and no memory index depends on a limb. */
#ifndef QED_NACL_FE25519_H
#define QED_NACL_FE25519_H

#include <stdint.h>

typedef struct {
  uint64_t v0, v1, v2, v3, v4;
} qed_fe25519;

#define FE_M51 ((uint64_t)2251799813685248u)  /* 2^51 */

/*@ predicate fe_tight(qed_fe25519 f) =
      f.v0 <= 2251799813693440 && f.v1 <= 2251799813693440 &&
      f.v2 <= 2251799813693440 && f.v3 <= 2251799813693440 &&
      f.v4 <= 2251799813693440;
    predicate fe_loose(qed_fe25519 f) =
      f.v0 <= 9007199254740992 && f.v1 <= 9007199254740992 &&
      f.v2 <= 9007199254740992 && f.v3 <= 9007199254740992 &&
      f.v4 <= 9007199254740992;
    predicate fe_reduced(qed_fe25519 f) =
      f.v0 < 2251799813685248 && f.v1 < 2251799813685248 &&
      f.v2 < 2251799813685248 && f.v3 < 2251799813685248 &&
      f.v4 < 2251799813685248;
    logic integer fe_value(qed_fe25519 f) =
      f.v0 + f.v1 * 2251799813685248
           + f.v2 * 5070602400912917605986812821504
           + f.v3 * 11417981541647679048466287755595961091061972992
           + f.v4 * 25711008708143844408671393477458601640355247900524685364822016;
    logic integer fe_p =
      57896044618658097711785492504343953926634992332820282019728792003956564819949;
    lemma tight_loose: \forall qed_fe25519 f; fe_tight(f) ==> fe_loose(f);
    lemma reduced_tight: \forall qed_fe25519 f; fe_reduced(f) ==> fe_tight(f);
*/

/* ---- the out-of-line operations ---- */

/* The 255 low bits of s[0 .. 31], little-endian (RFC 7748: the top bit of
 * a u-coordinate is ignored).  fe25519_bytes.c */
/*@ requires \valid_read(s + (0 .. 31));
    assigns \nothing;
    ensures fe_reduced(\result); */
qed_fe25519 qed_fe25519_frombytes(const uint8_t s[32]);

/* The canonical limbs of f: its value mod p, in [0, p), each limb below
 * 2^51.  fe25519.c */
/*@ requires fe_tight(f);
    assigns \nothing;
    ensures fe_reduced(\result); */
qed_fe25519 qed_fe25519_freeze(qed_fe25519 f);

/* The canonical encoding of f (the 32 bytes of freeze(f), little-endian).
 * fe25519_bytes.c */
/*@ requires \valid(s + (0 .. 31));
    requires fe_tight(f);
    assigns s[0 .. 31]; */
void qed_fe25519_tobytes(uint8_t s[32], qed_fe25519 f);

/* f^(p - 2): the inverse of f (0 for 0).  fe25519.c */
/*@ requires fe_tight(f);
    assigns \nothing;
    ensures fe_tight(\result); */
qed_fe25519 qed_fe25519_invert(qed_fe25519 f);

#endif
