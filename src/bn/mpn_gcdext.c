/* Extended gcd of limb arrays (bn/mpn_ops.h): Lehmer's algorithm with one
 * cofactor.
 *
 * Euclid's remainders r0 = A, r1 = B, r(i+1) = r(i-1) mod r(i) have
 * cofactors r(i) == s(i) A (mod B) with s0 = 1, s1 = 0, s(i+1) = s(i-1) -
 * q(i) s(i), whose signs alternate: s(i) = (-1)^i |s(i)|.  So the
 * magnitudes only grow by sums, |s(i+1)| = |s(i-1)| + q(i) |s(i)|, and a
 * run of k quotient steps, the 2 x 2 matrix of mpn_gcd.c's Lehmer rounds
 * (UA, UB; VA, VB, in magnitude), takes (|s(i)|, |s(i+1)|) to (UA |s(i)| +
 * UB |s(i+1)|, VA |s(i)| + VB |s(i+1)|) whatever the parity.  Each round
 * (about 30 quotients from the leading 62 bits, proved exact by Knuth's
 * test) is then one pass over A, B and one over the cofactors, against a
 * pass of a division, two products and two subtractions of whole integers
 * per quotient in Euclid's form.  When no quotient is proved (a quotient
 * of 31 bits or more), one division step; once both numbers fit in one
 * limb, Euclid on the words (quotients exact, cofactors up to 2^62).  The
 * quotients are Euclid's, so the cofactor is Euclid's: |s| <= B / (2g).
 * The second cofactor t (g = s A + t B) is one product and one exact
 * division away; the caller (bn_gcdext.c) computes it.
 *
 * Variable time (for public numbers).  Proved free of run-time errors;
 * tests/test_bn.c and tests/diff/test_bn.py check g = s a + t b and the
 * bounds on s and t against GMP. */
#include "bn/mpn_gcd.h"

#define LIMW 4611686018427387904u   /* 2^62: bound of the word cofactors */

/* Euclid on two exact words x >= y while the cofactor magnitudes stay
 * below 2^62: the matrix and parity as qed_mpn_lehmer_matrix gives them.
 * (A 64-bit Euclid takes at most 92 steps.) */
/*@ requires \valid(m + (0 .. 3));
    assigns m[0 .. 3];
    ensures m[0] < LIMW && m[1] < LIMW && m[2] < LIMW && m[3] < LIMW;
    ensures \result == 0 || \result == 1; */
static int euclid_matrix(uint64_t x, uint64_t y, uint64_t *m)
{
  uint64_t UA = 1, UB = 0, VA = 0, VB = 1;
  int odd = 0, k;
  /*@ loop invariant 0 <= k <= 128;
      loop invariant UA < LIMW && UB < LIMW && VA < LIMW && VB < LIMW;
      loop invariant odd == 0 || odd == 1;
      loop assigns k, x, y, UA, UB, VA, VB, odd;
      loop variant 128 - k;
  */
  for (k = 0; k < 128 && y != 0; k++) {
    const uint64_t qq = x / y;
    const qed_u128 pa = qed_mul64(qq, VA), pb = qed_mul64(qq, VB);
    uint64_t r;
    if (pa.hi != 0 || pa.lo >= LIMW - UA || pb.hi != 0 ||
        pb.lo >= LIMW - UB)
      break;
    r = UA + pa.lo;
    UA = VA;
    VA = r;
    r = UB + pb.lo;
    UB = VB;
    VB = r;
    r = x - qq * y;
    x = y;
    y = r;
    odd = 1 - odd;
  }
  m[0] = UA;
  m[1] = UB;
  m[2] = VA;
  m[3] = VB;
  return odd;
}

/* (u, v) <- (m0 u + m1 v, m2 u + m3 v), in place, n limbs, all of it in
 * one pass; the limbs carried out of the top go to c[0], c[1].  With the
 * matrix entries below 2^62, m0 u[i] + m1 v[i] + carry < 2^127 + 2^64: no
 * 128-bit sum wraps, and the carries stay at most 2^63. */
/*@ requires 1 <= n <= 100001;
    requires m[0] < LIMW && m[1] < LIMW && m[2] < LIMW && m[3] < LIMW;
    requires \valid(u + (0 .. n - 1)) && \valid(v + (0 .. n - 1));
    requires \valid_read(m + (0 .. 3)) && \valid(c + (0 .. 1));
    requires \separated(u + (0 .. n - 1), v + (0 .. n - 1), m + (0 .. 3), c + (0 .. 1));
    assigns u[0 .. n - 1], v[0 .. n - 1], c[0 .. 1]; */
static void matrix_add(uint64_t *u, uint64_t *v, size_t n, const uint64_t *m,
                       uint64_t *c)
{
  const uint64_t m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3];
  uint64_t h1 = 0, h2 = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant h1 <= 9223372036854775808 && h2 <= 9223372036854775808;
      loop assigns i, h1, h2, u[0 .. n - 1], v[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t ui = u[i], vi = v[i];
    qed_u128 p, q;
    //@ assert m0 * ui <= 4611686018427387903 * 18446744073709551615;
    //@ assert m1 * vi <= 4611686018427387903 * 18446744073709551615;
    //@ assert m2 * ui <= 4611686018427387903 * 18446744073709551615;
    //@ assert m3 * vi <= 4611686018427387903 * 18446744073709551615;
    p.hi = 0;
    p.lo = h1;
    p = qed_mac64(p, m0, ui);
    //@ assert u128_value(p) <= 9223372036854775808 + 4611686018427387903 * 18446744073709551615;
    p = qed_mac64(p, m1, vi);
    //@ assert u128_value(p) <= 9223372036854775808 + 2 * 4611686018427387903 * 18446744073709551615;
    q.hi = 0;
    q.lo = h2;
    q = qed_mac64(q, m2, ui);
    //@ assert u128_value(q) <= 9223372036854775808 + 4611686018427387903 * 18446744073709551615;
    q = qed_mac64(q, m3, vi);
    //@ assert u128_value(q) <= 9223372036854775808 + 2 * 4611686018427387903 * 18446744073709551615;
    u[i] = p.lo;
    v[i] = q.lo;
    h1 = p.hi;
    h2 = q.hi;
  }
  c[0] = h1;
  c[1] = h2;
}

/* u[0 .. cap-1] += q[0 .. qn-1] * v[0 .. vn-1], schoolbook (the quotients
 * of division steps are short and rare); the sum fits in cap limbs. */
/*@ requires 1 <= vn <= cap <= 100001 && qn <= 100000;
    requires \valid(u + (0 .. cap - 1));
    requires \valid_read(v + (0 .. vn - 1)) && \valid_read(q + (0 .. qn - 1));
    requires \separated(u + (0 .. cap - 1), v + (0 .. vn - 1));
    requires \separated(u + (0 .. cap - 1), q + (0 .. qn - 1));
    assigns u[0 .. cap - 1]; */
static void addmul_q(uint64_t *u, size_t cap, const uint64_t *v, size_t vn,
                     const uint64_t *q, size_t qn)
{
  size_t j;
  /*@ loop invariant 0 <= j <= qn;
      loop assigns j, u[0 .. cap - 1];
      loop variant qn - j;
  */
  for (j = 0; j < qn; j++) {
    uint64_t c;
    if (j >= cap || vn >= cap - j)
      break;  /* the sum would not fit: never (|s| <= B / (2g)) */
    c = qed_mpn_addmul_1(u + j, v, vn, q[j]);
    (void)qed_mpn_add_1_ip(u + j + vn, cap - j - vn, c);
  }
}

/* One division step, when no quotient is proved: A <- A mod B in pa (the
 * caller then exchanges the roles of the arrays), and u0 <- u0 + q u1 for
 * the quotient q.  Returns the new limb count of the cofactors. */
/*@ requires 1 <= bn <= an <= 100000 && 1 <= cn <= cap <= 100001;
    requires pb[bn - 1] != 0;
    requires \valid(pa + (0 .. an - 1)) && \valid_read(pb + (0 .. bn - 1));
    requires \valid(u0 + (0 .. cap - 1)) && \valid_read(u1 + (0 .. cap - 1));
    requires \valid(q + (0 .. an - bn)) && \valid(r + (0 .. bn - 1));
    requires \valid(w + (0 .. an + bn));
    requires \separated(pa + (0 .. an - 1), pb + (0 .. bn - 1), u0 + (0 .. cap - 1),
                        u1 + (0 .. cap - 1), q + (0 .. an - bn), r + (0 .. bn - 1),
                        w + (0 .. an + bn));
    assigns pa[0 .. an - 1], u0[0 .. cap - 1], q[0 .. an - bn], r[0 .. bn - 1],
            w[0 .. an + bn];
    ensures 1 <= \result <= cap; */
static size_t div_step(uint64_t *pa, size_t an, const uint64_t *pb,
                       size_t bn, uint64_t *u0, const uint64_t *u1,
                       size_t cn, size_t cap, uint64_t *q, uint64_t *r,
                       uint64_t *w)
{
  const size_t qn = an - bn + 1;
  qed_mpn_divrem(q, r, pa, an, pb, bn, w);
  qed_mpn_zero(pa, an);
  qed_mpn_copy(pa, r, bn);
  addmul_q(u0, cap, u1, cn, q, gcd_norm(q, qn));
  return cn + qn < cap ? cn + qn : cap;
}

/* One Lehmer round with a proved matrix: (A, B) and (u0, u1) through the
 * matrix, the cofactors grown by a limb when the carries say so.  Returns
 * the new limb count of the cofactors. */
/*@ requires 1 <= an <= 100000 && 1 <= cn <= cap <= 100001;
    requires odd == 0 || odd == 1;
    requires m[0] < LIMW && m[1] < LIMW && m[2] < LIMW && m[3] < LIMW;
    requires \valid(pa + (0 .. an - 1)) && \valid(pb + (0 .. an - 1));
    requires \valid(u0 + (0 .. cap - 1)) && \valid(u1 + (0 .. cap - 1));
    requires \valid_read(m + (0 .. 3));
    requires \separated(pa + (0 .. an - 1), pb + (0 .. an - 1), u0 + (0 .. cap - 1),
                        u1 + (0 .. cap - 1), m + (0 .. 3));
    assigns pa[0 .. an - 1], pb[0 .. an - 1], u0[0 .. cap - 1], u1[0 .. cap - 1];
    ensures 1 <= \result <= cap; */
static size_t matrix_step(uint64_t *pa, uint64_t *pb, size_t an,
                          uint64_t *u0, uint64_t *u1, size_t cn, size_t cap,
                          const uint64_t *m, int odd)
{
  uint64_t c[2];
  qed_mpn_matrix_sub(pa, pb, an, m, odd);
  matrix_add(u0, u1, cn, m, c);
  if (cn < cap) {
    u0[cn] = c[0];
    u1[cn] = c[1];
    if ((c[0] | c[1]) != 0)
      cn++;
  }
  return cn;
}

/* The cofactors' limb count without the top limbs zero in both. */
/*@ requires 1 <= cn <= 100001;
    requires \valid_read(u0 + (0 .. cn - 1)) && \valid_read(u1 + (0 .. cn - 1));
    assigns \nothing;
    ensures 1 <= \result <= cn; */
static size_t trim(const uint64_t *u0, const uint64_t *u1, size_t cn)
{
  /*@ loop invariant 1 <= cn <= \at(cn, Pre);
      loop assigns cn;
      loop variant cn;
  */
  while (cn > 1 && u0[cn - 1] == 0 && u1[cn - 1] == 0)
    cn--;
  return cn;
}

/* The 2 x 2 matrix of the next round (exact Euclid on words once A fits
 * in a limb, Lehmer on the leading 62 bits otherwise); returns its
 * parity. */
/*@ requires 1 <= an <= 100000;
    requires \valid_read(pa + (0 .. an - 1)) && \valid_read(pb + (0 .. an - 1));
    requires \valid(m + (0 .. 3));
    requires \separated(m + (0 .. 3), pa + (0 .. an - 1), pb + (0 .. an - 1));
    assigns m[0 .. 3];
    ensures m[0] < LIMW && m[1] < LIMW && m[2] < LIMW && m[3] < LIMW;
    ensures \result == 0 || \result == 1; */
static int next_matrix(const uint64_t *pa, const uint64_t *pb, size_t an,
                       uint64_t *m)
{
  if (an == 1)
    return euclid_matrix(pa[0], pb[0], m);
  {
    const size_t tb = 64 * (an - 1) + gcd_bitlen(pa[an - 1]);
    const size_t sh = tb > 62 ? tb - 62 : 0;
    const uint64_t x = gcd_bits_at(pa, an, sh) % 4611686018427387904u;
    const uint64_t y = gcd_bits_at(pb, an, sh) % 4611686018427387904u;
    return qed_mpn_lehmer_matrix(x, y, m);
  }
}

size_t qed_mpn_gcdext(uint64_t *g, uint64_t *u, size_t *un, int *uneg,
                      uint64_t *a, uint64_t *b, size_t n, uint64_t *s)
{
  /* scratch: the two cofactors (n + 1 limbs each), then a quotient, a
   * remainder (n limbs each) and the division's own scratch (2n + 1) */
  const size_t cap = n + 1;
  uint64_t *u0 = s, *u1 = s + cap;
  uint64_t *const q = s + 2 * cap, *const r = s + 2 * cap + n;
  uint64_t *const w = s + 2 * cap + 2 * n;
  uint64_t *pa = a, *pb = b, *tp;
  uint64_t m[4];
  size_t an = gcd_norm(a, n), bn = gcd_norm(b, n), cn = 1, k, tn;
  int par = 0;
  qed_mpn_zero(s, 2 * cap);
  u0[0] = 1;
  /* pa = r(i), pb = r(i+1), u0 = |s(i)|, u1 = |s(i+1)| (cn limbs in use),
   * par = i mod 2 */
  /*@ loop invariant 0 <= an <= n && 0 <= bn <= n && 1 <= cn <= cap;
      loop invariant (pa == a && pb == b) || (pa == b && pb == a);
      loop invariant (u0 == s && u1 == s + cap) || (u0 == s + cap && u1 == s);
      loop invariant par == 0 || par == 1;
      loop assigns an, bn, cn, par, pa, pb, u0, u1, tp, tn, m[0 .. 3],
                   a[0 .. n - 1], b[0 .. n - 1], s[0 .. 6 * n + 7];
  */
  while (bn > 0) {
    int odd;
    /* A < B: Euclid's first quotient is 0, an exchange */
    if (an < bn || (an == bn && gcd_cmp(pa, pb, an) < 0)) {
      tp = pa;
      pa = pb;
      pb = tp;
      tn = an;
      an = bn;
      bn = tn;
      tp = u0;
      u0 = u1;
      u1 = tp;
      par = 1 - par;
    }
    if (bn == 0 || bn > an || pb[bn - 1] == 0)
      break;  /* never (bn > 0, A >= B, bn is B's length) */
    odd = next_matrix(pa, pb, an, m);
    if (m[1] == 0) {
      /* nothing proved: (A, B) <- (B, A mod B), (u0, u1) <- (u1, u0 + q u1) */
      cn = div_step(pa, an, pb, bn, u0, u1, cn, cap, q, r, w);
      tp = pa;
      pa = pb;
      pb = tp;
      tp = u0;
      u0 = u1;
      u1 = tp;
      par = 1 - par;
      an = bn;
      bn = gcd_norm(pb, bn);
    } else {
      cn = matrix_step(pa, pb, an, u0, u1, cn, cap, m, odd);
      par = odd == 1 ? 1 - par : par;
      bn = gcd_norm(pb, an);
      an = gcd_norm(pa, an);
    }
    cn = trim(u0, u1, cn);
  }
  qed_mpn_copy(g, pa, an);
  qed_mpn_zero(u, n);
  k = cn < n ? cn : n;
  qed_mpn_copy(u, u0, k);
  *un = gcd_norm(u, k);
  *uneg = par;
  return an;
}
