/* Bench rows of Ascon (bench/harness.h).
 *
 * No library in Debian 12 has the SP 800-232 Ascon, so the hash rows are
 * compared with qed's own SHA3-256 and SHAKE128: the Keccak-family issue
 * asks for Ascon-Hash256 on 64 KiB at most 3.2x SHA3-256's cycles per byte
 * (the ratio of the designers' ascon-c opt64 to SHA3-256 in ANCHORS.md).
 * The AEAD rows have no comparison. */
#include <string.h>

#include "harness.h"
#include "qed/ascon.h"

#define AEAD_MAX (16 * 1024)

static uint8_t ct[AEAD_MAX], pt[AEAD_MAX], tag[16];
static uint64_t perm_state[5];
static const uint8_t key[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 };
static const uint8_t nonce[16] = { 0xa0, 0xa1, 0xa2, 0xa3 };

static void q_hash256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) qed_ascon_hash256(o, in, n); }
static void q_xof128(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) qed_ascon_xof128(o, 32, in, n); }
static void q_cxof128(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  static const uint8_t z[] = "qed bench";
  for (unsigned long i = 0; i < it; i++)
    (void)qed_ascon_cxof128(o, 32, in, n, z, sizeof z - 1);
}
static void q_hash_v12(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) qed_ascon_hash_v12(o, in, n); }
static void q_encrypt(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_ascon_aead128_encrypt(ct, tag, in, n, NULL, 0, nonce, key);
  memcpy(o, tag, sizeof tag);
}
static void q_decrypt(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  /* The ciphertext and tag of the message, made once per message rather
   * than in every timing (a timing may be a single call at 16 KiB: it
   * would time an encryption as well). */
  static uint8_t dct[AEAD_MAX], dtag[16];
  static const uint8_t *made_in;
  static size_t made_n = (size_t)-1;
  if (in != made_in || n != made_n) {
    (void)qed_ascon_aead128_encrypt(dct, dtag, in, n, NULL, 0, nonce, key);
    made_in = in;
    made_n = n;
  }
  int r = 0;
  for (unsigned long i = 0; i < it; i++)
    r |= qed_ascon_aead128_decrypt(pt, dct, n, dtag, NULL, 0, nonce, key);
  o[0] = (uint8_t)r;
}
static void q_permute(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  (void)in; (void)n;
  for (unsigned long i = 0; i < it; i++) qed_ascon_permute(perm_state, 12);
  memcpy(o, perm_state, 8);
}

static const bench_row rows[] = {
  { "Ascon-Hash256", 64, q_hash256, bench_qed_sha3_256, "qed SHA3-256", 0, 0, 0 },
  { "Ascon-Hash256", 64 * 1024, q_hash256, bench_qed_sha3_256, "qed SHA3-256", 0,
    3.2, 0 },
  { "Ascon-XOF128", 64 * 1024, q_xof128, bench_qed_shake128, "qed SHAKE128", 0, 0, 0 },
  { "Ascon-CXOF128", 64 * 1024, q_cxof128, NULL, NULL, 0, 0, 0 },
  { "Ascon-Hash v1.2", 64 * 1024, q_hash_v12, NULL, NULL, 0, 0, 0 },
  { "Ascon-AEAD128 encrypt", 64, q_encrypt, NULL, NULL, 0, 0, 0 },
  { "Ascon-AEAD128 encrypt", AEAD_MAX, q_encrypt, NULL, NULL, 0, 0, 0 },
  { "Ascon-AEAD128 decrypt", AEAD_MAX, q_decrypt, NULL, NULL, 0, 0, 0 },
  { "Ascon-p[12]", 0, q_permute, NULL, NULL, 0, 0, 0 },
};

const bench_family bench_family_ascon = {
  "Ascon (SP 800-232, v1.2)", NULL, rows, sizeof rows / sizeof rows[0]
};
