/* qed bench: a qed-only speed table against the installed library (no
 * peer library needed).  Each row is the median of 11 timed runs of a
 * loop sized to take about 20 ms (2 ms with --quick), with
 * clock_gettime(CLOCK_MONOTONIC).  `make bench` in the source tree is the
 * comparative benchmark (qed side by side with OpenSSL, libsodium, ...). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "qed/aes.h"
#include "qed/nacl.h"
#include "qed/qed.h"
#include "cli.h"

#define BULK 65536
#define RUNS 11

static uint8_t buf[BULK], out[128];
static volatile uint8_t sink;
static double target_s = 0.02;

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

typedef void (*bench_fn)(size_t len);

/* Seconds per call of fn(len): median over RUNS runs. */
static double time_it(bench_fn fn, size_t len)
{
  double t[RUNS], t0, el;
  unsigned long iters = 1, k;
  int r;
  for (;;) {   /* calibrate */
    t0 = now();
    for (k = 0; k < iters; k++) fn(len);
    el = now() - t0;
    if (el >= target_s / 4 || iters > (1ul << 30)) break;
    iters *= 2;
  }
  iters = (unsigned long)((double)iters * target_s / (el > 1e-9 ? el : 1e-9)) + 1;
  for (r = 0; r < RUNS; r++) {
    t0 = now();
    for (k = 0; k < iters; k++) fn(len);
    t[r] = (now() - t0) / (double)iters;
  }
  qsort(t, RUNS, sizeof t[0], cmp_double);
  return t[RUNS / 2];
}

static void b_sha3(size_t n) { qed_sha3_256(out, buf, n); sink ^= out[0]; }
static void b_shake(size_t n) { qed_shake128(out, 32, buf, n); sink ^= out[0]; }
static void b_kt128(size_t n) { qed_kt128(out, 32, buf, n, NULL, 0); sink ^= out[0]; }
static void b_turbo(size_t n) { (void)qed_turboshake128(out, 32, buf, n, 0x1F); sink ^= out[0]; }
static void b_kmac(size_t n)
{
  qed_kmac128(out, 32, buf + 100, 32, buf, n, NULL, 0);
  sink ^= out[0];
}
static void b_ascon(size_t n) { qed_ascon_hash256(out, buf, n); sink ^= out[0]; }
static void b_gimli(size_t n) { qed_gimli_hash(out, buf, n); sink ^= out[0]; }
static void b_skein(size_t n) { (void)qed_skein512(out, 64, buf, n); sink ^= out[0]; }
static void b_sha512(size_t n) { qed_sha512(out, buf, n); sink ^= out[0]; }
static void b_sha256(size_t n) { qed_sha256(out, buf, n); sink ^= out[0]; }
static void b_poly(size_t n)
{
  (void)qed_crypto_onetimeauth(out, buf, n, buf + 64);
  sink ^= out[0];
}
static void b_aead(size_t n)
{
  (void)qed_ascon_aead128_encrypt(buf, out, buf, n, NULL, 0, out + 32, out + 48);
  sink ^= out[0];
}
static void b_stream(size_t n)
{
  (void)qed_crypto_stream_xor(buf, buf, n, out + 64, out + 32);
  sink ^= buf[0];
}

static uint8_t ed_pk[32], ed_sk[64], ed_sig[64];
static void b_x25519(size_t n)
{
  (void)n;
  (void)qed_crypto_scalarmult_base(out, out + 32);
  sink ^= out[0];
}
static void b_ed_sign(size_t n) { (void)qed_crypto_sign_detached(ed_sig, buf, n, ed_sk); }
static void b_ed_verify(size_t n)
{
  sink ^= (uint8_t)qed_crypto_sign_verify_detached(ed_sig, buf, n, ed_pk);
}

static const struct { const char *name; bench_fn fn; } bulk[] = {
  {"sha3-256", b_sha3},        {"shake128", b_shake},
  {"turboshake128", b_turbo},  {"kt128", b_kt128},
  {"kmac128", b_kmac},         {"ascon-hash256", b_ascon},
  {"ascon-aead128 encrypt", b_aead}, {"gimli-hash", b_gimli},
  {"skein-512-512", b_skein},  {"sha256", b_sha256},
  {"sha512", b_sha512},        {"xsalsa20 stream", b_stream},
  {"poly1305", b_poly},
};

int cli_bench(int argc, char **argv)
{
  size_t k, i;
  static const size_t sizes[] = {64, 1024, BULK};
  cli_prog = "qed bench";
  if (argc > 1) {
    if (strcmp(argv[1], "--quick") == 0 && argc == 2) {
      target_s = 0.002;
    } else if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
      printf("Usage: qed bench [--quick]\nSpeed of the main functions of the "
             "installed library (median of %d runs).\n`make bench` in the "
             "source tree compares with other libraries.\n", RUNS);
      return CLI_OK;
    } else {
      return cli_usage_err("unexpected argument '%s'", argv[1]);
    }
  }
  for (i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 131 + 7);
  memset(out, 0x42, sizeof out);
  printf("qed %s, backend %s, median of %d runs (MB/s = 10^6 bytes/s)\n",
         QED_VERSION_STRING, qed_backend_name(), RUNS);
  printf("%-24s %12s %12s %12s\n", "function", "64 B", "1 KiB", "64 KiB");
  for (k = 0; k < sizeof bulk / sizeof bulk[0]; k++) {
    printf("%-24s", bulk[k].name);
    for (i = 0; i < 3; i++) {
      double t = time_it(bulk[k].fn, sizes[i]);
      printf(" %7.0f MB/s", (double)sizes[i] / t / 1e6);
    }
    printf("\n");
    fflush(stdout);
  }
  (void)qed_crypto_sign_seed_keypair(ed_pk, ed_sk, out);
  b_ed_sign(64);
  printf("%-24s %9.1f us/op\n", "x25519 base", time_it(b_x25519, 0) * 1e6);
  printf("%-24s %9.1f us/op\n", "ed25519 sign (64 B)", time_it(b_ed_sign, 64) * 1e6);
  printf("%-24s %9.1f us/op\n", "ed25519 verify (64 B)",
         time_it(b_ed_verify, 64) * 1e6);
  qed_zeroize(ed_sk, sizeof ed_sk);
  return CLI_OK;
}
