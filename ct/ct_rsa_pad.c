/* Constant-time checks of PSS signing and OAEP decryption (see ct/ct.h):
 * every secret number of the key is secret -- the exponents, the CRT
 * coefficient and the primes (ct/ct_rsa.c's rsa_sign_primes: the
 * Montgomery set-up of p and q needs no division) -- so everything
 * the private operation returns -- the EM that OAEP then decodes -- is
 * secret too: memcheck flags any branch or address that depends on the
 * leading byte, lHash, the PS/0x01 scan, the message length or the room
 * in m.  Valid ciphertexts, ciphertexts whose EM is garbage, an m one byte
 * too short and a wrong label all go through the same code.  The message,
 * label and ciphertext are public; the signature, the message out, its
 * length and the return code are outputs.
 *
 * The key is ct/ct_rsa.c's 1024-bit test key (pyca/cryptography, PKCS #1
 * DER), small so that memcheck stays quick. */
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
static qed_rsa_public_key pk;

static int load_key(void)
{
  static uint8_t der[2048];
  const size_t n = (sizeof key_hex - 1) / 2;
  for (size_t i = 0; i < n; i++) {
    unsigned v = 0;
    for (int k = 0; k < 2; k++) {
      const char c = key_hex[2 * i + (size_t)k];
      v = v * 16 + (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
    }
    der[i] = (uint8_t)v;
  }
  return qed_rsa_private_from_der(&sk, der, n) == 0 &&
         qed_rsa_public_from_private(&pk, &sk) == 0 ? 0 : -1;
}

static void mark_secret(void)
{
  SECRET(sk.d.limb, sizeof sk.d.limb);
  SECRET(sk.dp.limb, sizeof sk.dp.limb);
  SECRET(sk.dq.limb, sizeof sk.dq.limb);
  SECRET(sk.qinv.limb, sizeof sk.qinv.limb);
  SECRET(sk.p.limb, sizeof sk.p.limb);
  SECRET(sk.q.limb, sizeof sk.q.limb);
}

static int t_rsa_pad_pss_sign(void)
{
  static uint8_t sig[QED_RSA_MAX_BYTES];
  uint8_t msg[100];
  CHECK(load_key() == 0);
  for (uint32_t s = 0; s < 2; s++) {
    ct_fill(msg, sizeof msg, 400 + s);
    mark_secret();
    int r = qed_rsa_pss_sign(sig, sk.bytes, &sk, QED_HASH_SHA256, 32, msg, sizeof msg);
    PUBLIC(&r, sizeof r);
    PUBLIC(sig, sizeof sig);
    PUBLIC(&sk, sizeof sk);
    CHECK(r == 0);
    CHECK(qed_rsa_pss_verify(&pk, QED_HASH_SHA256, 32, msg, sizeof msg, sig, sk.bytes) == 0);
  }
  return 0;
}

/* one decryption with the key secret; returns the result, made public */
static int decrypt(uint8_t *m, size_t *mlen, size_t mcap, const uint8_t *label,
                   size_t labellen, const uint8_t *c)
{
  mark_secret();
  int r = qed_rsa_oaep_decrypt(m, mlen, mcap, &sk, QED_HASH_SHA256, label, labellen, c,
                               sk.bytes);
  PUBLIC(&r, sizeof r);
  PUBLIC(m, mcap);
  PUBLIC(mlen, sizeof *mlen);
  PUBLIC(&sk, sizeof sk);
  return r;
}

static int t_rsa_pad_oaep_decrypt(void)
{
  static uint8_t c[QED_RSA_MAX_BYTES], m[QED_RSA_MAX_BYTES];
  uint8_t msg[62], label[9];
  size_t mlen = 0;
  CHECK(load_key() == 0);
  ct_fill(label, sizeof label, 500);
  /* every message length from 0 to the longest (128 - 2*32 - 2 = 62) the
   * same way: where the message starts is what must not leak */
  for (size_t len = 0; len <= sizeof msg; len += 31) {
    ct_fill(msg, len, 501 + (uint32_t)len);
    CHECK(qed_rsa_oaep_encrypt(c, sk.bytes, &pk, QED_HASH_SHA256, label, sizeof label, msg,
                               len) == 0);
    CHECK(decrypt(m, &mlen, sizeof m, label, sizeof label, c) == 0 && mlen == len &&
          memcmp(m, msg, len) == 0);
    /* one byte too little room: -1 by the same path */
    if (len > 0)
      CHECK(decrypt(m, &mlen, len - 1, label, sizeof label, c) == -1 && mlen == 0);
    /* a wrong label: lHash differs */
    CHECK(decrypt(m, &mlen, sizeof m, label, sizeof label - 1, c) == -1 && mlen == 0);
  }
  /* ciphertexts below n whose EM is garbage (Y != 0, no separator, ...) */
  for (uint32_t s = 0; s < 2; s++) {
    ct_fill(c, sk.bytes, 600 + s);
    c[0] = 0x01;
    CHECK(decrypt(m, &mlen, sizeof m, NULL, 0, c) == -1 && mlen == 0);
  }
  return 0;
}

/* OAEP encryption with the message secret: EM carries it (masked by
 * MGF1 of the seed, which travels in EM too), so the RSA operation on EM
 * must not branch on it (oaep.c's encrypt_em: limbs by shifts, square and
 * multiply over the public e).  Every length from 0 to the longest. */
static int t_rsa_pad_oaep_encrypt(void)
{
  static uint8_t c[QED_RSA_MAX_BYTES], m[QED_RSA_MAX_BYTES];
  uint8_t msg[62], label[9];
  size_t mlen = 0;
  CHECK(load_key() == 0);
  ct_fill(label, sizeof label, 700);
  for (size_t len = 0; len <= sizeof msg; len += 31) {
    ct_fill(msg, sizeof msg, 701 + (uint32_t)len);
    SECRET(msg, sizeof msg);
    int r = qed_rsa_oaep_encrypt(c, sk.bytes, &pk, QED_HASH_SHA256, label, sizeof label,
                                 msg, len);
    PUBLIC(&r, sizeof r);
    PUBLIC(c, sizeof c);
    PUBLIC(msg, sizeof msg);
    CHECK(r == 0);
    CHECK(decrypt(m, &mlen, sizeof m, label, sizeof label, c) == 0 && mlen == len &&
          memcmp(m, msg, len) == 0);
  }
  return 0;
}

/* the self-test: the variable-time public operation (RSAEP on a secret
 * EM-like input, as OAEP used it before) must be flagged */
static int t_rsa_pad_public_op_leaky(void)
{
  static uint8_t c[QED_RSA_MAX_BYTES];
  uint8_t msg[62];
  CHECK(load_key() == 0);
  ct_fill(msg, sizeof msg, 800);
  SECRET(msg, sizeof msg);
  int r = qed_rsa_oaep_encrypt(c, sk.bytes, &pk, QED_HASH_SHA256, NULL, 0, msg, sizeof msg);
  PUBLIC(&r, sizeof r);
  CHECK(r == 0);
  /* the ciphertext is public, but treat it as a secret plaintext for the
   * variable-time qed_rsa_pkcs1v15_verify-style public operation */
  SECRET(c, sk.bytes);
  r = qed_rsa_pkcs1v15_verify(&pk, QED_HASH_SHA256, msg, sizeof msg, c, sk.bytes);
  PUBLIC(&r, sizeof r);
  PUBLIC(c, sizeof c);
  PUBLIC(msg, sizeof msg);
  return 0;
}

const ct_test ct_tests_rsa_pad[] = {
  { "rsa_pad_pss_sign", t_rsa_pad_pss_sign, 0 },
  { "rsa_pad_oaep_decrypt", t_rsa_pad_oaep_decrypt, 0 },
  { "rsa_pad_oaep_encrypt", t_rsa_pad_oaep_encrypt, 0 },
  { "rsa_pad_public_op_leaky", t_rsa_pad_public_op_leaky, 1 },
};
const size_t ct_tests_rsa_pad_count = sizeof ct_tests_rsa_pad / sizeof ct_tests_rsa_pad[0];
