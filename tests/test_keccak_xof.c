/* SP 800-185 (cSHAKE, KMAC, TupleHash, ParallelHash), RFC 9861 (TurboSHAKE,
 * KT128, KT256) and MarsupilamiFourteen (include/qed/keccak_xof.h):
 *
 *   - known answers: NIST samples (tests/vectors/sp800_185), pycryptodome's
 *     cSHAKE samples, RFC 9861 section 5 (tests/vectors/rfc9861/
 *     rfc9861-kat.txt, converted from the RFC text by convert_rfc9861.py)
 *     and the corrected XKCP KangarooTwelve file;
 *   - the tree modes against a naive reference written here from the RFC
 *     (the whole S in memory, chunks hashed one by one) at every length
 *     around each 8192-byte chunk boundary, with and without customization
 *     (the libkeccak bug: KT wrong when |M| + |C| + |length_encode| is 8192);
 *   - streaming == one-shot at many splits, boundary lengths around the
 *     rates;
 *   - rejection paths: ParallelHash block 0, TurboSHAKE domain 0x00 and
 *     0x80..0xFF, misuse of streaming contexts; KMAC contexts wiped.
 *
 * usage: test_keccak_xof VECTOR_DIR  (tests/vectors) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/keccak_xof.h"
#include "keccak/sponge.h"
#include "testutil.h"

static test_tally T;
static const char *vecdir = "tests/vectors";

/* ---- a tiny reader for the "Key = value" sample files ---- */
#define MAXF 16
typedef struct {
  int n;
  char key[MAXF][16];
  char *val[MAXF];
} rec;

static void rec_clear(rec *r)
{
  for (int i = 0; i < r->n; i++)
    free(r->val[i]);
  r->n = 0;
}

static const char *rec_get(const rec *r, const char *key)
{
  for (int i = 0; i < r->n; i++)
    if (strcmp(r->key[i], key) == 0)
      return r->val[i];
  return NULL;
}

static char *dupstr(const char *s)
{
  size_t l = strlen(s);
  char *d = malloc(l + 1);
  memcpy(d, s, l + 1);
  return d;
}

static char *read_line(FILE *f)
{
  size_t cap = 256, len = 0;
  char *s = malloc(cap);
  int c;
  while ((c = fgetc(f)) != EOF && c != '\n') {
    if (len + 1 >= cap)
      s = realloc(s, cap *= 2);
    if (c != '\r')
      s[len++] = (char)c;
  }
  if (c == EOF && len == 0) {
    free(s);
    return NULL;
  }
  s[len] = 0;
  return s;
}

/* Next record: lines "Key = value" up to and including the line whose key
 * is `last`.  Returns 0 at end of file. */
static int rec_next(FILE *f, rec *r, const char *last)
{
  char *line;
  rec_clear(r);
  while ((line = read_line(f)) != NULL) {
    char *eq = strstr(line, " = ");
    char *k = line;
    if (line[0] == '#' || eq == NULL) {
      /* "Key =" with an empty value */
      size_t l = strlen(line);
      if (line[0] != '#' && l >= 2 && strcmp(line + l - 2, " =") == 0) {
        line[l - 2] = 0;
        eq = line + l - 2;
        if (r->n < MAXF) {
          snprintf(r->key[r->n], sizeof r->key[0], "%s", k);
          r->val[r->n++] = dupstr("");
        }
        if (strcmp(k, last) == 0) {
          free(line);
          return 1;
        }
      }
      free(line);
      continue;
    }
    *eq = 0;
    if (r->n < MAXF) {
      snprintf(r->key[r->n], sizeof r->key[0], "%s", k);
      r->val[r->n++] = dupstr(eq + 3);
    }
    if (strcmp(k, last) == 0) {
      free(line);
      return 1;
    }
    free(line);
  }
  return 0;
}

/* Hex value to bytes (malloc'd, *len set); a "quoted string" as its bytes. */
static uint8_t *value_bytes(const char *v, size_t *len)
{
  size_t l = strlen(v);
  uint8_t *b = malloc(l + 2);
  if (l >= 2 && v[0] == '"') {
    *len = l - 2;
    memcpy(b, v + 1, l - 2);
    return b;
  }
  *len = l / 2;
  if (test_unhex(b, v, l / 2) != 0)
    *len = (size_t)-1;
  return b;
}

static FILE *open_vec(const char *sub, const char *name)
{
  char path[512];
  snprintf(path, sizeof path, "%s/%s/%s", vecdir, sub, name);
  FILE *f = fopen(path, "r");
  test_check(&T, f != NULL, "cannot open %s", path);
  return f;
}

/* Bytes from a hex value truncated to bits/8 (the samples give lengths in
 * bits next to hex that is "00" for the empty string). */
static uint8_t *bits_bytes(const rec *r, const char *lenkey, const char *key,
                           size_t *len)
{
  const char *lv = rec_get(r, lenkey);
  uint8_t *b = value_bytes(rec_get(r, key), len);
  if (lv != NULL && (size_t)atol(lv) / 8 <= *len)
    *len = (size_t)atol(lv) / 8;
  return b;
}

/* ---- known answers ---- */

static void kat_cshake(const char *file, int wide, int expect)
{
  FILE *f = open_vec("sp800_185", file);
  rec r = { 0 };
  int n = 0;
  if (!f)
    return;
  while (rec_next(f, &r, "Out")) {
    size_t nl, sl, il, ol;
    uint8_t *N = value_bytes(rec_get(&r, "N"), &nl);
    uint8_t *S = value_bytes(rec_get(&r, "S"), &sl);
    uint8_t *in = bits_bytes(&r, "InLen", "In", &il);
    uint8_t *exp = value_bytes(rec_get(&r, "Out"), &ol);
    uint8_t *got = malloc(ol + 1);
    (wide ? qed_cshake256 : qed_cshake128)(got, ol, in, il, N, nl, S, sl);
    test_check(&T, memcmp(got, exp, ol) == 0, "%s #%d", file, n);
    n++;
    free(N), free(S), free(in), free(exp), free(got);
  }
  rec_clear(&r);
  fclose(f);
  test_check(&T, n == expect, "%s: %d vectors, not %d", file, n, expect);
}

static void kat_cshake_pycryptodome(const char *file, int wide, int expect)
{
  FILE *f = open_vec("sp800_185", file);
  rec r = { 0 };
  int n = 0;
  if (!f)
    return;
  while (rec_next(f, &r, "MD")) {
    size_t nl, sl, il, ol;
    uint8_t *N = bits_bytes(&r, "NLen", "N", &nl);
    uint8_t *S = bits_bytes(&r, "SLen", "S", &sl);
    uint8_t *in = bits_bytes(&r, "Len", "Msg", &il);
    uint8_t *exp = value_bytes(rec_get(&r, "MD"), &ol);
    uint8_t *got = malloc(ol + 1);
    (wide ? qed_cshake256 : qed_cshake128)(got, ol, in, il, N, nl, S, sl);
    test_check(&T, memcmp(got, exp, ol) == 0, "%s #%d", file, n);
    n++;
    free(N), free(S), free(in), free(exp), free(got);
  }
  rec_clear(&r);
  fclose(f);
  test_check(&T, n == expect, "%s: %d vectors, not %d", file, n, expect);
}

typedef void (*kmac_fn)(uint8_t *, size_t, const uint8_t *, size_t,
                        const uint8_t *, size_t, const uint8_t *, size_t);

static void kat_kmac(const char *file, kmac_fn fn, int expect)
{
  FILE *f = open_vec("sp800_185", file);
  rec r = { 0 };
  int n = 0;
  if (!f)
    return;
  while (rec_next(f, &r, "Out")) {
    size_t kl, sl, il, ol;
    uint8_t *K = value_bytes(rec_get(&r, "Key"), &kl);
    uint8_t *S = value_bytes(rec_get(&r, "S"), &sl);
    uint8_t *in = bits_bytes(&r, "InLen", "In", &il);
    uint8_t *exp = value_bytes(rec_get(&r, "Out"), &ol);
    uint8_t *got = malloc(ol + 1);
    fn(got, ol, K, kl, in, il, S, sl);
    test_check(&T, memcmp(got, exp, ol) == 0, "%s #%d", file, n);
    n++;
    free(K), free(S), free(in), free(exp), free(got);
  }
  rec_clear(&r);
  fclose(f);
  test_check(&T, n == expect, "%s: %d vectors, not %d", file, n, expect);
}

typedef void (*tuple_fn)(uint8_t *, size_t, const qed_slice *, size_t,
                         const uint8_t *, size_t);

static void kat_tuple(const char *file, tuple_fn fn, int expect)
{
  FILE *f = open_vec("sp800_185", file);
  rec r = { 0 };
  int n = 0;
  if (!f)
    return;
  while (rec_next(f, &r, "Out")) {
    qed_slice items[MAXF];
    uint8_t *bufs[MAXF];
    size_t count = 0, sl, ol;
    for (int i = 0; i < r.n; i++)
      if (strcmp(r.key[i], "Tuple") == 0) {
        size_t l;
        bufs[count] = value_bytes(r.val[i], &l);
        items[count].ptr = bufs[count];
        items[count].len = l;
        count++;
      }
    uint8_t *S = value_bytes(rec_get(&r, "S"), &sl);
    uint8_t *exp = value_bytes(rec_get(&r, "Out"), &ol);
    uint8_t *got = malloc(ol + 1);
    fn(got, ol, items, count, S, sl);
    test_check(&T, memcmp(got, exp, ol) == 0, "%s #%d", file, n);
    n++;
    for (size_t i = 0; i < count; i++)
      free(bufs[i]);
    free(S), free(exp), free(got);
  }
  rec_clear(&r);
  fclose(f);
  test_check(&T, n == expect, "%s: %d vectors, not %d", file, n, expect);
}

typedef int (*ph_fn)(uint8_t *, size_t, const uint8_t *, size_t, size_t,
                     const uint8_t *, size_t);

static void kat_parallel(const char *file, ph_fn fn, int expect)
{
  FILE *f = open_vec("sp800_185", file);
  rec r = { 0 };
  int n = 0;
  if (!f)
    return;
  while (rec_next(f, &r, "MD")) {
    size_t sl, il, ol;
    size_t B = (size_t)atol(rec_get(&r, "B"));
    uint8_t *S = value_bytes(rec_get(&r, "S"), &sl);
    uint8_t *in = value_bytes(rec_get(&r, "Msg"), &il);
    uint8_t *exp = value_bytes(rec_get(&r, "MD"), &ol);
    uint8_t *got = malloc(ol + 1);
    int rc = fn(got, ol, in, il, B, S, sl);
    test_check(&T, rc == 0 && memcmp(got, exp, ol) == 0, "%s #%d", file, n);
    n++;
    free(S), free(in), free(exp), free(got);
  }
  rec_clear(&r);
  fclose(f);
  test_check(&T, n == expect, "%s: %d vectors, not %d", file, n, expect);
}

/* RFC 9861 pattern: byte j is j mod 251. */
static void ptn(uint8_t *b, size_t n)
{
  for (size_t j = 0; j < n; j++)
    b[j] = (uint8_t)(j % 251);
}

static uint8_t *spec_bytes(const char *s, size_t *len)
{
  if (strncmp(s, "ptn:", 4) == 0) {
    *len = (size_t)atol(s + 4);
    uint8_t *b = malloc(*len + 1);
    ptn(b, *len);
    return b;
  }
  return value_bytes(s + 4, len);
}

static void kat_rfc9861(void)
{
  FILE *f = open_vec("rfc9861", "rfc9861-kat.txt");
  char *line;
  int n = 0;
  if (!f)
    return;
  while ((line = read_line(f)) != NULL) {
    char alg[32], m[64], c[64], hex[1024];
    size_t outlen, skip, ml, cl, hl;
    if (line[0] == '#' ||
        sscanf(line, "%31s %63s %63s %zu %zu %1023s", alg, m, c, &outlen,
               &skip, hex) != 6) {
      free(line);
      continue;
    }
    uint8_t *M = spec_bytes(m, &ml);
    uint8_t *exp = value_bytes(hex, &hl);
    uint8_t *got = malloc(outlen);
    int ok = 1;
    if (strncmp(alg, "TurboSHAKE", 10) == 0) {
      uint8_t d = (uint8_t)strtoul(c, NULL, 16);
      int rc = (strcmp(alg, "TurboSHAKE128") == 0 ? qed_turboshake128
                                                  : qed_turboshake256)(
          got, outlen, M, ml, d);
      ok = rc == 0;
    } else {
      uint8_t *C = spec_bytes(c, &cl);
      (strcmp(alg, "KT128") == 0 ? qed_kt128 : qed_kt256)(got, outlen, M, ml,
                                                          C, cl);
      free(C);
    }
    ok = ok && hl == outlen - skip && memcmp(got + skip, exp, hl) == 0;
    test_check(&T, ok, "RFC 9861: %s", line);
    n++;
    free(M), free(exp), free(got), free(line);
  }
  fclose(f);
  test_check(&T, n == 67, "rfc9861-kat.txt: %d vectors, not 67", n);
}

/* XKCP files: byte j is pattern[j mod |pattern|] (the pattern is given in
 * hex; ptn's 251-byte period, or ff for the RFC's all-FF messages). */
static void from_pattern(uint8_t *b, size_t n, const char *pat)
{
  size_t pl;
  uint8_t *p = value_bytes(pat != NULL ? pat : "", &pl);
  for (size_t j = 0; j < n; j++)
    b[j] = pl > 0 && pl != (size_t)-1 ? p[j % pl] : (uint8_t)(j % 251);
  free(p);
}

static void kat_k12_xkcp(void)
{
  FILE *f = open_vec("rfc9861", "KangarooTwelve-corrected.txt");
  rec r = { 0 };
  int n = 0;
  if (!f)
    return;
  while (rec_next(f, &r, "OutSkip")) {
    size_t ml = (size_t)atol(rec_get(&r, "MLen"));
    size_t cl = (size_t)atol(rec_get(&r, "CLen"));
    size_t skip = (size_t)atol(rec_get(&r, "OutSkip"));
    size_t ol;
    uint8_t *exp = value_bytes(rec_get(&r, "OutData"), &ol);
    uint8_t *M = malloc(ml + 1), *C = malloc(cl + 1);
    uint8_t *got = malloc(skip + ol);
    from_pattern(M, ml, rec_get(&r, "MPattern"));
    from_pattern(C, cl, rec_get(&r, "CPattern"));
    qed_kt128(got, skip + ol, M, ml, C, cl);
    test_check(&T, memcmp(got + skip, exp, ol) == 0, "K12 XKCP #%d", n);
    n++;
    free(exp), free(M), free(C), free(got);
  }
  rec_clear(&r);
  fclose(f);
  test_check(&T, n == 13, "KangarooTwelve-corrected.txt: %d vectors", n);
}

/* MarsupilamiFourteen has no official test vectors; this value is the one
 * in the independent digestpp library's tests (test/test.cc, "M14/512":
 * 64 bytes of M14 of the fox sentence, single node), and the KT128 value
 * next to it is checked too, to confirm the input. */
static void kat_m14(void)
{
  static const char fox[] = "The quick brown fox jumps over the lazy dog";
  static const char *k12 =
      "b4f249b4f77c58df170aa4d1723db1127d82f1d98d25ddda561ada459cd11a48"
      "9242e112dbfb1f99a1de1d7e830d457778a66d1dc2aa44d61a1da91655122fb7";
  static const char *m14 =
      "3611bcaa666347770dbffd4562f137c5adfe2e09f3c4268ef7c7d7c0e6c5d59c"
      "21fa67c4cfdba29e449c944b1a16c4583f2be8a75fb4f7649df6b98698708ecf";
  uint8_t exp[64], got[64];
  test_unhex(exp, k12, 64);
  qed_kt128(got, 64, (const uint8_t *)fox, sizeof fox - 1, NULL, 0);
  test_check(&T, memcmp(exp, got, 64) == 0, "KT128 fox (digestpp)");
  test_unhex(exp, m14, 64);
  qed_m14(got, 64, (const uint8_t *)fox, sizeof fox - 1, NULL, 0);
  test_check(&T, memcmp(exp, got, 64) == 0, "M14 fox (digestpp)");
}

/* ---- naive tree-hash reference (RFC 9861, 3.2), on the raw sponge ---- */

static void ref_sponge(uint8_t *out, size_t outlen, const uint8_t *in,
                       size_t inlen, uint32_t rate, uint8_t suffix,
                       uint8_t rounds)
{
  qed_keccak_sponge sp;
  qed_sponge_init(&sp, rate, suffix, rounds, 0);
  qed_sponge_absorb(&sp, in, inlen);
  qed_sponge_squeeze(&sp, out, outlen);
}

static size_t ref_length_encode(uint8_t *o, size_t x)
{
  uint8_t b[8];
  size_t n = 0;
  while (x > 0) {
    b[n++] = (uint8_t)x;
    x >>= 8;
  }
  for (size_t i = 0; i < n; i++)
    o[i] = b[n - 1 - i];
  o[n] = (uint8_t)n;
  return n + 1;
}

static void ref_kt(uint8_t *out, size_t outlen, const uint8_t *m, size_t ml,
                   const uint8_t *c, size_t cl, uint32_t rate, size_t cvlen,
                   uint8_t rounds)
{
  size_t sl = ml + cl;
  uint8_t *s = malloc(sl + 10);
  memcpy(s, m, ml);
  memcpy(s + ml, c, cl);
  sl += ref_length_encode(s + sl, cl);
  if (sl <= 8192) {
    ref_sponge(out, outlen, s, sl, rate, 0x07, rounds);
  } else {
    size_t n = (sl - 1) / 8192;   /* chunks after S_0 */
    uint8_t *node = malloc(8192 + 8 + n * cvlen + 12);
    size_t p = 0;
    memcpy(node, s, 8192);
    p = 8192;
    memcpy(node + p, "\x03\0\0\0\0\0\0\0", 8);
    p += 8;
    for (size_t i = 1; i <= n; i++) {
      size_t len = sl - 8192 * i < 8192 ? sl - 8192 * i : 8192;
      ref_sponge(node + p, cvlen, s + 8192 * i, len, rate, 0x0B, rounds);
      p += cvlen;
    }
    p += ref_length_encode(node + p, n);
    node[p++] = 0xFF;
    node[p++] = 0xFF;
    ref_sponge(out, outlen, node, p, rate, 0x06, rounds);
    free(node);
  }
  free(s);
}

typedef void (*kt_fn)(uint8_t *, size_t, const uint8_t *, size_t,
                      const uint8_t *, size_t);
typedef void (*kt_init_fn)(qed_kt_ctx *);
static const struct {
  const char *name;
  kt_fn fn;
  kt_init_fn init;
  uint32_t rate;
  size_t cvlen;
  uint8_t rounds;
} kts[3] = {
  { "KT128", qed_kt128, qed_kt128_init, 168, 32, 12 },
  { "KT256", qed_kt256, qed_kt256_init, 136, 64, 12 },
  { "M14", qed_m14, qed_m14_init, 136, 64, 14 },
};

/* Streaming KT with pieces drawn from seed. */
static int kt_stream(int a, uint8_t *out, size_t outlen, const uint8_t *m,
                     size_t ml, const uint8_t *c, size_t cl, uint64_t seed)
{
  qed_kt_ctx ctx;
  uint64_t st = seed | 1;
  size_t done = 0;
  int rc = 0;
  kts[a].init(&ctx);
  while (done < ml) {
    size_t take = (size_t)(test_rand(&st) % 9000);
    if (test_rand(&st) % 4 == 0)
      take %= 5;
    if (take > ml - done)
      take = ml - done;
    rc |= qed_kt_update(&ctx, m + done, take);
    done += take;
  }
  rc |= qed_kt_final(&ctx, c, cl);
  done = 0;
  while (done < outlen) {
    size_t take = (size_t)(test_rand(&st) % 300);
    if (take > outlen - done)
      take = outlen - done;
    rc |= qed_kt_squeeze(&ctx, out + done, take);
    done += take;
  }
  qed_kt_wipe(&ctx);
  return rc;
}

static void test_kt_boundaries(void)
{
  static const size_t clens[] = { 0, 1, 3, 41, 300, 8189, 8190, 8500, 16400 };
  size_t maxm = 4 * 8192 + 2;
  uint8_t *m = malloc(maxm), *c = malloc(3 * 8192);
  uint8_t ref[100], got[100], str[100];
  test_fill(m, maxm, 11);
  test_fill(c, 3 * 8192, 12);
  for (int a = 0; a < 3; a++)
    for (size_t k = 1; k <= 4; k++)
      for (size_t ci = 0; ci < sizeof clens / sizeof clens[0]; ci++) {
        size_t cl = clens[ci];
        uint8_t e[10];
        size_t el = ref_length_encode(e, cl);
        /* |S| = ml + cl + el from 8192k - 2 to 8192k + 2 */
        for (int d = -2; d <= 2; d++) {
          long ml = (long)(8192 * k) + d - (long)(cl + el);
          if (ml < 0 || (size_t)ml > maxm)
            continue;
          ref_kt(ref, sizeof ref, m, (size_t)ml, c, cl, kts[a].rate,
                 kts[a].cvlen, kts[a].rounds);
          kts[a].fn(got, sizeof got, m, (size_t)ml, c, cl);
          int rc = kt_stream(a, str, sizeof str, m, (size_t)ml, c, cl,
                             (uint64_t)(ml * 31 + d + 7));
          test_check(&T, memcmp(ref, got, sizeof ref) == 0,
                     "%s |S|=%zu%+d C=%zu: one-shot != reference",
                     kts[a].name, 8192 * k, d, cl);
          test_check(&T, rc == 0 && memcmp(ref, str, sizeof ref) == 0,
                     "%s |S|=%zu%+d C=%zu: streaming != reference",
                     kts[a].name, 8192 * k, d, cl);
        }
      }
  /* empty message, the customization alone crossing the boundaries
   * (pycryptodome 3.23 gets these wrong; the reference here does not) */
  for (int a = 0; a < 3; a++)
    for (size_t k = 1; k <= 2; k++)
      for (size_t cl = 8192 * k - 6; cl <= 8192 * k + 2; cl++) {
        ref_kt(ref, 40, m, 0, c, cl, kts[a].rate, kts[a].cvlen,
               kts[a].rounds);
        kts[a].fn(got, 40, m, 0, c, cl);
        int rc = kt_stream(a, str, 40, m, 0, c, cl, cl);
        test_check(&T, memcmp(ref, got, 40) == 0 && rc == 0 &&
                       memcmp(ref, str, 40) == 0,
                   "%s M empty, |C|=%zu", kts[a].name, cl);
      }
  /* every message length around the boundaries, without customization,
   * byte-by-byte updates too */
  for (int a = 0; a < 3; a++)
    for (size_t ml = 8185; ml <= 8200; ml++) {
      qed_kt_ctx ctx;
      ref_kt(ref, 40, m, ml, c, 0, kts[a].rate, kts[a].cvlen,
             kts[a].rounds);
      kts[a].init(&ctx);
      for (size_t i = 0; i < ml; i++)
        qed_kt_update(&ctx, m + i, 1);
      qed_kt_final(&ctx, c, 0);
      qed_kt_squeeze(&ctx, got, 40);
      test_check(&T, memcmp(ref, got, 40) == 0, "%s bytewise ml=%zu",
                 kts[a].name, ml);
    }
  free(m);
  free(c);
}

/* ---- streaming == one-shot ---- */

static int all_zero(const uint8_t *p, size_t n);

static size_t piece(uint64_t *st, size_t left, size_t max)
{
  size_t t = (size_t)(test_rand(st) % (max + 1));
  return t > left ? left : t;
}

/* Streaming TupleHash == one-shot: random tuples (empty items, empty
 * tuples, items across block boundaries), each item given whole with
 * qed_tuplehash_add or announced and streamed in random pieces; squeezing
 * in pieces for the XOFs.  Then the refusals: final/squeeze inside an
 * announced item, more bytes than announced, an item after the output
 * started, final on an XOF context and squeeze on a fixed one. */
static void test_stream_tuplehash(void)
{
  typedef void (*init_fn)(qed_tuplehash_ctx *, const uint8_t *, size_t);
  static const struct {
    init_fn init;
    tuple_fn oneshot;
    int xof;
  } algs[4] = {
    { qed_tuplehash128_init, qed_tuplehash128, 0 },
    { qed_tuplehash256_init, qed_tuplehash256, 0 },
    { qed_tuplehashxof128_init, qed_tuplehashxof128, 1 },
    { qed_tuplehashxof256_init, qed_tuplehashxof256, 1 },
  };
  uint8_t data[2000], cu[40], a[300], b[300];
  qed_slice items[6];
  uint64_t st = 0x7475706c65ULL;
  test_fill(data, sizeof data, 31);
  test_fill(cu, sizeof cu, 32);
  for (int round = 0; round < 600; round++) {
    const int k = round % 4;
    const size_t count = (size_t)(test_rand(&st) % 7);
    const size_t culen = (size_t)(test_rand(&st) % sizeof cu);
    const size_t outlen = 1 + (size_t)(test_rand(&st) % sizeof a);
    size_t off = 0;
    for (size_t i = 0; i < count; i++) {
      size_t len = (size_t)(test_rand(&st) % 320);
      if (test_rand(&st) % 4 == 0) len = 0;
      if (off + len > sizeof data) len = sizeof data - off;
      items[i].ptr = data + off;
      items[i].len = len;
      off += len;
    }
    algs[k].oneshot(a, outlen, items, count, cu, culen);

    qed_tuplehash_ctx ctx;
    int ok = 1;
    algs[k].init(&ctx, cu, culen);
    for (size_t i = 0; i < count; i++) {
      if (test_rand(&st) % 2 == 0) {
        ok &= qed_tuplehash_add(&ctx, items[i].ptr, items[i].len) == 0;
        continue;
      }
      ok &= qed_tuplehash_begin_item(&ctx, items[i].len) == 0;
      size_t done = 0;
      while (done < items[i].len) {
        size_t n = piece(&st, items[i].len - done, 150);
        ok &= qed_tuplehash_item_update(&ctx, items[i].ptr + done, n) == 0;
        done += n;
      }
    }
    memset(b, 0x5a, sizeof b);
    if (!algs[k].xof) {
      ok &= qed_tuplehash_final(&ctx, b, outlen) == 0;
    } else {
      size_t done = 0;
      while (done < outlen) {
        size_t n = piece(&st, outlen - done, 90);
        ok &= qed_tuplehash_squeeze(&ctx, b + done, n) == 0;
        done += n;
      }
      qed_tuplehash_wipe(&ctx);
    }
    test_check(&T, ok && memcmp(a, b, outlen) == 0,
               "streaming TupleHash %d (round %d, %zu items) != one-shot", k,
               round, count);
  }

  /* refusals */
  for (int k = 0; k < 4; k++) {
    qed_tuplehash_ctx ctx;
    algs[k].init(&ctx, NULL, 0);
    test_check(&T, qed_tuplehash_begin_item(&ctx, 10) == 0, "begin_item");
    test_check(&T, qed_tuplehash_item_update(&ctx, data, 4) == 0, "update 4");
    memset(a, 0x5a, 16);
    test_check(&T, (algs[k].xof ? qed_tuplehash_squeeze(&ctx, a, 16)
                                : qed_tuplehash_final(&ctx, a, 16)) == -1 &&
                   all_zero(a, 16),
               "output refused inside an item (%d)", k);
    test_check(&T, qed_tuplehash_add(&ctx, data, 3) == -1,
               "add refused inside an item (%d)", k);
    test_check(&T, qed_tuplehash_begin_item(&ctx, 3) == -1,
               "begin_item refused inside an item (%d)", k);
    test_check(&T, qed_tuplehash_item_update(&ctx, data, 7) == -1,
               "more than announced refused (%d)", k);
    test_check(&T, qed_tuplehash_item_update(&ctx, data + 4, 6) == 0,
               "the rest of the item (%d)", k);
    test_check(&T, qed_tuplehash_item_update(&ctx, data, 1) == -1,
               "a byte after the item refused (%d)", k);
    memset(a, 0x5a, 16);
    test_check(&T, (algs[k].xof ? qed_tuplehash_final(&ctx, a, 16)
                                : qed_tuplehash_squeeze(&ctx, a, 16)) == -1 &&
                   all_zero(a, 16),
               "final on an XOF / squeeze on a hash refused (%d)", k);
    /* the refusals changed nothing: the result is that of one item */
    qed_slice one = { data, 10 };
    algs[k].oneshot(b, 16, &one, 1, NULL, 0);
    test_check(&T, (algs[k].xof ? qed_tuplehash_squeeze(&ctx, a, 16)
                                : qed_tuplehash_final(&ctx, a, 16)) == 0 &&
                   memcmp(a, b, 16) == 0,
               "refusals left the context unchanged (%d)", k);
    if (algs[k].xof) {
      test_check(&T, qed_tuplehash_add(&ctx, data, 1) == -1 &&
                     qed_tuplehash_begin_item(&ctx, 1) == -1,
                 "no item after squeezing (%d)", k);
      qed_tuplehash_wipe(&ctx);
    }
    /* a wiped (or finalized) context refuses everything */
    test_check(&T, qed_tuplehash_add(&ctx, data, 1) == -1 &&
                   qed_tuplehash_final(&ctx, a, 16) == -1 &&
                   qed_tuplehash_squeeze(&ctx, a, 16) == -1,
               "wiped context refused (%d)", k);
  }
}

static void test_stream_cshake_kmac_turbo(void)
{
  uint8_t in[1200], key[80], cu[50], a[400], b[400];
  test_fill(in, sizeof in, 1);
  test_fill(key, sizeof key, 2);
  test_fill(cu, sizeof cu, 3);
  uint64_t st = 99;
  for (int iter = 0; iter < 400; iter++) {
    size_t il = (size_t)(test_rand(&st) % sizeof in);
    size_t ol = 1 + (size_t)(test_rand(&st) % 399);
    size_t kl = (size_t)(test_rand(&st) % sizeof key);
    size_t cl = (size_t)(test_rand(&st) % sizeof cu);
    int wide = iter & 1;
    size_t done;
    /* cSHAKE with a name */
    {
      qed_cshake_ctx ctx;
      (wide ? qed_cshake256 : qed_cshake128)(a, ol, in, il, key, kl % 20,
                                             cu, cl);
      (wide ? qed_cshake256_init : qed_cshake128_init)(&ctx, key, kl % 20,
                                                       cu, cl);
      int rc = 0;
      for (done = 0; done < il;) {
        size_t t = piece(&st, il - done, 200);
        rc |= qed_cshake_update(&ctx, in + done, t);
        done += t;
      }
      for (done = 0; done < ol;) {
        size_t t = piece(&st, ol - done, 200);
        rc |= qed_cshake_squeeze(&ctx, b + done, t);
        done += t;
      }
      qed_cshake_wipe(&ctx);
      test_check(&T, rc == 0 && memcmp(a, b, ol) == 0, "cSHAKE stream %d",
                 iter);
    }
    /* KMAC and KMACXOF */
    for (int xof = 0; xof <= 1; xof++) {
      qed_kmac_ctx ctx;
      int rc = 0;
      if (xof) {
        (wide ? qed_kmacxof256 : qed_kmacxof128)(a, ol, key, kl, in, il, cu,
                                                 cl);
        (wide ? qed_kmacxof256_init : qed_kmacxof128_init)(&ctx, key, kl, cu,
                                                           cl);
      } else {
        (wide ? qed_kmac256 : qed_kmac128)(a, ol, key, kl, in, il, cu, cl);
        (wide ? qed_kmac256_init : qed_kmac128_init)(&ctx, key, kl, cu, cl);
      }
      for (done = 0; done < il;) {
        size_t t = piece(&st, il - done, 200);
        rc |= qed_kmac_update(&ctx, in + done, t);
        done += t;
      }
      if (xof) {
        for (done = 0; done < ol;) {
          size_t t = piece(&st, ol - done, 200);
          rc |= qed_kmac_squeeze(&ctx, b + done, t);
          done += t;
        }
        qed_kmac_wipe(&ctx);
      } else {
        rc |= qed_kmac_final(&ctx, b, ol);
      }
      int wiped = 1;
      for (int i = 0; i < 25; i++)
        wiped &= ctx.sponge.state[i] == 0;
      test_check(&T, rc == 0 && memcmp(a, b, ol) == 0, "KMAC%s stream %d",
                 xof ? "XOF" : "", iter);
      test_check(&T, wiped, "KMAC%s ctx not wiped", xof ? "XOF" : "");
    }
    /* TurboSHAKE */
    {
      qed_turboshake_ctx ctx;
      uint8_t d = (uint8_t)(1 + test_rand(&st) % 0x7F);
      int rc = (wide ? qed_turboshake256 : qed_turboshake128)(a, ol, in, il,
                                                              d);
      rc |= (wide ? qed_turboshake256_init : qed_turboshake128_init)(&ctx, d);
      for (done = 0; done < il;) {
        size_t t = piece(&st, il - done, 200);
        rc |= qed_turboshake_update(&ctx, in + done, t);
        done += t;
      }
      for (done = 0; done < ol;) {
        size_t t = piece(&st, ol - done, 200);
        rc |= qed_turboshake_squeeze(&ctx, b + done, t);
        done += t;
      }
      qed_turboshake_wipe(&ctx);
      test_check(&T, rc == 0 && memcmp(a, b, ol) == 0,
                 "TurboSHAKE stream %d", iter);
    }
    /* ParallelHash and XOF */
    for (int xof = 0; xof <= 1; xof++) {
      qed_parallelhash_ctx ctx;
      size_t B = 1 + (size_t)(test_rand(&st) % 300);
      int rc;
      if (xof) {
        rc = (wide ? qed_parallelhashxof256 : qed_parallelhashxof128)(
            a, ol, in, il, B, cu, cl);
        rc |= (wide ? qed_parallelhashxof256_init
                    : qed_parallelhashxof128_init)(&ctx, B, cu, cl);
      } else {
        rc = (wide ? qed_parallelhash256 : qed_parallelhash128)(a, ol, in, il,
                                                                B, cu, cl);
        rc |= (wide ? qed_parallelhash256_init : qed_parallelhash128_init)(
            &ctx, B, cu, cl);
      }
      for (done = 0; done < il;) {
        size_t t = piece(&st, il - done, 400);
        rc |= qed_parallelhash_update(&ctx, in + done, t);
        done += t;
      }
      if (xof) {
        for (done = 0; done < ol;) {
          size_t t = piece(&st, ol - done, 200);
          rc |= qed_parallelhash_squeeze(&ctx, b + done, t);
          done += t;
        }
        qed_parallelhash_wipe(&ctx);
      } else {
        rc |= qed_parallelhash_final(&ctx, b, ol);
      }
      test_check(&T, rc == 0 && memcmp(a, b, ol) == 0,
                 "ParallelHash%s stream %d", xof ? "XOF" : "", iter);
    }
  }
}

/* Every split point of one message, and every length around the rates. */
static void test_splits_and_lengths(void)
{
  uint8_t in[400], a[64], b[64];
  test_fill(in, sizeof in, 5);
  for (size_t il = 0; il <= 2 * 168 + 2; il++) {
    /* one split at every point for lengths near the rates */
    int near = (il % 136 <= 1 || il % 136 >= 135 || il % 168 <= 1 ||
                il % 168 >= 167);
    for (int w = 0; w < 2; w++) {
      qed_turboshake_ctx tc;
      (w ? qed_turboshake256 : qed_turboshake128)(a, 64, in, il, 0x1F);
      for (size_t cut = 0; cut <= il; cut += near ? 1 : il + 1) {
        (w ? qed_turboshake256_init : qed_turboshake128_init)(&tc, 0x1F);
        qed_turboshake_update(&tc, in, cut);
        qed_turboshake_update(&tc, in + cut, il - cut);
        qed_turboshake_squeeze(&tc, b, 64);
        test_check(&T, memcmp(a, b, 64) == 0, "TurboSHAKE split %zu/%zu",
                   cut, il);
      }
      qed_kmac_ctx kc;
      (w ? qed_kmac256 : qed_kmac128)(a, 32, in + 300, 32, in, il, in, 7);
      for (size_t cut = 0; cut <= il; cut += near ? 1 : il + 1) {
        (w ? qed_kmac256_init : qed_kmac128_init)(&kc, in + 300, 32, in, 7);
        qed_kmac_update(&kc, in, cut);
        qed_kmac_update(&kc, in + cut, il - cut);
        qed_kmac_final(&kc, b, 32);
        test_check(&T, memcmp(a, b, 32) == 0, "KMAC split %zu/%zu", cut, il);
      }
      /* cSHAKE with empty N and S is SHAKE */
      (w ? qed_cshake256 : qed_cshake128)(a, 64, in, il, NULL, 0, NULL, 0);
      (w ? qed_shake256 : qed_shake128)(b, 64, in, il);
      test_check(&T, memcmp(a, b, 64) == 0, "cSHAKE('', '') != SHAKE %zu",
                 il);
    }
  }
  /* key and customization lengths around the rate (bytepad spill-over) */
  for (size_t kl = 120; kl <= 180; kl++) {
    uint8_t key[200];
    qed_kmac_ctx kc;
    test_fill(key, sizeof key, kl);
    qed_kmac128(a, 32, key, kl, in, 10, in, kl % 3);
    qed_kmac128_init(&kc, key, kl, in, kl % 3);
    qed_kmac_update(&kc, in, 10);
    qed_kmac_final(&kc, b, 32);
    test_check(&T, memcmp(a, b, 32) == 0, "KMAC128 keylen %zu", kl);
  }
  /* a KMAC tag of L bytes is not the prefix of a longer one, KMACXOF is */
  {
    uint8_t t1[64], t2[64];
    qed_kmac128(t1, 32, in, 32, in, 10, NULL, 0);
    qed_kmac128(t2, 64, in, 32, in, 10, NULL, 0);
    test_check(&T, memcmp(t1, t2, 32) != 0, "KMAC output length not bound");
    qed_kmacxof128(t1, 32, in, 32, in, 10, NULL, 0);
    qed_kmacxof128(t2, 64, in, 32, in, 10, NULL, 0);
    test_check(&T, memcmp(t1, t2, 32) == 0, "KMACXOF not a stream");
  }
}

/* ---- rejection paths ---- */

static int all_zero(const uint8_t *p, size_t n)
{
  uint8_t acc = 0;
  for (size_t i = 0; i < n; i++)
    acc |= p[i];
  return acc == 0;
}

static void test_rejections(void)
{
  uint8_t in[100], out[80];
  test_fill(in, sizeof in, 9);
  ph_fn phs[4] = { qed_parallelhash128, qed_parallelhash256,
                   qed_parallelhashxof128, qed_parallelhashxof256 };
  for (int i = 0; i < 4; i++) {
    memset(out, 0xAA, sizeof out);
    int rc = phs[i](out, sizeof out, in, sizeof in, 0, in, 3);
    test_check(&T, rc == -1 && all_zero(out, sizeof out),
               "ParallelHash #%d block 0 accepted", i);
    rc = phs[i](out, sizeof out, in, sizeof in, 1, in, 3);
    test_check(&T, rc == 0 && !all_zero(out, sizeof out),
               "ParallelHash #%d block 1 refused", i);
  }
  {
    qed_parallelhash_ctx pc;
    memset(out, 0xAA, sizeof out);
    test_check(&T, qed_parallelhash128_init(&pc, 0, NULL, 0) == -1,
               "ParallelHash init block 0");
    test_check(&T, qed_parallelhash_update(&pc, in, 10) == -1,
               "update after refused init");
    test_check(&T, qed_parallelhash_final(&pc, out, 32) == -1 &&
                   all_zero(out, 32), "final after refused init");
    qed_parallelhashxof128_init(&pc, 8, NULL, 0);
    memset(out, 0xAA, sizeof out);
    test_check(&T, qed_parallelhash_final(&pc, out, 32) == -1 &&
                   all_zero(out, 32), "ParallelHash final on an XOF ctx");
    qed_parallelhash128_init(&pc, 8, NULL, 0);
    memset(out, 0xAA, sizeof out);
    test_check(&T, qed_parallelhash_squeeze(&pc, out, 32) == -1 &&
                   all_zero(out, 32), "ParallelHash squeeze on a non-XOF");
    test_check(&T, qed_parallelhash_final(&pc, out, 32) == 0, "PH final");
    test_check(&T, qed_parallelhash_update(&pc, in, 1) == -1,
               "PH update after final");
  }
  for (unsigned d = 0; d < 256; d++) {
    int valid = d >= 1 && d <= 0x7F;
    for (int w = 0; w < 2; w++) {
      qed_turboshake_ctx tc;
      memset(out, 0xAA, sizeof out);
      int rc = (w ? qed_turboshake256 : qed_turboshake128)(out, sizeof out,
                                                           in, 5, (uint8_t)d);
      if (valid) {
        test_check(&T, rc == 0 && !all_zero(out, sizeof out),
                   "TurboSHAKE domain %02x refused", d);
        continue;
      }
      test_check(&T, rc == -1 && all_zero(out, sizeof out),
                 "TurboSHAKE domain %02x accepted", d);
      rc = (w ? qed_turboshake256_init : qed_turboshake128_init)(&tc,
                                                                 (uint8_t)d);
      memset(out, 0xAA, sizeof out);
      test_check(&T, rc == -1 && qed_turboshake_update(&tc, in, 5) == -1 &&
                     qed_turboshake_squeeze(&tc, out, 16) == -1 &&
                     all_zero(out, 16),
                 "TurboSHAKE ctx with domain %02x usable", d);
    }
  }
  {
    qed_kmac_ctx kc;
    qed_kmacxof128_init(&kc, in, 32, NULL, 0);
    memset(out, 0xAA, sizeof out);
    test_check(&T, qed_kmac_final(&kc, out, 32) == -1 && all_zero(out, 32),
               "KMAC final on a KMACXOF ctx");
    test_check(&T, qed_kmac_squeeze(&kc, out, 32) == 0, "KMACXOF squeeze");
    test_check(&T, qed_kmac_update(&kc, in, 3) == -1,
               "KMACXOF update after squeeze");
    qed_kmac_wipe(&kc);
    memset(out, 0xAA, sizeof out);
    test_check(&T, qed_kmac_squeeze(&kc, out, 32) == -1 && all_zero(out, 32),
               "KMACXOF squeeze after wipe");
    qed_kmac256_init(&kc, in, 32, NULL, 0);
    memset(out, 0xAA, sizeof out);
    test_check(&T, qed_kmac_squeeze(&kc, out, 32) == -1 && all_zero(out, 32),
               "KMAC squeeze on a KMAC ctx");
    test_check(&T, qed_kmac_final(&kc, out, 32) == 0, "KMAC final");
    memset(out, 0xAA, sizeof out);
    test_check(&T, qed_kmac_final(&kc, out, 32) == -1 && all_zero(out, 32),
               "KMAC final twice");
    test_check(&T, qed_kmac_update(&kc, in, 3) == -1, "KMAC update after final");
  }
  {
    qed_kt_ctx kc;
    qed_kt128_init(&kc);
    memset(out, 0xAA, sizeof out);
    test_check(&T, qed_kt_squeeze(&kc, out, 32) == -1 && all_zero(out, 32),
               "KT squeeze before final");
    test_check(&T, qed_kt_final(&kc, NULL, 0) == 0, "KT final");
    test_check(&T, qed_kt_update(&kc, in, 3) == -1, "KT update after final");
    test_check(&T, qed_kt_final(&kc, NULL, 0) == -1, "KT final twice");
    qed_kt_wipe(&kc);
    memset(out, 0xAA, sizeof out);
    test_check(&T, qed_kt_squeeze(&kc, out, 32) == -1 && all_zero(out, 32),
               "KT squeeze after wipe");
    test_check(&T, qed_kt_update(&kc, in, 3) == -1, "KT update after wipe");
  }
}

int main(int argc, char **argv)
{
  if (argc > 1)
    vecdir = argv[1];
  test_print_backend();
  kat_cshake("cSHAKE_128_samples.txt", 0, 2);
  kat_cshake("cSHAKE_256_samples.txt", 1, 2);
  kat_cshake_pycryptodome("CustomMsgSamples_cSHAKE128.txt", 0, 12);
  kat_cshake_pycryptodome("CustomMsgSamples_cSHAKE256.txt", 1, 12);
  kat_kmac("KMAC_128_samples.txt", qed_kmac128, 3);
  kat_kmac("KMAC_256_samples.txt", qed_kmac256, 3);
  kat_kmac("KMACXOF_128_samples.txt", qed_kmacxof128, 3);
  kat_kmac("KMACXOF_256_samples.txt", qed_kmacxof256, 3);
  kat_tuple("Tuple_Hash_128_samples.txt", qed_tuplehash128, 3);
  kat_tuple("Tuple_Hash_256_samples.txt", qed_tuplehash256, 3);
  kat_tuple("Tuple_Hash_XOF_128_samples.txt", qed_tuplehashxof128, 3);
  kat_tuple("Tuple_Hash_XOF_256_samples.txt", qed_tuplehashxof256, 3);
  kat_parallel("ParallelHash128_samples.txt", qed_parallelhash128, 3);
  kat_parallel("ParallelHash256_samples.txt", qed_parallelhash256, 3);
  kat_parallel("ParallelHashXOF128_samples.txt", qed_parallelhashxof128, 3);
  kat_parallel("ParallelHashXOF256_samples.txt", qed_parallelhashxof256, 3);
  kat_rfc9861();
  kat_k12_xkcp();
  kat_m14();
  test_kt_boundaries();
  test_stream_cshake_kmac_turbo();
  test_stream_tuplehash();
  test_splits_and_lengths();
  test_rejections();
  return test_finish(&T);
}
