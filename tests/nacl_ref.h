/* An independent reference for GF(2^255 - 19) and X25519, for the C tests
 * of the NaCl family: eight 32-bit words, always fully reduced, schoolbook
 * products in 64 bits, written for clarity, not speed, and sharing no code
 * with src/nacl.  (The Python differential tests use big integers.) */
#ifndef QED_TESTS_NACL_REF_H
#define QED_TESTS_NACL_REF_H

#include <stdint.h>
#include <string.h>

typedef struct { uint32_t w[8]; } ref_fe;   /* value < p, little-endian */

static const ref_fe ref_p = { { 0xffffffedu, 0xffffffffu, 0xffffffffu,
  0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0x7fffffffu } };

/* a >= b (as 256-bit integers) */
static inline int ref_geq(const uint32_t *a, const uint32_t *b)
{
  for (int i = 7; i >= 0; i--)
    if (a[i] != b[i]) return a[i] > b[i];
  return 1;
}

/* r = a - b over 256 bits (caller knows a >= b) */
static inline void ref_sub256(uint32_t *r, const uint32_t *a, const uint32_t *b)
{
  uint64_t borrow = 0;
  for (int i = 0; i < 8; i++) {
    uint64_t d = (uint64_t)a[i] - b[i] - borrow;
    r[i] = (uint32_t)d;
    borrow = (d >> 63) & 1;
  }
}

/* Reduce a 9-word value (< 2^288) mod p: fold 2^255 = 19 until < 2^255,
 * then subtract p while >= p. */
static inline ref_fe ref_reduce9(const uint32_t *v9)
{
  uint32_t v[9];
  ref_fe r;
  memcpy(v, v9, sizeof v);
  for (;;) {
    uint64_t hi = ((uint64_t)v[8] << 1) | (v[7] >> 31), c;   /* v >> 255 */
    if (hi == 0) break;
    v[7] &= 0x7fffffffu;
    v[8] = 0;
    c = hi * 19;
    for (int i = 0; i < 9 && c; i++) {
      c += v[i];
      v[i] = (uint32_t)c;
      c >>= 32;
    }
  }
  memcpy(r.w, v, 32);
  while (ref_geq(r.w, ref_p.w)) ref_sub256(r.w, r.w, ref_p.w);
  return r;
}

static inline ref_fe ref_add(ref_fe a, ref_fe b)
{
  uint32_t v[9];
  uint64_t c = 0;
  for (int i = 0; i < 8; i++) {
    c += (uint64_t)a.w[i] + b.w[i];
    v[i] = (uint32_t)c;
    c >>= 32;
  }
  v[8] = (uint32_t)c;
  return ref_reduce9(v);
}

static inline ref_fe ref_sub(ref_fe a, ref_fe b)
{
  ref_fe r;
  if (ref_geq(a.w, b.w)) {
    ref_sub256(r.w, a.w, b.w);
    return r;
  }
  ref_sub256(r.w, ref_p.w, b.w);            /* a + (p - b) */
  return ref_add(a, r);
}

static inline ref_fe ref_mul(ref_fe a, ref_fe b)
{
  uint64_t t[16] = { 0 };
  uint32_t lo[9];
  for (int i = 0; i < 8; i++) {
    uint64_t c = 0;
    for (int j = 0; j < 8; j++) {
      c += t[i + j] + (uint64_t)a.w[i] * b.w[j];
      t[i + j] = (uint32_t)c;
      c >>= 32;
    }
    t[i + 8] = c;
  }
  /* value = L + 2^256 H = L + 38 H (mod p); both < 2^256 */
  uint64_t c = 0;
  for (int i = 0; i < 8; i++) {
    c += t[i] + 38 * t[i + 8];
    lo[i] = (uint32_t)c;
    c >>= 32;
  }
  lo[8] = (uint32_t)c;
  return ref_reduce9(lo);
}

static inline ref_fe ref_small(uint32_t x)
{
  ref_fe r;
  memset(&r, 0, sizeof r);
  r.w[0] = x;
  return r;
}

static inline ref_fe ref_pow(ref_fe a, const uint32_t *e8)  /* a^e, e 256 bits */
{
  ref_fe r = ref_small(1);
  for (int i = 255; i >= 0; i--) {
    r = ref_mul(r, r);
    if ((e8[i / 32] >> (i % 32)) & 1) r = ref_mul(r, a);
  }
  return r;
}

static inline ref_fe ref_inv(ref_fe a)
{
  uint32_t e[8];
  memcpy(e, ref_p.w, 32);
  e[0] -= 2;                                 /* p - 2 */
  return ref_pow(a, e);
}

/* 32 little-endian bytes, top bit dropped, reduced (RFC 7748 decodeU) */
static inline ref_fe ref_frombytes(const uint8_t s[32])
{
  uint32_t v[9] = { 0 };
  for (int i = 0; i < 32; i++) v[i / 4] |= (uint32_t)s[i] << (8 * (i % 4));
  v[7] &= 0x7fffffffu;
  return ref_reduce9(v);
}

static inline void ref_tobytes(uint8_t s[32], ref_fe a)
{
  for (int i = 0; i < 32; i++) s[i] = (uint8_t)(a.w[i / 4] >> (8 * (i % 4)));
}

/* X25519 per RFC 7748 section 5, in the reference field (branches on the
 * scalar: a test oracle only). */
static inline void ref_x25519(uint8_t out[32], const uint8_t n[32],
                       const uint8_t u[32])
{
  uint8_t k[32];
  ref_fe x1 = ref_frombytes(u), x2 = ref_small(1), z2 = ref_small(0);
  ref_fe x3 = x1, z3 = ref_small(1), a24 = ref_small(121665);
  memcpy(k, n, 32);
  k[0] &= 248;
  k[31] &= 127;
  k[31] |= 64;
  for (int t = 254; t >= 0; t--) {
    int bit = (k[t / 8] >> (t % 8)) & 1;
    if (bit) { ref_fe s = x2; x2 = x3; x3 = s; s = z2; z2 = z3; z3 = s; }
    ref_fe A = ref_add(x2, z2), AA = ref_mul(A, A);
    ref_fe B = ref_sub(x2, z2), BB = ref_mul(B, B);
    ref_fe E = ref_sub(AA, BB), C = ref_add(x3, z3), D = ref_sub(x3, z3);
    ref_fe DA = ref_mul(D, A), CB = ref_mul(C, B);
    ref_fe s1 = ref_add(DA, CB), s2 = ref_sub(DA, CB);
    x3 = ref_mul(s1, s1);
    z3 = ref_mul(x1, ref_mul(s2, s2));
    x2 = ref_mul(AA, BB);
    z2 = ref_mul(E, ref_add(AA, ref_mul(a24, E)));
    if (bit) { ref_fe s = x2; x2 = x3; x3 = s; s = z2; z2 = z3; z3 = s; }
  }
  ref_tobytes(out, ref_mul(x2, ref_inv(z2)));
}

#endif
