/* Bench rows of Skein and Threefish (bench/harness.h), against Botan 2
 * (Debian's libbotan-2-dev, through bench/ref_botan_skein.cpp).
 *
 * The target: Skein-512-512 on a 32 KiB message (the SPARKSkein
 * paper's benchmark) at most 0.90x Botan's ticks per byte.  Botan 2 has
 * only Skein-512 (output up to 512 bits), so the Skein-256 and Skein-1024
 * rows have no comparison.  Threefish-512 is timed per 64-byte block with
 * the key and tweak already set (Botan keeps an expanded key; qed's
 * Threefish takes the key bytes at every call and expands it on the fly). */
#include <string.h>

#include "harness.h"
#include "qed/skein.h"

int ref_botan_skein512(uint8_t *out, size_t outbytes, const uint8_t *in,
                       size_t inlen);
int ref_botan_threefish512_setup(const uint8_t key[64],
                                 const uint8_t tweak[16]);
void ref_botan_threefish512_encrypt(uint8_t out[64], const uint8_t in[64]);

static const uint8_t tf_key[64] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
static const uint8_t tf_tweak[16] = { 0xa0, 0xa1, 0xa2, 0xa3 };

static int setup(void)
{
  return ref_botan_threefish512_setup(tf_key, tf_tweak);
}

static void q_skein512(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) (void)qed_skein512(o, 64, in, n); }
static void b_skein512(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) (void)ref_botan_skein512(o, 64, in, n); }
static void q_skein256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) (void)qed_skein256(o, 32, in, n); }
static void q_skein1024(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ for (unsigned long i = 0; i < it; i++) (void)qed_skein1024(o, 128, in, n); }

/* Streaming (init, update, final), as the paper's benchmark runs it. */
static void q_skein512_stream(uint8_t *o, const uint8_t *in, size_t n,
                              unsigned long it)
{
  for (unsigned long i = 0; i < it; i++) {
    qed_skein_ctx c;
    (void)qed_skein512_init(&c, 64);
    (void)qed_skein_update(&c, in, n);
    (void)qed_skein_final(&c, o);
  }
}

static void q_threefish512(uint8_t *o, const uint8_t *in, size_t n,
                           unsigned long it)
{
  uint8_t b[64];
  (void)n;
  memcpy(b, in, 64);
  for (unsigned long i = 0; i < it; i++)
    qed_threefish512_encrypt(b, b, tf_key, tf_tweak);
  memcpy(o, b, 64);
}
static void b_threefish512(uint8_t *o, const uint8_t *in, size_t n,
                           unsigned long it)
{
  uint8_t b[64];
  (void)n;
  memcpy(b, in, 64);
  for (unsigned long i = 0; i < it; i++)
    ref_botan_threefish512_encrypt(b, b);
  memcpy(o, b, 64);
}

static const bench_row rows[] = {
  { "Skein-512-512", 32 * 1024, q_skein512_stream, b_skein512, "Botan", 64,
    0.90, 1 },
  { "Skein-512-512 one-shot", 32 * 1024, q_skein512, b_skein512, "Botan", 64,
    0, 0 },
  { "Skein-512-512", 64, q_skein512, b_skein512, "Botan", 64, 0, 0 },
  { "Skein-256-256", 32 * 1024, q_skein256, NULL, NULL, 0, 0, 0 },
  { "Skein-1024-1024", 32 * 1024, q_skein1024, NULL, NULL, 0, 0, 0 },
  { "Threefish-512 encrypt (1 block)", 0, q_threefish512, b_threefish512,
    "Botan", 64, 0, 0 },
};

const bench_family bench_family_skein = {
  "Skein 1.3 and Threefish", setup, rows, sizeof rows / sizeof rows[0]
};
