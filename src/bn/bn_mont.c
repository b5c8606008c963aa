/* Montgomery arithmetic in constant time (qed/bn.h): the limb-level
 * product, the contexts (qed_bn_mont_init, qed_bn_mont_init_sec), the
 * fixed-length mul/to/from, modular add/sub, the reduction of a longer
 * number, and the constant-time byte export.
 *
 * The product is a full multiplication (Karatsuba from the threshold on)
 * followed by a word-by-word reduction (REDC): for each of the n low limbs
 * u = t[i] * (-m^-1) mod 2^64 and t += u m 2^(64 i), which clears limb i;
 * the result t / R < 2m loses m once more by a subtraction whose outcome
 * is chosen with a mask.
 *
 * Fixed length: every function reads n limbs of each operand (n from the
 * context: public) and all 256 limbs when it checks that the rest is zero;
 * range checks are accumulated in a word `bad` with | and decided once, by
 * a mask, when the result is stored.  No branch and no address depends on
 * a limb, on a sign or on the count field of an operand.
 *
 * R^2 mod m without a division (qed_bn_mont_init_sec), for m of n limbs
 * with limb n-1 nonzero: 2^(64(n-1)) < m (m is odd, so not equal; for n = 1
 * the start is 1 < m), and 64 modular doublings (x = 2x, minus m when that
 * is >= m, chosen by a mask: x < m keeps 2x < 2m, one subtraction is
 * enough) turn it into R mod m = 1 in Montgomery form.  d more doublings
 * give 2^d R mod m, the Montgomery form of 2^d; a Montgomery squaring maps
 * the form of y to the form of y^2, so q squarings give the form of
 * 2^(d 2^q).  With d 2^q = 64 n (d the odd part of n, q = 6 + the power of
 * two in n) that is the form of R, which is R^2 mod m.  For RSA-2048's
 * primes (n = 16): 65 doublings and 10 squarings instead of a division.
 * For a public m (RSA's n) qed_bn_mont_init_pub takes R^2 mod m by one
 * division instead, about ten times cheaper at 2048 bits.
 *
 * Proved free of run-time errors. */
#include "bn/bn_mont.h"
#include "common/zeroize.h"

uint64_t qed_bn_mont_minv(uint64_t m0)
{
  /* Newton's iteration x = x (2 - m0 x) doubles the correct low bits;
   * x = m0 is right to 3 bits for an odd m0 (m0^2 = 1 mod 8). */
  uint64_t x = m0;
  int k;
  /*@ loop invariant 0 <= k <= 5;
      loop assigns k, x;
      loop variant 5 - k;
  */
  for (k = 0; k < 5; k++)
    x *= 2 - m0 * x;
  return 0 - x;
}

void qed_bn_mont_redc(uint64_t *r, uint64_t *t, const uint64_t *m, size_t n,
                      uint64_t minv)
{
  uint64_t c2 = 0, bw, use_sub;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop invariant c2 <= 1;
      loop assigns i, c2, t[0 .. 2 * n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++) {
    const uint64_t u = t[i] * minv;
    const uint64_t c = qed_mpn_addmul_1(t + i, m, n, u);
    const uint64_t x = t[i + n] + c;
    const uint64_t ca = x < c;
    const uint64_t y = x + c2;
    const uint64_t cb = y < c2;
    t[i + n] = y;
    c2 = ca | cb;
  }
  /* t[n .. 2n-1] + c2 2^(64n) < 2m: subtract m when that does not borrow
   * (or when c2 says the value is at least 2^(64n) > m) */
  bw = qed_mpn_sub_n(r, t + n, m, n);
  use_sub = c2 | (1 - bw);
  qed_mpn_cnd_select(r, t + n, n, 1 - use_sub);
}

void qed_bn_mont_mul_limbs(uint64_t *r, const uint64_t *a, const uint64_t *b,
                           const uint64_t *m, size_t n, uint64_t minv,
                           uint64_t *s)
{
  uint64_t *t = s;
  qed_mpn_mul_n(t, a, b, n, s + 2 * n);
  qed_bn_mont_redc(r, t, m, n, minv);
}

void qed_bn_mont_sqr_limbs(uint64_t *r, const uint64_t *a, const uint64_t *m,
                           size_t n, uint64_t minv, uint64_t *s)
{
  uint64_t *t = s;
  qed_mpn_sqr_n(t, a, n, s + 2 * n);
  qed_bn_mont_redc(r, t, m, n, minv);
}

/* ---- fixed-length helpers ---- */

uint64_t qed_bn_load_fixed(uint64_t *x, const qed_bn *a, size_t n)
{
  uint64_t hi = (uint64_t)(a->neg != 0);
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, x[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++)
    x[i] = a->limb[i];
  /*@ loop invariant n <= i <= 256;
      loop assigns i, hi;
      loop variant 256 - i;
  */
  for (i = n; i < QED_BN_LIMBS; i++)
    hi |= a->limb[i];
  return hi;
}

int qed_bn_store_fixed(qed_bn *r, uint64_t *z, size_t n, uint64_t bad)
{
  const uint64_t ok = (uint64_t)(bad == 0);
  const uint64_t mask = 0 - ok;
  size_t i;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, z[0 .. n - 1];
      loop variant n - i;
  */
  for (i = 0; i < n; i++)
    z[i] &= mask;
  qed_bn_set_limbs_ct(r, z, n);
  qed_wipe_u64(z, n);
  return (int)ok - 1;
}

uint64_t qed_bn_not_below(const uint64_t *a, const uint64_t *m, size_t n)
{
  /* qed_mpn_cmp runs over every limb and selects its answer arithmetically */
  return (uint64_t)(qed_mpn_cmp(a, m, n) >= 0);
}

/* r = t + c 2^(64n) - m when that is >= 0, else t (for t + c 2^(64n) < 2m) */
/*@ requires 1 <= n <= 256 && c <= 1;
    requires \valid(r + (0 .. n - 1)) && \valid_read(t + (0 .. n - 1));
    requires \valid_read(m + (0 .. n - 1));
    requires \separated(r + (0 .. n - 1), t + (0 .. n - 1), m + (0 .. n - 1));
    assigns r[0 .. n - 1]; */
static void cnd_sub(uint64_t *r, const uint64_t *t, uint64_t c,
                    const uint64_t *m, size_t n)
{
  const uint64_t bw = qed_mpn_sub_n(r, t, m, n);
  /* keep t exactly when the subtraction borrowed and nothing carried
   * (bw, c in {0, 1}: a comparison, not a branch) */
  qed_mpn_cnd_select(r, t, n, (uint64_t)(bw > c));
}

/* x = 2 x mod m for x < m (t: n limbs of scratch) */
/*@ requires 1 <= n <= 256;
    requires \valid(x + (0 .. n - 1)) && \valid(t + (0 .. n - 1));
    requires \valid_read(m + (0 .. n - 1));
    requires \separated(x + (0 .. n - 1), t + (0 .. n - 1), m + (0 .. n - 1));
    assigns x[0 .. n - 1], t[0 .. n - 1]; */
static void dbl_mod(uint64_t *x, uint64_t *t, const uint64_t *m, size_t n)
{
  const uint64_t c = x[n - 1] >> 63;   /* the bit the shift pushes out */
  (void)qed_mpn_lshift(t, x, n, 1);
  cnd_sub(x, t, c, m, n);
}

/* ---- contexts ---- */

int qed_bn_mont_init_sec(qed_bn_mont_ctx *ctx, const qed_bn *m, size_t bits)
{
  uint64_t x[QED_BN_LIMBS], t[QED_BN_LIMBS];
  uint64_t s[QED_MONT_SCRATCH];
  const size_t n = (bits + 63) / 64;
  const unsigned top = (unsigned)(bits % 64);
  size_t d = n, q = 6, k;
  uint64_t bad, minv, ok, mask;
  qed_mpn_zero(ctx->m, QED_BN_LIMBS);
  qed_mpn_zero(ctx->rr, QED_BN_LIMBS);
  bad = qed_bn_load_fixed(ctx->m, m, n);
  if (top != 0)
    bad |= ctx->m[n - 1] >> top;                /* m < 2^bits */
  bad |= (ctx->m[0] & 1) ^ 1;                   /* m odd */
  bad |= (uint64_t)(ctx->m[n - 1] == 0);        /* limb n-1 nonzero */
  if (n == 1)
    bad |= (uint64_t)(ctx->m[0] == 1);          /* m >= 3 */
  minv = qed_bn_mont_minv(ctx->m[0]);
  /* x = 2^(64(n-1)) < m, then 64 doublings: R mod m */
  qed_mpn_zero(x, n);
  x[n - 1] = 1;
  /*@ loop invariant 0 <= k <= 64;
      loop assigns k, x[0 .. n - 1], t[0 .. n - 1];
      loop variant 64 - k;
  */
  for (k = 0; k < 64; k++)
    dbl_mod(x, t, ctx->m, n);
  /* 64 n = d 2^q with d odd (n <= 256 = 2^8: at most 8 halvings) */
  /*@ loop invariant 0 <= k <= 8;
      loop invariant 1 <= d <= n && q == 6 + k;
      loop assigns k, d, q;
      loop variant 8 - k;
  */
  for (k = 0; k < 8 && d % 2 == 0; k++) {
    d /= 2;
    q++;
  }
  /*@ loop invariant 0 <= k <= d;
      loop assigns k, x[0 .. n - 1], t[0 .. n - 1];
      loop variant d - k;
  */
  for (k = 0; k < d; k++)
    dbl_mod(x, t, ctx->m, n);
  /*@ loop invariant 0 <= k <= q;
      loop assigns k, x[0 .. n - 1], t[0 .. n - 1], s[0 .. QED_MONT_SCRATCH - 1];
      loop variant q - k;
  */
  for (k = 0; k < q; k++) {
    qed_bn_mont_sqr_limbs(t, x, ctx->m, n, minv, s);
    qed_mpn_copy(x, t, n);
  }
  /* one masked decision: on a bad m the context holds zeros and n */
  ok = (uint64_t)(bad == 0);
  mask = 0 - ok;
  /*@ loop invariant 0 <= k <= n;
      loop assigns k, ctx->m[0 .. 255], ctx->rr[0 .. 255];
      loop variant n - k;
  */
  for (k = 0; k < n; k++) {
    ctx->m[k] &= mask;
    ctx->rr[k] = x[k] & mask;
  }
  ctx->minv = minv & mask;
  ctx->n = n;
  qed_wipe_u64(x, QED_BN_LIMBS);
  qed_wipe_u64(t, QED_BN_LIMBS);
  qed_wipe_u64(s, QED_MONT_SCRATCH);
  return (int)ok - 1;
}

int qed_bn_mont_init(qed_bn_mont_ctx *ctx, const qed_bn *m)
{
  const size_t n = m->n;
  int st;
  if (n == 0) {
    qed_bn_mont_wipe(ctx);
    return -1;
  }
  st = qed_bn_mont_init_sec(ctx, m, 64 * n);
  ctx->n = (size_t)(st + 1) * n;   /* 0 on -1, without a branch */
  return st;
}

int qed_bn_mont_init_pub(qed_bn_mont_ctx *ctx, const qed_bn *m)
{
  /* 2^(128 n) (2n + 1 limbs), its quotient (n + 2) and the division's
   * scratch (3n + 2 limbs) */
  uint64_t t[2 * QED_BN_LIMBS + 1], q[QED_BN_LIMBS + 2];
  uint64_t s[QED_MPN_DIV_SCRATCH(2 * QED_BN_LIMBS + 1, QED_BN_LIMBS)];
  const size_t n = m->n;
  qed_mpn_zero(ctx->m, QED_BN_LIMBS);
  qed_mpn_zero(ctx->rr, QED_BN_LIMBS);
  ctx->minv = 0;
  ctx->n = n;
  /* branches on m: public here */
  if (m->neg != 0 || m->limb[n - 1] == 0 || (m->limb[0] & 1) == 0 ||
      (n == 1 && m->limb[0] == 1))
    return -1;
  qed_mpn_copy(ctx->m, m->limb, n);
  qed_mpn_zero(t, 2 * n);
  t[2 * n] = 1;
  qed_mpn_divrem(q, ctx->rr, t, 2 * n + 1, ctx->m, n, s);
  ctx->minv = qed_bn_mont_minv(ctx->m[0]);
  return 0;
}

void qed_bn_mont_wipe(qed_bn_mont_ctx *ctx)
{
  qed_wipe_u64(ctx->m, QED_BN_LIMBS);
  qed_wipe_u64(ctx->rr, QED_BN_LIMBS);
  ctx->minv = 0;
  ctx->n = 0;
}

/* ---- products, sums, reduction ---- */

/* r = x y / R mod m for n-limb x, y (checked < m), stored under bad */
/*@ requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires \valid(r) && \valid(x + (0 .. 255)) && \valid(y + (0 .. 255));
    requires \separated(r, x + (0 .. 255), y + (0 .. 255));
    requires \separated(x + (0 .. 255), y + (0 .. 255), ctx);
    assigns *r, x[0 .. 255], y[0 .. 255];
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
static int mul_store(const qed_bn_mont_ctx *ctx, qed_bn *r, uint64_t *x,
                     uint64_t *y, uint64_t bad)
{
  uint64_t z[QED_BN_LIMBS];
  uint64_t s[QED_MONT_SCRATCH];
  const size_t n = ctx->n;
  int st;
  bad |= qed_bn_not_below(x, ctx->m, n);
  bad |= qed_bn_not_below(y, ctx->m, n);
  qed_bn_mont_mul_limbs(z, x, y, ctx->m, n, ctx->minv, s);
  st = qed_bn_store_fixed(r, z, n, bad);
  qed_wipe_u64(x, QED_BN_LIMBS);
  qed_wipe_u64(y, QED_BN_LIMBS);
  qed_wipe_u64(s, QED_MONT_SCRATCH);
  return st;
}

int qed_bn_mont_mul(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a,
                    const qed_bn *b)
{
  uint64_t x[QED_BN_LIMBS], y[QED_BN_LIMBS];
  uint64_t bad = qed_bn_load_fixed(x, a, ctx->n);
  bad |= qed_bn_load_fixed(y, b, ctx->n);
  return mul_store(ctx, r, x, y, bad);
}

int qed_bn_mont_to(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a)
{
  uint64_t x[QED_BN_LIMBS], y[QED_BN_LIMBS];
  const uint64_t bad = qed_bn_load_fixed(x, a, ctx->n);
  qed_mpn_copy(y, ctx->rr, ctx->n);
  return mul_store(ctx, r, x, y, bad);
}

int qed_bn_mont_from(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a)
{
  uint64_t x[QED_BN_LIMBS], y[QED_BN_LIMBS];
  const uint64_t bad = qed_bn_load_fixed(x, a, ctx->n);
  qed_mpn_zero(y, ctx->n);
  y[0] = 1;
  return mul_store(ctx, r, x, y, bad);
}

int qed_bn_mont_add(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a,
                    const qed_bn *b)
{
  uint64_t x[QED_BN_LIMBS], y[QED_BN_LIMBS], t[QED_BN_LIMBS];
  const size_t n = ctx->n;
  uint64_t bad, c;
  int st;
  bad = qed_bn_load_fixed(x, a, n);
  bad |= qed_bn_load_fixed(y, b, n);
  bad |= qed_bn_not_below(x, ctx->m, n);
  bad |= qed_bn_not_below(y, ctx->m, n);
  c = qed_mpn_add_n(t, x, y, n);
  cnd_sub(x, t, c, ctx->m, n);    /* a + b < 2m: at most one m off */
  st = qed_bn_store_fixed(r, x, n, bad);
  qed_wipe_u64(y, QED_BN_LIMBS);
  qed_wipe_u64(t, QED_BN_LIMBS);
  return st;
}

int qed_bn_mont_sub(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a,
                    const qed_bn *b)
{
  uint64_t x[QED_BN_LIMBS], y[QED_BN_LIMBS], t[QED_BN_LIMBS];
  const size_t n = ctx->n;
  uint64_t bad, bw;
  int st;
  bad = qed_bn_load_fixed(x, a, n);
  bad |= qed_bn_load_fixed(y, b, n);
  bad |= qed_bn_not_below(x, ctx->m, n);
  bad |= qed_bn_not_below(y, ctx->m, n);
  bw = qed_mpn_sub_n(t, x, y, n);
  (void)qed_mpn_add_n(y, t, ctx->m, n);   /* a - b + m, for a < b */
  qed_mpn_cnd_select(t, y, n, bw);
  st = qed_bn_store_fixed(r, t, n, bad);
  qed_wipe_u64(x, QED_BN_LIMBS);
  qed_wipe_u64(y, QED_BN_LIMBS);
  return st;
}

int qed_bn_mont_reduce(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *x,
                       size_t xlimbs)
{
  /* x = sum c_j R^j over chunks c_j of n limbs; Horner in Montgomery form:
   * acc = acc R + c_j R (mod m), where acc R = REDC(acc R^2) and c_j R =
   * REDC(c_j R^2) (c_j < R and R^2 mod m < m keep REDC's input below
   * m R), so acc ends as x R mod m and one REDC(acc 1) gives x mod m. */
  uint64_t acc[QED_BN_LIMBS], t[QED_BN_LIMBS], u[QED_BN_LIMBS];
  uint64_t s[QED_MONT_SCRATCH];
  const size_t n = ctx->n;
  const size_t chunks = (xlimbs + n - 1) / n;
  uint64_t bad = (uint64_t)(x->neg != 0) | ((ctx->m[0] & 1) ^ 1);
  size_t i, j;
  int st;
  /*@ loop invariant xlimbs <= i <= 256;
      loop assigns i, bad;
      loop variant 256 - i;
  */
  for (i = xlimbs; i < QED_BN_LIMBS; i++)
    bad |= x->limb[i];
  qed_mpn_zero(acc, n);
  /*@ loop invariant 0 <= j <= chunks;
      loop assigns j, i, acc[0 .. 255], t[0 .. 255], u[0 .. 255],
                   s[0 .. QED_MONT_SCRATCH - 1];
      loop variant j;
  */
  for (j = chunks; j > 0; j--) {
    const size_t base = (j - 1) * n;
    /*@ loop invariant 0 <= i <= n;
        loop assigns i, t[0 .. 255];
        loop variant n - i;
    */
    for (i = 0; i < n; i++)
      t[i] = base + i < xlimbs ? x->limb[base + i] : 0;
    qed_bn_mont_mul_limbs(u, t, ctx->rr, ctx->m, n, ctx->minv, s);  /* c_j R */
    if (j < chunks) {
      uint64_t c;
      qed_bn_mont_mul_limbs(t, acc, ctx->rr, ctx->m, n, ctx->minv, s);
      c = qed_mpn_add_n_ip(t, u, n);          /* acc R + c_j R < 2m */
      cnd_sub(acc, t, c, ctx->m, n);
    } else {
      qed_mpn_copy(acc, u, n);
    }
  }
  qed_mpn_zero(u, n);
  u[0] = 1;
  qed_bn_mont_mul_limbs(t, acc, u, ctx->m, n, ctx->minv, s);
  st = qed_bn_store_fixed(r, t, n, bad);
  qed_wipe_u64(acc, QED_BN_LIMBS);
  qed_wipe_u64(u, QED_BN_LIMBS);
  qed_wipe_u64(s, QED_MONT_SCRATCH);
  return st;
}

int qed_bn_to_bytes_sec(uint8_t *be, size_t len, const qed_bn *x)
{
  uint64_t bad = (uint64_t)(x->neg != 0), ok;
  uint8_t mask;
  size_t i, j;
  /* the bits at 8 len and above must be zero: whole limbs past the end,
   * and the high part of the limb the end falls in (public positions) */
  /*@ loop invariant 0 <= i <= 256;
      loop assigns i, bad;
      loop variant 256 - i;
  */
  for (i = 0; i < QED_BN_LIMBS; i++) {
    if (8 * i >= len)
      bad |= x->limb[i];
    else if (8 * i + 8 > len)
      bad |= x->limb[i] >> (8 * (len - 8 * i));
  }
  ok = (uint64_t)(bad == 0);
  mask = (uint8_t)(0 - ok);
  /*@ loop invariant 0 <= j <= len;
      loop assigns j, be[0 .. len - 1];
      loop variant len - j;
  */
  for (j = 0; j < len; j++)
    be[len - 1 - j] = (uint8_t)(x->limb[j / 8] >> (8 * (j % 8))) & mask;
  return (int)ok - 1;
}
