/* XSalsa20 (the XSalsa20 paper): the Salsa20/20 stream under the subkey
 * HSalsa20(k, n[0 .. 15]) with the nonce n[16 .. 23]; NaCl's crypto_stream
 * is this function.  The subkey is wiped before return. */
#include "qed/nacl.h"
#include "qed/common.h"
#include "nacl/salsa20.h"

int qed_crypto_stream_xsalsa20_xor_ic(uint8_t *c, const uint8_t *m,
                                      size_t mlen, const uint8_t n[24],
                                      uint64_t ic, const uint8_t k[32])
{
  uint8_t sub[32];
  qed_hsalsa20(sub, n, k, NULL);
  qed_salsa20_xor(c, m, mlen, n + 16, ic, sub, 20);
  qed_zeroize(sub, sizeof sub);
  return 0;
}

int qed_crypto_stream_xsalsa20_xor(uint8_t *c, const uint8_t *m, size_t mlen,
                                   const uint8_t n[24], const uint8_t k[32])
{
  return qed_crypto_stream_xsalsa20_xor_ic(c, m, mlen, n, 0, k);
}

int qed_crypto_stream_xsalsa20(uint8_t *c, size_t clen, const uint8_t n[24],
                               const uint8_t k[32])
{
  size_t i;
  /*@ loop invariant 0 <= i <= clen;
      loop assigns i, c[0 .. clen - 1];
      loop variant clen - i; */
  for (i = 0; i < clen; i++)
    c[i] = 0;
  return qed_crypto_stream_xsalsa20_xor_ic(c, c, clen, n, 0, k);
}

int qed_crypto_stream(uint8_t *c, size_t clen, const uint8_t n[24],
                      const uint8_t k[32])
{
  return qed_crypto_stream_xsalsa20(c, clen, n, k);
}

int qed_crypto_stream_xor(uint8_t *c, const uint8_t *m, size_t mlen,
                          const uint8_t n[24], const uint8_t k[32])
{
  return qed_crypto_stream_xsalsa20_xor_ic(c, m, mlen, n, 0, k);
}
