/* Constant-time checks of RSA (see ct/ct.h and ct/ct_test.c): the private
 * operation through PKCS #1 v1.5 signing with a key whose secret numbers
 * (d, dp, dq, qinv, p, q as marked below) are secret; the message is
 * public, the signature and the return code are outputs.
 *
 * The key is a fixed 1024-bit test key (made for this file by pyca/
 * cryptography, PKCS #1 DER), small so that memcheck stays quick. */
#include <string.h>

#include "ct.h"
#include "qed/rsa.h"

static const char key_hex[] =
  "3082025d02010002818100b7f677a971fb9443df5d838b94878ee4a703e30a7b20c72ed3"
  "7d2cf7d35f564263fe632e29121af877c44a13bcd88c6546c3349a57e331d2677dfdb928"
  "95f4a64276ab7a55ded19a80aa95a8c2b2a1fd9937eec39a804feaa3d8e251bcda7f2943"
  "bdbe8ac45685edf3014e2b296cbe942c29bc9ed1245fccd21a3adbed0de4f10203010001"
  "028181008303a301284e35af88da7e9edfaf135340a702012ae39337842337ed5fba1c22"
  "b83829c66c359ac3adf83b918702ea2a0e95635730947b9d0f5ba9613ec85d2cfc37d479"
  "ba2c0383685901fe397679fc4f82c6c9c6843478f321a90111d966b5ef4e4db70a822f48"
  "d31a5d9306794dd1cb38079208f11382284f94fa240097e1024100f32d2469d1cf5b5fc3"
  "09490e454352a4ef9aa57de358d2bff5e1508335554ba04e274ebfa5c751657456b5e3cc"
  "15b7ca85e2b717db2e9382f10740336d1f28ad024100c1a9f28f1fe88dd41646239d289a"
  "2bee8b5d6e0fcacd150933c2decf615d77499bf3efd5de533688fc7e4ba30427897c571e"
  "fa53a714f5e10282dfc04405e1d502410088726afd2969e5467d646766a77c9811ce1403"
  "09f9182ce0e3317300bc5b48dd011d53357beab4046e5bfd217db12df86859870ccec27a"
  "a8bd5fa92971f04add02407e2a403a1bb87e0548498354142a742a60a28a5c416b5fa3f2"
  "13a6e20575458c2fcc3857e511e2fa553bd5fcaa6d33754cb082b652a82612e376ed5bad"
  "3503cd024009af9fde27fe8133b9c94d99d81e66dbfbdd76c54c663c97344f4823f01d30"
  "c1c60871c31f29e91cd4242a1bdc69afb1a228df7cbd9cf8a5d3ab8c4a5450b9e0";

static qed_rsa_private_key sk;

static int unhex(uint8_t *out, size_t cap, const char *hex)
{
  size_t n = strlen(hex) / 2;
  if (n > cap)
    return -1;
  for (size_t i = 0; i < n; i++) {
    unsigned v = 0;
    for (int k = 0; k < 2; k++) {
      const char c = hex[2 * i + (size_t)k];
      v = v * 16 + (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
    }
    out[i] = (uint8_t)v;
  }
  return (int)n;
}

static void mark_secret(qed_rsa_private_key *k, int primes)
{
  SECRET(k->d.limb, sizeof k->d.limb);
  SECRET(k->dp.limb, sizeof k->dp.limb);
  SECRET(k->dq.limb, sizeof k->dq.limb);
  SECRET(k->qinv.limb, sizeof k->qinv.limb);
  if (primes) {
    SECRET(k->p.limb, sizeof k->p.limb);
    SECRET(k->q.limb, sizeof k->q.limb);
  }
}

static int sign_with(int primes)
{
  static uint8_t der[2048], sig[QED_RSA_MAX_BYTES];
  uint8_t msg[100];
  const int len = unhex(der, sizeof der, key_hex);
  CHECK(len > 0 && qed_rsa_private_from_der(&sk, der, (size_t)len) == 0);
  for (uint32_t s = 0; s < 2; s++) {
    ct_fill(msg, sizeof msg, 300 + s);
    mark_secret(&sk, primes);
    int r = qed_rsa_pkcs1v15_sign(sig, sk.bytes, &sk, QED_HASH_SHA256, msg, sizeof msg);
    PUBLIC(&r, sizeof r);
    PUBLIC(sig, sizeof sig);
    PUBLIC(&sk, sizeof sk);
    CHECK(r == 0);
  }
  return 0;
}

/* the exponents and the CRT coefficient secret, the primes public */
static int t_rsa_sign_exponents(void)
{
  return sign_with(0);
}

/* the primes too: the Montgomery contexts of p and q (R^2 mod p without a
 * division), the reductions modulo p and q and Garner's step all run on
 * secret limbs */
static int t_rsa_sign_primes(void)
{
  return sign_with(1);
}

const ct_test ct_tests_rsa[] = {
  { "rsa_sign_exponents", t_rsa_sign_exponents, 0 },
  { "rsa_sign_primes", t_rsa_sign_primes, 0 },
};
const size_t ct_tests_rsa_count = sizeof ct_tests_rsa / sizeof ct_tests_rsa[0];
