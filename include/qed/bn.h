/* qed — multi-precision integers (qed_bn).
 *
 * A qed_bn is a signed integer (sign and magnitude) of at most
 * QED_BN_MAX_BITS = 16384 bits, in a plain struct the caller owns: nothing
 * is allocated.  Every function that can fail returns 0, or -1 when a
 * result does not fit in QED_BN_MAX_BITS bits, a divisor is zero, an
 * inverse does not exist, or an input is out of range; on -1 its outputs
 * are zero.
 *
 * Aliasing: an output may be the same object as any input (qed_bn_add(x,
 * x, x) doubles x); distinct outputs of one call (the quotient and the
 * remainder of qed_bn_divmod, g, s, t of qed_bn_gcdext) must be distinct
 * objects.  A qed_bn must have been set by one of these functions (or be
 * all zero bytes, which is the number 0).
 *
 * Time: everything is variable time (fine for public numbers: moduli,
 * public exponents, gcds of public values) except qed_bn_powm_sec and the
 * Montgomery functions, constant time in the values of the modulus, the
 * base, the exponent and the operands (the time depends only on public
 * limb counts and bit lengths; see the Montgomery section), and
 * qed_bn_mul/qed_bn_sqr, constant time in the limb values for given limb
 * counts.                                                                 */
#ifndef QED_BN_H
#define QED_BN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QED_BN_MAX_BITS  16384
#define QED_BN_LIMBS     (QED_BN_MAX_BITS / 64)   /* 256 limbs of 64 bits */
#define QED_BN_MAX_BYTES (QED_BN_MAX_BITS / 8)

/* The magnitude in n little-endian 64-bit limbs, limb[n-1] != 0 (n == 0
 * for zero), limbs from n on zero; neg is 1 for a negative number, 0 else
 * (never 1 for zero).  Use the functions, not the fields. */
typedef struct {
  uint64_t limb[QED_BN_LIMBS];
  size_t n;
  int neg;
} qed_bn;

/*@ predicate qed_bn_ok(qed_bn *x) = x->n <= 256 && (x->neg == 0 || x->neg == 1);
*/

/* ---- setting and reading ---- */

/*@ requires \valid(x);
    assigns *x;
    ensures qed_bn_ok(x); */
void qed_bn_zero(qed_bn *x);

/*@ requires \valid(r) && \valid_read(a) && qed_bn_ok(a);
    assigns *r;
    ensures qed_bn_ok(r); */
void qed_bn_copy(qed_bn *r, const qed_bn *a);

/*@ requires \valid(x);
    assigns *x;
    ensures qed_bn_ok(x); */
void qed_bn_from_u64(qed_bn *x, uint64_t v);

/* *v = x when 0 <= x < 2^64; else -1 and *v = 0. */
/*@ requires \valid(v) && \valid_read(x) && qed_bn_ok(x);
    assigns *v;
    ensures \result == 0 || \result == -1; */
int qed_bn_to_u64(uint64_t *v, const qed_bn *x);

/* x = the big-endian unsigned number be[0 .. len-1] (any number of leading
 * zero bytes); -1 when it is >= 2^QED_BN_MAX_BITS. */
/*@ requires \valid(x) && \valid_read(be + (0 .. len - 1));
    assigns *x;
    ensures qed_bn_ok(x);
    ensures \result == 0 || \result == -1; */
int qed_bn_from_bytes(qed_bn *x, const uint8_t *be, size_t len);

/* be[0 .. len-1] = |x|, big-endian, left-padded with zeros; -1 (and be
 * zeroed) when |x| does not fit in len bytes. */
/*@ requires \valid(be + (0 .. len - 1)) && \valid_read(x) && qed_bn_ok(x);
    requires \separated(be + (0 .. len - 1), x);
    assigns be[0 .. len - 1];
    ensures \result == 0 || \result == -1; */
int qed_bn_to_bytes(uint8_t *be, size_t len, const qed_bn *x);

/* x = -x */
/*@ requires \valid(x) && qed_bn_ok(x);
    assigns x->neg;
    ensures qed_bn_ok(x); */
void qed_bn_negate(qed_bn *x);

/* -1, 0 or 1 */
/*@ requires \valid_read(x) && qed_bn_ok(x);
    assigns \nothing;
    ensures -1 <= \result <= 1; */
int qed_bn_sign(const qed_bn *x);

/* -1, 0 or 1 as a < b, a == b, a > b */
/*@ requires \valid_read(a) && qed_bn_ok(a) && \valid_read(b) && qed_bn_ok(b);
    assigns \nothing;
    ensures -1 <= \result <= 1; */
int qed_bn_cmp(const qed_bn *a, const qed_bn *b);

/* the number of bits of |x| (0 for zero) */
/*@ requires \valid_read(x) && qed_bn_ok(x);
    assigns \nothing;
    ensures 0 <= \result <= 16384 && \result <= 64 * x->n; */
size_t qed_bn_bits(const qed_bn *x);

/* ---- arithmetic: r = a + b, a - b, a * b, a * a ---- */

/*@ requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires qed_bn_ok(a) && qed_bn_ok(b);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_add(qed_bn *r, const qed_bn *a, const qed_bn *b);

/*@ requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires qed_bn_ok(a) && qed_bn_ok(b);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_sub(qed_bn *r, const qed_bn *a, const qed_bn *b);

/*@ requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires qed_bn_ok(a) && qed_bn_ok(b);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_mul(qed_bn *r, const qed_bn *a, const qed_bn *b);

/*@ requires \valid(r) && \valid_read(a) && qed_bn_ok(a);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_sqr(qed_bn *r, const qed_bn *a);

/* ---- division, gcd, inverse ---- */

/* q = a / d truncated toward zero, r = a - q * d (the sign of a), as C's /
 * and %; either output may be NULL.  -1 when d == 0. */
/*@ requires q == \null || \valid(q);
    requires r == \null || \valid(r);
    requires q == \null || r == \null || \separated(q, r);
    requires \valid_read(a) && \valid_read(d) && qed_bn_ok(a) && qed_bn_ok(d);
    assigns *q, *r;
    ensures q != \null ==> qed_bn_ok(q);
    ensures r != \null ==> qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_divmod(qed_bn *q, qed_bn *r, const qed_bn *a, const qed_bn *d);

/* g = gcd(|a|, |b|) >= 0 (gcd(0, 0) = 0). */
/*@ requires \valid(g) && \valid_read(a) && \valid_read(b);
    requires qed_bn_ok(a) && qed_bn_ok(b);
    assigns *g;
    ensures qed_bn_ok(g);
    ensures \result == 0 || \result == -1; */
int qed_bn_gcd(qed_bn *g, const qed_bn *a, const qed_bn *b);

/* g = gcd(a, b) >= 0 and s, t with g = s * a + t * b (the cofactors of
 * Euclid's algorithm: |s| <= |b| / (2g), |t| <= |a| / (2g) when both are
 * nonzero); g, s, t distinct objects. */
/*@ requires \valid(g) && \valid(s) && \valid(t);
    requires \separated(g, s, t);
    requires \valid_read(a) && \valid_read(b) && qed_bn_ok(a) && qed_bn_ok(b);
    assigns *g, *s, *t;
    ensures qed_bn_ok(g) && qed_bn_ok(s) && qed_bn_ok(t);
    ensures \result == 0 || \result == -1; */
int qed_bn_gcdext(qed_bn *g, qed_bn *s, qed_bn *t, const qed_bn *a,
                  const qed_bn *b);

/* r = a^-1 mod m in [0, m), for m >= 2; -1 when m < 2 or gcd(a, m) != 1. */
/*@ requires \valid(r) && \valid_read(a) && \valid_read(m);
    requires qed_bn_ok(a) && qed_bn_ok(m);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_modinv(qed_bn *r, const qed_bn *a, const qed_bn *m);

/* ---- modular exponentiation ---- */

/* r = b^e mod m in [0, m), for m >= 1 (odd or even), e >= 0; b may be
 * negative.  Sliding window, variable time: for public exponents.  -1 when
 * m < 1 or e < 0. */
/*@ requires \valid(r) && \valid_read(b) && \valid_read(e) && \valid_read(m);
    requires qed_bn_ok(b) && qed_bn_ok(e) && qed_bn_ok(m);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_powm(qed_bn *r, const qed_bn *b, const qed_bn *e, const qed_bn *m);

/* r = b^e mod m in [0, m), m odd and >= 3, 0 <= b, b no longer (in limbs)
 * than m, e >= 0.  qed_bn_mont_init_sec (64 m->n bits) then
 * qed_bn_mont_powm_sec (64 e->n bits): constant time in the values of b, e
 * and m (the time depends on the limb counts of m and e only).  -1 when an
 * input is out of range. */
/*@ requires \valid(r) && \valid_read(b) && \valid_read(e) && \valid_read(m);
    requires qed_bn_ok(b) && qed_bn_ok(e) && qed_bn_ok(m);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_powm_sec(qed_bn *r, const qed_bn *b, const qed_bn *e,
                    const qed_bn *m);

/* ---- Montgomery arithmetic modulo an odd m >= 3, in constant time ----
 *
 * A context holds m in n limbs, R = 2^(64 n), R^2 mod m and -m^-1 mod
 * 2^64.  n is public: it comes from the limb count of a public m
 * (qed_bn_mont_init) or from a public bit length (qed_bn_mont_init_sec),
 * and it is the only thing the time of these functions depends on (with
 * the public ebits and xlimbs arguments): the value of m and of every
 * operand may be secret.
 *
 * Fixed length: these functions read exactly n limbs of each operand (the
 * limbs above must be zero; that is checked with masks, not branches) and
 * never look at an operand's count field x->n, which the other qed_bn
 * functions compute from the limbs (a secret's length leaks through it).
 * Their outputs are normalized qed_bn values whose count field is found
 * with masks (qed_bn_ok holds, limbs from n on are zero): pass them back
 * to these functions freely; pass them to the variable-time functions
 * (qed_bn_cmp, qed_bn_mul, qed_bn_to_bytes, ...) only when their length
 * is public.  Whether an operand is out of range is found with masks as
 * well and reported by the return value: -1 with the output zeroed. */
typedef struct {
  uint64_t m[QED_BN_LIMBS];
  uint64_t rr[QED_BN_LIMBS];   /* R^2 mod m */
  uint64_t minv;               /* -m^-1 mod 2^64 */
  size_t n;
} qed_bn_mont_ctx;

/*@ predicate qed_bn_mont_ok(qed_bn_mont_ctx *c) = 1 <= c->n <= 256;
*/

/* A context for a public m: -1 when m is even or m < 3 (the context is
 * zeroed then, n included).  Constant time in m's limbs for a given m->n
 * (it is qed_bn_mont_init_sec with bits = 64 m->n). */
/*@ requires \valid(ctx) && \valid_read(m) && qed_bn_ok(m);
    requires \separated(ctx, m);
    assigns *ctx;
    ensures \result == 0 ==> qed_bn_mont_ok(ctx);
    ensures \result == 0 || \result == -1; */
int qed_bn_mont_init(qed_bn_mont_ctx *ctx, const qed_bn *m);

/* A context for a secret m of n = ceil(bits / 64) limbs, bits public
 * (1 <= bits <= 16384): m odd, m >= 3, m < 2^bits and limb n-1 of m
 * nonzero (m's bit length is in (64 (n-1), bits]: give the bit length of
 * m, or 64 times its public limb count).  R^2 mod m comes without a
 * division (doublings and Montgomery squarings, see bn_mont.c), so the
 * time depends on bits only.  On -1 (m even, m < 3, m >= 2^bits, limb n-1
 * zero, m negative) every field is zero except n, which keeps its value:
 * a caller that folds the -1 into one later decision (RSA does) can go on
 * with the context, and every function below returns -1 on it. */
/*@ requires 1 <= bits <= 16384;
    requires \valid(ctx) && \valid_read(m) && qed_bn_ok(m);
    requires \separated(ctx, m);
    assigns *ctx;
    ensures qed_bn_mont_ok(ctx) && ctx->n == (bits + 63) / 64;
    ensures \result == 0 || \result == -1; */
int qed_bn_mont_init_sec(qed_bn_mont_ctx *ctx, const qed_bn *m, size_t bits);

/* r = a b / R mod m for a, b in [0, m); -1 when they are not. */
/*@ requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires qed_bn_ok(a) && qed_bn_ok(b);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_mont_mul(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a,
                    const qed_bn *b);

/* r = a R mod m for 0 <= a < m; -1 otherwise. */
/*@ requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires \valid(r) && \valid_read(a) && qed_bn_ok(a);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_mont_to(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a);

/* r = a / R mod m for 0 <= a < m; -1 otherwise. */
/*@ requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires \valid(r) && \valid_read(a) && qed_bn_ok(a);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_mont_from(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a);

/* r = a + b mod m for a, b in [0, m); -1 otherwise. */
/*@ requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires qed_bn_ok(a) && qed_bn_ok(b);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_mont_add(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a,
                    const qed_bn *b);

/* r = a - b mod m for a, b in [0, m); -1 otherwise. */
/*@ requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires qed_bn_ok(a) && qed_bn_ok(b);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_mont_sub(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *a,
                    const qed_bn *b);

/* r = x mod m for 0 <= x < 2^(64 xlimbs), 1 <= xlimbs <= 256 public (x of
 * any size relative to m: RSA reduces c < pq modulo p with it); no
 * division, 2 ceil(xlimbs / n) + 1 Montgomery products.  -1 when x is
 * negative or not below 2^(64 xlimbs). */
/*@ requires 1 <= xlimbs <= 256;
    requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires \valid(r) && \valid_read(x) && qed_bn_ok(x);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_mont_reduce(const qed_bn_mont_ctx *ctx, qed_bn *r, const qed_bn *x,
                       size_t xlimbs);

/* r = b^e mod m in [0, m) for 0 <= b < R (b need not be below m) and
 * 0 <= e < 2^ebits, 0 <= ebits <= 16384 public: the loop runs over ebits
 * bits whatever e's value.  Fixed window (up to 5 bits, as many as fit
 * the table for n), the whole table read at every window.  -1 when b or e
 * is out of range or the context is not one of a valid m. */
/*@ requires ebits <= 16384;
    requires \valid_read(ctx) && qed_bn_mont_ok(ctx);
    requires \valid(r) && \valid_read(b) && \valid_read(e);
    requires qed_bn_ok(b) && qed_bn_ok(e);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result == 0 || \result == -1; */
int qed_bn_mont_powm_sec(const qed_bn_mont_ctx *ctx, qed_bn *r,
                         const qed_bn *b, const qed_bn *e, size_t ebits);

/* be[0 .. len-1] = x, big-endian, left-padded with zeros, in constant time
 * (all of x's limbs are read, none of its fields is branched on); -1 (be
 * zeroed) when x < 0 or x >= 2^(8 len).  len <= 2048. */
/*@ requires len <= 2048;
    requires \valid(be + (0 .. len - 1)) && \valid_read(x) && qed_bn_ok(x);
    requires \separated(be + (0 .. len - 1), x);
    assigns be[0 .. len - 1];
    ensures \result == 0 || \result == -1; */
int qed_bn_to_bytes_sec(uint8_t *be, size_t len, const qed_bn *x);

/* Wipe a context (or a qed_bn) that held secrets. */
/*@ requires \valid(ctx);
    assigns *ctx; */
void qed_bn_mont_wipe(qed_bn_mont_ctx *ctx);

/*@ requires \valid(x);
    assigns *x;
    ensures qed_bn_ok(x); */
void qed_bn_wipe(qed_bn *x);

#ifdef __cplusplus
}
#endif
#endif
