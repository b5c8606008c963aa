/* The RSA primitives RSAEP/RSAVP1 (public) and RSADP/RSASP1 (private) of
 * RFC 8017 section 5.
 *
 * The private operation, for c < n:
 *   blinding   r, s random below n; rinv = s (r s)^-1 (the inverse is taken
 *              of r s, which says nothing about r, by the variable-time
 *              qed_bn_modinv); cb = c r^e mod n with the public e
 *   CRT        m1 = (cb mod p)^dp mod p, m2 = (cb mod q)^dq mod q with
 *              qed_bn_powm_sec, h = qinv (m1 - m2) mod p, mb = m2 + q h
 *   unblind    m = mb rinv mod n
 *   check      m^e mod n == c, else nothing is released
 * Every product is a Montgomery product (x R * y / R), every sum and
 * difference a masked one (rsa_ct.c); a number is reduced modulo a prime
 * in chunks of bits(p) - 1 bits (each below p) by Horner's rule.  Failures
 * are counted, never branched on, until the single masked release.
 * Limb counts and bit lengths of n, p, q and the exponents are public.
 * Proved free of run-time errors.                                         */
#include "rsa/rsa_impl.h"
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

/* r = x mod p, x of xl limbs (public), through ctx (p's context, k limbs)
 * and t = 2^w R mod p, w = bits(p) - 1: Horner over w-bit chunks. */
/*@ requires \valid(r) && \valid_read(x) && \valid_read(ctx) && \valid_read(t);
    requires \valid_read(p) && qed_bn_ok(t);
    requires qed_bn_mont_ok(ctx) && ctx->n == k;
    requires 1 <= k <= 256 && 1 <= w <= 16384 && xl <= 256;
    requires \separated(r, x, ctx, t, p);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result <= 1; */
static uint32_t reduce(qed_bn *r, const qed_bn *x, size_t xl,
                  const qed_bn_mont_ctx *ctx, const qed_bn *t,
                  const qed_bn *p, size_t w, size_t k)
{
  qed_bn ch;
  const size_t chunks = (64 * xl + w - 1) / w;
  size_t j;
  uint32_t bad = 0;
  qed_bn_zero(r);
  qed_rsa_ct_setlen(r, k);
  /*@ loop invariant 0 <= j <= chunks;
      loop invariant qed_bn_ok(r);
      loop invariant bad <= chunks - j;
      loop assigns j, bad, *r, ch;
      loop variant j;
  */
  for (j = chunks; j > 0; j--) {
    const size_t off = (j - 1) * w;
    bad += (uint32_t)(qed_bn_mont_mul(ctx, r, r, t) != 0); /* r = r 2^w mod p */
    qed_rsa_ct_setlen(r, k);
    qed_rsa_ct_bits(&ch, x, off <= 16384 ? off : 16384, w);
    qed_rsa_ct_addmod(r, r, &ch, p, k);        /* ch < 2^w < p */
  }
  qed_bn_wipe(&ch);
  qed_rsa_ct_setlen(r, k);
  return (uint32_t)(bad != 0);
}

/* 2^w as a qed_bn (w < 16384) */
/*@ requires \valid(x) && w < 16384;
    assigns *x;
    ensures qed_bn_ok(x); */
static void pow2(qed_bn *x, size_t w)
{
  uint8_t b[QED_BN_MAX_BYTES] = { 0 };
  const size_t len = w / 8 + 1;
  b[0] = (uint8_t)(1u << (w % 8));
  (void)qed_bn_from_bytes(x, b, len);
}

/* r = a b mod m through ctx (k limbs) for a, b < m: (a R) b / R. */
/*@ requires \valid_read(ctx) && qed_bn_mont_ok(ctx) && ctx->n == k;
    requires \valid(r) && \valid_read(a) && \valid_read(b);
    requires qed_bn_ok(a) && qed_bn_ok(b) && k <= 256;
    requires \separated(r, ctx) && \separated(r, a) && \separated(r, b);
    assigns *r;
    ensures qed_bn_ok(r);
    ensures \result <= 2; */
static uint32_t mulmod(qed_bn *r, const qed_bn_mont_ctx *ctx, const qed_bn *a,
                       const qed_bn *b, size_t k)
{
  qed_bn ar;
  uint32_t bad = (uint32_t)(qed_bn_mont_to(ctx, &ar, a) != 0);
  qed_rsa_ct_setlen(&ar, k);
  bad += (uint32_t)(qed_bn_mont_mul(ctx, r, &ar, b) != 0);
  qed_bn_wipe(&ar);
  qed_rsa_ct_setlen(r, k);   /* last: ensures qed_bn_ok(r) without a frame */
  return bad;
}

/* Blinding: cb = c r^e mod n and rinv = r^-1 mod n for a random r below
 * n (len bytes, len + 1 the modulus length). */
/*@ requires \valid_read(cn) && qed_bn_mont_ok(cn) && cn->n == kn;
    requires \valid_read(n) && \valid_read(e) && qed_bn_ok(n) && qed_bn_ok(e);
    requires \valid_read(c) && qed_bn_ok(c) && kn <= 256 && 1 <= len <= 1023;
    requires \valid(cb) && \valid(rinv) && \separated(cb, rinv, cn, n, e, c);
    assigns *cb, *rinv;
    ensures qed_bn_ok(cb) && qed_bn_ok(rinv);
    ensures \result <= 20; */
static uint32_t blind(qed_bn *cb, qed_bn *rinv, const qed_bn_mont_ctx *cn,
                      const qed_bn *n, const qed_bn *e, const qed_bn *c,
                      size_t len, size_t kn)
{
  uint8_t rb[QED_RSA_MAX_BYTES];
  qed_bn r, s, t, u;
  uint32_t bad = 0;
  bad += (uint32_t)(qed_randombytes(rb, len) != 0);
  bad += (uint32_t)(qed_bn_from_bytes(&r, rb, len) != 0);
  bad += (uint32_t)(qed_randombytes(rb, len) != 0);
  bad += (uint32_t)(qed_bn_from_bytes(&s, rb, len) != 0);
  qed_zeroize(rb, sizeof rb);
  bad += mulmod(&t, cn, &r, &s, kn);                  /* r s */
  bad += (uint32_t)(qed_bn_modinv(&u, &t, n) != 0);   /* 1 / (r s) */
  bad += mulmod(rinv, cn, &u, &s, kn);                /* 1 / r */
  /*@ assert qed_bn_ok(rinv) && qed_bn_ok(&r) && qed_bn_ok(c); */
  /*@ assert qed_bn_ok(e) && qed_bn_ok(n); */
  bad += (uint32_t)(qed_bn_powm_sec(&t, &r, e, n) != 0);
  qed_rsa_ct_setlen(&t, kn);                          /* r^e */
  /*@ assert qed_bn_ok(rinv) && qed_bn_ok(&t) && qed_bn_ok(c); */
  bad += mulmod(cb, cn, c, &t, kn);
  /*@ assert qed_bn_ok(rinv) && qed_bn_ok(cb); */
  qed_bn_wipe(&r);
  qed_bn_wipe(&s);
  qed_bn_wipe(&t);
  qed_bn_wipe(&u);
  qed_rsa_ct_setlen(rinv, kn);
  qed_rsa_ct_setlen(cb, kn);
  return bad;
}

/* One half of the CRT: m = (x mod p)^dp mod p, x of xl limbs; also
 * t = 2^w R mod p for the later reduction of m2 (w = bits(p) - 1). */
/*@ requires \valid_read(cp) && qed_bn_mont_ok(cp) && cp->n == kp;
    requires \valid_read(p) && \valid_read(dp) && \valid_read(x);
    requires qed_bn_ok(p) && qed_bn_ok(dp) && qed_bn_ok(x);
    requires 1 <= kp <= 256 && xl <= 256 && 1 <= w < 16384;
    requires \valid(m) && \valid(t) && \separated(m, t, cp, p, dp, x);
    assigns *m, *t;
    ensures qed_bn_ok(m) && qed_bn_ok(t);
    ensures \result <= 3; */
static uint32_t crt_half(qed_bn *m, qed_bn *t, const qed_bn_mont_ctx *cp,
                         const qed_bn *p, const qed_bn *dp, const qed_bn *x,
                         size_t xl, size_t w, size_t kp)
{
  qed_bn y;
  uint32_t bad;
  pow2(&y, w);
  bad = (uint32_t)(qed_bn_mont_to(cp, t, &y) != 0);
  qed_rsa_ct_setlen(t, kp);
  bad += reduce(&y, x, xl, cp, t, p, w, kp);
  bad += (uint32_t)(qed_bn_powm_sec(m, &y, dp, p) != 0);
  qed_bn_wipe(&y);
  qed_rsa_ct_setlen(t, kp);
  qed_rsa_ct_setlen(m, kp);
  return bad;
}

/* Garner's recombination: mb = m2 + q (qinv (m1 - m2) mod p), below n. */
/*@ requires \valid_read(cn) && qed_bn_mont_ok(cn) && cn->n == kn;
    requires \valid_read(cp) && qed_bn_mont_ok(cp) && cp->n == kp;
    requires \valid_read(n) && \valid_read(p) && \valid_read(q) && \valid_read(qinv);
    requires qed_bn_ok(q) && qed_bn_ok(qinv);
    requires \valid_read(m1) && \valid_read(m2) && \valid_read(tp);
    requires qed_bn_ok(m2) && qed_bn_ok(tp);
    requires 1 <= kp <= kn <= 256 && kq <= 256 && 1 <= wp < 16384;
    requires \valid(mb) && \separated(mb, cn, cp, n, p, q, qinv, m1, m2, tp);
    assigns *mb;
    ensures qed_bn_ok(mb);
    ensures \result <= 5; */
static uint32_t garner(qed_bn *mb, const qed_bn_mont_ctx *cn,
                       const qed_bn_mont_ctx *cp, const qed_bn *n,
                       const qed_bn *p, const qed_bn *q, const qed_bn *qinv,
                       const qed_bn *m1, const qed_bn *m2, const qed_bn *tp,
                       size_t wp, size_t kn, size_t kp, size_t kq)
{
  qed_bn x, h, qh;
  uint32_t bad;
  bad = reduce(&x, m2, kq, cp, tp, p, wp, kp);   /* m2 mod p */
  qed_rsa_ct_submod(&h, m1, &x, p, kp);          /* m1 - m2 */
  bad += mulmod(&x, cp, qinv, &h, kp);           /* h */
  bad += mulmod(&qh, cn, q, &x, kn);             /* q h */
  qed_rsa_ct_addmod(mb, &qh, m2, n, kn);
  qed_bn_wipe(&x);
  qed_bn_wipe(&h);
  qed_bn_wipe(&qh);
  qed_rsa_ct_setlen(mb, kn);
  return bad;
}

/* The three Montgomery contexts of the key, and the public sizes. */
typedef struct {
  qed_bn_mont_ctx cn, cp, cq;
} key_ctx;

/*@ requires \valid(kc);
    assigns *kc; */
static void wipe_ctx(key_ctx *kc)
{
  qed_bn_mont_wipe(&kc->cn);
  qed_bn_mont_wipe(&kc->cp);
  qed_bn_mont_wipe(&kc->cq);
}

/* m = c^d mod n for c < n (see the top of the file); 0, or a count of
 * failures. */
/*@ requires \valid_read(kc) && qed_rsa_sk_ok(sk) && \valid_read(sk);
    requires qed_bn_mont_ok(&kc->cn) && kc->cn.n == kn;
    requires qed_bn_mont_ok(&kc->cp) && kc->cp.n == kp;
    requires qed_bn_mont_ok(&kc->cq) && kc->cq.n == kq;
    requires 1 <= kp <= kn && 1 <= kq <= kn && kn <= 256;
    requires 1 <= wp < 16384 && 1 <= wq < 16384 && 2 <= sk->bytes <= 1024;
    requires \valid_read(c) && qed_bn_ok(c);
    requires \valid(m) && \separated(m, kc, sk, c);
    assigns *m;
    ensures qed_bn_ok(m);
    ensures \result <= 40; */
static uint32_t crt_op(qed_bn *m, const key_ctx *kc,
                       const qed_rsa_private_key *sk, const qed_bn *c,
                       size_t kn, size_t kp, size_t kq, size_t wp, size_t wq)
{
  qed_bn cb, rinv, m1, m2, tp, tq, mb;
  const qed_bn_mont_ctx *cn = &kc->cn, *cp = &kc->cp, *cq = &kc->cq;
  const qed_bn *n = &sk->n, *e = &sk->e, *p = &sk->p, *q = &sk->q;
  const qed_bn *dp = &sk->dp, *dq = &sk->dq, *qinv = &sk->qinv;
  uint32_t bad;
  /*@ assert qed_bn_ok(n) && qed_bn_ok(e) && qed_bn_ok(p) && qed_bn_ok(q); */
  /*@ assert qed_bn_ok(dp) && qed_bn_ok(dq) && qed_bn_ok(qinv); */
  bad = blind(&cb, &rinv, cn, n, e, c, sk->bytes - 1, kn);
  /*@ assert qed_bn_mont_ok(cp) && cp->n == kp; */
  /*@ assert qed_bn_ok(p) && qed_bn_ok(dp) && qed_bn_ok(&cb); */
  bad += crt_half(&m1, &tp, cp, p, dp, &cb, kn, wp, kp);
  /*@ assert qed_bn_mont_ok(cq) && cq->n == kq; */
  /*@ assert qed_bn_ok(q) && qed_bn_ok(dq) && qed_bn_ok(&cb); */
  bad += crt_half(&m2, &tq, cq, q, dq, &cb, kn, wq, kq);
  /*@ assert qed_bn_mont_ok(cn) && cn->n == kn; */
  /*@ assert qed_bn_mont_ok(cp) && cp->n == kp; */
  /*@ assert qed_bn_ok(q) && qed_bn_ok(qinv); */
  /*@ assert qed_bn_ok(&m2) && qed_bn_ok(&tp); */
  bad += garner(&mb, cn, cp, n, p, q, qinv, &m1, &m2, &tp, wp, kn, kp, kq);
  /*@ assert qed_bn_mont_ok(cn) && cn->n == kn; */
  /*@ assert qed_bn_ok(&rinv); */
  bad += mulmod(m, cn, &mb, &rinv, kn);           /* unblind */
  qed_bn_wipe(&cb);
  qed_bn_wipe(&rinv);
  qed_bn_wipe(&m1);
  qed_bn_wipe(&m2);
  qed_bn_wipe(&tp);
  qed_bn_wipe(&tq);
  qed_bn_wipe(&mb);
  qed_rsa_ct_setlen(m, kn);
  return bad;
}

/* out = m when m^e mod n == in, else zero; the decision is one mask. */
/*@ requires 1 <= len <= 1024 && kn <= 256;
    requires \valid_read(n) && \valid_read(e) && qed_bn_ok(n) && qed_bn_ok(e);
    requires \valid_read(m) && qed_bn_ok(m);
    requires \valid(out + (0 .. len - 1)) && \valid_read(in + (0 .. len - 1));
    requires \separated(out + (0 .. len - 1), n) && \separated(out + (0 .. len - 1), e);
    requires \separated(out + (0 .. len - 1), m);
    requires \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    assigns out[0 .. len - 1];
    ensures \result == 0 || \result == -1; */
static int check_release(uint8_t *out, size_t len, const qed_bn *n,
                         const qed_bn *e, const qed_bn *m,
                         const uint8_t *in, uint32_t bad, size_t kn)
{
  uint8_t chk[QED_RSA_MAX_BYTES];
  qed_bn y;
  uint32_t ok;
  uint8_t keep;
  size_t i;
  bad |= (uint32_t)(qed_bn_powm_sec(&y, m, e, n) != 0);
  qed_rsa_ct_setlen(&y, kn);
  qed_rsa_ct_to_bytes(chk, len, &y);
  bad |= (uint32_t)(qed_verify(chk, in, len) != 0);
  ok = (uint32_t)(bad == 0);
  keep = (uint8_t)(0u - ok);
  qed_rsa_ct_to_bytes(out, len, m);
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
  size_t kn, kp, kq, wp, wq;
  int ret = -1;
  qed_zeroize(out, len);
  if (len >= 2 && qed_bn_mont_init(&kc.cn, &sk->n) == 0 &&
      qed_bn_mont_init(&kc.cp, &sk->p) == 0 &&
      qed_bn_mont_init(&kc.cq, &sk->q) == 0 &&
      qed_bn_from_bytes(&c, in, len) == 0 && qed_bn_cmp(&c, &sk->n) < 0) {
    kn = kc.cn.n;
    kp = kc.cp.n;
    kq = kc.cq.n;
    wp = qed_bn_bits(&sk->p);
    wq = qed_bn_bits(&sk->q);
    /*@ assert qed_bn_mont_ok(&kc.cn) && kc.cn.n == kn; */
    /*@ assert qed_bn_mont_ok(&kc.cp) && kc.cp.n == kp; */
    /*@ assert qed_bn_mont_ok(&kc.cq) && kc.cq.n == kq; */
    /*@ assert qed_bn_ok(&c); */
    if (wp >= 2 && wq >= 2 && kp <= kn && kq <= kn) {
      const uint32_t bad = crt_op(&m, &kc, sk, &c, kn, kp, kq, wp - 1, wq - 1);
      /*@ assert qed_bn_ok(&sk->n) && qed_bn_ok(&sk->e) && qed_bn_ok(&m); */
      ret = check_release(out, len, &sk->n, &sk->e, &m, in, bad, kn);
      qed_bn_wipe(&m);
    }
  }
  wipe_ctx(&kc);
  return ret;
}
