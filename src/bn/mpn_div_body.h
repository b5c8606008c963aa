/* The body of Knuth's division (bn/mpn_ops.h), once, for two builds: the
 * portable one (mpn_div.c) and the x86-64-v3 one (mpn_div_x86v3.c, MULX in
 * the multiply-and-subtract loop that does nearly all the work); mpn_div.c's
 * qed_mpn_divrem chooses at run time.  Static functions: each including
 * file gets its own copy, compiled with its own flags and proved with its
 * unit.
 *
 * Knuth's algorithm D (TAOCP vol. 2, 4.3.1), with each quotient limb
 * estimated by a 2-by-1 division through a precomputed reciprocal of the
 * divisor's top limb (Moeller and Granlund, "Improved division by
 * invariant integers", 2011: two products instead of a hardware
 * division), corrected with the second limb of the divisor (at most
 * twice), and fixed by the rare "add back" step when the estimate was
 * still one too large.
 *
 * Variable time (divisions here are by public numbers: moduli, the
 * operands of gcd).  Proved free of run-time errors; tests/test_bn.c drives
 * both corrections and the add-back step with constructed operands. */
#ifndef QED_BN_MPN_DIV_BODY_H
#define QED_BN_MPN_DIV_BODY_H

#include "bn/mpn_ops.h"

/* The x86-64-v3 build, with the contract of qed_mpn_divrem (mpn_ops.h). */
/*@ requires 1 <= dn <= an <= 100000;
    requires d[dn - 1] != 0;
    requires \valid(q + (0 .. an - dn));
    requires \valid(r + (0 .. dn - 1));
    requires \valid_read(a + (0 .. an - 1));
    requires \valid_read(d + (0 .. dn - 1));
    requires \valid(s + (0 .. an + dn));
    requires \separated(q + (0 .. an - dn), r + (0 .. dn - 1), s + (0 .. an + dn));
    requires \separated(q + (0 .. an - dn), a + (0 .. an - 1));
    requires \separated(q + (0 .. an - dn), d + (0 .. dn - 1));
    requires \separated(r + (0 .. dn - 1), a + (0 .. an - 1));
    requires \separated(r + (0 .. dn - 1), d + (0 .. dn - 1));
    requires \separated(s + (0 .. an + dn), a + (0 .. an - 1));
    requires \separated(s + (0 .. an + dn), d + (0 .. dn - 1));
    assigns q[0 .. an - dn], r[0 .. dn - 1], s[0 .. an + dn]; */
void qed_mpn_divrem_x86v3(uint64_t *q, uint64_t *r, const uint64_t *a,
                          size_t an, const uint64_t *d, size_t dn,
                          uint64_t *s);

/* r = r - a * b; returns the borrow limb (as qed_mpn_submul_1, whose
 * functional contract is proved in mpn_mul1.c; here without the ghost
 * code, so that the loop is inlined into the build that runs it, and in
 * the form gcc keeps in registers: p = a[i] b + c, r[i] - lo(p), and the
 * next c = hi(p) + the borrow, which cannot wrap: p <= 2^128 - 2^64, so
 * hi(p) == 2^64 - 1 only with lo(p) == 0, and then no borrow). */
/*@ requires n <= 100000;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    assigns r[0 .. n - 1]; */
static inline uint64_t body_submul_1(uint64_t *r, const uint64_t *a,
                                     size_t n, uint64_t b)
{
  uint64_t c = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t ri = r[i];
    qed_u128 p;
    p.hi = 0;
    p.lo = c;
    //@ assert a[i] * b <= 340282366920938463426481119284349108225;
    p = qed_mac64(p, a[i], b);
    r[i] = ri - p.lo;
    c = p.hi + (ri < p.lo);
  }
  return c;
}

/* Leading zero bits of a nonzero limb. */
/*@ requires x != 0;
    assigns \nothing;
    ensures 0 <= \result <= 63; */
static unsigned clz64(uint64_t x)
{
  unsigned s = 0;
  /*@ loop invariant 0 <= s <= 63;
      loop assigns s, x;
      loop variant 63 - s;
  */
  while (s < 63 && x < 0x8000000000000000u) {
    x <<= 1;
    s++;
  }
  return s;
}

/* Quotient of the 128-bit (u1, u0) by a normalized d (top bit set), u1 < d,
 * in 32-bit halves (Hacker's Delight, divlu): only used to compute the
 * reciprocal, once per division. */
/*@ requires d >= 0x8000000000000000;
    assigns \nothing; */
static uint64_t div128by64(uint64_t u1, uint64_t u0, uint64_t d)
{
  const uint64_t b = 4294967296u;
  const uint64_t dh = d / b, dl = d % b;   /* dh >= 2^31: d is normalized */
  const uint64_t u0h = u0 / b, u0l = u0 % b;
  uint64_t q1, q0, rhat, un21;
  int k;
  q1 = u1 / dh;
  rhat = u1 - q1 * dh;
  /*@ loop invariant 0 <= k <= 2;
      loop assigns k, q1, rhat;
      loop variant 2 - k;
  */
  for (k = 0; k < 2; k++) {
    if (q1 >= b || q1 * dl > b * rhat + u0h) {
      q1--;
      rhat += dh;
      if (rhat >= b)
        break;
    } else {
      break;
    }
  }
  un21 = u1 * b + u0h - q1 * d;
  q0 = un21 / dh;
  rhat = un21 - q0 * dh;
  /*@ loop invariant 0 <= k <= 2;
      loop assigns k, q0, rhat;
      loop variant 2 - k;
  */
  for (k = 0; k < 2; k++) {
    if (q0 >= b || q0 * dl > b * rhat + u0l) {
      q0--;
      rhat += dh;
      if (rhat >= b)
        break;
    } else {
      break;
    }
  }
  return q1 * b + q0;
}

/* floor((2^128 - 1) / d) - 2^64 for a normalized d. */
/*@ requires d >= 0x8000000000000000;
    assigns \nothing; */
static uint64_t reciprocal(uint64_t d)
{
  return div128by64(~d, UINT64_MAX, d);
}

/* (u1, u0) / d with u1 < d, d normalized, v its reciprocal: the quotient,
 * and the remainder in *rem (Moeller-Granlund, algorithm 4). */
/*@ requires d >= 0x8000000000000000;
    requires \valid(rem);
    assigns *rem; */
static uint64_t div2by1(uint64_t *rem, uint64_t u1, uint64_t u0, uint64_t d,
                        uint64_t v)
{
  qed_u128 q = qed_mul64(v, u1);
  uint64_t q1, q0, r;
  q0 = q.lo + u0;
  q1 = q.hi + u1 + (q0 < u0) + 1;
  r = u0 - q1 * d;
  if (r > q0) {
    q1--;
    r += d;
  }
  if (r >= d) {
    q1++;
    r -= d;
  }
  *rem = r;
  return q1;
}

/* Is q * d2 > (rhat, u2)?  (the test of step D3) */
/*@ assigns \nothing; */
static int too_big(uint64_t q, uint64_t d2, uint64_t rhat, uint64_t u2)
{
  const qed_u128 p = qed_mul64(q, d2);
  return p.hi > rhat || (p.hi == rhat && p.lo > u2);
}

/*@ requires 1 <= dn <= an <= 100000;
    requires d[dn - 1] != 0;
    requires \valid(q + (0 .. an - dn));
    requires \valid(r + (0 .. dn - 1));
    requires \valid_read(a + (0 .. an - 1));
    requires \valid_read(d + (0 .. dn - 1));
    requires \valid(s + (0 .. an + dn));
    requires \separated(q + (0 .. an - dn), r + (0 .. dn - 1), s + (0 .. an + dn));
    requires \separated(q + (0 .. an - dn), a + (0 .. an - 1));
    requires \separated(q + (0 .. an - dn), d + (0 .. dn - 1));
    requires \separated(r + (0 .. dn - 1), a + (0 .. an - 1));
    requires \separated(r + (0 .. dn - 1), d + (0 .. dn - 1));
    requires \separated(s + (0 .. an + dn), a + (0 .. an - 1));
    requires \separated(s + (0 .. an + dn), d + (0 .. dn - 1));
    assigns q[0 .. an - dn], r[0 .. dn - 1], s[0 .. an + dn]; */
static void body_divrem(uint64_t *q, uint64_t *r, const uint64_t *a,
                        size_t an, const uint64_t *d, size_t dn, uint64_t *s)
{
  uint64_t *u = s;            /* an + 1 limbs: the normalized dividend */
  uint64_t *dd = s + an + 1;  /* dn limbs: the normalized divisor */
  const unsigned sh = clz64(d[dn - 1]);
  uint64_t dtop, v;
  size_t jj;

  if (sh > 0) {
    (void)qed_mpn_lshift(dd, d, dn, sh);
    u[an] = qed_mpn_lshift(u, a, an, sh);
  } else {
    qed_mpn_copy(dd, d, dn);
    qed_mpn_copy(u, a, an);
    u[an] = 0;
  }
  dtop = dd[dn - 1];
  if (dtop < 0x8000000000000000u) {
    /* cannot happen (sh normalizes d); keeps the proof's premise local */
    qed_mpn_zero(q, an - dn + 1);
    qed_mpn_zero(r, dn);
    return;
  }
  v = reciprocal(dtop);

  if (dn == 1) {
    uint64_t rem = u[an];
    /*@ loop invariant 0 <= jj <= an;
        loop assigns jj, rem, q[0 .. an - 1];
        loop variant jj;
    */
    for (jj = an; jj > 0; jj--) {
      if (rem >= dtop)  /* never: rem < dtop at every step */
        rem = 0;
      q[jj - 1] = div2by1(&rem, rem, u[jj - 1], dtop, v);
    }
    r[0] = sh > 0 ? rem >> sh : rem;
    return;
  }

  {
    const uint64_t d2 = dd[dn - 2];
    /*@ loop invariant 0 <= jj <= an - dn + 1;
        loop assigns jj, q[0 .. an - dn], u[0 .. an];
        loop variant jj;
    */
    for (jj = an - dn + 1; jj > 0; jj--) {
      const size_t j = jj - 1;
      const uint64_t u1 = u[j + dn], u0 = u[j + dn - 1], u2 = u[j + dn - 2];
      uint64_t qhat, rhat, borrow, top;
      int k, rhat_big = 0;
      /* D3: estimate q from the top two limbs; u1 <= dtop always */
      if (u1 >= dtop) {
        qhat = UINT64_MAX;
        rhat = u0 + dtop;
        rhat_big = rhat < u0;  /* rhat >= 2^64: the test below cannot fail */
      } else {
        qhat = div2by1(&rhat, u1, u0, dtop, v);
      }
      /*@ loop invariant 0 <= k <= 2;
          loop assigns k, qhat, rhat, rhat_big;
          loop variant 2 - k;
      */
      for (k = 0; k < 2; k++) {
        if (rhat_big || !too_big(qhat, d2, rhat, u2))
          break;
        qhat--;
        rhat += dtop;
        rhat_big = rhat < dtop;
      }
      /* D4: multiply and subtract */
      borrow = body_submul_1(u + j, dd, dn, qhat);
      top = u[j + dn];
      u[j + dn] = top - borrow;
      if (top < borrow) {
        /* D6: add back (probability about 2/2^64 per limb) */
        qhat--;
        u[j + dn] += qed_mpn_add_n_ip(u + j, dd, dn);
      }
      q[j] = qhat;
    }
  }
  /* D8: unnormalize the remainder */
  if (sh > 0)
    (void)qed_mpn_rshift(r, u, dn, sh);
  else
    qed_mpn_copy(r, u, dn);
}

#endif
