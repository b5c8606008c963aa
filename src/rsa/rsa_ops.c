/* The RSA primitives RSAEP/RSAVP1 (public) and RSADP/RSASP1 (private) of
 * RFC 8017 section 5.
 *
 * The private operation, for c < n:
 *   contexts   Montgomery contexts of n (public: qed_bn_mont_init_pub, one
 *              division), p and q at their public limb counts.  Equal
 *              halves (p and q of k limbs, n of at most 2k: "fast"): from
 *              x = 2^(192k) mod n (a division of public numbers), R^2 mod p
 *              = REDC_p(x), as x < n < p R; otherwise qed_bn_mont_init_sec
 *              (R^2 mod p without a division)
 *   blinding   r, s random below n; t = r s / R, 1 / t = R / (r s) by the
 *              variable-time extended gcd (t says nothing about r), then
 *              1 / r = (1 / t) s / R and rinv = R / r (Montgomery form);
 *              cb = c r^e mod n with the public e (qed_bn_mont_powm_pub)
 *   CRT        m1 = (cb mod p)^dp mod p, m2 = (cb mod q)^dq mod q, both in
 *              one qed_bn_mont_powm2_sec (interleaved with AVX-512 IFMA);
 *              h = qinv (m1 - m2) mod p, mb = m2 + q h (< n, no reduction).
 *              Fast: cb mod p = REDC_p(cb) R^2 / R, h from Montgomery
 *              products by qinv R (m2 < q < R is a valid operand) and q h a
 *              plain k x k product; otherwise qed_bn_mont_reduce and
 *              products modulo p and n
 *   unblind    m = mb rinv / R mod n
 *   check      m^e mod n == c (qed_bn_mont_powm_pub), else nothing is
 *              released
 * Every step is a fixed-length constant-time function of qed/bn.h or of
 * its limb layer (bn/bn_mont.h): they read the public number of limbs of
 * their operands, never a count field computed from secret limbs, and
 * report out-of-range operands through their return value, which is
 * counted here, never branched on, until the single masked release.  p, q,
 * d, dp, dq, qinv and the result are secret; the limb counts of n, p, q
 * and the values of n and e are public.
 * Proved free of run-time errors.                                         */
#include "rsa/rsa_impl.h"
#include "bn/bn_mont.h"
#include "bn/mpn_gcd.h"
#include "bn/simd/mont_ifma.h"
#include "common/zeroize.h"
#include "qed/common.h"

/* the AVX-512 IFMA product (bn/simd, outside the proof, built only for
 * x86-64) is called under this guard and only when
 * qed_bn_mont_ifma_supports says the CPU, QED_BACKEND and n allow */
#if defined(__x86_64__)
#define QED_HAVE_IFMA 1
#else
#define QED_HAVE_IFMA 0
#endif

int qed_rsa_public_op(uint8_t *out, const qed_rsa_public_key *pk,
                      const uint8_t *in)
{
  qed_bn x, y;
  const size_t len = pk->bytes;
  if (qed_bn_from_bytes(&x, in, len) != 0 || qed_bn_cmp(&x, &pk->n) >= 0 ||
      qed_bn_powm(&y, &x, &pk->e, &pk->n) != 0 ||
      qed_bn_to_bytes(out, len, &y) != 0) {
    qed_zeroize(out, len);
    return -1;
  }
  return 0;
}

/* 1 when a call of qed/bn.h failed (st == -1), without a branch */
/*@ assigns \nothing;
    ensures \result <= 1; */
static uint32_t failed(int st)
{
  return (uint32_t)(st != 0);
}

/* r = a b mod m for a, b < m: (a R) b / R. */
/*@ requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires qed_bn_ok(a) && qed_bn_ok(b);
    requires \separated(r, ctx);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result <= 2; */
static uint32_t mulmod(qed_bn *r, const qed_bn_mont_ctx *ctx, const qed_bn *a,
                       const qed_bn *b)
{
  qed_bn ar;
  uint32_t bad = failed(qed_bn_mont_to(ctx, &ar, a));
  bad += failed(qed_bn_mont_mul(ctx, r, &ar, b));
  qed_bn_wipe(&ar);
  return bad;
}

/* dst = src (< n), then src wiped: how a result leaves its local (the
 * output's qed_bn_ok then needs no frame through later calls).  The copy
 * is a masked modular addition of 0, constant time (qed_bn_copy would walk
 * src's length, which depends on secret limbs). */
/*@ requires \valid_read(cn) && qed_bn_mont_ok(cn);
    requires \valid(dst) && \valid(src) && qed_bn_ok(src);
    requires \separated(dst, src, cn);
    assigns *dst, *src;
    ensures qed_bn_ok(dst);
    ensures \result <= 1; */
static uint32_t move_out(qed_bn *dst, qed_bn *src, const qed_bn_mont_ctx *cn)
{
  qed_bn zero;
  uint32_t bad;
  qed_bn_zero(&zero);
  bad = failed(qed_bn_mont_add(cn, dst, src, &zero));
  qed_bn_wipe(src);
  return bad;
}

/* the same for two results at once */
/*@ requires \valid_read(cn) && qed_bn_mont_ok(cn);
    requires \valid(d1) && \valid(d2) && \valid(s1) && \valid(s2);
    requires qed_bn_ok(s1) && qed_bn_ok(s2);
    requires \separated(d1, d2, s1, s2, cn);
    assigns *d1, *d2, *s1, *s2;
    ensures qed_bn_ok(d1) && qed_bn_ok(d2);
    ensures \result <= 2; */
static uint32_t move_out2(qed_bn *d1, qed_bn *d2, qed_bn *s1, qed_bn *s2,
                          const qed_bn_mont_ctx *cn)
{
  uint32_t bad = move_out(d1, s1, cn);
  bad += move_out(d2, s2, cn);
  return bad;
}

/* r = a b / 2^(64n) mod m for a, b < m: qed_bn_mont_mul_ifma when
 * qed_bn_mont_ifma_supports(n) (the public n, the CPU, QED_BACKEND;
 * checked bit for bit against the proven product by tests/test_bn_ifma.c),
 * else the proven qed_bn_mont_mul_limbs.  Its callers check a, b < m with
 * masks (qed_bn_not_below) or have it by construction. */
/*@ requires 1 <= n <= 256;
    requires \valid(r + (0 .. n - 1));
    requires \valid_read(a + (0 .. n - 1)) && \valid_read(b + (0 .. n - 1));
    requires \valid_read(m + (0 .. n - 1));
    requires \valid(s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(r + (0 .. n - 1), a + (0 .. n - 1), m + (0 .. n - 1), s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(r + (0 .. n - 1), b + (0 .. n - 1));
    requires \separated(s + (0 .. QED_MONT_SCRATCH - 1), a + (0 .. n - 1));
    requires \separated(s + (0 .. QED_MONT_SCRATCH - 1), b + (0 .. n - 1));
    requires \separated(s + (0 .. QED_MONT_SCRATCH - 1), m + (0 .. n - 1));
    assigns r[0 .. n - 1], s[0 .. QED_MONT_SCRATCH - 1]; */
static void mont_product(uint64_t *r, const uint64_t *a, const uint64_t *b,
                         const uint64_t *m, size_t n, uint64_t minv,
                         uint64_t *s)
{
#if QED_HAVE_IFMA
  if (qed_bn_mont_ifma_supports(n)) {   /* public */
    qed_bn_mont_mul_ifma(r, a, b, m, n, minv, s);
    return;
  }
#endif
  qed_bn_mont_mul_limbs(r, a, b, m, n, minv, s);
}

/* ---- the equal halves (p and q of k limbs, n of at most 2k): RSA's
 * usual shape, and the only one the IFMA pair runs.  Then q < R = 2^(64k)
 * and so every x < n = pq is below p R: one REDC (x / R mod p) is a
 * reduction, which gives the contexts of p and q without init_sec's 65
 * doublings and 10 squarings, c mod p without qed_bn_mont_reduce's five
 * products, and Garner with m2 (< q < R) as a Montgomery operand. ---- */

#define FAST_LIMBS 64   /* primes of up to 4096 bits: RSA-8192 */

/* limbs of a Montgomery product's scratch that qed_bn_mont_mul_limbs uses
 * for k limbs: the 2k-limb product, then qed_mpn_mul_n's (4k + 256) */
#define MONT_USED(k) (6 * (k) + 4 * 64)

/* x[0 .. 2k-1] = 2^(192 k) mod n, n of kn limbs (top limb nonzero) and
 * public: one division of public numbers (variable time). */
/*@ requires 1 <= k <= FAST_LIMBS && 1 <= kn <= 2 * k;
    requires \valid_read(nl + (0 .. kn - 1)) && nl[kn - 1] != 0;
    requires \valid(x + (0 .. 2 * k - 1));
    requires \separated(x + (0 .. 2 * k - 1), nl + (0 .. kn - 1));
    assigns x[0 .. 2 * k - 1]; */
static __attribute__((noinline)) void
r3_mod_n(uint64_t *x, const uint64_t *nl, size_t kn, size_t k)
{
  uint64_t a[3 * FAST_LIMBS + 1], qt[3 * FAST_LIMBS + 1];
  uint64_t s[QED_MPN_DIV_SCRATCH(3 * FAST_LIMBS + 1, 2 * FAST_LIMBS)];
  const size_t an = 3 * k + 1;
  qed_mpn_zero(a, an - 1);
  a[an - 1] = 1;
  qed_mpn_zero(x, 2 * k);
  qed_mpn_divrem(qt, x, a, an, nl, kn, s);
}

/* The context of the secret prime m of k limbs (public) from x = 2^(192k)
 * mod n (r3_mod_n): R^2 mod m = REDC(x) = 2^(128k) mod m, x being below
 * m R.  The checks of qed_bn_mont_init_sec (m odd, limb k-1 nonzero,
 * m >= 3, m < R) with masks; on a bad m every field is zero but n = k. */
/*@ requires 1 <= k <= FAST_LIMBS;
    requires \valid(ctx) && \valid_read(m) && qed_bn_ok(m);
    requires \valid_read(x + (0 .. 2 * k - 1));
    requires \separated(ctx, m);
    requires \separated(ctx, x + (0 .. 2 * k - 1));
    assigns *ctx;
    ensures qed_bn_mont_ok(ctx) && ctx->n == k;
    ensures \result <= 1; */
static uint32_t prime_ctx(qed_bn_mont_ctx *ctx, const qed_bn *m, size_t k,
                          const uint64_t *x)
{
  uint64_t t[2 * FAST_LIMBS];
  uint64_t bad, minv, mask;
  size_t i;
  qed_mpn_zero(ctx->m, QED_BN_LIMBS);
  qed_mpn_zero(ctx->rr, QED_BN_LIMBS);
  bad = qed_bn_load_fixed(ctx->m, m, k);        /* m < R, m >= 0 */
  bad |= (ctx->m[0] & 1) ^ 1;                   /* m odd */
  bad |= (uint64_t)(ctx->m[k - 1] == 0);        /* limb k-1 nonzero */
  if (k == 1)
    bad |= (uint64_t)(ctx->m[0] == 1);          /* m >= 3 */
  minv = qed_bn_mont_minv(ctx->m[0]);
  qed_mpn_copy(t, x, 2 * k);
  qed_bn_mont_redc(ctx->rr, t, ctx->m, k, minv);
  mask = 0 - (uint64_t)(bad == 0);
  /*@ loop invariant 0 <= i <= k;
      loop assigns i, ctx->m[0 .. 255], ctx->rr[0 .. 255];
      loop variant k - i;
  */
  for (i = 0; i < k; i++) {
    ctx->m[i] &= mask;
    ctx->rr[i] &= mask;
  }
  ctx->minv = minv & mask;
  ctx->n = k;
  qed_wipe_u64(t, 2 * FAST_LIMBS);
  return (uint32_t)(bad != 0);
}

/* r = x mod m for 0 <= x < m R (RSA: cb < n < p R), the context's m of k
 * limbs: y = REDC(x) = x / R mod m, then r = y R^2 / R.  x is read as 2k
 * limbs (the rest checked to be zero, with a mask). */
/*@ requires 1 <= k <= FAST_LIMBS;
    requires \valid_read(ctx) && ctx->n == k;
    requires \valid(r) && \valid_read(x) && qed_bn_ok(x);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result <= 1; */
static __attribute__((noinline)) uint32_t
reduce_fast(qed_bn *r, const qed_bn_mont_ctx *ctx,
            const qed_bn *x, size_t k)
{
  uint64_t t[2 * FAST_LIMBS], y[FAST_LIMBS], z[FAST_LIMBS];
  uint64_t s[QED_MONT_SCRATCH];
  const uint64_t bad = qed_bn_load_fixed(t, x, 2 * k);
  qed_bn_mont_redc(y, t, ctx->m, k, ctx->minv);
  mont_product(z, y, ctx->rr, ctx->m, k, ctx->minv, s);  /* y, R^2 < m */
  qed_wipe_u64(t, 2 * k);
  qed_wipe_u64(y, k);
  qed_wipe_u64(s, MONT_USED(k));
  return failed(qed_bn_store_fixed(r, z, k, bad));
}

/* Garner on limbs: mb = m2 + q h with h = qinv (m1 - m2) mod p
 * = (m1 qinv - m2 qinv) mod p: with c = qinv R mod p, m1 c / R and m2 c / R
 * are Montgomery products (m2 < q < R is a valid operand beside c < p);
 * q h < q p is a plain k x k product, and m2 + q h < n needs no reduction. */
/*@ requires 1 <= k <= FAST_LIMBS;
    requires \valid_read(cp) && cp->n == k;
    requires \valid_read(q) && \valid_read(qinv) && \valid_read(m1) && \valid_read(m2);
    requires qed_bn_ok(q) && qed_bn_ok(qinv) && qed_bn_ok(m1) && qed_bn_ok(m2);
    requires \valid(mb);
    assigns *mb;
    ensures qed_bn_ok(mb);
    ensures \result <= 1; */
static __attribute__((noinline)) uint32_t
garner_fast(qed_bn *mb, const qed_bn_mont_ctx *cp,
            const qed_bn *q, const qed_bn *qinv,
            const qed_bn *m1, const qed_bn *m2, size_t k)
{
  uint64_t a[FAST_LIMBS], b[FAST_LIMBS], c[FAST_LIMBS], u[FAST_LIMBS];
  uint64_t t[2 * FAST_LIMBS];
  uint64_t s[QED_MONT_SCRATCH];
  uint64_t bad, bw, cy;
  bad = qed_bn_load_fixed(a, qinv, k);
  bad |= qed_bn_not_below(a, cp->m, k);                        /* qinv < p */
  mont_product(c, a, cp->rr, cp->m, k, cp->minv, s);           /* qinv R */
  bad |= qed_bn_load_fixed(a, m1, k);
  mont_product(u, a, c, cp->m, k, cp->minv, s);                /* m1 qinv */
  bad |= qed_bn_load_fixed(b, m2, k);
  /* m2 < q may be >= p: the limb product, which allows it */
  qed_bn_mont_mul_limbs(a, b, c, cp->m, k, cp->minv, s);       /* m2 qinv */
  /* h = u - a mod p: p added back when the subtraction borrowed */
  bw = qed_mpn_sub_n(c, u, a, k);
  (void)qed_mpn_add_n(u, c, cp->m, k);
  qed_mpn_cnd_select(c, u, k, bw);
  /* mb = m2 + q h */
  bad |= qed_bn_load_fixed(a, q, k);
  qed_mpn_mul_basecase(t, a, k, c, k);
  cy = qed_mpn_add_n_ip(t, b, k);
  (void)qed_mpn_add_1_ip(t + k, k, cy);
  qed_wipe_u64(a, k);
  qed_wipe_u64(b, k);
  qed_wipe_u64(c, k);
  qed_wipe_u64(u, k);
  qed_wipe_u64(s, MONT_USED(k));
  return failed(qed_bn_store_fixed(mb, t, 2 * k, bad));
}

/* The three Montgomery contexts of the key. */
typedef struct {
  qed_bn_mont_ctx cn, cp, cq;
} key_ctx;

/*@ predicate key_ctx_ok(key_ctx *kc) = qed_bn_mont_ok(&kc->cn) &&
      qed_bn_mont_ok(&kc->cp) && qed_bn_mont_ok(&kc->cq);
*/

/* r = a b / R mod m (the context's m of n limbs) for a, b in [0, m); with
 * b NULL, b is the context's R^2 mod m: r = a R mod m.  The checks of
 * qed_bn_mont_mul (limbs above n zero, a, b < m: masks, counted in the
 * result), the product in s, the caller's scratch, which the caller wipes
 * once after its last product (qed_bn_mont_mul wipes all of its own
 * scratch at every call). */
/*@ requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires \valid(r) && \valid_read(a) && qed_bn_ok(a);
    requires b == \null || (\valid_read(b) && qed_bn_ok(b));
    requires \valid(s + (0 .. QED_MONT_SCRATCH - 1));
    requires \separated(s + (0 .. QED_MONT_SCRATCH - 1), r, a, ctx);
    requires b == \null || \separated(s + (0 .. QED_MONT_SCRATCH - 1), b);
    assigns *r, s[0 .. QED_MONT_SCRATCH - 1];
    ensures qed_bn_ok(r);
    ensures \result <= 1; */
static __attribute__((noinline)) uint32_t
mm(qed_bn *r, const qed_bn_mont_ctx *ctx, const qed_bn *a,
   const qed_bn *b, uint64_t *s)
{
  uint64_t x[QED_BN_LIMBS], y[QED_BN_LIMBS], z[QED_BN_LIMBS];
  const size_t n = ctx->n;
  uint64_t bad = qed_bn_load_fixed(x, a, n);
  if (b != NULL)                        /* which operand: not a value */
    bad |= qed_bn_load_fixed(y, b, n);
  else
    qed_mpn_copy(y, ctx->rr, n);
  bad |= qed_bn_not_below(x, ctx->m, n);
  bad |= qed_bn_not_below(y, ctx->m, n);
  mont_product(z, x, y, ctx->m, n, ctx->minv, s);
  qed_wipe_u64(x, n);
  qed_wipe_u64(y, n);
  return failed(qed_bn_store_fixed(r, z, n, bad));
}

/* r = a^-1 mod m for the public m (RSA's n) and an a that says nothing
 * about the key (the blinding's r s / R): Euclid's cofactor of a from
 * Lehmer's extended gcd on the limbs (qed_mpn_gcdext, variable time), its
 * sign fixed by one subtraction from m; qed_bn_modinv's other cofactor (a
 * product and a division) is not needed.  1 (r zero) when gcd(a, m) != 1
 * or a is not in [0, m). */
/*@ requires \valid(r) && \valid_read(a) && \valid_read(m);
    requires qed_bn_ok(a) && qed_bn_ok(m) && 1 <= m->n;
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result <= 1; */
static __attribute__((noinline)) uint32_t
inverse(qed_bn *r, const qed_bn *a, const qed_bn *m)
{
  uint64_t x[QED_BN_LIMBS], y[QED_BN_LIMBS], g[QED_BN_LIMBS], u[QED_BN_LIMBS];
  uint64_t w[QED_MPN_GCDEXT_SCRATCH(QED_BN_LIMBS)];
  const size_t n = m->n;
  size_t gn, un;
  int uneg;
  uint64_t bad = qed_bn_load_fixed(x, a, n);
  bad |= qed_bn_load_fixed(y, m, n);
  bad |= qed_bn_not_below(x, y, n);
  gn = qed_mpn_gcdext(g, u, &un, &uneg, x, y, n, w);
  /* branches on the gcd of public numbers */
  if (gn != 1 || g[0] != 1)
    bad = 1;
  if (uneg != 0) {                      /* a^-1 = m - u */
    (void)qed_bn_load_fixed(y, m, n);
    (void)qed_mpn_sub_n(x, y, u, n);
    qed_mpn_copy(u, x, n);
  }
  return failed(qed_bn_store_fixed(r, u, n, bad));
}

/* Blinding: cb = c r^e mod n and rinv = R / r mod n (the Montgomery form
 * of r^-1: the unblinding is then one product) for a random r below n
 * (len bytes, len + 1 the modulus length).  The inverse is taken of
 * t = r s / R for a second random s, which says nothing about r, by the
 * variable-time inverse: 1 / t = R / (r s), times s over R is 1 / r.  Five
 * products on one scratch, wiped once. */
/*@ requires \valid_read(cn) && qed_bn_mont_ok(cn);
    requires \valid_read(n) && \valid_read(e) && qed_bn_ok(n) && qed_bn_ok(e);
    requires 1 <= n->n;
    requires \valid_read(c) && qed_bn_ok(c) && 1 <= len <= 1023;
    requires \valid(cb) && \valid(rinv) && \separated(cb, rinv, cn, n, e, c);
    assigns *cb, *rinv;
    ensures qed_bn_ok(cb) && qed_bn_ok(rinv);
    ensures \result <= 20; */
static __attribute__((noinline)) uint32_t
blind(qed_bn *cb, qed_bn *rinv, const qed_bn_mont_ctx *cn,
      const qed_bn *n, const qed_bn *e, const qed_bn *c,
      size_t len)
{
  uint8_t rb[2 * QED_RSA_MAX_BYTES];
  uint64_t w[QED_MONT_SCRATCH];
  qed_bn r, s, t, u, x;
  uint32_t bad = 0;
  /* (the asserts carry the inputs' qed_bn_ok from call to call, one
   * frame at a time) */
  bad += failed(qed_randombytes(rb, 2 * len));        /* r and s: one call */
  bad += failed(qed_bn_from_bytes(&r, rb, len));
  /*@ assert qed_bn_ok(n) && qed_bn_ok(e) && qed_bn_ok(c); */
  bad += failed(qed_bn_from_bytes(&s, rb + len, len));
  /*@ assert qed_bn_ok(n) && qed_bn_ok(e) && qed_bn_ok(c); */
  qed_zeroize(rb, 2 * len);
  /*@ assert qed_bn_ok(n) && qed_bn_ok(e) && qed_bn_ok(c); */
  bad += failed(qed_bn_mont_powm_pub(cn, &t, &r, e));   /* e public */
  /*@ assert qed_bn_ok(n) && qed_bn_ok(c) && qed_bn_ok(&t); */
  bad += mm(&x, cn, c, NULL, w);                      /* c R */
  /*@ assert qed_bn_ok(n) && qed_bn_ok(&t) && qed_bn_ok(&x); */
  bad += mm(&u, cn, &x, &t, w);                       /* c r^e */
  /*@ assert qed_bn_ok(n) && qed_bn_ok(&u); */
  bad += mm(&t, cn, &r, &s, w);                       /* r s / R */
  /*@ assert qed_bn_ok(n) && qed_bn_ok(&u) && qed_bn_ok(&t); */
  bad += inverse(&x, &t, n);                          /* R / (r s) */
  /*@ assert qed_bn_ok(&u) && qed_bn_ok(&x); */
  bad += mm(&r, cn, &x, &s, w);                       /* 1 / r */
  /*@ assert qed_bn_ok(&u) && qed_bn_ok(&r); */
  bad += mm(&t, cn, &r, NULL, w);                     /* R / r */
  /*@ assert qed_bn_ok(&u) && qed_bn_ok(&t); */
  qed_wipe_u64(w, QED_MONT_SCRATCH);
  /*@ assert qed_bn_ok(&u) && qed_bn_ok(&t); */
  qed_bn_wipe(&r);
  /*@ assert qed_bn_ok(&u) && qed_bn_ok(&t); */
  qed_bn_wipe(&s);
  /*@ assert qed_bn_ok(&u) && qed_bn_ok(&t); */
  qed_bn_wipe(&x);
  /*@ assert qed_bn_ok(&u) && qed_bn_ok(&t); */
  /* the outputs last */
  bad += move_out2(cb, rinv, &u, &t, cn);
  return bad;
}

/* Garner's recombination: mb = m2 + q (qinv (m1 - m2) mod p), below n. */
/*@ requires \valid_read(cn) && qed_bn_mont_ok(cn);
    requires \valid_read(cp) && qed_bn_mont_ok(cp);
    requires \valid_read(q) && \valid_read(qinv) && \valid_read(m1) && \valid_read(m2);
    requires qed_bn_ok(q) && qed_bn_ok(qinv) && qed_bn_ok(m1) && qed_bn_ok(m2);
    requires 1 <= kq <= 256;
    requires \valid(mb) && \separated(mb, cn, cp, q, qinv, m1, m2);
    assigns *mb;
    ensures qed_bn_ok(mb);
    ensures \result <= 8; */
static __attribute__((noinline)) uint32_t
garner(qed_bn *mb, const qed_bn_mont_ctx *cn,
       const qed_bn_mont_ctx *cp, const qed_bn *q,
       const qed_bn *qinv, const qed_bn *m1, const qed_bn *m2,
       size_t kq)
{
  qed_bn x, h, qh;
  uint32_t bad;
  bad = failed(qed_bn_mont_reduce(cp, &x, m2, kq));   /* m2 mod p */
  bad += failed(qed_bn_mont_sub(cp, &h, m1, &x));     /* m1 - m2 */
  bad += mulmod(&x, cp, qinv, &h);                    /* h */
  bad += mulmod(&qh, cn, q, &x);                      /* q h */
  bad += failed(qed_bn_mont_add(cn, mb, &qh, m2));    /* < n: no wrap */
  qed_bn_wipe(&x);
  qed_bn_wipe(&h);
  qed_bn_wipe(&qh);
  return bad;
}

/* The contexts of n, p, q at their public limb counts; 0, or a count of
 * failures (a context that failed holds m = 0 and refuses every use).
 * n is public: R^2 mod n by one division (qed_bn_mont_init_pub).  Equal
 * halves (fast): p's and q's from 2^(192k) mod n by one REDC each (see
 * prime_ctx); else qed_bn_mont_init_sec. */
/*@ requires \valid(kc) && \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires 1 <= sk->n.n;
    requires 1 <= kp <= 256 && 1 <= kq <= 256;
    requires fast != 0 ==> (kp == kq && kp <= FAST_LIMBS && sk->n.n <= 2 * kp &&
                            sk->n.limb[sk->n.n - 1] != 0);
    requires \separated(kc, sk);
    assigns *kc;
    ensures key_ctx_ok(kc);
    ensures fast != 0 ==> (kc->cp.n == kp && kc->cq.n == kq);
    ensures \result <= 3; */
static __attribute__((noinline)) uint32_t
init_ctx(key_ctx *kc, const qed_rsa_private_key *sk,
         size_t kp, size_t kq, int fast)
{
  uint64_t x[2 * FAST_LIMBS];
  uint32_t bad = failed(qed_bn_mont_init_pub(&kc->cn, &sk->n));
  if (fast) {                        /* public sizes */
    r3_mod_n(x, sk->n.limb, sk->n.n, kp);
    bad += prime_ctx(&kc->cp, &sk->p, kp, x);
    bad += prime_ctx(&kc->cq, &sk->q, kq, x);
    return bad;
  }
  bad += failed(qed_bn_mont_init_sec(&kc->cp, &sk->p, 64 * kp));
  bad += failed(qed_bn_mont_init_sec(&kc->cq, &sk->q, 64 * kq));
  return bad;
}

/* x1 = cb mod p, x2 = cb mod q: reduce_fast for equal halves, else
 * qed_bn_mont_reduce.  Its contract hands the key's facts back
 * (key_ctx_ok, qed_rsa_sk_ok), so that crt_garner needs no frame for them
 * across the two outputs. */
/*@ requires \valid_read(kc) && key_ctx_ok(kc);
    requires \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires 1 <= kn <= 256 && 1 <= kp <= 256 && 1 <= kq <= 256;
    requires fast != 0 ==> (kp == kq && kp <= FAST_LIMBS && kc->cp.n == kp && kc->cq.n == kq);
    requires \valid_read(cb) && qed_bn_ok(cb);
    requires \valid(x1) && \valid(x2) && \separated(x1, x2, kc, sk, cb);
    assigns *x1, *x2;
    ensures qed_bn_ok(x1) && qed_bn_ok(x2);
    ensures key_ctx_ok(kc) && qed_rsa_sk_ok(sk);
    ensures \result <= 2; */
static __attribute__((noinline)) uint32_t
reduce2(qed_bn *x1, qed_bn *x2, const key_ctx *kc,
        const qed_rsa_private_key *sk, const qed_bn *cb, size_t kn,
        size_t kp, size_t kq, int fast)
{
  uint32_t bad;
  (void)sk;                 /* (its facts are handed back: see the contract) */
  if (fast) {                                                 /* public */
    bad = reduce_fast(x1, &kc->cp, cb, kp);
    /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(x1) &&
               kc->cq.n == kq; */
    bad += reduce_fast(x2, &kc->cq, cb, kq);
    /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(x1) && qed_bn_ok(x2); */
    return bad;
  }
  bad = failed(qed_bn_mont_reduce(&kc->cp, x1, cb, kn));     /* cb mod p */
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(x1); */
  bad += failed(qed_bn_mont_reduce(&kc->cq, x2, cb, kn));    /* cb mod q */
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(x1) && qed_bn_ok(x2); */
  return bad;
}

/* Garner's step: garner_fast for equal halves (checked again here on the
 * public limb counts), else garner. */
/*@ requires \valid_read(kc) && key_ctx_ok(kc);
    requires \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires 1 <= kp <= 256 && 1 <= kq <= 256;
    requires \valid_read(m1) && \valid_read(m2) && qed_bn_ok(m1) && qed_bn_ok(m2);
    requires \valid(mb) && \separated(mb, kc, sk, m1, m2);
    assigns *mb;
    ensures qed_bn_ok(mb);
    ensures \result <= 8; */
static uint32_t recombine(qed_bn *mb, const key_ctx *kc,
                          const qed_rsa_private_key *sk, const qed_bn *m1,
                          const qed_bn *m2, size_t kp, size_t kq, int fast)
{
  if (fast && kp == kq && kp <= FAST_LIMBS && kc->cp.n == kp)  /* public */
    return garner_fast(mb, &kc->cp, &sk->q, &sk->qinv, m1, m2, kp);
  return garner(mb, &kc->cn, &kc->cp, &sk->q, &sk->qinv, m1, m2, kq);
}

/* The CRT half: mb = cb^d mod n for cb < n, by m1 = (cb mod p)^dp mod p
 * and m2 = (cb mod q)^dq mod q, both exponentiations in one call
 * (qed_bn_mont_powm2_sec: interleaved with AVX-512 IFMA), then Garner.
 * Equal halves (fast): the reductions and Garner on limbs (reduce_fast,
 * garner_fast).  The key's facts cross the exponentiation whole
 * (key_ctx_ok, the key's qed_rsa_sk_ok), not field by field. */
/*@ requires \valid_read(kc) && key_ctx_ok(kc);
    requires \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires 1 <= kn <= 256 && 1 <= kp <= 256 && 1 <= kq <= 256;
    requires fast != 0 ==> (kp == kq && kp <= FAST_LIMBS && kc->cp.n == kp && kc->cq.n == kq);
    requires \valid_read(cb) && qed_bn_ok(cb);
    requires \valid(mb) && \separated(mb, kc, sk, cb);
    assigns *mb;
    ensures qed_bn_ok(mb);
    ensures \result <= 11; */
static __attribute__((noinline)) uint32_t
crt_garner(qed_bn *mb, const key_ctx *kc,
           const qed_rsa_private_key *sk, const qed_bn *cb,
           size_t kn, size_t kp, size_t kq, int fast)
{
  qed_bn x1, x2, m1, m2;
  uint32_t bad;
  bad = reduce2(&x1, &x2, kc, sk, cb, kn, kp, kq, fast);
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(&x1) && qed_bn_ok(&x2); */
  bad += failed(qed_bn_mont_powm2_sec(&kc->cp, &m1, &x1, &sk->dp, 64 * kp,
                                      &kc->cq, &m2, &x2, &sk->dq, 64 * kq));
  /*@ assert key_ctx_ok(kc); */
  /*@ assert qed_rsa_sk_ok(sk); */
  qed_bn_wipe(&x1);
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(&m1) && qed_bn_ok(&m2); */
  qed_bn_wipe(&x2);
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(&m1) && qed_bn_ok(&m2); */
  bad += recombine(mb, kc, sk, &m1, &m2, kp, kq, fast);
  /*@ assert qed_bn_ok(mb); */
  qed_bn_wipe(&m1);
  /*@ assert qed_bn_ok(mb); */
  qed_bn_wipe(&m2);
  /*@ assert qed_bn_ok(mb); */
  return bad;
}

/* x = mb rinv / R mod n (rinv = R / r: x = mb / r), through mm on a
 * scratch of its own, wiped (a frame beside the CRT's, not above it). */
/*@ requires \valid_read(cn) && qed_bn_mont_ok(cn);
    requires \valid(x) && \valid_read(mb) && \valid_read(rinv);
    requires qed_bn_ok(mb) && qed_bn_ok(rinv);
    requires \separated(x, cn, mb, rinv);
    assigns *x;
    ensures qed_bn_ok(x);
    ensures \result <= 1; */
static __attribute__((noinline)) uint32_t
unblind(qed_bn *x, const qed_bn_mont_ctx *cn, const qed_bn *mb,
        const qed_bn *rinv)
{
  uint64_t w[QED_MONT_SCRATCH];
  const uint32_t bad = mm(x, cn, mb, rinv, w);
  qed_wipe_u64(w, QED_MONT_SCRATCH);
  return bad;
}

/* m = c^d mod n for c < n (see the top of the file); 0, or a count of
 * failures. */
/*@ requires \valid_read(kc) && key_ctx_ok(kc);
    requires \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires 1 <= kn <= 256 && 1 <= kp <= 256 && 1 <= kq <= 256;
    requires fast != 0 ==> (kp == kq && kp <= FAST_LIMBS && kc->cp.n == kp && kc->cq.n == kq);
    requires kn == sk->n.n;
    requires 2 <= sk->bytes <= 1024;
    requires \valid_read(c) && qed_bn_ok(c);
    requires \valid(m) && \separated(m, kc, sk, c);
    assigns *m;
    ensures qed_bn_ok(m);
    ensures \result <= 40; */
static __attribute__((noinline)) uint32_t
crt_op(qed_bn *m, const key_ctx *kc,
       const qed_rsa_private_key *sk, const qed_bn *c,
       size_t kn, size_t kp, size_t kq, int fast)
{
  qed_bn cb, rinv, x, mb;
  uint32_t bad;
  /* (the asserts carry every live qed_bn_ok from call to call) */
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk); */
  bad = blind(&cb, &rinv, &kc->cn, &sk->n, &sk->e, c, sk->bytes - 1);
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(&rinv) && qed_bn_ok(&cb); */
  bad += crt_garner(&mb, kc, sk, &cb, kn, kp, kq, fast);
  /*@ assert key_ctx_ok(kc) && qed_bn_ok(&mb) && qed_bn_ok(&rinv); */
  bad += unblind(&x, &kc->cn, &mb, &rinv);             /* mb / r */
  /*@ assert key_ctx_ok(kc) && qed_bn_ok(&x); */
  qed_bn_wipe(&cb);
  /*@ assert qed_bn_mont_ok(&kc->cn) && qed_bn_ok(&x); */
  qed_bn_wipe(&rinv);
  /*@ assert qed_bn_mont_ok(&kc->cn) && qed_bn_ok(&x); */
  qed_bn_wipe(&mb);
  /*@ assert qed_bn_mont_ok(&kc->cn) && qed_bn_ok(&x); */
  bad += move_out(m, &x, &kc->cn);
  return bad;
}

/* out = m when m^e mod n == in, else zero; the decision is one mask. */
/*@ requires 1 <= len <= 1024;
    requires \valid_read(cn) && qed_bn_mont_ok(cn);
    requires \valid_read(e) && qed_bn_ok(e);
    requires \valid_read(m) && qed_bn_ok(m);
    requires \valid(out + (0 .. len - 1)) && \valid_read(in + (0 .. len - 1));
    requires \separated(out + (0 .. len - 1), cn) && \separated(out + (0 .. len - 1), e);
    requires \separated(out + (0 .. len - 1), m);
    requires \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    assigns out[0 .. len - 1];
    ensures \result == 0 || \result == -1; */
static __attribute__((noinline)) int
check_release(uint8_t *out, size_t len, const qed_bn_mont_ctx *cn,
              const qed_bn *e, const qed_bn *m, const uint8_t *in,
              uint32_t bad)
{
  uint8_t chk[QED_RSA_MAX_BYTES];
  qed_bn y;
  uint32_t ok;
  uint8_t keep;
  size_t i;
  bad |= failed(qed_bn_mont_powm_pub(cn, &y, m, e));
  bad |= failed(qed_bn_to_bytes_sec(chk, len, &y));
  bad |= failed(qed_verify(chk, in, len));
  bad |= failed(qed_bn_to_bytes_sec(out, len, m));
  ok = (uint32_t)(bad == 0);
  keep = (uint8_t)(0u - ok);
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, out[0 .. len - 1];
      loop variant len - i;
  */
  for (i = 0; i < len; i++)
    out[i] &= keep;
  qed_zeroize(chk, sizeof chk);
  qed_bn_wipe(&y);
  return (int)ok - 1;
}

int qed_rsa_private_op(uint8_t *out, const qed_rsa_private_key *sk,
                       const uint8_t *in)
{
  key_ctx kc;
  qed_bn c, m;
  const size_t len = sk->bytes;
  /* limb counts: public (the count fields of the imported key) */
  const size_t kn = sk->n.n, kp = sk->p.n, kq = sk->q.n;
  int fast;
  uint32_t bad;
  int ret = -1;
  qed_zeroize(out, len);
  if (len < 2 || kn == 0 || kp == 0 || kq == 0 ||
      qed_bn_from_bytes(&c, in, len) != 0 || qed_bn_cmp(&c, &sk->n) >= 0)
    return -1;
  /* equal halves, n of at most 2k limbs (public sizes) */
  fast = kp == kq && kp <= FAST_LIMBS && kn <= 2 * kp && sk->n.limb[kn - 1] != 0;
  bad = init_ctx(&kc, sk, kp, kq, fast);
  /*@ assert qed_rsa_sk_ok(sk) && qed_bn_ok(&c); */
  bad += crt_op(&m, &kc, sk, &c, kn, kp, kq, fast);
  ret = check_release(out, len, &kc.cn, &sk->e, &m, in, bad);
  qed_bn_wipe(&m);
  qed_bn_mont_wipe(&kc.cn);
  qed_bn_mont_wipe(&kc.cp);
  qed_bn_mont_wipe(&kc.cq);
  return ret;
}
