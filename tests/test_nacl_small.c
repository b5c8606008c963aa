/* The size-first Curve25519 code of -Os builds (src/nacl/fe25519_small.c,
 * src/nacl/curve25519_small.c) against the fast code every other build
 * runs (the radix-2^51 field, the X25519 ladder, the table forms of
 * Ed25519's scalar multiplications), and the field against the independent
 * reference of tests/nacl_ref.h.  Both forms are compiled into every build
 * (nacl/curve25519_small.h), so this binary, linked with the static
 * archive, calls both whichever one the entry points use.
 *   - field: add, sub, mul, squaring, invert, pow22523, encoding and its
 *     canonical form, the sign, equality, the masked swap, on the edge
 *     encodings (0, 1, p - 1, p, p + 1, 2^255 - 1, 2^256 - 1, ...) and
 *     random ones, and on elements whose limbs sit at the edges of the
 *     ranges the proof allows (fe16_tight < 2^17, fe16_loose < 2^21, the
 *     first operand of add and sub < 2^20): each result must have the right
 *     value mod p AND lie in the range its contract promises;
 *   - X25519: qed_x25519_small against crypto_scalarmult's fast ladder
 *     (every u edge value, thousands of random scalars and points);
 *   - Ed25519: encode([a]B) against the table form (edge and thousands of
 *     random scalars); encode([s]B - [k]A) against the fast decoding and
 *     double scalar multiplication, on valid public keys and on encodings
 *     that are not points, not canonical, or of small order.
 *
 *   build/tests/test_nacl_small [vector dir, unused] [count] */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "testutil.h"
#include "nacl_ref.h"
#include "qed/nacl.h"
#include "nacl/fe25519_ops.h"
#include "nacl/fe25519_small.h"
#include "nacl/ge25519.h"
#include "nacl/curve25519_small.h"

static test_tally t = { 0, 0 };
static uint64_t rs = 0x5a11c0de25519ull;
static long N = 2000;              /* random cases per test */

/* The value sum v_i 2^(16 i) of any limbs (below 2^32), reduced. */
static ref_fe to_ref(const qed_fe16 *f)
{
  uint32_t w[9] = { 0 };
  for (int i = 0; i < 16; i++) {
    uint64_t c = (uint64_t)f->v[i] << (16 * (i % 2));
    for (int k = i / 2; k < 9 && c != 0; k++) {
      c += w[k];
      w[k] = (uint32_t)c;
      c >>= 32;
    }
  }
  return ref_reduce9(w);
}

static int ref_eq(ref_fe a, ref_fe b) { return memcmp(a.w, b.w, 32) == 0; }

static int lt(const qed_fe16 *f, uint32_t bound)
{
  for (int i = 0; i < 16; i++)
    if (f->v[i] >= bound)
      return 0;
  return 1;
}

/* A limb below max: the edges often, else uniform. */
static uint32_t rnd_limb(uint32_t max)
{
  uint64_t r = test_rand(&rs);
  switch (r % 8) {
  case 0: return max - 1;
  case 1: return max - 1 - (uint32_t)((r >> 8) % 64);
  case 2: return (uint32_t)((r >> 8) % 64);
  case 3: return 65535;
  default: return (uint32_t)((r >> 3) % max);
  }
}

static void rnd_fe16(qed_fe16 *f, uint32_t max)
{
  for (int i = 0; i < 16; i++)
    f->v[i] = rnd_limb(max);
}

/* Edge encodings, then random ones. */
#define NEDGE 12
static void edge_bytes(uint8_t s[32], int n)
{
  static const uint8_t pm[32] = {     /* p */
    0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f };
  memset(s, 0, 32);
  switch (n) {
  case 0: break;                                   /* 0 */
  case 1: s[0] = 1; break;                         /* 1 */
  case 2: memcpy(s, pm, 32); s[0] = 0xec; break;   /* p - 1 */
  case 3: memcpy(s, pm, 32); break;                /* p */
  case 4: memcpy(s, pm, 32); s[0] = 0xee; break;   /* p + 1 */
  case 5: memset(s, 0xff, 32); s[31] = 0x7f; break;/* 2^255 - 1 */
  case 6: memset(s, 0xff, 32); break;              /* 2^256 - 1 */
  case 7: s[31] = 0x80; break;                     /* 2^255 (= 0) */
  case 8: memcpy(s, pm, 32); s[31] = 0xff; break;  /* p + 2^255 */
  case 9: s[0] = 9; break;                         /* 9 */
  case 10: s[0] = 0xff; s[1] = 0xff; break;        /* 2^16 - 1 */
  case 11: s[30] = 0xff; s[31] = 0x7f; break;      /* top limb full */
  default: test_fill(s, 32, test_rand(&rs)); break;
  }
}

/* the fast field's canonical encoding of an fe16 value: via the reference */
static void test_field(void)
{
  int ok_add = 1, ok_sub = 1, ok_mul = 1, ok_inv = 1, ok_pow = 1;
  int ok_enc = 1, ok_fast = 1, ok_neg = 1, ok_eq = 1, ok_swap = 1, ok_rng = 1;
  uint32_t e22523[8];
  /* (p - 5) / 8 = 2^252 - 3 */
  memset(e22523, 0xff, sizeof e22523);
  e22523[0] = 0xfffffffdu;
  e22523[7] = 0x0fffffffu;
  for (long n = 0; n < NEDGE * NEDGE + N; n++) {
    uint8_t sa[32], sb[32], x[32], y[32];
    qed_fe16 a, b, r, a2, b2;
    ref_fe ra, rb;
    if (n < NEDGE * NEDGE) {
      edge_bytes(sa, (int)(n / NEDGE));
      edge_bytes(sb, (int)(n % NEDGE));
    } else {
      edge_bytes(sa, NEDGE);
      edge_bytes(sb, NEDGE);
    }
    /* decoding: the same value as the fast field's and the reference's,
       limbs below 2^16 */
    qed_fe16_frombytes(&a, sa);
    qed_fe16_frombytes(&b, sb);
    ok_rng &= lt(&a, 65536) && lt(&b, 65536);
    ra = ref_frombytes(sa);
    rb = ref_frombytes(sb);
    ok_enc &= ref_eq(to_ref(&a), ra) && ref_eq(to_ref(&b), rb);
    /* encoding: canonical, as the fast field's and the reference's */
    qed_fe16_tobytes(x, &a);
    qed_fe25519_tobytes(y, qed_fe25519_frombytes(sa));
    ok_fast &= memcmp(x, y, 32) == 0;
    ref_tobytes(y, ra);
    ok_enc &= memcmp(x, y, 32) == 0;
    ok_neg &= qed_fe16_isnegative(&a) == (uint32_t)(y[0] & 1);
    /* the operations */
    qed_fe16_add(&r, &a, &b);
    ok_add &= ref_eq(to_ref(&r), ref_add(ra, rb)) && lt(&r, 262144);
    qed_fe16_sub(&r, &a, &b);
    ok_sub &= ref_eq(to_ref(&r), ref_sub(ra, rb)) && lt(&r, 2097152);
    qed_fe16_mul(&r, &a, &b);
    ok_mul &= ref_eq(to_ref(&r), ref_mul(ra, rb)) && lt(&r, 131072);
    /* the product against the fast field, by encoding */
    qed_fe16_tobytes(x, &r);
    qed_fe25519_tobytes(y, fe_mul(qed_fe25519_frombytes(sa),
                                  qed_fe25519_frombytes(sb)));
    ok_fast &= memcmp(x, y, 32) == 0;
    qed_fe16_mul(&r, &a, &a);
    ok_mul &= ref_eq(to_ref(&r), ref_mul(ra, ra)) && lt(&r, 131072);
    /* aliasing: out = a */
    r = a;
    qed_fe16_mul(&r, &r, &b);
    ok_mul &= ref_eq(to_ref(&r), ref_mul(ra, rb));
    r = a;
    qed_fe16_sub(&r, &r, &b);
    ok_sub &= ref_eq(to_ref(&r), ref_sub(ra, rb));
    r = b;
    qed_fe16_sub(&r, &a, &r);
    ok_sub &= ref_eq(to_ref(&r), ref_sub(ra, rb));
    if (n < NEDGE * NEDGE || n % 8 == 0) {
      qed_fe16_invert(&r, &a);
      ok_inv &= ref_eq(to_ref(&r), ref_inv(ra)) && lt(&r, 131072);
      qed_fe16_tobytes(x, &r);
      qed_fe25519_tobytes(y, qed_fe25519_invert(qed_fe25519_frombytes(sa)));
      ok_fast &= memcmp(x, y, 32) == 0;
      qed_fe16_pow22523(&r, &a);
      ok_pow &= ref_eq(to_ref(&r), ref_pow(ra, e22523)) && lt(&r, 131072);
    }
    /* equality: of a value and itself, of a and b (as the reference) */
    a2 = a;
    qed_fe16_add(&a2, &a2, &b);
    qed_fe16_sub(&a2, &a2, &b);          /* a again, other limbs */
    ok_eq &= qed_fe16_equal_vartime(&a2, &a) == 1;
    ok_eq &= qed_fe16_equal_vartime(&a, &b) == ref_eq(ra, rb);
    /* the swap */
    a2 = a;
    b2 = b;
    qed_fe16_cswap(&a2, &b2, 0);
    ok_swap &= memcmp(&a2, &a, sizeof a) == 0 && memcmp(&b2, &b, sizeof b) == 0;
    qed_fe16_cswap(&a2, &b2, 1);
    ok_swap &= memcmp(&a2, &b, sizeof a) == 0 && memcmp(&b2, &a, sizeof b) == 0;
  }
  /* limbs at the edges of the proved ranges */
  for (long n = 0; n < N; n++) {
    qed_fe16 a, b, r;
    uint8_t x[32], y[32];
    rnd_fe16(&a, 2097152);
    rnd_fe16(&b, 2097152);
    if (n == 0)
      for (int i = 0; i < 16; i++)
        a.v[i] = b.v[i] = 2097151;       /* every limb at the top */
    qed_fe16_mul(&r, &a, &b);
    ok_mul &= ref_eq(to_ref(&r), ref_mul(to_ref(&a), to_ref(&b))) &&
              lt(&r, 131072);
    qed_fe16_tobytes(x, &a);             /* tobytes takes loose limbs */
    ref_tobytes(y, to_ref(&a));
    ok_enc &= memcmp(x, y, 32) == 0;
    ok_neg &= qed_fe16_isnegative(&a) == (uint32_t)(y[0] & 1);
    rnd_fe16(&a, 1048576);
    rnd_fe16(&b, 131072);
    if (n == 0)
      for (int i = 0; i < 16; i++) {
        a.v[i] = 1048575;
        b.v[i] = 131071;
      }
    if (n == 1)
      for (int i = 0; i < 16; i++) {
        a.v[i] = 0;
        b.v[i] = 131071;
      }
    qed_fe16_sub(&r, &a, &b);
    ok_sub &= ref_eq(to_ref(&r), ref_sub(to_ref(&a), to_ref(&b))) &&
              lt(&r, 2097152);
    rnd_fe16(&b, 1048576);
    qed_fe16_add(&r, &a, &b);
    ok_add &= ref_eq(to_ref(&r), ref_add(to_ref(&a), to_ref(&b))) &&
              lt(&r, 2097152);
    rnd_fe16(&a, 131072);
    rnd_fe16(&b, 131072);
    qed_fe16_add(&r, &a, &b);
    ok_add &= lt(&r, 262144);
    if (n % 16 == 0) {
      qed_fe16_invert(&r, &a);
      ok_inv &= ref_eq(to_ref(&r), ref_inv(to_ref(&a))) && lt(&r, 131072);
    }
  }
  test_check(&t, ok_rng, "fe16 frombytes: limbs below 2^16");
  test_check(&t, ok_enc, "fe16 frombytes/tobytes: the reference's values, canonical");
  test_check(&t, ok_fast, "fe16 tobytes, mul, invert: the radix-2^51 field's encodings");
  test_check(&t, ok_neg, "fe16 isnegative: bit 0 of the canonical encoding");
  test_check(&t, ok_add, "fe16 add: value and range");
  test_check(&t, ok_sub, "fe16 sub: value and range (aliasing too)");
  test_check(&t, ok_mul, "fe16 mul, squaring: value and range (aliasing, edge limbs)");
  test_check(&t, ok_inv, "fe16 invert: value and range");
  test_check(&t, ok_pow, "fe16 pow22523: value and range");
  test_check(&t, ok_eq, "fe16 equal_vartime");
  test_check(&t, ok_swap, "fe16 cswap");
}

/* X25519: the size-first ladder against the fast one behind
   crypto_scalarmult (in a non -Os build; in an -Os build both run the
   small one, and the reference ladder is the independent check). */
static void test_x25519(void)
{
  int ok = 1, ok_ref = 1;
  for (long n = 0; n < NEDGE + N; n++) {
    uint8_t e[32], u[32], q1[32], q2[32], q3[32];
    edge_bytes(u, n < NEDGE ? (int)n : NEDGE);
    test_fill(e, 32, test_rand(&rs));
    if (n == 1)
      memset(e, 0xff, 32);
    if (n == 2)
      memset(e, 0, 32);
    (void)qed_crypto_scalarmult(q1, e, u);     /* clamps e itself */
    e[0] &= 248;
    e[31] = (uint8_t)((e[31] & 127) | 64);
    qed_x25519_small(q2, e, u);
    ok &= memcmp(q1, q2, 32) == 0;
    if (n < NEDGE || n % 16 == 0) {
      ref_x25519(q3, e, u);
      ok_ref &= memcmp(q3, q2, 32) == 0;
    }
  }
  test_check(&t, ok, "X25519: small ladder = crypto_scalarmult (%ld points, "
                     "edge u included)", (long)NEDGE + N);
  test_check(&t, ok_ref, "X25519: small ladder = the reference ladder");
}

/* The fast form of qed_ed25519_small_check. */
static int fast_check(uint8_t out[32], const uint8_t k[32],
                      const uint8_t pk[32], const uint8_t s[32])
{
  qed_ge_p3 A;
  qed_ge_p2 R;
  if (qed_ge_frombytes_negate_vartime(&A, pk) != 0) {
    memset(out, 0, 32);
    return -1;
  }
  qed_ge_double_scalarmult_vartime(&R, k, &A, s);
  qed_ge_p2_tobytes(out, &R);
  return 0;
}

static void test_ed25519(void)
{
  static const uint8_t L_minus_1[32] = {
    0xec, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2,
    0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10
  };
  int ok = 1, okc = 1, okbad = 1;
  long nbad = 0, ngood = 0;
  /* [a]B, a < 2^255 (what the table form accepts): 0, 1, L - 1, L,
     2^255 - 1, then random */
  for (long n = 0; n < 5 + N; n++) {
    uint8_t a[32], e1[32], e2[32];
    qed_ge_p3 p;
    test_fill(a, 32, test_rand(&rs));
    if (n < 2) {
      memset(a, 0, 32);
      a[0] = (uint8_t)n;
    } else if (n == 2) {
      memcpy(a, L_minus_1, 32);
    } else if (n == 3) {
      memcpy(a, L_minus_1, 32);
      a[0]++;
    } else if (n == 4) {
      memset(a, 0xff, 32);
    }
    a[31] &= 127;
    qed_ge_scalarmult_base(&p, a);
    qed_ge_p3_tobytes(e1, &p);
    qed_ed25519_small_base(e2, a);
    ok &= memcmp(e1, e2, 32) == 0;
  }
  test_check(&t, ok, "encode([a]B): small = table form (5 edge, %ld random)", N);
  /* [s]B - [k]A: A a public key (valid), or any 32 bytes (most are not
     points: both must refuse the same ones), or y >= p, or small order;
     k, s any 256 bits with 0 and 2^256 - 1 among them */
  for (long n = 0; n < 4 + N; n++) {
    uint8_t k[32], s[32], pk[32], sk[64], seed[32], e1[32], e2[32];
    int r1, r2;
    test_fill(k, 32, test_rand(&rs));
    test_fill(s, 32, test_rand(&rs));
    if (n < 4) {
      memset(k, (n & 1) ? 0xff : 0, 32);
      memset(s, (n & 2) ? 0xff : 0, 32);
    }
    switch (n % 4) {
    case 0:                                    /* a public key */
      test_fill(seed, 32, test_rand(&rs));
      qed_crypto_sign_seed_keypair(pk, sk, seed);
      break;
    case 1:                                    /* any bytes */
      test_fill(pk, 32, test_rand(&rs));
      break;
    case 2:                                    /* an edge y, either sign */
      edge_bytes(pk, (int)((n / 4) % NEDGE));
      pk[31] = (uint8_t)((pk[31] & 127) | ((n / 4 / NEDGE) % 2 ? 128 : 0));
      break;
    default:                                   /* y >= p: p .. 2^255 - 1 */
      memset(pk, 0xff, 32);
      pk[31] = (uint8_t)(0x7f | (n & 128));
      pk[0] = (uint8_t)(0xed + (n / 4) % 19);
      break;
    }
    r1 = fast_check(e1, k, pk, s);
    memset(e2, 0xaa, 32);
    r2 = qed_ed25519_small_check(e2, k, pk, s);
    okc &= r1 == r2 && memcmp(e1, e2, 32) == 0;
    if (r2 != 0) {
      nbad++;
      for (int i = 0; i < 32; i++)
        okbad &= e2[i] == 0;
    } else {
      ngood++;
    }
  }
  test_check(&t, okc, "encode([s]B - [k]A): small = fast form (%ld points, "
                      "%ld refused by both)", ngood, nbad);
  test_check(&t, nbad > N / 8 && ngood > N / 4,
             "both outcomes were exercised (%ld, %ld)", ngood, nbad);
  test_check(&t, okbad, "a refused encoding leaves out zeroed");
}

int main(int argc, char **argv)
{
  if (argc > 2)
    N = atol(argv[2]);
  if (N < 1)
    N = 1;
  printf("# entry points use the %s code (QED_NACL_SMALL = %d)\n",
         QED_NACL_SMALL ? "size-first" : "fast", QED_NACL_SMALL);
  test_field();
  test_x25519();
  test_ed25519();
  return test_finish(&t);
}
