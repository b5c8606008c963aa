/* RSA internals (src/rsa/): the raw public and private operations, which
 * the padding schemes (PKCS #1 v1.5, PSS, OAEP) are built on.  The private
 * operation works only through qed/bn.h: its constant-time part through
 * the fixed-length Montgomery functions (qed_bn_mont_*), which never look
 * at the count field of a value computed from secret limbs. */
#ifndef QED_RSA_IMPL_H
#define QED_RSA_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "qed/bn.h"
#include "qed/rsa.h"

/* out = in^e mod n (in, out: pk->bytes bytes); -1 (out zeroed) when in >= n
 * or pk is not a key.  Variable time: public values. */
/*@ requires \valid_read(pk) && qed_rsa_pk_ok(pk) && 1 <= pk->bytes;
    requires \valid(out + (0 .. pk->bytes - 1));
    requires \valid_read(in + (0 .. pk->bytes - 1));
    requires \separated(out + (0 .. pk->bytes - 1), pk);
    assigns out[0 .. pk->bytes - 1];
    ensures \result == 0 || \result == -1; */
int qed_rsa_public_op(uint8_t *out, const qed_rsa_public_key *pk,
                      const uint8_t *in);

/* out = in^d mod n by CRT with blinding and constant-time Montgomery
 * exponentiation, released only when out^e == in; -1 (out zeroed) when
 * in >= n, the key is not usable or the check fails.  Constant time in the
 * values of p, q, d, dp, dq, qinv and in out (the limb counts of n, p, q
 * and the public exponent are public). */
/*@ requires \valid_read(sk) && qed_rsa_sk_ok(sk) && 1 <= sk->bytes;
    requires \valid(out + (0 .. sk->bytes - 1));
    requires \valid_read(in + (0 .. sk->bytes - 1));
    requires \separated(out + (0 .. sk->bytes - 1), sk);
    requires \separated(out + (0 .. sk->bytes - 1), in + (0 .. sk->bytes - 1));
    assigns out[0 .. sk->bytes - 1];
    ensures \result == 0 || \result == -1; */
int qed_rsa_private_op(uint8_t *out, const qed_rsa_private_key *sk,
                       const uint8_t *in);

#endif
