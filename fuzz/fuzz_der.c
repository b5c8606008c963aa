/* fuzz_der: the strict PKCS #1 DER readers on arbitrary bytes.
 *
 * The first byte picks the reader (RSAPublicKey or RSAPrivateKey); the
 * rest is the DER.  Never a crash; on -1 the key struct must be all zero
 * (the reader's refusal contract: "outputs zeroed"); on 0 the key must
 * write itself back (qed_rsa_*_to_der) as exactly the bytes read: a strict
 * DER reader accepts one encoding per key, so anything it accepts that
 * does not round-trip is a finding.  An accepted private key must also
 * give, through qed_rsa_public_from_private, the public key of its n and
 * e, and writing into a buffer one byte short must be refused with the
 * buffer and length zeroed. */
#include <stdint.h>
#include <string.h>

#include "qed/qed.h"
#include "fuzz_input.h"

#define MAX_DER 12000

static qed_rsa_private_key sk;
static qed_rsa_public_key pk, pk2;
static uint8_t der[MAX_DER];

static int all_zero(const void *p, size_t n)
{
  return fuzz_is_zero((const uint8_t *)p, n);
}

/* The meaningful bytes of a qed_bn (padding of the struct aside). */
static int bn_zero(const qed_bn *x)
{
  return all_zero(x->limb, sizeof x->limb) && x->n == 0 && x->neg == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size == 0)
    return 0;
  const int priv = data[0] & 1;
  const uint8_t *in = data + 1;
  const size_t len = size - 1;
  size_t outlen = 1;

  if (!priv) {
    memset(&pk, 0xA5, sizeof pk);
    if (qed_rsa_public_from_der(&pk, in, len) != 0) {
      FUZZ_CHECK(bn_zero(&pk.n) && bn_zero(&pk.e) && pk.bytes == 0);
      return 0;
    }
    FUZZ_CHECK(qed_rsa_public_to_der(der, sizeof der, &outlen, &pk) == 0);
    FUZZ_CHECK(outlen == len && memcmp(der, in, len) == 0);
    FUZZ_CHECK(qed_rsa_public_to_der(der, len - 1, &outlen, &pk) == -1);
    FUZZ_CHECK(outlen == 0 && all_zero(der, len - 1));
    return 0;
  }

  memset(&sk, 0xA5, sizeof sk);
  if (qed_rsa_private_from_der(&sk, in, len) != 0) {
    FUZZ_CHECK(bn_zero(&sk.n) && bn_zero(&sk.e) && bn_zero(&sk.d) &&
               bn_zero(&sk.p) && bn_zero(&sk.q) && bn_zero(&sk.dp) &&
               bn_zero(&sk.dq) && bn_zero(&sk.qinv) && sk.bytes == 0);
    return 0;
  }
  FUZZ_CHECK(qed_rsa_private_to_der(der, sizeof der, &outlen, &sk) == 0);
  FUZZ_CHECK(outlen == len && memcmp(der, in, len) == 0);
  FUZZ_CHECK(qed_rsa_private_to_der(der, len - 1, &outlen, &sk) == -1);
  FUZZ_CHECK(outlen == 0 && all_zero(der, len - 1));
  /* the public half, through DER too */
  FUZZ_CHECK(qed_rsa_public_from_private(&pk, &sk) == 0);
  FUZZ_CHECK(qed_rsa_public_to_der(der, sizeof der, &outlen, &pk) == 0);
  FUZZ_CHECK(qed_rsa_public_from_der(&pk2, der, outlen) == 0);
  FUZZ_CHECK(qed_bn_cmp(&pk2.n, &sk.n) == 0 && qed_bn_cmp(&pk2.e, &sk.e) == 0 &&
             pk2.bytes == sk.bytes);
  return 0;
}
