/* RSA key generation (qed_rsa_generate, qed/rsa.h): two primes of bits/2
 * bits (prime.c), e = 65537, and the private numbers.
 *
 *  - p, q: |p - q| >= 2^(bits/2 - 99), above the 2^(bits/2 - 100) of FIPS
 *    186-5 B.3.3 (q is drawn again when it is not, at most 16 times: a
 *    closer pair comes with probability about 2^-97); p > q, so that
 *    qinv = q^-1 mod p is below p as the DER reader wants (it would be for
 *    either order; p > q is OpenSSL's order too).
 *  - d = e^-1 mod phi(n), phi(n) = (p - 1)(q - 1), and not mod
 *    lcm(p - 1, q - 1): the lcm needs gcd(p - 1, q - 1), and qed_bn's gcd
 *    and modinv are variable time (Lehmer, Euclid), which on secrets is
 *    exactly CVE-2018-0737 (a cache-timing recovery of OpenSSL's RSA keys
 *    from the gcd of key generation).  e d = 1 mod phi implies e d = 1 mod
 *    lcm, so the key works the same (RFC 8017 accepts it; d < n); FIPS
 *    186-5 5.1 asks for the smaller d below the lcm.  The inverses come
 *    without a gcd: for a modulus m prime to the prime e,
 *      e^-1 mod m = (1 + k m) / e,  k = -m^-1 mod e,
 *    where k is found modulo the public 65537 (Fermat: (m mod e)^(e-2)),
 *    m mod e by multiplication with a reciprocal, and the exact division by
 *    e byte by byte the same way: no step depends on m's value.  dp and dq
 *    are e^-1 mod p - 1 and q - 1 by the same formula (the remainders of d,
 *    since p - 1 and q - 1 divide phi).
 *  - qinv = q^(p-2) mod p by qed_bn_powm_sec (Fermat: p is prime).
 *  - FIPS 186-5 5.1 also wants d > 2^(bits/2): d is about phi k / e with
 *    k uniform in [1, e), so a smaller d comes with probability below
 *    2^-(bits/2 - 17); it is checked, and gives -1.
 * On any failure both keys are zeroed and -1 returned; every temporary is
 * wiped.  The comparisons of p with q and of |p - q| with its bound, and
 * the bn functions computing n, p - 1, phi (qed_bn_mul is constant time
 * for given limb counts; add, sub and the byte conversions depend on limb
 * counts) are variable time only in the lengths of these numbers.
 * Proved free of run-time errors.                                         */
#include "rsa/prime.h"
#include "qed/common.h"
#include "rsa/rsa_key_zero.h"

/* Bytes of the numbers divided by e: 1 + k m < 2^(8192 + 17). */
#define INV_BYTES (QED_RSA_MAX_BYTES + 8)

/* be = be + 1 (big-endian; the carry out is dropped, never there here). */
/*@ requires \valid(be + (0 .. len - 1));
    assigns be[0 .. len - 1]; */
static void add_one(uint8_t *be, size_t len)
{
  uint32_t carry = 1;
  size_t i;
  /*@ loop invariant 0 <= i <= len && carry <= 1;
      loop assigns i, carry, be[0 .. len - 1];
      loop variant i;
  */
  for (i = len; i > 0; i--) {
    const uint32_t v = (uint32_t)be[i - 1] + carry;
    be[i - 1] = (uint8_t)v;
    carry = v >> 8;
  }
}

/* r = e^-1 mod m, for m >= 2 of at most QED_RSA_MAX_BITS bits and prime to
 * e: (1 + k m) / e with k = -m^-1 mod e (see the top of the file); -1 (r
 * zeroed) when m is a multiple of e or a bn call fails. */
/*@ requires \valid(r) && \valid_read(m) && qed_bn_ok(m);
    requires \separated(r, m);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
static int inv_e(qed_bn *r, const qed_bn *m)
{
  uint8_t buf[INV_BYTES];
  qed_bn x;
  uint32_t mm, bad = 0;
  qed_bn_zero(r);
  bad |= (uint32_t)(qed_bn_to_bytes(buf, sizeof buf, m) != 0);
  mm = qed_rsa_mod_small(buf, sizeof buf, QED_RSA_E);
  bad |= (uint32_t)(mm == 0);
  qed_bn_from_u64(&x, QED_RSA_E - qed_rsa_inv_mod_e(mm));    /* k */
  bad |= (uint32_t)(qed_bn_mul(&x, &x, m) != 0);
  bad |= (uint32_t)(qed_bn_to_bytes(buf, sizeof buf, &x) != 0);
  add_one(buf, sizeof buf);
  bad |= (uint32_t)(qed_rsa_div_e_bytes(buf, sizeof buf) != 0);
  bad |= (uint32_t)(qed_bn_from_bytes(r, buf, sizeof buf) != 0);
  qed_zeroize(buf, sizeof buf);
  qed_bn_wipe(&x);
  if (bad != 0) {
    qed_bn_wipe(r);
    return -1;
  }
  return 0;
}

/* p, q: two primes of pbits bits, p > q, p - q >= 2^(pbits - 99). */
/*@ requires \valid(p) && \valid(q) && \separated(p, q);
    requires QED_RSA_PRIME_MIN_BITS <= pbits <= QED_RSA_PRIME_MAX_BITS;
    assigns *p, *q;
    ensures qed_bn_ok(p) && qed_bn_ok(q);
    ensures \result == 0 || \result == -1; */
static int make_primes(qed_bn *p, qed_bn *q, size_t pbits)
{
  qed_bn t;
  int st = -1, tries;
  qed_bn_zero(q);
  qed_bn_zero(&t);
  if (qed_rsa_random_prime(p, pbits) != 0)
    return -1;
  /*@ loop invariant 0 <= tries <= 16 && qed_bn_ok(p) && qed_bn_ok(q);
      loop invariant st == -1;
      loop invariant qed_bn_ok(&t);
      loop assigns tries, st, *q, t;
      loop variant 16 - tries;
  */
  for (tries = 0; tries < 16; tries++) {
    if (qed_rsa_random_prime(q, pbits) != 0 || qed_bn_sub(&t, p, q) != 0)
      break;
    if (qed_bn_bits(&t) >= pbits - 99) {
      st = 0;
      break;
    }
  }
  if (st == 0 && qed_bn_sign(&t) < 0) {   /* order the two draws */
    qed_bn_copy(&t, p);
    qed_bn_copy(p, q);
    qed_bn_copy(q, &t);
  }
  qed_bn_wipe(&t);
  return st;
}

/* r = x - k (x >= k: here p - 1, q - 1 and p - 2 of a prime p > 2). */
/*@ requires \valid(r) && \valid_read(x) && qed_bn_ok(x);
    requires \separated(r, x);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result <= 1; */
static uint32_t minus_small(qed_bn *r, const qed_bn *x, uint64_t k)
{
  qed_bn t;
  uint32_t bad;
  qed_bn_from_u64(&t, k);
  bad = (uint32_t)(qed_bn_sub(r, x, &t) != 0);
  qed_bn_wipe(&t);
  return bad;
}

/* The key's numbers past p and q, one or two of them per function: each
 * keeps qed_rsa_sk_ok, so that every proof goal frames the other fields
 * through one or two calls only.  Each returns a count of failures. */

/* e = 65537 and n = p q */
/*@ requires \valid(sk) && qed_rsa_sk_ok(sk);
    assigns sk->e, sk->n;
    ensures qed_rsa_sk_ok(sk);
    ensures \result <= 1; */
static uint32_t set_e_n(qed_rsa_private_key *sk)
{
  qed_bn_from_u64(&sk->e, QED_RSA_E);
  return (uint32_t)(qed_bn_mul(&sk->n, &sk->p, &sk->q) != 0);
}

/* r = phi(n) = (p - 1)(q - 1) */
/*@ requires \valid(r) && \valid_read(p) && \valid_read(q);
    requires qed_bn_ok(p) && qed_bn_ok(q);
    requires \separated(r, p) && \separated(r, q);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result <= 3; */
static uint32_t phi_of(qed_bn *r, const qed_bn *p, const qed_bn *q)
{
  qed_bn pm1;
  uint32_t bad = minus_small(&pm1, p, 1);
  bad += minus_small(r, q, 1);
  bad += (uint32_t)(qed_bn_mul(r, r, &pm1) != 0);
  qed_bn_wipe(&pm1);
  return bad;
}

/* d = e^-1 mod phi(n) */
/*@ requires \valid(sk) && qed_rsa_sk_ok(sk);
    assigns sk->d;
    ensures qed_rsa_sk_ok(sk);
    ensures \result <= 4; */
static uint32_t set_d(qed_rsa_private_key *sk)
{
  qed_bn t;
  uint32_t bad = phi_of(&t, &sk->p, &sk->q);
  /*@ assert qed_rsa_sk_ok(sk); */
  bad += (uint32_t)(inv_e(&sk->d, &t) != 0);
  /*@ assert qed_rsa_sk_ok(sk); */
  qed_bn_wipe(&t);
  return bad;
}

/* dp = e^-1 mod (p - 1) = d mod (p - 1) */
/*@ requires \valid(sk) && qed_rsa_sk_ok(sk);
    assigns sk->dp;
    ensures qed_rsa_sk_ok(sk);
    ensures \result <= 2; */
static uint32_t set_dp(qed_rsa_private_key *sk)
{
  qed_bn t;
  uint32_t bad = minus_small(&t, &sk->p, 1);
  /*@ assert qed_rsa_sk_ok(sk); */
  bad += (uint32_t)(inv_e(&sk->dp, &t) != 0);
  /*@ assert qed_rsa_sk_ok(sk); */
  qed_bn_wipe(&t);
  return bad;
}

/* dq = e^-1 mod (q - 1) = d mod (q - 1) */
/*@ requires \valid(sk) && qed_rsa_sk_ok(sk);
    assigns sk->dq;
    ensures qed_rsa_sk_ok(sk);
    ensures \result <= 2; */
static uint32_t set_dq(qed_rsa_private_key *sk)
{
  qed_bn t;
  uint32_t bad = minus_small(&t, &sk->q, 1);
  /*@ assert qed_rsa_sk_ok(sk); */
  bad += (uint32_t)(inv_e(&sk->dq, &t) != 0);
  /*@ assert qed_rsa_sk_ok(sk); */
  qed_bn_wipe(&t);
  return bad;
}

/* qinv = q^(p-2) mod p = q^-1 mod p */
/*@ requires \valid(sk) && qed_rsa_sk_ok(sk);
    assigns sk->qinv;
    ensures qed_rsa_sk_ok(sk);
    ensures \result <= 2; */
static uint32_t set_qinv(qed_rsa_private_key *sk)
{
  qed_bn t;
  uint32_t bad = minus_small(&t, &sk->p, 2);
  /*@ assert qed_rsa_sk_ok(sk); */
  bad += (uint32_t)(qed_bn_powm_sec(&sk->qinv, &sk->q, &t, &sk->p) != 0);
  /*@ assert qed_rsa_sk_ok(sk); */
  qed_bn_wipe(&t);
  return bad;
}

/* p and q into the key */
/*@ requires \valid(sk) && qed_rsa_sk_ok(sk);
    requires QED_RSA_PRIME_MIN_BITS <= pbits <= QED_RSA_PRIME_MAX_BITS;
    assigns sk->p, sk->q;
    ensures qed_rsa_sk_ok(sk);
    ensures \result == 0 || \result == -1; */
static int set_primes(qed_rsa_private_key *sk, size_t pbits)
{
  return make_primes(&sk->p, &sk->q, pbits);
}

/* 0 when n has `bits` bits and d more than bits/2 */
/*@ requires \valid_read(sk) && qed_rsa_sk_ok(sk);
    assigns \nothing;
    ensures \result == 0 || \result == -1; */
static int check_sizes(const qed_rsa_private_key *sk, size_t bits)
{
  return (qed_bn_bits(&sk->n) == bits && qed_bn_bits(&sk->d) > bits / 2)
             ? 0 : -1;
}

/* Both keys zeroed: -1. */
/*@ requires \valid(sk) && \valid(pk) && \separated(sk, pk);
    assigns *sk, *pk;
    ensures qed_rsa_sk_ok(sk) && qed_rsa_pk_ok(pk);
    ensures \result == -1; */
static int fail(qed_rsa_private_key *sk, qed_rsa_public_key *pk)
{
  private_zero(sk);
  public_zero(pk);
  return -1;
}

/* The key's length in bytes, and the public key from it. */
/*@ requires \valid(sk) && \valid(pk) && \separated(sk, pk);
    requires qed_rsa_sk_ok(sk) && QED_RSA_MIN_BITS <= bits <= QED_RSA_MAX_BITS;
    assigns sk->bytes, *pk;
    ensures qed_rsa_sk_ok(sk) && qed_rsa_pk_ok(pk);
    ensures \result == 0 || \result == -1; */
static int finish(qed_rsa_private_key *sk, qed_rsa_public_key *pk,
                  unsigned bits)
{
  sk->bytes = (bits + 7) / 8;
  return qed_rsa_public_from_private(pk, sk);
}

int qed_rsa_generate(qed_rsa_private_key *sk, qed_rsa_public_key *pk,
                     unsigned bits)
{
  uint32_t bad;
  private_zero(sk);
  if (bits < QED_RSA_MIN_BITS || bits > QED_RSA_MAX_BITS || bits % 2 != 0 ||
      set_primes(sk, bits / 2) != 0)
    return fail(sk, pk);
  bad = set_e_n(sk);
  bad += set_d(sk);
  bad += set_dp(sk);
  bad += set_dq(sk);
  bad += set_qinv(sk);
  if (bad != 0 || check_sizes(sk, bits) != 0 || finish(sk, pk, bits) != 0)
    return fail(sk, pk);
  return 0;
}
