/* PKCS #1 DER keys (RFC 8017 appendix A.1.1 and A.1.2): RSAPublicKey and
 * two-prime RSAPrivateKey, read strictly and written canonically.
 *
 * Reading: a tag, then a definite length in its shortest form (one byte
 * below 0x80, 0x81 n with n >= 0x80, 0x82 n n with a value >= 0x100: keys
 * of at most 8192 bits never need more), contents inside the enclosing
 * element; INTEGERs nonempty, nonnegative (top bit of the first byte
 * clear) and minimal (a zero first byte only before a byte with its top
 * bit set); the SEQUENCE ends exactly at the end of the input.  Any other
 * encoding is refused with -1 and the key is zeroed.  Since the encoding
 * written is the unique DER of the numbers read, a key that is accepted
 * re-encodes to the very bytes it was read from.
 *
 * Proved free of run-time errors.                                         */
#include "qed/rsa.h"
#include "qed/common.h"
#include "rsa/rsa_key_zero.h"

#define TAG_INTEGER  0x02u
#define TAG_SEQUENCE 0x30u

/* Reads a tag and length at *pos: on 0, *pos is at the contents and
 * *clen bytes of contents follow inside der[0 .. len-1]. */
/*@ requires \valid_read(der + (0 .. len - 1)) && \valid(pos) && \valid(clen);
    requires *pos <= len && \separated(pos, clen);
    assigns *pos, *clen;
    ensures \result == 0 ==> *pos <= len && *clen <= len - *pos;
    ensures \result == 0 || \result == -1; */
static int der_header(const uint8_t *der, size_t len, size_t *pos,
                      uint8_t tag, size_t *clen)
{
  size_t p = *pos, l;
  if (p >= len || der[p] != tag)
    return -1;
  p++;
  if (p >= len)
    return -1;
  l = der[p];
  p++;
  if (l == 0x81) {
    if (p >= len || der[p] < 0x80)
      return -1;
    l = der[p];
    p++;
  } else if (l == 0x82) {
    if (len - p < 2 || der[p] == 0)
      return -1;
    l = ((size_t)der[p] << 8) | der[p + 1];
    p += 2;
  } else if (l >= 0x80) {
    return -1;
  }
  if (l > len - p)
    return -1;
  *pos = p;
  *clen = l;
  return 0;
}

/* Reads a nonnegative minimal INTEGER at pos into x: the position after
 * it, or 0 on failure (x zeroed).  pos == 0 stands for an earlier failure
 * (an INTEGER never starts a key) and fails at once, so that calls chain
 * without a test between them. */
/*@ requires \valid_read(der + (0 .. len - 1)) && \valid(x);
    requires pos <= len;
    assigns *x;
    ensures qed_bn_ok(x);
    ensures \result <= len; */
static size_t der_integer(qed_bn *x, const uint8_t *der, size_t len,
                          size_t pos)
{
  size_t p = pos, l = 0;
  qed_bn_zero(x);
  if (pos == 0 || der_header(der, len, &p, TAG_INTEGER, &l) != 0 || l == 0)
    return 0;
  if ((der[p] & 0x80) != 0)
    return 0;                       /* negative */
  if (der[p] == 0 && l > 1 && (der[p + 1] & 0x80) == 0)
    return 0;                       /* a zero byte too many */
  if (qed_bn_from_bytes(x, der + p, l) != 0)
    return 0;
  return p + l;
}

/* 0 when n, e make a public key qed accepts: n odd of 1024 to 8192 bits,
 * e odd, 3 <= e < n. */
/*@ requires \valid_read(n) && \valid_read(e) && qed_bn_ok(n) && qed_bn_ok(e);
    assigns \nothing;
    ensures \result == 0 || \result == -1; */
static int check_public(const qed_bn *n, const qed_bn *e)
{
  const size_t bits = qed_bn_bits(n);
  qed_bn three;
  if (bits < QED_RSA_MIN_BITS || bits > QED_RSA_MAX_BITS ||
      qed_bn_sign(n) <= 0 || qed_bn_sign(e) <= 0 ||
      n->limb[0] % 2 == 0 || e->limb[0] % 2 == 0)
    return -1;
  qed_bn_from_u64(&three, 3);
  if (qed_bn_cmp(e, &three) < 0 || qed_bn_cmp(e, n) >= 0)
    return -1;
  return 0;
}

/* 0 when 0 < x < bound */
/*@ requires \valid_read(x) && \valid_read(bound);
    requires qed_bn_ok(x) && qed_bn_ok(bound);
    assigns \nothing;
    ensures \result == 0 || \result == -1; */
static int check_below(const qed_bn *x, const qed_bn *bound)
{
  if (qed_bn_sign(x) <= 0 || qed_bn_cmp(x, bound) >= 0)
    return -1;
  return 0;
}

int qed_rsa_public_from_der(qed_rsa_public_key *pk, const uint8_t *der,
                            size_t len)
{
  size_t pos = 0, l = 0, bytes;
  public_zero(pk);
  if (der_header(der, len, &pos, TAG_SEQUENCE, &l) != 0 || l != len - pos ||
      (pos = der_integer(&pk->n, der, len, pos)) == 0 ||
      (pos = der_integer(&pk->e, der, len, pos)) != len ||
      check_public(&pk->n, &pk->e) != 0) {
    public_zero(pk);
    return -1;
  }
  bytes = (qed_bn_bits(&pk->n) + 7) / 8;
  if (bytes > QED_RSA_MAX_BYTES) {   /* never: check_public bounds it */
    public_zero(pk);
    return -1;
  }
  pk->bytes = bytes;
  return 0;
}

/* The checks of an imported private key past the public part. */
/*@ requires \valid_read(sk);
    requires qed_bn_ok(&sk->n) && qed_bn_ok(&sk->e);
    requires qed_bn_ok(&sk->d) && qed_bn_ok(&sk->p);
    requires qed_bn_ok(&sk->q) && qed_bn_ok(&sk->dp);
    requires qed_bn_ok(&sk->dq) && qed_bn_ok(&sk->qinv);
    assigns \nothing;
    ensures \result == 0 || \result == -1; */
static int check_private(const qed_rsa_private_key *sk)
{
  qed_bn t;
  int st;
  if (check_public(&sk->n, &sk->e) != 0 || check_below(&sk->d, &sk->n) != 0 ||
      check_below(&sk->p, &sk->n) != 0 || check_below(&sk->q, &sk->n) != 0 ||
      sk->p.limb[0] % 2 == 0 || sk->q.limb[0] % 2 == 0 ||
      check_below(&sk->dp, &sk->p) != 0 || check_below(&sk->dq, &sk->q) != 0 ||
      check_below(&sk->qinv, &sk->p) != 0 ||
      qed_bn_mul(&t, &sk->p, &sk->q) != 0)
    return -1;
  st = qed_bn_cmp(&t, &sk->n) == 0 ? 0 : -1;
  qed_bn_wipe(&t);
  return st;
}

/* n, e, d, p of RSAPrivateKey from der[pos ..]: the position after them,
 * or 0.  (The key's numbers are read in two calls that name the fields
 * they write, so that each proof goal frames the other fields by name.) */
/*@ requires \valid_read(der + (0 .. len - 1)) && \valid(sk);
    requires pos <= len;
    assigns sk->n, sk->e, sk->d, sk->p;
    ensures \result <= len;
    ensures qed_bn_ok(&sk->n) && qed_bn_ok(&sk->e) && qed_bn_ok(&sk->d) &&
            qed_bn_ok(&sk->p); */
static size_t first_integers(qed_rsa_private_key *sk, const uint8_t *der,
                             size_t len, size_t pos)
{
  pos = der_integer(&sk->n, der, len, pos);
  pos = der_integer(&sk->e, der, len, pos);
  /*@ assert qed_bn_ok(&sk->n) && qed_bn_ok(&sk->e); */
  pos = der_integer(&sk->d, der, len, pos);
  return der_integer(&sk->p, der, len, pos);
}

/* q and dp of RSAPrivateKey from der[pos ..]. */
/*@ requires \valid_read(der + (0 .. len - 1)) && \valid(sk);
    requires pos <= len;
    assigns sk->q, sk->dp;
    ensures \result <= len;
    ensures qed_bn_ok(&sk->q) && qed_bn_ok(&sk->dp); */
static size_t prime2_integers(qed_rsa_private_key *sk, const uint8_t *der,
                              size_t len, size_t pos)
{
  pos = der_integer(&sk->q, der, len, pos);
  return der_integer(&sk->dp, der, len, pos);
}

/* dq and qinv of RSAPrivateKey from der[pos ..]. */
/*@ requires \valid_read(der + (0 .. len - 1)) && \valid(sk);
    requires pos <= len;
    assigns sk->dq, sk->qinv;
    ensures \result <= len;
    ensures qed_bn_ok(&sk->dq) && qed_bn_ok(&sk->qinv); */
static size_t crt_integers(qed_rsa_private_key *sk, const uint8_t *der,
                           size_t len, size_t pos)
{
  pos = der_integer(&sk->dq, der, len, pos);
  return der_integer(&sk->qinv, der, len, pos);
}

/* The version and the eight numbers of RSAPrivateKey into sk; 0 when
 * all parse and end exactly at len.  The version must be 0 (two primes),
 * whose only DER is 02 01 00; version 1 (multi-prime) is refused. */
/*@ requires \valid_read(der + (0 .. len - 1)) && \valid(sk);
    requires sk->bytes <= 1024 && pos <= len;
    assigns sk->n, sk->e, sk->d, sk->p, sk->q, sk->dp, sk->dq, sk->qinv;
    ensures qed_bn_ok(&sk->n) && qed_bn_ok(&sk->e);
    ensures qed_bn_ok(&sk->d) && qed_bn_ok(&sk->p);
    ensures qed_bn_ok(&sk->q) && qed_bn_ok(&sk->dp);
    ensures qed_bn_ok(&sk->dq) && qed_bn_ok(&sk->qinv);
    ensures sk->bytes <= 1024; */
static int private_integers(qed_rsa_private_key *sk, const uint8_t *der,
                            size_t len, size_t pos)
{
  int bad = 0;
  if (len - pos < 3 || der[pos] != TAG_INTEGER || der[pos + 1] != 1 ||
      der[pos + 2] != 0)
    bad = 1;
  pos = bad ? 0 : pos + 3;
  pos = first_integers(sk, der, len, pos);
  pos = prime2_integers(sk, der, len, pos);
  /*@ assert sk->bytes <= 1024; */
  /*@ assert qed_bn_ok(&sk->n) && qed_bn_ok(&sk->e) && qed_bn_ok(&sk->d); */
  /*@ assert qed_bn_ok(&sk->p); */
  pos = crt_integers(sk, der, len, pos);
  /*@ assert qed_bn_ok(&sk->n) && qed_bn_ok(&sk->e); */
  /*@ assert qed_bn_ok(&sk->d) && qed_bn_ok(&sk->p); */
  /*@ assert qed_bn_ok(&sk->q) && qed_bn_ok(&sk->dp); */
  /*@ assert sk->bytes <= 1024; */
  return (pos == 0 || pos != len) ? -1 : 0;
}

int qed_rsa_private_from_der(qed_rsa_private_key *sk, const uint8_t *der,
                             size_t len)
{
  size_t pos = 0, l = 0, bytes;
  private_zero(sk);
  /* version 0 (two primes); version 1 (multi-prime) is refused */
  if (der_header(der, len, &pos, TAG_SEQUENCE, &l) != 0 || l != len - pos ||
      private_integers(sk, der, len, pos) != 0 ||
      check_private(sk) != 0) {
    private_zero(sk);
    return -1;
  }
  bytes = (qed_bn_bits(&sk->n) + 7) / 8;
  if (bytes > QED_RSA_MAX_BYTES) {   /* never: check_private bounds it */
    private_zero(sk);
    return -1;
  }
  sk->bytes = bytes;
  return 0;
}

int qed_rsa_public_from_private(qed_rsa_public_key *pk,
                                const qed_rsa_private_key *sk)
{
  public_zero(pk);
  if (sk->bytes == 0)
    return -1;
  qed_bn_copy(&pk->n, &sk->n);
  qed_bn_copy(&pk->e, &sk->e);
  pk->bytes = sk->bytes;
  return 0;
}

/* ---- writing ---- */

/* The contents length of x's INTEGER: a leading zero byte when the top bit
 * is set (bits a multiple of 8), one zero byte for 0. */
/*@ requires \valid_read(x) && qed_bn_ok(x);
    assigns \nothing;
    ensures 1 <= \result <= 2049; */
static size_t int_len(const qed_bn *x)
{
  return qed_bn_bits(x) / 8 + 1;
}

/* The length of a tag and length for l bytes of contents. */
/*@ requires l <= 65535;
    assigns \nothing;
    ensures 2 <= \result <= 4; */
static size_t hdr_len(size_t l)
{
  return l < 0x80 ? 2 : l < 0x100 ? 3 : 4;
}

/* Writes a tag and length at der[*pos ..] when they fit (the callers
 * have checked the whole length first; the test keeps the proof local). */
/*@ requires l <= 65535 && \valid(pos) && *pos <= cap;
    requires \valid(der + (0 .. cap - 1)) && \separated(pos, der + (0 .. cap - 1));
    assigns der[0 .. cap - 1], *pos;
    ensures *pos <= cap; */
static void put_header(uint8_t *der, size_t cap, size_t *pos, uint8_t tag,
                       size_t l)
{
  const size_t p = *pos, h = hdr_len(l);
  if (h > cap - p)
    return;
  der[p] = tag;
  if (h == 2) {
    der[p + 1] = (uint8_t)l;
  } else if (h == 3) {
    der[p + 1] = 0x81;
    der[p + 2] = (uint8_t)l;
  } else {
    der[p + 1] = 0x82;
    der[p + 2] = (uint8_t)(l >> 8);
    der[p + 3] = (uint8_t)l;
  }
  *pos = p + h;
}

/* The whole length of x's INTEGER element. */
/*@ requires \valid_read(x) && qed_bn_ok(x);
    assigns \nothing;
    ensures 3 <= \result <= 2053; */
static size_t int_elem_len(const qed_bn *x)
{
  const size_t l = int_len(x);
  return hdr_len(l) + l;
}

/* Writes x's INTEGER element at der[*pos ..] when it fits. */
/*@ requires \valid_read(x) && qed_bn_ok(x) && \valid(pos) && *pos <= cap;
    requires \valid(der + (0 .. cap - 1));
    requires \separated(pos, x, der + (0 .. cap - 1));
    assigns der[0 .. cap - 1], *pos;
    ensures *pos <= cap; */
static void put_integer(uint8_t *der, size_t cap, size_t *pos, const qed_bn *x)
{
  const size_t l = int_len(x);
  if (hdr_len(l) + l > cap - *pos)
    return;
  put_header(der, cap, pos, TAG_INTEGER, l);
  if (l > cap - *pos)
    return;
  (void)qed_bn_to_bytes(der + *pos, l, x);
  *pos += l;
}

/* 0 when x is a nonnegative number */
/*@ requires \valid_read(x) && qed_bn_ok(x);
    assigns \nothing;
    ensures \result == 0 || \result == -1; */
static int nonneg(const qed_bn *x)
{
  return qed_bn_sign(x) < 0 ? -1 : 0;
}

int qed_rsa_public_to_der(uint8_t *der, size_t cap, size_t *len,
                          const qed_rsa_public_key *pk)
{
  const size_t body = int_elem_len(&pk->n) + int_elem_len(&pk->e);
  size_t pos = 0;
  *len = 0;
  if (pk->bytes == 0 || nonneg(&pk->n) != 0 || nonneg(&pk->e) != 0 ||
      hdr_len(body) + body > cap) {
    qed_zeroize(der, cap);
    return -1;
  }
  put_header(der, cap, &pos, TAG_SEQUENCE, body);
  put_integer(der, cap, &pos, &pk->n);
  put_integer(der, cap, &pos, &pk->e);
  *len = pos;
  return 0;
}

int qed_rsa_private_to_der(uint8_t *der, size_t cap, size_t *len,
                           const qed_rsa_private_key *sk)
{
  qed_bn zero;
  size_t body, pos = 0;
  *len = 0;
  qed_bn_zero(&zero);
  body = int_elem_len(&zero) + int_elem_len(&sk->n) + int_elem_len(&sk->e) +
         int_elem_len(&sk->d) + int_elem_len(&sk->p) + int_elem_len(&sk->q) +
         int_elem_len(&sk->dp) + int_elem_len(&sk->dq) +
         int_elem_len(&sk->qinv);
  if (sk->bytes == 0 || nonneg(&sk->n) != 0 || nonneg(&sk->e) != 0 ||
      nonneg(&sk->d) != 0 || nonneg(&sk->p) != 0 || nonneg(&sk->q) != 0 ||
      nonneg(&sk->dp) != 0 || nonneg(&sk->dq) != 0 ||
      nonneg(&sk->qinv) != 0 || hdr_len(body) + body > cap) {
    qed_zeroize(der, cap);
    return -1;
  }
  put_header(der, cap, &pos, TAG_SEQUENCE, body);
  put_integer(der, cap, &pos, &zero);
  put_integer(der, cap, &pos, &sk->n);
  put_integer(der, cap, &pos, &sk->e);
  put_integer(der, cap, &pos, &sk->d);
  put_integer(der, cap, &pos, &sk->p);
  put_integer(der, cap, &pos, &sk->q);
  put_integer(der, cap, &pos, &sk->dp);
  put_integer(der, cap, &pos, &sk->dq);
  put_integer(der, cap, &pos, &sk->qinv);
  *len = pos;
  return 0;
}
