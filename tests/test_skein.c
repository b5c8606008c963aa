/* The Skein family (qed/skein.h): Threefish KATs and round trips, the
 * Skein 1.3 golden KAT (all 491 entries: bit lengths, MAC keys, tree mode),
 * the short examples of the specification, streaming = one-shot at every
 * split and around every block size, a 100003-byte message one-shot and in
 * uneven pieces, every output length 1..300 through both APIs, and the
 * rejection paths.
 *
 * usage: test_skein VECTOR_DIR   (VECTOR_DIR/skein/ holds the files) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/skein.h"
#include "testutil.h"

static test_tally T;

#define MAXMSG 4096

/* ---- small readers ---- */

/* Hex bytes separated by blanks (the golden KAT's layout) appended to out. */
static size_t read_hex_words(const char *line, uint8_t *out, size_t at,
                             size_t max)
{
  const char *p = line;
  while (*p) {
    while (*p == ' ' || *p == '\t') p++;
    if (p[0] == '\0' || p[0] == '\n' || p[0] == '\r') break;
    if (at >= max || test_unhex(out + at, p, 1) != 0) {
      printf("bad hex line: %s", line);
      exit(2);
    }
    at++;
    p += 2;
  }
  return at;
}

/* The value of "name": "hex" in a JSON line, decoded; its length or -1. */
static long json_hex(const char *line, const char *name, uint8_t *out,
                     size_t max)
{
  char key[64];
  snprintf(key, sizeof key, "\"%s\"", name);
  const char *p = strstr(line, key);
  if (p == NULL) return -1;
  p = strchr(p + strlen(key), '"');
  if (p == NULL) return -1;
  p++;
  size_t n = strcspn(p, "\"");
  if (n % 2 != 0 || n / 2 > max || test_unhex(out, p, n / 2) != 0) {
    printf("bad json field %s\n", name);
    exit(2);
  }
  return (long)(n / 2);
}

static FILE *open_vec(const char *dir, const char *name)
{
  char path[1024];
  snprintf(path, sizeof path, "%s/skein/%s", dir, name);
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    printf("cannot open %s\n", path);
    exit(2);
  }
  return f;
}

/* ---- Threefish ---- */

static void tf_encrypt(unsigned bits, uint8_t *o, const uint8_t *i,
                       const uint8_t *k, const uint8_t *t)
{
  if (bits == 256) qed_threefish256_encrypt(o, i, k, t);
  else if (bits == 512) qed_threefish512_encrypt(o, i, k, t);
  else qed_threefish1024_encrypt(o, i, k, t);
}

static void tf_decrypt(unsigned bits, uint8_t *o, const uint8_t *i,
                       const uint8_t *k, const uint8_t *t)
{
  if (bits == 256) qed_threefish256_decrypt(o, i, k, t);
  else if (bits == 512) qed_threefish512_decrypt(o, i, k, t);
  else qed_threefish1024_decrypt(o, i, k, t);
}

static void test_threefish_kat(const char *dir)
{
  FILE *f = open_vec(dir, "threefish_kat.json");
  char line[1024];
  unsigned bits = 0;
  uint8_t key[128], tweak[16], pt[128], ct[128], out[128];
  int count = 0;
  while (fgets(line, sizeof line, f)) {
    const char *a = strstr(line, "\"Threefish-");
    if (a) bits = (unsigned)atoi(a + 11);
    json_hex(line, "key", key, 128);
    json_hex(line, "tweak", tweak, 16);
    json_hex(line, "plaintext", pt, 128);
    if (json_hex(line, "ciphertext", ct, 128) > 0) {
      size_t n = bits / 8;
      tf_encrypt(bits, out, pt, key, tweak);
      test_check(&T, memcmp(out, ct, n) == 0, "Threefish-%u KAT encrypt", bits);
      tf_decrypt(bits, out, ct, key, tweak);
      test_check(&T, memcmp(out, pt, n) == 0, "Threefish-%u KAT decrypt", bits);
      /* in place */
      memcpy(out, pt, n);
      tf_encrypt(bits, out, out, key, tweak);
      test_check(&T, memcmp(out, ct, n) == 0, "Threefish-%u in place", bits);
      count++;
    }
  }
  fclose(f);
  test_check(&T, count == 6, "Threefish KAT count %d", count);
}

static void test_threefish_roundtrip(void)
{
  static const unsigned sizes[3] = {256, 512, 1024};
  uint64_t s = 0x1234567;
  for (int z = 0; z < 3; z++) {
    unsigned bits = sizes[z];
    size_t n = bits / 8;
    int ok = 1;
    for (int i = 0; i < 1000; i++) {
      uint8_t key[128], tweak[16], pt[128], ct[128], back[128], ct2[128];
      test_fill(key, n, test_rand(&s));
      test_fill(tweak, 16, test_rand(&s));
      test_fill(pt, n, test_rand(&s));
      tf_encrypt(bits, ct, pt, key, tweak);
      tf_decrypt(bits, back, ct, key, tweak);
      ok &= memcmp(back, pt, n) == 0 && memcmp(ct, pt, n) != 0;
      /* one flipped key, tweak or plaintext bit changes the ciphertext */
      uint64_t r = test_rand(&s);
      unsigned which = (unsigned)(r % 3), bit = (unsigned)((r >> 8) % (which == 1 ? 128 : 8 * n));
      uint8_t *p = which == 0 ? key : which == 1 ? tweak : pt;
      p[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      tf_encrypt(bits, ct2, pt, key, tweak);
      ok &= memcmp(ct2, ct, n) != 0;
    }
    test_check(&T, ok, "Threefish-%u: 1000 random round trips", bits);
  }
}

/* ---- Skein through the public API ---- */

typedef struct {
  unsigned bits;      /* state bits */
  size_t outlen;      /* bytes */
  const uint8_t *key; size_t keylen;
  int tree;           /* tree parameters below */
  uint8_t yl, yf, ym;
} skein_job;

/* Streaming, with the message fed in pieces drawn from seed (0: whole),
 * the last nbits % 8 bits through update_bits. */
static int skein_stream(const skein_job *j, uint8_t *out, const uint8_t *msg,
                        size_t nbits, uint64_t seed)
{
  qed_skein_params p;
  memset(&p, 0, sizeof p);
  p.key = j->key;
  p.keylen = j->keylen;
  size_t nbytes = nbits / 8, at = 0;
  if (j->tree) {
    static qed_skein_tree_ctx tc;
    p.tree_leaf = j->yl;
    p.tree_fan = j->yf;
    p.tree_max = j->ym;
    if (qed_skein_tree_init(&tc, j->bits, j->outlen, &p) != 0) return -1;
    while (at < nbytes) {
      size_t take = seed ? (size_t)(test_rand(&seed) % 300) : nbytes;
      if (take > nbytes - at) take = nbytes - at;
      if (qed_skein_tree_update(&tc, msg + at, take) != 0) return -1;
      at += take;
    }
    if (nbits % 8 != 0) return -1;
    return qed_skein_tree_final(&tc, out);
  }
  qed_skein_ctx c;
  if (qed_skein_init(&c, j->bits, j->outlen, &p) != 0) return -1;
  while (at < nbytes) {
    size_t take = seed ? (size_t)(test_rand(&seed) % 300) : nbytes;
    if (take > nbytes - at) take = nbytes - at;
    if (qed_skein_update(&c, msg + at, take) != 0) return -1;
    at += take;
  }
  if (nbits % 8 != 0 &&
      qed_skein_update_bits(&c, msg + nbytes, nbits % 8) != 0)
    return -1;
  return qed_skein_final(&c, out);
}

static int skein_oneshot(unsigned bits, uint8_t *out, size_t outlen,
                         const uint8_t *key, size_t keylen,
                         const uint8_t *in, size_t inlen)
{
  if (key != NULL) {
    if (bits == 256) return qed_skein256_mac(out, outlen, key, keylen, in, inlen);
    if (bits == 512) return qed_skein512_mac(out, outlen, key, keylen, in, inlen);
    return qed_skein1024_mac(out, outlen, key, keylen, in, inlen);
  }
  if (bits == 256) return qed_skein256(out, outlen, in, inlen);
  if (bits == 512) return qed_skein512(out, outlen, in, inlen);
  return qed_skein1024(out, outlen, in, inlen);
}

/* ---- the golden KAT ---- */

static void check_golden(const skein_job *j, const uint8_t *msg, size_t nbits,
                         const uint8_t *expect, const char *title)
{
  uint8_t out[512];
  int r = skein_stream(j, out, msg, nbits, 0);
  test_check(&T, r == 0 && memcmp(out, expect, j->outlen) == 0,
             "golden KAT (whole): %s", title);
  r = skein_stream(j, out, msg, nbits, 0x9E3779B97F4A7C15ull ^ nbits);
  test_check(&T, r == 0 && memcmp(out, expect, j->outlen) == 0,
             "golden KAT (pieces): %s", title);
  if (!j->tree && nbits % 8 == 0) {
    r = skein_oneshot(j->bits, out, j->outlen, j->keylen ? j->key : NULL,
                      j->keylen, msg, nbits / 8);
    test_check(&T, r == 0 && memcmp(out, expect, j->outlen) == 0,
               "golden KAT (one-shot): %s", title);
  }
}

static void test_golden(const char *dir)
{
  FILE *f = open_vec(dir, "skein_golden_kat.txt");
  char line[1024], title[256] = "";
  static uint8_t msg[MAXMSG], key[512], result[512];
  size_t msglen = 0, keylen = 0, reslen = 0, nbits = 0;
  int where = 0; /* 1 message, 2 key, 3 result */
  int have = 0, count = 0, trees = 0, macs = 0, bitlens = 0;
  skein_job j;
  memset(&j, 0, sizeof j);
  while (fgets(line, sizeof line, f)) {
    if (line[0] == ':') {
      unsigned sb, ob, lb = 0, yl = 0, yf = 0, ym = 0;
      if (sscanf(line, ":Skein-%u: %u-bit hash, msgLen = %zu bits", &sb, &ob,
                 &nbits) != 3) {
        printf("bad header: %s", line);
        exit(2);
      }
      memset(&j, 0, sizeof j);
      j.bits = sb;
      j.outlen = ob / 8;
      const char *t = strstr(line, "Tree: ");
      if (t) {
        if (sscanf(t, "Tree: leaf=%x, node=%x, maxLevels=%x", &yl, &yf, &ym) != 3) {
          printf("bad tree header: %s", line);
          exit(2);
        }
        j.tree = 1;
        j.yl = (uint8_t)yl;
        j.yf = (uint8_t)yf;
        j.ym = (uint8_t)ym;
      }
      (void)lb;
      snprintf(title, sizeof title, "%.*s", (int)strcspn(line + 1, "\r\n"), line + 1);
      msglen = keylen = reslen = 0;
      where = 0;
      have = 1;
    } else if (strncmp(line, "Message data:", 13) == 0) {
      where = 1;
    } else if (strncmp(line, "MAC key", 7) == 0) {
      where = 2;
      j.key = key;
    } else if (strncmp(line, "Result:", 7) == 0) {
      where = 3;
    } else if (strncmp(line, "----", 4) == 0) {
      if (have) {
        test_check(&T, reslen == j.outlen && msglen == (nbits + 7) / 8,
                   "golden KAT parse: %s", title);
        j.keylen = keylen;
        check_golden(&j, msg, nbits, result, title);
        count++;
        trees += j.tree;
        macs += j.key != NULL;
        bitlens += nbits % 8 != 0;
      }
      have = 0;
    } else if (strstr(line, "(none)") == NULL) {
      if (where == 1) msglen = read_hex_words(line, msg, msglen, sizeof msg);
      else if (where == 2) keylen = read_hex_words(line, key, keylen, sizeof key);
      else if (where == 3) reslen = read_hex_words(line, result, reslen, sizeof result);
    }
  }
  fclose(f);
  printf("golden KAT: %d entries (%d tree, %d MAC, %d bit lengths)\n", count,
         trees, macs, bitlens);
  test_check(&T, count == 491 && trees == 35 && macs == 114,
             "golden KAT counts %d/%d/%d", count, trees, macs);
}

/* ---- the specification's short examples ---- */

static void test_spec_examples(const char *dir)
{
  FILE *f = open_vec(dir, "skein_v13_spec_appendixC_short_kat.json");
  char line[2048];
  unsigned sb = 0, ob = 0;
  static uint8_t msg[1024], dig[256], out[256];
  long mlen = -1;
  int count = 0;
  while (fgets(line, sizeof line, f)) {
    const char *a = strstr(line, "\"Skein-");
    if (a) sscanf(a, "\"Skein-%u-%u", &sb, &ob);
    long m = json_hex(line, "msg", msg, sizeof msg);
    if (m >= 0) mlen = m;
    long d = json_hex(line, "digest", dig, sizeof dig);
    if (d > 0) {
      int r = skein_oneshot(sb, out, ob / 8, NULL, 0, msg, (size_t)mlen);
      test_check(&T, r == 0 && (long)ob / 8 == d && memcmp(out, dig, (size_t)d) == 0,
                 "spec example Skein-%u-%u, %ld bytes", sb, ob, mlen);
      count++;
    }
  }
  fclose(f);
  test_check(&T, count == 9, "spec examples count %d", count);
}

/* ---- streaming = one-shot, lengths ---- */

static void test_lengths(void)
{
  static const unsigned sizes[3] = {256, 512, 1024};
  static uint8_t msg[600], key[200];
  test_fill(msg, sizeof msg, 7);
  test_fill(key, sizeof key, 8);
  for (int z = 0; z < 3; z++) {
    unsigned bits = sizes[z];
    size_t nb = bits / 8;
    /* every message length around 1, 2, 3, 4 blocks, every split */
    int ok = 1, n = 0;
    for (size_t blk = 0; blk <= 4; blk++) {
      for (size_t len = blk * nb > 2 ? blk * nb - 2 : 0; len <= blk * nb + 2; len++) {
        uint8_t one[64], two[64];
        skein_oneshot(bits, one, 64, NULL, 0, msg, len);
        for (size_t cut = 0; cut <= len; cut++) {
          qed_skein_ctx c;
          ok &= qed_skein_init(&c, bits, 64, NULL) == 0;
          ok &= qed_skein_update(&c, msg, cut) == 0;
          ok &= qed_skein_update(&c, msg + cut, len - cut) == 0;
          ok &= qed_skein_final(&c, two) == 0;
          ok &= memcmp(one, two, 64) == 0;
          n++;
        }
      }
    }
    test_check(&T, ok, "Skein-%u: streaming = one-shot at every split (%d)", bits, n);
    /* every output length 1..300: one-shot = streaming, MAC too; outputs
       of different lengths differ (the length is in the configuration) */
    ok = 1;
    uint8_t prev[300];
    for (size_t outlen = 1; outlen <= 300; outlen++) {
      uint8_t one[301], two[301];
      one[outlen] = 0xAA;
      ok &= skein_oneshot(bits, one, outlen, NULL, 0, msg, 100) == 0;
      ok &= one[outlen] == 0xAA; /* nothing written past outlen */
      skein_job j;
      memset(&j, 0, sizeof j);
      j.bits = bits;
      j.outlen = outlen;
      ok &= skein_stream(&j, two, msg, 800, 3) == 0 && memcmp(one, two, outlen) == 0;
      if (outlen > 1) ok &= memcmp(one, prev, outlen - 1) != 0;
      memcpy(prev, one, outlen);
      ok &= skein_oneshot(bits, one, outlen, key, 1 + outlen % 150, msg, outlen) == 0;
      j.key = key;
      j.keylen = 1 + outlen % 150;
      ok &= skein_stream(&j, two, msg, 8 * outlen, outlen) == 0 &&
            memcmp(one, two, outlen) == 0;
    }
    test_check(&T, ok, "Skein-%u: every output length 1..300", bits);
    /* update_bits with a multiple of 8 = update; the bit pad differs */
    {
      uint8_t a[32], b[32];
      qed_skein_ctx c;
      ok = qed_skein_init(&c, bits, 32, NULL) == 0 &&
           qed_skein_update_bits(&c, msg, 8 * 77) == 0 &&
           qed_skein_final(&c, a) == 0 &&
           skein_oneshot(bits, b, 32, NULL, 0, msg, 77) == 0 &&
           memcmp(a, b, 32) == 0;
      test_check(&T, ok, "Skein-%u: update_bits of whole bytes = update", bits);
      qed_skein_init(&c, bits, 32, NULL);
      qed_skein_update_bits(&c, msg, 8 * 76 + 7);
      test_check(&T, qed_skein_update(&c, msg, 1) == -1 &&
                     qed_skein_update_bits(&c, msg, 8) == -1 &&
                     qed_skein_final(&c, a) == 0 && memcmp(a, b, 32) != 0,
                 "Skein-%u: no update after a partial byte", bits);
    }
  }
}

/* ---- personalization, public key, nonce: each changes the hash and is
 * order-sensitive; the fields reach the context only through init ---- */
static void test_fields(void)
{
  static const unsigned sizes[3] = {256, 512, 1024};
  uint8_t msg[100], base[64], out[64];
  test_fill(msg, sizeof msg, 11);
  for (int z = 0; z < 3; z++) {
    qed_skein_params p;
    qed_skein_ctx c;
    int ok = 1;
    skein_oneshot(sizes[z], base, 64, NULL, 0, msg, sizeof msg);
    const char *names[4] = {"key", "pers", "pubkey", "nonce"};
    uint8_t outs[4][64];
    for (int f = 0; f < 4; f++) {
      memset(&p, 0, sizeof p);
      const uint8_t *v = (const uint8_t *)"20081031 someone@example.com qed/";
      size_t vl = 33;
      if (f == 0) { p.key = v; p.keylen = vl; }
      if (f == 1) { p.pers = v; p.perslen = vl; }
      if (f == 2) { p.pubkey = v; p.pubkeylen = vl; }
      if (f == 3) { p.nonce = v; p.noncelen = vl; }
      ok = qed_skein_init(&c, sizes[z], 64, &p) == 0 &&
           qed_skein_update(&c, msg, sizeof msg) == 0 &&
           qed_skein_final(&c, outs[f]) == 0 && memcmp(outs[f], base, 64) != 0;
      for (int g = 0; g < f; g++) ok &= memcmp(outs[f], outs[g], 64) != 0;
      test_check(&T, ok, "Skein-%u: field %s changes the hash", sizes[z], names[f]);
    }
    /* a field of length 0 is absent */
    memset(&p, 0, sizeof p);
    p.pers = msg;
    ok = qed_skein_init(&c, sizes[z], 64, &p) == 0 &&
         qed_skein_update(&c, msg, sizeof msg) == 0 &&
         qed_skein_final(&c, out) == 0 && memcmp(out, base, 64) == 0;
    test_check(&T, ok, "Skein-%u: empty field is absent", sizes[z]);
    /* the context holds no raw key */
    memset(&p, 0, sizeof p);
    uint8_t k[40];
    memset(k, 0xC5, sizeof k);
    p.key = k;
    p.keylen = sizeof k;
    memset(&c, 0, sizeof c);  /* the scan reads every byte, the unused too */
    qed_skein_init(&c, sizes[z], 64, &p);
    const uint8_t *raw = (const uint8_t *)&c;
    int found = 0;
    for (size_t i = 0; i + 8 <= sizeof c; i++)
      found |= memcmp(raw + i, k, 8) == 0;
    test_check(&T, !found, "Skein-%u: no raw key in the context", sizes[z]);
  }
}

/* ---- rejection ---- */
static int all_zero(const uint8_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (p[i]) return 0;
  return 1;
}

static void test_reject(void)
{
  uint8_t out[64], msg[10] = {0};
  qed_skein_ctx c;
  static qed_skein_tree_ctx tc;
  qed_skein_params p;
  memset(out, 0xEE, sizeof out);
  test_check(&T, qed_skein512(out, 0, msg, 10) == -1, "outlen 0 refused");
  test_check(&T, qed_skein256_mac(out, 0, msg, 3, msg, 10) == -1, "MAC outlen 0 refused");
  test_check(&T, qed_skein_init(&c, 512, 0, NULL) == -1 &&
                 qed_skein_update(&c, msg, 1) == -1 &&
                 qed_skein_final(&c, out) == -1,
             "init with outlen 0: every call refuses");
  if (sizeof(size_t) >= 8) {
    /* 8 * 2^61 = 2^64: one too many (built from a 64-bit value so that a
     * 32-bit size_t never sees the shift) */
    size_t big = (size_t)((uint64_t)1 << 61);
    test_check(&T, qed_skein_init(&c, 512, big, NULL) == -1, "outlen 2^61 refused");
    test_check(&T, qed_skein_init(&c, 512, big - 1, NULL) == 0,
               "outlen 2^61 - 1 accepted");
    test_check(&T, qed_skein_init(&c, 1024, (size_t)-1, NULL) == -1,
               "outlen SIZE_MAX refused");
    test_check(&T, qed_skein_tree_init(&tc, 512, big, &(qed_skein_params){
                       .tree_leaf = 1, .tree_fan = 1, .tree_max = 2}) == -1,
               "tree outlen 2^61 refused");
  }
  /* the working state the header states: fixed, about 18.5 KiB at most */
  test_check(&T, sizeof(qed_skein_tree_ctx) <= 18944 && sizeof(qed_skein_ctx) <= 512,
             "context sizes (tree %zu, sequential %zu bytes)",
             sizeof(qed_skein_tree_ctx), sizeof(qed_skein_ctx));
  test_check(&T, QED_SKEIN_MAX_OUTLEN == (sizeof(size_t) >= 8
                                              ? (size_t)0x1FFFFFFFFFFFFFFFull
                                              : (size_t)-1),
             "QED_SKEIN_MAX_OUTLEN");
  test_check(&T, qed_skein_init(&c, 384, 32, NULL) == -1 &&
                 qed_skein_init(&c, 0, 32, NULL) == -1,
             "bad state size refused");
  memset(&p, 0, sizeof p);
  p.tree_leaf = 1;
  test_check(&T, qed_skein_init(&c, 512, 32, &p) == -1,
             "tree fields refused by the sequential init");
  /* final twice: the second refuses and zeroes */
  qed_skein_init(&c, 512, 64, NULL);
  qed_skein_update(&c, msg, 10);
  qed_skein_final(&c, out);
  test_check(&T, qed_skein_final(&c, out) == -1 && qed_skein_update(&c, msg, 1) == -1,
             "final wipes the context");
  /* a damaged context: refused, and final zeroes the output */
  qed_skein_init(&c, 512, 64, NULL);
  c.phase = 7;
  memset(out, 0xEE, sizeof out);
  test_check(&T, qed_skein_update(&c, msg, 1) == -1 &&
                 qed_skein_update_bits(&c, msg, 3) == -1 &&
                 qed_skein_final(&c, out) == -1 && all_zero(out, 64),
             "damaged context refused, output zeroed");
  qed_skein_init(&c, 256, 32, NULL);
  c.ubi.nbuf = 33;
  memset(out, 0xEE, sizeof out);
  test_check(&T, qed_skein_final(&c, out) == -1 && all_zero(out, 32) && out[32] == 0xEE,
             "damaged buffer count refused, exactly outlen bytes zeroed");
  /* tree parameters */
  static const uint8_t bad[][3] = {{0, 1, 2}, {1, 0, 2}, {1, 1, 1}, {57, 1, 2},
                                   {1, 57, 2}, {1, 1, 0}};
  int ok = 1;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    memset(&p, 0, sizeof p);
    p.tree_leaf = bad[i][0];
    p.tree_fan = bad[i][1];
    p.tree_max = bad[i][2];
    ok &= qed_skein_tree_init(&tc, 512, 64, &p) == -1;
    ok &= qed_skein_tree_update(&tc, msg, 1) == -1;
    memset(out, 0xEE, sizeof out);
    ok &= qed_skein_tree_final(&tc, out) == -1;
  }
  test_check(&T, ok, "bad tree parameters refused");
  memset(out, 0xEE, sizeof out);
  memset(&p, 0, sizeof p);
  p.tree_leaf = 1; p.tree_fan = 1; p.tree_max = 2;
  qed_skein_tree_init(&tc, 512, 64, &p);
  qed_skein_tree_update(&tc, msg, 10);
  qed_skein_tree_final(&tc, out);
  test_check(&T, qed_skein_tree_final(&tc, out) == -1, "tree final wipes the context");
  qed_skein_tree_init(&tc, 1024, 40, &p);
  tc.levels = 0;
  memset(out, 0xEE, sizeof out);
  test_check(&T, qed_skein_tree_update(&tc, msg, 1) == -1 &&
                 qed_skein_tree_final(&tc, out) == -1 && all_zero(out, 40) &&
                 out[40] == 0xEE,
             "damaged tree context refused, output zeroed");
  /* one-shot refusals leave nothing written */
  memset(out, 0xEE, sizeof out);
  test_check(&T, qed_skein1024_mac(out, 0, msg, 5, msg, 10) == -1 && out[0] == 0xEE,
             "outlen 0: nothing written");
}

/* ---- tree: streaming pieces = whole, and a tree of height Y_m = 2 on
 * many leaves is one top node ---- */
static void test_tree_more(void)
{
  static uint8_t msg[20000];
  test_fill(msg, sizeof msg, 99);
  static const unsigned sizes[3] = {256, 512, 1024};
  for (int z = 0; z < 3; z++) {
    int ok = 1;
    for (int yl = 1; yl <= 3; yl++)
      for (int yf = 1; yf <= 3; yf++)
        for (int ym = 2; ym <= 5; ym++) {
          skein_job j;
          uint8_t a[64], b[64];
          memset(&j, 0, sizeof j);
          j.bits = sizes[z];
          j.outlen = 64;
          j.tree = 1;
          j.yl = (uint8_t)yl; j.yf = (uint8_t)yf; j.ym = (uint8_t)ym;
          size_t len = (size_t)(yl * 3000 + yf * 700 + ym * 11) % sizeof msg;
          ok &= skein_stream(&j, a, msg, 8 * len, 0) == 0;
          ok &= skein_stream(&j, b, msg, 8 * len, (uint64_t)(yl * 100 + yf * 10 + ym)) == 0;
          ok &= memcmp(a, b, 64) == 0;
        }
    test_check(&T, ok, "Skein-%u tree: pieces = whole", sizes[z]);
  }
}

/* Long messages, the UBI kernels' many-block path (the golden KAT's
 * messages are at most 2048 bits): 100003 bytes of (131 i + 7) mod 256,
 * one-shot and in uneven pieces (1 .. 999 bytes, so the kernel runs from
 * both the caller's buffer and the input), against digests computed with
 * pyskein 1.0 (the Skein team's reference C, tests/skein/requirements.txt). */
static void test_long_messages(void)
{
  static const struct {
    unsigned bits;
    const char *hex;
  } kat[3] = {
    { 256, "9c177bd6cc247dbd4250c74b37fc5c55ca5bdf95611bc5f74286606cc99baeaa" },
    { 512, "6b45a93d069b54641f699f6f84e4392148999ff363dc228cb26281197be7e2c5"
           "c8c5d54bccf017420d7a8eeff5166b339d4d1b6a084f595741e7535e1198aa68" },
    { 1024, "3ebea9bc1adb745a891e6e6d573abadebf345394413df98fa5c538fa3b12f576"
            "9e762c4e8b308ab13652e855633d272fbfbd160486976f3fdd085dc494426fc7"
            "a76f001dcfb892413bd9894ed03808a6302fb50a66b7fd1ed2e0fea1e23866a5"
            "c515b5b77d03bff791128c636f4036bec31da72f58fb17b2c964ab1b7af6755a" },
  };
  enum { LONG_LEN = 100003 };
  static uint8_t msg[LONG_LEN];
  for (size_t i = 0; i < LONG_LEN; i++)
    msg[i] = (uint8_t)(131u * i + 7u);
  for (int z = 0; z < 3; z++) {
    size_t n = kat[z].bits / 8;
    uint8_t expect[128], one[128], two[128];
    test_unhex(expect, kat[z].hex, n);
    int r = skein_oneshot(kat[z].bits, one, n, NULL, 0, msg, LONG_LEN);
    test_check(&T, r == 0 && memcmp(one, expect, n) == 0,
               "Skein-%u: %d-byte message one-shot", kat[z].bits, LONG_LEN);
    qed_skein_ctx c;
    uint64_t state = 0x5eed + (uint64_t)z;
    int ok = qed_skein_init(&c, kat[z].bits, n, NULL) == 0;
    for (size_t at = 0; at < LONG_LEN;) {
      size_t take = 1 + (size_t)(test_rand(&state) % 999u);
      if (take > LONG_LEN - at)
        take = LONG_LEN - at;
      ok &= qed_skein_update(&c, msg + at, take) == 0;
      at += take;
    }
    ok &= qed_skein_final(&c, two) == 0;
    test_check(&T, ok && memcmp(two, expect, n) == 0,
               "Skein-%u: %d-byte message in uneven pieces", kat[z].bits,
               LONG_LEN);
  }
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  test_threefish_kat(dir);
  test_threefish_roundtrip();
  test_golden(dir);
  test_spec_examples(dir);
  test_lengths();
  test_long_messages();
  test_fields();
  test_reject();
  test_tree_more();
  return test_finish(&T);
}
