/* Bench rows of Ketje v2 (bench/harness.h).
 *
 * No library in Debian 12 implements Ketje, so there is no competitor; to
 * give a scale, each row is timed next to qed's Ascon-AEAD128 on the same
 * message (another lightweight permutation-based AEAD, with 16-byte key,
 * nonce and tag).  The Ketje rows use the one-shot functions with the
 * CAESAR parameters, so the 64-byte rows include the 12-round start. */
#include <string.h>

#include "harness.h"
#include "qed/ascon.h"
#include "qed/ketje.h"

#define MSG_MAX (16 * 1024)

static uint8_t ct[MSG_MAX], tag[16];
static const uint8_t key[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 };
static const uint8_t nonce[181] = { 0xa0, 0xa1, 0xa2, 0xa3 };

static void q_jr(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_ketje_jr_encrypt(ct, tag, in, n, NULL, 0, nonce, key);
  memcpy(o, tag, 12);
}
static void q_sr(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_ketje_sr_encrypt(ct, tag, in, n, NULL, 0, nonce, key);
  memcpy(o, tag, 16);
}
static void q_minor(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_ketje_minor_encrypt(ct, tag, in, n, NULL, 0, nonce, key);
  memcpy(o, tag, 16);
}
static void q_major(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_ketje_major_encrypt(ct, tag, in, n, NULL, 0, nonce, key);
  memcpy(o, tag, 16);
}
static void q_ascon(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_ascon_aead128_encrypt(ct, tag, in, n, NULL, 0, nonce, key);
  memcpy(o, tag, 16);
}

#define ASCON "qed Ascon-AEAD128"

static const bench_row rows[] = {
  { "Ketje Jr wrap", 64, q_jr, q_ascon, ASCON, 0, 0, 0 },
  { "Ketje Jr wrap", MSG_MAX, q_jr, q_ascon, ASCON, 0, 0, 0 },
  { "Ketje Sr wrap", 64, q_sr, q_ascon, ASCON, 0, 0, 0 },
  { "Ketje Sr wrap", MSG_MAX, q_sr, q_ascon, ASCON, 0, 0, 0 },
  { "Ketje Minor wrap", 64, q_minor, q_ascon, ASCON, 0, 0, 0 },
  { "Ketje Minor wrap", MSG_MAX, q_minor, q_ascon, ASCON, 0, 0, 0 },
  { "Ketje Major wrap", 64, q_major, q_ascon, ASCON, 0, 0, 1 },
  { "Ketje Major wrap", MSG_MAX, q_major, q_ascon, ASCON, 0, 0, 1 },
};

const bench_family bench_family_ketje = {
  "Ketje v2", NULL, rows, sizeof rows / sizeof rows[0]
};
