/* GF(2^255 - 19) in radix 2^16, by pointer: the size-first field
 * (nacl/fe25519_small.h says why and what the ranges are).
 *
 * The product is a schoolbook loop into 31 columns of 64 bits, the top
 * fifteen folded into the bottom ones times 38 (2^256 = 38 mod p), then
 * two carry passes: the first leaves limbs 1 .. 15 below 2^16 and limb 0
 * below 2^43 (it receives 38 times the carry out of limb 15), the second
 * brings the carry out of limb 15 down to 0 or 1, so every limb ends below
 * 2^16 + 38.  The bounds in the loop invariants are these, spelled out.
 * Carries are written / 65536 and % 65536 (the compiler emits the same
 * shift and mask): the provers reason about division by a constant
 * directly, about shifts only through WP's bit tactics. */
#include <stdint.h>

#include "nacl/fe25519_small.h"
#include "common/bytes.h"

void qed_fe16_add(qed_fe16 *out, const qed_fe16 *a, const qed_fe16 *b)
{
  int i;
  /*@ loop invariant 0 <= i <= 16;
      loop invariant \forall integer k; 0 <= k < i ==> out->v[k] < 2097152;
      loop invariant \forall integer k; i <= k < 16 ==>
        a->v[k] == \at(a->v[k], Pre) && b->v[k] == \at(b->v[k], Pre);
      loop invariant \at(fe16_tight(a) && fe16_tight(b), Pre) ==>
        \forall integer k; 0 <= k < i ==> out->v[k] < 262144;
      loop assigns i, out->v[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    out->v[i] = a->v[i] + b->v[i];
}

void qed_fe16_sub(qed_fe16 *out, const qed_fe16 *a, const qed_fe16 *b)
{
  int i;
  /*@ loop invariant 0 <= i <= 16;
      loop invariant \forall integer k; 0 <= k < i ==> out->v[k] < 2097152;
      loop invariant \forall integer k; i <= k < 16 ==>
        a->v[k] == \at(a->v[k], Pre) && b->v[k] == \at(b->v[k], Pre);
      loop assigns i, out->v[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++) {
    /* the limbs of 8 p: 8 (2^16 - 19), 8 (2^16 - 1) fourteen times,
       8 (2^15 - 1); each at least 2^18 - 8, above any tight limb */
    uint32_t k = 524280u;
    if (i == 0)
      k = 524136u;
    if (i == 15)
      k = 262136u;
    out->v[i] = a->v[i] + k - b->v[i];
  }
}

void qed_fe16_mul(qed_fe16 *out, const qed_fe16 *a, const qed_fe16 *b)
{
  uint64_t t[31];
  uint64_t c;
  int i, j;
  /*@ loop invariant 0 <= i <= 31;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] == 0;
      loop assigns i, t[0 .. 30];
      loop variant 31 - i; */
  for (i = 0; i < 31; i++)
    t[i] = 0;
  /* column i + j collects a_i b_j, each below 2^42: at most 16 of them */
  /*@ loop invariant 0 <= i <= 16;
      loop invariant \forall integer k; 0 <= k < 31 ==>
        t[k] <= i * 4398046511104;
      loop assigns i, j, t[0 .. 30];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++) {
    /*@ loop invariant 0 <= j <= 16;
        loop invariant \forall integer k; 0 <= k < 31 ==>
          t[k] <= ((i <= k && k < i + j) ? i + 1 : i) * 4398046511104;
        loop assigns j, t[i .. i + 15];
        loop variant 16 - j; */
    for (j = 0; j < 16; j++) {
      const uint64_t x = a->v[i], y = b->v[j];
      //@ assert x < 2097152 && y < 2097152;
      //@ assert x * y <= 4398046511104;
      t[i + j] += x * y;
    }
  }
  /* 2^256 = 38: column 16 + i joins column i (each now below 39 2^46) */
  /*@ loop invariant 0 <= i <= 15;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] <= 2744381022928896;
      loop invariant \forall integer k; i <= k < 31 ==> t[k] <= 70368744177664;
      loop assigns i, t[0 .. 14];
      loop variant 15 - i; */
  for (i = 0; i < 15; i++)
    t[i] += 38u * t[i + 16];
  /* first carry pass: the carry stays below 2^37 */
  c = 0;
  /*@ loop invariant 0 <= i <= 16;
      loop invariant c <= 137438953472;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] <= 65535;
      loop invariant \forall integer k; i <= k < 16 ==> t[k] <= 2744381022928896;
      loop assigns i, c, t[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++) {
    t[i] += c;
    c = t[i] / 65536u;
    t[i] %= 65536u;
  }
  t[0] += 38u * c;
  /* second pass: limb 0 (below 2^43) carries below 2^27, limb 1 then
     below 2^12, every later limb at most 1 */
  c = 0;
  /*@ loop invariant 0 <= i <= 16;
      loop invariant c <= 134217728;
      loop invariant i == 0 ==> c == 0;
      loop invariant i >= 2 ==> c <= 4096;
      loop invariant i >= 3 ==> c <= 1;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] <= 65535;
      loop invariant i == 0 ==> t[0] <= 8796093022208;
      loop invariant \forall integer k; 1 <= k < 16 && i <= k ==> t[k] <= 65535;
      loop assigns i, c, t[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++) {
    t[i] += c;
    c = t[i] / 65536u;
    t[i] %= 65536u;
  }
  t[0] += 38u * c;
  /*@ loop invariant 0 <= i <= 16;
      loop invariant \forall integer k; 0 <= k < i ==> out->v[k] < 131072;
      loop assigns i, out->v[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    out->v[i] = (uint32_t)t[i];
}

void qed_fe16_cswap(qed_fe16 *p, qed_fe16 *q, uint32_t bit)
{
  const uint32_t mask = bit * 4294967295u;     /* 0 or all ones */
  int i;
  /*@ loop invariant 0 <= i <= 16;
      loop invariant \forall integer k; 0 <= k < i ==>
        p->v[k] == (bit == 0 ? \at(p->v[k], Pre) : \at(q->v[k], Pre));
      loop invariant \forall integer k; 0 <= k < i ==>
        q->v[k] == (bit == 0 ? \at(q->v[k], Pre) : \at(p->v[k], Pre));
      loop invariant \forall integer k; i <= k < 16 ==>
        p->v[k] == \at(p->v[k], Pre) && q->v[k] == \at(q->v[k], Pre);
      loop assigns i, p->v[0 .. 15], q->v[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++) {
    const uint32_t x = p->v[i], y = q->v[i];
    const uint32_t d = mask & (x ^ y);
    const uint32_t np = x ^ d, nq = y ^ d;
    //@ assert bit == 0 ==> d == 0;
    //@ assert bit == 1 ==> d == (x ^ y);
    //@ assert (x ^ (x ^ y)) == y && (y ^ (x ^ y)) == x;
    //@ assert bit == 0 ==> np == x && nq == y;
    //@ assert bit == 1 ==> np == y && nq == x;
    p->v[i] = np;
    q->v[i] = nq;
  }
}

/* out = a^e for the exponents of the form 2^(top + 1) - 1 - 2^s1 - 2^s2
 * (bits top .. 0 set except s1 and s2): square and multiply from the top,
 * the branch on the public bit position only. */
/*@ requires \valid(out) && \valid_read(a);
    requires fe16_tight(a);
    requires 1 <= top <= 254;
    assigns *out;
    ensures fe16_tight(out); */
static void fe16_pow(qed_fe16 *out, const qed_fe16 *a, int top, int s1, int s2)
{
  qed_fe16 c;
  int i;
  /*@ loop invariant 0 <= i <= 16;
      loop invariant \forall integer k; 0 <= k < i ==> c.v[k] < 131072;
      loop assigns i, c.v[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    c.v[i] = a->v[i];
  /*@ loop invariant -1 <= i <= top - 1;
      loop invariant fe16_tight(&c);
      loop assigns i, c;
      loop variant i + 1; */
  for (i = top - 1; i >= 0; i--) {
    qed_fe16_mul(&c, &c, &c);
    if (i != s1 && i != s2)
      qed_fe16_mul(&c, &c, a);
  }
  /*@ loop invariant 0 <= i <= 16;
      loop invariant \forall integer k; 0 <= k < i ==> out->v[k] < 131072;
      loop assigns i, out->v[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    out->v[i] = c.v[i];
  qed_fe16_wipe(&c);
}

void qed_fe16_invert(qed_fe16 *out, const qed_fe16 *a)
{
  /* p - 2 = 2^255 - 21: bits 254 .. 0 but 4 and 2 */
  fe16_pow(out, a, 254, 4, 2);
}

void qed_fe16_pow22523(qed_fe16 *out, const qed_fe16 *a)
{
  /* (p - 5) / 8 = 2^252 - 3: bits 251 .. 0 but 1 */
  fe16_pow(out, a, 251, 1, 1);
}

void qed_fe16_frombytes(qed_fe16 *out, const uint8_t s[32])
{
  int i;
  /*@ loop invariant 0 <= i <= 16;
      loop invariant \forall integer k; 0 <= k < i ==> out->v[k] < 65536;
      loop assigns i, out->v[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    out->v[i] = qed_load16_le(s + 2 * i);
  out->v[15] %= 32768u;
}

/* One carry pass modulo 2^255: bit 255 and up of limb 15 come back as 19
 * times their value into limb 0, and every limb but 15 ends below 2^16
 * (limb 15 below 2^15 + 32: the carries out of limb 14 are at most 32). */
/*@ requires \valid(t + (0 .. 15));
    requires \forall integer k; 0 <= k < 16 ==> t[k] < 2097152;
    assigns t[0 .. 15];
    ensures \forall integer k; 0 <= k < 15 ==> t[k] <= 65535;
    ensures t[15] <= 32799; */
static void fe16_carry255(uint32_t t[16])
{
  uint32_t c = 19u * (t[15] / 32768u);
  int i;
  t[15] %= 32768u;
  /*@ loop invariant 0 <= i <= 15;
      loop invariant c <= 1216;
      loop invariant i >= 1 ==> c <= 32;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] <= 65535;
      loop invariant \forall integer k; i <= k < 15 ==> t[k] < 2097152;
      loop invariant t[15] <= 32767;
      loop assigns i, c, t[0 .. 14];
      loop variant 15 - i; */
  for (i = 0; i < 15; i++) {
    t[i] += c;
    c = t[i] / 65536u;
    t[i] %= 65536u;
  }
  t[15] += c;
}

void qed_fe16_tobytes(uint8_t s[32], const qed_fe16 *a)
{
  uint32_t t[16], m[16];
  uint32_t borrow, mask;
  int i;
  /*@ loop invariant 0 <= i <= 16;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] < 2097152;
      loop assigns i, t[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    t[i] = a->v[i];
  /* twice: every limb below 2^16, the value below 2^255 + 2^246 < 2 p,
     so one subtraction of p is enough */
  fe16_carry255(t);
  fe16_carry255(t);
  /* m = t - p, limb by limb with a borrow, kept if it did not go below 0 */
  borrow = 0;
  /*@ loop invariant 0 <= i <= 16;
      loop invariant borrow == 0 || borrow == 1;
      loop invariant \forall integer k; 0 <= k < i ==> m[k] <= 65535;
      loop assigns i, borrow, m[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++) {
    uint32_t pi = 65535u;                      /* the limbs of p */
    uint32_t d;
    if (i == 0)
      pi = 65517u;
    if (i == 15)
      pi = 32767u;
    d = t[i] + 65536u - pi - borrow;           /* in [0, 2^17) */
    borrow = 1u - d / 65536u;
    m[i] = d % 65536u;
  }
  /* borrow == 0: t >= p, take m (a mask, not a branch) */
  mask = (1u - borrow) * 65535u;
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, s[0 .. 31];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    qed_store16_le(s + 2 * i, (uint16_t)(t[i] ^ (mask & (t[i] ^ m[i]))));
}

uint32_t qed_fe16_isnegative(const qed_fe16 *a)
{
  uint8_t s[32];
  qed_fe16_tobytes(s, a);
  return (uint32_t)(s[0] & 1u);
}

int qed_fe16_equal_vartime(const qed_fe16 *a, const qed_fe16 *b)
{
  uint8_t x[32], y[32];
  int i;
  qed_fe16_tobytes(x, a);
  qed_fe16_tobytes(y, b);
  /*@ loop invariant 0 <= i <= 32;
      loop assigns i;
      loop variant 32 - i; */
  for (i = 0; i < 32; i++)
    if (x[i] != y[i])
      return 0;
  return 1;
}

void qed_fe16_wipe(qed_fe16 *f)
{
  volatile uint32_t *v = f->v;
  int i;
  /*@ loop invariant 0 <= i <= 16;
      loop assigns i, f->v[0 .. 15];
      loop variant 16 - i; */
  for (i = 0; i < 16; i++)
    v[i] = 0;
}
