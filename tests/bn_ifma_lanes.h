/* The lane operations of src/bn/simd/mont_ifma_impl.h over plain C (an
 * 8-lane vector is a struct of 8 uint64_t; the 52x52-bit products through
 * unsigned __int128, or by 26-bit halves (qed_ifma_mul52_halves) where
 * the compiler has no 128-bit type, on 32-bit targets), and the template instantiated with them: the
 * algorithm of the AVX-512 IFMA kernel, runnable on any CPU and under
 * valgrind.  Included by tests/test_bn_ifma.c (checked against the proven
 * portable path) and ct/ct_bn_ifma.c (constant time of the algorithm's
 * scalar parts: conversions, exponent windows, table scan, final
 * subtraction, the doublings towards R'^2). */
#ifndef QED_TESTS_BN_IFMA_LANES_H
#define QED_TESTS_BN_IFMA_LANES_H

#include <stdint.h>
#include <string.h>

#include "bn/simd/mont_ifma.h"

typedef struct {
  uint64_t l[8];
} ifma_vec;

static ifma_vec emu_load(const uint64_t *p)
{
  ifma_vec v;
  memcpy(v.l, p, sizeof v.l);
  return v;
}
static void emu_store(uint64_t *p, ifma_vec v) { memcpy(p, v.l, sizeof v.l); }
static ifma_vec emu_set1(uint64_t x)
{
  ifma_vec v;
  for (int i = 0; i < 8; i++)
    v.l[i] = x;
  return v;
}
static ifma_vec emu_add(ifma_vec a, ifma_vec b)
{
  for (int i = 0; i < 8; i++)
    a.l[i] += b.l[i];
  return a;
}
static ifma_vec emu_madd(ifma_vec c, ifma_vec a, ifma_vec b, unsigned hi)
{
  const uint64_t m52 = 0xfffffffffffffULL;
  for (int i = 0; i < 8; i++) {
#if defined(__SIZEOF_INT128__)
    const unsigned __int128 p = (unsigned __int128)(a.l[i] & m52) * (b.l[i] & m52);
    c.l[i] += (uint64_t)(p >> (52 * hi)) & m52;
#else
    uint64_t ph, pl;
    qed_ifma_mul52_halves(a.l[i] & m52, b.l[i] & m52, &ph, &pl);
    c.l[i] += hi ? ph : pl;
#endif
  }
  return c;
}
static ifma_vec emu_shr_lane(ifma_vec a, ifma_vec b)
{
  ifma_vec r;
  for (int i = 0; i < 7; i++)
    r.l[i] = a.l[i + 1];
  r.l[7] = b.l[0];
  return r;
}
static ifma_vec emu_cmov_eq(ifma_vec d, ifma_vec v, uint64_t x, uint64_t y)
{
  /* x, y < 32: (x ^ y) - 1 has its top bit set only when x == y */
  const uint64_t mask = 0 - (((x ^ y) - 1) >> 63);
  for (int i = 0; i < 8; i++)
    d.l[i] = (d.l[i] & ~mask) | (v.l[i] & mask);
  return d;
}

/* no unrolling pragma: it serves the vector kernel's register allocation,
 * and clang cannot honour it over these lanes on 32-bit targets */
#define IFMA_UNROLL
#define IFMA_FN static
#define IFMA_INLINE static inline
#define ifma_load(p) emu_load(p)
#define ifma_store(p, v) emu_store((p), (v))
#define ifma_zero() emu_set1(0)
#define ifma_set1(x) emu_set1(x)
#define ifma_add(a, b) emu_add((a), (b))
#define ifma_madd_lo(c, a, b) emu_madd((c), (a), (b), 0)
#define ifma_madd_hi(c, a, b) emu_madd((c), (a), (b), 1)
#define ifma_shr_lane(a, b) emu_shr_lane((a), (b))
#define ifma_lane1(v) ((v).l[1])
#define ifma_cmov_eq(d, v, x, y) emu_cmov_eq((d), (v), (x), (y))
#include "bn/simd/mont_ifma_impl.h"

#endif
