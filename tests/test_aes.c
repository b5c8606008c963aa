/* The AES family (qed/aes.h): known-answer tests (FIPS 197, SP 800-38A,
 * CAVP AESAVS KAT/MMT/MCT, RFC 3686, Wycheproof CBC-PKCS5, CAVP GCM),
 * counter wrap-around, every length 0..300 of CTR and GCM against an
 * independent reference written here (byte-oriented textbook AES, bitwise
 * GHASH), streaming = one-shot at every split, in place, rejection and
 * misuse.  Runs once per backend (QED_BACKEND).
 *
 * usage: test_aes VECTOR_DIR   (VECTOR_DIR/aes/ holds the vector files) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/aes.h"
#include "aes/aes_impl.h"   /* the bulk operations, for the ctr32 wrap test */
#include "testutil.h"

static test_tally T;
static const char *vecdir;

/* ====================================================================
 * The reference: FIPS 197 as written (S-box computed from its
 * definition), SP 800-38D Algorithm 1 for the GF(2^128) product.
 * ==================================================================== */

static uint8_t SBOX[256], INV_SBOX[256];

static uint8_t gmul(uint8_t a, uint8_t b)
{
  uint8_t r = 0;
  while (b) {
    if (b & 1) r ^= a;
    a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
    b >>= 1;
  }
  return r;
}

static void ref_init(void)
{
  for (int x = 0; x < 256; x++) {
    uint8_t inv = 0;
    for (int y = 1; y < 256 && x; y++)
      if (gmul((uint8_t)x, (uint8_t)y) == 1) { inv = (uint8_t)y; break; }
    uint8_t s = 0x63;
    for (int i = 0; i < 8; i++) {
      int bit = ((inv >> i) ^ (inv >> ((i + 4) % 8)) ^ (inv >> ((i + 5) % 8)) ^
                 (inv >> ((i + 6) % 8)) ^ (inv >> ((i + 7) % 8))) & 1;
      s ^= (uint8_t)(bit << i);
    }
    SBOX[x] = s;
    INV_SBOX[s] = (uint8_t)x;
  }
}

typedef struct { uint8_t w[240]; int nr; } ref_key;

static void ref_expand(ref_key *k, const uint8_t *key, size_t keylen)
{
  int nk = (int)keylen / 4, total = 4 * (nk + 7);
  uint8_t rcon = 1;
  k->nr = nk + 6;
  memcpy(k->w, key, keylen);
  for (int i = nk; i < total; i++) {
    uint8_t t[4];
    memcpy(t, k->w + 4 * (i - 1), 4);
    if (i % nk == 0) {
      uint8_t t0 = t[0];
      t[0] = (uint8_t)(SBOX[t[1]] ^ rcon); t[1] = SBOX[t[2]];
      t[2] = SBOX[t[3]]; t[3] = SBOX[t0];
      rcon = gmul(rcon, 2);
    } else if (nk == 8 && i % nk == 4) {
      for (int j = 0; j < 4; j++) t[j] = SBOX[t[j]];
    }
    for (int j = 0; j < 4; j++)
      k->w[4 * i + j] = (uint8_t)(k->w[4 * (i - nk) + j] ^ t[j]);
  }
}

static void ref_encrypt(const ref_key *k, uint8_t out[16], const uint8_t in[16])
{
  uint8_t s[16], t[16];
  for (int i = 0; i < 16; i++) s[i] = (uint8_t)(in[i] ^ k->w[i]);
  for (int r = 1; r <= k->nr; r++) {
    for (int i = 0; i < 16; i++) s[i] = SBOX[s[i]];
    for (int c = 0; c < 4; c++)                       /* ShiftRows */
      for (int row = 0; row < 4; row++)
        t[4 * c + row] = s[4 * ((c + row) % 4) + row];
    if (r != k->nr) {
      for (int c = 0; c < 4; c++) {                   /* MixColumns */
        uint8_t *a = t + 4 * c, b[4];
        for (int row = 0; row < 4; row++)
          b[row] = (uint8_t)(gmul(a[row], 2) ^ gmul(a[(row + 1) % 4], 3) ^
                             a[(row + 2) % 4] ^ a[(row + 3) % 4]);
        memcpy(a, b, 4);
      }
    }
    for (int i = 0; i < 16; i++) s[i] = (uint8_t)(t[i] ^ k->w[16 * r + i]);
  }
  memcpy(out, s, 16);
}

static void ref_decrypt(const ref_key *k, uint8_t out[16], const uint8_t in[16])
{
  uint8_t s[16], t[16];
  for (int i = 0; i < 16; i++) s[i] = (uint8_t)(in[i] ^ k->w[16 * k->nr + i]);
  for (int r = k->nr - 1; r >= 0; r--) {
    for (int c = 0; c < 4; c++)                       /* InvShiftRows */
      for (int row = 0; row < 4; row++)
        t[4 * ((c + row) % 4) + row] = s[4 * c + row];
    for (int i = 0; i < 16; i++) t[i] = INV_SBOX[t[i]];
    for (int i = 0; i < 16; i++) s[i] = (uint8_t)(t[i] ^ k->w[16 * r + i]);
    if (r != 0) {
      for (int c = 0; c < 4; c++) {                   /* InvMixColumns */
        uint8_t *a = s + 4 * c, b[4];
        for (int row = 0; row < 4; row++)
          b[row] = (uint8_t)(gmul(a[row], 14) ^ gmul(a[(row + 1) % 4], 11) ^
                             gmul(a[(row + 2) % 4], 13) ^ gmul(a[(row + 3) % 4], 9));
        memcpy(a, b, 4);
      }
    }
  }
  memcpy(out, s, 16);
}

/* SP 800-38D Algorithm 1, bit by bit: z = x * y. */
static void ref_gfmul(uint8_t z[16], const uint8_t x[16], const uint8_t y[16])
{
  uint8_t v[16], r[16] = {0};
  memcpy(v, y, 16);
  for (int i = 0; i < 128; i++) {
    if ((x[i / 8] >> (7 - i % 8)) & 1)
      for (int j = 0; j < 16; j++) r[j] ^= v[j];
    int lsb = v[15] & 1;
    for (int j = 15; j > 0; j--) v[j] = (uint8_t)((v[j] >> 1) | (v[j - 1] << 7));
    v[0] >>= 1;
    if (lsb) v[0] ^= 0xe1;
  }
  memcpy(z, r, 16);
}

static void ref_ghash_data(uint8_t y[16], const uint8_t h[16], const uint8_t *p,
                           size_t len)
{
  for (size_t off = 0; off < len; off += 16) {
    uint8_t b[16] = {0};
    size_t n = len - off < 16 ? len - off : 16;
    memcpy(b, p + off, n);
    for (int j = 0; j < 16; j++) y[j] ^= b[j];
    ref_gfmul(y, y, h);
  }
}

static void inc128(uint8_t c[16])
{
  for (int i = 15; i >= 0; i--) if (++c[i]) break;
}

static void inc32(uint8_t c[16])
{
  for (int i = 15; i >= 12; i--) if (++c[i]) break;
}

static void ref_ctr(const ref_key *k, uint8_t ctr[16], uint8_t *out,
                    const uint8_t *in, size_t len, int width32)
{
  for (size_t off = 0; off < len; off += 16) {
    uint8_t ks[16];
    ref_encrypt(k, ks, ctr);
    if (width32) inc32(ctr); else inc128(ctr);
    for (size_t j = 0; j < 16 && off + j < len; j++)
      out[off + j] = (uint8_t)(in[off + j] ^ ks[j]);
  }
}

/* GCM by the book: out, tag. */
static void ref_gcm(const ref_key *k, uint8_t *c, uint8_t tag[16],
                    const uint8_t *m, size_t mlen, const uint8_t *ad,
                    size_t adlen, const uint8_t *iv, size_t ivlen, int decrypt)
{
  uint8_t h[16] = {0}, j0[16] = {0}, y[16] = {0}, ctr[16], lens[16], ek[16];
  ref_encrypt(k, h, h);
  if (ivlen == 12) {
    memcpy(j0, iv, 12);
    j0[15] = 1;
  } else {
    ref_ghash_data(j0, h, iv, ivlen);
    memset(lens, 0, 16);
    for (int i = 0; i < 8; i++) lens[15 - i] = (uint8_t)(((uint64_t)ivlen * 8) >> (8 * i));
    ref_ghash_data(j0, h, lens, 16);
  }
  memcpy(ctr, j0, 16);
  inc32(ctr);
  if (decrypt) {
    ref_ghash_data(y, h, ad, adlen);
    ref_ghash_data(y, h, m, mlen);
    ref_ctr(k, ctr, c, m, mlen, 1);
  } else {
    ref_ctr(k, ctr, c, m, mlen, 1);
    ref_ghash_data(y, h, ad, adlen);
    ref_ghash_data(y, h, c, mlen);
  }
  for (int i = 0; i < 8; i++) {
    lens[7 - i] = (uint8_t)(((uint64_t)adlen * 8) >> (8 * i));
    lens[15 - i] = (uint8_t)(((uint64_t)mlen * 8) >> (8 * i));
  }
  ref_ghash_data(y, h, lens, 16);
  ref_encrypt(k, ek, j0);
  for (int i = 0; i < 16; i++) tag[i] = (uint8_t)(y[i] ^ ek[i]);
}

/* ====================================================================
 * Vector readers: "NAME = hex" records (CAVP, RFC 3686 as text) and a
 * minimal scanner of the flat JSON objects of the FIPS 197, SP 800-38A and
 * Wycheproof files.
 * ==================================================================== */

#define MAXB 8192

typedef struct {
  char section[32];            /* ENCRYPT / DECRYPT, or "" */
  int have_key, have_iv, have_pt, have_ct, have_ad, have_tag, fail;
  uint8_t key[32], iv[MAXB], pt[MAXB], ct[MAXB], ad[MAXB], tag[16];
  size_t keylen, ivlen, ptlen, ctlen, adlen, taglen;
} record;

static int prefix_nocase(const char *s, const char *p)
{
  for (; *p; s++, p++) {
    char a = *s, b = *p;
    if (a >= 'a' && a <= 'z') a = (char)(a - 32);
    if (b >= 'a' && b <= 'z') b = (char)(b - 32);
    if (a != b) return 0;
  }
  return 1;
}

static int field(const char *line, const char *name, uint8_t *out, size_t max,
                 size_t *len)
{
  size_t n = strlen(name);
  if (!prefix_nocase(line, name)) return 0;
  const char *p = line + n;
  while (*p == ' ') p++;
  if (*p != '=') return 0;
  p++;
  while (*p == ' ') p++;
  size_t hl = strcspn(p, "\r\n ");
  if (hl % 2 != 0 || hl / 2 > max || test_unhex(out, p, hl / 2) != 0) {
    printf("bad field %s: %s", name, line);
    exit(2);
  }
  *len = hl / 2;
  return 1;
}

static int next_record(FILE *f, record *r)
{
  static char line[4 * MAXB];
  int any = 0;
  r->have_key = r->have_iv = r->have_pt = r->have_ct = r->have_ad = 0;
  r->have_tag = r->fail = 0;
  r->keylen = r->ivlen = r->ptlen = r->ctlen = r->adlen = r->taglen = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    if (line[0] == '[') {
      if (prefix_nocase(line, "[ENCRYPT]")) strcpy(r->section, "ENCRYPT");
      else if (prefix_nocase(line, "[DECRYPT]")) strcpy(r->section, "DECRYPT");
      continue;
    }
    if (line[0] == '\n' || line[0] == '\r') {
      if (any) return 1;
      continue;
    }
    any = 1;
    if (strncmp(line, "FAIL", 4) == 0) { r->fail = 1; continue; }
    if (field(line, "KEY", r->key, 32, &r->keylen)) { r->have_key = 1; continue; }
    if (field(line, "IV", r->iv, MAXB, &r->ivlen)) { r->have_iv = 1; continue; }
    if (field(line, "PLAINTEXT", r->pt, MAXB, &r->ptlen)) { r->have_pt = 1; continue; }
    if (field(line, "CIPHERTEXT", r->ct, MAXB, &r->ctlen)) { r->have_ct = 1; continue; }
    if (field(line, "PT", r->pt, MAXB, &r->ptlen)) { r->have_pt = 1; continue; }
    if (field(line, "CT", r->ct, MAXB, &r->ctlen)) { r->have_ct = 1; continue; }
    if (field(line, "AAD", r->ad, MAXB, &r->adlen)) { r->have_ad = 1; continue; }
    if (field(line, "Tag", r->tag, 16, &r->taglen)) { r->have_tag = 1; continue; }
  }
  return any;
}

static FILE *open_vec(const char *name)
{
  char path[1024];
  snprintf(path, sizeof path, "%s/aes/%s", vecdir, name);
  FILE *f = fopen(path, "r");
  if (!f) {
    printf("cannot open %s\n", path);
    T.failed++;
  }
  return f;
}

static record R;

/* JSON: every innermost {...} object's "name": "hex" / "name": "text"
 * string fields, handed to a callback. */
#define JMAX 24
typedef struct {
  int n;
  char name[JMAX][32];
  char *val[JMAX];
} jobj;

static void json_objects(const char *file, void (*cb)(const jobj *))
{
  FILE *f = open_vec(file);
  if (!f) return;
  fseek(f, 0, SEEK_END);
  long sz = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)sz + 1);
  if (!s || fread(s, 1, (size_t)sz, f) != (size_t)sz) { printf("read %s\n", file); exit(2); }
  s[sz] = 0;
  fclose(f);
  jobj o;
  o.n = 0;
  int inner = 0;
  for (char *p = s; *p; p++) {
    if (*p == '{') { o.n = 0; inner = 1; continue; }
    if (*p == '}') {
      if (inner) cb(&o);
      inner = 0;
      o.n = 0;
      continue;
    }
    if (*p == '"') {                    /* a string: a name if ':' follows */
      char *q = strchr(p + 1, '"');
      char *c = q + 1;
      while (*c == ' ') c++;
      if (*c == ':' && inner && o.n < JMAX) {
        size_t nl = (size_t)(q - p - 1) < 31 ? (size_t)(q - p - 1) : 31;
        memcpy(o.name[o.n], p + 1, nl);
        o.name[o.n][nl] = 0;
        c++;
        while (*c == ' ' || *c == '\n') c++;
        if (*c == '"') {
          char *e = strchr(c + 1, '"');
          *e = 0;
          o.val[o.n++] = c + 1;
          p = e;
          continue;
        } else {                        /* a number, null, [ ...: as text */
          o.val[o.n++] = c;
          p = c - 1;
          continue;
        }
      }
      p = q;
    }
  }
  free(s);
}

static const char *jget(const jobj *o, const char *name)
{
  for (int i = 0; i < o->n; i++)
    if (strcmp(o->name[i], name) == 0) return o->val[i];
  return NULL;
}

static size_t jhex(const jobj *o, const char *name, uint8_t *out, size_t max)
{
  const char *h = jget(o, name);
  if (!h) return (size_t)-1;
  size_t hl = strcspn(h, "\"");
  if (hl % 2 || hl / 2 > max || test_unhex(out, h, hl / 2)) {
    printf("bad json hex %s\n", name);
    exit(2);
  }
  return hl / 2;
}

/* ====================================================================
 * Known answers
 * ==================================================================== */

static uint8_t A[MAXB], B[MAXB], C[MAXB];
static unsigned long kat_count;

static void fips197_cb(const jobj *o)
{
  uint8_t key[32], pt[16], ct[16], out[16];
  size_t kl = jhex(o, "key", key, 32);
  if (kl == (size_t)-1) return;
  jhex(o, "plaintext", pt, 16);
  jhex(o, "ciphertext", ct, 16);
  qed_aes_ctx ctx;
  test_check(&T, qed_aes_init(&ctx, key, kl) == 0, "fips197 init");
  qed_aes_ecb_encrypt(&ctx, out, pt, 1);
  test_check(&T, memcmp(out, ct, 16) == 0, "FIPS 197 %s encrypt", jget(o, "id"));
  qed_aes_ecb_decrypt(&ctx, out, ct, 1);
  test_check(&T, memcmp(out, pt, 16) == 0, "FIPS 197 %s decrypt", jget(o, "id"));
  kat_count++;
}

static void sp800_38a_cb(const jobj *o)
{
  uint8_t key[32], iv[16], ctr[16];
  const char *mode = jget(o, "mode"), *id = jget(o, "id");
  if (!mode) return;
  size_t kl = jhex(o, "key", key, 32);
  size_t pl = jhex(o, "plaintext", A, MAXB);
  size_t cl = jhex(o, "ciphertext", B, MAXB);
  qed_aes_ctx ctx;
  if (qed_aes_init(&ctx, key, kl) != 0 || pl != cl) { test_check(&T, 0, "38a %s", id); return; }
  if (strncmp(mode, "ECB", 3) == 0) {
    qed_aes_ecb_encrypt(&ctx, C, A, pl / 16);
    test_check(&T, memcmp(C, B, pl) == 0, "%s encrypt", id);
    qed_aes_ecb_decrypt(&ctx, C, B, pl / 16);
    test_check(&T, memcmp(C, A, pl) == 0, "%s decrypt", id);
  } else if (strncmp(mode, "CBC", 3) == 0) {
    jhex(o, "iv", iv, 16);
    memcpy(ctr, iv, 16);
    test_check(&T, qed_aes_cbc_encrypt(&ctx, ctr, C, A, pl) == 0 &&
               memcmp(C, B, pl) == 0 && memcmp(ctr, B + pl - 16, 16) == 0,
               "%s encrypt", id);
    memcpy(ctr, iv, 16);
    test_check(&T, qed_aes_cbc_decrypt(&ctx, ctr, C, B, pl) == 0 &&
               memcmp(C, A, pl) == 0 && memcmp(ctr, B + pl - 16, 16) == 0,
               "%s decrypt", id);
  } else if (strncmp(mode, "CTR", 3) == 0) {
    jhex(o, "iv", iv, 16);
    memcpy(ctr, iv, 16);
    qed_aes_ctr_xor(&ctx, ctr, C, A, pl);
    test_check(&T, memcmp(C, B, pl) == 0, "%s encrypt", id);
    memcpy(ctr, iv, 16);
    qed_aes_ctr_xor(&ctx, ctr, C, B, pl);
    test_check(&T, memcmp(C, A, pl) == 0, "%s decrypt", id);
  } else {
    test_check(&T, 0, "38a unknown mode %s", mode);
  }
  kat_count++;
}

/* AESAVS KAT and MMT files (ECB*, CBC* except MCT). */
static void kat_rsp(const char *file)
{
  FILE *f = open_vec(file);
  if (!f) return;
  int cbc = strncmp(file, "cavp/CBC", 8) == 0;
  R.section[0] = 0;
  unsigned long n = 0;
  while (next_record(f, &R)) {
    if (!R.have_key || !R.have_pt || !R.have_ct) continue;
    qed_aes_ctx ctx;
    uint8_t iv[16];
    int enc = strcmp(R.section, "DECRYPT") != 0;
    test_check(&T, qed_aes_init(&ctx, R.key, R.keylen) == 0, "%s init", file);
    size_t len = R.ptlen;
    if (cbc) {
      memcpy(iv, R.iv, 16);
      if (enc)
        test_check(&T, qed_aes_cbc_encrypt(&ctx, iv, C, R.pt, len) == 0 &&
                   memcmp(C, R.ct, len) == 0, "%s record %lu", file, n);
      else
        test_check(&T, qed_aes_cbc_decrypt(&ctx, iv, C, R.ct, len) == 0 &&
                   memcmp(C, R.pt, len) == 0, "%s record %lu", file, n);
    } else {
      if (enc) qed_aes_ecb_encrypt(&ctx, C, R.pt, len / 16);
      else qed_aes_ecb_decrypt(&ctx, C, R.ct, len / 16);
      test_check(&T, memcmp(C, enc ? R.ct : R.pt, len) == 0, "%s record %lu",
                 file, n);
    }
    n++;
  }
  fclose(f);
  test_check(&T, n > 0, "%s: no records", file);
  kat_count += n;
}

/* AESAVS CBC Monte Carlo (6.4.2): each record is one outer iteration,
 * checked from its own KEY, IV and input: 1000 chained blocks. */
static void kat_cbc_mct(const char *file)
{
  FILE *f = open_vec(file);
  if (!f) return;
  unsigned long n = 0;
  R.section[0] = 0;
  while (next_record(f, &R)) {
    if (!R.have_key || !R.have_pt || !R.have_ct) continue;
    int enc = strcmp(R.section, "DECRYPT") != 0;
    qed_aes_ctx ctx;
    uint8_t iv[16], in[16], out[16], prev[16];
    qed_aes_init(&ctx, R.key, R.keylen);
    memcpy(iv, R.iv, 16);
    memcpy(in, enc ? R.pt : R.ct, 16);
    for (int j = 0; j < 1000; j++) {
      memcpy(prev, out, 16);
      if (enc) qed_aes_cbc_encrypt(&ctx, iv, out, in, 16);
      else {
        uint8_t civ[16];
        memcpy(civ, iv, 16);
        qed_aes_cbc_decrypt(&ctx, iv, out, in, 16);
        if (j == 0) { memcpy(in, civ, 16); continue; }
      }
      /* next input: IV for j == 0 (encrypt), else the output before */
      if (enc && j == 0) memcpy(in, R.iv, 16);
      else memcpy(in, prev, 16);
    }
    test_check(&T, memcmp(out, enc ? R.ct : R.pt, 16) == 0, "%s record %lu",
               file, n);
    n++;
  }
  fclose(f);
  test_check(&T, n == 200, "%s: %lu records", file, n);
  kat_count += n;
}

/* RFC 3686: the IV field there is the whole initial counter block. */
static void kat_rfc3686(const char *file)
{
  FILE *f = open_vec(file);
  if (!f) return;
  unsigned long n = 0;
  while (next_record(f, &R)) {
    if (!R.have_key || !R.have_pt || !R.have_ct || R.ivlen != 16) continue;
    qed_aes_ctx ctx;
    uint8_t ctr[16];
    qed_aes_init(&ctx, R.key, R.keylen);
    memcpy(ctr, R.iv, 16);
    qed_aes_ctr_xor(&ctx, ctr, C, R.pt, R.ptlen);
    test_check(&T, memcmp(C, R.ct, R.ptlen) == 0, "%s record %lu", file, n);
    n++;
  }
  fclose(f);
  test_check(&T, n == 3, "%s: %lu records", file, n);
  kat_count += n;
}

static unsigned long wp_valid, wp_invalid;
static void wycheproof_cb(const jobj *o)
{
  uint8_t key[32], iv[16];
  const char *res = jget(o, "result"), *id = jget(o, "tcId");
  if (!res || !jget(o, "ct")) return;
  size_t kl = jhex(o, "key", key, 32), ivl = jhex(o, "iv", iv, 16);
  size_t ml = jhex(o, "msg", A, MAXB), cl = jhex(o, "ct", B, MAXB);
  qed_aes_ctx ctx;
  size_t outlen = 12345;
  if (ivl != 16 || qed_aes_init(&ctx, key, kl) != 0) {
    test_check(&T, 0, "wycheproof %s setup", id);
    return;
  }
  int valid = strncmp(res, "valid", 5) == 0;
  memset(C, 0xa5, cl + 16);
  int r = qed_aes_cbc_pkcs7_decrypt(&ctx, iv, C, &outlen, B, cl);
  if (valid) {
    test_check(&T, r == 0 && outlen == ml && memcmp(C, A, ml) == 0,
               "wycheproof %s decrypt", id);
    /* bytes past the plaintext untouched */
    int untouched = 1;
    for (size_t i = ml; i < cl; i++) untouched &= C[i] == 0xa5;
    test_check(&T, untouched, "wycheproof %s: wrote past outlen", id);
    r = qed_aes_cbc_pkcs7_encrypt(&ctx, iv, C, &outlen, A, ml);
    test_check(&T, r == 0 && outlen == cl && memcmp(C, B, cl) == 0,
               "wycheproof %s encrypt", id);
    wp_valid++;
  } else {
    int untouched = 1;
    for (size_t i = 0; i < cl + 16; i++) untouched &= C[i] == 0xa5;
    test_check(&T, r == -1 && outlen == 0 && untouched,
               "wycheproof %s accepted or wrote", id);
    wp_invalid++;
  }
  kat_count++;
}

/* CAVP GCM: gcmEncryptExtIV (encrypt, check C and tag) and gcmDecrypt
 * (FAIL records must be refused with a zeroed plaintext). */
static void kat_gcm(const char *file, int decrypt)
{
  FILE *f = open_vec(file);
  if (!f) return;
  unsigned long n = 0, fails = 0;
  while (next_record(f, &R)) {
    if (!R.have_key || !R.have_iv || !R.have_tag) continue;
    if (R.taglen != 16) continue;              /* qed's tags are 16 bytes */
    qed_aes_ctx ctx;
    uint8_t tag[16];
    qed_aes_init(&ctx, R.key, R.keylen);
    if (!decrypt) {
      int r = qed_aes_gcm_encrypt(&ctx, C, tag, R.pt, R.ptlen, R.ad, R.adlen,
                                  R.iv, R.ivlen);
      test_check(&T, r == 0 && memcmp(C, R.ct, R.ctlen) == 0 &&
                 memcmp(tag, R.tag, 16) == 0, "%s record %lu", file, n);
    } else {
      memset(C, 0x5a, R.ctlen + 1);
      int r = qed_aes_gcm_decrypt(&ctx, C, R.ct, R.ctlen, R.tag, R.ad, R.adlen,
                                  R.iv, R.ivlen);
      if (R.fail) {
        int zero = 1;
        for (size_t i = 0; i < R.ctlen; i++) zero &= C[i] == 0;
        test_check(&T, r == -1 && zero && C[R.ctlen] == 0x5a,
                   "%s record %lu: FAIL accepted", file, n);
        fails++;
      } else {
        test_check(&T, r == 0 && memcmp(C, R.pt, R.ptlen) == 0,
                   "%s record %lu", file, n);
      }
    }
    n++;
  }
  fclose(f);
  test_check(&T, n == 1125 && (!decrypt || fails > 500), "%s: %lu records",
             file, n);
  kat_count += n;
}

static void known_answers(void)
{
  static const char *kat[] = {
    "ECBGFSbox", "ECBKeySbox", "ECBVarKey", "ECBVarTxt", "ECBMMT",
    "CBCGFSbox", "CBCKeySbox", "CBCVarKey", "CBCVarTxt", "CBCMMT" };
  static const char *bits[] = { "128", "192", "256" };
  char name[128];
  json_objects("fips197/fips197_appendix_b_c.json", fips197_cb);
  json_objects("sp800-38a/sp800_38a_ecb_cbc_ctr.json", sp800_38a_cb);
  for (size_t i = 0; i < sizeof kat / sizeof kat[0]; i++)
    for (int b = 0; b < 3; b++) {
      snprintf(name, sizeof name, "cavp/%s%s.rsp", kat[i], bits[b]);
      kat_rsp(name);
    }
  for (int b = 0; b < 3; b++) {
    snprintf(name, sizeof name, "cavp/CBCMCT%s.rsp", bits[b]);
    kat_cbc_mct(name);
    snprintf(name, sizeof name, "rfc3686_ctr/aes-%s-ctr.txt", bits[b]);
    kat_rfc3686(name);
    snprintf(name, sizeof name, "gcm/gcmEncryptExtIV%s.rsp", bits[b]);
    kat_gcm(name, 0);
    snprintf(name, sizeof name, "gcm/gcmDecrypt%s.rsp", bits[b]);
    kat_gcm(name, 1);
  }
  json_objects("wycheproof/aes_cbc_pkcs5_test.json", wycheproof_cb);
  test_check(&T, wp_valid + wp_invalid == 216 && wp_valid > 0 && wp_invalid > 0, "wycheproof: %lu valid, %lu invalid",
             wp_valid, wp_invalid);
  printf("known answers: %lu vectors\n", kat_count);
}

/* ====================================================================
 * Against the reference: key schedules, every length, every mode
 * ==================================================================== */

static const size_t KEYLENS[3] = { 16, 24, 32 };

static int all_zero16(const uint8_t *p)
{
  int z = 1;
  for (int i = 0; i < 16; i++) z &= p[i] == 0;
  return z;
}

static void key_schedules(void)
{
  for (int t = 0; t < 60; t++) {
    uint8_t key[32];
    size_t kl = KEYLENS[t % 3];
    test_fill(key, kl, 1000u + (uint64_t)t);
    qed_aes_ctx ctx;
    ref_key rk;
    test_check(&T, qed_aes_init(&ctx, key, kl) == 0, "init %zu", kl);
    ref_expand(&rk, key, kl);
    int nr = rk.nr;
    test_check(&T, (int)ctx.rounds == nr, "rounds");
    test_check(&T, memcmp(ctx.rk_enc, rk.w, 16u * (unsigned)(nr + 1)) == 0,
               "rk_enc, key length %zu", kl);
    /* rk_dec: the equivalent inverse cipher's keys */
    int ok = 1;
    for (int r = 0; r <= nr; r++) {
      uint8_t e[16];
      memcpy(e, rk.w + 16 * (nr - r), 16);
      if (r != 0 && r != nr)
        for (int c = 0; c < 4; c++) {
          uint8_t *a = e + 4 * c, b[4];
          for (int row = 0; row < 4; row++)
            b[row] = (uint8_t)(gmul(a[row], 14) ^ gmul(a[(row + 1) % 4], 11) ^
                               gmul(a[(row + 2) % 4], 13) ^ gmul(a[(row + 3) % 4], 9));
          memcpy(a, b, 4);
        }
      ok &= memcmp(ctx.rk_dec + 16 * r, e, 16) == 0;
    }
    test_check(&T, ok, "rk_dec, key length %zu", kl);
    int tail = 1;
    for (int i = 16 * (nr + 1); i < 240; i++) tail &= ctx.rk_enc[i] == 0 && ctx.rk_dec[i] == 0;
    for (int i = 8 * (nr + 1); i < 120; i++) tail &= ctx.sk[i] == 0;
    test_check(&T, tail, "unused key tails are zero");
  }
  /* wiping: every byte of the context, and of a CTR state */
  {
    uint8_t key[32];
    qed_aes_ctx ctx;
    qed_aes_ctr_state st;
    test_fill(key, 32, 4242);
    qed_aes_init(&ctx, key, 32);
    qed_aes_wipe(&ctx);
    int zero = ctx.rounds == 0;
    for (int i = 0; i < 240; i++) zero &= ctx.rk_enc[i] == 0 && ctx.rk_dec[i] == 0;
    for (int i = 0; i < 120; i++) zero &= ctx.sk[i] == 0;
    test_check(&T, zero, "qed_aes_wipe left key material");
    qed_aes_ctr_init(&st, key);
    qed_aes_ctr_wipe(&st);
    test_check(&T, all_zero16(st.ctr) && all_zero16(st.ks), "qed_aes_ctr_wipe");
  }
  /* bad key lengths: -1 and a zeroed context */
  for (size_t kl = 0; kl <= 40; kl++) {
    if (kl == 16 || kl == 24 || kl == 32) continue;
    uint8_t key[40] = {1};
    qed_aes_ctx ctx;
    memset(&ctx, 0xff, sizeof ctx);
    int r = qed_aes_init(&ctx, key, kl);
    int zero = ctx.rounds == 0;
    for (int i = 0; i < 240; i++) zero &= ctx.rk_enc[i] == 0 && ctx.rk_dec[i] == 0;
    for (int i = 0; i < 120; i++) zero &= ctx.sk[i] == 0;
    test_check(&T, r == -1 && zero, "init accepts key length %zu", kl);
  }
}

/* ECB, CBC, CTR, PKCS#7 and GCM for every length 0..300, every key size,
 * against the reference; in place too. */
static void every_length(void)
{
  for (int ki = 0; ki < 3; ki++) {
    uint8_t key[32], iv[16], ctr[16], ctr2[16], tag[16], tag2[16], ad[40];
    size_t kl = KEYLENS[ki];
    test_fill(key, kl, 77u + (uint64_t)ki);
    qed_aes_ctx ctx;
    ref_key rk;
    qed_aes_init(&ctx, key, kl);
    ref_expand(&rk, key, kl);
    for (size_t len = 0; len <= 300; len++) {
      test_fill(A, len, 5000u + len);
      test_fill(iv, 16, 9000u + len);
      /* ECB and CBC on the whole blocks */
      size_t nb = len / 16;
      qed_aes_ecb_encrypt(&ctx, C, A, nb);
      int ok = 1;
      for (size_t b = 0; b < nb; b++) {
        uint8_t e[16], d[16];
        ref_encrypt(&rk, e, A + 16 * b);
        ref_decrypt(&rk, d, e);
        ok &= memcmp(e, C + 16 * b, 16) == 0 && memcmp(d, A + 16 * b, 16) == 0;
      }
      memcpy(B, A, 16 * nb);
      qed_aes_ecb_encrypt(&ctx, B, B, nb);          /* in place */
      ok &= memcmp(B, C, 16 * nb) == 0;
      qed_aes_ecb_decrypt(&ctx, B, B, nb);
      ok &= memcmp(B, A, 16 * nb) == 0;
      test_check(&T, ok, "ECB, key %zu, %zu blocks", kl, nb);

      uint8_t cv[16], ref_c[MAXB];
      memcpy(cv, iv, 16);
      for (size_t b = 0; b < nb; b++) {
        uint8_t x[16];
        for (int j = 0; j < 16; j++) x[j] = (uint8_t)(A[16 * b + j] ^ cv[j]);
        ref_encrypt(&rk, cv, x);
        memcpy(ref_c + 16 * b, cv, 16);
      }
      memcpy(ctr, iv, 16);
      ok = qed_aes_cbc_encrypt(&ctx, ctr, C, A, 16 * nb) == 0 &&
           memcmp(C, ref_c, 16 * nb) == 0 && memcmp(ctr, cv, 16) == 0;
      memcpy(B, C, 16 * nb);
      memcpy(ctr, iv, 16);
      ok &= qed_aes_cbc_decrypt(&ctx, ctr, B, B, 16 * nb) == 0 &&
            memcmp(B, A, 16 * nb) == 0 && memcmp(ctr, cv, 16) == 0;
      test_check(&T, ok, "CBC, key %zu, %zu blocks", kl, nb);

      /* PKCS#7 */
      size_t olen = 0, olen2 = 0;
      ok = qed_aes_cbc_pkcs7_encrypt(&ctx, iv, C, &olen, A, len) == 0 &&
           olen == 16 * nb + 16;
      uint8_t padded[MAXB];
      memcpy(padded, A, len);
      memset(padded + len, (int)(olen - len), olen - len);
      memcpy(cv, iv, 16);
      for (size_t b = 0; b < olen / 16; b++) {
        uint8_t x[16];
        for (int j = 0; j < 16; j++) x[j] = (uint8_t)(padded[16 * b + j] ^ cv[j]);
        ref_encrypt(&rk, cv, x);
        ok &= memcmp(C + 16 * b, cv, 16) == 0;
      }
      memcpy(B, A, len);                           /* in place */
      ok &= qed_aes_cbc_pkcs7_encrypt(&ctx, iv, B, &olen2, B, len) == 0 &&
            olen2 == olen && memcmp(B, C, olen) == 0;
      ok &= qed_aes_cbc_pkcs7_decrypt(&ctx, iv, B, &olen2, B, olen) == 0 &&
            olen2 == len && memcmp(B, A, len) == 0;
      test_check(&T, ok, "PKCS#7, key %zu, length %zu", kl, len);

      /* CTR: one-shot, in place, and the counter after */
      memcpy(ctr, iv, 16);
      memcpy(ctr2, iv, 16);
      ref_ctr(&rk, ctr2, ref_c, A, len, 0);
      qed_aes_ctr_xor(&ctx, ctr, C, A, len);
      ok = memcmp(C, ref_c, len) == 0 && memcmp(ctr, ctr2, 16) == 0;
      memcpy(B, A, len);
      memcpy(ctr, iv, 16);
      qed_aes_ctr_xor(&ctx, ctr, B, B, len);
      ok &= memcmp(B, ref_c, len) == 0;
      test_check(&T, ok, "CTR, key %zu, length %zu", kl, len);

      /* GCM with a 12-byte IV and with others, AD of several lengths */
      size_t ivl = (len % 5 == 0) ? 1 + len % 37 : 12;
      size_t adl = len % 41;
      uint8_t giv[64];
      test_fill(giv, sizeof giv, 300u + len);
      test_fill(ad, sizeof ad, 400u + len);
      ref_gcm(&rk, ref_c, tag2, A, len, ad, adl, giv, ivl, 0);
      ok = qed_aes_gcm_encrypt(&ctx, C, tag, A, len, ad, adl, giv, ivl) == 0 &&
           memcmp(C, ref_c, len) == 0 && memcmp(tag, tag2, 16) == 0;
      memcpy(B, C, len);
      ok &= qed_aes_gcm_decrypt(&ctx, B, B, len, tag, ad, adl, giv, ivl) == 0 &&
            memcmp(B, A, len) == 0;
      memcpy(B, A, len);
      ok &= qed_aes_gcm_encrypt(&ctx, B, tag, B, len, ad, adl, giv, ivl) == 0 &&
            memcmp(B, ref_c, len) == 0 && memcmp(tag, tag2, 16) == 0;
      test_check(&T, ok, "GCM, key %zu, length %zu, iv %zu, ad %zu", kl, len, ivl, adl);
    }
  }
  /* GCM: IV lengths 1..200 */
  uint8_t key[16], iv[200], tag[16], tag2[16];
  test_fill(key, 16, 31);
  qed_aes_ctx ctx;
  ref_key rk;
  qed_aes_init(&ctx, key, 16);
  ref_expand(&rk, key, 16);
  test_fill(A, 100, 32);
  for (size_t ivl = 1; ivl <= 200; ivl++) {
    test_fill(iv, ivl, 33 + ivl);
    ref_gcm(&rk, B, tag2, A, 100, A, ivl % 20, iv, ivl, 0);
    int r = qed_aes_gcm_encrypt(&ctx, C, tag, A, 100, A, ivl % 20, iv, ivl);
    test_check(&T, r == 0 && memcmp(B, C, 100) == 0 && memcmp(tag, tag2, 16) == 0,
               "GCM iv length %zu", ivl);
  }
}

/* ====================================================================
 * Counter wrap-around
 * ==================================================================== */

static void counter_wrap(void)
{
  static const struct { const char *name; uint8_t start[16]; } cases[] = {
    { "2^32", { 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
                0xfe, 0xdc, 0xba, 0x98, 0xff, 0xff, 0xff, 0xfd } },
    { "2^64", { 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
                0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe } },
    { "2^96", { 0x01, 0x23, 0x45, 0x67, 0xff, 0xff, 0xff, 0xff,
                0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe } },
    { "2^128", { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfd } },
  };
  uint8_t key[32];
  for (int ki = 0; ki < 3; ki++) {
    size_t kl = KEYLENS[ki];
    test_fill(key, kl, 55u + (uint64_t)ki);
    qed_aes_ctx ctx;
    ref_key rk;
    qed_aes_init(&ctx, key, kl);
    ref_expand(&rk, key, kl);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      for (size_t len = 1; len <= 16 * 9; len += 7) {
        uint8_t ctr[16], ctr2[16];
        test_fill(A, len, 600u + len);
        memcpy(ctr, cases[c].start, 16);
        memcpy(ctr2, cases[c].start, 16);
        ref_ctr(&rk, ctr2, B, A, len, 0);
        qed_aes_ctr_xor(&ctx, ctr, C, A, len);
        test_check(&T, memcmp(B, C, len) == 0 && memcmp(ctr, ctr2, 16) == 0,
                   "CTR wrap across %s, key %zu, length %zu", cases[c].name, kl, len);
        /* the 32-bit counter of GCM: only the last four bytes move */
        memcpy(ctr, cases[c].start, 16);
        memcpy(ctr2, cases[c].start, 16);
        size_t nb = (len + 15) / 16;
        ref_ctr(&rk, ctr2, B, A, 16 * nb, 1);
        qed_aes_ctr32_blocks(&ctx, ctr, C, A, nb);
        test_check(&T, memcmp(B, C, 16 * nb) == 0 && memcmp(ctr, ctr2, 16) == 0 &&
                   memcmp(ctr, cases[c].start, 12) == 0,
                   "ctr32 wrap, %s, key %zu, %zu blocks", cases[c].name, kl, nb);
      }
    }
    /* The documented chaining: ctr after a call is the next block's. */
    uint8_t ctr[16], ctr2[16];
    memcpy(ctr, cases[3].start, 16);
    memcpy(ctr2, cases[3].start, 16);
    test_fill(A, 96, 7);
    qed_aes_ctr_xor(&ctx, ctr, C, A, 32);
    qed_aes_ctr_xor(&ctx, ctr, C + 32, A + 32, 64);
    ref_ctr(&rk, ctr2, B, A, 96, 0);
    test_check(&T, memcmp(B, C, 96) == 0 && memcmp(ctr, ctr2, 16) == 0,
               "CTR calls chain across 2^128");
  }
}

/* ====================================================================
 * Streaming = one-shot
 * ==================================================================== */

static void streaming(void)
{
  uint8_t key[32], ctr0[16], iv[16], ad[100], tag[16], tag2[16];
  for (int ki = 0; ki < 3; ki++) {
    size_t kl = KEYLENS[ki];
    test_fill(key, kl, 88u + (uint64_t)ki);
    test_fill(ctr0, 16, 89);
    ctr0[15] = 0xfe;                         /* crosses 2^8 within the test */
    qed_aes_ctx ctx;
    qed_aes_init(&ctx, key, kl);
    /* CTR: every split point of every length up to 80, and random splits
     * of longer ones */
    for (size_t len = 0; len <= 80; len++) {
      uint8_t ctr[16];
      test_fill(A, len, 700u + len);
      memcpy(ctr, ctr0, 16);
      qed_aes_ctr_xor(&ctx, ctr, B, A, len);
      for (size_t s1 = 0; s1 <= len; s1++) {
        qed_aes_ctr_state st;
        qed_aes_ctr_init(&st, ctr0);
        memset(C, 0, len);
        qed_aes_ctr_update(&st, &ctx, C, A, s1);
        qed_aes_ctr_update(&st, &ctx, C + s1, A + s1, len - s1);
        test_check(&T, memcmp(B, C, len) == 0, "CTR stream, len %zu split %zu", len, s1);
      }
    }
    for (int t = 0; t < 200; t++) {
      uint64_t rs = 1000u + (uint64_t)t;
      size_t len = (size_t)(test_rand(&rs) % 2000), done = 0;
      uint8_t ctr[16];
      test_fill(A, len, rs);
      memcpy(ctr, ctr0, 16);
      qed_aes_ctr_xor(&ctx, ctr, B, A, len);
      qed_aes_ctr_state st;
      qed_aes_ctr_init(&st, ctr0);
      memcpy(C, A, len);
      while (done < len) {
        size_t n = (size_t)(test_rand(&rs) % 70);
        if (n > len - done) n = len - done;
        qed_aes_ctr_update(&st, &ctx, C + done, C + done, n);   /* in place */
        done += n;
      }
      test_check(&T, memcmp(B, C, len) == 0, "CTR random splits, len %zu", len);
    }

    /* GCM: every (AD split, message split) for short lengths, random
     * splits for long ones; both directions. */
    test_fill(iv, 16, 90);
    test_fill(ad, sizeof ad, 91);
    for (size_t len = 0; len <= 40; len++) {
      size_t adl = (len * 7) % 35, ivl = len % 3 == 0 ? 16 : 12;
      test_fill(A, len, 800u + len);
      qed_aes_gcm_encrypt(&ctx, B, tag, A, len, ad, adl, iv, ivl);
      for (size_t sa = 0; sa <= adl; sa += 1 + adl / 6)
        for (size_t sm = 0; sm <= len; sm++) {
          qed_aes_gcm_state st;
          int ok = qed_aes_gcm_init(&st, &ctx, iv, ivl) == 0 &&
                   qed_aes_gcm_update_ad(&st, ad, sa) == 0 &&
                   qed_aes_gcm_update_ad(&st, ad + sa, adl - sa) == 0 &&
                   qed_aes_gcm_encrypt_update(&st, &ctx, C, A, sm) == 0 &&
                   qed_aes_gcm_encrypt_update(&st, &ctx, C + sm, A + sm, len - sm) == 0 &&
                   qed_aes_gcm_encrypt_final(&st, tag2) == 0;
          test_check(&T, ok && memcmp(B, C, len) == 0 && memcmp(tag, tag2, 16) == 0,
                     "GCM stream encrypt, len %zu, splits %zu %zu", len, sa, sm);
          ok = qed_aes_gcm_init(&st, &ctx, iv, ivl) == 0 &&
               qed_aes_gcm_update_ad(&st, ad, sa) == 0 &&
               qed_aes_gcm_update_ad(&st, ad + sa, adl - sa) == 0 &&
               qed_aes_gcm_decrypt_update(&st, &ctx, C, B, sm) == 0 &&
               qed_aes_gcm_decrypt_update(&st, &ctx, C + sm, B + sm, len - sm) == 0 &&
               qed_aes_gcm_decrypt_final(&st, tag) == 0;
          test_check(&T, ok && memcmp(A, C, len) == 0,
                     "GCM stream decrypt, len %zu, splits %zu %zu", len, sa, sm);
        }
    }
    for (int t = 0; t < 200; t++) {
      uint64_t rs = 2000u + (uint64_t)t;
      size_t len = (size_t)(test_rand(&rs) % 3000), adl = (size_t)(test_rand(&rs) % 100);
      size_t done = 0, ad_done = 0;
      test_fill(A, len, rs);
      qed_aes_gcm_encrypt(&ctx, B, tag, A, len, ad, adl, iv, 12);
      qed_aes_gcm_state st;
      int ok = qed_aes_gcm_init(&st, &ctx, iv, 12) == 0;
      while (ad_done < adl) {
        size_t n = (size_t)(test_rand(&rs) % 20);
        if (n > adl - ad_done) n = adl - ad_done;
        ok &= qed_aes_gcm_update_ad(&st, ad + ad_done, n) == 0;
        ad_done += n;
      }
      memcpy(C, A, len);
      while (done < len) {
        size_t n = (size_t)(test_rand(&rs) % 600);
        if (n > len - done) n = len - done;
        ok &= qed_aes_gcm_encrypt_update(&st, &ctx, C + done, C + done, n) == 0;
        done += n;
      }
      ok &= qed_aes_gcm_encrypt_final(&st, tag2) == 0;
      test_check(&T, ok && memcmp(B, C, len) == 0 && memcmp(tag, tag2, 16) == 0,
                 "GCM random splits, len %zu ad %zu", len, adl);
    }
  }
}

/* ====================================================================
 * Rejection and misuse
 * ==================================================================== */

static int all_is(const uint8_t *p, size_t n, uint8_t v)
{
  for (size_t i = 0; i < n; i++) if (p[i] != v) return 0;
  return 1;
}

static void rejection(void)
{
  uint8_t key[32], iv[16], ad[20], tag[16], t2[16];
  qed_aes_ctx ctx;
  test_fill(key, 32, 3);
  qed_aes_init(&ctx, key, 32);
  test_fill(iv, 16, 4);
  test_fill(ad, 20, 5);

  /* GCM: every bit of the tag, of the ciphertext, of the AD, of the IV */
  const size_t len = 37;
  test_fill(A, len, 6);
  qed_aes_gcm_encrypt(&ctx, B, tag, A, len, ad, sizeof ad, iv, 12);
  int ok = 1;
  for (size_t bit = 0; bit < 8 * (16 + len + sizeof ad + 12); bit++) {
    uint8_t *p;
    size_t b = bit / 8;
    if (b < 16) p = tag + b;
    else if (b < 16 + len) p = B + (b - 16);
    else if (b < 16 + len + sizeof ad) p = ad + (b - 16 - len);
    else p = iv + (b - 16 - len - sizeof ad);
    *p ^= (uint8_t)(1u << (bit % 8));
    memset(C, 0x77, len + 1);
    int r = qed_aes_gcm_decrypt(&ctx, C, B, len, tag, ad, sizeof ad, iv, 12);
    ok &= r == -1 && all_is(C, len, 0) && C[len] == 0x77;
    /* streaming: the verdict */
    qed_aes_gcm_state st;
    qed_aes_gcm_init(&st, &ctx, iv, 12);
    qed_aes_gcm_update_ad(&st, ad, sizeof ad);
    qed_aes_gcm_decrypt_update(&st, &ctx, C, B, len);
    ok &= qed_aes_gcm_decrypt_final(&st, tag) == -1;
    *p ^= (uint8_t)(1u << (bit % 8));
  }
  test_check(&T, ok, "GCM accepted a flipped bit");
  test_check(&T, qed_aes_gcm_decrypt(&ctx, C, B, len, tag, ad, sizeof ad, iv, 12) == 0 &&
             memcmp(C, A, len) == 0, "GCM rejects the genuine message");
  /* truncated / extended ciphertext and AD */
  test_check(&T, qed_aes_gcm_decrypt(&ctx, C, B, len - 1, tag, ad, sizeof ad, iv, 12) == -1 &&
             all_is(C, len - 1, 0), "GCM accepted a truncated ciphertext");
  test_check(&T, qed_aes_gcm_decrypt(&ctx, C, B, len, tag, ad, sizeof ad - 1, iv, 12) == -1,
             "GCM accepted a truncated AD");
  test_check(&T, qed_aes_gcm_decrypt(&ctx, C, B, len, tag, ad, sizeof ad, iv, 13) == -1,
             "GCM accepted a longer IV");
  /* ivlen 0 */
  memset(C, 0x55, len);
  memset(t2, 0x55, 16);
  test_check(&T, qed_aes_gcm_encrypt(&ctx, C, t2, A, len, ad, 0, iv, 0) == -1 &&
             all_is(C, len, 0) && all_is(t2, 16, 0), "GCM accepted an empty IV");
  memset(C, 0x55, len);
  test_check(&T, qed_aes_gcm_decrypt(&ctx, C, B, len, tag, ad, 0, iv, 0) == -1 &&
             all_is(C, len, 0), "GCM decrypt accepted an empty IV");
  /* too long: checked before anything is read (the pointers are not
   * dereferenced past len, so a short buffer with a huge len is safe here
   * only because the check comes first: documented limits) */
  {
    qed_aes_gcm_state st;
    test_check(&T, qed_aes_gcm_init(&st, &ctx, iv, 0) == -1, "gcm_init empty IV");
    test_check(&T, qed_aes_gcm_update_ad(&st, ad, 1) == -1, "update_ad on a refused state");
    memset(C, 0x55, 8);
    test_check(&T, qed_aes_gcm_encrypt_update(&st, &ctx, C, A, 8) == -1 && all_is(C, 8, 0),
               "update on a refused state");
    memset(t2, 0x55, 16);
    test_check(&T, qed_aes_gcm_encrypt_final(&st, t2) == -1 && all_is(t2, 16, 0),
               "final on a refused state");
    /* order: AD after the message */
    qed_aes_gcm_init(&st, &ctx, iv, 12);
    qed_aes_gcm_encrypt_update(&st, &ctx, C, A, 5);
    test_check(&T, qed_aes_gcm_update_ad(&st, ad, 1) == -1, "AD after the message");
    test_check(&T, qed_aes_gcm_encrypt_final(&st, t2) == -1, "final after misuse");
    /* direction mixed */
    qed_aes_gcm_init(&st, &ctx, iv, 12);
    qed_aes_gcm_encrypt_update(&st, &ctx, C, A, 5);
    test_check(&T, qed_aes_gcm_decrypt_update(&st, &ctx, C, A, 5) == -1,
               "decrypt_update after encrypt_update");
    qed_aes_gcm_init(&st, &ctx, iv, 12);
    qed_aes_gcm_decrypt_update(&st, &ctx, C, A, 5);
    test_check(&T, qed_aes_gcm_encrypt_final(&st, t2) == -1, "encrypt_final after decrypt");
    /* final twice */
    qed_aes_gcm_init(&st, &ctx, iv, 12);
    test_check(&T, qed_aes_gcm_encrypt_final(&st, t2) == 0, "final (empty)");
    test_check(&T, qed_aes_gcm_encrypt_final(&st, t2) == -1, "final twice");
    /* length limit of the message, through the streaming counters */
    qed_aes_gcm_init(&st, &ctx, iv, 12);
    st.mlen = QED_AES_GCM_MAX_MESSAGE - 3;
    test_check(&T, qed_aes_gcm_encrypt_update(&st, &ctx, C, A, 3) == 0, "up to the limit");
    test_check(&T, qed_aes_gcm_encrypt_update(&st, &ctx, C, A, 1) == -1, "past the limit");
  }

  /* CBC: lengths that are not multiples of 16 */
  for (size_t l = 1; l < 48; l++) {
    if (l % 16 == 0) continue;
    uint8_t v[16];
    memcpy(v, iv, 16);
    memset(C, 0x33, l);
    test_check(&T, qed_aes_cbc_encrypt(&ctx, v, C, A, l) == -1 && all_is(C, l, 0) &&
               memcmp(v, iv, 16) == 0, "CBC encrypt length %zu", l);
    memset(C, 0x33, l);
    test_check(&T, qed_aes_cbc_decrypt(&ctx, v, C, A, l) == -1 && all_is(C, l, 0),
               "CBC decrypt length %zu", l);
    size_t ol = 99;
    memset(C, 0x33, l);
    test_check(&T, qed_aes_cbc_pkcs7_decrypt(&ctx, iv, C, &ol, A, l) == -1 && ol == 0 &&
               all_is(C, l, 0x33), "PKCS#7 decrypt length %zu", l);
  }
  {
    size_t ol = 99;
    test_check(&T, qed_aes_cbc_pkcs7_decrypt(&ctx, iv, C, &ol, A, 0) == -1 && ol == 0,
               "PKCS#7 decrypt of nothing");
    test_check(&T, qed_aes_cbc_pkcs7_encrypt(&ctx, iv, C, &ol, A, SIZE_MAX - 15) == -1 &&
               ol == 0, "PKCS#7 encrypt length overflow");
  }

  /* PKCS#7: every value of the last byte, and a bad byte at every place
   * of the padding; in place the ciphertext must stay. */
  for (int nb = 1; nb <= 3; nb++) {
    for (int last = 0; last < 256; last++) {
      for (int badpos = -1; badpos < 16; badpos++) {
        uint8_t pt[48], ct[48], v[16];
        size_t ol = 1234;
        test_fill(pt, sizeof pt, (uint64_t)(nb * 1000 + last));
        size_t n = (size_t)last;
        pt[16 * nb - 1] = (uint8_t)last;
        if (n >= 1 && n <= 16)
          for (size_t j = 1; j <= n; j++) pt[16 * nb - j] = (uint8_t)n;
        int expect = n >= 1 && n <= 16;
        if (badpos >= 0) {
          if (!expect || (size_t)badpos >= n - 1 + (n == 0)) continue;
          pt[16 * nb - 2 - badpos] ^= 0x40;            /* inside the padding */
          expect = 0;
        }
        memcpy(v, iv, 16);
        qed_aes_cbc_encrypt(&ctx, v, ct, pt, 16u * (unsigned)nb);
        memcpy(C, ct, 16u * (unsigned)nb);
        int r = qed_aes_cbc_pkcs7_decrypt(&ctx, iv, C, &ol, C, 16u * (unsigned)nb);
        if (expect)
          test_check(&T, r == 0 && ol == 16u * (unsigned)nb - n &&
                     memcmp(C, pt, ol) == 0 &&
                     memcmp(C + ol, ct + ol, 16u * (unsigned)nb - ol) == 0,
                     "PKCS#7 good padding %d refused", last);
        else
          test_check(&T, r == -1 && ol == 0 && memcmp(C, ct, 16u * (unsigned)nb) == 0,
                     "PKCS#7 bad padding %d (bad byte %d) accepted or wrote", last, badpos);
      }
    }
  }
}

int main(int argc, char **argv)
{
  if (argc < 2) {
    printf("usage: %s VECTOR_DIR\n", argv[0]);
    return 2;
  }
  vecdir = argv[1];
  test_print_backend();
  ref_init();
  known_answers();
  key_schedules();
  every_length();
  counter_wrap();
  streaming();
  rejection();
  return test_finish(&T);
}
