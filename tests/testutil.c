/* Shared helpers of the C tests (see testutil.h). */
#include "testutil.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/common.h"

/* Enough failure lines to diagnose; the count in the closing line still
 * includes every failure. */
#define TEST_MAX_REPORTED 40

int test_check(test_tally *t, int ok, const char *fmt, ...)
{
  va_list ap;

  if (ok) {
    t->passed++;
    return 1;
  }
  t->failed++;
  if (t->failed <= TEST_MAX_REPORTED) {
    fputs("FAIL: ", stdout);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
  } else if (t->failed == TEST_MAX_REPORTED + 1) {
    puts("FAIL: ... (further failures counted, not printed)");
  }
  return 0;
}

int test_finish(const test_tally *t)
{
  printf("%lu passed, %lu failed\n", t->passed, t->failed);
  fflush(stdout);
  return (t->failed == 0 && t->passed > 0) ? 0 : 1;
}

static int hex_digit(char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

int test_unhex(uint8_t *out, const char *hex, size_t outlen)
{
  size_t i;

  for (i = 0; i < outlen; i++) {
    int hi = hex_digit(hex[2 * i]);
    int lo = hi < 0 ? -1 : hex_digit(hex[2 * i + 1]);
    if (lo < 0) return -1;
    out[i] = (uint8_t)((hi << 4) | lo);
  }
  return 0;
}

uint64_t test_rand(uint64_t *state)
{
  uint64_t x = *state;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *state = x;
  return x * 0x2545F4914F6CDD1DULL;
}

void test_fill(uint8_t *buf, size_t len, uint64_t seed)
{
  uint64_t s = seed * 0x9E3779B97F4A7C15ULL + 0x0123456789ABCDEFULL;
  size_t i;

  for (i = 0; i < len; i++) buf[i] = (uint8_t)(test_rand(&s) >> 56);
}

/* ---- the table ---- */
const test_alg test_algs[TEST_NUM_ALGS] = {
  { "SHA3-224", 28, 144, 0x06, qed_sha3_224, NULL, qed_sha3_224_init, NULL },
  { "SHA3-256", 32, 136, 0x06, qed_sha3_256, NULL, qed_sha3_256_init, NULL },
  { "SHA3-384", 48, 104, 0x06, qed_sha3_384, NULL, qed_sha3_384_init, NULL },
  { "SHA3-512", 64, 72, 0x06, qed_sha3_512, NULL, qed_sha3_512_init, NULL },
  { "Keccak-224", 28, 144, 0x01, qed_keccak_224, NULL, qed_keccak_224_init,
    NULL },
  { "Keccak-256", 32, 136, 0x01, qed_keccak_256, NULL, qed_keccak_256_init,
    NULL },
  { "Keccak-384", 48, 104, 0x01, qed_keccak_384, NULL, qed_keccak_384_init,
    NULL },
  { "Keccak-512", 64, 72, 0x01, qed_keccak_512, NULL, qed_keccak_512_init,
    NULL },
  { "SHAKE128", 0, 168, 0x1F, NULL, qed_shake128, NULL, qed_shake128_init },
  { "SHAKE256", 0, 136, 0x1F, NULL, qed_shake256, NULL, qed_shake256_init },
  { "RawSHAKE128", 0, 168, 0x07, NULL, qed_rawshake128, NULL,
    qed_rawshake128_init },
  { "RawSHAKE256", 0, 136, 0x07, NULL, qed_rawshake256, NULL,
    qed_rawshake256_init },
};

const test_alg *test_alg_find(const char *name)
{
  size_t i;

  for (i = 0; i < TEST_NUM_ALGS; i++)
    if (strcmp(test_algs[i].name, name) == 0) return &test_algs[i];
  return NULL;
}

void test_oneshot(const test_alg *a, uint8_t *out, size_t outlen,
                  const uint8_t *in, size_t inlen)
{
  if (a->digest != 0)
    a->hash(out, in, inlen);
  else
    a->xof(out, outlen, in, inlen);
}

/* The next piece length, biased towards the sizes that cross or just miss
 * a block boundary, with zero-length pieces and "all the rest" mixed in. */
static size_t next_chunk(uint64_t *s, size_t rate, size_t left)
{
  uint64_t r = test_rand(s);
  size_t n;

  switch (r & 7u) {
  case 0: n = 0; break;
  case 1: n = 1; break;
  case 2: n = rate - 1; break;
  case 3: n = rate; break;
  case 4: n = rate + 1; break;
  case 5: n = (size_t)((r >> 8) % (3 * rate)); break;
  case 6: n = left; break;
  default: n = (size_t)((r >> 8) % 17u); break;
  }
  return n < left ? n : left;
}

static int absorb_hash(const test_alg *a, qed_sha3_ctx *ctx,
                       const uint8_t *in, size_t inlen, uint64_t *s)
{
  int bad = 0;

  /* Zero-length pieces come up mid-stream; one more at the end. */
  while (inlen > 0) {
    size_t n = next_chunk(s, a->rate, inlen);
    bad |= qed_sha3_update(ctx, in, n);
    in += n;
    inlen -= n;
  }
  bad |= qed_sha3_update(ctx, in, 0);
  return bad;
}

static int absorb_xof(const test_alg *a, qed_shake_ctx *ctx,
                      const uint8_t *in, size_t inlen, uint64_t *s)
{
  int bad = 0;

  /* Zero-length pieces come up mid-stream; one more at the end. */
  while (inlen > 0) {
    size_t n = next_chunk(s, a->rate, inlen);
    bad |= qed_shake_update(ctx, in, n);
    in += n;
    inlen -= n;
  }
  bad |= qed_shake_update(ctx, in, 0);
  return bad;
}

static int squeeze_xof(const test_alg *a, qed_shake_ctx *ctx, uint8_t *out,
                       size_t outlen, uint64_t *s)
{
  int bad = 0;

  while (outlen > 0) {
    size_t n = next_chunk(s, a->rate, outlen);
    bad |= qed_shake_squeeze(ctx, out, n);
    out += n;
    outlen -= n;
  }
  return bad;
}

int test_streaming(const test_alg *a, uint8_t *out, size_t outlen,
                   const uint8_t *in, size_t inlen, uint64_t seed)
{
  uint64_t s = seed * 0xD1B54A32D192ED03ULL + 1u;
  int bad;

  if (a->digest != 0) {
    qed_sha3_ctx ctx;
    a->hash_init(&ctx);
    bad = absorb_hash(a, &ctx, in, inlen, &s);
    bad |= qed_sha3_final(&ctx, out);
  } else {
    qed_shake_ctx ctx;
    a->xof_init(&ctx);
    bad = absorb_xof(a, &ctx, in, inlen, &s);
    bad |= squeeze_xof(a, &ctx, out, outlen, &s);
    qed_shake_wipe(&ctx);
  }
  return bad ? -1 : 0;
}

void test_print_backend(void)
{
  printf("backend: %s\n", qed_backend_name());
}

char *test_read_text(const char *dir, const char *sub, const char *name,
                     size_t *len)
{
  char path[1024];
  FILE *f;
  long n;
  char *buf;
  snprintf(path, sizeof path, "%s/%s/%s", dir, sub, name);
  f = fopen(path, "rb");
  if (f == NULL) {
    printf("cannot open %s\n", path);
    exit(2);
  }
  if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
      fseek(f, 0, SEEK_SET) != 0) {
    printf("cannot read %s\n", path);
    exit(2);
  }
  buf = malloc((size_t)n + 1);
  if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    printf("cannot read %s\n", path);
    exit(2);
  }
  buf[n] = 0;
  fclose(f);
  if (len != NULL)
    *len = (size_t)n;
  return buf;
}
