/* Unit tests of the limb layer (src/bn/mpn*.c) and of qed_bn's byte
 * conversions.
 *
 *   - add/sub/add_1/sub_1: carry and borrow chains through all-ones and
 *     zero limbs, against an independent reference on 32-bit half-limbs;
 *   - mul_1, addmul_1, submul_1, lshift, rshift on edge limbs;
 *   - schoolbook, Karatsuba (every size across the threshold, odd and even)
 *     and squaring against the 32-bit reference; the schoolbook product
 *     directly, by rows and by columns (every size pair across
 *     QED_MPN_COMBA_MIN, the unrolled 16 x 16), all-ones operands (the
 *     largest column sums and carries) at every size up to 3 thresholds;
 *     the two bodies of the three-limb accumulator step qed_mac192
 *     (bn/mul192.h: unsigned __int128 and the proven portable one) against
 *     each other and a 32-bit reference;
 *   - Knuth's division: q d + r == a and r < d on random and structured
 *     operands, the q-hat corrections (top limbs of a equal to the
 *     divisor's, u1 == d_top) and the "add back" step, which
 *     a = Q d - 1 with d = (any top limbs, low limbs != 0) and 1 <= Q < 2^64
 *     always takes (the top-limb estimate is Q, the true quotient Q - 1);
 *   - gcd and extended gcd (Lehmer rounds, division steps, word Euclid):
 *     g divides a and b, g == s a + t b, Euclid's cofactor bounds, on
 *     zero, one, equal and all-ones operands, one dividing the other,
 *     1 to 256 limbs in both orders, large common factors, consecutive
 *     Fibonacci numbers (all quotients 1) and quotients around 2^31,
 *     2^62 and 2^64;
 *   - qed_bn_from_bytes / to_bytes round trips and refusals.
 * Deterministic (xorshift), a few seconds natively. */
#include <stdio.h>
#include <string.h>

#include "qed/bn.h"
#include "bn/mpn_ops.h"
#include "bn/mul192.h"
#include "testutil.h"

#define MAXN 300

static uint64_t rs = 0x2545f4914f6cdd1du;

static uint64_t rnd(void)
{
  return test_rand(&rs);
}

/* a random limb biased to the edges */
static uint64_t rlimb(void)
{
  switch (rnd() % 8) {
  case 0: return 0;
  case 1: return UINT64_MAX;
  case 2: return 1;
  case 3: return 0x8000000000000000u;
  case 4: return UINT64_MAX - 1;
  default: return rnd();
  }
}

static void rfill(uint64_t *a, size_t n)
{
  size_t i;
  int mode = (int)(rnd() % 4);
  for (i = 0; i < n; i++)
    a[i] = mode == 0 ? UINT64_MAX : mode == 1 ? rlimb() : rnd();
}

/* ---- reference arithmetic on 32-bit halves (independent of src/bn) ---- */

/* r[0 .. an+bn-1] = a * b */
static void ref_mul(uint64_t *r, const uint64_t *a, size_t an,
                    const uint64_t *b, size_t bn)
{
  static uint32_t x[2 * MAXN], y[2 * MAXN], z[4 * MAXN];
  size_t i, j;
  for (i = 0; i < an; i++) {
    x[2 * i] = (uint32_t)a[i];
    x[2 * i + 1] = (uint32_t)(a[i] >> 32);
  }
  for (i = 0; i < bn; i++) {
    y[2 * i] = (uint32_t)b[i];
    y[2 * i + 1] = (uint32_t)(b[i] >> 32);
  }
  memset(z, 0, sizeof(uint32_t) * 2 * (an + bn));
  for (i = 0; i < 2 * an; i++) {
    uint64_t c = 0;
    for (j = 0; j < 2 * bn; j++) {
      uint64_t t = (uint64_t)x[i] * y[j] + z[i + j] + c;
      z[i + j] = (uint32_t)t;
      c = t >> 32;
    }
    z[i + 2 * bn] = (uint32_t)c;
  }
  for (i = 0; i < an + bn; i++)
    r[i] = z[2 * i] | (uint64_t)z[2 * i + 1] << 32;
}

/* r = a + b (n limbs), returns carry, on 32-bit halves */
static uint64_t ref_add(uint64_t *r, const uint64_t *a, const uint64_t *b,
                        size_t n)
{
  uint64_t c = 0;
  size_t i;
  for (i = 0; i < n; i++) {
    uint64_t lo = (a[i] & 0xffffffffu) + (b[i] & 0xffffffffu) + c;
    uint64_t hi = (a[i] >> 32) + (b[i] >> 32) + (lo >> 32);
    r[i] = (lo & 0xffffffffu) | (hi << 32);
    c = hi >> 32;
  }
  return c;
}

static int eq(const uint64_t *a, const uint64_t *b, size_t n)
{
  return memcmp(a, b, n * sizeof(uint64_t)) == 0;
}

static void test_addsub(test_tally *t)
{
  static uint64_t a[MAXN], b[MAXN], r[MAXN], s[MAXN], u[MAXN];
  size_t it, n;
  /* all-ones + 1: the carry runs through every limb */
  for (n = 1; n <= 40; n++) {
    memset(a, 0xff, n * 8);
    memset(b, 0, n * 8);
    b[0] = 1;
    test_check(t, qed_mpn_add_n(r, a, b, n) == 1 && qed_mpn_is_zero(r, n), "add_n carry chain %zu", n);
    test_check(t, qed_mpn_add_1(r, a, n, 1) == 1 && qed_mpn_is_zero(r, n), "add_1 carry chain %zu", n);
    test_check(t, qed_mpn_sub_1(s, r, n, 1) == 1 && eq(s, a, n), "sub_1 borrow chain %zu", n);
    test_check(t, qed_mpn_sub_n(s, r, b, n) == 1 && eq(s, a, n), "sub_n borrow chain %zu", n);
    test_check(t, qed_mpn_add_1(r, a, n, UINT64_MAX) == 1 && r[0] == UINT64_MAX - 1, "add_1 big limb");
  }
  for (it = 0; it < 3000; it++) {
    uint64_t c, c2, bw;
    n = 1 + rnd() % 40;
    rfill(a, n);
    rfill(b, n);
    c = qed_mpn_add_n(r, a, b, n);
    c2 = ref_add(u, a, b, n);
    test_check(t, c == c2 && eq(r, u, n), "add_n vs reference");
    bw = qed_mpn_sub_n(s, r, b, n);
    test_check(t, bw == c && eq(s, a, n), "sub_n undoes add_n");
    test_check(t, qed_mpn_cmp(r, r, n) == 0, "cmp equal");
    if (!eq(a, b, n)) {
      int cm = qed_mpn_cmp(a, b, n);
      uint64_t d = qed_mpn_sub_n(s, a, b, n);
      test_check(t, (cm < 0) == (d == 1) && cm != 0, "cmp agrees with the borrow");
    }
    memcpy(u, a, n * 8);
    test_check(t, qed_mpn_add_n_ip(u, b, n) == c && eq(u, r, n), "add_n_ip");
    test_check(t, qed_mpn_sub_n_ip(u, b, n) == c && eq(u, a, n), "sub_n_ip");
  }
}

static void test_mul1_shift(test_tally *t)
{
  static uint64_t a[MAXN], r[MAXN + 1], s[MAXN + 1], u[MAXN + 2], v[MAXN];
  size_t it, n;
  for (it = 0; it < 3000; it++) {
    uint64_t b = rlimb(), c, c2;
    unsigned cnt = 1 + (unsigned)(rnd() % 63);
    n = 1 + rnd() % 40;
    rfill(a, n);
    r[n] = qed_mpn_mul_1(r, a, n, b);
    ref_mul(u, a, n, &b, 1);
    test_check(t, eq(r, u, n + 1), "mul_1 vs reference");
    /* addmul then submul gets back where it started */
    rfill(s, n);
    memcpy(v, s, n * 8);
    c = qed_mpn_addmul_1(s, a, n, b);
    c2 = qed_mpn_submul_1(s, a, n, b);
    test_check(t, c == c2 && eq(s, v, n), "submul_1 undoes addmul_1");
    /* shifts are products by powers of two */
    c = qed_mpn_lshift(r, a, n, cnt);
    c2 = qed_mpn_mul_1(s, a, n, (uint64_t)1 << cnt);
    test_check(t, c == c2 && eq(r, s, n), "lshift == mul_1 by 2^cnt");
    c = qed_mpn_rshift(s, r, n, cnt);
    test_check(t, c == 0 && (n < 1 || 1), "rshift low bits of a shifted value are 0");
    s[n - 1] |= c2 << (64 - cnt);
    test_check(t, eq(s, a, n), "rshift undoes lshift");
    c = qed_mpn_rshift(s, a, n, cnt);
    test_check(t, c == a[0] << (64 - cnt) && (s[n - 1] == a[n - 1] >> cnt), "rshift shifted-out bits");
  }
}


/* qed_mac192: the compiled body (unsigned __int128 where the compiler has
 * it, bn/mul192_int128.h, outside the proof) and the proven portable one
 * agree, and both equal acc + a * b computed on 32-bit halves. */
static void check_mac192(test_tally *t, qed_u192 acc, uint64_t a, uint64_t b)
{
  uint64_t p[2], x[4], y[4], z[4];
  const qed_u192 r = qed_mac192(acc, a, b), q = qed_mac192_portable(acc, a, b);
  ref_mul(p, &a, 1, &b, 1);
  x[0] = acc.lo; x[1] = acc.mid; x[2] = acc.hi; x[3] = 0;
  y[0] = p[0]; y[1] = p[1]; y[2] = 0; y[3] = 0;
  (void)ref_add(z, x, y, 4);
  test_check(t, r.lo == q.lo && r.mid == q.mid && r.hi == q.hi,
             "mac192 bodies agree (%016llx %016llx)", (unsigned long long)a,
             (unsigned long long)b);
  test_check(t, r.lo == z[0] && r.mid == z[1] && r.hi == z[2] && z[3] == 0,
             "mac192 == acc + a b");
}

static void test_mac192(test_tally *t)
{
  static const uint64_t edge[] = { 0, 1, 2, 0xffffffffu, 0x100000000u,
                                   0x7fffffffffffffffu, 0x8000000000000000u,
                                   UINT64_MAX - 1, UINT64_MAX };
  const size_t ne = sizeof edge / sizeof edge[0];
  size_t i, j, k, l, rep;
  for (i = 0; i < ne; i++)
    for (j = 0; j < ne; j++)
      for (k = 0; k < ne; k++)
        for (l = 0; l < ne; l++) {
          qed_u192 acc;
          acc.lo = edge[k];
          acc.mid = edge[l];
          acc.hi = edge[(i + j + k) % (ne - 1)];   /* < 2^64 - 1 */
          check_mac192(t, acc, edge[i], edge[j]);
        }
  for (rep = 0; rep < 200000; rep++) {
    qed_u192 acc;
    acc.lo = rlimb();
    acc.mid = rlimb();
    acc.hi = rnd() % 4 == 0 ? UINT64_MAX - 1 : rnd() % 100001;
    check_mac192(t, acc, rlimb(), rlimb());
  }
}

/* The schoolbook product directly: rows (an operand below
 * QED_MPN_COMBA_MIN limbs), columns, the unrolled 16 x 16, in both operand
 * orders, random and all-ones operands. */
static void test_basecase(test_tally *t)
{
  static uint64_t a[MAXN], b[MAXN], r[2 * MAXN], u[2 * MAXN];
  size_t n, m, i, rep;
  for (n = 1; n <= 40; n++)
    for (m = 1; m <= 40; m++)
      for (rep = 0; rep < 2; rep++) {
        if (rep == 0) {
          rfill(a, n);
          rfill(b, m);
        } else {
          for (i = 0; i < n; i++) a[i] = UINT64_MAX;
          for (i = 0; i < m; i++) b[i] = UINT64_MAX;
        }
        r[n + m] = 0x5a5a5a5a5a5a5a5au;
        qed_mpn_mul_basecase(r, a, n, b, m);
        ref_mul(u, a, n, b, m);
        test_check(t, eq(r, u, n + m) && r[n + m] == 0x5a5a5a5a5a5a5a5au,
                   "basecase %zu x %zu vs reference", n, m);
      }
  for (n = 100; n <= 260; n += 32)
    for (m = 1; m <= 24; m++) {
      rfill(a, n);
      rfill(b, m);
      qed_mpn_mul_basecase(r, a, n, b, m);
      ref_mul(u, a, n, b, m);
      test_check(t, eq(r, u, n + m), "basecase %zu x %zu vs reference", n, m);
    }
}

static void test_mul(test_tally *t)
{
  static uint64_t a[MAXN], b[MAXN], r[2 * MAXN], u[2 * MAXN];
  static uint64_t s[4 * 2 * MAXN + 4 * 64];
  size_t n, m, rep;
  for (n = 1; n <= 3 * QED_MPN_KARATSUBA_THRESHOLD + 5; n++)
    for (rep = 0; rep < 3; rep++) {
      rfill(a, n);
      rfill(b, n);
      qed_mpn_mul_n(r, a, b, n, s);
      ref_mul(u, a, n, b, n);
      test_check(t, eq(r, u, 2 * n), "mul_n %zu vs reference", n);
      qed_mpn_sqr_n(r, a, n, s);
      ref_mul(u, a, n, a, n);
      test_check(t, eq(r, u, 2 * n), "sqr_n %zu vs reference", n);
    }
  /* all ones: (2^(64n) - 1)^2, the largest column sums and carries */
  for (n = 1; n <= 3 * QED_MPN_KARATSUBA_THRESHOLD + 5; n++) {
    size_t i;
    for (i = 0; i < n; i++) {
      a[i] = UINT64_MAX;
      b[i] = UINT64_MAX;
    }
    qed_mpn_mul_n(r, a, b, n, s);
    ref_mul(u, a, n, b, n);
    test_check(t, eq(r, u, 2 * n), "mul_n %zu all ones", n);
    b[n / 2] = 0;
    qed_mpn_mul_n(r, a, b, n, s);
    ref_mul(u, a, n, b, n);
    test_check(t, eq(r, u, 2 * n), "mul_n %zu all ones but one", n);
  }
  for (n = 200; n <= 256; n += 7) {
    rfill(a, n);
    rfill(b, n);
    qed_mpn_mul_n(r, a, b, n, s);
    ref_mul(u, a, n, b, n);
    test_check(t, eq(r, u, 2 * n), "mul_n %zu vs reference", n);
  }
  for (rep = 0; rep < 300; rep++) {
    n = 1 + rnd() % 256;
    m = 1 + rnd() % 256;
    rfill(a, n);
    rfill(b, m);
    qed_mpn_mul(r, a, n, b, m, s);
    ref_mul(u, a, n, b, m);
    test_check(t, eq(r, u, n + m), "mul %zu x %zu vs reference", n, m);
  }
}

/* q d + r == a and r < d */
static int div_ok(const uint64_t *a, size_t an, const uint64_t *d, size_t dn,
                  const uint64_t *q, const uint64_t *r)
{
  static uint64_t p[2 * MAXN + 2], x[2 * MAXN + 2], rr[2 * MAXN + 2];
  const size_t qn = an - dn + 1;
  ref_mul(p, q, qn, d, dn);
  memset(rr, 0, sizeof rr);
  memcpy(rr, r, dn * 8);
  if (ref_add(x, p, rr, an + 1) != 0)
    return 0;
  if (!eq(x, a, an) || x[an] != 0)
    return 0;
  return qed_mpn_cmp(r, d, dn) < 0;
}

static void test_div(test_tally *t)
{
  static uint64_t a[MAXN + 2], d[MAXN], q[MAXN + 2], r[MAXN];
  static uint64_t s[2 * MAXN + 4];
  size_t it, an, dn, i;
  for (it = 0; it < 3000; it++) {
    dn = 1 + rnd() % 40;
    an = dn + rnd() % 40;
    rfill(a, an);
    rfill(d, dn);
    switch (rnd() % 4) {
    case 0: d[dn - 1] |= 0x8000000000000000u; break;   /* top bit set */
    case 1: d[dn - 1] &= 0xffffu; break;                /* top limb small */
    case 2:                                             /* a's top limbs == d's */
      for (i = 0; i < dn && i < an; i++)
        a[an - 1 - i] = d[dn - 1 - i];
      break;
    default: break;
    }
    if (d[dn - 1] == 0)
      d[dn - 1] = 1 + rnd() % 5;
    qed_mpn_divrem(q, r, a, an, d, dn, s);
    test_check(t, div_ok(a, an, d, dn, q, r), "divrem %zu / %zu", an, dn);
  }
  /* add back: a = Q d - 1, d with a nonzero low limb, an == dn + 1 */
  for (it = 0; it < 500; it++) {
    uint64_t Q = 1 + rnd() % UINT64_MAX;
    dn = 3 + rnd() % 30;
    rfill(d, dn);
    d[0] |= 1;
    if (it % 2)
      d[dn - 1] |= 0x8000000000000000u;
    if (d[dn - 1] == 0)
      d[dn - 1] = 1;
    a[dn] = qed_mpn_mul_1(a, d, dn, Q);
    an = dn + 1;
    (void)qed_mpn_sub_1(a, a, an, 1);
    qed_mpn_divrem(q, r, a, an, d, dn, s);
    test_check(t, div_ok(a, an, d, dn, q, r) && q[0] == Q - 1 && q[1] == 0,
               "add-back case Q=%llu", (unsigned long long)Q);
  }
  /* the smallest add-back: (2^192 + 1) / (2^191 + 1) = 1 rem 2^191 */
  memset(a, 0, sizeof a);
  memset(d, 0, sizeof d);
  a[0] = 1;
  a[3] = 1;
  d[0] = 1;
  d[2] = 0x8000000000000000u;
  qed_mpn_divrem(q, r, a, 4, d, 3, s);
  test_check(t, q[0] == 1 && q[1] == 0 && r[0] == 0 && r[1] == 0 && r[2] == 0x8000000000000000u,
             "add-back worked example");
  /* q-hat = 2^64 - 1 branch (u1 == d_top) and its corrections */
  for (it = 0; it < 500; it++) {
    dn = 2 + rnd() % 20;
    rfill(d, dn);
    d[dn - 1] |= 0x8000000000000000u;
    an = dn + 1 + rnd() % 5;
    rfill(a, an);
    a[an - 1] = d[dn - 1] >> (rnd() % 2);
    if (rnd() % 2)
      a[an - 2] = d[dn - 2];
    qed_mpn_divrem(q, r, a, an, d, dn, s);
    test_check(t, div_ok(a, an, d, dn, q, r), "q-hat edge %zu / %zu", an, dn);
  }
  /* one-limb divisors */
  for (it = 0; it < 1000; it++) {
    an = 1 + rnd() % 50;
    rfill(a, an);
    d[0] = rlimb();
    if (d[0] == 0)
      d[0] = 3;
    qed_mpn_divrem(q, r, a, an, d, 1, s);
    test_check(t, div_ok(a, an, d, 1, q, r), "divrem by one limb");
  }
}

/* ---- gcd and extended gcd (mpn_gcd.c, mpn_gcdext.c, bn_gcdext.c) ---- */

static void set_bn(qed_bn *x, const uint64_t *l, size_t n, int neg)
{
  memset(x, 0, sizeof *x);
  while (n > 0 && l[n - 1] == 0)
    n--;
  memcpy(x->limb, l, n * 8);
  x->n = n;
  x->neg = n > 0 && neg;
}

/* x <= y as magnitudes of xn and yn limbs */
static int le_mag(const uint64_t *x, size_t xn, const uint64_t *y, size_t yn)
{
  while (xn > 0 && x[xn - 1] == 0)
    xn--;
  while (yn > 0 && y[yn - 1] == 0)
    yn--;
  if (xn != yn)
    return xn < yn;
  return xn == 0 || qed_mpn_cmp(x, y, xn) <= 0;
}

/* g == gcd(a, b) by g | a, g | b and g == s a + t b (then every common
 * divisor divides g), the cofactor bounds |s| g <= |b|, |t| g <= |a| (or
 * |s|, |t| <= 1), and qed_bn_gcd agreeing. */
static int gcdext_ok(const qed_bn *a, const qed_bn *b)
{
  static uint64_t x[2 * MAXN + 2], y[2 * MAXN + 2], z[2 * MAXN + 2];
  static uint64_t q[2 * MAXN + 2], r[MAXN], w[4 * MAXN];
  qed_bn g, s, t, g2;
  const size_t n = 2 * QED_BN_LIMBS + 1;
  int sa_neg, tb_neg;
  if (qed_bn_gcdext(&g, &s, &t, a, b) != 0 || g.neg)
    return 0;
  if (qed_bn_gcd(&g2, a, b) != 0 || qed_bn_cmp(&g, &g2) != 0)
    return 0;
  if (g.n == 0)  /* gcd(0, 0) */
    return a->n == 0 && b->n == 0;
  /* g divides a and b */
  if (a->n >= g.n) {
    qed_mpn_divrem(q, r, a->limb, a->n, g.limb, g.n, w);
    if (!qed_mpn_is_zero(r, g.n))
      return 0;
  } else if (a->n != 0) {
    return 0;
  }
  if (b->n >= g.n) {
    qed_mpn_divrem(q, r, b->limb, b->n, g.limb, g.n, w);
    if (!qed_mpn_is_zero(r, g.n))
      return 0;
  } else if (b->n != 0) {
    return 0;
  }
  /* s a + t b == g, on magnitudes: X = |s a|, Y = |t b| */
  memset(x, 0, sizeof x);
  memset(y, 0, sizeof y);
  memset(z, 0, sizeof z);
  if (s.n > 0 && a->n > 0)
    ref_mul(x, s.limb, s.n, a->limb, a->n);
  if (t.n > 0 && b->n > 0)
    ref_mul(y, t.limb, t.n, b->limb, b->n);
  memcpy(z, g.limb, g.n * 8);
  sa_neg = s.neg != a->neg && !qed_mpn_is_zero(x, n);
  tb_neg = t.neg != b->neg && !qed_mpn_is_zero(y, n);
  if (!sa_neg && !tb_neg) {
    if (ref_add(w, x, y, n) != 0 || !eq(w, z, n))
      return 0;
  } else if (!sa_neg && tb_neg) {
    if (ref_add(w, z, y, n) != 0 || !eq(w, x, n))
      return 0;
  } else if (sa_neg && !tb_neg) {
    if (ref_add(w, z, x, n) != 0 || !eq(w, y, n))
      return 0;
  } else {
    return 0;
  }
  /* Euclid's bounds */
  if (a->n > 0 && b->n > 0) {
    memset(x, 0, sizeof x);
    ref_mul(x, s.limb, s.n > 0 ? s.n : 1, g.limb, g.n);
    if (!(s.n <= 1 && s.limb[0] <= 1) && !le_mag(x, s.n + g.n, b->limb, b->n))
      return 0;
    memset(x, 0, sizeof x);
    ref_mul(x, t.limb, t.n > 0 ? t.n : 1, g.limb, g.n);
    if (!(t.n <= 1 && t.limb[0] <= 1) && !le_mag(x, t.n + g.n, a->limb, a->n))
      return 0;
  }
  return 1;
}

static void test_gcd(test_tally *t)
{
  static uint64_t x[MAXN], y[MAXN], f[2][MAXN], p[2 * MAXN];
  qed_bn a, b;
  size_t it, n, m, k, cur;
  /* zero, one, equal, all-ones, and one dividing the other */
  for (it = 0; it < 600; it++) {
    n = 1 + rnd() % (it < 300 ? 8 : QED_BN_LIMBS);
    rfill(x, n);
    set_bn(&a, x, n, (int)(rnd() % 2));
    switch (it % 6) {
    case 0: set_bn(&b, x, 0, 0); break;                 /* b == 0 */
    case 1: y[0] = 1; set_bn(&b, y, 1, (int)(rnd() % 2)); break;
    case 2: set_bn(&b, x, n, (int)(rnd() % 2)); break;  /* |b| == |a| */
    case 3: memset(y, 0xff, n * 8); set_bn(&b, y, n, 0); break;
    case 4:                                             /* a == b * small */
      y[n] = qed_mpn_mul_1(y, x, n, 1 + rnd() % 1000);
      set_bn(&b, x, n, 0);
      set_bn(&a, y, n + 1 < QED_BN_LIMBS ? n + 1 : n, 1);
      break;
    default:                                            /* huge quotient */
      y[0] = rlimb() | 1;
      set_bn(&b, y, 1, 0);
      break;
    }
    test_check(t, gcdext_ok(&a, &b) && gcdext_ok(&b, &a), "gcdext edge %zu (case %zu)", n, it % 6);
  }
  /* random sizes from one limb to the capacity, both orders */
  for (it = 0; it < 400; it++) {
    n = 1 + rnd() % (it < 200 ? 12 : QED_BN_LIMBS);
    m = 1 + rnd() % (rnd() % 2 ? n : QED_BN_LIMBS);
    rfill(x, n);
    rfill(y, m);
    set_bn(&a, x, n, (int)(rnd() % 2));
    set_bn(&b, y, m, (int)(rnd() % 2));
    test_check(t, gcdext_ok(&a, &b), "gcdext random %zu x %zu", n, m);
  }
  /* a large common factor: a = x g0, b = y g0 */
  for (it = 0; it < 200; it++) {
    k = 1 + rnd() % 100;
    n = 1 + rnd() % (QED_BN_LIMBS - k);
    m = 1 + rnd() % (QED_BN_LIMBS - k);
    rfill(f[0], k);
    f[0][k - 1] |= 1;
    rfill(x, n);
    rfill(y, m);
    ref_mul(p, x, n, f[0], k);
    set_bn(&a, p, n + k, 0);
    ref_mul(p, y, m, f[0], k);
    set_bn(&b, p, m + k, (int)(rnd() % 2));
    test_check(t, gcdext_ok(&a, &b), "gcdext common factor %zu", k);
  }
  /* consecutive Fibonacci numbers: every quotient 1, the longest Euclid */
  memset(f, 0, sizeof f);
  f[0][0] = 1;
  f[1][0] = 1;
  cur = 0;
  for (it = 0; it < 23000; it++) {
    /* f[cur] += f[1 - cur] */
    if (qed_mpn_add_n_ip(f[cur], f[1 - cur], QED_BN_LIMBS) != 0)
      break;
    if (it % 997 == 0 || it < 200) {
      set_bn(&a, f[cur], QED_BN_LIMBS, 0);
      set_bn(&b, f[1 - cur], QED_BN_LIMBS, 0);
      test_check(t, gcdext_ok(&a, &b), "gcdext Fibonacci %zu", it);
    }
    cur = 1 - cur;
  }
  /* quotients around the Lehmer bound 2^31 and the word bound 2^62:
   * a = b q + r */
  for (it = 0; it < 400; it++) {
    static const uint64_t qs[] = { 2147483647u, 2147483648u, 2147483649u,
                                   4611686018427387903u, 4611686018427387904u,
                                   4611686018427387905u, UINT64_MAX };
    const uint64_t qv = qs[it % 7];
    n = 1 + rnd() % (it < 200 ? 3 : QED_BN_LIMBS - 1);
    rfill(y, n);
    if (y[n - 1] == 0)
      y[n - 1] = 1;
    x[n] = qed_mpn_mul_1(x, y, n, qv);
    (void)qed_mpn_add_1_ip(x, n + 1, rnd() % 3);
    set_bn(&a, x, n + 1, 0);
    set_bn(&b, y, n, 0);
    test_check(t, gcdext_ok(&a, &b), "gcdext quotient %llx", (unsigned long long)qv);
  }
}

static void test_bytes(test_tally *t)
{
  static uint8_t buf[QED_BN_MAX_BYTES + 64], out[QED_BN_MAX_BYTES + 64];
  qed_bn x;
  size_t it, len, k;
  for (it = 0; it < 300; it++) {
    len = (size_t)(rnd() % (QED_BN_MAX_BYTES + 1));
    test_fill(buf, len, rnd() | 1);
    if (len > 0 && rnd() % 3 == 0)
      buf[0] = 0;
    test_check(t, qed_bn_from_bytes(&x, buf, len) == 0, "from_bytes %zu", len);
    memset(out, 0xa5, sizeof out);
    test_check(t, qed_bn_to_bytes(out, len, &x) == 0 && memcmp(out, buf, len) == 0 &&
                  out[len] == 0xa5, "round trip %zu", len);
    /* wider: left-padded */
    test_check(t, qed_bn_to_bytes(out, len + 5, &x) == 0 && out[0] == 0 && out[4] == 0 &&
                  memcmp(out + 5, buf, len) == 0, "padded %zu", len);
    /* narrower than the value: refused, zeroed */
    for (k = 0; k < len && buf[k] == 0; k++)
      ;
    if (k < len) {
      memset(out, 0xa5, sizeof out);
      test_check(t, qed_bn_to_bytes(out, len - k - 1, &x) == -1 &&
                    (len - k - 1 == 0 || (out[0] == 0 && out[len - k - 2] == 0)),
                 "too narrow refused");
    }
  }
  memset(buf, 0, sizeof buf);
  buf[0] = 1;
  test_check(t, qed_bn_from_bytes(&x, buf, QED_BN_MAX_BYTES + 1) == -1 && x.n == 0,
             "2^16384 refused");
  buf[0] = 0;
  buf[1] = 0xff;
  test_check(t, qed_bn_from_bytes(&x, buf, QED_BN_MAX_BYTES + 1) == 0 &&
                qed_bn_bits(&x) == QED_BN_MAX_BITS, "leading zero then 16384 bits");
}

int main(void)
{
  test_tally t = { 0, 0 };
  test_addsub(&t);
  test_mul1_shift(&t);
  test_mac192(&t);
  test_basecase(&t);
  test_mul(&t);
  test_div(&t);
  test_gcd(&t);
  test_bytes(&t);
  return test_finish(&t);
}
