/* Bench rows of the SHA-2 family (bench/harness.h): SHA-256 and SHA-512
 * one-shot on 64 B, 1 KiB and 64 KiB, against OpenSSL (libcrypto's
 * SHA256() / SHA512(), its assembly with its own run-time choice: SHA-NI
 * for SHA-256 where the CPU has it, AVX2/BMI2 for SHA-512) and against
 * Debian's libsodium (crypto_hash_sha256 / crypto_hash_sha512, portable
 * C).  Every row is also timed under QED_BACKEND=portable. */
#include <openssl/sha.h>
#include <sodium.h>

#include "harness.h"
#include "qed/sha2.h"

static void q_sha256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    qed_sha256(o, in, n);
}
static void q_sha512(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    qed_sha512(o, in, n);
}
static void o_sha256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    SHA256(in, n, o);
}
static void o_sha512(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    SHA512(in, n, o);
}
static void s_sha256(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)crypto_hash_sha256(o, in, n);
}
static void s_sha512(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)crypto_hash_sha512(o, in, n);
}

static int sha2_setup(void)
{
  return sodium_init() < 0 ? -1 : 0;
}

#define ROWS(name, n, q, o, s)                                    \
  { name, n, q, o, "OpenSSL", 32, 0, 1 },                         \
  { name, n, q, s, "libsodium", 32, 0, 1 }

static const bench_row rows[] = {
  ROWS("SHA-256, 64 B", 64, q_sha256, o_sha256, s_sha256),
  ROWS("SHA-256, 1 KiB", 1024, q_sha256, o_sha256, s_sha256),
  ROWS("SHA-256, 64 KiB", 65536, q_sha256, o_sha256, s_sha256),
  ROWS("SHA-512, 64 B", 64, q_sha512, o_sha512, s_sha512),
  ROWS("SHA-512, 1 KiB", 1024, q_sha512, o_sha512, s_sha512),
  ROWS("SHA-512, 64 KiB", 65536, q_sha512, o_sha512, s_sha512),
};

const bench_family bench_family_sha2 = {
  "SHA-2", sha2_setup, rows, sizeof rows / sizeof rows[0]
};
