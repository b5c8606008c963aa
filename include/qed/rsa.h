/* qed — RSA (PKCS #1 v2.2, RFC 8017) on qed_bn: PKCS #1 DER keys
 * (RSAPublicKey, RSAPrivateKey), the private operation (CRT, blinding,
 * constant-time exponentiation, checked against the public operation
 * before release), key generation, PKCS #1 v1.5 and PSS signatures and
 * OAEP encryption with SHA-256/384/512 (MGF1 with the same hash).
 *
 * Moduli from 1024 to 8192 bits, two primes.  Keys are plain structs
 * owned by the caller (the private key is about 16 KiB of qed_bn values);
 * nothing is allocated.  Every function returns 0 or -1; on -1 its outputs
 * are zero (never half-written).  siglen must be the modulus length in
 * bytes, else -1.
 *
 * DER is read strictly: minimal lengths (definite, at most two length
 * bytes), INTEGERs minimal and nonnegative, no trailing data, version 0
 * (two primes) only for private keys — multi-prime keys (version 1) are
 * refused with -1.  An imported private key is checked: n = p q, p and q
 * odd, d < n, dp < p, dq < q, 0 < qinv < p, 3 <= e < n with e odd.
 *
 * Use the functions, not the fields.                                      */
#ifndef QED_RSA_H
#define QED_RSA_H

#include <stddef.h>
#include <stdint.h>

#include "qed/bn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define QED_RSA_MIN_BITS  1024
#define QED_RSA_MAX_BITS  8192
#define QED_RSA_MAX_BYTES (QED_RSA_MAX_BITS / 8)

typedef enum {
  QED_HASH_SHA256 = 1,
  QED_HASH_SHA384 = 2,
  QED_HASH_SHA512 = 3
} qed_hash_id;

typedef struct {
  qed_bn n;       /* the modulus                                  */
  qed_bn e;       /* the public exponent                          */
  size_t bytes;   /* the modulus length in bytes (0: no key)      */
} qed_rsa_public_key;

typedef struct {
  qed_bn n, e, d;
  qed_bn p, q;    /* the primes                                   */
  qed_bn dp, dq;  /* d mod (p - 1), d mod (q - 1)                 */
  qed_bn qinv;    /* q^-1 mod p                                   */
  size_t bytes;
} qed_rsa_private_key;

/*@ predicate qed_rsa_pk_ok(qed_rsa_public_key *k) =
      qed_bn_ok(&k->n) && qed_bn_ok(&k->e) && k->bytes <= 1024;
    predicate qed_rsa_sk_ok(qed_rsa_private_key *k) =
      qed_bn_ok(&k->n) && qed_bn_ok(&k->e) && qed_bn_ok(&k->d) &&
      qed_bn_ok(&k->p) && qed_bn_ok(&k->q) && qed_bn_ok(&k->dp) &&
      qed_bn_ok(&k->dq) && qed_bn_ok(&k->qinv) && k->bytes <= 1024;
*/

/* ---- PKCS #1 DER ---- */

/*@ requires \valid(pk) && \valid_read(der + (0 .. len - 1));
    assigns *pk;
    ensures qed_rsa_pk_ok(pk);
    ensures \result == 0 || \result == -1; */
int qed_rsa_public_from_der(qed_rsa_public_key *pk, const uint8_t *der,
                            size_t len);

/*@ requires \valid(sk) && \valid_read(der + (0 .. len - 1));
    assigns *sk;
    ensures qed_rsa_sk_ok(sk);
    ensures \result == 0 || \result == -1; */
int qed_rsa_private_from_der(qed_rsa_private_key *sk, const uint8_t *der,
                             size_t len);

/* *len = the encoding's length; -1 (der[0 .. cap-1] and *len zeroed) when
 * it does not fit in cap bytes or pk is not a key. */
/*@ requires \valid(der + (0 .. cap - 1)) && \valid(len);
    requires \valid_read(pk) && qed_rsa_pk_ok(pk);
    requires \separated(der + (0 .. cap - 1), len, pk);
    assigns der[0 .. cap - 1], *len;
    ensures \result == 0 || \result == -1; */
int qed_rsa_public_to_der(uint8_t *der, size_t cap, size_t *len,
                          const qed_rsa_public_key *pk);

/*@ requires \valid(der + (0 .. cap - 1)) && \valid(len);
    requires \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires \separated(der + (0 .. cap - 1), len, sk);
    assigns der[0 .. cap - 1], *len;
    ensures \result == 0 || \result == -1; */
int qed_rsa_private_to_der(uint8_t *der, size_t cap, size_t *len,
                           const qed_rsa_private_key *sk);

/*@ requires \valid(pk) && \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires \separated(pk, sk);
    assigns *pk;
    ensures qed_rsa_pk_ok(pk);
    ensures \result == 0 || \result == -1; */
int qed_rsa_public_from_private(qed_rsa_public_key *pk,
                                const qed_rsa_private_key *sk);

/* ---- PKCS #1 v1.5 signatures (RSASSA-PKCS1-v1_5) ---- */

/*@ requires \valid(sig + (0 .. siglen - 1));
    requires \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires \valid_read(msg + (0 .. msglen - 1));
    requires \separated(sig + (0 .. siglen - 1), sk, msg + (0 .. msglen - 1));
    assigns sig[0 .. siglen - 1];
    ensures \result == 0 || \result == -1; */
int qed_rsa_pkcs1v15_sign(uint8_t *sig, size_t siglen,
                          const qed_rsa_private_key *sk, qed_hash_id h,
                          const uint8_t *msg, size_t msglen);

/*@ requires \valid_read(pk) && qed_rsa_pk_ok(pk);
    requires \valid_read(msg + (0 .. msglen - 1));
    requires \valid_read(sig + (0 .. siglen - 1));
    assigns \nothing;
    ensures \result == 0 || \result == -1; */
int qed_rsa_pkcs1v15_verify(const qed_rsa_public_key *pk, qed_hash_id h,
                            const uint8_t *msg, size_t msglen,
                            const uint8_t *sig, size_t siglen);

/* ---- Key generation ---- */

/* A fresh two-prime key with a modulus of exactly `bits` bits
 * (1024 <= bits <= 8192, even), e = 65537, primes of bits/2 bits drawn
 * from qed_randombytes, sieved by trial division and tested by
 * Miller-Rabin.  -1 (both keys zeroed) on a bad size or when the OS gives
 * no randomness. */
/*@ requires \valid(sk) && \valid(pk) && \separated(sk, pk);
    assigns *sk, *pk;
    ensures qed_rsa_sk_ok(sk) && qed_rsa_pk_ok(pk);
    ensures \result == 0 || \result == -1; */
int qed_rsa_generate(qed_rsa_private_key *sk, qed_rsa_public_key *pk,
                     unsigned bits);

/* ---- RSASSA-PSS (MGF1 with the same hash) ---- */

/*@ requires \valid(sig + (0 .. siglen - 1));
    requires \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires \valid_read(msg + (0 .. msglen - 1));
    requires \separated(sig + (0 .. siglen - 1), sk, msg + (0 .. msglen - 1));
    assigns sig[0 .. siglen - 1];
    ensures \result == 0 || \result == -1; */
int qed_rsa_pss_sign(uint8_t *sig, size_t siglen,
                     const qed_rsa_private_key *sk, qed_hash_id h,
                     size_t saltlen, const uint8_t *msg, size_t msglen);

/*@ requires \valid_read(pk) && qed_rsa_pk_ok(pk);
    requires \valid_read(msg + (0 .. msglen - 1));
    requires \valid_read(sig + (0 .. siglen - 1));
    assigns \nothing;
    ensures \result == 0 || \result == -1; */
int qed_rsa_pss_verify(const qed_rsa_public_key *pk, qed_hash_id h,
                       size_t saltlen, const uint8_t *msg, size_t msglen,
                       const uint8_t *sig, size_t siglen);

/* ---- RSAES-OAEP (MGF1 with the same hash) ---- */

/*@ requires \valid(c + (0 .. clen - 1));
    requires \valid_read(pk) && qed_rsa_pk_ok(pk);
    requires \valid_read(label + (0 .. labellen - 1));
    requires \valid_read(m + (0 .. mlen - 1));
    requires \separated(c + (0 .. clen - 1), pk, label + (0 .. labellen - 1),
                        m + (0 .. mlen - 1));
    assigns c[0 .. clen - 1];
    ensures \result == 0 || \result == -1; */
int qed_rsa_oaep_encrypt(uint8_t *c, size_t clen,
                         const qed_rsa_public_key *pk, qed_hash_id h,
                         const uint8_t *label, size_t labellen,
                         const uint8_t *m, size_t mlen);

/* m[0 .. mcap-1] receives the message and *mlen its length; on -1 both are
 * zeroed.  Decoding is constant time: one masked decision at the end. */
/*@ requires \valid(m + (0 .. mcap - 1)) && \valid(mlen);
    requires \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires \valid_read(label + (0 .. labellen - 1));
    requires \valid_read(c + (0 .. clen - 1));
    requires \separated(m + (0 .. mcap - 1), mlen, sk,
                        label + (0 .. labellen - 1), c + (0 .. clen - 1));
    assigns m[0 .. mcap - 1], *mlen;
    ensures \result == 0 || \result == -1; */
int qed_rsa_oaep_decrypt(uint8_t *m, size_t *mlen, size_t mcap,
                         const qed_rsa_private_key *sk, qed_hash_id h,
                         const uint8_t *label, size_t labellen,
                         const uint8_t *c, size_t clen);

#ifdef __cplusplus
}
#endif
#endif
