/* qed_bn extended gcd and modular inverse (qed/bn.h): Euclid's algorithm
 * on top of qed_bn_divmod, with both cofactors.  Variable time: for public
 * numbers.  Proved free of run-time errors. */
#include "bn/bn_impl.h"

/* One step of Euclid with both cofactors:
 *   (r0, r1) <- (r1, r0 mod r1), (s0, s1) <- (s1, s0 - q s1), same for t. */
/*@ requires \valid(r0) && \valid(r1) && \valid(s0) && \valid(s1);
    requires \valid(t0) && \valid(t1);
    requires \separated(r0, r1, s0, s1, t0, t1);
    requires qed_bn_ok(r0) && qed_bn_ok(r1) && qed_bn_ok(s0);
    requires qed_bn_ok(s1) && qed_bn_ok(t0) && qed_bn_ok(t1);
    assigns *r0, *r1, *s0, *s1, *t0, *t1;
    ensures qed_bn_ok(r0);
    ensures qed_bn_ok(r1);
    ensures qed_bn_ok(s0);
    ensures qed_bn_ok(s1);
    ensures qed_bn_ok(t0);
    ensures qed_bn_ok(t1);
    ensures \result == 0 || \result == -1; */
static int euclid_step(qed_bn *r0, qed_bn *r1, qed_bn *s0, qed_bn *s1,
                       qed_bn *t0, qed_bn *t1)
{
  qed_bn q, rem, tmp;
  int st = 0;
  if (qed_bn_divmod(&q, &rem, r0, r1) != 0)
    st = -1;
  qed_bn_copy(r0, r1);
  qed_bn_copy(r1, &rem);
  if (qed_bn_mul(&tmp, &q, s1) != 0 || qed_bn_sub(&tmp, s0, &tmp) != 0)
    st = -1;
  qed_bn_copy(s0, s1);
  qed_bn_copy(s1, &tmp);
  if (qed_bn_mul(&tmp, &q, t1) != 0 || qed_bn_sub(&tmp, t0, &tmp) != 0)
    st = -1;
  qed_bn_copy(t0, t1);
  qed_bn_copy(t1, &tmp);
  return st;
}

int qed_bn_gcdext(qed_bn *g, qed_bn *s, qed_bn *t, const qed_bn *a,
                  const qed_bn *b)
{
  /* Euclid on |a|, |b| with the cofactors of both:
   *   r0 = s0 |a| + t0 |b|,  r1 = s1 |a| + t1 |b|.  */
  qed_bn r0, r1, s0, s1, t0, t1;
  const int sa = a->neg, sb = b->neg;
  int st = 0;
  qed_bn_copy(&r0, a);
  if (r0.neg)
    qed_bn_negate(&r0);
  qed_bn_copy(&r1, b);
  if (r1.neg)
    qed_bn_negate(&r1);
  qed_bn_from_u64(&s0, 1);
  qed_bn_zero(&s1);
  qed_bn_zero(&t0);
  qed_bn_from_u64(&t1, 1);
  /*@ loop invariant qed_bn_ok(&r0);
      loop invariant qed_bn_ok(&r1);
      loop invariant qed_bn_ok(&s0);
      loop invariant qed_bn_ok(&s1);
      loop invariant qed_bn_ok(&t0);
      loop invariant qed_bn_ok(&t1);
      loop invariant st == 0 || st == -1;
      loop assigns r0, r1, s0, s1, t0, t1, st;
  */
  while (r1.n != 0 && st == 0)
    st = euclid_step(&r0, &r1, &s0, &s1, &t0, &t1);
  if (st != 0) {
    /* cannot happen: every cofactor is at most max(|a|, |b|) */
    qed_bn_zero(g);
    qed_bn_zero(s);
    qed_bn_zero(t);
    //@ assert qed_bn_ok(g) && qed_bn_ok(s) && qed_bn_ok(t);
    return -1;
  }
  if (sa)
    qed_bn_negate(&s0);
  if (sb)
    qed_bn_negate(&t0);
  qed_bn_copy(g, &r0);
  //@ assert qed_bn_ok(g);
  qed_bn_copy(s, &s0);
  //@ assert qed_bn_ok(g);
  //@ assert qed_bn_ok(s);
  qed_bn_copy(t, &t0);
  //@ assert qed_bn_ok(g);
  //@ assert qed_bn_ok(s);
  //@ assert qed_bn_ok(t);
  return 0;
}

int qed_bn_modinv(qed_bn *r, const qed_bn *a, const qed_bn *m)
{
  qed_bn am, g, s, t, one;
  qed_bn_from_u64(&one, 1);
  if (m->neg || qed_bn_cmp(m, &one) <= 0)
    goto fail;
  /* a mod m in [0, m) */
  if (qed_bn_divmod(NULL, &am, a, m) != 0)
    goto fail;
  if (am.neg && qed_bn_add(&am, &am, m) != 0)
    goto fail;
  if (qed_bn_gcdext(&g, &s, &t, &am, m) != 0 || qed_bn_cmp(&g, &one) != 0)
    goto fail;
  if (s.neg && qed_bn_add(&s, &s, m) != 0)
    goto fail;
  *r = s;
  return 0;
fail:
  qed_bn_zero(r);
  return -1;
}
