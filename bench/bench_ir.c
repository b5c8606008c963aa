/* qed — driver for instruction counts under callgrind (make bench-ir).
 *
 *   bench_ir LIB FUNC N
 *
 * LIB is qed or openssl; FUNC is sha3-256, sha3-512, shake128 or shake256
 * (hash N bytes once; SHAKE squeezes 32 bytes) or p1600 (N calls of
 * Keccak-p[1600,24]: qed_keccak_p1600_permute, or for openssl SHA3_absorb
 * of one 8-byte block from its keccak1600-x86_64.o when mk/bench.mk could
 * link it).  The work is done inside bench_ir_target(), which callgrind
 * counts alone (--toggle-collect=bench_ir_target); everything outside it
 * (start-up, OpenSSL's fetch, filling the input, qed's lazy backend choice,
 * which a 0-byte warm-up call settles beforehand) is not counted.
 *
 * Prints "backend=<qed backend> out=<hex>" so that the caller can check
 * that both libraries computed the same thing under valgrind.             */
#define _GNU_SOURCE 1
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "qed/common.h"
#include "qed/keccak.h"
#include "keccak/keccak_p1600.h"

extern size_t SHA3_absorb(uint64_t *A, const unsigned char *inp, size_t len,
                          size_t r) __attribute__((weak));

enum func { F_SHA3_256, F_SHA3_512, F_SHAKE128, F_SHAKE256, F_PERM };

#define SHAKE_OUT 32

static EVP_MD *md;
static EVP_MD_CTX *ctx;
static uint64_t perm_state[25];
static const uint8_t zero_lane[8];

static int do_work(int ossl, enum func f, uint8_t *out, const uint8_t *in,
                   size_t n)
{
  int ok = 1;
  if (f == F_PERM) {
    for (size_t i = 0; i < n; i++) {
      if (ossl)
        SHA3_absorb(perm_state, zero_lane, 8, 8);
      else
        qed_keccak_p1600_permute(perm_state, 24);
    }
    return ok;
  }
  if (!ossl) {
    switch (f) {
    case F_SHA3_256: qed_sha3_256(out, in, n); break;
    case F_SHA3_512: qed_sha3_512(out, in, n); break;
    case F_SHAKE128: qed_shake128(out, SHAKE_OUT, in, n); break;
    case F_SHAKE256: qed_shake256(out, SHAKE_OUT, in, n); break;
    case F_PERM: break;
    }
    return ok;
  }
  ok &= EVP_DigestInit_ex(ctx, md, NULL);
  ok &= EVP_DigestUpdate(ctx, in, n);
  if (f == F_SHAKE128 || f == F_SHAKE256)
    ok &= EVP_DigestFinalXOF(ctx, out, SHAKE_OUT);
  else
    ok &= EVP_DigestFinal_ex(ctx, out, NULL);
  return ok;
}

/* The counted region: not static, never inlined, called exactly once
 * (callgrind finds it by name and counts every entry). */
__attribute__((noinline)) int bench_ir_target(int ossl, enum func f,
                                              uint8_t *out, const uint8_t *in,
                                              size_t n);

__attribute__((noinline)) int bench_ir_target(int ossl, enum func f,
                                              uint8_t *out, const uint8_t *in,
                                              size_t n)
{
  return do_work(ossl, f, out, in, n);
}

int main(int argc, char **argv)
{
  if (argc != 4) {
    fprintf(stderr, "usage: %s qed|openssl sha3-256|sha3-512|shake128|"
                    "shake256|p1600 N\n", argv[0]);
    return 2;
  }
  int ossl;
  if (strcmp(argv[1], "qed") == 0) ossl = 0;
  else if (strcmp(argv[1], "openssl") == 0) ossl = 1;
  else { fprintf(stderr, "bench_ir: unknown library %s\n", argv[1]); return 2; }

  static const char *const fn[] = { "sha3-256", "sha3-512", "shake128",
                                    "shake256", "p1600" };
  static const char *const ossl_name[] = { "SHA3-256", "SHA3-512", "SHAKE128",
                                           "SHAKE256" };
  static const size_t outlen[] = { 32, 64, SHAKE_OUT, SHAKE_OUT, 0 };
  int f = -1;
  for (int i = 0; i < 5; i++)
    if (strcmp(argv[2], fn[i]) == 0) f = i;
  if (f < 0) { fprintf(stderr, "bench_ir: unknown function %s\n", argv[2]); return 2; }
  char *end;
  unsigned long long nn = strtoull(argv[3], &end, 10);
  if (*end != 0) { fprintf(stderr, "bench_ir: bad N %s\n", argv[3]); return 2; }
  size_t n = (size_t)nn;

  if (ossl && f == F_PERM && SHA3_absorb == NULL) {
    fprintf(stderr, "bench_ir: OpenSSL's SHA3_absorb not linked in\n");
    return 3;
  }

  uint8_t *in = malloc(n ? n : 1);
  uint8_t out[64];
  if (in == NULL) return 1;
  uint64_t x = 0x0123456789abcdefu;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    in[i] = (uint8_t)x;
  }
  if (ossl && f != F_PERM) {
    md = EVP_MD_fetch(NULL, ossl_name[f], NULL);
    ctx = EVP_MD_CTX_new();
    if (md == NULL || ctx == NULL) { fprintf(stderr, "bench_ir: OpenSSL fetch failed\n"); return 1; }
  }

  /* Warm-up outside the counted region (qed chooses its backend lazily;
   * OpenSSL creates the context's provider state on first use). */
  const char *backend = qed_backend_name();
  if (f != F_PERM) {
    if (!do_work(ossl, (enum func)f, out, in, 0)) return 1;
  }
  memset(out, 0, sizeof out);

  if (!bench_ir_target(ossl, (enum func)f, out, in, n)) {
    fprintf(stderr, "bench_ir: OpenSSL digest call failed\n");
    return 1;
  }

  printf("backend=%s out=", backend);
  if (f == F_PERM) {
    for (int i = 0; i < 25; i++) printf("%016llx", (unsigned long long)perm_state[i]);
  } else {
    for (size_t i = 0; i < outlen[f]; i++) printf("%02x", out[i]);
  }
  printf("\n");
  if (ctx != NULL) EVP_MD_CTX_free(ctx);
  if (md != NULL) EVP_MD_free(md);
  free(in);
  return 0;
}
