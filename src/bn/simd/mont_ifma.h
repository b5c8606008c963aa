/* Montgomery arithmetic in radix 2^52 with AVX-512 IFMA (vpmadd52luq /
 * vpmadd52huq), for the moduli of RSA's private operation: n = 8, 16, 32
 * or 64 limbs of 64 bits (512 to 4096 bits).  Outside the proof
 * (simd/mont_ifma.c, simd/bn_ifma_cpu.c: vector intrinsics, CPUID); the
 * algorithm is in simd/mont_ifma_impl.h, which the tests also build over
 * plain C lanes and compare with the proven qed_bn_mont_mul_limbs and
 * qed_bn_powm_sec on every backend.
 *
 * x86-64 only (the files under simd/ are not built elsewhere): a
 * dispatcher calls these under `#if defined(__x86_64__)` and only when
 * qed_bn_mont_ifma_supports(n) says so.
 *
 * Which entry gives the speed: qed_bn_mont_exp_ifma.  A radix-2^52
 * Montgomery product has its own R' = 2^(52k) (k = 5n/4 digits, 52k =
 * 64n + n); qed_bn_mont_mul_ifma keeps the portable interface (R =
 * 2^(64n)) by shifting a left by n bits on the way in, which costs a
 * conversion of a, b and m to radix 2^52 and of the result back on every
 * call.  The exponentiation converts once, stays in radix 2^52 with R' for
 * its whole length, and converts back once. */
#ifndef QED_BN_SIMD_MONT_IFMA_H
#define QED_BN_SIMD_MONT_IFMA_H

#include <stddef.h>
#include <stdint.h>

/* 1 when n is 8, 16, 32 or 64, the CPU has AVX512-IFMA and the backend
 * level is avx512 (QED_BACKEND=portable or avx2 turns it off); else 0. */
/*@ assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 ==> (n == 8 || n == 16 || n == 32 || n == 64); */
int qed_bn_mont_ifma_supports(size_t n);

/* r = a b / 2^(64n) mod m: the contract and result of
 * qed_bn_mont_mul_limbs (bn/bn_mont.h): m odd, a, b < m (a may equal b),
 * r in [0, m); s is a scratch of QED_MONT_SCRATCH limbs (only the first
 * 4 * 80 are used).  Only when qed_bn_mont_ifma_supports(n). */
/*@ requires n == 8 || n == 16 || n == 32 || n == 64;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    requires \valid_read(m + (0 .. n - 1));
    requires \valid(s + (0 .. 4 * 80 - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1), m + (0 .. n - 1), s + (0 .. 4 * 80 - 1));
    requires \separated(r + (0 .. n - 1), b + (0 .. n - 1));
    requires \separated(s + (0 .. 4 * 80 - 1), b + (0 .. n - 1));
    assigns r[0 .. n - 1], s[0 .. 4 * 80 - 1]; */
void qed_bn_mont_mul_ifma(uint64_t *r, const uint64_t *a, const uint64_t *b,
                          const uint64_t *m, size_t n, uint64_t minv,
                          uint64_t *s);

/* Limbs of scratch qed_bn_mont_exp_ifma needs for n limbs: the window
 * table (32 entries) and seven numbers, each padded to whole vectors of 8
 * digits (at most 80 digits). */
#define QED_MONT_IFMA_DIGITS(n) (((5 * (n) / 4) + 7) / 8 * 8)
#define QED_MONT_IFMA_EXP_SCRATCH(n) (39 * QED_MONT_IFMA_DIGITS(n))
#define QED_MONT_IFMA_EXP_SCRATCH_MAX QED_MONT_IFMA_EXP_SCRATCH(64)

/* r = b^e mod m in constant time for the secret values of b, e and m:
 * m odd with m[n-1] != 0 (a normalized modulus of n limbs), b < m, e the
 * ceil(ebits / 64) limbs of the exponent (bits at and above ebits are
 * ignored; ebits is public, ebits == 0 gives 1 mod m).  Left-to-right
 * fixed 5-bit windows; every window reads the whole 32-entry table and
 * keeps one entry with a mask.  R'^2 mod m is found by doublings and
 * squarings, without a division.  s: QED_MONT_IFMA_EXP_SCRATCH(n) limbs,
 * wiped on return.  Only when qed_bn_mont_ifma_supports(n). */
/*@ requires n == 8 || n == 16 || n == 32 || n == 64;
    requires ebits <= 64 * 256;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(b + (0 .. n - 1)) && \valid_read(m + (0 .. n - 1));
    requires ebits == 0 || \valid_read(e + (0 .. (ebits - 1) / 64));
    requires \valid(s + (0 .. QED_MONT_IFMA_EXP_SCRATCH(n) - 1));
    requires \separated(r + (0 .. n - 1), s + (0 .. QED_MONT_IFMA_EXP_SCRATCH(n) - 1));
    assigns r[0 .. n - 1], s[0 .. QED_MONT_IFMA_EXP_SCRATCH(n) - 1]; */
void qed_bn_mont_exp_ifma(uint64_t *r, const uint64_t *b, const uint64_t *e,
                          size_t ebits, const uint64_t *m, size_t n,
                          uint64_t *s);

/* The two exponentiations of an RSA private operation by CRT at once:
 * r0 = b0^e0 mod m0 and r1 = b1^e1 mod m1, each as qed_bn_mont_exp_ifma
 * (both moduli of n limbs, both exponents of ebits bits), the products of
 * the two interleaved in one loop: one exponentiation's latency is the
 * other's throughput.  s: QED_MONT_IFMA_EXP2_SCRATCH(n) limbs, wiped. */
#define QED_MONT_IFMA_EXP2_SCRATCH(n) (2 * QED_MONT_IFMA_EXP_SCRATCH(n))
/*@ requires n == 8 || n == 16 || n == 32 || n == 64;
    requires ebits <= 64 * 256;
    requires \valid(r0 + (0 .. n - 1)) && \valid(r1 + (0 .. n - 1));
    requires \valid_read(b0 + (0 .. n - 1)) && \valid_read(m0 + (0 .. n - 1));
    requires \valid_read(b1 + (0 .. n - 1)) && \valid_read(m1 + (0 .. n - 1));
    requires ebits == 0 || \valid_read(e0 + (0 .. (ebits - 1) / 64));
    requires ebits == 0 || \valid_read(e1 + (0 .. (ebits - 1) / 64));
    requires \valid(s + (0 .. QED_MONT_IFMA_EXP2_SCRATCH(n) - 1));
    requires \separated(r0 + (0 .. n - 1), r1 + (0 .. n - 1), s + (0 .. QED_MONT_IFMA_EXP2_SCRATCH(n) - 1));
    assigns r0[0 .. n - 1], r1[0 .. n - 1], s[0 .. QED_MONT_IFMA_EXP2_SCRATCH(n) - 1]; */
void qed_bn_mont_exp2_ifma(uint64_t *r0, uint64_t *r1, const uint64_t *b0,
                           const uint64_t *b1, const uint64_t *e0,
                           const uint64_t *e1, size_t ebits,
                           const uint64_t *m0, const uint64_t *m1, size_t n,
                           uint64_t *s);

/* r = b^e mod m for a PUBLIC e (RSA's public exponent): square and
 * multiply over the ebits bits of e, so the time depends on e's value; no
 * branch and no address on b or m.  m odd with m[n-1] != 0, b < 2^(64n)
 * (b need not be below m: the first product b R'^2 / R' is below
 * 2^(64n) m / 2^(65n) + m < 2m, as every later one), rr = 2^(128n) mod m
 * (the R^2 of a qed_bn_mont_ctx); bits of e at and above
 * ebits are ignored, ebits == 0 gives 1 mod m.  s:
 * QED_MONT_IFMA_PUB_SCRATCH(n) limbs, wiped on return.  Only when
 * qed_bn_mont_ifma_supports(n). */
#define QED_MONT_IFMA_PUB_SCRATCH(n) (6 * QED_MONT_IFMA_DIGITS(n))
/*@ requires n == 8 || n == 16 || n == 32 || n == 64;
    requires ebits <= 64 * 256;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(b + (0 .. n - 1)) && \valid_read(m + (0 .. n - 1));
    requires \valid_read(rr + (0 .. n - 1));
    requires ebits == 0 || \valid_read(e + (0 .. (ebits - 1) / 64));
    requires \valid(s + (0 .. QED_MONT_IFMA_PUB_SCRATCH(n) - 1));
    requires \separated(r + (0 .. n - 1), s + (0 .. QED_MONT_IFMA_PUB_SCRATCH(n) - 1));
    assigns r[0 .. n - 1], s[0 .. QED_MONT_IFMA_PUB_SCRATCH(n) - 1]; */
void qed_bn_mont_exp_pub_ifma(uint64_t *r, const uint64_t *b,
                              const uint64_t *e, size_t ebits,
                              const uint64_t *m, const uint64_t *rr, size_t n,
                              uint64_t *s);

/* x y = hi 2^52 + lo for x, y < 2^52, by 26-bit halves: for compilers with
 * no 128-bit integer type (the C-lane model of tests/bn_ifma_lanes.h on
 * 32-bit targets).  x = x1 2^26 + x0 and y likewise: x y = x1 y1 2^52 +
 * (x1 y0 + x0 y1) 2^26 + x0 y0, every partial product below 2^52 and
 * their middle sum below 2^53. */
/*@ requires \valid(hi) && \valid(lo) && \separated(hi, lo);
    assigns *hi, *lo; */
static inline void qed_ifma_mul52_halves(uint64_t x, uint64_t y,
                                         uint64_t *hi, uint64_t *lo)
{
  const uint64_t m26 = ((uint64_t)1 << 26) - 1, m52 = ((uint64_t)1 << 52) - 1;
  const uint64_t x0 = x & m26, x1 = x >> 26, y0 = y & m26, y1 = y >> 26;
  const uint64_t mid = x1 * y0 + x0 * y1;
  const uint64_t low = x0 * y0 + ((mid & m26) << 26);    /* < 2^53 */
  *lo = low & m52;
  *hi = x1 * y1 + (mid >> 26) + (low >> 52);
}

#endif
