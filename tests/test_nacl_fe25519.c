/* GF(2^255 - 19) of src/nacl (radix 2^51) against an independent
 * reference (tests/nacl_ref.h: 32-bit words, always reduced): every
 * operation on random elements and on elements whose limbs sit at the
 * edges of the ranges the proof allows (fe_tight: limbs <= 2^51 + 2^13,
 * fe_loose: <= 2^53), the encodings (non-canonical inputs p .. 2^255 - 1,
 * the ignored top bit), inversion, the conditional swap.  Each result must
 * have the right value mod p AND lie in the range its contract promises.
 *
 *   build/tests/test_nacl_fe25519 [vector dir, unused] */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "testutil.h"
#include "nacl_ref.h"
#include "nacl/fe25519_ops.h"

#define TIGHT_MAX 2251799813693440ull   /* 2^51 + 2^13 */
#define LOOSE_MAX 9007199254740992ull   /* 2^53 */
#define M51 2251799813685248ull

static test_tally t = { 0, 0 };
static uint64_t rs = 0x0123456789abcdefull;

/* The value sum v_i 2^(51 i) of any limbs, reduced, in the reference. */
static ref_fe to_ref(qed_fe25519 f)
{
  const uint64_t v[5] = { f.v0, f.v1, f.v2, f.v3, f.v4 };
  uint32_t w[9] = { 0 };
  for (int i = 0; i < 5; i++) {
    /* add v[i] << (51 i) into w */
    int bit = 51 * i, word = bit / 32, sh = bit % 32;
    uint64_t lo = v[i] << sh;                          /* low 64 bits */
    uint64_t hi = sh ? v[i] >> (64 - sh) : 0;          /* bits above */
    uint32_t add[4] = { (uint32_t)lo, (uint32_t)(lo >> 32), (uint32_t)hi,
                        (uint32_t)(hi >> 32) };
    uint64_t c = 0;
    for (int k = word; k < 9; k++) {
      c += (uint64_t)w[k] + (k - word < 4 ? add[k - word] : 0);
      w[k] = (uint32_t)c;
      c >>= 32;
    }
  }
  return ref_reduce9(w);
}

static int ref_eq(ref_fe a, ref_fe b) { return memcmp(a.w, b.w, 32) == 0; }

static int in_range(qed_fe25519 f, uint64_t max)
{
  return f.v0 <= max && f.v1 <= max && f.v2 <= max && f.v3 <= max &&
         f.v4 <= max;
}

static uint64_t rnd_limb(uint64_t max)
{
  uint64_t r = test_rand(&rs);
  switch (r % 8) {
  case 0: return max;                         /* the edge itself */
  case 1: return max - (r >> 8) % 64;
  case 2: return (r >> 8) % 64;
  case 3: return M51 - 1;
  default: return (r >> 3) % (max + 1);
  }
}

static qed_fe25519 rnd_fe(uint64_t max)
{
  qed_fe25519 f;
  f.v0 = rnd_limb(max); f.v1 = rnd_limb(max); f.v2 = rnd_limb(max);
  f.v3 = rnd_limb(max); f.v4 = rnd_limb(max);
  return f;
}

static qed_fe25519 all(uint64_t x)
{
  qed_fe25519 f = { x, x, x, x, x };
  return f;
}

static void check_ops(qed_fe25519 f, qed_fe25519 g, qed_fe25519 fl,
                      qed_fe25519 gl)
{
  /* f, g tight; fl, gl loose */
  const ref_fe F = to_ref(f), G = to_ref(g), FL = to_ref(fl), GL = to_ref(gl);
  qed_fe25519 h;
  h = fe_add(f, g);
  test_check(&t, in_range(h, LOOSE_MAX) && ref_eq(to_ref(h), ref_add(F, G)),
             "fe_add");
  h = fe_sub(f, g);
  test_check(&t, in_range(h, LOOSE_MAX) && ref_eq(to_ref(h), ref_sub(F, G)),
             "fe_sub");
  h = fe_mul(fl, gl);
  test_check(&t, in_range(h, TIGHT_MAX) && ref_eq(to_ref(h), ref_mul(FL, GL)),
             "fe_mul %llx %llx", (unsigned long long)fl.v0,
             (unsigned long long)gl.v0);
  h = fe_sq(fl);
  test_check(&t, in_range(h, TIGHT_MAX) && ref_eq(to_ref(h), ref_mul(FL, FL)),
             "fe_sq");
  {
    static const uint64_t cs[] = { 0, 1, 9, 121665, 121666 };
    const uint64_t c = cs[test_rand(&rs) % 5];
    h = fe_mul_small(fl, c);
    test_check(&t, in_range(h, TIGHT_MAX) &&
                   ref_eq(to_ref(h), ref_mul(FL, ref_small((uint32_t)c))),
               "fe_mul_small %llu", (unsigned long long)c);
  }
  {
    uint8_t b1[32], b2[32];
    qed_fe25519 fr = qed_fe25519_freeze(f);
    qed_fe25519_tobytes(b1, f);
    ref_tobytes(b2, F);
    test_check(&t, memcmp(b1, b2, 32) == 0, "tobytes");
    test_check(&t, in_range(fr, M51 - 1) && ref_eq(to_ref(fr), F) &&
                   ref_geq(ref_p.w, to_ref(fr).w) &&
                   !(fr.v0 == 0x7ffffffffffedull && fr.v1 == M51 - 1 &&
                     fr.v2 == M51 - 1 && fr.v3 == M51 - 1 &&
                     fr.v4 == M51 - 1),
               "freeze: canonical limbs");
    /* frombytes(tobytes(f)) == f's value, limbs < 2^51 */
    qed_fe25519 back = qed_fe25519_frombytes(b1);
    test_check(&t, in_range(back, M51 - 1) && ref_eq(to_ref(back), F),
               "frombytes(tobytes)");
  }
  {
    qed_fe25519 a = f, b = g;
    fe_cswap(&a, &b, 0);
    test_check(&t, memcmp(&a, &f, sizeof a) == 0 &&
                   memcmp(&b, &g, sizeof b) == 0, "cswap 0");
    fe_cswap(&a, &b, 1);
    test_check(&t, memcmp(&a, &g, sizeof a) == 0 &&
                   memcmp(&b, &f, sizeof b) == 0, "cswap 1");
  }
}

int main(int argc, char **argv)
{
  const uint64_t edges[] = { 0, 1, 19, M51 - 1, M51, TIGHT_MAX };
  const uint64_t ledges[] = { 0, 1, M51 - 1, TIGHT_MAX, LOOSE_MAX - 1,
                              LOOSE_MAX };
  (void)argc;
  (void)argv;

  /* every combination of uniform edge elements */
  for (size_t i = 0; i < 6; i++)
    for (size_t j = 0; j < 6; j++)
      check_ops(all(edges[i]), all(edges[j]), all(ledges[i]), all(ledges[j]));
  /* random elements, limbs often at the edges */
  for (int n = 0; n < 20000; n++)
    check_ops(rnd_fe(TIGHT_MAX), rnd_fe(TIGHT_MAX), rnd_fe(LOOSE_MAX),
              rnd_fe(LOOSE_MAX));

  /* decoding: values around p and 2^255, and the top bit */
  {
    static const char *hexes[] = {
      /* 0, 1, p - 1, p, p + 1, 2^255 - 1, 2^255 - 20 .. with bit 255 */
      "0000000000000000000000000000000000000000000000000000000000000000",
      "0100000000000000000000000000000000000000000000000000000000000000",
      "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
      "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
      "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
      "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
      "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
      "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
      "0000000000000000000000000000000000000000000000000000000000000080",
      "0900000000000000000000000000000000000000000000000000000000000000",
    };
    for (size_t i = 0; i < sizeof hexes / sizeof hexes[0]; i++) {
      uint8_t s[32], o1[32], o2[32];
      test_unhex(s, hexes[i], 32);
      qed_fe25519 f = qed_fe25519_frombytes(s);
      test_check(&t, in_range(f, M51 - 1) && ref_eq(to_ref(f), ref_frombytes(s)),
                 "frombytes %s", hexes[i]);
      qed_fe25519_tobytes(o1, f);
      ref_tobytes(o2, ref_frombytes(s));
      test_check(&t, memcmp(o1, o2, 32) == 0, "tobytes(frombytes %s)",
                 hexes[i]);
    }
    for (int n = 0; n < 20000; n++) {
      uint8_t s[32], o1[32], o2[32];
      test_fill(s, 32, (uint64_t)n + 1);
      if (n % 4 == 0) { memset(s + 1, 0xff, 31); s[0] = (uint8_t)(0xec + n % 19); }
      qed_fe25519 f = qed_fe25519_frombytes(s);
      qed_fe25519_tobytes(o1, f);
      ref_tobytes(o2, ref_frombytes(s));
      test_check(&t, memcmp(o1, o2, 32) == 0 && in_range(f, M51 - 1),
                 "bytes round trip %d", n);
    }
  }

  /* inversion (0 -> 0) */
  {
    test_check(&t, ref_eq(to_ref(qed_fe25519_invert(all(0))), ref_small(0)),
               "invert(0)");
    for (int n = 0; n < 300; n++) {
      qed_fe25519 f = rnd_fe(TIGHT_MAX), h = qed_fe25519_invert(f);
      ref_fe F = to_ref(f);
      test_check(&t, in_range(h, TIGHT_MAX) && ref_eq(to_ref(h), ref_inv(F)),
                 "invert %d", n);
      if (!ref_eq(F, ref_small(0)))
        test_check(&t, ref_eq(ref_mul(to_ref(h), F), ref_small(1)),
                   "f * invert(f) == 1 (%d)", n);
    }
  }
  return test_finish(&t);
}
