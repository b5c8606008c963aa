/* MGF1 (RFC 8017 appendix B.2.1) and the hashing PSS and OAEP need, with
 * SHA-256, SHA-384 or SHA-512.
 *
 * MGF1(seed, len) is the first len bytes of H(seed || C(0)) || H(seed ||
 * C(1)) || ..., C(i) the 32-bit big-endian counter.  Both schemes only
 * ever XOR a mask into a buffer, so that is the one form written here: no
 * mask buffer, and the mask never sits in memory on its own.  The hash of
 * seed || counter goes through the streaming interface, so the seed is not
 * copied either.  Proved free of run-time errors.                         */
#include "rsa/rsa_pad.h"
#include "common/bytes.h"
#include "qed/common.h"
#include "qed/sha2.h"

size_t qed_rsa_hash_bytes(qed_hash_id h)
{
  if (h == QED_HASH_SHA256)
    return 32;
  if (h == QED_HASH_SHA384)
    return 48;
  if (h == QED_HASH_SHA512)
    return 64;
  return 0;
}

/* The final calls wipe their contexts; update cannot fail here (the
 * inputs are far below SHA-2's length limits). */
void qed_rsa_hash2(uint8_t *out, qed_hash_id h, const uint8_t *a, size_t alen,
                   const uint8_t *b, size_t blen)
{
  if (h == QED_HASH_SHA256) {
    qed_sha256_ctx c;
    qed_sha256_init(&c);
    (void)qed_sha256_update(&c, a, alen);
    (void)qed_sha256_update(&c, b, blen);
    (void)qed_sha256_final(&c, out);
  } else {
    qed_sha512_ctx c;
    if (h == QED_HASH_SHA384)
      qed_sha384_init(&c);
    else
      qed_sha512_init(&c);
    (void)qed_sha512_update(&c, a, alen);
    (void)qed_sha512_update(&c, b, blen);
    (void)qed_sha512_final(&c, out);
  }
}

void qed_rsa_mgf1_xor(uint8_t *out, size_t outlen, qed_hash_id h,
                      const uint8_t *seed, size_t seedlen)
{
  uint8_t ctr[4], blk[64];
  const size_t hl = qed_rsa_hash_bytes(h);
  size_t done = 0, i, n;
  uint32_t c = 0;
  /*@ loop invariant 0 <= done <= outlen;
      loop assigns done, c, i, n, ctr[0 .. 3], blk[0 .. 63], out[0 .. outlen - 1];
      loop variant outlen - done;
  */
  while (done < outlen) {
    qed_store32_be(ctr, c);
    qed_rsa_hash2(blk, h, seed, seedlen, ctr, 4);
    n = outlen - done;
    if (n > hl)
      n = hl;
    /*@ loop invariant 0 <= i <= n;
        loop assigns i, out[0 .. outlen - 1];
        loop variant n - i;
    */
    for (i = 0; i < n; i++)
      out[done + i] ^= blk[i];
    done += n;
    c++;
  }
  qed_zeroize(blk, sizeof blk);
}
