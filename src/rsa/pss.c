/* RSASSA-PSS (RFC 8017 sections 8.1 and 9.1) with SHA-256, SHA-384 or
 * SHA-512 and MGF1 with the same hash.
 *
 *   M'  = 0x00 x 8 || H(M) || salt            H = Hash(M')
 *   DB  = 0x00 .. 0x00 || 0x01 || salt         (emLen - hLen - 1 bytes)
 *   EM  = (DB xor MGF1(H)) || H || 0xbc        (emLen bytes)
 *
 * with emBits = modBits - 1 and the 8 emLen - emBits leftmost bits of EM
 * zero.  When modBits - 1 is a multiple of 8, emLen = k - 1: EM then sits
 * in the low k - 1 bytes of the k-byte integer and its leading byte is 0.
 *
 * Verification is on public data, so strictness matters more than time;
 * it still runs every check and folds them into one verdict instead of
 * leaving at the first fault: the zero bits above emBits (and the extra
 * leading byte), the 0xbc trailer, PS all zero, the 0x01 separator exactly
 * saltlen + 1 bytes from the end of DB, and H.  Proved free of run-time
 * errors.                                                                 */
#include "rsa/rsa_impl.h"
#include "rsa/rsa_pad.h"
#include "qed/common.h"

/* The layout of EM in a k-byte buffer for a modulus of modbits bits:
 * *off = k - emLen (0 or 1), *zbits = 8 emLen - emBits (0 .. 7).  -1 when
 * the modulus bits and k disagree or EM has no room for hLen + saltlen + 2
 * bytes. */
/*@ requires 1 <= k <= 1024 && modbits <= 16384;
    requires hl == 32 || hl == 48 || hl == 64;
    requires \valid(off) && \valid(zbits) && \separated(off, zbits);
    assigns *off, *zbits;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> *off <= 1 && *zbits <= 7 &&
                             hl + saltlen + 2 <= k - *off; */
static int em_layout(size_t *off, unsigned *zbits, size_t k, size_t modbits,
                     size_t hl, size_t saltlen)
{
  size_t embits, emlen;
  *off = 0;
  *zbits = 0;
  if (modbits < 2)
    return -1;
  embits = modbits - 1;
  emlen = (embits + 7) / 8;
  if (emlen > k || k - emlen > 1)
    return -1;
  if (emlen < hl + 2 || saltlen > emlen - hl - 2)
    return -1;
  *off = k - emlen;
  *zbits = (unsigned)((8 - embits % 8) % 8);
  return 0;
}

/* out[0 .. hl-1] = H(0x00 x 8 || H(msg) || salt); out has room for 64. */
/*@ requires qed_rsa_hash_ok(h) && (hl == 32 || hl == 48 || hl == 64);
    requires saltlen <= 1024;
    requires \valid(out + (0 .. 63));
    requires \valid_read(msg + (0 .. msglen - 1));
    requires \valid_read(salt + (0 .. saltlen - 1));
    requires \separated(out + (0 .. 63), msg + (0 .. msglen - 1),
                        salt + (0 .. saltlen - 1));
    assigns out[0 .. 63]; */
static void pss_hash(uint8_t *out, qed_hash_id h, size_t hl,
                     const uint8_t *msg, size_t msglen,
                     const uint8_t *salt, size_t saltlen)
{
  uint8_t mp[8 + 64];
  size_t i;
  /*@ loop invariant 0 <= i <= 8;
      loop assigns i, mp[0 .. 7];
      loop variant 8 - i;
  */
  for (i = 0; i < 8; i++)
    mp[i] = 0;
  qed_rsa_hash2(mp + 8, h, msg, msglen, msg, 0);
  qed_rsa_hash2(out, h, mp, 8 + hl, salt, saltlen);
  qed_zeroize(mp, sizeof mp);
}

/* em[0 .. k-1] = EMSA-PSS-ENCODE(msg) with a fresh salt, as a k-byte
 * integer; -1 (em zeroed) on a bad hash, a bad length or no randomness. */
/*@ requires 1 <= k <= 1024 && modbits <= 16384;
    requires \valid(em + (0 .. k - 1));
    requires \valid_read(msg + (0 .. msglen - 1));
    requires \separated(em + (0 .. k - 1), msg + (0 .. msglen - 1));
    assigns em[0 .. k - 1];
    ensures \result == 0 || \result == -1; */
static int pss_encode(uint8_t *em, size_t k, size_t modbits, qed_hash_id h,
                      size_t saltlen, const uint8_t *msg, size_t msglen)
{
  uint8_t salt[QED_RSA_MAX_BYTES], hh[64];
  const size_t hl = qed_rsa_hash_bytes(h);
  size_t off = 0, dblen, ps, i;
  unsigned zbits = 0;
  qed_zeroize(em, k);
  if (hl == 0 || em_layout(&off, &zbits, k, modbits, hl, saltlen) != 0)
    return -1;
  dblen = k - off - hl - 1;
  ps = dblen - saltlen - 1;     /* DB[ps] is the 0x01 separator */
  if (qed_randombytes(salt, saltlen) != 0)
    return -1;
  pss_hash(hh, h, hl, msg, msglen, salt, saltlen);
  em[off + ps] = 0x01;
  /*@ loop invariant 0 <= i <= saltlen;
      loop assigns i, em[0 .. k - 1];
      loop variant saltlen - i;
  */
  for (i = 0; i < saltlen; i++)
    em[off + ps + 1 + i] = salt[i];
  qed_rsa_mgf1_xor(em + off, dblen, h, hh, hl);
  em[off] &= (uint8_t)(0xffu >> zbits);
  /*@ loop invariant 0 <= i <= hl;
      loop assigns i, em[0 .. k - 1];
      loop variant hl - i;
  */
  for (i = 0; i < hl; i++)
    em[off + dblen + i] = hh[i];
  em[k - 1] = 0xbc;
  qed_zeroize(salt, sizeof salt);
  qed_zeroize(hh, sizeof hh);
  return 0;
}

int qed_rsa_pss_sign(uint8_t *sig, size_t siglen,
                     const qed_rsa_private_key *sk, qed_hash_id h,
                     size_t saltlen, const uint8_t *msg, size_t msglen)
{
  uint8_t em[QED_RSA_MAX_BYTES];
  int st = -1;
  if (sk->bytes == 0 || siglen != sk->bytes) {
    qed_zeroize(sig, siglen);
    return -1;
  }
  if (pss_encode(em, siglen, qed_bn_bits(&sk->n), h, saltlen, msg,
                 msglen) == 0)
    st = qed_rsa_private_op(sig, sk, em);
  else
    qed_zeroize(sig, siglen);
  qed_zeroize(em, sizeof em);
  return st;
}

int qed_rsa_pss_verify(const qed_rsa_public_key *pk, qed_hash_id h,
                       size_t saltlen, const uint8_t *msg, size_t msglen,
                       const uint8_t *sig, size_t siglen)
{
  uint8_t em[QED_RSA_MAX_BYTES], db[QED_RSA_MAX_BYTES], hh[64];
  const size_t hl = qed_rsa_hash_bytes(h);
  const size_t k = pk->bytes;
  size_t off = 0, dblen, ps, i;
  unsigned zbits = 0;
  uint32_t bad = 0;
  if (k == 0 || siglen != k || hl == 0 ||
      em_layout(&off, &zbits, k, qed_bn_bits(&pk->n), hl, saltlen) != 0)
    return -1;
  if (qed_rsa_public_op(em, pk, sig) != 0)
    return -1;
  dblen = k - off - hl - 1;
  ps = dblen - saltlen - 1;
  /* EM as an integer of emLen bytes: a k-th leading byte must be zero,
   * and so must the bits of EM[0] above emBits. */
  if (off == 1)
    bad |= em[0];
  bad |= em[off] & ~(0xffu >> zbits);
  bad |= em[k - 1] ^ 0xbcu;
  /*@ loop invariant 0 <= i <= dblen;
      loop assigns i, db[0 .. dblen - 1];
      loop variant dblen - i;
  */
  for (i = 0; i < dblen; i++)
    db[i] = em[off + i];
  qed_rsa_mgf1_xor(db, dblen, h, em + off + dblen, hl);
  db[0] &= (uint8_t)(0xffu >> zbits);
  /*@ loop invariant 0 <= i <= ps;
      loop assigns i, bad;
      loop variant ps - i;
  */
  for (i = 0; i < ps; i++)
    bad |= db[i];
  bad |= db[ps] ^ 0x01u;
  pss_hash(hh, h, hl, msg, msglen, db + ps + 1, saltlen);
  if (qed_verify(hh, em + off + dblen, hl) != 0)
    bad |= 1;
  return (int)(qed_rsa_ct_zero_mask(bad) & 1u) - 1;
}
