/* Ed25519's scalar multiplications without tables (nacl/ge25519_small.h):
 * the forms of builds optimizing for size.
 *
 * Both walk the scalars from the top bit down, one doubling per bit, over
 * the proved group operations of ge25519.c (complete formulas: the
 * neutral element and equal operands need no special case).  The base
 * point is the one constant below.
 *
 * qed_ge_scalarmult_base_small handles secrets (the key's scalar, the
 * nonce): each step computes 2h and 2h + B and keeps one of them by a
 * mask (fe_cmov), so the same operations and memory accesses run for
 * every scalar; the bit is read at a public position.  The partial sums
 * are wiped before return.
 * qed_ge_double_scalarmult_vartime_small is for verification, on public
 * data: it adds A (cached form) and B where the bits are set. */
#include <stdint.h>

#include "nacl/ge25519.h"
#include "nacl/ge25519_small.h"
#include "nacl/fe25519_wide.h"

/* B = (x, 4/5) in the cached form of an affine point (y + x, y - x, 2,
 * 2 d x y), canonical limbs (the first entry of both tables,
 * tools/gen_ed25519_table.py).  Cached rather than the tables' affine form:
 * then both functions add with qed_ge_add alone (one more product per
 * addition than qed_ge_madd), and an -Os program links no qed_ge_madd. */
static const qed_ge_cached ge_small_B = {
  { 1288382639258501u, 245678601348599u, 269427782077623u, 1462984067271730u, 137412439391563u },
  { 62697248952638u, 204681361388450u, 631292143396476u, 338455783676468u, 1213667448819585u },
  { 2u, 0u, 0u, 0u, 0u },
  { 301289933810280u, 1259582250014073u, 1422107436869536u, 796239922652654u, 1953934009299142u }
};

/* Bit i of the 256-bit little-endian s. */
/*@ requires \valid_read(s + (0 .. 31)) && 0 <= i < 256;
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static uint64_t ge_small_bit(const uint8_t s[32], int i)
{
  return (uint64_t)((s[i / 8] >> (i % 8)) & 1);
}

/* f = 0 through a volatile lvalue (a store the compiler may not drop). */
/*@ requires \valid(f);
    assigns *f; */
static void ge_small_wipe_fe(qed_fe25519 *f)
{
  volatile qed_fe25519 *v = f;
  v->v0 = 0;
  v->v1 = 0;
  v->v2 = 0;
  v->v3 = 0;
  v->v4 = 0;
}

void qed_ge_scalarmult_base_small(qed_ge_p3 *h, const uint8_t a[32])
{
  qed_ge_p1p1 r;
  qed_ge_p2 s;
  qed_ge_p3 u;
  int i;
  qed_ge_p3_0(h);
  /* bit 255 is 0 (a[31] <= 127) */
  /*@ loop invariant -1 <= i <= 254;
      loop invariant ge_p3_ok(*h);
      loop assigns i, r, s, u, *h;
      loop variant i + 1; */
  for (i = 254; i >= 0; i--) {
    uint64_t mask;
    qed_ge_p3_to_p2(&s, h);
    qed_ge_dbl(&r, &s);
    qed_ge_p1p1_to_p3(h, &r);                  /* h = 2 h */
    qed_ge_add(&r, h, &ge_small_B);
    qed_ge_p1p1_to_p3(&u, &r);                 /* u = h + B */
    mask = ge_small_bit(a, i) * 18446744073709551615u;
    h->X = fe_cmov(h->X, u.X, mask);
    h->Y = fe_cmov(h->Y, u.Y, mask);
    h->Z = fe_cmov(h->Z, u.Z, mask);
    h->T = fe_cmov(h->T, u.T, mask);
  }
  /* the partial sums */
  ge_small_wipe_fe(&r.X);
  ge_small_wipe_fe(&r.Y);
  ge_small_wipe_fe(&r.Z);
  ge_small_wipe_fe(&r.T);
  ge_small_wipe_fe(&s.X);
  ge_small_wipe_fe(&s.Y);
  ge_small_wipe_fe(&s.Z);
  ge_small_wipe_fe(&u.X);
  ge_small_wipe_fe(&u.Y);
  ge_small_wipe_fe(&u.Z);
  ge_small_wipe_fe(&u.T);
}

void qed_ge_double_scalarmult_vartime_small(qed_ge_p2 *r, const uint8_t a[32],
                                            const qed_ge_p3 *A,
                                            const uint8_t b[32])
{
  qed_ge_cached ac;
  qed_ge_p1p1 t;
  qed_ge_p3 u;
  qed_ge_p2 acc;
  int i;
  qed_ge_p3_to_cached(&ac, A);
  {
    const qed_fe25519 zero = { 0, 0, 0, 0, 0 }, one = { 1, 0, 0, 0, 0 };
    acc.X = zero;                      /* the neutral element */
    acc.Y = one;
    acc.Z = one;
  }
  /*@ loop invariant -1 <= i <= 255;
      loop invariant ge_p2_ok(acc) && ge_cached_ok(ac);
      loop assigns i, t, u, acc;
      loop variant i + 1; */
  for (i = 255; i >= 0; i--) {
    qed_ge_dbl(&t, &acc);
    if (ge_small_bit(a, i) != 0) {
      qed_ge_p1p1_to_p3(&u, &t);
      qed_ge_add(&t, &u, &ac);
    }
    if (ge_small_bit(b, i) != 0) {
      qed_ge_p1p1_to_p3(&u, &t);
      qed_ge_add(&t, &u, &ge_small_B);
    }
    qed_ge_p1p1_to_p2(&acc, &t);
  }
  *r = acc;
}
