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
 * m.  Proved free of run-time errors. */
#include "bn/bn_mont.h"
#include "common/zeroize.h"

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

int qed_bn_mont_powm_sec(const qed_bn_mont_ctx *ctx, qed_bn *r,
                         const qed_bn *b, const qed_bn *e, size_t ebits)
{
  uint64_t tab[TAB_LIMBS];
  uint64_t acc[QED_BN_LIMBS], x[QED_BN_LIMBS], sel[QED_BN_LIMBS];
  uint64_t s[QED_MONT_SCRATCH];
  const size_t n = ctx->n;
  const size_t w = n <= 128 ? 5 : 4;
  const size_t entries = n <= 128 ? 32 : 16;
  const size_t wins = (ebits + w - 1) / w;
  const size_t elimbs = (ebits + 63) / 64;
  uint64_t bad;
  size_t i, k, off, win;
  int st;
  /* b < R; m odd (a context whose init failed holds m = 0); e >= 0 and
   * e < 2^ebits, its limbs and bits above zero */
  bad = qed_bn_load_fixed(x, b, n);
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
