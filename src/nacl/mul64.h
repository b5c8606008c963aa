/* 64 x 64 -> 128-bit products for the field arithmetic mod 2^255 - 19.
 *
 * Every wide product of src/nacl goes through the functions below, whose
 * contracts say what they compute:
 *   qed_mul64(a, b)       hi * 2^64 + lo == a * b
 *   qed_mac64(acc, a, b)  hi * 2^64 + lo == acc + a * b   (no overflow)
 * and so do the two 128-bit steps of a carry chain:
 *   qed_add64(acc, c)     hi * 2^64 + lo == acc + c       (no overflow)
 *   qed_shr51(x)          floor(x / 2^51)                 (x < 2^115)
 * The 128-bit value is a pair of 64-bit words (qed_u128), so the callers
 * are plain C that Frama-C parses.
 *
 * Two bodies, one contract:
 *   - the portable one here (qed_mul64_portable, qed_mac64_portable,
 *     qed_add64_portable, qed_shr51_portable), 32 x 32 -> 64-bit products
 *     and carries, is what Frama-C sees and
 *     proves against the contract, and what a compiler without a 128-bit
 *     integer type compiles;
 *   - where the compiler has `unsigned __int128` (gcc and clang on 64-bit
 *     targets), the body of mul64_int128.h: one MUL (ADD/ADC, SHRD) that
 *     Frama-C cannot parse.  That file is outside the proof
 *     (proof/outside.txt); tests/test_nacl_mul64.c checks that both bodies
 *     agree on millions of random and edge inputs.
 * No branch, no table: constant time in every body. */
#ifndef QED_NACL_MUL64_H
#define QED_NACL_MUL64_H

#include <stdint.h>

/* Inlined at every call: the 128-bit pairs and field elements then live in
 * registers (a call would pass them through memory).
 * Not when optimizing for size (-Os, and C99 inline semantics): on a 32-bit
 * target a 64 x 64 product is dozens of instructions, and fe_mul forced
 * into every caller made the riscv32 -Os NaCl code 350 KB.  There every
 * QED_INLINE function is a C99 inline definition instead: the compiler
 * inlines what it finds worth it and calls the one external copy of the
 * rest, which nacl/fe25519.c emits (its `extern inline` list; the names
 * get the qed_ prefix there, nacl/fe25519_ops.h).  Same C, same proof:
 * Frama-C sees `static inline`, and only the inlining decision differs. */
#if defined(__FRAMAC__) || !defined(__GNUC__)
#define QED_INLINE static inline
#elif defined(__OPTIMIZE_SIZE__) && defined(__GNUC_STDC_INLINE__)
#define QED_INLINE_SHARED 1
#define QED_INLINE inline
#else
#define QED_INLINE static inline __attribute__((always_inline))
#endif

/* The product and carry steps below stay inlined at every call even at
 * -Os: they are a few instructions each, and out of line their frames
 * added up to 160-400 bytes of riscv32 stack on the Poly1305, box and
 * sign paths.  (External C99 inline definitions all the same, since the
 * shared field operations call them.) */
#if defined(QED_INLINE_SHARED)
#define QED_INLINE_MUL64 inline __attribute__((always_inline))
#else
#define QED_INLINE_MUL64 QED_INLINE
#endif

typedef struct {
  uint64_t hi;
  uint64_t lo;
} qed_u128;

/*@ logic integer u128_value(qed_u128 x) = x.hi * 18446744073709551616 + x.lo; */

/* A 32 x 32 -> 64-bit product (no wrap: (2^32 - 1)^2 < 2^64). */
/*@ requires a <= 4294967295 && b <= 4294967295;
    assigns \nothing;
    ensures \result == a * b;
    ensures \result <= 18446744065119617025; */
QED_INLINE_MUL64 uint64_t qed_mul32_portable(uint64_t a, uint64_t b)
{
  return a * b;
}

/*@ assigns \nothing;
    ensures u128_value(\result) == a * b; */
QED_INLINE_MUL64 qed_u128 qed_mul64_portable(uint64_t a, uint64_t b)
{
  const uint64_t a0 = a % 4294967296u, a1 = a / 4294967296u;
  const uint64_t b0 = b % 4294967296u, b1 = b / 4294967296u;
  const uint64_t p00 = qed_mul32_portable(a0, b0);
  const uint64_t p01 = qed_mul32_portable(a0, b1);
  const uint64_t p10 = qed_mul32_portable(a1, b0);
  const uint64_t p11 = qed_mul32_portable(a1, b1);
  /* the middle column: at most 3 * (2^32 - 1) */
  const uint64_t mid = p00 / 4294967296u + p01 % 4294967296u +
                       p10 % 4294967296u;
  qed_u128 r;
  //@ assert a == a1 * 4294967296 + a0 && b == b1 * 4294967296 + b0;
  //@ assert a * b == p11 * 18446744073709551616 + (p01 + p10) * 4294967296 + p00;
  //@ assert p11 <= 18446744065119617025;
  r.lo = (mid % 4294967296u) * 4294967296u + p00 % 4294967296u;
  r.hi = p11 + p01 / 4294967296u + p10 / 4294967296u + mid / 4294967296u;
  return r;
}

/*@ requires u128_value(acc) + a * b < 340282366920938463463374607431768211456;
    assigns \nothing;
    ensures u128_value(\result) == u128_value(acc) + a * b; */
QED_INLINE_MUL64 qed_u128 qed_mac64_portable(qed_u128 acc, uint64_t a,
                                            uint64_t b)
{
  const qed_u128 p = qed_mul64_portable(a, b);
  /* lo words added in 32-bit halves, so that no sum wraps */
  const uint64_t s0 = acc.lo % 4294967296u + p.lo % 4294967296u;
  const uint64_t s1 = acc.lo / 4294967296u + p.lo / 4294967296u +
                      s0 / 4294967296u;
  qed_u128 r;
  //@ assert acc.lo + p.lo == s1 * 4294967296 + s0 % 4294967296;
  //@ assert u128_value(acc) + a * b == (acc.hi + p.hi + s1 / 4294967296) * 18446744073709551616 + (s1 % 4294967296) * 4294967296 + s0 % 4294967296;
  r.lo = (s1 % 4294967296u) * 4294967296u + s0 % 4294967296u;
  r.hi = acc.hi + p.hi + s1 / 4294967296u;
  return r;
}


/* acc + c (no overflow) */
/*@ requires u128_value(acc) + c < 340282366920938463463374607431768211456;
    assigns \nothing;
    ensures u128_value(\result) == u128_value(acc) + c; */
QED_INLINE_MUL64 qed_u128 qed_add64_portable(qed_u128 acc, uint64_t c)
{
  const uint64_t s0 = acc.lo % 4294967296u + c % 4294967296u;
  const uint64_t s1 = acc.lo / 4294967296u + c / 4294967296u +
                      s0 / 4294967296u;
  qed_u128 r;
  //@ assert acc.lo + c == s1 * 4294967296 + s0 % 4294967296;
  r.lo = (s1 % 4294967296u) * 4294967296u + s0 % 4294967296u;
  r.hi = acc.hi + s1 / 4294967296u;
  return r;
}

/* floor(x / 2^51), when it fits in 64 bits (x < 2^115) */
/*@ requires x.hi < 2251799813685248;
    assigns \nothing;
    ensures \result == u128_value(x) / 2251799813685248; */
QED_INLINE_MUL64 uint64_t qed_shr51_portable(qed_u128 x)
{
  //@ assert u128_value(x) == (x.hi * 8192 + x.lo / 2251799813685248) * 2251799813685248 + x.lo % 2251799813685248;
  return x.hi * 8192u + x.lo / 2251799813685248u;
}

#if defined(__SIZEOF_INT128__) && !defined(__FRAMAC__) && \
    !defined(QED_MUL64_NO_INT128)
#include "nacl/mul64_int128.h"
#else
/* The portable body is the body (Frama-C; compilers without __int128). */
/*@ assigns \nothing;
    ensures u128_value(\result) == a * b; */
QED_INLINE_MUL64 qed_u128 qed_mul64(uint64_t a, uint64_t b)
{
  return qed_mul64_portable(a, b);
}

/*@ requires u128_value(acc) + a * b < 340282366920938463463374607431768211456;
    assigns \nothing;
    ensures u128_value(\result) == u128_value(acc) + a * b; */
QED_INLINE_MUL64 qed_u128 qed_mac64(qed_u128 acc, uint64_t a, uint64_t b)
{
  return qed_mac64_portable(acc, a, b);
}

/*@ requires u128_value(acc) + c < 340282366920938463463374607431768211456;
    assigns \nothing;
    ensures u128_value(\result) == u128_value(acc) + c; */
QED_INLINE_MUL64 qed_u128 qed_add64(qed_u128 acc, uint64_t c)
{
  return qed_add64_portable(acc, c);
}

/*@ requires x.hi < 2251799813685248;
    assigns \nothing;
    ensures \result == u128_value(x) / 2251799813685248; */
QED_INLINE_MUL64 uint64_t qed_shr51(qed_u128 x)
{
  return qed_shr51_portable(x);
}
#endif

#endif
