/* fuzz_bn: qed_bn arithmetic checked by identities, on numbers of up to
 * 4096 bits from the input (with signs):
 *   from_bytes / to_bytes round trip (and to_bytes refusing a buffer one
 *     byte short, zeroed);
 *   (a + b) - b == a;  a * b == b * a;  sqr(a) == a * a;
 *   divmod: q d + r == a, |r| < |d|, r has a's sign or is 0 (C's / and %);
 *     d == 0 refused;
 *   gcdext: g == s a + t b, g == gcd(a, b) >= 0, g divides a and b;
 *   modinv: a r == 1 mod m when gcd(a, m) == 1 and m >= 2, else refused;
 *   powm_sec == powm for odd m >= 3, 0 <= b < m, 0 <= e < 2^256. */
#include <stdint.h>
#include <string.h>

#include "qed/qed.h"
#include "backend_switch.h"
#include "fuzz_input.h"

static qed_bn a, b, m, q, r, s, t, g, x, y;

static void num(fuzz_in *in, qed_bn *v, size_t maxbytes)
{
  size_t len;
  const uint8_t *p = fuzz_bytes(in, maxbytes, &len);
  FUZZ_CHECK(qed_bn_from_bytes(v, p, len) == 0);
  if (fuzz_u8(in) & 1)
    qed_bn_negate(v);
}

static int eq(const qed_bn *u, const qed_bn *v) { return qed_bn_cmp(u, v) == 0; }

/* |u| < |v| */
static int abs_less(const qed_bn *u, const qed_bn *v)
{
  qed_bn_copy(&x, u);
  qed_bn_copy(&y, v);
  x.neg = 0;
  y.neg = 0;
  return qed_bn_cmp(&x, &y) < 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_in in = { data, size };
  const unsigned op = fuzz_u8(&in) % 6;
  qed_fuzz_backend_cap = fuzz_u8(&in) % (qed_fuzz_backend_max() + 1);
  num(&in, &a, 512);
  num(&in, &b, 512);

  switch (op) {
  case 0: {                                   /* bytes, add/sub, mul */
    static uint8_t buf[2048];
    const size_t len = (qed_bn_bits(&a) + 7) / 8;
    FUZZ_CHECK(qed_bn_to_bytes(buf, len, &a) == 0);
    FUZZ_CHECK(qed_bn_from_bytes(&x, buf, len) == 0);
    x.neg = a.neg;
    FUZZ_CHECK(eq(&x, &a));
    if (len) {
      memset(buf, 0x5A, len);
      FUZZ_CHECK(qed_bn_to_bytes(buf, len - 1, &a) == -1 && fuzz_is_zero(buf, len - 1));
    }
    FUZZ_CHECK(qed_bn_add(&r, &a, &b) == 0 && qed_bn_sub(&s, &r, &b) == 0 && eq(&s, &a));
    FUZZ_CHECK(qed_bn_mul(&r, &a, &b) == 0 && qed_bn_mul(&s, &b, &a) == 0 && eq(&r, &s));
    FUZZ_CHECK(qed_bn_sqr(&r, &a) == 0 && qed_bn_mul(&s, &a, &a) == 0 && eq(&r, &s));
    break;
  }
  case 1: {                                   /* divmod */
    const int rc = qed_bn_divmod(&q, &r, &a, &b);
    if (b.n == 0) {
      FUZZ_CHECK(rc == -1);
      break;
    }
    FUZZ_CHECK(rc == 0);
    FUZZ_CHECK(qed_bn_mul(&s, &q, &b) == 0 && qed_bn_add(&t, &s, &r) == 0 && eq(&t, &a));
    FUZZ_CHECK(abs_less(&r, &b));
    FUZZ_CHECK(r.n == 0 || r.neg == a.neg);
    break;
  }
  case 2:                                     /* gcd, gcdext */
    FUZZ_CHECK(qed_bn_gcdext(&g, &s, &t, &a, &b) == 0);
    FUZZ_CHECK(g.neg == 0);
    FUZZ_CHECK(qed_bn_mul(&x, &s, &a) == 0 && qed_bn_mul(&y, &t, &b) == 0);
    FUZZ_CHECK(qed_bn_add(&q, &x, &y) == 0 && eq(&q, &g));
    FUZZ_CHECK(qed_bn_gcd(&r, &a, &b) == 0 && eq(&r, &g));
    if (g.n) {
      FUZZ_CHECK(qed_bn_divmod(NULL, &r, &a, &g) == 0 && r.n == 0);
      FUZZ_CHECK(qed_bn_divmod(NULL, &r, &b, &g) == 0 && r.n == 0);
    }
    break;
  case 3: {                                   /* modinv */
    qed_bn one;
    qed_bn_from_u64(&one, 1);
    const int rc = qed_bn_modinv(&r, &a, &b);
    FUZZ_CHECK(qed_bn_gcd(&g, &a, &b) == 0);
    const int ok = b.neg == 0 && qed_bn_bits(&b) >= 2 && eq(&g, &one);
    FUZZ_CHECK(rc == (ok ? 0 : -1));
    if (ok) {
      FUZZ_CHECK(r.neg == 0 && qed_bn_cmp(&r, &b) < 0);
      FUZZ_CHECK(qed_bn_mul(&s, &a, &r) == 0 && qed_bn_divmod(NULL, &t, &s, &b) == 0);
      if (t.neg)
        FUZZ_CHECK(qed_bn_add(&t, &t, &b) == 0);
      FUZZ_CHECK(eq(&t, &one));
    }
    break;
  }
  default: {                                  /* powm_sec == powm */
    num(&in, &m, 256);
    if (m.neg) qed_bn_negate(&m);
    if (a.neg) qed_bn_negate(&a);
    if (m.n == 0 || (m.limb[0] & 1) == 0 || qed_bn_bits(&m) < 2)
      break;
    qed_bn three;
    qed_bn_from_u64(&three, 3);
    if (qed_bn_cmp(&m, &three) < 0)
      break;
    FUZZ_CHECK(qed_bn_divmod(NULL, &x, &a, &m) == 0);   /* base < m */
    num(&in, &t, 32);                                    /* e: <= 256 bits */
    if (t.neg) qed_bn_negate(&t);
    FUZZ_CHECK(qed_bn_powm(&r, &x, &t, &m) == 0);
    FUZZ_CHECK(qed_bn_powm_sec(&s, &x, &t, &m) == 0);
    FUZZ_CHECK(eq(&r, &s));
    break;
  }
  }
  qed_fuzz_backend_cap = 2;
  return 0;
}
