/* [a]A + [b]B in variable time, for verification (public a, b, A).
 *
 * Both scalars are recoded as width-w non-adjacent forms (wNAF): digits
 * that are 0 or odd with |digit| < 2^(w-1), any two non-zero digits at
 * least w positions apart.  One doubling per bit from the top non-zero
 * digit down, one addition per non-zero digit:
 *   a, w = 5: the odd multiples A, 3A, ..., 15A computed here (cached form);
 *   b, w = 8: the odd multiples B, 3B, ..., 127B of a fixed table
 *             (nacl/ge25519_odd_table.h, tools/gen_ed25519_table.py).
 * About 256 doublings and 256/6 + 256/9 additions. */
#include <stdint.h>

#include "nacl/ge25519.h"
#include "nacl/fe25519_wide.h"
#include "nacl/ge25519_odd_table.h"

/* Bit i of the 256-bit little-endian s (0 past the end). */
/*@ requires \valid_read(s + (0 .. 31)) && i >= 0;
    assigns \nothing;
    ensures \result == 0 || \result == 1; */
static int ge_bit(const uint8_t s[32], int i)
{
  if (i >= 256)
    return 0;
  return (s[i / 8] >> (i % 8)) & 1;
}

/* r[0 .. 256] = the width-w NAF of s (half = 2^(w-1)): s = sum r[i] 2^i.
 * The digits are odd, so |r[i]| < half; the contract states the bound
 * -half <= r[i] < half, which needs no parity argument (the caller reduces
 * the table index mod the table size anyway, a no-op).  Digits are bytes:
 * with w <= 8 they fit, and the two digit strings of verification take
 * 514 bytes of stack instead of 2 KiB. */
/*@ requires \valid(r + (0 .. 256)) && \valid_read(s + (0 .. 31));
    requires \separated(r + (0 .. 256), s + (0 .. 31));
    requires (w == 5 && half == 16) || (w == 8 && half == 128);
    assigns r[0 .. 256];
    ensures \forall integer k; 0 <= k <= 256 ==> -half <= r[k] < half; */
static void ge_wnaf(int8_t r[257], const uint8_t s[32], int w, int half)
{
  int carry = 0, i, j, p;
  /*@ loop invariant 0 <= i <= 257;
      loop invariant \forall integer k; 0 <= k < i ==> r[k] == 0;
      loop assigns i, r[0 .. 256];
      loop variant 257 - i; */
  for (i = 0; i < 257; i++)
    r[i] = 0;
  i = 0;
  /*@ loop invariant 0 <= i <= 257 + 8;
      loop invariant carry == 0 || carry == 1;
      loop invariant \forall integer k; 0 <= k <= 256 ==> -half <= r[k] < half;
      loop assigns i, j, p, carry, r[0 .. 256];
      loop variant 257 + 8 - i; */
  while (i <= 256) {
    int window;
    if (ge_bit(s, i) == carry) {
      /* bit + carry even: digit 0, the carry moves on */
      i++;
      continue;
    }
    /* bit + carry odd: the next w bits plus the carry make an odd window,
       taken as a digit in (-half, half) */
    window = carry;
    p = 1;
    /*@ loop invariant 0 <= j <= w;
        loop invariant 0 <= window <= p;
        loop invariant j == 0 ==> p == 1;
        loop invariant j == 1 ==> p == 2;
        loop invariant j == 2 ==> p == 4;
        loop invariant j == 3 ==> p == 8;
        loop invariant j == 4 ==> p == 16;
        loop invariant j == 5 ==> p == 32;
        loop invariant j == 6 ==> p == 64;
        loop invariant j == 7 ==> p == 128;
        loop invariant j == 8 ==> p == 256;
        loop assigns j, p, window;
        loop variant w - j; */
    for (j = 0; j < w; j++) {
      window += ge_bit(s, i + j) * p;
      p *= 2;
    }
    //@ assert p == 2 * half;
    if (window >= half) {
      r[i] = (int8_t)(window - 2 * half);
      carry = 1;
    } else {
      r[i] = (int8_t)window;
      carry = 0;
    }
    i += w;
  }
}

/* The table entry (2 k + 1) B, k < 64.  The entries are canonical; the
 * masks change nothing but give the proof their range. */
/*@ requires \valid(t) && 0 <= k < 64;
    assigns *t;
    ensures ge_precomp_ok(*t); */
static void ge_odd_entry(qed_ge_precomp *t, int k)
{
  t->ypx = fe_mask51(ge_base_odd[k].ypx);
  t->ymx = fe_mask51(ge_base_odd[k].ymx);
  t->xy2d = fe_mask51(ge_base_odd[k].xy2d);
}

void qed_ge_double_scalarmult_vartime(qed_ge_p2 *r, const uint8_t a[32],
                                      const qed_ge_p3 *A, const uint8_t b[32])
{
  int8_t anaf[257], bnaf[257];
  qed_ge_cached ai[8];         /* A, 3A, 5A, ..., 15A */
  qed_ge_p1p1 t;
  qed_ge_p3 u, a2;
  qed_ge_precomp pc;
  qed_ge_p2 acc;
  int i;

  qed_ge_p3_to_cached(&ai[0], A);
  qed_ge_p3_to_p2(&acc, A);
  qed_ge_dbl(&t, &acc);
  qed_ge_p1p1_to_p3(&a2, &t);
  /*@ loop invariant 1 <= i <= 8;
      loop invariant \forall integer k; 0 <= k < i ==> ge_cached_ok(ai[k]);
      loop assigns i, t, u, ai[1 .. 7];
      loop variant 8 - i; */
  for (i = 1; i < 8; i++) {
    qed_ge_add(&t, &a2, &ai[i - 1]);
    qed_ge_p1p1_to_p3(&u, &t);
    qed_ge_p3_to_cached(&ai[i], &u);
  }

  ge_wnaf(anaf, a, 5, 16);
  ge_wnaf(bnaf, b, 8, 128);
  {
    const qed_fe25519 zero = { 0, 0, 0, 0, 0 }, one = { 1, 0, 0, 0, 0 };
    acc.X = zero;                      /* the neutral element */
    acc.Y = one;
    acc.Z = one;
  }
  i = 256;
  /*@ loop invariant -1 <= i <= 256;
      loop assigns i;
      loop variant i + 1; */
  while (i >= 0 && anaf[i] == 0 && bnaf[i] == 0)
    i--;
  /*@ loop invariant -1 <= i <= 256;
      loop invariant ge_p2_ok(acc);
      loop invariant \forall integer k; 0 <= k < 8 ==> ge_cached_ok(ai[k]);
      loop invariant \forall integer k; 0 <= k <= 256 ==> -16 <= anaf[k] < 16;
      loop invariant \forall integer k; 0 <= k <= 256 ==> -128 <= bnaf[k] < 128;
      loop assigns i, t, u, pc, acc;
      loop variant i + 1; */
  for (; i >= 0; i--) {
    const int da = anaf[i], db = bnaf[i];
    qed_ge_dbl(&t, &acc);
    if (da > 0) {
      qed_ge_p1p1_to_p3(&u, &t);
      qed_ge_add(&t, &u, &ai[(da / 2) % 8]);
    } else if (da < 0) {
      qed_ge_p1p1_to_p3(&u, &t);
      qed_ge_sub(&t, &u, &ai[((-da) / 2) % 8]);
    }
    if (db > 0) {
      ge_odd_entry(&pc, (db / 2) % 64);
      qed_ge_p1p1_to_p3(&u, &t);
      qed_ge_madd(&t, &u, &pc);
    } else if (db < 0) {
      ge_odd_entry(&pc, ((-db) / 2) % 64);
      qed_ge_p1p1_to_p3(&u, &t);
      qed_ge_msub(&t, &u, &pc);
    }
    qed_ge_p1p1_to_p2(&acc, &t);
  }
  *r = acc;
}
