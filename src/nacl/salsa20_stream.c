/* The Salsa20 stream (NaCl's crypto_stream_salsa20, libsodium's _xor_ic
 * with a 64-bit block counter, and the 12- and 8-round streams):
 * keystream block i is the core of (key, nonce, counter i); the message
 * is XORed with it, whole blocks first, then the tail through a 64-byte
 * buffer.  From 512 bytes on, on x86-64 at the avx2 and avx512 backend
 * levels, the whole groups of 8 blocks go to a SIMD kernel
 * (src/nacl/simd/, outside the proof; its contract is in nacl/salsa20.h)
 * and the proven loop below does the rest.  No branch or index depends
 * on the key or the data; the state, the working copy and the tail's
 * keystream are wiped before return. */
#include "qed/nacl.h"
#include "qed/common.h"
#include "common/bytes.h"
#include "nacl/salsa20.h"
#include "common/cpu.h"

#if defined(__x86_64__)
#define QED_SALSA20_SIMD 1
#else
#define QED_SALSA20_SIMD 0
#endif

void qed_salsa20_xor(uint8_t *out, const uint8_t *in, size_t len,
                     const uint8_t n[8], uint64_t ic, const uint8_t k[32],
                     unsigned rounds)
{
  uint32_t s[16], x[16];
  uint8_t iv[16], blk[64];
  size_t off = 0, j;
  unsigned i;

  /*@ loop invariant 0 <= i <= 8;
      loop assigns i, iv[0 .. 7];
      loop variant 8 - i; */
  for (i = 0; i < 8; i++)
    iv[i] = n[i];
  qed_store64_le(iv + 8, ic);
  qed_salsa20_setup(s, iv, k, NULL);

#if QED_SALSA20_SIMD
  if (len >= 512) {
    const unsigned level = qed_backend_level();
    if (level >= QED_BACKEND_AVX512)
      off = qed_salsa20_xor_blocks_avx512(out, in, len, s, rounds);
    else if (level >= QED_BACKEND_AVX2)
      off = qed_salsa20_xor_blocks_avx2(out, in, len, s, rounds);
  }
#endif
  /*@ loop invariant 0 <= off <= len;
      loop assigns off, i, s[8 .. 9], x[0 .. 15], out[0 .. len - 1];
      loop variant len - off; */
  while (len - off >= 64) {
    /*@ loop invariant 0 <= i <= 16;
        loop assigns i, x[0 .. 15];
        loop variant 16 - i; */
    for (i = 0; i < 16; i++)
      x[i] = s[i];
    qed_salsa20_permute(x, rounds);
    /*@ loop invariant 0 <= i <= 16;
        loop assigns i, out[off .. off + 63];
        loop variant 16 - i; */
    for (i = 0; i < 16; i++)
      qed_store32_le(out + off + 4 * i,
                     qed_load32_le(in + off + 4 * i) ^ (x[i] + s[i]));
    /* next block: the 64-bit counter in words 8 (low) and 9 */
    s[8] += 1u;
    s[9] += (uint32_t)(s[8] == 0u);
    off += 64;
  }
  if (off < len) {
    /*@ loop invariant 0 <= i <= 16;
        loop assigns i, x[0 .. 15];
        loop variant 16 - i; */
    for (i = 0; i < 16; i++)
      x[i] = s[i];
    qed_salsa20_permute(x, rounds);
    /*@ loop invariant 0 <= i <= 16;
        loop assigns i, blk[0 .. 63];
        loop variant 16 - i; */
    for (i = 0; i < 16; i++)
      qed_store32_le(blk + 4 * i, x[i] + s[i]);
    /*@ loop invariant 0 <= j <= len - off;
        loop assigns j, out[off .. len - 1];
        loop variant len - off - j; */
    for (j = 0; j < len - off; j++)
      out[off + j] = (uint8_t)(in[off + j] ^ blk[j]);
    qed_zeroize(blk, sizeof blk);
  }
  qed_salsa20_wipe(s);
  qed_salsa20_wipe(x);
}

/* c = the first clen bytes of the keystream: the stream XORed into zeros. */
/*@ requires \valid(c + (0 .. clen - 1));
    requires \valid_read(n + (0 .. 7)) && \valid_read(k + (0 .. 31));
    requires salsa_rounds(rounds);
    assigns c[0 .. clen - 1]; */
static void salsa20_keystream(uint8_t *c, size_t clen, const uint8_t n[8],
                              const uint8_t k[32], unsigned rounds)
{
  size_t i;
  /*@ loop invariant 0 <= i <= clen;
      loop assigns i, c[0 .. clen - 1];
      loop variant clen - i; */
  for (i = 0; i < clen; i++)
    c[i] = 0;
  qed_salsa20_xor(c, c, clen, n, 0, k, rounds);
}

int qed_crypto_stream_salsa20(uint8_t *c, size_t clen, const uint8_t n[8],
                              const uint8_t k[32])
{
  salsa20_keystream(c, clen, n, k, 20);
  return 0;
}

int qed_crypto_stream_salsa20_xor(uint8_t *c, const uint8_t *m, size_t mlen,
                                  const uint8_t n[8], const uint8_t k[32])
{
  qed_salsa20_xor(c, m, mlen, n, 0, k, 20);
  return 0;
}

int qed_crypto_stream_salsa20_xor_ic(uint8_t *c, const uint8_t *m,
                                     size_t mlen, const uint8_t n[8],
                                     uint64_t ic, const uint8_t k[32])
{
  qed_salsa20_xor(c, m, mlen, n, ic, k, 20);
  return 0;
}

int qed_crypto_stream_salsa2012(uint8_t *c, size_t clen, const uint8_t n[8],
                                const uint8_t k[32])
{
  salsa20_keystream(c, clen, n, k, 12);
  return 0;
}

int qed_crypto_stream_salsa2012_xor(uint8_t *c, const uint8_t *m,
                                    size_t mlen, const uint8_t n[8],
                                    const uint8_t k[32])
{
  qed_salsa20_xor(c, m, mlen, n, 0, k, 12);
  return 0;
}

int qed_crypto_stream_salsa208(uint8_t *c, size_t clen, const uint8_t n[8],
                               const uint8_t k[32])
{
  salsa20_keystream(c, clen, n, k, 8);
  return 0;
}

int qed_crypto_stream_salsa208_xor(uint8_t *c, const uint8_t *m, size_t mlen,
                                   const uint8_t n[8], const uint8_t k[32])
{
  qed_salsa20_xor(c, m, mlen, n, 0, k, 8);
  return 0;
}
