/* The body of multiplication (bn/mpn_ops.h), once, for two builds: the
 * portable one (mpn_mul.c) and the x86-64-v3 one (mpn_mul_x86v3.c, where
 * gcc multiplies with MULX and schedules the carry chains around it:
 * measured 25 % faster at 2048 to 8192 bits on Zen 5).  mpn_mul.c's
 * qed_mpn_mul_basecase and qed_mpn_mul_n choose between them at run time.
 * Static functions: each including file gets its own copy, compiled with
 * its own flags, and proved as part of that unit.
 *
 * The schoolbook product scans columns (Comba: each product added into a
 * three-limb accumulator in registers, bn/mul192.h) and falls back to rows
 * for a short operand.  The row loops are those of mpn_mul1.c without the
 * ghost code of their functional contracts (this file is proved free of
 * run-time errors, as mpn_mul.c always was), here so that a row is inlined
 * into the build that runs it.
 *
 * Karatsuba, subtractive form, for n even and at least the threshold, with
 * h = n / 2, a = a1 * B^h + a0, b = b1 * B^h + b0:
 *   a * b = a1 b1 B^n + (a0 b0 + a1 b1 - (a0 - a1)(b0 - b1)) B^h + a0 b0
 * |a0 - a1| and |b0 - b1| are made by a subtraction and a masked negation,
 * and the middle term adds or subtracts their product under a mask: no
 * branch on a limb (the same instructions run whatever the operands).  An
 * odd n multiplies n - 1 limbs and adds the two missing rows. */
#ifndef QED_BN_MPN_MUL_BODY_H
#define QED_BN_MPN_MUL_BODY_H

#include "bn/mpn_ops.h"
#include "bn/mul192.h"

/* The schoolbook product goes by columns (Comba, body_mul_comba) when both
 * operands have at least this many limbs, by rows below: with fewer
 * products per column the column loop costs more than it saves (measured
 * on Zen 4: 128 x 4 limbs rows 25 % faster, 128 x 6 and 8 x 8 about even,
 * 128 x 10 and 9 x 9 columns 10 % faster, 24 x 24 columns 20 % faster). */
#ifndef QED_MPN_COMBA_MIN
#define QED_MPN_COMBA_MIN 10
#endif

/* The two builds of the multiplication, the contracts of qed_mpn_mul_n and
 * qed_mpn_mul_basecase (mpn_ops.h). */
/*@ requires 1 <= an <= 100000 && 1 <= bn <= 100000;
    requires \valid(r + (0 .. an + bn - 1));
    requires \valid_read(a + (0 .. an - 1));
    requires \valid_read(b + (0 .. bn - 1));
    requires \separated(r + (0 .. an + bn - 1), a + (0 .. an - 1));
    requires \separated(r + (0 .. an + bn - 1), b + (0 .. bn - 1));
    assigns r[0 .. an + bn - 1]; */
void qed_mpn_mul_basecase_x86v3(uint64_t *r, const uint64_t *a, size_t an,
                                const uint64_t *b, size_t bn);

/*@ requires 1 <= n <= 100000;
    requires \valid(r + (0 .. 2 * n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \valid_read(b + (0 .. n - 1));
    requires \valid(s + (0 .. 4 * n + 4 * 64 - 1));
    requires \separated(r + (0 .. 2 * n - 1), a + (0 .. n - 1));
    requires \separated(r + (0 .. 2 * n - 1), b + (0 .. n - 1));
    requires \separated(s + (0 .. 4 * n + 4 * 64 - 1), r + (0 .. 2 * n - 1));
    requires \separated(s + (0 .. 4 * n + 4 * 64 - 1), a + (0 .. n - 1));
    requires \separated(s + (0 .. 4 * n + 4 * 64 - 1), b + (0 .. n - 1));
    assigns r[0 .. 2 * n - 1], s[0 .. 4 * n + 4 * 64 - 1]; */
void qed_mpn_mul_n_x86v3(uint64_t *r, const uint64_t *a, const uint64_t *b,
                         size_t n, uint64_t *s);

/* r = a * b for one limb b; returns the high limb (as qed_mpn_mul_1). */
/*@ requires n <= 100000;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    assigns r[0 .. n - 1]; */
static inline uint64_t body_mul_1(uint64_t *r, const uint64_t *a, size_t n,
                                  uint64_t b)
{
  uint64_t c = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    qed_u128 t;
    t.hi = 0;
    t.lo = c;
    //@ assert a[i] * b <= 340282366920938463426481119284349108225;
    t = qed_mac64(t, a[i], b);
    r[i] = t.lo;
    c = t.hi;
  }
  return c;
}

/* r = r + a * b; returns the high limb (as qed_mpn_addmul_1): r[i] + a[i]
 * b + c <= 2^128 - 1, no sum wraps. */
/*@ requires n <= 100000;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1));
    assigns r[0 .. n - 1]; */
static inline uint64_t body_addmul_1(uint64_t *r, const uint64_t *a,
                                     size_t n, uint64_t b)
{
  uint64_t c = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, c, r[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    qed_u128 t;
    t.hi = 0;
    t.lo = r[i];
    //@ assert a[i] * b <= 340282366920938463426481119284349108225;
    t = qed_mac64(t, a[i], b);
    //@ assert u128_value(t) <= 340282366920938463444927863358058659840;
    t = qed_add64(t, c);
    r[i] = t.lo;
    c = t.hi;
  }
  return c;
}

/* r[0 .. an+bn-1] = a * b, schoolbook by rows (one mul_1, then addmul_1
 * rows): for a short operand b, where the columns of body_mul_comba would
 * hold too few products to pay for their loop. */
/*@ requires 1 <= an <= 100000 && 1 <= bn <= 100000;
    requires \valid(r + (0 .. an + bn - 1));
    requires \valid_read(a + (0 .. an - 1));
    requires \valid_read(b + (0 .. bn - 1));
    requires \separated(r + (0 .. an + bn - 1), a + (0 .. an - 1));
    requires \separated(r + (0 .. an + bn - 1), b + (0 .. bn - 1));
    assigns r[0 .. an + bn - 1]; */
static void body_mul_rows(uint64_t *r, const uint64_t *a, size_t an,
                          const uint64_t *b, size_t bn)
{
  size_t j;
  r[an] = body_mul_1(r, a, an, b[0]);
  /*@ loop invariant 1 <= j <= bn;
      loop assigns j, r[0 .. an + bn - 1];
      loop variant bn - j;
  */
  for (j = 1; j < bn; j++)
    r[an + j] = body_addmul_1(r + j, a, an, b[j]);
}

/* r[0 .. an+bn-1] = a * b, schoolbook by columns (product scanning,
 * Comba): column k is the sum of a[i] b[k-i] over the i with both indices
 * in range, added into a three-limb accumulator (bn/mul192.h: MULX,
 * ADD/ADC/ADC, no load or store of r per product, one carry chain a
 * cycle long); its low limb is r[k], the other two carry into column k+1.
 * A column of m products adds at most m to the top limb, so the top limb
 * stays below 2^64 - 1 (m <= 100000).  The loops depend on an and bn only:
 * constant time in the limbs.  noinline: inlined into the recursion of
 * body_mul_n, gcc keeps fewer of the accumulator's limbs in registers
 * (measured 10 % slower at 32 x 32 limbs). */
/*@ requires 1 <= an <= 100000 && 1 <= bn <= 100000;
    requires \valid(r + (0 .. an + bn - 1));
    requires \valid_read(a + (0 .. an - 1));
    requires \valid_read(b + (0 .. bn - 1));
    requires \separated(r + (0 .. an + bn - 1), a + (0 .. an - 1));
    requires \separated(r + (0 .. an + bn - 1), b + (0 .. bn - 1));
    assigns r[0 .. an + bn - 1]; */
static __attribute__((noinline)) void
body_mul_comba(uint64_t *r, const uint64_t *a, size_t an,
                           const uint64_t *b, size_t bn)
{
  qed_u192 acc;
  size_t k, i, i0, i1;
  acc.lo = 0;
  acc.mid = 0;
  acc.hi = 0;
  /*@ loop invariant 0 <= k <= an + bn - 1;
      loop invariant acc.hi == 0;
      loop assigns k, i, i0, i1, acc, r[0 .. an + bn - 2];
      loop variant an + bn - 1 - k;
  */
  for (k = 0; k < an + bn - 1; k++) {
    /* the column's a indices: i0 <= i <= i1, with k - i < bn */
    i0 = k + 1 > bn ? k + 1 - bn : 0;
    i1 = k < an - 1 ? k : an - 1;
    /*@ loop invariant i0 <= i <= i1 + 1;
        loop invariant acc.hi <= i - i0;
        loop assigns i, acc;
        loop variant i1 + 1 - i;
    */
    for (i = i0; i <= i1; i++)
      acc = qed_mac192(acc, a[i], b[k - i]);
    r[k] = acc.lo;
    acc.lo = acc.mid;
    acc.mid = acc.hi;
    acc.hi = 0;
  }
  r[an + bn - 1] = acc.lo;
}

/* body_mul_comba for 16 x 16 limbs (1024 x 1024 bits: the size itself,
 * and the leaves of Karatsuba from 2048 bits on when the sizes are 1024
 * bits times a power of two, RSA's moduli and their CRT halves): the same
 * loops with constant bounds, unrolled by gcc into 256 products in
 * straight-line code (no column loop, no index arithmetic).  Measured on
 * Zen 4: 1.55 TSC ticks per product, against 2.1 for the loops.  Unrolled
 * only on 64-bit targets (__int128: a product is one instruction there)
 * and not when optimizing for size: about 5.5 KB of x86-64 code, and a
 * 64 x 64-bit product is dozens of instructions on a 32-bit target. */
/*@ requires \valid(r + (0 .. 31));
    requires \valid_read(a + (0 .. 15));
    requires \valid_read(b + (0 .. 15));
    requires \separated(r + (0 .. 31), a + (0 .. 15));
    requires \separated(r + (0 .. 31), b + (0 .. 15));
    assigns r[0 .. 31]; */
static __attribute__((noinline)) void
body_mul_comba16(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
  qed_u192 acc;
  size_t k, i, i0, i1;
  acc.lo = 0;
  acc.mid = 0;
  acc.hi = 0;
#if defined(__SIZEOF_INT128__) && !defined(__OPTIMIZE_SIZE__)
#pragma GCC unroll 32
#endif
  /*@ loop invariant 0 <= k <= 31;
      loop invariant acc.hi == 0;
      loop assigns k, i, i0, i1, acc, r[0 .. 30];
      loop variant 31 - k;
  */
  for (k = 0; k < 31; k++) {
    i0 = k + 1 > 16 ? k + 1 - 16 : 0;
    i1 = k < 15 ? k : 15;
#if defined(__SIZEOF_INT128__) && !defined(__OPTIMIZE_SIZE__)
#pragma GCC unroll 16
#endif
    /*@ loop invariant i0 <= i <= i1 + 1;
        loop invariant acc.hi <= i - i0;
        loop assigns i, acc;
        loop variant i1 + 1 - i;
    */
    for (i = i0; i <= i1; i++)
      acc = qed_mac192(acc, a[i], b[k - i]);
    r[k] = acc.lo;
    acc.lo = acc.mid;
    acc.mid = acc.hi;
    acc.hi = 0;
  }
  r[31] = acc.lo;
}

/* r[0 .. an+bn-1] = a * b, schoolbook, an >= 1, bn >= 1: by columns,
 * or by rows when an operand is shorter than QED_MPN_COMBA_MIN limbs (the
 * rows then run along the longer one); 16 x 16 limbs unrolled.  A choice
 * on the sizes only. */
/*@ requires 1 <= an <= 100000 && 1 <= bn <= 100000;
    requires \valid(r + (0 .. an + bn - 1));
    requires \valid_read(a + (0 .. an - 1));
    requires \valid_read(b + (0 .. bn - 1));
    requires \separated(r + (0 .. an + bn - 1), a + (0 .. an - 1));
    requires \separated(r + (0 .. an + bn - 1), b + (0 .. bn - 1));
    assigns r[0 .. an + bn - 1]; */
static void body_mul_basecase(uint64_t *r, const uint64_t *a, size_t an,
                              const uint64_t *b, size_t bn)
{
  if (an == 16 && bn == 16)
    body_mul_comba16(r, a, b);
  else if (bn < QED_MPN_COMBA_MIN)
    body_mul_rows(r, a, an, b, bn);
  else if (an < QED_MPN_COMBA_MIN)
    body_mul_rows(r, b, bn, a, an);
  else
    body_mul_comba(r, a, an, b, bn);
}

/* (da, db) = (|a0 - a1|, |b0 - b1|) for the h-limb halves of a and b, in
 * two passes over both (the differences, then the masked negations: no
 * branch on a limb); bw[0], bw[1] = 1 where the difference was negative. */
/*@ requires 1 <= h <= 50000;
    requires \valid(d + (0 .. 2 * h - 1));
    requires \valid_read(a + (0 .. 2 * h - 1)) && \valid_read(b + (0 .. 2 * h - 1));
    requires \separated(d + (0 .. 2 * h - 1), a + (0 .. 2 * h - 1));
    requires \separated(d + (0 .. 2 * h - 1), b + (0 .. 2 * h - 1));
    requires \valid(bw + (0 .. 1));
    requires \separated(bw + (0 .. 1), d + (0 .. 2 * h - 1));
    requires \separated(bw + (0 .. 1), a + (0 .. 2 * h - 1));
    requires \separated(bw + (0 .. 1), b + (0 .. 2 * h - 1));
    assigns d[0 .. 2 * h - 1], bw[0 .. 1];
    ensures bw[0] <= 1 && bw[1] <= 1; */
static void kara_absdiff(uint64_t *d, const uint64_t *a, const uint64_t *b,
                         size_t h, uint64_t *bw)
{
  uint64_t ba = 0, bb = 0, ca, cb, ma, mb;
  size_t i;
  /*@ loop invariant 0 <= i <= h;
      loop invariant ba <= 1 && bb <= 1;
      loop assigns i, ba, bb, d[0 .. 2 * h - 1];
      loop variant h - i;
  */
  for (i = 0; i < h; i++) {
    const uint64_t xa = a[i], ya = a[h + i], xb = b[i], yb = b[h + i];
    const uint64_t ta = xa - ya, tb = xb - yb;
    const uint64_t ka = xa < ya, kb = xb < yb;
    d[i] = ta - ba;
    d[h + i] = tb - bb;
    ba = ka | (ta < ba);
    bb = kb | (tb < bb);
  }
  ma = 0 - ba;
  mb = 0 - bb;
  ca = ba;
  cb = bb;
  /*@ loop invariant 0 <= i <= h;
      loop invariant ca <= 1 && cb <= 1;
      loop assigns i, ca, cb, d[0 .. 2 * h - 1];
      loop variant h - i;
  */
  for (i = 0; i < h; i++) {
    const uint64_t ta = (d[i] ^ ma) + ca, tb = (d[h + i] ^ mb) + cb;
    ca = ta < ca;
    cb = tb < cb;
    d[i] = ta;
    d[h + i] = tb;
  }
  bw[0] = ba;
  bw[1] = bb;
}

/* a + b + d + c for limbs, c <= 3: the sum's low limb, the carry in *c
 * (each wrap-around counted; at most 2 in fact, the sum being below
 * 3 * 2^64, but 3 is what the proof needs). */
/*@ requires \valid(c) && *c <= 3;
    assigns *c;
    ensures *c <= 3; */
static inline uint64_t add4(uint64_t a, uint64_t b, uint64_t d, uint64_t *c)
{
  const uint64_t s1 = a + b;
  const uint64_t k1 = s1 < a;
  const uint64_t s2 = s1 + d;
  const uint64_t k2 = s2 < s1;
  const uint64_t s3 = s2 + *c;
  const uint64_t k3 = s3 < s2;
  //@ assert k1 <= 1 && k2 <= 1 && k3 <= 1;
  *c = k1 + k2 + k3;
  return s3;
}

/* The middle of a Karatsuba product, in place, in one pass (after GMP's
 * karasub idea).  r = [L0 L1 H0 H1] in quarters of h limbs holds a0 b0 =
 * [L0 L1] and a1 b1 = [H0 H1]; t = |a0 - a1| |b0 - b1| (n = 2h limbs) is
 * to be subtracted (sub == 1) or added (sub == 0).  The middle term
 * M = [L0 L1] + [H0 H1] -+ t goes in at r + h:
 *   L1 <- L1 + H0 + L0 -+ t_lo,   H0 <- L1 + H0 + H1 -+ t_hi,
 * both from the one sum X = L1 + H0 of the old values, limb by limb.  -t is
 * ~t + 1 (the +1 enters the first chain).  The carries left over: X's top
 * carry enters both H0 and H1, the first chain's enters H0, the second's
 * H1, and the 2^(64n) of ~t + 1 leaves H1 (done by the caller). */
/*@ requires 1 <= h <= 50000 && sub <= 1;
    requires \valid(r + (0 .. 4 * h - 1));
    requires \valid_read(t + (0 .. 2 * h - 1));
    requires \separated(r + (0 .. 4 * h - 1), t + (0 .. 2 * h - 1));
    requires \valid(c + (0 .. 2));
    requires \separated(c + (0 .. 2), r + (0 .. 4 * h - 1), t + (0 .. 2 * h - 1));
    assigns r[h .. 3 * h - 1], c[0 .. 2];
    ensures c[0] <= 2 && c[1] <= 3 && c[2] <= 3; */
static void kara_middle(uint64_t *r, const uint64_t *t, size_t h,
                        uint64_t sub, uint64_t *c)
{
  const uint64_t mask = 0 - sub;
  uint64_t cx = 0, c2 = sub, c3 = 0;
  size_t i;
  /*@ loop invariant 0 <= i <= h;
      loop invariant cx <= 2 && c2 <= 3 && c3 <= 3;
      loop assigns i, cx, c2, c3, r[h .. 3 * h - 1];
      loop variant h - i;
  */
  for (i = 0; i < h; i++) {
    const uint64_t l0 = r[i], l1 = r[h + i], h0 = r[2 * h + i];
    const uint64_t h1 = r[3 * h + i];
    const uint64_t x0 = l1 + h0;
    const uint64_t kx = x0 < l1;
    const uint64_t x = x0 + cx;
    const uint64_t ky = x < x0;
    //@ assert kx <= 1 && ky <= 1;
    cx = kx + ky;
    r[h + i] = add4(x, l0, t[i] ^ mask, &c2);
    r[2 * h + i] = add4(x, h1, t[h + i] ^ mask, &c3);
  }
  c[0] = cx;
  c[1] = c2;
  c[2] = c3;
}

/* The carries left by kara_middle, in one pass over the top half of the
 * product (H0 then H1, h limbs each): c0 enters at H0's first limb and
 * runs on through H1; c1 enters and sub leaves at H1's first limb.  The
 * same sum, modulo 2^(128h) as before, as add_1 over H0 H1, add_1 over H1
 * and sub_1 over H1, in one pass instead of three, H1's add and subtract
 * chains side by side.  No branch on a limb. */
/*@ requires 1 <= h <= 50000;
    requires \valid(r + (0 .. 2 * h - 1));
    assigns r[0 .. 2 * h - 1]; */
static void kara_carries(uint64_t *r, size_t h, uint64_t c0, uint64_t c1,
                         uint64_t sub)
{
  uint64_t ca = c0, cs = sub;
  size_t i;
  /*@ loop invariant 0 <= i <= h;
      loop assigns i, ca, r[0 .. h - 1];
      loop variant h - i;
  */
  for (i = 0; i < h; i++) {
    const uint64_t t = r[i] + ca;
    ca = t < ca;
    r[i] = t;
  }
  ca = ca + c1;
  /*@ loop invariant 0 <= i <= h;
      loop assigns i, ca, cs, r[h .. 2 * h - 1];
      loop variant h - i;
  */
  for (i = 0; i < h; i++) {
    const uint64_t t = r[h + i] + ca;
    const uint64_t u = t - cs;
    ca = t < ca;
    cs = t < cs;
    r[h + i] = u;
  }
}

/* n odd: the product of the low n - 1 limbs, then the rows of the top
 * limbs a[n-1] * b and b[n-1] * (a without its top limb). */
/*@ requires 3 <= n <= 100000;
    requires \valid(r + (0 .. 2 * n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \valid_read(b + (0 .. n - 1));
    requires \separated(r + (0 .. 2 * n - 1), a + (0 .. n - 1));
    requires \separated(r + (0 .. 2 * n - 1), b + (0 .. n - 1));
    assigns r[n - 1 .. 2 * n - 1]; */
static void body_mul_odd_rows(uint64_t *r, const uint64_t *a, const uint64_t *b,
                         size_t n)
{
  uint64_t c;
  r[2 * n - 2] = 0;
  r[2 * n - 1] = body_addmul_1(r + n - 1, b, n, a[n - 1]);
  c = body_addmul_1(r + n - 1, a, n - 1, b[n - 1]);
  (void)qed_mpn_add_1_ip(r + 2 * n - 2, 2, c);
}

/*@ requires 1 <= n <= 100000;
    requires \valid(r + (0 .. 2 * n - 1));
    requires \valid_read(a + (0 .. n - 1));
    requires \valid_read(b + (0 .. n - 1));
    requires \valid(s + (0 .. 4 * n + 4 * 64 - 1));
    requires \separated(r + (0 .. 2 * n - 1), a + (0 .. n - 1));
    requires \separated(r + (0 .. 2 * n - 1), b + (0 .. n - 1));
    requires \separated(s + (0 .. 4 * n + 4 * 64 - 1), r + (0 .. 2 * n - 1));
    requires \separated(s + (0 .. 4 * n + 4 * 64 - 1), a + (0 .. n - 1));
    requires \separated(s + (0 .. 4 * n + 4 * 64 - 1), b + (0 .. n - 1));
    assigns r[0 .. 2 * n - 1], s[0 .. 4 * n + 4 * 64 - 1]; */
static void body_mul_n(uint64_t *r, const uint64_t *a, const uint64_t *b,
                       size_t n, uint64_t *s)
{
  size_t h;
  uint64_t bwa, bwb, sub, cm[3];
  if (n < QED_MPN_KARATSUBA_THRESHOLD) {
    body_mul_basecase(r, a, n, b, n);
    return;
  }
  if (n % 2 == 1) {
    body_mul_n(r, a, b, n - 1, s);
    body_mul_odd_rows(r, a, b, n);
    return;
  }
  h = n / 2;
  /* s: t = |a0-a1| |b0-b1| in s[0 .. n-1], |a0-a1| in s[n .. n+h-1],
   * |b0-b1| in s[n+h .. 2n-1] (later the middle term), the recursion's
   * scratch from s[2n] on. */
  kara_absdiff(s + n, a, b, h, cm);
  bwa = cm[0];
  bwb = cm[1];
  body_mul_n(s, s + n, s + n + h, h, s + 2 * n);
  body_mul_n(r, a, b, h, s + 2 * n);
  body_mul_n(r + n, a + h, b + h, h, s + 2 * n);
  /* middle = a0 b0 + a1 b1 -+ t: subtract when (a0-a1)(b0-b1) >= 0 */
  sub = (uint64_t)(bwa == bwb);
  kara_middle(r, s, h, sub, cm);
  /* the carries: into H0 (and on up), then into H1; -sub takes back the
   * 2^(64n) of ~t + 1.  Always the whole pass: no branch on the limbs. */
  kara_carries(r + n, h, cm[0] + cm[1], cm[0] + cm[2], sub);
}

#endif
