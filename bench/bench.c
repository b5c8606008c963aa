/* qed — speed of the Keccak family side by side with OpenSSL (make bench).
 *
 * For every function and message size, qed and OpenSSL are timed
 * *interleaved*: in every round each case times qed and then OpenSSL (the
 * order alternates from round to round), and the rounds run over all cases
 * in turn, so that a burst of load from elsewhere on the machine hits every
 * case and both libraries alike instead of spoiling one row.  A timing is
 * one lfence-serialised rdtsc pair around enough calls to last at least
 * ~60 us; from the rounds we report the median and the minimum of ticks per
 * byte for each library, and qed/OpenSSL ratios of the medians, of the
 * minimums, and the median of the per-round (paired) ratios.
 *
 * Functions: SHA3-256, SHA3-512, SHAKE128 and SHAKE256 (one-shot, 32 bytes
 * of output for both SHAKEs) on 64 B, 1536 B, 64 KiB and 1 MiB, and the
 * permutation Keccak-p[1600,24] alone, in ticks per call, through the
 * dispatcher and through the portable and x86-64-v3 builds.  OpenSSL does
 * not export its permutation; when the build could pull OpenSSL's
 * keccak1600-x86_64.o out of libcrypto.a (mk/bench.mk), its SHA3_absorb on
 * one 8-byte block (one lane XOR + the permutation) stands for it.
 *
 * Usage: bench [--rounds N] [--big-rounds N] [--target-ticks T] [--no-yield]
 *              [--only NAME] [--md FILE]
 *   --no-yield    no sched_yield() before each timing (by default each timing
 *                 starts on a fresh time slice, so fewer are cut short)
 *   --only NAME   only the functions whose name contains NAME (e.g. SHAKE)
 */
#define _GNU_SOURCE 1
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>

#include "qed/common.h"
#include "qed/keccak.h"
#include "keccak/keccak_p1600.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define BENCH_X86 1
#define BENCH_UNIT "ticks"
#else
#define BENCH_X86 0
#define BENCH_UNIT "ns"
#endif

/* OpenSSL's SHA3_absorb from its keccak1600-x86_64.o, linked in by
 * mk/bench.mk when it could be extracted; a null pointer otherwise. */
extern size_t SHA3_absorb(uint64_t *A, const unsigned char *inp, size_t len,
                          size_t r) __attribute__((weak));

/* ------------------------------------------------------------------ */
/* Timer                                                               */

static inline uint64_t now_ticks(void)
{
#if BENCH_X86
  _mm_lfence();
  uint64_t t = __rdtsc();
  _mm_lfence();
  return t;
#else
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

static double now_seconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* TSC frequency, measured against CLOCK_MONOTONIC over ~50 ms. */
static double tsc_ghz(void)
{
#if BENCH_X86
  double s0 = now_seconds();
  uint64_t t0 = now_ticks();
  while (now_seconds() - s0 < 0.05) {
  }
  uint64_t t1 = now_ticks();
  double s1 = now_seconds();
  return (double)(t1 - t0) / (s1 - s0) / 1e9;
#else
  return 1.0;
#endif
}

/* ------------------------------------------------------------------ */
/* What is timed                                                       */

enum func { F_SHA3_256, F_SHA3_512, F_SHAKE128, F_SHAKE256, F_PERM,
            F_PERM_PORTABLE, F_PERM_X86V3 };

static const char *const func_name[] = {
  "SHA3-256", "SHA3-512", "SHAKE128", "SHAKE256",
  "Keccak-p[1600,24]", "Keccak-p[1600,24] portable",
  "Keccak-p[1600,24] x86-64-v3",
};

#define SHAKE_OUT 32 /* bytes squeezed from SHAKE128/256 */
#define MAX_OUT 64

static EVP_MD *ossl_md[4];
static EVP_MD_CTX *ossl_ctx;
static int ossl_failed;
static uint64_t perm_state[25];
static const uint8_t zero_lane[8];

static void run_qed(enum func f, uint8_t *out, const uint8_t *in, size_t n,
                    unsigned long iters)
{
  unsigned long i;
  switch (f) {
  case F_SHA3_256:
    for (i = 0; i < iters; i++) qed_sha3_256(out, in, n);
    break;
  case F_SHA3_512:
    for (i = 0; i < iters; i++) qed_sha3_512(out, in, n);
    break;
  case F_SHAKE128:
    for (i = 0; i < iters; i++) qed_shake128(out, SHAKE_OUT, in, n);
    break;
  case F_SHAKE256:
    for (i = 0; i < iters; i++) qed_shake256(out, SHAKE_OUT, in, n);
    break;
  case F_PERM:
    for (i = 0; i < iters; i++) qed_keccak_p1600_permute(perm_state, 24);
    break;
  case F_PERM_PORTABLE:
    for (i = 0; i < iters; i++)
      qed_keccak_p1600_permute_portable(perm_state, 24);
    break;
  case F_PERM_X86V3:
#if BENCH_X86 && defined(__x86_64__)
    for (i = 0; i < iters; i++) qed_keccak_p1600_permute_x86v3(perm_state, 24);
#endif
    break;
  }
}

static void run_ossl(enum func f, uint8_t *out, const uint8_t *in, size_t n,
                     unsigned long iters)
{
  unsigned long i;
  int ok = 1;
  switch (f) {
  case F_SHA3_256:
  case F_SHA3_512:
    for (i = 0; i < iters; i++) {
      ok &= EVP_DigestInit_ex(ossl_ctx, ossl_md[f], NULL);
      ok &= EVP_DigestUpdate(ossl_ctx, in, n);
      ok &= EVP_DigestFinal_ex(ossl_ctx, out, NULL);
    }
    break;
  case F_SHAKE128:
  case F_SHAKE256:
    for (i = 0; i < iters; i++) {
      ok &= EVP_DigestInit_ex(ossl_ctx, ossl_md[f], NULL);
      ok &= EVP_DigestUpdate(ossl_ctx, in, n);
      ok &= EVP_DigestFinalXOF(ossl_ctx, out, SHAKE_OUT);
    }
    break;
  case F_PERM:
  case F_PERM_PORTABLE:
  case F_PERM_X86V3:
    for (i = 0; i < iters; i++) SHA3_absorb(perm_state, zero_lane, 8, 8);
    break;
  }
  if (!ok) ossl_failed = 1;
}

static size_t out_len(enum func f)
{
  return f == F_SHA3_256 ? 32 : f == F_SHA3_512 ? 64 : SHAKE_OUT;
}

/* ------------------------------------------------------------------ */
/* Cases and statistics                                                */

typedef struct {
  enum func f;
  size_t n;              /* message bytes; 0 for the permutation rows */
  int has_ossl;
  unsigned rounds;       /* rounds this case takes part in */
  unsigned long iters[2];/* calls per timing: [0] qed, [1] OpenSSL */
  double *per[2];        /* ticks per byte (or per call), one per round */
  unsigned count;
} bench_case;

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(const double *v, unsigned n)
{
  double *s = malloc(n * sizeof *s);
  if (s == NULL) abort();
  memcpy(s, v, n * sizeof *s);
  qsort(s, n, sizeof *s, cmp_double);
  double m = (n % 2) ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
  free(s);
  return m;
}

static double minimum(const double *v, unsigned n)
{
  double m = v[0];
  for (unsigned i = 1; i < n; i++)
    if (v[i] < m) m = v[i];
  return m;
}

static int use_yield = 1;

static uint64_t time_once(const bench_case *c, int lib, uint8_t *out,
                          const uint8_t *in, unsigned long iters)
{
  /* Start on a fresh time slice: fewer timings cut by the scheduler. */
  if (use_yield) sched_yield();
  uint64_t t0 = now_ticks();
  if (lib == 0)
    run_qed(c->f, out, in, c->n, iters);
  else
    run_ossl(c->f, out, in, c->n, iters);
  uint64_t t1 = now_ticks();
  return t1 - t0;
}

/* Calls per timing so that one timing lasts at least target ticks. */
static unsigned long calibrate(const bench_case *c, int lib, uint8_t *out,
                               const uint8_t *in, uint64_t target)
{
  uint64_t best = UINT64_MAX;
  for (int k = 0; k < 7; k++) {
    uint64_t t = time_once(c, lib, out, in, 1);
    if (t < best) best = t;
  }
  if (best == 0) best = 1;
  unsigned long it = (unsigned long)((target + best - 1) / best);
  return it ? it : 1;
}

/* ------------------------------------------------------------------ */
/* Machine description                                                 */

static void cpu_model(char *buf, size_t len)
{
  char name[200] = "unknown CPU", fam[16] = "", mod[16] = "", step[16] = "";
  FILE *fp = fopen("/proc/cpuinfo", "r");
  if (fp != NULL) {
    char line[512];
    while (fgets(line, sizeof line, fp) != NULL) {
      char *p = strchr(line, ':');
      if (p == NULL) continue;
      size_t k = (size_t)(p - line);
      while (k > 0 && (line[k - 1] == ' ' || line[k - 1] == '\t')) k--;
      line[k] = 0;
      p++;
      while (*p == ' ' || *p == '\t') p++;
      p[strcspn(p, "\n")] = 0;
      if (line[0] == 0) break; /* blank line: end of the first CPU */
      if (strcmp(line, "model name") == 0) snprintf(name, sizeof name, "%s", p);
      else if (strcmp(line, "cpu family") == 0) snprintf(fam, sizeof fam, "%s", p);
      else if (strcmp(line, "model") == 0) snprintf(mod, sizeof mod, "%s", p);
      else if (strcmp(line, "stepping") == 0) snprintf(step, sizeof step, "%s", p);
    }
    fclose(fp);
  }
  if (fam[0] && mod[0])
    snprintf(buf, len, "%s (family %s model %s stepping %s)", name, fam, mod,
             step[0] ? step : "?");
  else
    snprintf(buf, len, "%s", name);
}

static void affinity(char *buf, size_t len)
{
  cpu_set_t set;
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  if (sched_getaffinity(0, sizeof set, &set) != 0) {
    snprintf(buf, len, "unknown");
    return;
  }
  int cnt = CPU_COUNT(&set);
  if (cnt >= ncpu) {
    snprintf(buf, len, "not pinned (%ld online CPUs)", ncpu);
    return;
  }
  size_t off = (size_t)snprintf(buf, len, "pinned to CPU");
  for (int i = 0; i < CPU_SETSIZE && off < len; i++)
    if (CPU_ISSET(i, &set))
      off += (size_t)snprintf(buf + off, len - off, " %d", i);
  if (off < len) snprintf(buf + off, len - off, " of %ld", ncpu);
}

static void loadavg(char *buf, size_t len)
{
  snprintf(buf, len, "?");
  FILE *fp = fopen("/proc/loadavg", "r");
  if (fp == NULL) return;
  if (fgets(buf, (int)len, fp) != NULL) {
    /* keep the three averages */
    char *p = buf;
    for (int k = 0; k < 3 && p != NULL; k++) {
      p = strchr(p, ' ');
      if (p != NULL) p++;
    }
    if (p != NULL) p[-1] = 0;
  }
  fclose(fp);
}

/* ------------------------------------------------------------------ */

static void die(const char *msg)
{
  fprintf(stderr, "bench: %s\n", msg);
  exit(1);
}

static void hex(char *dst, const uint8_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++) sprintf(dst + 2 * i, "%02x", p[i]);
}

static void size_label(char *buf, size_t len, const bench_case *c)
{
  if (c->n == 0)
    snprintf(buf, len, "1 call");
  else if (c->n >= 1048576 && c->n % 1048576 == 0)
    snprintf(buf, len, "%zu MiB", c->n / 1048576);
  else if (c->n >= 1024 && c->n % 1024 == 0)
    snprintf(buf, len, "%zu KiB", c->n / 1024);
  else
    snprintf(buf, len, "%zu B", c->n);
}

static unsigned long parse_num(const char *s, const char *opt)
{
  char *end;
  errno = 0;
  unsigned long v = strtoul(s, &end, 10);
  if (errno != 0 || *end != 0 || v == 0) {
    fprintf(stderr, "bench: bad value for %s: %s\n", opt, s);
    exit(2);
  }
  return v;
}

int main(int argc, char **argv)
{
  unsigned rounds = 201, big_rounds = 51;
  uint64_t target = 0;
  const char *md_path = NULL;
  const char *only = NULL; /* run only the functions whose name has this */

  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
      rounds = (unsigned)parse_num(argv[++i], "--rounds");
    else if (strcmp(argv[i], "--big-rounds") == 0 && i + 1 < argc)
      big_rounds = (unsigned)parse_num(argv[++i], "--big-rounds");
    else if (strcmp(argv[i], "--target-ticks") == 0 && i + 1 < argc)
      target = parse_num(argv[++i], "--target-ticks");
    else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
      only = argv[++i];
    else if (strcmp(argv[i], "--no-yield") == 0)
      use_yield = 0;
    else if (strcmp(argv[i], "--md") == 0 && i + 1 < argc)
      md_path = argv[++i];
    else {
      fprintf(stderr, "usage: %s [--rounds N] [--big-rounds N] "
                      "[--target-ticks T] [--no-yield] [--only NAME] [--md FILE]\n", argv[0]);
      return 2;
    }
  }

  double t_start = now_seconds();
  char la0[64];
  loadavg(la0, sizeof la0);
  double ghz = tsc_ghz();
  if (target == 0) /* ~60 us per timing */
    target = (uint64_t)(60e-6 * ghz * 1e9);

  /* ---- OpenSSL, fetched once ---- */
  static const char *const names[4] = { "SHA3-256", "SHA3-512", "SHAKE128",
                                        "SHAKE256" };
  for (int k = 0; k < 4; k++) {
    ossl_md[k] = EVP_MD_fetch(NULL, names[k], NULL);
    if (ossl_md[k] == NULL) die("EVP_MD_fetch failed");
  }
  ossl_ctx = EVP_MD_CTX_new();
  if (ossl_ctx == NULL) die("EVP_MD_CTX_new failed");

  int have_v3 = 0;
#if BENCH_X86 && defined(__x86_64__)
  __builtin_cpu_init();
  /* x86-64-v3 by its distinctive features (clang 14 lacks the level name) */
  have_v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
            __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("fma");
#endif
  int have_ossl_perm = SHA3_absorb != NULL;

  /* ---- input ---- */
  const size_t maxn = 1048576;
  uint8_t *buf = aligned_alloc(64, maxn);
  if (buf == NULL) die("out of memory");
  uint64_t x = 0x0123456789abcdefu;
  for (size_t i = 0; i < maxn; i++) { /* xorshift: arbitrary fixed bytes */
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    buf[i] = (uint8_t)x;
  }

  /* ---- the cases ---- */
  static const size_t sizes[4] = { 64, 1536, 65536, 1048576 };
  bench_case cases[32];
  unsigned nc = 0;
  for (int f = F_SHA3_256; f <= F_SHAKE256; f++)
    for (int s = 0; s < 4; s++) {
      bench_case c = { (enum func)f, sizes[s], 1,
                       sizes[s] >= 1048576 ? big_rounds : rounds,
                       { 0, 0 }, { NULL, NULL }, 0 };
      cases[nc++] = c;
    }
  {
    bench_case c = { F_PERM, 0, have_ossl_perm, rounds, { 0, 0 },
                     { NULL, NULL }, 0 };
    cases[nc++] = c;
    c.f = F_PERM_PORTABLE;
    cases[nc++] = c;
    if (have_v3) {
      c.f = F_PERM_X86V3;
      cases[nc++] = c;
    }
  }

  if (only != NULL) {
    unsigned kept = 0;
    for (unsigned k = 0; k < nc; k++)
      if (strstr(func_name[cases[k].f], only) != NULL) cases[kept++] = cases[k];
    nc = kept;
    if (nc == 0) die("--only matches no function");
  }

  /* ---- check qed against OpenSSL before timing anything ---- */
  for (unsigned k = 0; k < nc; k++) {
    bench_case *c = &cases[k];
    if (c->f >= F_PERM) continue;
    uint8_t a[MAX_OUT], b[MAX_OUT];
    memset(a, 0, sizeof a);
    memset(b, 0x55, sizeof b);
    run_qed(c->f, a, buf, c->n, 1);
    run_ossl(c->f, b, buf, c->n, 1);
    if (ossl_failed) die("OpenSSL digest call failed");
    if (memcmp(a, b, out_len(c->f)) != 0) {
      char ha[2 * MAX_OUT + 1], hb[2 * MAX_OUT + 1];
      hex(ha, a, out_len(c->f));
      hex(hb, b, out_len(c->f));
      fprintf(stderr, "bench: %s of %zu bytes differs:\n  qed     %s\n"
                      "  OpenSSL %s\n", func_name[c->f], c->n, ha, hb);
      return 1;
    }
  }
  {
    /* Keccak-f[1600] of the zero state: first lane F1258F7940E1DDE7. */
    uint64_t s[4][25];
    memset(s, 0, sizeof s);
    qed_keccak_p1600_permute(s[0], 24);
    qed_keccak_p1600_permute_portable(s[1], 24);
#if BENCH_X86 && defined(__x86_64__)
    if (have_v3) qed_keccak_p1600_permute_x86v3(s[2], 24);
    else
#endif
      memcpy(s[2], s[0], sizeof s[2]);
    if (have_ossl_perm) SHA3_absorb(s[3], zero_lane, 8, 8);
    else memcpy(s[3], s[0], sizeof s[3]);
    if (s[0][0] != 0xF1258F7940E1DDE7u || memcmp(s[0], s[1], sizeof s[0]) ||
        memcmp(s[0], s[2], sizeof s[0]) || memcmp(s[0], s[3], sizeof s[0]))
      die("Keccak-p[1600,24] of the zero state is wrong in one build "
          "(or OpenSSL's)");
  }

  /* ---- calibrate ---- */
  uint8_t out[MAX_OUT];
  unsigned max_rounds = rounds > big_rounds ? rounds : big_rounds;
  for (unsigned k = 0; k < nc; k++) {
    bench_case *c = &cases[k];
    for (int lib = 0; lib < 2; lib++) {
      c->per[lib] = calloc(c->rounds, sizeof(double));
      if (c->per[lib] == NULL) die("out of memory");
      if (lib == 1 && !c->has_ossl) continue;
      c->iters[lib] = calibrate(c, lib, out, buf, target);
    }
  }

  /* ---- interleaved rounds ---- */
  for (unsigned r = 0; r < max_rounds; r++) {
    for (unsigned k = 0; k < nc; k++) {
      bench_case *c = &cases[k];
      if (r >= c->rounds) continue;
      double div = c->n ? (double)c->n : 1.0;
      for (int j = 0; j < 2; j++) {
        int lib = (r & 1) ? 1 - j : j;
        if (lib == 1 && !c->has_ossl) continue;
        uint64_t t = time_once(c, lib, out, buf, c->iters[lib]);
        c->per[lib][c->count] = (double)t / (double)c->iters[lib] / div;
      }
      c->count++;
    }
  }
  if (ossl_failed) die("an OpenSSL digest call failed while timing");

  /* ---- report ---- */
  char cpu[256], aff[256], la1[64];
  cpu_model(cpu, sizeof cpu);
  affinity(aff, sizeof aff);
  loadavg(la1, sizeof la1);
  double elapsed = now_seconds() - t_start;

  /* How disturbed the run was: median over rows of median/min. */
  double spreads[64];
  unsigned ns = 0;
  for (unsigned k = 0; k < nc; k++)
    for (int lib = 0; lib < 2; lib++)
      if ((lib == 0 || cases[k].has_ossl) && ns < 64)
        spreads[ns++] = median(cases[k].per[lib], cases[k].count) /
                        minimum(cases[k].per[lib], cases[k].count);
  double spread = median(spreads, ns);

  char head[10][320];
  int nh = 0;
  snprintf(head[nh++], sizeof head[0], "qed bench: backend %s; %s",
           qed_backend_name(), cpu);
#if BENCH_X86
  snprintf(head[nh++], sizeof head[0],
           "timer: rdtsc with lfence; TSC %.3f GHz (measured); "
           "values in TSC ticks per byte (per call for the permutation)",
           ghz);
#else
  snprintf(head[nh++], sizeof head[0],
           "timer: clock_gettime(CLOCK_MONOTONIC), not x86: values in ns "
           "per byte (per call for the permutation), NOT cycles");
#endif
  snprintf(head[nh++], sizeof head[0], "%s; %s; compiler %s", aff,
           OpenSSL_version(OPENSSL_VERSION), __VERSION__);
  snprintf(head[nh++], sizeof head[0],
           "%u interleaved rounds (%u for 1 MiB), >= %.0f us per timing, "
           "qed/OpenSSL order alternating; SHAKE output %d bytes",
           rounds, big_rounds, (double)target / (ghz * 1e3), SHAKE_OUT);
  snprintf(head[nh++], sizeof head[0],
           "ratio = qed / OpenSSL (< 1: qed faster); paired = median of "
           "per-round ratios; load average %s before, %s after; %.1f s",
           la0, la1, elapsed);
  snprintf(head[nh++], sizeof head[0],
           "disturbance: median/min = %.2f (about 1.1-1.2 when the machine "
           "is quiet; well above: medians disturbed, ratios may shift)",
           spread);
  snprintf(head[nh++], sizeof head[0],
           "qed: one-shot calls; OpenSSL: EVP_DigestInit_ex + Update + "
           "Final/FinalXOF on one EVP_MD_CTX, MD fetched once (3.0 frees and "
           "re-allocates the provider context at every init)");
  if (!have_ossl_perm)
    snprintf(head[nh++], sizeof head[0],
             "OpenSSL permutation: not available (keccak1600-x86_64.o not "
             "extracted from libcrypto.a)");
  else
    snprintf(head[nh++], sizeof head[0],
             "OpenSSL permutation: SHA3_absorb of one 8-byte block from "
             "libcrypto.a's keccak1600-x86_64.o (1 lane XOR + permutation)");
  if (!have_v3)
    snprintf(head[nh++], sizeof head[0],
             "x86-64-v3 build of the permutation not timed (CPU lacks "
             "x86-64-v3 or not x86-64)");

  FILE *md = NULL;
  if (md_path != NULL) {
    md = fopen(md_path, "w");
    if (md == NULL) {
      perror(md_path);
      return 1;
    }
    fprintf(md, "# qed vs OpenSSL: Keccak family\n\n");
    for (int i = 0; i < nh; i++) fprintf(md, "- %s\n", head[i]);
    fprintf(md, "\n| function | size | unit | qed median | qed min | "
                "OpenSSL median | OpenSSL min | ratio median | ratio min | "
                "paired |\n|---|---|---|--:|--:|--:|--:|--:|--:|--:|\n");
  }

  for (int i = 0; i < nh; i++) printf("%s\n", head[i]);
  printf("\n%-28s %-8s %-8s %10s %10s %10s %10s %7s %7s %7s\n", "function",
         "size", "unit", "qed med", "qed min", "OSSL med", "OSSL min",
         "r(med)", "r(min)", "paired");
  printf("%.*s\n", 28 + 1 + 8 + 1 + 8 + 4 * 11 + 3 * 8,
         "-------------------------------------------------------------------"
         "-------------------------------------------------------------------");
  const char *unit_b = BENCH_X86 ? "c/B" : "ns/B";
  const char *unit_c = BENCH_X86 ? "c/call" : "ns/call";
  for (unsigned k = 0; k < nc; k++) {
    bench_case *c = &cases[k];
    char sz[32], cols[4][32], rat[3][16];
    size_label(sz, sizeof sz, c);
    const char *unit = c->n ? unit_b : unit_c;
    int prec = c->n ? 2 : 0;
    double qm = median(c->per[0], c->count), qn = minimum(c->per[0], c->count);
    snprintf(cols[0], sizeof cols[0], "%.*f", prec, qm);
    snprintf(cols[1], sizeof cols[1], "%.*f", prec, qn);
    if (c->has_ossl) {
      double om = median(c->per[1], c->count);
      double on = minimum(c->per[1], c->count);
      double *pr = malloc(c->count * sizeof *pr);
      if (pr == NULL) die("out of memory");
      for (unsigned i = 0; i < c->count; i++) pr[i] = c->per[0][i] / c->per[1][i];
      snprintf(cols[2], sizeof cols[2], "%.*f", prec, om);
      snprintf(cols[3], sizeof cols[3], "%.*f", prec, on);
      snprintf(rat[0], sizeof rat[0], "%.3f", qm / om);
      snprintf(rat[1], sizeof rat[1], "%.3f", qn / on);
      snprintf(rat[2], sizeof rat[2], "%.3f", median(pr, c->count));
      free(pr);
    } else {
      for (int i = 2; i < 4; i++) snprintf(cols[i], sizeof cols[i], "-");
      for (int i = 0; i < 3; i++) snprintf(rat[i], sizeof rat[i], "-");
    }
    const char *name = func_name[c->f];
    if (c->f == F_PERM) {
      static char dn[64];
      snprintf(dn, sizeof dn, "Keccak-p[1600,24] (%s)", qed_backend_name());
      name = dn;
    }
    printf("%-28s %-8s %-8s %10s %10s %10s %10s %7s %7s %7s\n", name, sz,
           unit, cols[0], cols[1], cols[2], cols[3], rat[0], rat[1], rat[2]);
    if (md != NULL)
      fprintf(md, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
              name, sz, unit, cols[0], cols[1], cols[2], cols[3], rat[0],
              rat[1], rat[2]);
  }
  if (md != NULL) {
    fclose(md);
    printf("\n(written to %s)\n", md_path);
  }

  for (int k = 0; k < 4; k++) EVP_MD_free(ossl_md[k]);
  EVP_MD_CTX_free(ossl_ctx);
  for (unsigned k = 0; k < nc; k++) {
    free(cases[k].per[0]);
    free(cases[k].per[1]);
  }
  free(buf);
  return 0;
}
