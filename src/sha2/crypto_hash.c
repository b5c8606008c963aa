/* NaCl's hash names: crypto_hash (SHA-512), crypto_hash_sha512,
 * crypto_hash_sha256, and the raw compression loops crypto_hashblocks_
 * sha512 and _sha256, whose state is the chaining value as big-endian
 * words (NaCl's convention: no padding, no length, whole blocks only). */
#include "qed/sha2.h"
#include "common/bytes.h"
#include "common/zeroize.h"
#include "sha2/sha2_blocks.h"
#include "sha2/sha2_bytes.h"

int qed_crypto_hash_sha512(uint8_t out[64], const uint8_t *in, size_t inlen)
{
  qed_sha512(out, in, inlen);
  return 0;
}

int qed_crypto_hash(uint8_t out[64], const uint8_t *in, size_t inlen)
{
  qed_sha512(out, in, inlen);
  return 0;
}

int qed_crypto_hash_sha256(uint8_t out[32], const uint8_t *in, size_t inlen)
{
  qed_sha256(out, in, inlen);
  return 0;
}

int qed_crypto_hashblocks_sha512(uint8_t state[64], const uint8_t *in,
                                 size_t inlen)
{
  uint64_t h[8];
  size_t i, done;
  /*@ loop invariant 0 <= i <= 8;
      loop assigns i, h[0 .. 7];
      loop variant 8 - i; */
  for (i = 0; i < 8; i++)
    h[i] = qed_load64_be(state + 8 * i);
  done = qed_sha512_blocks(h, in, inlen);
  /*@ loop invariant 0 <= i <= 8;
      loop assigns i, state[0 .. 63];
      loop variant 8 - i; */
  for (i = 0; i < 8; i++)
    qed_store64_be(state + 8 * i, h[i]);
  qed_wipe_u64(h, 8);
  return (int)(inlen - done);
}

int qed_crypto_hashblocks_sha256(uint8_t state[32], const uint8_t *in,
                                 size_t inlen)
{
  uint32_t h[8];
  size_t i, done;
  /*@ loop invariant 0 <= i <= 8;
      loop assigns i, h[0 .. 7];
      loop variant 8 - i; */
  for (i = 0; i < 8; i++)
    h[i] = qed_load32_be(state + 4 * i);
  done = qed_sha256_blocks(h, in, inlen);
  /*@ loop invariant 0 <= i <= 8;
      loop assigns i, state[0 .. 31];
      loop variant 8 - i; */
  for (i = 0; i < 8; i++)
    qed_store32_be(state + 4 * i, h[i]);
  sha2_wipe_u32(h, 8);
  return (int)(inlen - done);
}
