/* Montgomery arithmetic and the constant-time modular exponentiation
 * (qed/bn.h): qed_bn_mont_init/mul/to/from, qed_bn_powm_sec, and the
 * limb-level Montgomery product the variable-time qed_bn_powm shares.
 *
 * The product is a full multiplication (Karatsuba from the threshold on)
 * followed by a word-by-word reduction (REDC): for each of the n low limbs
 * u = t[i] * (-m^-1) mod 2^64 and t += u m 2^(64 i), which clears limb i;
 * the result t / R < 2m loses m once more by a subtraction whose outcome
 * is chosen with a mask.  No branch and no address depends on a limb of
 * the operands.  powm_sec reads the whole 16-entry window table at every
 * window and keeps the one entry it needs with a mask.
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

int qed_bn_mont_init(qed_bn_mont_ctx *ctx, const qed_bn *m)
{
  uint64_t t[2 * QED_BN_LIMBS + 1];
  uint64_t q[QED_BN_LIMBS + 2];
  uint64_t s[3 * QED_BN_LIMBS + 2];
  size_t n = m->n, i;
  qed_mpn_zero(ctx->m, QED_BN_LIMBS);
  qed_mpn_zero(ctx->rr, QED_BN_LIMBS);
  ctx->minv = 0;
  ctx->n = 0;
  if (m->neg || n == 0 || m->limb[0] % 2 == 0 || (n == 1 && m->limb[0] < 3))
    return -1;
  qed_mpn_copy(ctx->m, m->limb, n);
  /* R^2 mod m = 2^(128 n) mod m, by one division */
  qed_mpn_zero(t, 2 * n);
  t[2 * n] = 1;
  if (m->limb[n - 1] == 0)
    return -1;  /* never: m is normalized */
  qed_mpn_divrem(q, ctx->rr, t, 2 * n + 1, m->limb, n, s);
  ctx->minv = qed_bn_mont_minv(m->limb[0]);
  ctx->n = n;
  (void)i;
  return 0;
}

/* r = a b / R mod m for limb arrays of up to n limbs (shorter ones are
 * padded), both < m. */
/*@ requires \valid_read(ctx) && 1 <= ctx->n <= 256;
    requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires qed_bn_ok(a) && qed_bn_ok(b);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
static int mont_mul_bn(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a,
                       const qed_bn *b)
{
  uint64_t x[QED_BN_LIMBS], y[QED_BN_LIMBS], z[QED_BN_LIMBS];
  uint64_t s[QED_MONT_SCRATCH];
  const size_t n = ctx->n;
  uint64_t ok;
  size_t i;
  /* the limb counts and signs are public; whether a, b < m is found with
   * constant-time comparisons, and an out-of-range result is masked to 0 */
  if (a->neg || b->neg || a->n > n || b->n > n) {
    qed_bn_zero(r);
    return -1;
  }
  qed_mpn_zero(x, n);
  qed_mpn_zero(y, n);
  qed_mpn_copy(x, a->limb, a->n);
  qed_mpn_copy(y, b->limb, b->n);
  ok = (uint64_t)(qed_mpn_cmp(x, ctx->m, n) < 0) &
       (uint64_t)(qed_mpn_cmp(y, ctx->m, n) < 0);
  qed_bn_mont_mul_limbs(z, x, y, ctx->m, n, ctx->minv, s);
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, z[0 .. 255];
      loop variant n - i;
  */
  for (i = 0; i < n; i++)
    z[i] &= 0 - ok;
  qed_bn_set_limbs_ct(r, z, n);
  qed_wipe_u64(x, QED_BN_LIMBS);
  qed_wipe_u64(y, QED_BN_LIMBS);
  qed_wipe_u64(z, QED_BN_LIMBS);
  qed_wipe_u64(s, QED_MONT_SCRATCH);
  return (int)ok - 1;
}

int qed_bn_mont_mul(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a,
                    const qed_bn *b)
{
  return mont_mul_bn(ctx, r, a, b);
}

int qed_bn_mont_to(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a)
{
  qed_bn rr;
  int st;
  (void)qed_bn_set_limbs(&rr, ctx->rr, ctx->n, 0);
  st = mont_mul_bn(ctx, r, a, &rr);
  return st;
}

int qed_bn_mont_from(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a)
{
  qed_bn one;
  qed_bn_from_u64(&one, 1);
  return mont_mul_bn(ctx, r, a, &one);
}

void qed_bn_mont_wipe(qed_bn_mont_ctx *ctx)
{
  qed_wipe_u64(ctx->m, QED_BN_LIMBS);
  qed_wipe_u64(ctx->rr, QED_BN_LIMBS);
  ctx->minv = 0;
  ctx->n = 0;
}

/* r = tab[idx] (n limbs), reading every entry: constant time in idx. */
/*@ requires 1 <= n <= 256 && idx < 16;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(tab + (0 .. 16 * 256 - 1));
    requires \separated(r + (0 .. n - 1), tab + (0 .. 16 * 256 - 1));
    assigns r[0 .. n - 1]; */
static void table_select(uint64_t *r, const uint64_t *tab, size_t n,
                         uint64_t idx)
{
  size_t k, i;
  qed_mpn_zero(r, n);
  /*@ loop invariant 0 <= k <= 16;
      loop assigns k, i, r[0 .. n - 1];
      loop variant 16 - k;
  */
  for (k = 0; k < 16; k++) {
    /* all ones when k == idx: (k ^ idx) - 1 has its top bit set only then */
    const uint64_t mask = 0 - (((k ^ idx) - 1) >> 63);
    /*@ loop invariant 0 <= i <= n;
        loop assigns i, r[0 .. n - 1];
        loop variant n - i;
    */
    for (i = 0; i < n; i++)
      r[i] |= tab[256 * k + i] & mask;
  }
}

int qed_bn_powm_sec(qed_bn *r, const qed_bn *b, const qed_bn *e,
                    const qed_bn *m)
{
  qed_bn_mont_ctx ctx;
  uint64_t tab[16 * QED_BN_LIMBS];
  uint64_t acc[QED_BN_LIMBS], x[QED_BN_LIMBS], sel[QED_BN_LIMBS];
  uint64_t s[QED_MONT_SCRATCH];
  size_t n, w, k;
  if (b->neg || e->neg || qed_bn_mont_init(&ctx, m) != 0 || b->n > ctx.n) {
    qed_bn_zero(r);
    return -1;
  }
  n = ctx.n;
  /* tab[0] = R mod m (1 in Montgomery form), tab[k] = b^k R mod m;
   * b R = REDC(b R^2) holds for any b < 2^(64 n) */
  qed_mpn_zero(x, n);
  x[0] = 1;
  qed_bn_mont_mul_limbs(tab, ctx.rr, x, ctx.m, n, ctx.minv, s);
  qed_mpn_zero(x, n);
  qed_mpn_copy(x, b->limb, b->n);
  qed_bn_mont_mul_limbs(tab + 256, x, ctx.rr, ctx.m, n, ctx.minv, s);
  qed_mpn_copy(sel, tab + 256, n);  /* b R, in an array of its own */
  /*@ loop invariant 2 <= k <= 16;
      loop assigns k, tab[0 .. 16 * 256 - 1], s[0 .. QED_MONT_SCRATCH - 1];
      loop variant 16 - k;
  */
  for (k = 2; k < 16; k++)
    qed_bn_mont_mul_limbs(tab + 256 * k, tab + 256 * (k - 1), sel, ctx.m, n,
                          ctx.minv, s);
  qed_mpn_copy(acc, tab, n);
  /* 4-bit windows from the top of e's limbs: 4 squarings, one product */
  /*@ loop invariant 0 <= w <= 16 * e->n;
      loop assigns w, k, acc[0 .. 255], x[0 .. 255], sel[0 .. 255],
                   s[0 .. QED_MONT_SCRATCH - 1];
      loop variant w;
  */
  for (w = 16 * e->n; w > 0; w--) {
    const size_t bit = 4 * (w - 1);
    const uint64_t win = (e->limb[bit / 64] >> (bit % 64)) & 15;
    /*@ loop invariant 0 <= k <= 4;
        loop assigns k, acc[0 .. 255], x[0 .. 255], s[0 .. QED_MONT_SCRATCH - 1];
        loop variant 4 - k;
    */
    for (k = 0; k < 4; k++) {
      qed_bn_mont_sqr_limbs(x, acc, ctx.m, n, ctx.minv, s);
      qed_mpn_copy(acc, x, n);
    }
    table_select(sel, tab, n, win);
    qed_bn_mont_mul_limbs(x, acc, sel, ctx.m, n, ctx.minv, s);
    qed_mpn_copy(acc, x, n);
  }
  /* out of Montgomery form */
  qed_mpn_zero(x, n);
  x[0] = 1;
  qed_bn_mont_mul_limbs(sel, acc, x, ctx.m, n, ctx.minv, s);
  qed_bn_set_limbs_ct(r, sel, n);
  qed_wipe_u64(tab, 16 * QED_BN_LIMBS);
  qed_wipe_u64(acc, QED_BN_LIMBS);
  qed_wipe_u64(x, QED_BN_LIMBS);
  qed_wipe_u64(sel, QED_BN_LIMBS);
  qed_wipe_u64(s, QED_MONT_SCRATCH);
  qed_bn_mont_wipe(&ctx);
  return 0;
}
