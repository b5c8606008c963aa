/* Hashing one file through the streaming API, in 64 KiB blocks (never the
 * whole file in memory), with an optional progress bar on stderr. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

static uint8_t block[CLI_BLOCK];

/* Inputs shorter than this get no progress bar. */
#define PROGRESS_MIN (1024 * 1024)

static void show_progress(const char *name, uint64_t done, uint64_t total)
{
  char bar[41];
  unsigned k, filled;
  if (total == 0) {   /* a pipe: bytes so far */
    fprintf(stderr, "\r%s: %llu MiB", name,
            (unsigned long long)(done >> 20));
    return;
  }
  filled = (unsigned)(done * 40 / total);
  for (k = 0; k < 40; k++) bar[k] = k < filled ? '#' : '.';
  bar[40] = '\0';
  fprintf(stderr, "\r%s: [%s] %3u%%", name, bar,
          (unsigned)(done * 100 / total));
}

int cli_digest_file(const char *name, const cli_alg *a, size_t outlen,
                    const cli_params *p, uint8_t *out, int progress,
                    int quiet_enoent, int *missing)
{
  cli_hash h;
  FILE *f;
  struct stat st;
  uint64_t total = 0, done = 0;
  unsigned last_shown = 0;
  int shown = 0;
  size_t n;

  *missing = 0;
  f = cli_open(name);
  if (f == NULL) {
    if (errno == ENOENT) *missing = 1;
    if (!(quiet_enoent && errno == ENOENT)) cli_err("%s: %s", name, strerror(errno));
    return -1;
  }
  if (progress) {
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
      total = (uint64_t)st.st_size;
      if (total < PROGRESS_MIN) progress = 0;
    }
  }
  if (cli_hash_begin(&h, a, outlen, p) != 0) {
    cli_close(f);
    return -1;
  }
  while ((n = fread(block, 1, sizeof block, f)) > 0) {
    if (cli_hash_update(&h, block, n) != 0) {
      cli_hash_wipe(&h);
      cli_close(f);
      cli_err("%s: input too long for %s", name, a->name);
      return -1;
    }
    done += n;
    if (progress && (total != 0 || done >= PROGRESS_MIN)) {
      /* redraw at each percent (or each 16 MiB of a pipe) */
      unsigned step = total ? (unsigned)(done * 100 / total)
                            : (unsigned)(done >> 24);
      if (!shown || step != last_shown) {
        show_progress(name, done, total);
        last_shown = step;
        shown = 1;
      }
    }
  }
  if (shown) {
    show_progress(name, done, total);
    fputc('\n', stderr);
  }
  if (ferror(f)) {
    int e = errno;
    cli_hash_wipe(&h);
    cli_close(f);
    cli_err("%s: %s", name, strerror(e));
    return -1;
  }
  cli_close(f);
  if (cli_hash_end(&h, out) != 0) {
    cli_err("%s: %s failed", name, a->name);
    return -1;
  }
  return 0;
}

int cli_parse_bits(const char *s, unsigned *bits)
{
  unsigned long v = 0;
  const char *c;
  if (*s == '\0') return cli_usage_err("invalid length: '%s'", s), -1;
  for (c = s; *c; c++) {
    if (*c < '0' || *c > '9' || v > 1000000)
      return cli_usage_err("invalid length: '%s'", s), -1;
    v = v * 10 + (unsigned long)(*c - '0');
  }
  if (v == 0 || v % 8 != 0) {
    cli_err("invalid length: '%s'", s);
    return cli_usage_err("length is not a multiple of 8 (or is 0)"), -1;
  }
  if (v > (unsigned long)CLI_MAX_OUT * 8)
    return cli_usage_err("invalid length: '%s' (at most %d bits)", s,
                         CLI_MAX_OUT * 8), -1;
  *bits = (unsigned)v;
  return 0;
}
