/* Emptying RSA keys, for every failing path of the functions that fill
 * them (der.c's importers, keygen.c): every number wiped (not only set to
 * zero: a private key's numbers are secret), the length 0 (no key).
 * Static functions in a header, one copy for both proof units. */
#ifndef QED_RSA_RSA_KEY_ZERO_H
#define QED_RSA_RSA_KEY_ZERO_H

#include "qed/rsa.h"

/*@ requires \valid(pk);
    assigns *pk;
    ensures qed_rsa_pk_ok(pk); */
static void public_zero(qed_rsa_public_key *pk)
{
  qed_bn_wipe(&pk->n);
  qed_bn_wipe(&pk->e);
  pk->bytes = 0;
}

/* Four numbers wiped: the key's eight in two calls keep each proof goal
 * small (one frame per call). */
/*@ requires \valid(a) && \valid(b) && \valid(c) && \valid(d);
    requires \separated(a, b, c, d);
    assigns *a, *b, *c, *d;
    ensures qed_bn_ok(a) && qed_bn_ok(b) && qed_bn_ok(c) && qed_bn_ok(d); */
static void wipe_four(qed_bn *a, qed_bn *b, qed_bn *c, qed_bn *d)
{
  qed_bn_wipe(a);
  qed_bn_wipe(b);
  /*@ assert qed_bn_ok(a) && qed_bn_ok(b); */
  qed_bn_wipe(c);
  qed_bn_wipe(d);
}

/*@ requires \valid(sk);
    assigns *sk;
    ensures qed_rsa_sk_ok(sk); */
static void private_zero(qed_rsa_private_key *sk)
{
  sk->bytes = 0;
  wipe_four(&sk->n, &sk->e, &sk->d, &sk->p);
  wipe_four(&sk->q, &sk->dp, &sk->dq, &sk->qinv);
}

#endif
