/* The constant-time modular exponentiation (qed/bn.h):
 * qed_bn_mont_powm_sec on a Montgomery context, and qed_bn_powm_sec, the
 * context set up from m (qed_bn_mont_init_sec) then the same.
 *
 * Fixed window of w bits from the top of the public bit length ebits:
 * w squarings, then one product by the table entry b^win R, which is found
 * by reading every entry and keeping one with a mask.  The table lives in
 * one array of 16 * 256 limbs with entry k at k n: 32 entries (w = 5) fit
 * for n <= 128 limbs (8192-bit moduli), 16 (w = 4) above.  The time
 * depends on n and ebits only; no branch or address on a limb of b, e or
 * m.
 *
 * With AVX-512 IFMA (qed_bn_mont_ifma_supports: n = 8, 16, 32 or 64 limbs,
 * the avx512 backend, a CPU with IFMA) the same exponentiation runs in
 * radix 2^52 (qed_bn_mont_exp_ifma, the same fixed 5-bit windows and full
 * table scans), on b reduced below m first (the kernel's contract); the
 * result is the same number.  qed_bn_mont_powm2_sec pairs RSA's two CRT
 * halves in qed_bn_mont_exp2_ifma; qed_bn_mont_powm_pub is the square and
 * multiply for a public exponent.  Proved free of run-time errors (the
 * kernels by their contracts in bn/simd/mont_ifma.h). */
#include "bn/bn_mont.h"
#include "bn/simd/mont_ifma.h"
#include "common/zeroize.h"

/* the AVX-512 IFMA kernels (bn/simd/, outside the proof, built only for
 * x86-64) are called under this guard and only when
 * qed_bn_mont_ifma_supports says the CPU, QED_BACKEND and the size allow */
#if defined(__x86_64__)
#define QED_HAVE_IFMA 1
#else
#define QED_HAVE_IFMA 0
#endif

#define TAB_LIMBS (16 * QED_BN_LIMBS)

/* r = the entry idx of tab (entries of n limbs, entry k at k n), reading
 * every entry */
/*@ requires 1 <= n <= 256 && (entries == 16 || entries == 32);
    requires entries * n <= TAB_LIMBS && idx < entries;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(tab + (0 .. TAB_LIMBS - 1));
    requires \separated(r + (0 .. n - 1), tab + (0 .. TAB_LIMBS - 1));
    assigns r[0 .. n - 1]; */
static void table_select(uint64_t *r, const uint64_t *tab, size_t n,
                         size_t entries, uint64_t idx)
{
  size_t k, i, off = 0;
  qed_mpn_zero(r, n);
  /*@ loop invariant 0 <= k <= entries;
      loop invariant off == k * n;
      loop assigns k, i, off, r[0 .. n - 1];
      loop variant entries - k;
  */
  for (k = 0; k < entries; k++) {
    /* all ones when k == idx: (k ^ idx) - 1 has its top bit set only then */
    const uint64_t mask = 0 - ((((uint64_t)k ^ idx) - 1) >> 63);
    //@ assert off + n <= entries * n;
    /*@ loop invariant 0 <= i <= n;
        loop assigns i, r[0 .. n - 1];
        loop variant n - i;
    */
    for (i = 0; i < n; i++)
      r[i] |= tab[off + i] & mask;
    off += n;
  }
}

/* the window of e at bit pos: bits pos .. pos + w - 1 (w = 4 or 5, entries
 * = 2^w), bits past e's 256 limbs read as 0 */
/*@ requires \valid_read(e) && (entries == 16 || entries == 32);
    requires w == 4 || w == 5;
    assigns \nothing;
    ensures \result < entries; */
static uint64_t window(const qed_bn *e, size_t pos, size_t w, size_t entries)
{
  const size_t i = pos / 64, off = pos % 64;
  uint64_t v = 0;
  if (i < QED_BN_LIMBS) {
    v = e->limb[i] >> off;
    if (off + w > 64 && i + 1 < QED_BN_LIMBS)
      v |= e->limb[i + 1] << (64 - off);
  }
  /* a constant divisor in each branch: a mask, not a division */
  return entries == 32 ? v % 32 : v % 16;
}

/* x = the n limbs of b; nonzero unless b < R (b >= 0, its limbs from n on
 * zero), m is odd (a context whose init failed holds m = 0), e >= 0 and
 * e < 2^ebits (its limbs and bits from ebits on zero).  Masks only. */
/*@ requires 1 <= n <= 256 && ebits <= 16384;
    requires \valid_read(ctx) && \valid_read(b) && \valid_read(e);
    requires qed_bn_ok(b) && qed_bn_ok(e);
    requires \valid(x + (0 .. n - 1));
    requires \separated(x + (0 .. n - 1), ctx);
    requires \separated(x + (0 .. n - 1), b);
    requires \separated(x + (0 .. n - 1), e);
    assigns x[0 .. n - 1]; */
static uint64_t check_args(uint64_t *x, const qed_bn_mont_ctx *ctx,
                           const qed_bn *b, const qed_bn *e, size_t ebits,
                           size_t n)
{
  const size_t elimbs = (ebits + 63) / 64;
  uint64_t bad = qed_bn_load_fixed(x, b, n);
  size_t i;
  bad |= (ctx->m[0] & 1) ^ 1;
  bad |= (uint64_t)(e->neg != 0);
  /*@ loop invariant elimbs <= i <= 256;
      loop assigns i, bad;
      loop variant 256 - i;
  */
  for (i = elimbs; i < QED_BN_LIMBS; i++)
    bad |= e->limb[i];
  if (ebits % 64 != 0)
    bad |= e->limb[elimbs - 1] >> (ebits % 64);
  return bad;
}

/* The portable exponentiation (the comment at the top).  noinline: its
 * frame and the IFMA path's are never on the stack together. */
/*@ requires ebits <= 16384;
    requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires \valid(r) && \valid_read(b) && \valid_read(e);
    requires qed_bn_ok(b) && qed_bn_ok(e);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
static __attribute__((noinline)) int
powm_portable(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *b,
              const qed_bn *e, size_t ebits)
{
  uint64_t tab[TAB_LIMBS];
  uint64_t acc[QED_BN_LIMBS], x[QED_BN_LIMBS], sel[QED_BN_LIMBS];
  uint64_t s[QED_MONT_SCRATCH];
  const size_t n = ctx->n;
  const size_t w = n <= 128 ? 5 : 4;
  const size_t entries = n <= 128 ? 32 : 16;
  const size_t wins = (ebits + w - 1) / w;
  uint64_t bad;
  size_t k, off, win;
  int st;
  bad = check_args(x, ctx, b, e, ebits, n);
  /* tab[0] = R mod m (1 in Montgomery form), tab[1] = b R = REDC(b R^2)
   * (b < R, R^2 mod m < m: REDC's input is below m R), tab[k] = b^k R */
  qed_mpn_zero(sel, n);
  sel[0] = 1;
  qed_bn_mont_mul_limbs(tab, ctx->rr, sel, ctx->m, n, ctx->minv, s);
  qed_bn_mont_mul_limbs(tab + n, x, ctx->rr, ctx->m, n, ctx->minv, s);
  off = 2 * n;
  /*@ loop invariant 2 <= k <= entries;
      loop invariant off == k * n;
      loop assigns k, off, tab[0 .. TAB_LIMBS - 1], s[0 .. QED_MONT_SCRATCH - 1];
      loop variant entries - k;
  */
  for (k = 2; k < entries; k++) {
    //@ assert off + n <= entries * n;
    qed_bn_mont_mul_limbs(tab + off, tab + (off - n), tab + n, ctx->m, n,
                          ctx->minv, s);
    off += n;
  }
  /* the top window needs no squaring: acc = its entry */
  if (wins == 0)
    qed_mpn_copy(acc, tab, n);
  else
    table_select(acc, tab, n, entries, window(e, (wins - 1) * w, w, entries));
  /*@ loop invariant 0 <= win <= wins;
      loop assigns win, k, acc[0 .. 255], x[0 .. 255], sel[0 .. 255],
                   s[0 .. QED_MONT_SCRATCH - 1];
      loop variant win;
  */
  for (win = wins; win > 1; win--) {
    /*@ loop invariant 0 <= k <= w;
        loop assigns k, acc[0 .. 255], x[0 .. 255], s[0 .. QED_MONT_SCRATCH - 1];
        loop variant w - k;
    */
    for (k = 0; k < w; k++) {
      qed_bn_mont_sqr_limbs(x, acc, ctx->m, n, ctx->minv, s);
      qed_mpn_copy(acc, x, n);
    }
    table_select(sel, tab, n, entries, window(e, (win - 2) * w, w, entries));
    qed_bn_mont_mul_limbs(x, acc, sel, ctx->m, n, ctx->minv, s);
    qed_mpn_copy(acc, x, n);
  }
  /* out of Montgomery form: REDC(acc 1) */
  qed_mpn_zero(sel, n);
  sel[0] = 1;
  qed_bn_mont_mul_limbs(x, acc, sel, ctx->m, n, ctx->minv, s);
  st = qed_bn_store_fixed(r, x, n, bad);
  qed_wipe_u64(tab, TAB_LIMBS);
  qed_wipe_u64(acc, QED_BN_LIMBS);
  qed_wipe_u64(s, QED_MONT_SCRATCH);
  return st;
}

#if QED_HAVE_IFMA
/* z = x mod m for x < R (n limbs): REDC(x (R^2 mod m)) = x R mod m, then
 * REDC(x R 1) = x mod m.  Two portable products (s: their scratch). */
/*@ requires 1 <= n <= 64;
    requires \valid_read(ctx);
    requires \valid(z + (0 .. n - 1)) && \valid_read(x + (0 .. n - 1));
    requires \valid(s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(z + (0 .. n - 1), x + (0 .. n - 1), s + (0 .. QED_MONT_SCRATCH - 1), ctx);
    requires \separated(x + (0 .. n - 1), s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(s + (0 .. QED_MONT_SCRATCH - 1), ctx);
    assigns z[0 .. n - 1], s[0 .. QED_MONT_SCRATCH - 1]; */
static void base_mod(uint64_t *z, const uint64_t *x,
                     const qed_bn_mont_ctx *ctx, size_t n, uint64_t *s)
{
  uint64_t t[64], one[64];
  qed_bn_mont_mul_limbs(t, x, ctx->rr, ctx->m, n, ctx->minv, s);
  qed_mpn_zero(one, n);
  one[0] = 1;
  qed_bn_mont_mul_limbs(z, t, one, ctx->m, n, ctx->minv, s);
  qed_wipe_u64(t, 64);
}

/* qed_bn_mont_powm_sec by the IFMA kernel, for a supported n: the same
 * checks, b reduced below m, then qed_bn_mont_exp_ifma. */
/*@ requires ebits <= 16384;
    requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires ctx->n == 8 || ctx->n == 16 || ctx->n == 32 || ctx->n == 64;
    requires \valid(r) && \valid_read(b) && \valid_read(e);
    requires qed_bn_ok(b) && qed_bn_ok(e);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
static __attribute__((noinline)) int
powm_ifma(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *b,
          const qed_bn *e, size_t ebits)
{
  /* the kernel's scratch, first the portable products' */
  uint64_t s[QED_MONT_IFMA_EXP_SCRATCH_MAX];
  uint64_t x[64], z[64];
  const size_t n = ctx->n;
  const uint64_t bad = check_args(x, ctx, b, e, ebits, n);
  //@ assert QED_MONT_IFMA_EXP_SCRATCH(n) <= QED_MONT_IFMA_EXP_SCRATCH_MAX;
  base_mod(z, x, ctx, n, s);
  qed_bn_mont_exp_ifma(x, z, e->limb, ebits, ctx->m, n, s);
  qed_wipe_u64(z, 64);
  return qed_bn_store_fixed(r, x, n, bad);
}

/* qed_bn_mont_powm2_sec by qed_bn_mont_exp2_ifma: both moduli of the same
 * supported n, both exponents of ebits bits. */
/*@ requires ebits <= 16384;
    requires \valid_read(c0) && qed_bn_mont_ok(c0);
    requires \valid_read(c1) && qed_bn_mont_ok(c1);
    requires c0->n == 8 || c0->n == 16 || c0->n == 32 || c0->n == 64;
    requires c1->n == c0->n;
    requires \valid(r0) && \valid_read(b0) && \valid_read(e0);
    requires \valid(r1) && \valid_read(b1) && \valid_read(e1);
    requires qed_bn_ok(b0) && qed_bn_ok(e0) && qed_bn_ok(b1) && qed_bn_ok(e1);
    requires \separated(r0, r1);
    assigns *r0, *r1;
    ensures qed_bn_ok(r0) && qed_bn_ok(r1);
    ensures \result == 0 || \result == -1; */
static __attribute__((noinline)) int
powm2_ifma(const qed_bn_mont_ctx *c0, qed_bn *r0, const qed_bn *b0,
           const qed_bn *e0, const qed_bn_mont_ctx *c1, qed_bn *r1,
           const qed_bn *b1, const qed_bn *e1, size_t ebits)
{
  uint64_t s[QED_MONT_IFMA_EXP2_SCRATCH(64)];
  uint64_t x0[64], x1[64], z0[64], z1[64];
  const size_t n = c0->n;
  const uint64_t bad0 = check_args(x0, c0, b0, e0, ebits, n);
  const uint64_t bad1 = check_args(x1, c1, b1, e1, ebits, n);
  int st0, st1;
  //@ assert QED_MONT_IFMA_EXP2_SCRATCH(n) <= QED_MONT_IFMA_EXP2_SCRATCH(64);
  base_mod(z0, x0, c0, n, s);
  base_mod(z1, x1, c1, n, s);
  qed_bn_mont_exp2_ifma(x0, x1, z0, z1, e0->limb, e1->limb, ebits, c0->m,
                        c1->m, n, s);
  qed_wipe_u64(z0, 64);
  qed_wipe_u64(z1, 64);
  st0 = qed_bn_store_fixed(r0, x0, n, bad0);
  st1 = qed_bn_store_fixed(r1, x1, n, bad1);
  return st0 | st1;
}
#endif

int qed_bn_mont_powm_sec(const qed_bn_mont_ctx *ctx, qed_bn *r,
                         const qed_bn *b, const qed_bn *e, size_t ebits)
{
#if QED_HAVE_IFMA
  if (qed_bn_mont_ifma_supports(ctx->n))
    return powm_ifma(ctx, r, b, e, ebits);
#endif
  return powm_portable(ctx, r, b, e, ebits);
}

int qed_bn_mont_powm2_sec(const qed_bn_mont_ctx *c0, qed_bn *r0,
                          const qed_bn *b0, const qed_bn *e0, size_t ebits0,
                          const qed_bn_mont_ctx *c1, qed_bn *r1,
                          const qed_bn *b1, const qed_bn *e1, size_t ebits1)
{
  int st0, st1;
#if QED_HAVE_IFMA
  /* limb counts and bit lengths are public */
  if (c0->n == c1->n && ebits0 == ebits1 && qed_bn_mont_ifma_supports(c0->n))
    return powm2_ifma(c0, r0, b0, e0, c1, r1, b1, e1, ebits0);
#endif
  st0 = qed_bn_mont_powm_sec(c0, r0, b0, e0, ebits0);
  st1 = qed_bn_mont_powm_sec(c1, r1, b1, e1, ebits1);
  return st0 | st1;
}

int qed_bn_mont_powm_pub(const qed_bn_mont_ctx *ctx, qed_bn *r,
                         const qed_bn *b, const qed_bn *e)
{
  uint64_t x[QED_BN_LIMBS], acc[QED_BN_LIMBS], t[QED_BN_LIMBS];
  uint64_t s[QED_MONT_SCRATCH];
  const size_t n = ctx->n;
  const size_t bits = qed_bn_bits(e);   /* e is public */
  const uint64_t bad = check_args(x, ctx, b, e, 16384, n);
  size_t i;
#if QED_HAVE_IFMA
  if (qed_bn_mont_ifma_supports(n)) {
    //@ assert QED_MONT_IFMA_PUB_SCRATCH(n) <= QED_MONT_SCRATCH;
    qed_bn_mont_exp_pub_ifma(acc, x, e->limb, bits, ctx->m, ctx->rr, n, s);
    qed_wipe_u64(x, QED_BN_LIMBS);
    return qed_bn_store_fixed(r, acc, n, bad);
  }
#endif
  /* t = b R mod m (b < R, R^2 mod m < m: REDC's input is below m R) */
  qed_bn_mont_mul_limbs(t, x, ctx->rr, ctx->m, n, ctx->minv, s);
  qed_mpn_zero(x, n);
  x[0] = 1;
  if (bits == 0)                        /* b^0 R = R mod m = REDC(R^2 1) */
    qed_bn_mont_mul_limbs(acc, ctx->rr, x, ctx->m, n, ctx->minv, s);
  else                                  /* the top bit of e */
    qed_mpn_copy(acc, t, n);
  /*@ loop invariant 0 <= i <= bits;
      loop assigns i, acc[0 .. 255], x[0 .. 255], s[0 .. QED_MONT_SCRATCH - 1];
      loop variant i;
  */
  for (i = bits > 0 ? bits - 1 : 0; i > 0; i--) {
    qed_bn_mont_sqr_limbs(x, acc, ctx->m, n, ctx->minv, s);
    qed_mpn_copy(acc, x, n);
    /* a branch on a bit of the public exponent */
    if ((e->limb[(i - 1) / 64] >> ((i - 1) % 64)) & 1) {
      qed_bn_mont_mul_limbs(x, acc, t, ctx->m, n, ctx->minv, s);
      qed_mpn_copy(acc, x, n);
    }
  }
  /* out of Montgomery form: REDC(acc 1) */
  qed_mpn_zero(t, n);
  t[0] = 1;
  qed_bn_mont_mul_limbs(x, acc, t, ctx->m, n, ctx->minv, s);
  qed_wipe_u64(acc, QED_BN_LIMBS);
  qed_wipe_u64(s, QED_MONT_SCRATCH);
  return qed_bn_store_fixed(r, x, n, bad);
}

int qed_bn_powm_sec(qed_bn *r, const qed_bn *b, const qed_bn *e,
                    const qed_bn *m)
{
  qed_bn_mont_ctx ctx;
  int st;
  if (m->n == 0) {
    qed_bn_zero(r);
    return -1;
  }
  /* a bad m leaves a context with m = 0, which qed_bn_mont_powm_sec
   * refuses: one answer for every refusal, no branch on m's value */
  (void)qed_bn_mont_init_sec(&ctx, m, 64 * m->n);
  st = qed_bn_mont_powm_sec(&ctx, r, b, e, 64 * e->n);
  qed_bn_mont_wipe(&ctx);
  return st;
}
