/* Messages, hex and base64, file names as coreutils prints them, and
 * opening files. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <string.h>

#include "cli.h"

const char *cli_prog = "qed";

void cli_err(const char *fmt, ...)
{
  va_list ap;
  fflush(stdout);   /* keep stdout and stderr in order on a terminal */
  fprintf(stderr, "%s: ", cli_prog);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

int cli_usage_err(const char *fmt, ...)
{
  va_list ap;
  fprintf(stderr, "%s: ", cli_prog);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\nTry '%s --help' for more information.\n", cli_prog);
  return CLI_USAGE;
}

static const char hexdigits[] = "0123456789abcdef";

void cli_hex(char *out, const uint8_t *in, size_t len)
{
  size_t i;
  for (i = 0; i < len; i++) {
    out[2 * i] = hexdigits[in[i] >> 4];
    out[2 * i + 1] = hexdigits[in[i] & 15];
  }
  out[2 * len] = '\0';
}

static int hexval(char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

int cli_unhex(uint8_t *out, size_t outmax, size_t *outlen, const char *hex,
              size_t hexlen)
{
  size_t i;
  if (hexlen % 2 != 0 || hexlen / 2 > outmax) return -1;
  for (i = 0; i < hexlen / 2; i++) {
    int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return -1;
    out[i] = (uint8_t)(hi << 4 | lo);
  }
  *outlen = hexlen / 2;
  return 0;
}

static const char b64digits[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

size_t cli_b64_len(size_t len) { return (len + 2) / 3 * 4; }

void cli_b64(char *out, const uint8_t *in, size_t len)
{
  size_t i, o = 0;
  for (i = 0; i + 3 <= len; i += 3) {
    uint32_t v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
    out[o++] = b64digits[v >> 18];
    out[o++] = b64digits[(v >> 12) & 63];
    out[o++] = b64digits[(v >> 6) & 63];
    out[o++] = b64digits[v & 63];
  }
  if (len - i == 1) {
    uint32_t v = (uint32_t)in[i] << 16;
    out[o++] = b64digits[v >> 18];
    out[o++] = b64digits[(v >> 12) & 63];
    out[o++] = '=';
    out[o++] = '=';
  } else if (len - i == 2) {
    uint32_t v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8;
    out[o++] = b64digits[v >> 18];
    out[o++] = b64digits[(v >> 12) & 63];
    out[o++] = b64digits[(v >> 6) & 63];
    out[o++] = '=';
  }
  out[o] = '\0';
}

static int b64val(char c)
{
  const char *p;
  if (c == '\0') return -1;
  p = strchr(b64digits, c);
  return p ? (int)(p - b64digits) : -1;
}

/* Strict: length a multiple of 4, padding only at the end, and the unused
 * bits of the last digit zero (so one string per byte sequence). */
int cli_unb64(uint8_t *out, size_t outmax, size_t *outlen, const char *in,
              size_t inlen)
{
  size_t i, o = 0;
  if (inlen % 4 != 0) return -1;
  for (i = 0; i < inlen; i += 4) {
    int d[4], k, pad = 0;
    uint32_t v;
    for (k = 0; k < 4; k++) {
      if (in[i + k] == '=' && i + 4 == inlen && k >= 2) {
        d[k] = 0;
        pad++;
      } else {
        if (pad) return -1;   /* a digit after '=' */
        d[k] = b64val(in[i + k]);
        if (d[k] < 0) return -1;
      }
    }
    v = (uint32_t)d[0] << 18 | (uint32_t)d[1] << 12 | (uint32_t)d[2] << 6 |
        (uint32_t)d[3];
    if ((pad == 1 && (v & 0xFF)) || (pad == 2 && (v & 0xFFFF))) return -1;
    if (o + 3 - (size_t)pad > outmax) return -1;
    out[o++] = (uint8_t)(v >> 16);
    if (pad < 2) out[o++] = (uint8_t)(v >> 8);
    if (pad < 1) out[o++] = (uint8_t)v;
  }
  *outlen = o;
  return 0;
}

int cli_needs_escape(const char *name)
{
  return strchr(name, '\n') != NULL || strchr(name, '\\') != NULL;
}

void cli_put_name(FILE *f, const char *name, int escape)
{
  if (!escape) {
    fputs(name, f);
    return;
  }
  for (; *name; name++) {
    if (*name == '\n') fputs("\\n", f);
    else if (*name == '\\') fputs("\\\\", f);
    else fputc(*name, f);
  }
}

FILE *cli_open(const char *name)
{
  if (strcmp(name, "-") == 0) return stdin;
  return fopen(name, "rb");
}

void cli_close(FILE *f)
{
  if (f == stdin) clearerr(f);
  else fclose(f);
}

int cli_read_small(const char *name, uint8_t *buf, size_t max, size_t *len)
{
  FILE *f = cli_open(name);
  size_t n = 0, got;
  if (f == NULL) {
    cli_err("%s: %s", name, strerror(errno));
    return -1;
  }
  do {
    got = fread(buf + n, 1, max - n, f);
    n += got;
  } while (got > 0 && n < max);
  if (ferror(f)) {
    int e = errno;
    cli_close(f);
    cli_err("%s: %s", name, strerror(e));
    return -1;
  }
  if (n == max && fgetc(f) != EOF) {
    cli_close(f);
    cli_err("%s: longer than %zu bytes", name, max);
    return -1;
  }
  cli_close(f);
  *len = n;
  return 0;
}
