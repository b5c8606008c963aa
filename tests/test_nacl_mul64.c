/* The two bodies of the 64 x 64 -> 128-bit products of src/nacl/mul64.h
 * agree: the compiled one (unsigned __int128 where the compiler has it,
 * src/nacl/mul64_int128.h, outside the proof) and the portable one that
 * Frama-C proves against the contract.  Both are also checked against the
 * contract itself, hi * 2^64 + lo == a * b (+ acc), computed here a third
 * way (16-bit digits), on edge values and millions of random inputs; and
 * the same for the carry chain's two 128-bit steps, qed_add64 (acc + c)
 * and qed_shr51 (floor(x / 2^51)).
 *
 *   build/tests/test_nacl_mul64 [vector dir, unused] */
#include <stdio.h>
#include <stdint.h>

#include "testutil.h"
#include "nacl/mul64.h"

/* A third computation of a * b + c (c < 2^64 * 2^64): 16-bit digits,
 * schoolbook, no 64-bit product at all.  Returns hi, lo. */
static void ref_muladd(uint64_t a, uint64_t b, uint64_t chi, uint64_t clo,
                       uint64_t *hi, uint64_t *lo)
{
  uint32_t r[9] = { 0 };               /* 16-bit digits in 32-bit cells */
  uint32_t da[4], db[4];
  int i, j;
  for (i = 0; i < 4; i++) {
    da[i] = (uint32_t)(a >> (16 * i)) & 0xffffu;
    db[i] = (uint32_t)(b >> (16 * i)) & 0xffffu;
    r[i] += (uint32_t)(clo >> (16 * i)) & 0xffffu;
    r[i + 4] += (uint32_t)(chi >> (16 * i)) & 0xffffu;
  }
  for (i = 0; i < 4; i++)
    for (j = 0; j < 4; j++) {
      uint32_t p = da[i] * db[j];      /* < 2^32 */
      int k = i + j;
      uint64_t s = (uint64_t)r[k] + (p & 0xffffu);
      r[k] = (uint32_t)(s & 0xffffu);
      s = (s >> 16) + r[k + 1] + (p >> 16);
      r[k + 1] = (uint32_t)(s & 0xffffu);
      /* propagate */
      for (int m = k + 2; m < 9 && (s >> 16) != 0; m++) {
        s = (s >> 16) + r[m];
        r[m] = (uint32_t)(s & 0xffffu);
      }
    }
  for (i = 0; i < 8; i++) r[i] &= 0xffffu;
  *lo = (uint64_t)r[0] | ((uint64_t)r[1] << 16) | ((uint64_t)r[2] << 32) |
        ((uint64_t)r[3] << 48);
  *hi = (uint64_t)r[4] | ((uint64_t)r[5] << 16) | ((uint64_t)r[6] << 32) |
        ((uint64_t)r[7] << 48);
}

/* qed_add64 and qed_shr51 (the carry chain's 128-bit steps): both bodies
 * against a 16-bit-digit reference (acc + c * 1), when the contract's
 * precondition holds. */
static void check_carry(test_tally *t, qed_u128 acc, uint64_t c)
{
  uint64_t rh, rl;
  ref_muladd(c, 1, acc.hi, acc.lo, &rh, &rl);
  if (!(rh < acc.hi || (rh == acc.hi && rl < acc.lo))) {   /* no wrap */
    qed_u128 x = qed_add64(acc, c), y = qed_add64_portable(acc, c);
    test_check(t, x.hi == y.hi && x.lo == y.lo && x.hi == rh && x.lo == rl,
               "add64(%016llx:%016llx, %016llx)", (unsigned long long)acc.hi,
               (unsigned long long)acc.lo, (unsigned long long)c);
  }
  if (acc.hi < ((uint64_t)1 << 51)) {
    const uint64_t want = (acc.hi << 13) | (acc.lo >> 51);
    test_check(t, qed_shr51(acc) == want && qed_shr51_portable(acc) == want,
               "shr51(%016llx:%016llx)", (unsigned long long)acc.hi,
               (unsigned long long)acc.lo);
  }
}

static void check_one(test_tally *t, uint64_t a, uint64_t b, qed_u128 acc)
{
  uint64_t rh, rl;
  qed_u128 x = qed_mul64(a, b), y = qed_mul64_portable(a, b);
  ref_muladd(a, b, 0, 0, &rh, &rl);
  test_check(t, x.hi == y.hi && x.lo == y.lo && x.hi == rh && x.lo == rl,
             "mul64(%016llx, %016llx)", (unsigned long long)a,
             (unsigned long long)b);
  /* mac: only where acc + a * b < 2^128 (the contract's precondition) */
  ref_muladd(a, b, acc.hi, acc.lo, &rh, &rl);
  {
    /* overflow iff the reference wrapped: compare with a*b's high word */
    uint64_t ph, pl;
    ref_muladd(a, b, 0, 0, &ph, &pl);
    int wrapped = rh < ph || (rh == ph && rl < pl) ||
                  (acc.hi != 0 && rh < acc.hi);
    if (wrapped) return;
  }
  x = qed_mac64(acc, a, b);
  y = qed_mac64_portable(acc, a, b);
  test_check(t, x.hi == y.hi && x.lo == y.lo && x.hi == rh && x.lo == rl,
             "mac64(%016llx:%016llx, %016llx, %016llx)",
             (unsigned long long)acc.hi, (unsigned long long)acc.lo,
             (unsigned long long)a, (unsigned long long)b);
}

int main(int argc, char **argv)
{
  static const uint64_t edge[] = {
    0, 1, 2, 3, 19, 121666, 0xffffu, 0x10000u, 0xffffffffu, 0x100000000u,
    0x100000001u, 0x7ffffffffffffu, 0x8000000000000u, 0x20000000000000u,
    0x26000000000000u, 0x7fffffffffffffffu, 0x8000000000000000u,
    0xfffffffeffffffffu, 0xffffffff00000000u, 0xfffffffffffffffeu,
    0xffffffffffffffffu
  };
  const size_t ne = sizeof edge / sizeof edge[0];
  test_tally t = { 0, 0 };
  uint64_t s = 0x9e3779b97f4a7c15u;
  size_t i, j, k;
  unsigned long n;
  (void)argc;
  (void)argv;
#if defined(__SIZEOF_INT128__) && !defined(QED_MUL64_NO_INT128)
  puts("compiled body: unsigned __int128 (nacl/mul64_int128.h)");
#else
  puts("compiled body: the portable one (no __int128 here)");
#endif
  for (i = 0; i < ne; i++)
    for (j = 0; j < ne; j++)
      for (k = 0; k < ne; k++) {
        qed_u128 acc;
        acc.hi = edge[k];
        acc.lo = edge[(k * 7 + 3) % ne];
        check_one(&t, edge[i], edge[j], acc);
        check_carry(&t, acc, edge[j]);
        acc.hi = edge[i] >> 13;                 /* shr51's range */
        check_carry(&t, acc, edge[j]);
      }
  /* random: full words, and words with random bit lengths (small values
   * and values just below powers of two exercise the carries) */
  for (n = 0; n < 1000000; n++) {
    uint64_t a = test_rand(&s), b = test_rand(&s);
    qed_u128 acc;
    const unsigned shift = (unsigned)(test_rand(&s) % 64);
    acc.hi = test_rand(&s) >> shift;
    acc.lo = test_rand(&s);
    if (n % 2 == 1) {
      a >>= test_rand(&s) % 64;
      b >>= test_rand(&s) % 64;
    }
    if (n % 7 == 3) a = ~a;
    check_one(&t, a, b, acc);
    check_carry(&t, acc, b);
    acc.hi >>= 13 + test_rand(&s) % 40;
    check_carry(&t, acc, a);
  }
  return test_finish(&t);
}
