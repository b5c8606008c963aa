/* Bench rows of NaCl's symmetric side and box (bench/harness.h) against
 * Debian's libsodium, which picks its own fastest code at run time (for
 * Salsa20: its AVX2 kernel).  Salsa20 is timed as crypto_stream_salsa20_xor
 * (message in, ciphertext out) on 64 B, 1 KiB and 64 KiB; issue 6 asks
 * secretbox on 64 KiB for <= 1.1x libsodium's cycles per byte and box of
 * 1 KiB (with its X25519) for <= 1.0x. */
#include <string.h>

#include <sodium.h>

#include "harness.h"
#include "qed/nacl.h"

#define MAXN 65536
static uint8_t buf[MAXN + 64];

/* key and nonce: fixed bytes of the harness input, past the message */
#define KEY(in) ((in) + MAXN)
#define NONCE(in) ((in) + MAXN + 32)

static void q_salsa20(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_crypto_stream_salsa20_xor(buf, in, n, NONCE(in), KEY(in));
  memcpy(o, buf, n < 64 ? n : 64);
}
static void s_salsa20(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)crypto_stream_salsa20_xor(buf, in, n, NONCE(in), KEY(in));
  memcpy(o, buf, n < 64 ? n : 64);
}

static void q_secretbox(uint8_t *o, const uint8_t *in, size_t n,
                        unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_crypto_secretbox_easy(buf, in, n, NONCE(in), KEY(in));
  memcpy(o, buf, 64);
}
static void s_secretbox(uint8_t *o, const uint8_t *in, size_t n,
                        unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)crypto_secretbox_easy(buf, in, n, NONCE(in), KEY(in));
  memcpy(o, buf, 64);
}

/* box: the whole crypto_box_easy (X25519, HSalsa20, secretbox) with the
 * public key of the secret key at KEY(in) + 32 (the key pair's public half
 * is computed once, so both libraries get the same point). */
static uint8_t box_pk[32];
static void q_box(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    if (qed_crypto_box_easy(buf, in, n, NONCE(in), box_pk, KEY(in)) != 0)
      buf[0] ^= 1;
  memcpy(o, buf, 64);
}
static void s_box(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    if (crypto_box_easy(buf, in, n, NONCE(in), box_pk, KEY(in)) != 0)
      buf[0] ^= 1;
  memcpy(o, buf, 64);
}
static void q_box_afternm(uint8_t *o, const uint8_t *in, size_t n,
                          unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_crypto_box_easy_afternm(buf, in, n, NONCE(in), KEY(in));
  memcpy(o, buf, 64);
}
static void s_box_afternm(uint8_t *o, const uint8_t *in, size_t n,
                          unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)crypto_box_easy_afternm(buf, in, n, NONCE(in), KEY(in));
  memcpy(o, buf, 64);
}

static int nacl_box_setup(void)
{
  static const uint8_t base[32] = { 9 };
  if (sodium_init() < 0)
    return -1;
  /* any fixed point of the main subgroup: 9 times a fixed scalar */
  return crypto_scalarmult(box_pk, base, base) == 0 ? 0 : -1;
}

static const bench_row rows[] = {
  { "Salsa20 stream_xor", 64, q_salsa20, s_salsa20, "libsodium", 64, 0, 1 },
  { "Salsa20 stream_xor", 1024, q_salsa20, s_salsa20, "libsodium", 64, 0, 1 },
  { "Salsa20 stream_xor", MAXN, q_salsa20, s_salsa20, "libsodium", 64, 0, 1 },
  { "secretbox_easy", 64, q_secretbox, s_secretbox, "libsodium", 64, 0, 1 },
  { "secretbox_easy", 1024, q_secretbox, s_secretbox, "libsodium", 64, 0, 1 },
  /* the bound is for the SIMD paths: not re-run as portable */
  { "secretbox_easy", MAXN, q_secretbox, s_secretbox, "libsodium", 64, 1.1, 0 },
  { "box_easy (with X25519)", 1024, q_box, s_box, "libsodium", 64, 1.0, 0 },
  { "box_easy_afternm", 1024, q_box_afternm, s_box_afternm, "libsodium", 64, 0, 1 },
};

const bench_family bench_family_nacl_box = {
  "NaCl (Salsa20, secretbox, box)", nacl_box_setup, rows,
  sizeof rows / sizeof rows[0]
};
