/* qed — the NaCl family (the crypto_* API of NaCl, TweetNaCl, libsodium).
 *
 * So far: X25519 (RFC 7748), NaCl's crypto_scalarmult.
 *
 *   qed_crypto_scalarmult(q, n, p)    q = X25519(n, p): the u-coordinate of
 *                                     the clamped scalar n times the point
 *                                     with u-coordinate p (the top bit of
 *                                     p is ignored, as RFC 7748 says)
 *   qed_crypto_scalarmult_base(q, n)  q = X25519(n, 9): the public key of n
 *
 * Both return 0, or -1 when the result is all zero (p of small order, as
 * libsodium does): q is then all zero.  The scalar is secret: the code has
 * no branch and no memory index that depends on it or on p.  q may be the
 * same buffer as n or p. */
#ifndef QED_NACL_H
#define QED_NACL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QED_CRYPTO_SCALARMULT_BYTES       32
#define QED_CRYPTO_SCALARMULT_SCALARBYTES 32

/*@ requires \valid(q + (0 .. 31));
    requires \valid_read(n + (0 .. 31)) && \valid_read(p + (0 .. 31));
    assigns q[0 .. 31];
    ensures \result == 0 || \result == -1;
    ensures \result == -1 <==> (\forall integer k; 0 <= k < 32 ==> q[k] == 0); */
int qed_crypto_scalarmult(uint8_t q[32], const uint8_t n[32],
                          const uint8_t p[32]);

/*@ requires \valid(q + (0 .. 31)) && \valid_read(n + (0 .. 31));
    assigns q[0 .. 31];
    ensures \result == 0 || \result == -1;
    ensures \result == -1 <==> (\forall integer k; 0 <= k < 32 ==> q[k] == 0); */
int qed_crypto_scalarmult_base(uint8_t q[32], const uint8_t n[32]);

#ifdef __cplusplus
}
#endif

#endif
