/* GF(2^255 - 19): 32 bytes to five 51-bit limbs and back (RFC 7748,
 * section 5: little-endian, the top bit of a u-coordinate ignored on
 * input; canonical, i.e. below p, on output). */
#include <stdint.h>

#include "nacl/fe25519.h"
#include "common/bytes.h"

qed_fe25519 qed_fe25519_frombytes(const uint8_t s[32])
{
  const uint64_t w0 = qed_load64_le(s), w1 = qed_load64_le(s + 8);
  const uint64_t w2 = qed_load64_le(s + 16), w3 = qed_load64_le(s + 24);
  qed_fe25519 h;
  h.v0 = w0 % FE_M51;
  h.v1 = w0 / FE_M51 + (w1 % 274877906944u) * 8192u;          /* 2^38, 2^13 */
  h.v2 = w1 / 274877906944u + (w2 % 33554432u) * 67108864u;   /* 2^25, 2^26 */
  h.v3 = w2 / 33554432u + (w3 % 4096u) * 549755813888u;       /* 2^12, 2^39 */
  h.v4 = (w3 / 4096u) % FE_M51;                               /* drops bit 255 */
  return h;
}

void qed_fe25519_tobytes(uint8_t s[32], qed_fe25519 f)
{
  const qed_fe25519 h = qed_fe25519_freeze(f);
  /* 51-bit limbs into 64-bit words: every sum below 2^64, no bits overlap */
  qed_store64_le(s, h.v0 + (h.v1 % 8192u) * FE_M51);
  qed_store64_le(s + 8, h.v1 / 8192u + (h.v2 % 67108864u) * 274877906944u);
  qed_store64_le(s + 16,
                 h.v2 / 67108864u + (h.v3 % 549755813888u) * 33554432u);
  qed_store64_le(s + 24, h.v3 / 549755813888u + h.v4 * 4096u);
}
