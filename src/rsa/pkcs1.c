/* RSASSA-PKCS1-v1_5 (RFC 8017 sections 8.2 and 9.2) with SHA-256,
 * SHA-384 and SHA-512.
 *
 * EM = 0x00 0x01 0xFF .. 0xFF 0x00 DigestInfo(H(M)), at least eight 0xFF
 * bytes.  Verification rebuilds the expected EM and compares it with the
 * one recovered from the signature (no parsing of the recovered bytes).
 * Proved free of run-time errors.                                         */
#include "rsa/rsa_impl.h"
#include "qed/common.h"
#include "qed/sha2.h"

/* The DER of DigestInfo up to the digest (RFC 8017 section 9.2, note 1). */
static const uint8_t prefix_sha256[19] = {
  0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
  0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20 };
static const uint8_t prefix_sha384[19] = {
  0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
  0x65, 0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30 };
static const uint8_t prefix_sha512[19] = {
  0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
  0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40 };

/* em[0 .. k-1] = EMSA-PKCS1-v1_5(msg) for a k-byte modulus; -1 (em
 * zeroed) for an unknown hash or a modulus too short for it. */
/*@ requires 1 <= k <= 1024;
    requires \valid(em + (0 .. k - 1));
    requires \valid_read(msg + (0 .. msglen - 1));
    requires \separated(em + (0 .. k - 1), msg + (0 .. msglen - 1));
    assigns em[0 .. k - 1];
    ensures \result == 0 || \result == -1; */
static int emsa_encode(uint8_t *em, size_t k, qed_hash_id h,
                       const uint8_t *msg, size_t msglen)
{
  uint8_t dig[64];
  const uint8_t *prefix;
  size_t dlen, tlen, i;
  qed_zeroize(em, k);
  if (h == QED_HASH_SHA256) {
    qed_sha256(dig, msg, msglen);
    prefix = prefix_sha256;
    dlen = 32;
  } else if (h == QED_HASH_SHA384) {
    qed_sha384(dig, msg, msglen);
    prefix = prefix_sha384;
    dlen = 48;
  } else if (h == QED_HASH_SHA512) {
    qed_sha512(dig, msg, msglen);
    prefix = prefix_sha512;
    dlen = 64;
  } else {
    return -1;
  }
  tlen = 19 + dlen;
  if (k < tlen + 11)
    return -1;
  em[0] = 0x00;
  em[1] = 0x01;
  /*@ loop invariant 2 <= i <= k - tlen - 1;
      loop assigns i, em[0 .. k - 1];
      loop variant k - tlen - 1 - i;
  */
  for (i = 2; i < k - tlen - 1; i++)
    em[i] = 0xff;
  em[k - tlen - 1] = 0x00;
  /*@ loop invariant 0 <= i <= 19;
      loop assigns i, em[0 .. k - 1];
      loop variant 19 - i;
  */
  for (i = 0; i < 19; i++)
    em[k - tlen + i] = prefix[i];
  /*@ loop invariant 0 <= i <= dlen;
      loop assigns i, em[0 .. k - 1];
      loop variant dlen - i;
  */
  for (i = 0; i < dlen; i++)
    em[k - dlen + i] = dig[i];
  qed_zeroize(dig, sizeof dig);
  return 0;
}

int qed_rsa_pkcs1v15_sign(uint8_t *sig, size_t siglen,
                          const qed_rsa_private_key *sk, qed_hash_id h,
                          const uint8_t *msg, size_t msglen)
{
  uint8_t em[QED_RSA_MAX_BYTES];
  int st = -1;
  if (sk->bytes == 0 || siglen != sk->bytes) {
    qed_zeroize(sig, siglen);
    return -1;
  }
  if (emsa_encode(em, siglen, h, msg, msglen) == 0)
    st = qed_rsa_private_op(sig, sk, em);
  else
    qed_zeroize(sig, siglen);
  qed_zeroize(em, sizeof em);
  return st;
}

int qed_rsa_pkcs1v15_verify(const qed_rsa_public_key *pk, qed_hash_id h,
                            const uint8_t *msg, size_t msglen,
                            const uint8_t *sig, size_t siglen)
{
  uint8_t em[QED_RSA_MAX_BYTES], want[QED_RSA_MAX_BYTES];
  int st = -1;
  if (pk->bytes == 0 || siglen != pk->bytes)
    return -1;
  if (qed_rsa_public_op(em, pk, sig) == 0 &&
      emsa_encode(want, siglen, h, msg, msglen) == 0)
    st = qed_verify(em, want, siglen);
  return st;
}
