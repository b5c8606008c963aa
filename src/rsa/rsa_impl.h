/* RSA internals (src/rsa/): the raw public and private operations and the
 * constant-time limb helpers the private operation is built from.
 *
 * The helpers work on the limbs of qed_bn values whose limb count is a
 * public number k (the limb count of a modulus): they read limbs 0..k-1
 * (limbs from a value's n on are zero, as qed/bn.h guarantees) and set the
 * result's n to k, so that the next call never looks at a count computed
 * from secret limbs.  A result may then have zero top limbs: qed_bn_ok
 * still holds and the Montgomery functions and qed_bn_powm_sec accept it. */
#ifndef QED_RSA_IMPL_H
#define QED_RSA_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "qed/bn.h"
#include "qed/rsa.h"

/* r = a + b mod m for a, b < m, all of k limbs; r->n = k. */
/*@ requires 1 <= k <= 256;
    requires \valid(r) && \valid_read(a) && \valid_read(b) && \valid_read(m);
    assigns *r;
    ensures qed_bn_ok(r); */
void qed_rsa_ct_addmod(qed_bn *r, const qed_bn *a, const qed_bn *b,
                       const qed_bn *m, size_t k);

/* r = a - b mod m for a, b < m, all of k limbs; r->n = k. */
/*@ requires 1 <= k <= 256;
    requires \valid(r) && \valid_read(a) && \valid_read(b) && \valid_read(m);
    assigns *r;
    ensures qed_bn_ok(r); */
void qed_rsa_ct_submod(qed_bn *r, const qed_bn *a, const qed_bn *b,
                       const qed_bn *m, size_t k);

/* r = the w bits of x from bit off on (bits past x's 256 limbs are 0),
 * in k = (w + 63) / 64 limbs; r->n = k. */
/*@ requires 1 <= w <= 16384 && off <= 16384;
    requires \valid(r) && \valid_read(x) && \separated(r, x);
    assigns *r;
    ensures qed_bn_ok(r); */
void qed_rsa_ct_bits(qed_bn *r, const qed_bn *x, size_t off, size_t w);

/* x->n = k (x's limbs from k on must be zero). */
/*@ requires k <= 256 && \valid(x);
    assigns x->n, x->neg;
    ensures qed_bn_ok(x) && x->n == k; */
void qed_rsa_ct_setlen(qed_bn *x, size_t k);

/* be[0 .. len-1] = the low len bytes of x's limbs, big-endian, without
 * looking at x->n. */
/*@ requires len <= 2048;
    requires \valid(be + (0 .. len - 1)) && \valid_read(x);
    requires \separated(be + (0 .. len - 1), x);
    assigns be[0 .. len - 1]; */
void qed_rsa_ct_to_bytes(uint8_t *be, size_t len, const qed_bn *x);

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

/* out = in^d mod n by CRT with blinding and qed_bn_powm_sec, released only
 * when out^e == in; -1 (out zeroed) when in >= n, the key is not usable or
 * the check fails.  Constant time in the key's secret limbs and in out. */
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
