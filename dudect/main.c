/* make dudect: the driver (dudect/README.md).
 *
 *   dudect [--measurements N] [--only NAME[,NAME...]] [--aa fixed|random] [--list]
 *
 * NAME is a test's name (every backend it runs on) or NAME@BACKEND
 * (powm_sec_exp@portable, powm_sec_exp@default).
 * Runs the self-test first, then every test, each in a child process with
 * its own QED_BACKEND; prints one table row per test as it finishes.
 * A test takes N x its weight measurements (plus one warm-up batch).
 * Verdicts, on the largest of the raw, cropped and second-order |t|:
 *   below 4.5      pass (dudect's threshold)
 *   4.5 to 10      inconclusive: re-run, with more measurements
 *   above 10       FAIL
 * and the self-test the other way round: it must go above 10.
 * Exit status: 0 when nothing failed and the self-test found its leak;
 * 1 otherwise (2 for a usage error); 0 with a "skipped" line off x86-64. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tests.h"

#define T_PASS 4.5
#define T_FAIL 10.0

/* The self-test first: if it is not found, nothing after it means much. */
static const dudect_test *const tests[] = {
  &dudect_leaky_compare,
  &dudect_ed25519_sign,
  &dudect_x25519,
  &dudect_aes128_key,
  &dudect_aes256_key,
  &dudect_aes128_pt,
  &dudect_aes128_key_fixrnd,
  &dudect_powm_exp_portable,
  &dudect_powm_base_portable,
  &dudect_powm_exp_default,
  &dudect_powm_base_default,
  &dudect_powm_base_fixrnd,
  &dudect_kmac128,
  &dudect_kmac256,
};
#define NTESTS (sizeof tests / sizeof tests[0])

/* Does the item p[0 .. n-1] of --only name t: NAME, or NAME@BACKEND with
 * BACKEND its QED_BACKEND or "default"? */
static int names(const char *p, size_t n, const dudect_test *t)
{
  const size_t len = strlen(t->name);
  if (n < len || strncmp(p, t->name, len) != 0)
    return 0;
  if (n == len)
    return 1;
  const char *b = t->backend ? t->backend : "default";
  return p[len] == '@' && n - len - 1 == strlen(b) &&
         strncmp(p + len + 1, b, n - len - 1) == 0;
}

static int selected(const char *only, const dudect_test *t)
{
  if (only == NULL || t->leaky)   /* the self-test always runs */
    return 1;
  for (const char *p = only; *p != '\0';) {
    const char *end = strchr(p, ',');
    const size_t n = end ? (size_t)(end - p) : strlen(p);
    if (names(p, n, t))
      return 1;
    if (end == NULL)
      break;
    p = end + 1;
  }
  return 0;
}

/* Run one test in a child (fork, no exec: the parent never calls the
 * library, so the child's first call reads the QED_BACKEND it sets). */
static int run_child(const dudect_test *t, uint64_t n, dudect_result *res)
{
  int fd[2];
  if (pipe(fd) != 0)
    return -1;
  fflush(stdout);
  const pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    close(fd[0]);
    if (t->backend != NULL)
      setenv("QED_BACKEND", t->backend, 1);
    dudect_result r;
    dudect_run(t, n, &r);
    const ssize_t w = write(fd[1], &r, sizeof r);
    _exit(w == (ssize_t)sizeof r ? 0 : 1);
  }
  close(fd[1]);
  size_t got = 0;
  while (got < sizeof *res) {
    const ssize_t k = read(fd[0], (char *)res + got, sizeof *res - got);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      break;
    got += (size_t)k;
  }
  close(fd[0]);
  int wst = 0;
  while (waitpid(pid, &wst, 0) < 0 && errno == EINTR)
    ;
  if (got != sizeof *res || !WIFEXITED(wst) || WEXITSTATUS(wst) != 0)
    return -1;
  return 0;
}

static double max3(double a, double b, double c)
{
  double m = a > b ? a : b;
  return m > c ? m : c;
}

static void usage(void)
{
  fprintf(stderr, "usage: dudect [--measurements N] [--only NAME[@BACKEND][,...]] [--aa fixed|random] [--list]\n");
}

int main(int argc, char **argv)
{
  uint64_t base = 20000;
  const char *only = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--measurements") == 0 && i + 1 < argc) {
      char *end;
      base = strtoull(argv[++i], &end, 10);
      if (*end != '\0' || base == 0) {
        usage();
        return 2;
      }
    } else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
      only = argv[++i];
    } else if (strcmp(argv[i], "--aa") == 0 && i + 1 < argc) {
      ++i;
      if (strcmp(argv[i], "fixed") == 0)
        dudect_aa = 0;
      else if (strcmp(argv[i], "random") == 0)
        dudect_aa = 1;
      else {
        usage();
        return 2;
      }
    } else if (strcmp(argv[i], "--list") == 0) {
      for (size_t k = 0; k < NTESTS; k++)
        printf("%-24s %-9s x%-4u fixed class: %s\n", tests[k]->name,
               tests[k]->backend ? tests[k]->backend : "default",
               tests[k]->weight, tests[k]->fixed);
      return 0;
    } else {
      usage();
      return 2;
    }
  }

#if !defined(__x86_64__)
  printf("dudect: skipped: the timer is rdtsc, x86-64 only\n");
  return 0;
#endif

  if (dudect_aa >= 0)
    printf("dudect: A/A check: both classes %s (the self-test excepted): "
           "a |t| above %.1f is the harness's or the machine's\n",
           dudect_aa ? "random" : "fixed", T_PASS);
  printf("dudect: |t| < %.1f pass, %.1f..%.0f inconclusive (re-run), > %.0f FAIL; "
         "measurements = %llu x weight\n\n",
         T_PASS, T_PASS, T_FAIL, T_FAIL, (unsigned long long)base);
  printf("| %-22s | %-8s | %12s | %10s | %10s | %7s | %14s | %7s | %12s | %-26s |\n",
         "test", "backend", "measurements", "ticks/call", "resolution",
         "raw |t|", "cropped |t| at", "2nd |t|", "fixed-random", "verdict");
  printf("|%s|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n", "------------------------",
         "----------", "-------------:", "-----------:", "-----------:",
         "--------:", "---------------:", "--------:", "-------------:",
         "----------------------------");

  int failed = 0, inconclusive = 0;
  double total = 0.0;
  for (size_t k = 0; k < NTESTS; k++) {
    const dudect_test *t = tests[k];
    if (!selected(only, t))
      continue;
    dudect_result r;
    if (run_child(t, base * t->weight, &r) != 0) {
      printf("| %-22s | %-8s | %12s | %10s | %10s | %7s | %14s | %7s | %12s | %-26s |\n",
             t->name, t->backend ? t->backend : "default", "-", "-", "-",
             "-", "-", "-", "-", "FAIL: the test process died");
      failed = 1;
      if (t->leaky)
        break;
      continue;
    }
    total += r.seconds;
    const char *verdict;
    const double tmax = max3(r.t_raw, r.t_crop, r.t_second);
    if (r.status == 2) {
      verdict = "skipped (not x86-64)";
    } else if (r.status != 0) {
      verdict = "FAIL: setup refused";
      failed = 1;
    } else if (r.calls_failed != 0) {
      verdict = "FAIL: calls returned -1";
      failed = 1;
    } else if (t->leaky) {
      verdict = tmax > T_FAIL ? "leak found (as it must)"
                              : "FAIL: leak NOT found";
      failed |= !(tmax > T_FAIL);
    } else if (tmax > T_FAIL) {
      verdict = "FAIL: leak";
      failed = 1;
    } else if (tmax >= T_PASS) {
      verdict = "inconclusive, re-run";
      inconclusive = 1;
    } else {
      verdict = "pass";
    }
    char crop[32];
    snprintf(crop, sizeof crop, "%.2f @%.1f%%", r.t_crop, r.crop_pct);
    printf("| %-22s | %-8s | %12llu | %10.0f | %10.1f | %7.2f | %14s | %7.2f | %12.1f | %-26s |\n",
           r.name, r.backend, (unsigned long long)r.measurements,
           r.median_ticks, r.resolution, r.t_raw, crop, r.t_second, r.shift,
           verdict);
    if (t->leaky && failed) {
      printf("\ndudect: the self-test was not detected: the harness cannot "
             "be trusted on this machine; stopping\n");
      return 1;
    }
  }
  printf("\ndudect: %s%s (%.0f s of tests)\n",
         failed ? "FAILED" : "passed",
         inconclusive && !failed ? ", with inconclusive rows: re-run them" : "",
         total);
  return failed;
}
