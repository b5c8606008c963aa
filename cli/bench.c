/* qed bench: the speed of the main functions of the library the tool runs
 * on, side by side with the peer libraries when they are present at run
 * time (OpenSSL's libcrypto.so.3, libsodium.so.23: cli/bench_peers.c loads
 * them with dlopen, so they are neither build nor link dependencies).
 *
 * Each line times qed and every peer that has the function on the same
 * input, interleaved: in each of 201 rounds (41 with --quick) every side
 * runs one batch of calls of about 100 us (qed first in even rounds, last
 * in odd ones), so a burst of load from elsewhere hits all sides alike; a
 * side's figure is the median of its rounds, in ticks per byte (per call for X25519 and Ed25519), the
 * ratio is qed/peer of the medians.  Ticks are the TSC read with rdtsc
 * (fenced) on x86-64, nanoseconds of CLOCK_MONOTONIC elsewhere.  Before
 * timing, each peer's output must equal qed's byte for byte: otherwise
 * the line is an error line, without a ratio, and the exit status is 1.
 * `make bench` in the source tree is the full comparative benchmark
 * (more rows and peers, 201 rounds, minimums and paired ratios). */
#define _POSIX_C_SOURCE 200809L
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

#include "qed/aes.h"
#include "qed/nacl.h"
#include "qed/qed.h"
#include "bench_peers.h"
#include "cli.h"

#define BULK 65536
#define RUNS 201        /* rounds; --quick: QUICK_RUNS */
#define QUICK_RUNS 41
#define OUT_MAX (BULK + 64)

static uint8_t msg[BULK], out_qed[OUT_MAX], out_peer[OUT_MAX];
/* One batch of calls lasts about 100 us: well inside a time slice, so
 * that few batches are cut by the other work on the machine, and the
 * medians of many rounds throw out those that are. */
static double batch_s = 100e-6;
static int runs = RUNS;
static qed_aes_ctx aes;

static uint64_t ticks(void)
{
#if defined(__x86_64__)
  uint64_t t;
  _mm_lfence();
  t = __rdtsc();
  _mm_lfence();
  return t;
#else
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

static double seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- qed's side of each row (same shape as the peers' ops) ---- */
static int q_sha3(uint8_t *o, const uint8_t *i, size_t n) { qed_sha3_256(o, i, n); return 0; }
static int q_shake(uint8_t *o, const uint8_t *i, size_t n) { qed_shake128(o, 32, i, n); return 0; }
static int q_kt128(uint8_t *o, const uint8_t *i, size_t n) { qed_kt128(o, 32, i, n, NULL, 0); return 0; }
static int q_sha256(uint8_t *o, const uint8_t *i, size_t n) { qed_sha256(o, i, n); return 0; }
static int q_sha512(uint8_t *o, const uint8_t *i, size_t n) { qed_sha512(o, i, n); return 0; }
static int q_skein(uint8_t *o, const uint8_t *i, size_t n) { return qed_skein512(o, 64, i, n); }
static int q_ascon(uint8_t *o, const uint8_t *i, size_t n) { qed_ascon_hash256(o, i, n); return 0; }
static int q_aead(uint8_t *o, const uint8_t *i, size_t n)
{
  return qed_ascon_aead128_encrypt(o, o + n, i, n, NULL, 0, bench_nonce, bench_key);
}
static int q_ctr(uint8_t *o, const uint8_t *i, size_t n)
{
  uint8_t ctr[16];
  memcpy(ctr, bench_nonce, 16);
  qed_aes_ctr_xor(&aes, ctr, o, i, n);
  return 0;
}
static int q_gcm(uint8_t *o, const uint8_t *i, size_t n)
{
  return qed_aes_gcm_encrypt(&aes, o, o + n, i, n, NULL, 0, bench_nonce, 12);
}
static int q_secretbox(uint8_t *o, const uint8_t *i, size_t n)
{
  return qed_crypto_secretbox_easy(o, i, n, bench_nonce, bench_key);
}
static int q_poly(uint8_t *o, const uint8_t *i, size_t n)
{
  return qed_crypto_onetimeauth(o, i, n, bench_key);
}
static int q_x25519(uint8_t *o, const uint8_t *i, size_t n)
{
  (void)i; (void)n;
  return qed_crypto_scalarmult(o, bench_key, bench_point);
}
static int q_sign(uint8_t *o, const uint8_t *i, size_t n)
{
  return qed_crypto_sign_detached(o, i, n, bench_ed_sk);
}
static int q_verify(uint8_t *o, const uint8_t *i, size_t n)
{
  o[0] = (uint8_t)(qed_crypto_sign_verify_detached(bench_ed_sig, i, n, bench_ed_pk) == 0);
  return 0;
}

/* The rows: `make bench`'s main function of each family.  out_len is the
 * bytes compared with the peers' (plus n when has_n: ciphertexts). */
static const struct {
  const char *what;
  bench_op qed;
  size_t out_len;
  int has_n;
  size_t per_call;   /* 0: 64 B, 1 KiB, 64 KiB; else one line, this message */
} rows[] = {
  {"SHA3-256", q_sha3, 32, 0, 0},        {"SHAKE128", q_shake, 32, 0, 0},
  {"KT128", q_kt128, 32, 0, 0},          {"SHA-256", q_sha256, 32, 0, 0},
  {"SHA-512", q_sha512, 64, 0, 0},       {"Skein-512-512", q_skein, 64, 0, 0},
  {"Ascon-Hash256", q_ascon, 32, 0, 0},  {"Ascon-AEAD128", q_aead, 16, 1, 0},
  {"AES-128-CTR", q_ctr, 0, 1, 0},       {"AES-128-GCM", q_gcm, 16, 1, 0},
  {"secretbox", q_secretbox, 16, 1, 0},  {"Poly1305", q_poly, 16, 0, 0},
  {"X25519", q_x25519, 32, 0, 32},       {"Ed25519 sign", q_sign, 64, 0, 64},
  {"Ed25519 verify", q_verify, 1, 0, 64},
};

static int cmp_u64(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static uint64_t batch(bench_op op, uint8_t *out, size_t n, unsigned long iters)
{
  unsigned long k;
  uint64_t t0;
  sched_yield();   /* start on a fresh time slice */
  t0 = ticks();
  for (k = 0; k < iters; k++) (void)op(out, msg, n);
  return ticks() - t0;
}

/* Calls of qed's op that take about batch_s: the batch size of every
 * side of the line (the same work for each). */
static unsigned long calibrate(bench_op op, size_t n)
{
  unsigned long iters = 1, k;
  double t0, el;
  for (;;) {
    t0 = seconds();
    for (k = 0; k < iters; k++) (void)op(out_qed, msg, n);
    el = seconds() - t0;
    if (el >= batch_s / 4 || iters >= (1ul << 24)) break;
    iters *= 2;
  }
  return (unsigned long)((double)iters * batch_s / (el > 1e-9 ? el : 1e-9)) + 1;
}

static const char *unit;   /* "c/B" or "ns/B"; per call "c" or "ns" */

static void print_fig(double v) { printf(v >= 1000 ? " %10.0f" : " %10.2f", v); }

/* One row at one size: qed and the peers found; 0, or 1 if a peer
 * failed or disagreed with qed. */
static int bench_line(size_t r, size_t n, int use_peers)
{
  bench_op peer[BENCH_PEERS];
  uint64_t t[BENCH_PEERS + 1][RUNS], med[BENCH_PEERS + 1];
  size_t len = rows[r].out_len + (rows[r].has_n ? n : 0), div = rows[r].per_call ? 1 : n;
  unsigned long iters;
  int p, bad = 0, run, s, shown = 0;
  char label[64];

  snprintf(label, sizeof label, "%s", rows[r].what);
  for (p = 0; p < BENCH_PEERS; p++) {
    peer[p] = use_peers ? peer_op(p, rows[r].what) : NULL;
    if (peer[p] == NULL) continue;
    /* Same output or no timing: a ratio of two different computations
     * would mean nothing. */
    memset(out_qed, 0xA5, len);
    memset(out_peer, 0x5A, len);
    if (rows[r].qed(out_qed, msg, n) != 0 || peer[p](out_peer, msg, n) != 0) {
      printf("%-15s %6zu  error: %s or qed failed, not timed\n", label, n,
             bench_peer_name[p]);
      peer[p] = NULL;
      bad = 1;
    } else if (memcmp(out_qed, out_peer, len) != 0) {
      printf("%-15s %6zu  error: %s's output differs from qed's, not timed\n",
             label, n, bench_peer_name[p]);
      peer[p] = NULL;
      bad = 1;
    }
  }
  iters = calibrate(rows[r].qed, n);
  for (run = 0; run < runs; run++) {
    /* qed first in even rounds, last in odd ones. */
    if (run % 2 == 0) t[0][run] = batch(rows[r].qed, out_qed, n, iters);
    for (p = 0; p < BENCH_PEERS; p++)
      if (peer[p]) t[p + 1][run] = batch(peer[p], out_peer, n, iters);
    if (run % 2 == 1) t[0][run] = batch(rows[r].qed, out_qed, n, iters);
  }
  for (s = 0; s <= BENCH_PEERS; s++) {
    if (s > 0 && peer[s - 1] == NULL) continue;
    qsort(t[s], (size_t)runs, sizeof t[s][0], cmp_u64);
    med[s] = t[s][runs / 2];
  }
  for (p = 0; p < BENCH_PEERS; p++) {
    if (peer[p] == NULL) continue;
    printf("%-15s %6zu", label, n);
    print_fig((double)med[0] / (double)iters / (double)div);
    printf("  %-10s", bench_peer_name[p]);
    print_fig((double)med[p + 1] / (double)iters / (double)div);
    printf(" %8.2f\n", (double)med[0] / (double)med[p + 1]);
    shown = 1;
  }
  if (!shown) {
    printf("%-15s %6zu", label, n);
    print_fig((double)med[0] / (double)iters / (double)div);
    printf("  %-10s %10s %8s\n", "-", "-", "-");
  }
  fflush(stdout);
  return bad;
}

/* A static binary cannot load shared libraries reliably (glibc's static
 * dlopen needs the same glibc at run time): no interpreter, no peers. */
static int statically_linked(void)
{
#if defined(__linux__) && defined(AT_BASE)
  return getauxval(AT_BASE) == 0;
#else
  return 0;
#endif
}

static int usage_help(void)
{
  printf("Usage: qed bench [--quick] [--no-peers | --peers]\n"
         "Speed of the main functions of the installed library, side by side "
         "with\nOpenSSL (libcrypto.so.3) and libsodium (libsodium.so.23) when "
         "they are\npresent: median of %d interleaved runs, ratio qed/peer "
         "(below 1: qed faster).\n"
         "  --quick     %d rounds instead of %d\n"
         "  --no-peers  qed alone\n"
         "  --peers     list the peer libraries found, time nothing\n"
         "`make bench` in the source tree is the full comparative benchmark.\n",
         RUNS, QUICK_RUNS, RUNS);
  return CLI_OK;
}

int cli_bench(int argc, char **argv)
{
  size_t r, s, i;
  static const size_t sizes[] = {64, 1024, BULK};
  int i_arg, use_peers = 1, list = 0, bad = 0;
  uint8_t seed[32];
  cli_prog = "qed bench";
  for (i_arg = 1; i_arg < argc; i_arg++) {
    if (strcmp(argv[i_arg], "--quick") == 0) runs = QUICK_RUNS;
    else if (strcmp(argv[i_arg], "--no-peers") == 0) use_peers = 0;
    else if (strcmp(argv[i_arg], "--peers") == 0) list = 1;
    else if (strcmp(argv[i_arg], "--help") == 0 || strcmp(argv[i_arg], "-h") == 0)
      return usage_help();
    else return cli_usage_err("unexpected argument '%s'", argv[i_arg]);
  }
  if (list && !use_peers)
    return cli_usage_err("--peers and --no-peers exclude each other");
  if (use_peers && statically_linked()) {
    printf("qed bench: this qed is statically linked and cannot load the peer "
           "libraries: qed alone\n");
    use_peers = 0;
    if (list) return CLI_OK;
  }
  if (use_peers) (void)peers_open();
  if (list) {
    peers_list();
    peers_close();
    return CLI_OK;
  }
  for (i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 131 + 7);
  for (i = 0; i < sizeof seed; i++) seed[i] = (uint8_t)(i + 1);
  if (qed_aes_init(&aes, bench_key, 16) != 0 ||
      qed_crypto_sign_seed_keypair(bench_ed_pk, bench_ed_sk, seed) != 0 ||
      qed_crypto_sign_detached(bench_ed_sig, msg, 64, bench_ed_sk) != 0) {
    fprintf(stderr, "qed bench: setting up the keys failed\n");
    return CLI_FAIL;
  }
#if defined(__x86_64__)
  unit = "TSC ticks";
#else
  unit = "ns";
#endif
  printf("qed %s, backend %s; median of %d interleaved runs; %s per byte "
         "(per call for X25519, Ed25519 on 64 B)\n",
         QED_VERSION_STRING, qed_backend_name(), runs, unit);
  printf("%-15s %6s %10s  %-10s %10s %8s\n", "function", "bytes", "qed",
         "peer", "peer", "qed/peer");
  for (r = 0; r < sizeof rows / sizeof rows[0]; r++) {
    if (rows[r].per_call) {
      bad |= bench_line(r, rows[r].per_call, use_peers);
      continue;
    }
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
      bad |= bench_line(r, sizes[s], use_peers);
  }
  qed_zeroize(bench_ed_sk, sizeof bench_ed_sk);
  qed_aes_wipe(&aes);
  qed_zeroize(seed, sizeof seed);
  if (use_peers) peers_close();
  return bad ? CLI_FAIL : CLI_OK;
}
