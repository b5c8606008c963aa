/* qed — speed side by side with the libraries users would pick instead
 * (make bench).  The rows come from the families (bench/bench_*.c,
 * bench/harness.h); this file times them and prints the tables.
 *
 * Every row is timed *interleaved*: in each round the row times qed and
 * then the library it is compared with (the order alternates from round to
 * round), and the rounds run over all rows in turn, so that a burst of load
 * from elsewhere on the machine hits every row and both sides alike
 * instead of spoiling one row.  A timing is one lfence-serialised rdtsc
 * pair around enough calls to last at least ~60 us; from the rounds we
 * report the median and the minimum of ticks per byte (per call for the
 * rows without a message) for each side, and the ratios qed/other of the
 * medians, of the minimums, and the median of the per-round (paired)
 * ratios.  The machine has 2 cores shared with other work: a single timing
 * means nothing, and the "disturbance" line says how quiet the run was.
 *
 * Usage: bench [--rounds N] [--big-rounds N] [--target-ticks T] [--no-yield]
 *              [--only TEXT] [--portable-rows] [--md FILE] [--list]
 *   --rounds N       rounds of every row (201); --big-rounds N: of the rows
 *                    of 1 MiB or more (51)
 *   --no-yield       no sched_yield() before each timing (by default each
 *                    timing starts on a fresh time slice, so fewer are cut)
 *   --only TEXT      only the rows whose family or name contains TEXT
 *   --portable-rows  only the rows marked portable (mk/bench.mk runs them
 *                    again with QED_BACKEND=portable)
 *   --list           the rows, without timing anything
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

#include "harness.h"
#include "qed/common.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define BENCH_X86 1
#else
#define BENCH_X86 0
#endif

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
/* Rows being timed and their statistics                               */

typedef struct {
  const bench_family *fam;
  const bench_row *row;
  unsigned rounds;         /* rounds this row takes part in */
  unsigned long iters[2];  /* calls per timing: [0] qed, [1] the other */
  double *per[2];          /* ticks per byte (or per call), one per round */
  unsigned count;
} bench_case;

static void die(const char *msg)
{
  fprintf(stderr, "bench: %s\n", msg);
  exit(1);
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(const double *v, unsigned n)
{
  double *s = malloc(n * sizeof *s);
  if (s == NULL) die("out of memory");
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

static uint64_t time_once(const bench_case *c, int side, uint8_t *out,
                          const uint8_t *in, unsigned long iters)
{
  bench_fn fn = side == 0 ? c->row->qed : c->row->ref;
  /* Start on a fresh time slice: fewer timings cut by the scheduler. */
  if (use_yield) sched_yield();
  uint64_t t0 = now_ticks();
  fn(out, in, c->row->n, iters);
  uint64_t t1 = now_ticks();
  return t1 - t0;
}

/* Calls per timing so that one timing lasts at least target ticks. */
static unsigned long calibrate(const bench_case *c, int side, uint8_t *out,
                               const uint8_t *in, uint64_t target)
{
  uint64_t best = UINT64_MAX;
  for (int k = 0; k < 7; k++) {
    uint64_t t = time_once(c, side, out, in, 1);
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

static void hex(char *dst, const uint8_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++) sprintf(dst + 2 * i, "%02x", p[i]);
}

static void size_label(char *buf, size_t len, size_t n)
{
  if (n == 0)
    snprintf(buf, len, "1 call");
  else if (n >= 1048576 && n % 1048576 == 0)
    snprintf(buf, len, "%zu MiB", n / 1048576);
  else if (n >= 1024 && n % 1024 == 0)
    snprintf(buf, len, "%zu KiB", n / 1024);
  else
    snprintf(buf, len, "%zu B", n);
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

#define BENCH_FAMILY(f) &bench_family_##f,
static const bench_family *const families[] = {
#include "families.h"
};
#undef BENCH_FAMILY
#define NFAMILIES (sizeof families / sizeof families[0])

static int selected(const bench_family *f, const bench_row *r,
                    const char *only, int portable_rows)
{
  if (portable_rows && !r->portable) return 0;
  if (only == NULL) return 1;
  return strstr(f->name, only) != NULL || strstr(r->name, only) != NULL;
}

/* One table row: "name size unit qed-med qed-min ref-med ref-min r(med)
 * r(min) paired vs target" on stdout, and in Markdown when md != NULL. */
static void report_row(const bench_case *c, FILE *md)
{
  const bench_row *r = c->row;
  char sz[32], cols[4][32], rat[3][16], verdict[32];
  size_label(sz, sizeof sz, r->n);
  const char *unit = r->n ? (BENCH_X86 ? "c/B" : "ns/B")
                          : (BENCH_X86 ? "c/call" : "ns/call");
  int prec = r->n ? 2 : 0;
  double qm = median(c->per[0], c->count), qn = minimum(c->per[0], c->count);
  snprintf(cols[0], sizeof cols[0], "%.*f", prec, qm);
  snprintf(cols[1], sizeof cols[1], "%.*f", prec, qn);
  snprintf(verdict, sizeof verdict, "-");
  if (r->ref != NULL) {
    double om = median(c->per[1], c->count);
    double on = minimum(c->per[1], c->count);
    double *pr = malloc(c->count * sizeof *pr);
    if (pr == NULL) die("out of memory");
    for (unsigned i = 0; i < c->count; i++) pr[i] = c->per[0][i] / c->per[1][i];
    double paired = median(pr, c->count);
    free(pr);
    snprintf(cols[2], sizeof cols[2], "%.*f", prec, om);
    snprintf(cols[3], sizeof cols[3], "%.*f", prec, on);
    snprintf(rat[0], sizeof rat[0], "%.3f", qm / om);
    snprintf(rat[1], sizeof rat[1], "%.3f", qn / on);
    snprintf(rat[2], sizeof rat[2], "%.3f", paired);
    if (r->target > 0)
      snprintf(verdict, sizeof verdict, "%s <= %.2f",
               paired <= r->target ? "meets" : "MISSES", r->target);
  } else {
    for (int i = 2; i < 4; i++) snprintf(cols[i], sizeof cols[i], "-");
    for (int i = 0; i < 3; i++) snprintf(rat[i], sizeof rat[i], "-");
  }
  const char *vs = r->ref != NULL ? r->ref_name : "-";
  printf("%-30s %-7s %-6s %9s %9s %9s %9s %6s %6s %6s  %-22s %s\n", r->name,
         sz, unit, cols[0], cols[1], cols[2], cols[3], rat[0], rat[1], rat[2],
         vs, verdict);
  if (md != NULL)
    fprintf(md, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
            r->name, sz, unit, cols[0], cols[1], cols[2], cols[3], rat[0],
            rat[1], rat[2], vs, verdict);
}

int main(int argc, char **argv)
{
  unsigned rounds = 201, big_rounds = 51;
  uint64_t target = 0;
  const char *md_path = NULL;
  const char *only = NULL;
  int portable_rows = 0, list = 0;

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
    else if (strcmp(argv[i], "--portable-rows") == 0)
      portable_rows = 1;
    else if (strcmp(argv[i], "--list") == 0)
      list = 1;
    else if (strcmp(argv[i], "--md") == 0 && i + 1 < argc)
      md_path = argv[++i];
    else {
      fprintf(stderr, "usage: %s [--rounds N] [--big-rounds N] "
                      "[--target-ticks T] [--no-yield] [--only TEXT] "
                      "[--portable-rows] [--md FILE] [--list]\n", argv[0]);
      return 2;
    }
  }

  double t_start = now_seconds();
  char la0[64];
  loadavg(la0, sizeof la0);

  /* ---- the input: fixed pseudo-random bytes (xorshift) ---- */
  uint8_t *buf = aligned_alloc(64, BENCH_IN_MAX);
  if (buf == NULL) die("out of memory");
  uint64_t x = 0x0123456789abcdefu;
  for (size_t i = 0; i < BENCH_IN_MAX; i++) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    buf[i] = (uint8_t)x;
  }

  /* ---- the rows of the families that are ready ---- */
  size_t total = 0;
  for (size_t f = 0; f < NFAMILIES; f++) total += families[f]->count;
  bench_case *cases = calloc(total ? total : 1, sizeof *cases);
  if (cases == NULL) die("out of memory");
  unsigned nc = 0;
  char skipped[NFAMILIES][160];
  for (size_t f = 0; f < NFAMILIES; f++) {
    const bench_family *fam = families[f];
    skipped[f][0] = 0;
    int any = 0;
    for (size_t k = 0; k < fam->count; k++)
      any |= selected(fam, &fam->rows[k], only, portable_rows);
    if (!any) continue;
    if (list) {
      for (size_t k = 0; k < fam->count; k++)
        if (selected(fam, &fam->rows[k], only, portable_rows))
          printf("%s: %s, %zu bytes%s%s\n", fam->name, fam->rows[k].name,
                 fam->rows[k].n, fam->rows[k].ref ? " vs " : "",
                 fam->rows[k].ref ? fam->rows[k].ref_name : "");
      continue;
    }
    if (fam->setup != NULL && fam->setup() != 0) {
      snprintf(skipped[f], sizeof skipped[f], "%s: skipped (setup failed)",
               fam->name);
      continue;
    }
    for (size_t k = 0; k < fam->count; k++) {
      const bench_row *r = &fam->rows[k];
      if (!selected(fam, r, only, portable_rows)) continue;
      if (r->n > BENCH_IN_MAX) die("a row's message is larger than BENCH_IN_MAX");
      bench_case c = { fam, r, r->n >= 1048576 ? big_rounds : rounds,
                       { 0, 0 }, { NULL, NULL }, 0 };
      cases[nc++] = c;
    }
  }
  if (list) return 0;
  if (nc == 0) die("no row selected");
  double ghz = tsc_ghz();
  if (target == 0) /* ~60 us per timing */
    target = (uint64_t)(60e-6 * ghz * 1e9);

  /* ---- every comparison checked before timing anything ---- */
  static uint8_t a[BENCH_OUT_MAX], b[BENCH_OUT_MAX];
  for (unsigned k = 0; k < nc; k++) {
    const bench_row *r = cases[k].row;
    if (r->ref == NULL || r->check_len == 0) continue;
    if (r->check_len > BENCH_OUT_MAX) die("check_len > BENCH_OUT_MAX");
    memset(a, 0, sizeof a);
    memset(b, 0x55, sizeof b);
    r->qed(a, buf, r->n, 1);
    r->ref(b, buf, r->n, 1);
    if (memcmp(a, b, r->check_len) != 0) {
      char ha[2 * 64 + 1], hb[2 * 64 + 1];
      size_t shown = r->check_len < 64 ? r->check_len : 64;
      hex(ha, a, shown);
      hex(hb, b, shown);
      fprintf(stderr, "bench: %s of %zu bytes differs from %s:\n  qed   %s\n"
                      "  other %s\n", r->name, r->n, r->ref_name, ha, hb);
      return 1;
    }
  }

  /* ---- calibrate ---- */
  unsigned max_rounds = 0;
  for (unsigned k = 0; k < nc; k++) {
    bench_case *c = &cases[k];
    if (c->rounds > max_rounds) max_rounds = c->rounds;
    for (int side = 0; side < 2; side++) {
      c->per[side] = calloc(c->rounds, sizeof(double));
      if (c->per[side] == NULL) die("out of memory");
      if (side == 1 && c->row->ref == NULL) continue;
      c->iters[side] = calibrate(c, side, a, buf, target);
    }
  }

  /* ---- interleaved rounds ---- */
  for (unsigned r = 0; r < max_rounds; r++) {
    for (unsigned k = 0; k < nc; k++) {
      bench_case *c = &cases[k];
      if (r >= c->rounds) continue;
      double div = c->row->n ? (double)c->row->n : 1.0;
      for (int j = 0; j < 2; j++) {
        int side = (r & 1) ? 1 - j : j;
        if (side == 1 && c->row->ref == NULL) continue;
        uint64_t t = time_once(c, side, a, buf, c->iters[side]);
        c->per[side][c->count] = (double)t / (double)c->iters[side] / div;
      }
      c->count++;
    }
  }

  /* ---- report ---- */
  char cpu[256], aff[256], la1[64];
  cpu_model(cpu, sizeof cpu);
  affinity(aff, sizeof aff);
  loadavg(la1, sizeof la1);
  double elapsed = now_seconds() - t_start;

  /* How disturbed the run was: median over rows of median/min. */
  double *spreads = calloc(2 * (size_t)nc, sizeof *spreads);
  if (spreads == NULL) die("out of memory");
  unsigned ns = 0;
  for (unsigned k = 0; k < nc; k++)
    for (int side = 0; side < 2; side++)
      if (side == 0 || cases[k].row->ref != NULL)
        spreads[ns++] = median(cases[k].per[side], cases[k].count) /
                        minimum(cases[k].per[side], cases[k].count);
  double spread = median(spreads, ns);
  free(spreads);

  char head[8][320];
  int nh = 0;
  snprintf(head[nh++], sizeof head[0], "qed bench: backend %s; %s",
           qed_backend_name(), cpu);
#if BENCH_X86
  snprintf(head[nh++], sizeof head[0],
           "timer: rdtsc with lfence; TSC %.3f GHz (measured); values in "
           "TSC ticks per byte (per call for the rows of 1 call)", ghz);
#else
  snprintf(head[nh++], sizeof head[0],
           "timer: clock_gettime(CLOCK_MONOTONIC), not x86: values in ns "
           "per byte (per call for the rows of 1 call), NOT cycles");
#endif
  snprintf(head[nh++], sizeof head[0], "%s; compiler %s", aff, __VERSION__);
  snprintf(head[nh++], sizeof head[0],
           "%u interleaved rounds (%u for 1 MiB and more), >= %.0f us per "
           "timing, qed/other order alternating",
           rounds, big_rounds, (double)target / (ghz * 1e3));
  snprintf(head[nh++], sizeof head[0],
           "ratio = qed / other (< 1: qed faster); paired = median of "
           "per-round ratios; target verdicts use paired; load average %s "
           "before, %s after; %.1f s", la0, la1, elapsed);
  snprintf(head[nh++], sizeof head[0],
           "disturbance: median/min = %.2f (about 1.1-1.2 when the machine "
           "is quiet; well above: medians disturbed, ratios may shift)",
           spread);

  FILE *md = NULL;
  if (md_path != NULL) {
    md = fopen(md_path, "w");
    if (md == NULL) {
      perror(md_path);
      return 1;
    }
    fprintf(md, "# qed bench (backend %s)\n\n", qed_backend_name());
    for (int i = 0; i < nh; i++) fprintf(md, "- %s\n", head[i]);
  }
  for (int i = 0; i < nh; i++) printf("%s\n", head[i]);

  for (size_t f = 0; f < NFAMILIES; f++) {
    if (skipped[f][0]) {
      printf("\n%s\n", skipped[f]);
      if (md != NULL) fprintf(md, "\n%s\n", skipped[f]);
      continue;
    }
    int any = 0;
    for (unsigned k = 0; k < nc; k++) any |= cases[k].fam == families[f];
    if (!any) continue;
    printf("\n%s\n%-30s %-7s %-6s %9s %9s %9s %9s %6s %6s %6s  %-22s %s\n",
           families[f]->name, "function", "size", "unit", "qed med",
           "qed min", "oth med", "oth min", "r(med)", "r(min)", "paired",
           "other", "target");
    if (md != NULL)
      fprintf(md, "\n## %s\n\n| function | size | unit | qed median | qed min | "
                  "other median | other min | ratio median | ratio min | "
                  "paired | other | target |\n"
                  "|---|---|---|--:|--:|--:|--:|--:|--:|--:|---|---|\n",
              families[f]->name);
    for (unsigned k = 0; k < nc; k++)
      if (cases[k].fam == families[f]) report_row(&cases[k], md);
  }
  if (md != NULL) {
    fclose(md);
    printf("\n(written to %s)\n", md_path);
  }

  for (unsigned k = 0; k < nc; k++) {
    free(cases[k].per[0]);
    free(cases[k].per[1]);
  }
  free(cases);
  free(buf);
  return 0;
}
