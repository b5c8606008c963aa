/* qed_bn_powm: b^e mod m for public exponents (qed/bn.h).  Left-to-right
 * sliding window over the bits of e with a table of the odd powers b,
 * b^3, ..., b^(2^w - 1) (w from 1 to 5 by the size of e).  An odd m
 * multiplies in Montgomery form (bn_mont.c); an even m multiplies and
 * divides (Knuth's division, mpn_div.c).  Variable time.  Proved free of
 * run-time errors. */
#include "bn/bn_mont.h"

/* What one modular product needs: the modulus, and either its Montgomery
 * constant or the scratch of a division. */
typedef struct {
  const uint64_t *m;
  size_t n;
  int mont;
  uint64_t minv;
} modctx;

/*@ predicate modctx_ok(modctx *c) = 1 <= c->n <= 256 && \valid_read(c->m + (0 .. c->n - 1)) &&
        (c->mont == 0 ==> c->m[c->n - 1] != 0);
*/

/* r = a * b mod m (Montgomery or plain, as c says); a, b < m. */
/*@ requires \valid_read(c) && modctx_ok(c);
    requires \valid(r + (0 .. c->n - 1));
    requires \valid_read(a + (0 .. c->n - 1)) && \valid_read(b + (0 .. c->n - 1));
    requires \valid(s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(r + (0 .. c->n - 1), a + (0 .. c->n - 1), c->m + (0 .. c->n - 1), s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(r + (0 .. c->n - 1), b + (0 .. c->n - 1));
    requires \separated(s + (0 .. QED_MONT_SCRATCH - 1), a + (0 .. c->n - 1));
    requires \separated(s + (0 .. QED_MONT_SCRATCH - 1), b + (0 .. c->n - 1));
    requires \separated(s + (0 .. QED_MONT_SCRATCH - 1), c->m + (0 .. c->n - 1));
    requires \separated(c, r + (0 .. c->n - 1), s + (0 .. QED_MONT_SCRATCH - 1));
    assigns r[0 .. c->n - 1], s[0 .. QED_MONT_SCRATCH - 1]; */
static void modmul(const modctx *c, uint64_t *r, const uint64_t *a,
                   const uint64_t *b, uint64_t *s)
{
  const size_t n = c->n;
  if (c->mont) {
    qed_bn_mont_mul_limbs(r, a, b, c->m, n, c->minv, s);
  } else {
    /* s: the product (2n), the quotient (n + 1), the division's scratch
     * (3n + 1): 6n + 2 <= QED_MONT_SCRATCH limbs */
    qed_mpn_mul_n(s, a, b, n, s + 2 * n);
    qed_mpn_divrem(s + 2 * n, r, s, 2 * n, c->m, n, s + 3 * n + 1);
  }
}

/* acc = acc^2 mod m (x is the temporary) */
/*@ requires \valid_read(c) && modctx_ok(c);
    requires \valid(acc + (0 .. c->n - 1)) && \valid(x + (0 .. c->n - 1));
    requires \valid(s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(acc + (0 .. c->n - 1), x + (0 .. c->n - 1), c->m + (0 .. c->n - 1), s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(c, acc + (0 .. c->n - 1), x + (0 .. c->n - 1), s + (0 .. QED_MONT_SCRATCH - 1));
    assigns acc[0 .. c->n - 1], x[0 .. c->n - 1], s[0 .. QED_MONT_SCRATCH - 1]; */
static void sqr_in(const modctx *c, uint64_t *acc, uint64_t *x, uint64_t *s)
{
  modmul(c, x, acc, acc, s);
  qed_mpn_copy(acc, x, c->n);
}

/* acc = acc * y mod m */
/*@ requires \valid_read(c) && modctx_ok(c);
    requires \valid(acc + (0 .. c->n - 1)) && \valid(x + (0 .. c->n - 1));
    requires \valid_read(y + (0 .. c->n - 1));
    requires \valid(s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(acc + (0 .. c->n - 1), x + (0 .. c->n - 1), c->m + (0 .. c->n - 1), s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(y + (0 .. c->n - 1), x + (0 .. c->n - 1), s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(c, acc + (0 .. c->n - 1), x + (0 .. c->n - 1), s + (0 .. QED_MONT_SCRATCH - 1));
    assigns acc[0 .. c->n - 1], x[0 .. c->n - 1], s[0 .. QED_MONT_SCRATCH - 1]; */
static void mul_in(const modctx *c, uint64_t *acc, uint64_t *x,
                   const uint64_t *y, uint64_t *s)
{
  modmul(c, x, acc, y, s);
  qed_mpn_copy(acc, x, c->n);
}

/* bit i of e */
/*@ requires \valid_read(e) && qed_bn_ok(e) && i < 64 * e->n;
    assigns \nothing; */
static uint64_t ebit(const qed_bn *e, size_t i)
{
  return (e->limb[i / 64] >> (i % 64)) % 2;
}

/* tab[k] = b^(2k+1) for k < entries, from tab[0] = b (b2: b^2) */
/*@ requires \valid_read(c) && modctx_ok(c) && 1 <= entries <= 16;
    requires \valid(tab + (0 .. 16 * 256 - 1)) && \valid(b2 + (0 .. 255));
    requires \valid(s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(tab + (0 .. 16 * 256 - 1), b2 + (0 .. 255), c->m + (0 .. c->n - 1), s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(c, tab + (0 .. 16 * 256 - 1), b2 + (0 .. 255), s + (0 .. QED_MONT_SCRATCH - 1));
    assigns tab[256 .. 16 * 256 - 1], b2[0 .. 255], s[0 .. QED_MONT_SCRATCH - 1]; */
static void odd_powers(const modctx *c, uint64_t *tab, uint64_t *b2,
                       size_t entries, uint64_t *s)
{
  size_t k;
  if (entries <= 1)
    return;
  modmul(c, b2, tab, tab, s);
  /*@ loop invariant 1 <= k <= entries;
      loop assigns k, tab[256 .. 16 * 256 - 1], s[0 .. QED_MONT_SCRATCH - 1];
      loop variant entries - k;
  */
  for (k = 1; k < entries; k++)
    modmul(c, tab + 256 * k, tab + 256 * (k - 1), b2, s);
}

/* acc = acc^(2^...) * tab[...] over the bits of e from `bits` down: the
 * left-to-right sliding window (acc starts as 1) */
/*@ requires \valid_read(c) && modctx_ok(c);
    requires \valid_read(e) && qed_bn_ok(e) && bits <= 64 * e->n;
    requires 1 <= w <= 5;
    requires \valid_read(tab + (0 .. 16 * 256 - 1));
    requires \valid(acc + (0 .. 255)) && \valid(x + (0 .. 255));
    requires \valid(s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(acc + (0 .. 255), x + (0 .. 255), c->m + (0 .. c->n - 1), s + (0 .. QED_MONT_SCRATCH - 1), tab + (0 .. 16 * 256 - 1));
    requires \separated(c, e, acc + (0 .. 255), x + (0 .. 255), s + (0 .. QED_MONT_SCRATCH - 1));
    assigns acc[0 .. 255], x[0 .. 255], s[0 .. QED_MONT_SCRATCH - 1]; */
static void slide(const modctx *c, const qed_bn *e, size_t bits, size_t w,
                  const uint64_t *tab, uint64_t *acc, uint64_t *x, uint64_t *s)
{
  size_t i = bits, k;
  int started = 0;
  /*@ loop invariant 0 <= i <= bits;
      loop assigns i, k, started, acc[0 .. 255], x[0 .. 255], s[0 .. QED_MONT_SCRATCH - 1];
      loop variant i;
  */
  while (i > 0) {
    const size_t top = i - 1;
    size_t low;
    uint64_t val = 0;
    if (ebit(e, top) == 0) {
      if (started)
        sqr_in(c, acc, x, s);
      i--;
      continue;
    }
    /* a window: at most w bits from this 1 down to a 1 */
    low = top + 1 >= w ? top + 1 - w : 0;
    /*@ loop invariant low <= top;
        loop assigns low;
        loop variant top - low;
    */
    while (low < top && ebit(e, low) == 0)
      low++;
    /*@ loop invariant low <= k <= top + 1;
        loop invariant val < 32;
        loop assigns k, val, acc[0 .. 255], x[0 .. 255], s[0 .. QED_MONT_SCRATCH - 1];
        loop variant k - low;
    */
    for (k = top + 1; k > low; k--) {
      val = (2 * val + ebit(e, k - 1)) % 32;
      if (started)
        sqr_in(c, acc, x, s);
    }
    if (started) {
      mul_in(c, acc, x, tab + 256 * ((val / 2) % 16), s);
    } else {
      qed_mpn_copy(acc, tab + 256 * ((val / 2) % 16), c->n);
      started = 1;
    }
    i = low;
  }
}

int qed_bn_powm(qed_bn *r, const qed_bn *b, const qed_bn *e, const qed_bn *m)
{
  uint64_t tab[16 * QED_BN_LIMBS];
  uint64_t acc[QED_BN_LIMBS], x[QED_BN_LIMBS], b2[QED_BN_LIMBS];
  uint64_t s[QED_MONT_SCRATCH];
  qed_bn bm;
  modctx c;
  size_t n, bits, w;
  if (m->neg || m->n == 0 || e->neg || m->limb[m->n - 1] == 0) {
    qed_bn_zero(r);
    return -1;
  }
  if (m->n == 1 && m->limb[0] == 1) {
    qed_bn_zero(r);
    return 0;
  }
  /* b mod m in [0, m) */
  if (qed_bn_divmod(NULL, &bm, b, m) != 0 ||
      (bm.neg && qed_bn_add(&bm, &bm, m) != 0) || bm.n > m->n) {
    qed_bn_zero(r);
    return -1;
  }
  n = m->n;
  c.m = m->limb;
  c.n = n;
  c.mont = m->limb[0] % 2 == 1;
  c.minv = 0;
  qed_mpn_zero(x, n);
  qed_mpn_copy(x, bm.limb, bm.n);
  if (c.mont) {
    /* R^2 mod m (into b2) by one division, 2^(128 n) / m, in the table's
     * room: m is public here, and the division is cheaper than the
     * constant-time road of qed_bn_mont_init (doublings and squarings),
     * which a public exponent like 65537 would feel */
    if (m->limb[n - 1] == 0) {
      qed_bn_zero(r);
      return -1;
    }
    qed_mpn_zero(tab, 2 * n);
    tab[2 * n] = 1;
    qed_mpn_divrem(tab + 1024, b2, tab, 2 * n + 1, m->limb, n, tab + 2048);
    c.minv = qed_bn_mont_minv(m->limb[0]);
    /* into Montgomery form: b R, and 1 R */
    qed_bn_mont_mul_limbs(tab, x, b2, c.m, n, c.minv, s);
    qed_mpn_zero(x, n);
    x[0] = 1;
    qed_bn_mont_mul_limbs(acc, b2, x, c.m, n, c.minv, s);
  } else {
    qed_mpn_copy(tab, x, n);
    qed_mpn_zero(acc, n);
    acc[0] = 1;
  }
  bits = qed_bn_bits(e);
  w = bits > 671 ? 5 : bits > 239 ? 4 : bits > 79 ? 3 : bits > 23 ? 2 : 1;
  odd_powers(&c, tab, b2, w == 5 ? 16 : w == 4 ? 8 : w == 3 ? 4 : w == 2 ? 2 : 1,
             s);
  slide(&c, e, bits, w, tab, acc, x, s);
  if (c.mont) {
    qed_mpn_zero(x, n);
    x[0] = 1;
    qed_bn_mont_mul_limbs(b2, acc, x, c.m, n, c.minv, s);
    return qed_bn_set_limbs(r, b2, n, 0);
  }
  return qed_bn_set_limbs(r, acc, n, 0);
}
