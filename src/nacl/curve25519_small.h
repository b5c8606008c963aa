/* X25519 and Ed25519's group operations on the size-first field
 * (nacl/fe25519_small.h, radix 2^16 by pointer): what builds optimizing for
 * size run (curve25519_small.c).
 *
 * The interface is bytes in, bytes out, so that a program calling only
 * these links none of the radix-2^51 field or group (nacl/fe25519.h,
 * nacl/ge25519.h) and none of the 37.5 KiB of tables of multiples of the
 * base point:
 *   qed_x25519_small          RFC 7748's ladder for a clamped scalar;
 *   qed_ed25519_small_base    encode([a]B) (key generation, signing);
 *   qed_ed25519_small_check   encode([s]B - [k]A) (verification).
 * All three walk the scalar with the same operations for every value
 * (masked swaps; TweetNaCl's ladder for the Edwards points), so the
 * constant-time one serves verification too: one scalar multiplication
 * instead of two, less code.
 *
 * QED_NACL_SMALL chooses, at compile time, which code the public entry
 * points (x25519.c, ed25519.c) call: 0, the fast radix-2^51 field and the
 * table forms, by default; 1 when the compiler optimizes for size
 * (__OPTIMIZE_SIZE__: gcc and clang -Os, -Oz).  -DQED_NACL_SMALL=0 or 1
 * overrides it.  Both are always compiled and proved; with
 * -ffunction-sections -fdata-sections --gc-sections (or from the static
 * archive, whose members are pulled only when referenced) a program keeps
 * only what it calls.  Frama-C, which preprocesses without -Os, sees an
 * unknown value instead (an extern int that nothing defines or writes):
 * the proofs of x25519.c and ed25519.c then cover both calls. */
#ifndef QED_NACL_CURVE25519_SMALL_H
#define QED_NACL_CURVE25519_SMALL_H

#include <stdint.h>

#if defined(__FRAMAC__)
extern int qed_nacl_small_proof;
#undef QED_NACL_SMALL
#define QED_NACL_SMALL qed_nacl_small_proof
#elif !defined(QED_NACL_SMALL)
#if defined(__OPTIMIZE_SIZE__)
#define QED_NACL_SMALL 1
#else
#define QED_NACL_SMALL 0
#endif
#endif

/* q = the u-coordinate of [e]P for the u-coordinate u of P (bit 255
 * ignored) and e already clamped (RFC 7748 5: bits 255 .. 0 are read from
 * 254 down, bit 255 must be clear).  Constant time in e. */
/*@ requires \valid(q + (0 .. 31));
    requires \valid_read(e + (0 .. 31)) && \valid_read(u + (0 .. 31));
    assigns q[0 .. 31]; */
void qed_x25519_small(uint8_t q[32], const uint8_t e[32], const uint8_t u[32]);

/* out = the encoding of [a]B (RFC 8032 5.1.2), a any 256-bit little-endian
 * scalar.  Constant time in a. */
/*@ requires \valid(out + (0 .. 31)) && \valid_read(a + (0 .. 31));
    assigns out[0 .. 31]; */
void qed_ed25519_small_base(uint8_t out[32], const uint8_t a[32]);

/* out = the encoding of [s]B - [k]A for the encoding pk of A, decoded as
 * qed_ge_frombytes_negate_vartime does (y is pk mod 2^255 reduced mod p,
 * no other check): 0; or -1 and out zeroed if no point has that y.  For
 * verification: variable time in pk (public), constant in k and s. */
/*@ requires \valid(out + (0 .. 31));
    requires \valid_read(k + (0 .. 31)) && \valid_read(pk + (0 .. 31));
    requires \valid_read(s + (0 .. 31));
    assigns out[0 .. 31];
    ensures \result == 0 || \result == -1; */
int qed_ed25519_small_check(uint8_t out[32], const uint8_t k[32],
                            const uint8_t pk[32], const uint8_t s[32]);

#endif
