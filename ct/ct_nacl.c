/* Constant-time checks of the NaCl family (see ct/ct.h and ct/ct_test.c):
 * X25519 with a secret scalar (and, for Diffie-Hellman with an
 * ephemeral peer, a secret point too), the field operations on secret
 * elements.  Only the return code of scalarmult (all-zero result or not)
 * is public; the shared secret is an output. */
#include <string.h>

#include "ct.h"
#include "qed/nacl.h"
#include "nacl/fe25519_ops.h"

static int t_nacl_x25519(void)
{
  uint8_t n[32], p[32], q[32];
  for (uint32_t s = 0; s < 3; s++) {
    ct_fill(n, sizeof n, 40 + s);
    ct_fill(p, sizeof p, 50 + s);
    SECRET(n, sizeof n);
    int r = qed_crypto_scalarmult(q, n, p);
    PUBLIC(&r, sizeof r);
    PUBLIC(q, sizeof q);
    CHECK(r == 0);
  }
  return 0;
}

static int t_nacl_x25519_secret_point(void)
{
  uint8_t n[32], p[32], q[32];
  ct_fill(n, sizeof n, 60);
  ct_fill(p, sizeof p, 61);
  SECRET(n, sizeof n);
  SECRET(p, sizeof p);
  int r = qed_crypto_scalarmult(q, n, p);
  PUBLIC(&r, sizeof r);
  PUBLIC(q, sizeof q);
  CHECK(r == 0);
  /* a small-order point (u = 0): the -1 path is as constant as the rest */
  memset(p, 0, sizeof p);
  SECRET(n, sizeof n);
  SECRET(p, sizeof p);
  r = qed_crypto_scalarmult(q, n, p);
  PUBLIC(&r, sizeof r);
  PUBLIC(q, sizeof q);
  CHECK(r == -1);
  return 0;
}

static int t_nacl_x25519_base(void)
{
  uint8_t n[32], q[32];
  for (uint32_t s = 0; s < 3; s++) {
    ct_fill(n, sizeof n, 70 + s);
    SECRET(n, sizeof n);
    int r = qed_crypto_scalarmult_base(q, n);
    PUBLIC(&r, sizeof r);
    PUBLIC(q, sizeof q);
    CHECK(r == 0);
  }
  return 0;
}

/* The field on secret elements: every operation, decoding and encoding,
 * inversion, the swap with a secret bit. */
static int t_nacl_fe25519(void)
{
  uint8_t a[32], b[32], out[32];
  ct_fill(a, sizeof a, 80);
  ct_fill(b, sizeof b, 81);
  SECRET(a, sizeof a);
  SECRET(b, sizeof b);
  qed_fe25519 f = qed_fe25519_frombytes(a), g = qed_fe25519_frombytes(b);
  qed_fe25519 h = fe_mul(fe_add(f, g), fe_sub(f, g));
  h = fe_mul_small(fe_sub(fe_sq(h), g), 121666u);
  h = qed_fe25519_invert(h);
  uint64_t bit = (uint64_t)(a[5] & 1);
  fe_cswap(&f, &h, bit);
  qed_fe25519_tobytes(out, fe_mul(f, h));
  PUBLIC(out, sizeof out);
  PUBLIC(&bit, sizeof bit);
  return 0;
}

const ct_test ct_tests_nacl[] = {
  { "nacl_x25519", t_nacl_x25519, 0 },
  { "nacl_x25519_secret_point", t_nacl_x25519_secret_point, 0 },
  { "nacl_x25519_base", t_nacl_x25519_base, 0 },
  { "nacl_fe25519", t_nacl_fe25519, 0 },
};
const size_t ct_tests_nacl_count = sizeof ct_tests_nacl / sizeof ct_tests_nacl[0];
