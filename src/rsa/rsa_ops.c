/* The RSA primitives RSAEP/RSAVP1 (public) and RSADP/RSASP1 (private) of
 * RFC 8017 section 5.
 *
 * The private operation, for c < n:
 *   contexts   Montgomery contexts of n, p and q (qed_bn_mont_init_sec at
 *              the public limb counts: R^2 mod p without a division)
 *   blinding   r, s random below n; rinv = s (r s)^-1 (the inverse is taken
 *              of r s, which says nothing about r, by the variable-time
 *              qed_bn_modinv); cb = c r^e mod n with the public e
 *   CRT        m1 = (cb mod p)^dp mod p, m2 = (cb mod q)^dq mod q
 *              (qed_bn_mont_reduce, qed_bn_mont_powm_sec over 64 kp and
 *              64 kq exponent bits), h = qinv (m1 - m2 mod p) mod p,
 *              mb = m2 + q h (< n: a sum mod n that never wraps)
 *   unblind    m = mb rinv mod n
 *   check      m^e mod n == c, else nothing is released
 * Every step is a fixed-length constant-time function of qed/bn.h: they
 * read the public number of limbs of their operands, never a count field
 * computed from secret limbs, and report out-of-range operands through
 * their return value, which is counted here, never branched on, until the
 * single masked release.  p, q, d, dp, dq, qinv and the result are secret;
 * the limb counts of n, p, q and the value of e are public.
 * Proved free of run-time errors.                                         */
#include "rsa/rsa_impl.h"
#include "bn/bn_mont.h"
#include "qed/common.h"

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

/* The three Montgomery contexts of the key. */
typedef struct {
  qed_bn_mont_ctx cn, cp, cq;
} key_ctx;

/*@ predicate key_ctx_ok(key_ctx *kc) = qed_bn_mont_ok(&kc->cn) &&
      qed_bn_mont_ok(&kc->cp) && qed_bn_mont_ok(&kc->cq);
*/

/* Blinding: cb = c r^e mod n and rinv = r^-1 mod n for a random r below
 * n (len bytes, len + 1 the modulus length). */
/*@ requires \valid_read(cn) && qed_bn_mont_ok(cn);
    requires \valid_read(n) && \valid_read(e) && qed_bn_ok(n) && qed_bn_ok(e);
    requires \valid_read(c) && qed_bn_ok(c) && 1 <= len <= 1023;
    requires \valid(cb) && \valid(rinv) && \separated(cb, rinv, cn, n, e, c);
    assigns *cb, *rinv;
    ensures qed_bn_ok(cb) && qed_bn_ok(rinv);
    ensures \result <= 20; */
static uint32_t blind(qed_bn *cb, qed_bn *rinv, const qed_bn_mont_ctx *cn,
                      const qed_bn *n, const qed_bn *e, const qed_bn *c,
                      size_t len)
{
  uint8_t rb[QED_RSA_MAX_BYTES];
  qed_bn r, s, t, u;
  uint32_t bad = 0;
  /* (the asserts carry the inputs' qed_bn_ok from call to call, one
   * frame at a time) */
  bad += failed(qed_randombytes(rb, len));
  bad += failed(qed_bn_from_bytes(&r, rb, len));
  /*@ assert qed_bn_ok(n) && qed_bn_ok(e) && qed_bn_ok(c); */
  bad += failed(qed_randombytes(rb, len));
  bad += failed(qed_bn_from_bytes(&s, rb, len));
  /*@ assert qed_bn_ok(n) && qed_bn_ok(e) && qed_bn_ok(c); */
  qed_zeroize(rb, sizeof rb);
  /*@ assert qed_bn_ok(n) && qed_bn_ok(e) && qed_bn_ok(c); */
  bad += failed(qed_bn_mont_powm_pub(cn, &t, &r, e));   /* e public */
  /*@ assert qed_bn_ok(n) && qed_bn_ok(c) && qed_bn_ok(&t); */
  bad += mulmod(&u, cn, c, &t);                       /* c r^e */
  /*@ assert qed_bn_ok(n) && qed_bn_ok(&u); */
  bad += mulmod(&t, cn, &r, &s);                      /* r s */
  /*@ assert qed_bn_ok(n) && qed_bn_ok(&u) && qed_bn_ok(&t); */
  bad += failed(qed_bn_modinv(&r, &t, n));            /* 1 / (r s) */
  /*@ assert qed_bn_ok(&u) && qed_bn_ok(&r); */
  bad += mulmod(&t, cn, &r, &s);                      /* 1 / r */
  /*@ assert qed_bn_ok(&u) && qed_bn_ok(&t); */
  qed_bn_wipe(&r);
  /*@ assert qed_bn_ok(&u) && qed_bn_ok(&t); */
  qed_bn_wipe(&s);
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
static uint32_t garner(qed_bn *mb, const qed_bn_mont_ctx *cn,
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
 * failures (a context that failed holds m = 0 and refuses every use). */
/*@ requires \valid(kc) && \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires 1 <= sk->n.n;
    requires 1 <= kp <= 256 && 1 <= kq <= 256;
    requires \separated(kc, sk);
    assigns *kc;
    ensures key_ctx_ok(kc);
    ensures \result <= 3; */
static uint32_t init_ctx(key_ctx *kc, const qed_rsa_private_key *sk,
                         size_t kp, size_t kq)
{
  /* n is public: R^2 mod n by one division */
  uint32_t bad = failed(qed_bn_mont_init_pub(&kc->cn, &sk->n));
  bad += failed(qed_bn_mont_init_sec(&kc->cp, &sk->p, 64 * kp));
  bad += failed(qed_bn_mont_init_sec(&kc->cq, &sk->q, 64 * kq));
  return bad;
}

/* The CRT half: mb = cb^d mod n for cb < n, by m1 = (cb mod p)^dp mod p
 * and m2 = (cb mod q)^dq mod q, both exponentiations in one call
 * (qed_bn_mont_powm2_sec: interleaved with AVX-512 IFMA), then Garner.
 * The key's facts cross the exponentiation whole (key_ctx_ok, the key's
 * qed_rsa_sk_ok), not field by field. */
/*@ requires \valid_read(kc) && key_ctx_ok(kc);
    requires \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires 1 <= kn <= 256 && 1 <= kp <= 256 && 1 <= kq <= 256;
    requires \valid_read(cb) && qed_bn_ok(cb);
    requires \valid(mb) && \separated(mb, kc, sk, cb);
    assigns *mb;
    ensures qed_bn_ok(mb);
    ensures \result <= 11; */
static uint32_t crt_garner(qed_bn *mb, const key_ctx *kc,
                           const qed_rsa_private_key *sk, const qed_bn *cb,
                           size_t kn, size_t kp, size_t kq)
{
  qed_bn x1, x2, m1, m2;
  uint32_t bad;
  bad = failed(qed_bn_mont_reduce(&kc->cp, &x1, cb, kn));   /* cb mod p */
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(&x1); */
  bad += failed(qed_bn_mont_reduce(&kc->cq, &x2, cb, kn));  /* cb mod q */
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(&x1) && qed_bn_ok(&x2); */
  bad += failed(qed_bn_mont_powm2_sec(&kc->cp, &m1, &x1, &sk->dp, 64 * kp,
                                      &kc->cq, &m2, &x2, &sk->dq, 64 * kq));
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk); */
  qed_bn_wipe(&x1);
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(&m1) && qed_bn_ok(&m2); */
  qed_bn_wipe(&x2);
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(&m1) && qed_bn_ok(&m2); */
  bad += garner(mb, &kc->cn, &kc->cp, &sk->q, &sk->qinv, &m1, &m2, kq);
  qed_bn_wipe(&m1);
  qed_bn_wipe(&m2);
  return bad;
}

/* m = c^d mod n for c < n (see the top of the file); 0, or a count of
 * failures. */
/*@ requires \valid_read(kc) && key_ctx_ok(kc);
    requires \valid_read(sk) && qed_rsa_sk_ok(sk);
    requires 1 <= kn <= 256 && 1 <= kp <= 256 && 1 <= kq <= 256;
    requires 2 <= sk->bytes <= 1024;
    requires \valid_read(c) && qed_bn_ok(c);
    requires \valid(m) && \separated(m, kc, sk, c);
    assigns *m;
    ensures qed_bn_ok(m);
    ensures \result <= 40; */
static uint32_t crt_op(qed_bn *m, const key_ctx *kc,
                       const qed_rsa_private_key *sk, const qed_bn *c,
                       size_t kn, size_t kp, size_t kq)
{
  qed_bn cb, rinv, x, mb;
  uint32_t bad;
  /* (the asserts carry every live qed_bn_ok from call to call) */
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk); */
  bad = blind(&cb, &rinv, &kc->cn, &sk->n, &sk->e, c, sk->bytes - 1);
  /*@ assert key_ctx_ok(kc) && qed_rsa_sk_ok(sk) && qed_bn_ok(&rinv) && qed_bn_ok(&cb); */
  bad += crt_garner(&mb, kc, sk, &cb, kn, kp, kq);
  /*@ assert key_ctx_ok(kc) && qed_bn_ok(&mb) && qed_bn_ok(&rinv); */
  bad += mulmod(&x, &kc->cn, &mb, &rinv);             /* unblind */
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
static int check_release(uint8_t *out, size_t len, const qed_bn_mont_ctx *cn,
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
  uint32_t bad;
  int ret = -1;
  qed_zeroize(out, len);
  if (len < 2 || kn == 0 || kp == 0 || kq == 0 ||
      qed_bn_from_bytes(&c, in, len) != 0 || qed_bn_cmp(&c, &sk->n) >= 0)
    return -1;
  bad = init_ctx(&kc, sk, kp, kq);
  /*@ assert qed_rsa_sk_ok(sk) && qed_bn_ok(&c); */
  bad += crt_op(&m, &kc, sk, &c, kn, kp, kq);
  ret = check_release(out, len, &kc.cn, &sk->e, &m, in, bad);
  qed_bn_wipe(&m);
  qed_bn_mont_wipe(&kc.cn);
  qed_bn_mont_wipe(&kc.cp);
  qed_bn_mont_wipe(&kc.cq);
  return ret;
}
