/* RSAES-OAEP (RFC 8017 section 7.1) with SHA-256, SHA-384 or SHA-512 and
 * MGF1 with the same hash.
 *
 *   DB = H(L) || 0x00 .. 0x00 || 0x01 || M      (k - hLen - 1 bytes)
 *   EM = 0x00 || (seed xor MGF1(maskedDB)) || (DB xor MGF1(seed))
 *
 * Encryption is constant time in the message: the RSA operation on EM is
 * encrypt_em (below), not the variable-time qed_rsa_public_op.
 *
 * Decryption is constant time in everything the private operation
 * returns (Manger's attack needs only one bit of it): the leading byte,
 * H(L), the scan for the 0x01 separator, the message length and the room
 * in m are all folded into one mask, and the message is moved to the front
 * of its region by shifts of 1, 2, 4, ... bytes, each done or not under a
 * mask over the whole region, so neither a branch nor an address depends
 * on where the message starts.  Proved free of run-time errors.           */
#include "rsa/rsa_impl.h"
#include "rsa/rsa_pad.h"
#include "bn/bn_mont.h"
#include "common/zeroize.h"
#include "qed/common.h"

/* c = em^e mod n in constant time in em, which holds the message (masked
 * by MGF1 of the seed, but the seed travels in em too): the public
 * operation qed_rsa_public_op reads em through qed_bn_from_bytes, whose
 * length scan, the comparison with n and the sliding window all branch on
 * em's limbs.  Here em's k bytes become limbs by shifts at public
 * positions and a qed_bn whose count field is found with masks
 * (qed_bn_set_limbs_ct), then square and multiply over the public e
 * (qed_bn_mont_powm_pub, on a context of the public n), and
 * qed_bn_to_bytes_sec; failures are counted, and the release is one mask.
 * em < n needs no check: em[0] = 0, so em < 2^(8(k-1)) <= n.  -1 (c zero)
 * when n is not a usable odd modulus. */
/*@ requires \valid_read(pk) && qed_rsa_pk_ok(pk) && 1 <= pk->bytes;
    requires \valid(c + (0 .. pk->bytes - 1));
    requires \valid_read(em + (0 .. pk->bytes - 1));
    requires \separated(c + (0 .. pk->bytes - 1), pk);
    requires \separated(c + (0 .. pk->bytes - 1), em + (0 .. pk->bytes - 1));
    assigns c[0 .. pk->bytes - 1];
    ensures \result == 0 || \result == -1; */
static int encrypt_em(uint8_t *c, const qed_rsa_public_key *pk,
                      const uint8_t *em)
{
  uint64_t t[QED_RSA_MAX_BYTES / 8];
  qed_bn_mont_ctx ctx;
  qed_bn x, y;
  const size_t k = pk->bytes, nl = (k + 7) / 8;
  uint32_t bad;
  uint8_t keep;
  size_t i;
  if (pk->n.n == 0) {                   /* public */
    qed_zeroize(c, k);
    return -1;
  }
  /*@ loop invariant 0 <= i <= nl;
      loop assigns i, t[0 .. nl - 1];
      loop variant nl - i;
  */
  for (i = 0; i < nl; i++)
    t[i] = 0;
  /* em is big-endian: byte i is bits 8 p .. 8 p + 7, p = k - 1 - i */
  /*@ loop invariant 0 <= i <= k;
      loop assigns i, t[0 .. nl - 1];
      loop variant k - i;
  */
  for (i = 0; i < k; i++) {
    const size_t p = k - 1 - i;
    t[p / 8] |= (uint64_t)em[i] << (8 * (p % 8));
  }
  qed_bn_set_limbs_ct(&x, t, nl);
  qed_wipe_u64(t, nl);
  bad = (uint32_t)(qed_bn_mont_init_pub(&ctx, &pk->n) != 0);
  bad |= (uint32_t)(qed_bn_mont_powm_pub(&ctx, &y, &x, &pk->e) != 0);
  bad |= (uint32_t)(qed_bn_to_bytes_sec(c, k, &y) != 0);
  keep = (uint8_t)(0u - (uint32_t)(bad == 0));
  /*@ loop invariant 0 <= i <= k;
      loop assigns i, c[0 .. k - 1];
      loop variant k - i;
  */
  for (i = 0; i < k; i++)
    c[i] &= keep;
  qed_bn_wipe(&x);
  qed_bn_wipe(&y);
  return (int)(bad == 0) - 1;
}

int qed_rsa_oaep_encrypt(uint8_t *c, size_t clen,
                         const qed_rsa_public_key *pk, qed_hash_id h,
                         const uint8_t *label, size_t labellen,
                         const uint8_t *m, size_t mlen)
{
  uint8_t em[QED_RSA_MAX_BYTES], lh[64];
  const size_t hl = qed_rsa_hash_bytes(h);
  const size_t k = pk->bytes;
  size_t dblen, i;
  int st;
  if (k == 0 || clen != k || hl == 0 || k < 2 * hl + 2 ||
      mlen > k - 2 * hl - 2) {
    qed_zeroize(c, clen);
    return -1;
  }
  dblen = k - hl - 1;
  qed_zeroize(em, k);
  /* em[1 .. hl] is the seed, em[hl+1 .. k-1] the data block */
  if (qed_randombytes(em + 1, hl) != 0) {
    qed_zeroize(c, clen);
    return -1;
  }
  qed_rsa_hash2(lh, h, label, labellen, label, 0);
  /*@ loop invariant 0 <= i <= hl;
      loop assigns i, em[0 .. k - 1];
      loop variant hl - i;
  */
  for (i = 0; i < hl; i++)
    em[1 + hl + i] = lh[i];
  em[k - mlen - 1] = 0x01;
  /*@ loop invariant 0 <= i <= mlen;
      loop assigns i, em[0 .. k - 1];
      loop variant mlen - i;
  */
  for (i = 0; i < mlen; i++)
    em[k - mlen + i] = m[i];
  qed_rsa_mgf1_xor(em + 1 + hl, dblen, h, em + 1, hl);
  qed_rsa_mgf1_xor(em + 1, hl, h, em + 1 + hl, dblen);
  st = encrypt_em(c, pk, em);
  qed_zeroize(em, sizeof em);
  qed_zeroize(lh, sizeof lh);
  return st;
}

/* Shift t[0 .. n-1] left by s bytes (zeros come in at the end), for any
 * secret s <= n, in time that depends on n only: for each bit of s, a
 * shift by that power of two is computed for every byte and kept or not
 * under the bit's mask.  Reads run ahead of writes, so one pass suffices. */
/*@ requires n <= 1024;
    requires \valid(t + (0 .. n - 1));
    assigns t[0 .. n - 1]; */
static void ct_shift_left(uint8_t *t, size_t n, uint32_t s)
{
  size_t j, i;
  /*@ loop invariant 1 <= j <= 2048;
      loop assigns j, i, t[0 .. n - 1];
      loop variant 2048 - j;
  */
  for (j = 1; j <= n; j *= 2) {
    const uint8_t keep = (uint8_t)~qed_rsa_ct_zero_mask(s & (uint32_t)j);
    /*@ loop invariant 0 <= i <= n;
        loop assigns i, t[0 .. n - 1];
        loop variant n - i;
    */
    for (i = 0; i < n; i++) {
      const uint8_t v = i + j < n ? t[i + j] : 0;
      t[i] = (uint8_t)(t[i] ^ (keep & (t[i] ^ v)));
    }
  }
}

int qed_rsa_oaep_decrypt(uint8_t *m, size_t *mlen, size_t mcap,
                         const qed_rsa_private_key *sk, qed_hash_id h,
                         const uint8_t *label, size_t labellen,
                         const uint8_t *c, size_t clen)
{
  uint8_t em[QED_RSA_MAX_BYTES], lh[64];
  const size_t hl = qed_rsa_hash_bytes(h);
  const size_t k = sk->bytes;
  size_t dblen, mmax, ncopy, i;
  uint32_t bad, looking, sep, len, cap, good;
  qed_zeroize(m, mcap);
  *mlen = 0;
  if (k == 0 || clen != k || hl == 0 || k < 2 * hl + 2)
    return -1;
  /* The private operation's verdict (0 or -1: c >= n or a failed check,
   * its em then zero) depends on the secret key: it joins the mask
   * instead of a branch, and a zero em goes through the same decoding. */
  bad = (uint32_t)qed_rsa_private_op(em, sk, c) & 1u;
  dblen = k - hl - 1;            /* DB = em[hl+1 .. k-1]                 */
  mmax = dblen - hl - 1;         /* the longest message, k - 2 hl - 2    */
  qed_rsa_mgf1_xor(em + 1, hl, h, em + 1 + hl, dblen);
  qed_rsa_mgf1_xor(em + 1 + hl, dblen, h, em + 1, hl);
  qed_rsa_hash2(lh, h, label, labellen, label, 0);

  bad |= em[0];
  /*@ loop invariant 0 <= i <= hl;
      loop assigns i, bad;
      loop variant hl - i;
  */
  for (i = 0; i < hl; i++)
    bad |= (uint32_t)(em[1 + hl + i] ^ lh[i]);
  /* PS and the separator: while looking, a zero byte goes on, a 0x01 is
   * the separator (its index kept in sep) and anything else is a fault. */
  looking = 0xffffffffu;
  sep = 0;
  /*@ loop invariant hl <= i <= dblen;
      loop assigns i, bad, looking, sep;
      loop variant dblen - i;
  */
  for (i = hl; i < dblen; i++) {
    const uint32_t b = em[1 + hl + i];
    const uint32_t is0 = qed_rsa_ct_zero_mask(b);
    const uint32_t is1 = qed_rsa_ct_zero_mask(b ^ 1u);
    sep |= looking & is1 & (uint32_t)i;
    bad |= looking & ~is0 & ~is1;
    looking &= is0;
  }
  bad |= looking;
  /* the message is DB[sep+1 ..]: dblen - 1 - sep bytes, at offset
   * sep - hl of the region DB[hl+1 ..] of mmax bytes */
  len = (uint32_t)(dblen - 1) - sep;
  cap = mcap < 1024 ? (uint32_t)mcap : 1024u;
  bad |= (cap - len) >> 31;      /* len > cap: both below 2^31 */
  good = qed_rsa_ct_zero_mask(bad);
  ct_shift_left(em + 2 + 2 * hl, mmax, (sep - (uint32_t)hl) & good);
  ncopy = mcap < mmax ? mcap : mmax;
  /*@ loop invariant 0 <= i <= ncopy;
      loop assigns i, m[0 .. mcap - 1];
      loop variant ncopy - i;
  */
  for (i = 0; i < ncopy; i++)
    m[i] = (uint8_t)(em[2 + 2 * hl + i] & good);
  *mlen = (size_t)(len & good);
  qed_zeroize(em, sizeof em);
  qed_zeroize(lh, sizeof lh);
  return (int)(good & 1u) - 1;
}
