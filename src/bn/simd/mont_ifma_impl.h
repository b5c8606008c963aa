/* The radix-2^52 Montgomery product and exponentiation of mont_ifma.h,
 * written once over 8-lane vectors of 64-bit lanes.  simd/mont_ifma.c
 * includes it with AVX-512 IFMA operations; the tests include it with
 * plain C lanes (the same algorithm, runnable under valgrind and on any
 * CPU).  The includer defines:
 *
 *   IFMA_FN              attributes of every function here (static, the
 *                        target attribute)
 *   IFMA_INLINE          the same, always inlined (the product's body,
 *                        unrolled once per vector count)
 *   ifma_vec             the vector type (8 lanes of 64 bits)
 *   ifma_load(p)         8 lanes from p[0 .. 7]; ifma_store(p, v)
 *   ifma_zero()          all lanes 0;  ifma_set1(x) every lane x
 *   ifma_add(a, b)       lane-wise a + b mod 2^64
 *   ifma_madd_lo(c,a,b)  c + bits 0..51 of a*b (52-bit lanes of a and b)
 *   ifma_madd_hi(c,a,b)  c + bits 52..103 of a*b
 *   ifma_shr_lane(a, b)  lanes a[1 .. 7], b[0]: one digit down across two
 *   ifma_lane1(v)        lane 1 of v
 *   ifma_cmov_eq(d,v,x,y) d, with every lane replaced by v's when x == y
 *                        (no branch, no address on x or y)
 *
 * Numbers are k = 5n/4 digits of 52 bits (52k = 64n + n bits), stored in
 * kp = 8 nv limbs (nv vectors), the digits above k zero.
 *
 * The product is Gueron and Krasnov's almost Montgomery multiplication:
 * operand scanning over the digits b_i of b; the accumulator R (nv
 * vectors, digit j in lane j) gets a b_i + m y_i, where y_i makes digit 0
 * vanish, and moves down one digit.  Lanes are never normalized inside the
 * loop (each gets at most 4 k 52-bit terms: below 2^61).  Digit 0 is also
 * kept in a scalar s0, with the carry out of the vanishing digit, so y_i
 * is found from scalar products and lane 1 of the previous accumulator,
 * off the vectors' dependency chain; the vectors drop that carry, which
 * only lane 0 would get, and lane 0 is discarded by the next move.  For
 * a, b < 2m and 4m < 2^(52k), the result a b / 2^(52k) mod m is < 2m. */
#define IFMA_MASK52 0xfffffffffffffULL

/* the loops over the nv vectors, unrolled so that the accumulator stays in
 * registers (GCC and clang both read this pragma).  An includer may define
 * it empty first: the tests' plain-C lanes keep no vector in a register,
 * and clang -O3 for i686 cannot unroll ifma_amm2_body's loops around the
 * 26-bit-halves product there (-Wpass-failed, an error under -Werror). */
#ifndef IFMA_UNROLL
#define IFMA_UNROLL _Pragma("GCC unroll 16")
#endif

/* hi * 2^52 + lo = x * y for x, y < 2^52 */
IFMA_FN uint64_t ifma_hi52(uint64_t x, uint64_t y)
{
#if defined(__SIZEOF_INT128__)
  return (uint64_t)(((unsigned __int128)x * y) >> 52);
#else
  uint64_t hi, lo;
  qed_ifma_mul52_halves(x, y, &hi, &lo);
  return hi;
#endif
}

/* digits r[0 .. kp-1] from the unnormalized lanes t[0 .. k-1] (carries
 * propagated; the value is below 2^(52k), so nothing is lost) */
IFMA_FN void ifma_normalize(uint64_t *r, const uint64_t *t, size_t k,
                            size_t kp)
{
  uint64_t carry = 0;
  size_t j;
  for (j = 0; j < k; j++) {
    const uint64_t v = t[j] + carry;
    r[j] = v & IFMA_MASK52;
    carry = v >> 52;
  }
  for (; j < kp; j++)
    r[j] = 0;
}

/* r = a b / 2^(52k) mod m (< 2m for a, b < 2m); k0 = -m^-1 mod 2^52;
 * t: kp limbs of scratch.  r may be a or b. */
IFMA_INLINE void ifma_amm_body(uint64_t *r, const uint64_t *a, const uint64_t *b,
              const uint64_t *m, uint64_t k0, size_t k, uint64_t *t,
              const size_t nv)
{
  ifma_vec A[10], M[10], R[10], X[10];
  const ifma_vec zero = ifma_zero();
  const uint64_t a0 = a[0], a1 = a[1], m0 = m[0], m1 = m[1];
  uint64_t s0 = 0;
  size_t i, v;
  IFMA_UNROLL
  for (v = 0; v < nv; v++) {
    A[v] = ifma_load(a + 8 * v);
    M[v] = ifma_load(m + 8 * v);
    R[v] = zero;
  }
  for (i = 0; i < k; i++) {
    const uint64_t bi = b[i];
    const uint64_t t1 = ifma_lane1(R[0]);
    const uint64_t u0 = s0 + ((a0 * bi) & IFMA_MASK52);
    const uint64_t y = (u0 * k0) & IFMA_MASK52;
    /* u0 + lo52(m0 y) is a multiple of 2^52: its carry is ceil(u0/2^52) */
    const uint64_t c = (u0 + IFMA_MASK52) >> 52;
    const ifma_vec B = ifma_set1(bi), Y = ifma_set1(y);
    /* the next digit 0: lane 1 with its low products, the high products
     * of digit 0 and the carry */
    s0 = t1 + ((a1 * bi) & IFMA_MASK52) + ((m1 * y) & IFMA_MASK52) +
         ifma_hi52(a0, bi) + ifma_hi52(m0, y) + c;
    IFMA_UNROLL
    for (v = 0; v < nv; v++)
      X[v] = ifma_madd_lo(ifma_madd_lo(R[v], A[v], B), M[v], Y);
    /* the high halves belong one digit up: after the move, in place */
    IFMA_UNROLL
    for (v = 0; v + 1 < nv; v++)
      R[v] = ifma_add(ifma_shr_lane(X[v], X[v + 1]),
                      ifma_madd_hi(ifma_madd_hi(zero, A[v], B), M[v], Y));
    R[nv - 1] = ifma_add(ifma_shr_lane(X[nv - 1], zero),
                         ifma_madd_hi(ifma_madd_hi(zero, A[nv - 1], B),
                                      M[nv - 1], Y));
  }
  IFMA_UNROLL
  for (v = 0; v < nv; v++)
    ifma_store(t + 8 * v, R[v]);
  t[0] = s0;
  ifma_normalize(r, t, k, 8 * nv);
}

/* one instance per size, the loops over vectors unrolled */
#define IFMA_AMM_N(nv)                                                    \
  IFMA_FN void ifma_amm_##nv(uint64_t *r, const uint64_t *a,              \
                             const uint64_t *b, const uint64_t *m,        \
                             uint64_t k0, size_t k, uint64_t *t)          \
  {                                                                       \
    ifma_amm_body(r, a, b, m, k0, k, t, nv);                              \
  }
IFMA_AMM_N(2)
IFMA_AMM_N(3)
IFMA_AMM_N(5)
IFMA_AMM_N(10)
#undef IFMA_AMM_N

/* the product for k digits (k = 10, 20, 40 or 80, public) */
IFMA_FN void ifma_amm(uint64_t *r, const uint64_t *a, const uint64_t *b,
                      const uint64_t *m, uint64_t k0, size_t k, uint64_t *t)
{
  if (k == 10)
    ifma_amm_2(r, a, b, m, k0, k, t);
  else if (k == 20)
    ifma_amm_3(r, a, b, m, k0, k, t);
  else if (k == 40)
    ifma_amm_5(r, a, b, m, k0, k, t);
  else
    ifma_amm_10(r, a, b, m, k0, k, t);
}

/* Two independent products at once (the two halves of an RSA CRT): the
 * same loop over both, interleaved, so that one's dependency chain (y_i
 * from digit 0, through the broadcast, the products and the move) runs
 * while the other's vector work fills the units.  The operands are at
 * offsets ro, ao, bo of two regions s and s + st that hold the modulus at
 * offset 0 and kp limbs of scratch at offset 6 kp. */
IFMA_INLINE void ifma_amm2_body(uint64_t *s, size_t st, size_t ro, size_t ao,
                                size_t bo, const uint64_t *k0, size_t k,
                                const size_t nv)
{
  ifma_vec A[2][10], M[2][10], R[2][10], X[2][10];
  const ifma_vec zero = ifma_zero();
  const uint64_t *b[2];
  uint64_t a0[2], a1[2], m0[2], m1[2], s0[2];
  size_t i, v, q;
  IFMA_UNROLL
  for (q = 0; q < 2; q++) {
    const uint64_t *a = s + q * st + ao, *m = s + q * st;
    b[q] = s + q * st + bo;
    a0[q] = a[0];
    a1[q] = a[1];
    m0[q] = m[0];
    m1[q] = m[1];
    s0[q] = 0;
    IFMA_UNROLL
    for (v = 0; v < nv; v++) {
      A[q][v] = ifma_load(a + 8 * v);
      M[q][v] = ifma_load(m + 8 * v);
      R[q][v] = zero;
    }
  }
  for (i = 0; i < k; i++) {
    IFMA_UNROLL
    for (q = 0; q < 2; q++) {
      const uint64_t bi = b[q][i];
      const uint64_t t1 = ifma_lane1(R[q][0]);
      const uint64_t u0 = s0[q] + ((a0[q] * bi) & IFMA_MASK52);
      const uint64_t y = (u0 * k0[q]) & IFMA_MASK52;
      const uint64_t c = (u0 + IFMA_MASK52) >> 52;
      const ifma_vec B = ifma_set1(bi), Y = ifma_set1(y);
      s0[q] = t1 + ((a1[q] * bi) & IFMA_MASK52) +
              ((m1[q] * y) & IFMA_MASK52) + ifma_hi52(a0[q], bi) +
              ifma_hi52(m0[q], y) + c;
      IFMA_UNROLL
      for (v = 0; v < nv; v++)
        X[q][v] = ifma_madd_lo(ifma_madd_lo(R[q][v], A[q][v], B), M[q][v], Y);
      IFMA_UNROLL
      for (v = 0; v + 1 < nv; v++)
        R[q][v] = ifma_add(ifma_shr_lane(X[q][v], X[q][v + 1]),
                           ifma_madd_hi(ifma_madd_hi(zero, A[q][v], B),
                                        M[q][v], Y));
      R[q][nv - 1] = ifma_add(ifma_shr_lane(X[q][nv - 1], zero),
                              ifma_madd_hi(ifma_madd_hi(zero, A[q][nv - 1], B),
                                           M[q][nv - 1], Y));
    }
  }
  IFMA_UNROLL
  for (q = 0; q < 2; q++) {
    uint64_t *t = s + q * st + 6 * 8 * nv;
    IFMA_UNROLL
    for (v = 0; v < nv; v++)
      ifma_store(t + 8 * v, R[q][v]);
    t[0] = s0[q];
    ifma_normalize(s + q * st + ro, t, k, 8 * nv);
  }
}

#define IFMA_AMM2_N(nv)                                                   \
  IFMA_FN void ifma_amm2_##nv(uint64_t *s, size_t st, size_t ro,          \
                              size_t ao, size_t bo, const uint64_t *k0,   \
                              size_t k)                                   \
  {                                                                       \
    ifma_amm2_body(s, st, ro, ao, bo, k0, k, nv);                         \
  }
IFMA_AMM2_N(2)
IFMA_AMM2_N(3)
IFMA_AMM2_N(5)
IFMA_AMM2_N(10)
#undef IFMA_AMM2_N

/* in each of nq (1 or 2) regions of st limbs from s, laid out as the
 * exponentiation's (modulus at 0, scratch at 6 kp):
 * [ro] = [ao] [bo] / R' mod m */
IFMA_FN void ifma_amm_regions(uint64_t *s, size_t st, size_t nq, size_t ro,
                              size_t ao, size_t bo, const uint64_t *k0,
                              size_t k, size_t kp)
{
  if (nq == 1)
    ifma_amm(s + ro, s + ao, s + bo, s, k0[0], k, s + 6 * kp);
  else if (k == 10)
    ifma_amm2_2(s, st, ro, ao, bo, k0, k);
  else if (k == 20)
    ifma_amm2_3(s, st, ro, ao, bo, k0, k);
  else if (k == 40)
    ifma_amm2_5(s, st, ro, ao, bo, k0, k);
  else
    ifma_amm2_10(s, st, ro, ao, bo, k0, k);
}

/* digits d[0 .. kp-1] of x 2^sh, x of n limbs, 52k >= 64n + sh (the
 * shift is public) */
IFMA_FN void ifma_to52(uint64_t *d, const uint64_t *x, size_t n, size_t sh,
                       size_t k, size_t kp)
{
  size_t j;
  for (j = 0; j < k; j++) {
    const size_t lo = 52 * j;  /* digit j: bits lo - sh .. lo - sh + 51 of x */
    uint64_t w = 0;
    if (lo >= sh) {
      const size_t q = (lo - sh) / 64;
      const unsigned rr = (unsigned)((lo - sh) % 64);
      if (q < n)
        w = x[q] >> rr;
      if (rr > 12 && q + 1 < n)
        w |= x[q + 1] << (64 - rr);
    } else if (lo + 52 > sh) {
      /* the digit where x begins: its low bits moved up by sh - lo < 52 */
      w = x[0] << (sh - lo);
    }
    d[j] = w & IFMA_MASK52;
  }
  for (; j < kp; j++)
    d[j] = 0;
}

/* x[0 .. nx-1] = the value of the k digits d (below 2^(64 nx)) */
IFMA_FN void ifma_from52(uint64_t *x, size_t nx, const uint64_t *d, size_t k)
{
  size_t j, q;
  for (q = 0; q < nx; q++)
    x[q] = 0;
  for (j = 0; j < k; j++) {
    const size_t bit = 52 * j;
    const unsigned rr = (unsigned)(bit % 64);
    q = bit / 64;
    if (q < nx)
      x[q] |= d[j] << rr;
    if (rr > 12 && q + 1 < nx)
      x[q + 1] |= d[j] >> (64 - rr);
  }
}

/* r = x - m when x >= m, else x: x of n + 1 limbs below 2m, r of n limbs;
 * the choice by a mask. */
IFMA_FN void ifma_reduce_once(uint64_t *r, const uint64_t *x,
                              const uint64_t *m, size_t n)
{
  uint64_t bw = 0, keep;
  size_t i;
  for (i = 0; i < n; i++) {
    const uint64_t xi = x[i], mi = m[i];
    const uint64_t d = xi - mi - bw;
    bw = ((~xi & mi) | (~(xi ^ mi) & d)) >> 63;
    r[i] = d;
  }
  /* the borrow out of limb n (x[n] is 0 or 1): x < m exactly when it is 1 */
  bw = (x[n] - bw) >> 63;
  keep = 0 - bw;  /* all ones: keep x */
  for (i = 0; i < n; i++)
    r[i] = (r[i] & ~keep) | (x[i] & keep);
}

/* x = 2 x mod m, x < m (n limbs), t: n limbs of scratch */
IFMA_FN void ifma_double_mod(uint64_t *x, const uint64_t *m, size_t n,
                             uint64_t *t)
{
  uint64_t top = 0, bw = 0, keep;
  size_t i;
  for (i = 0; i < n; i++) {
    const uint64_t xi = (x[i] << 1) | top;
    const uint64_t mi = m[i];
    const uint64_t d = xi - mi - bw;
    top = x[i] >> 63;
    bw = ((~xi & mi) | (~(xi ^ mi) & d)) >> 63;
    t[i] = d;
    x[i] = xi;
  }
  /* 2x >= m when it overflowed n limbs or the subtraction did not borrow */
  keep = 0 - ((1 - top) & bw);
  for (i = 0; i < n; i++)
    x[i] = (t[i] & ~keep) | (x[i] & keep);
}

/* -m0^-1 mod 2^52 for an odd m0 (Newton's iteration, 6 doublings of the
 * correct bits from 3) */
IFMA_FN uint64_t ifma_k0(uint64_t m0)
{
  uint64_t x = m0;
  int i;
  for (i = 0; i < 5; i++)
    x *= 2 - m0 * x;
  return (0 - x) & IFMA_MASK52;
}

IFMA_FN void ifma_mont_mul(uint64_t *r, const uint64_t *a, const uint64_t *b,
                           const uint64_t *m, size_t n, uint64_t minv,
                           uint64_t *s)
{
  const size_t k = 5 * n / 4, kp = (k + 7) / 8 * 8;
  uint64_t *ad = s, *bd = s + kp, *md = s + 2 * kp, *t = s + 3 * kp;
  /* a 2^n < m 2^n: a 2^n b / 2^(52k) = a b / 2^(64n) is below 2m */
  ifma_to52(ad, a, n, n, k, kp);
  ifma_to52(bd, b, n, 0, k, kp);
  ifma_to52(md, m, n, 0, k, kp);
  ifma_amm(bd, ad, bd, md, minv & IFMA_MASK52, k, t);
  /* t < 2m < 2^(64n + 1): n + 1 limbs, then at most one subtraction */
  ifma_from52(ad, n + 1, bd, k);
  ifma_reduce_once(r, ad, m, n);
}

/* window w (bits 5w .. 5w + 4, those below ebits) of e */
IFMA_FN uint64_t ifma_window(const uint64_t *e, size_t ebits, size_t w)
{
  uint64_t v = 0;
  size_t j;
  for (j = 5; j > 0; j--) {
    const size_t bit = 5 * w + j - 1;
    uint64_t b = 0;
    if (bit < ebits)
      b = (e[bit / 64] >> (bit % 64)) & 1;
    v = 2 * v + b;
  }
  return v;
}

/* d = tab[idx] (kp digits), reading all 32 entries */
IFMA_FN void ifma_select(uint64_t *d, const uint64_t *tab, size_t kp,
                         uint64_t idx)
{
  size_t v, e;
  for (v = 0; v < kp; v += 8) {
    ifma_vec acc = ifma_zero();
    for (e = 0; e < 32; e++)
      acc = ifma_cmov_eq(acc, ifma_load(tab + e * kp + v), (uint64_t)e, idx);
    ifma_store(d + v, acc);
  }
}

/* r_q = b_q^e_q mod m_q for q < nq (1 or 2), all of n limbs, the
 * exponents of ebits bits; s: nq regions of 39 kp limbs (md, x, bd, acc,
 * sel, one, t, then the table), wiped on return */
IFMA_FN void ifma_mont_expx(size_t nq, uint64_t *const *r,
                            const uint64_t *const *b,
                            const uint64_t *const *e, size_t ebits,
                            const uint64_t *const *m, size_t n, uint64_t *s)
{
  const size_t k = 5 * n / 4, kp = (k + 7) / 8 * 8, st = 39 * kp;
  const size_t MD = 0, X = kp, BD = 2 * kp, ACC = 3 * kp, SEL = 4 * kp;
  const size_t ONE = 5 * kp, TAB = 7 * kp;
  uint64_t k0[2] = { 0, 0 };
  size_t i, w, nw, q;
  for (q = 0; q < nq; q++) {
    uint64_t *g = s + q * st;
    k0[q] = ifma_k0(m[q][0]);
    ifma_to52(g + MD, m[q], n, 0, k, kp);
    /* R'^2 mod m, R' = 2^(52k) = 2^(65n): 2^(64(n-1)) < m (m[n-1] != 0,
     * m odd), doubled 129 + n times: 2^(65n + 65); then each squaring
     * x^2 / R' turns 2^(65n + f) into 2^(65n + 2f): from f = 65 to
     * f = 65n, log2(n) squarings (below). */
    for (i = 0; i < n; i++)
      g[ACC + i] = 0;
    g[ACC + n - 1] = 1;
    for (i = 0; i < 129 + n; i++)
      ifma_double_mod(g + ACC, m[q], n, g + SEL);
    ifma_to52(g + X, g + ACC, n, 0, k, kp);
    for (i = 0; i < kp; i++)
      g[ONE + i] = 0;
    g[ONE] = 1;
    ifma_to52(g + BD, b[q], n, 0, k, kp);
  }
#define IFMA_AMMR(ro, ao, bo) \
  ifma_amm_regions(s, st, nq, (ro), (ao), (bo), k0, k, kp)
  for (i = 65; i < 65 * n; i *= 2)
    IFMA_AMMR(X, X, X);
  /* the table: tab[0] = R' mod m, tab[j] = b^j R' mod m (each < 2m) */
  IFMA_AMMR(TAB, X, ONE);
  IFMA_AMMR(TAB + kp, BD, X);
  for (i = 2; i < 32; i++)
    IFMA_AMMR(TAB + i * kp, TAB + (i - 1) * kp, TAB + kp);
  /* windows of 5 bits from the top */
  nw = (ebits + 4) / 5;
  for (q = 0; q < nq; q++) {
    uint64_t *g = s + q * st;
    if (nw == 0)
      for (i = 0; i < kp; i++)
        g[ACC + i] = g[TAB + i];
    else
      ifma_select(g + ACC, g + TAB, kp, ifma_window(e[q], ebits, nw - 1));
  }
  for (w = nw > 0 ? nw - 1 : 0; w > 0; w--) {
    for (i = 0; i < 5; i++)
      IFMA_AMMR(ACC, ACC, ACC);
    for (q = 0; q < nq; q++)
      ifma_select(s + q * st + SEL, s + q * st + TAB, kp,
                  ifma_window(e[q], ebits, w - 1));
    IFMA_AMMR(ACC, ACC, SEL);
  }
  /* out of Montgomery form: acc / R' mod m <= m, then below m */
  IFMA_AMMR(ACC, ACC, ONE);
#undef IFMA_AMMR
  for (q = 0; q < nq; q++) {
    uint64_t *g = s + q * st;
    ifma_from52(g + X, n + 1, g + ACC, k);
    ifma_reduce_once(r[q], g + X, m[q], n);
  }
  for (i = 0; i < nq * st; i++)
    s[i] = 0;
}

IFMA_FN void ifma_mont_exp(uint64_t *r, const uint64_t *b, const uint64_t *e,
                           size_t ebits, const uint64_t *m, size_t n,
                           uint64_t *s)
{
  uint64_t *const rr[1] = { r };
  const uint64_t *const bb[1] = { b }, *const ee[1] = { e }, *const mm[1] = { m };
  ifma_mont_expx(1, rr, bb, ee, ebits, mm, n, s);
}

IFMA_FN void ifma_mont_exp2(uint64_t *r0, uint64_t *r1, const uint64_t *b0,
                            const uint64_t *b1, const uint64_t *e0,
                            const uint64_t *e1, size_t ebits,
                            const uint64_t *m0, const uint64_t *m1, size_t n,
                            uint64_t *s)
{
  uint64_t *const rr[2] = { r0, r1 };
  const uint64_t *const bb[2] = { b0, b1 }, *const ee[2] = { e0, e1 };
  const uint64_t *const mm[2] = { m0, m1 };
  ifma_mont_expx(2, rr, bb, ee, ebits, mm, n, s);
}

/* r = b^e mod m for a PUBLIC exponent e of ebits bits (RSA's e): left to
 * right square and multiply, one branch per bit of e, never a branch or
 * an address on b or m.  b < 2^(64n) (not necessarily below m: b R'^2 /
 * R' is still below 2m); rr = 2^(128n) mod m, the portable
 * context's R^2 (R = 2^(64n)), from which R'^2 = rr 2^(2n) mod m comes by
 * 2n modular doublings (R' = 2^(52k) = R 2^n) instead of the 129 + n
 * doublings and log2(n) squarings of ifma_mont_expx, and no table: for
 * e = 65537, 19 products.  s: 6 kp limbs (md, x, bd, acc, one, t), wiped. */
IFMA_FN void ifma_mont_exp_pub(uint64_t *r, const uint64_t *b,
                               const uint64_t *e, size_t ebits,
                               const uint64_t *m, const uint64_t *rr,
                               size_t n, uint64_t *s)
{
  const size_t k = 5 * n / 4, kp = (k + 7) / 8 * 8;
  uint64_t *md = s, *x = s + kp, *bd = s + 2 * kp, *acc = s + 3 * kp;
  uint64_t *one = s + 4 * kp, *t = s + 5 * kp;
  const uint64_t k0 = ifma_k0(m[0]);
  size_t i;
  /* e's bit length (e is public): the loop below starts at its top bit */
  while (ebits > 0 && ((e[(ebits - 1) / 64] >> ((ebits - 1) % 64)) & 1) == 0)
    ebits--;
  ifma_to52(md, m, n, 0, k, kp);
  /* R'^2 mod m (acc as n limbs, t as the doublings' scratch) */
  for (i = 0; i < n; i++)
    acc[i] = rr[i];
  for (i = 0; i < 2 * n; i++)
    ifma_double_mod(acc, m, n, t);
  ifma_to52(x, acc, n, 0, k, kp);
  for (i = 0; i < kp; i++)
    one[i] = 0;
  one[0] = 1;
  /* bd = b R' (below 2m, as every value below) */
  ifma_to52(bd, b, n, 0, k, kp);
  ifma_amm(bd, bd, x, md, k0, k, t);
  if (ebits == 0)
    ifma_amm(acc, x, one, md, k0, k, t);     /* R' mod m: 1 */
  else
    for (i = 0; i < kp; i++)                 /* the top bit of e */
      acc[i] = bd[i];
  for (i = ebits > 0 ? ebits - 1 : 0; i > 0; i--) {
    ifma_amm(acc, acc, acc, md, k0, k, t);
    if ((e[(i - 1) / 64] >> ((i - 1) % 64)) & 1)
      ifma_amm(acc, acc, bd, md, k0, k, t);
  }
  /* out of Montgomery form: acc / R' mod m <= m, then below m */
  ifma_amm(acc, acc, one, md, k0, k, t);
  ifma_from52(x, n + 1, acc, k);
  ifma_reduce_once(r, x, m, n);
  for (i = 0; i < 6 * kp; i++)
    s[i] = 0;
}
