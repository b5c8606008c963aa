/* The Ascon family (qed/ascon.h): known-answer tests, streaming = one-shot
 * at every split, boundary lengths, in-place AEAD, rejection, misuse.
 *
 * usage: test_ascon VECTOR_DIR   (VECTOR_DIR/ascon/ holds the KAT files:
 * ascon-c's LWC KATs for SP 800-232, libkeccak's for v1.2) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/ascon.h"
#include "ascon/ascon_core.h"
#include "testutil.h"

#define MAXB 2048

static test_tally T;

/* ---- a small reader of "Name = hex" records separated by blank lines ---- */
typedef struct {
  int count;
  int have_key, have_nonce, have_pt, have_ad, have_ct, have_msg, have_z,
      have_md;
  uint8_t key[16], nonce[16];
  uint8_t pt[MAXB], ad[MAXB], ct[MAXB], msg[MAXB], z[MAXB], md[MAXB];
  size_t ptlen, adlen, ctlen, msglen, zlen, mdlen;
} record;

static int parse_field(const char *line, const char *name, uint8_t *out,
                       size_t max, size_t *len)
{
  size_t n = strlen(name);
  if (strncmp(line, name, n) != 0 || line[n] != ' ' || line[n + 1] != '=')
    return 0;
  const char *h = line + n + 2;
  while (*h == ' ') h++;
  size_t hl = strcspn(h, "\r\n ");
  if (hl % 2 != 0 || hl / 2 > max || test_unhex(out, h, hl / 2) != 0) {
    printf("bad field %s\n", name);
    exit(2);
  }
  *len = hl / 2;
  return 1;
}

/* Reads the next record; 0 at end of file. */
static int next_record(FILE *f, record *r)
{
  char line[2 * MAXB + 64];
  size_t l;
  memset(r, 0, offsetof(record, pt));
  r->ptlen = r->adlen = r->ctlen = r->msglen = r->zlen = r->mdlen = 0;
  int any = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#')
      continue;
    if (line[0] == '\n' || line[0] == '\r') {
      if (any) return 1;
      continue;
    }
    any = 1;
    if (strncmp(line, "Count", 5) == 0 || strncmp(line, "Len", 3) == 0) {
      r->count++;
      continue;
    }
    if (parse_field(line, "Key", r->key, 16, &l)) { r->have_key = (l == 16); continue; }
    if (parse_field(line, "Nonce", r->nonce, 16, &l)) { r->have_nonce = (l == 16); continue; }
    if (parse_field(line, "PT", r->pt, MAXB, &r->ptlen)) { r->have_pt = 1; continue; }
    if (parse_field(line, "AD", r->ad, MAXB, &r->adlen)) { r->have_ad = 1; continue; }
    if (parse_field(line, "CT", r->ct, MAXB, &r->ctlen)) { r->have_ct = 1; continue; }
    if (parse_field(line, "Msg", r->msg, MAXB, &r->msglen)) { r->have_msg = 1; continue; }
    if (parse_field(line, "Z", r->z, MAXB, &r->zlen)) { r->have_z = 1; continue; }
    if (parse_field(line, "MD", r->md, MAXB, &r->mdlen)) { r->have_md = 1; continue; }
    if (parse_field(line, "Output", r->md, MAXB, &r->mdlen)) { r->have_md = 1; continue; }
  }
  return any;
}

static FILE *open_vec(const char *dir, const char *name)
{
  char path[1024];
  snprintf(path, sizeof path, "%s/ascon/%s", dir, name);
  FILE *f = fopen(path, "r");
  if (!f) {
    test_check(&T, 0, "cannot open %s", path);
  }
  return f;
}

static record R;

static void kat_aead(const char *dir)
{
  FILE *f = open_vec(dir, "LWC_AEAD_KAT_128_128.txt");
  unsigned long n = 0;
  uint8_t c[MAXB], tag[16], m[MAXB], buf[MAXB];
  if (!f) return;
  while (next_record(f, &R)) {
    if (!(R.have_key && R.have_nonce && R.have_pt && R.have_ad && R.have_ct &&
          R.ctlen == R.ptlen + 16)) {
      test_check(&T, 0, "AEAD KAT record %lu incomplete", n);
      continue;
    }
    n++;
    int rc = qed_ascon_aead128_encrypt(c, tag, R.pt, R.ptlen, R.ad, R.adlen,
                                       R.nonce, R.key);
    test_check(&T, rc == 0 && memcmp(c, R.ct, R.ptlen) == 0 &&
               memcmp(tag, R.ct + R.ptlen, 16) == 0,
               "AEAD128 encrypt KAT %lu", n);
    memset(m, 0xAA, sizeof m);
    rc = qed_ascon_aead128_decrypt(m, R.ct, R.ptlen, R.ct + R.ptlen, R.ad,
                                   R.adlen, R.nonce, R.key);
    test_check(&T, rc == 0 && memcmp(m, R.pt, R.ptlen) == 0,
               "AEAD128 decrypt KAT %lu", n);
    /* in place, both ways */
    memcpy(buf, R.pt, R.ptlen);
    rc = qed_ascon_aead128_encrypt(buf, tag, buf, R.ptlen, R.ad, R.adlen,
                                   R.nonce, R.key);
    test_check(&T, rc == 0 && memcmp(buf, R.ct, R.ptlen) == 0 &&
               memcmp(tag, R.ct + R.ptlen, 16) == 0,
               "AEAD128 in-place encrypt KAT %lu", n);
    rc = qed_ascon_aead128_decrypt(buf, buf, R.ptlen, tag, R.ad, R.adlen,
                                   R.nonce, R.key);
    test_check(&T, rc == 0 && memcmp(buf, R.pt, R.ptlen) == 0,
               "AEAD128 in-place decrypt KAT %lu", n);
  }
  fclose(f);
  test_check(&T, n == 1089, "AEAD128 KAT count %lu", n);
}

typedef enum { K_HASH256, K_XOF128, K_CXOF128, K_HASHV12, K_XOFV12 } kind;

/* Streaming form of Hash256 / XOF128 / CXOF128: input split at `split`,
 * output squeezed in two pieces split at `osplit` (XOFs). */
static int stream(kind k, uint8_t *out, size_t outlen, const uint8_t *in,
                  size_t inlen, const uint8_t *z, size_t zlen, size_t split,
                  size_t osplit)
{
  int rc = 0;
  if (k == K_HASH256) {
    qed_ascon_hash_ctx h;
    qed_ascon_hash256_init(&h);
    rc |= qed_ascon_hash256_update(&h, in, split);
    rc |= qed_ascon_hash256_update(&h, in + split, inlen - split);
    rc |= qed_ascon_hash256_final(&h, out);
    return rc;
  }
  qed_ascon_xof_ctx x;
  if (k == K_XOF128)
    qed_ascon_xof128_init(&x);
  else
    rc |= qed_ascon_cxof128_init(&x, z, zlen);
  rc |= qed_ascon_xof_update(&x, in, split);
  rc |= qed_ascon_xof_update(&x, in + split, inlen - split);
  rc |= qed_ascon_xof_squeeze(&x, out, osplit);
  rc |= qed_ascon_xof_squeeze(&x, out + osplit, outlen - osplit);
  qed_ascon_xof_wipe(&x);
  return rc;
}

static void oneshot(kind k, uint8_t *out, size_t outlen, const uint8_t *in,
                    size_t inlen, const uint8_t *z, size_t zlen)
{
  switch (k) {
  case K_HASH256: qed_ascon_hash256(out, in, inlen); break;
  case K_XOF128: qed_ascon_xof128(out, outlen, in, inlen); break;
  case K_CXOF128:
    test_check(&T, qed_ascon_cxof128(out, outlen, in, inlen, z, zlen) == 0,
               "cxof128 returned non-zero");
    break;
  case K_HASHV12: qed_ascon_hash_v12(out, in, inlen); break;
  case K_XOFV12: qed_ascon_xof_v12(out, outlen, in, inlen); break;
  }
}

static void kat_hash(const char *dir, const char *file, kind k, size_t outlen,
                     unsigned long expect)
{
  FILE *f = open_vec(dir, file);
  unsigned long n = 0;
  uint8_t out[MAXB];
  if (!f) return;
  while (next_record(f, &R)) {
    if (!(R.have_msg && R.have_md && R.mdlen == outlen &&
          (k != K_CXOF128 || R.have_z))) {
      test_check(&T, 0, "%s record %lu incomplete", file, n);
      continue;
    }
    n++;
    memset(out, 0xAA, sizeof out);
    oneshot(k, out, outlen, R.msg, R.msglen, R.z, R.zlen);
    test_check(&T, memcmp(out, R.md, outlen) == 0, "%s one-shot %lu", file, n);
    if (k == K_HASH256 || k == K_XOF128 || k == K_CXOF128) {
      memset(out, 0xAA, sizeof out);
      size_t split = R.msglen / 3, osplit = k == K_HASH256 ? 0 : outlen / 3;
      int rc = stream(k, out, outlen, R.msg, R.msglen, R.z, R.zlen, split,
                      osplit);
      test_check(&T, rc == 0 && memcmp(out, R.md, outlen) == 0,
                 "%s streaming %lu", file, n);
    }
  }
  fclose(f);
  test_check(&T, n == expect, "%s: %lu records, expected %lu", file, n, expect);
}

/* Streaming = one-shot at every input split (and every output split for
 * the XOFs) for every length up to three blocks and one byte. */
static void stream_splits(void)
{
  uint8_t in[64], z[300], ref[64], out[64];
  test_fill(in, sizeof in, 1);
  test_fill(z, sizeof z, 2);
  const size_t zlens[] = { 0, 1, 7, 8, 9, 17, 256 };
  for (kind k = K_HASH256; k <= K_CXOF128; k++) {
    size_t nz = k == K_CXOF128 ? sizeof zlens / sizeof zlens[0] : 1;
    for (size_t zi = 0; zi < nz; zi++) {
      size_t zlen = zlens[zi];
      for (size_t len = 0; len <= 3 * 8 + 1; len++) {
        size_t outlen = k == K_HASH256 ? 32 : 3 * 8 + 1;
        oneshot(k, ref, outlen, in, len, z, zlen);
        for (size_t split = 0; split <= len; split++) {
          memset(out, 0x55, sizeof out);
          int rc = stream(k, out, outlen, in, len, z, zlen, split,
                          k == K_HASH256 ? 0 : split % (outlen + 1));
          test_check(&T, rc == 0 && memcmp(out, ref, outlen) == 0,
                     "stream kind %d zlen %zu len %zu split %zu", (int)k, zlen,
                     len, split);
        }
        if (k != K_HASH256) {
          for (size_t os = 0; os <= outlen; os++) {
            memset(out, 0x55, sizeof out);
            int rc = stream(k, out, outlen, in, len, z, zlen, len / 2, os);
            test_check(&T, rc == 0 && memcmp(out, ref, outlen) == 0,
                       "squeeze kind %d len %zu osplit %zu", (int)k, len, os);
          }
          /* byte-by-byte absorb and squeeze */
          qed_ascon_xof_ctx x;
          int rc = 0;
          if (k == K_XOF128) qed_ascon_xof128_init(&x);
          else rc |= qed_ascon_cxof128_init(&x, z, zlen);
          for (size_t i = 0; i < len; i++) rc |= qed_ascon_xof_update(&x, in + i, 1);
          for (size_t i = 0; i < outlen; i++) rc |= qed_ascon_xof_squeeze(&x, out + i, 1);
          test_check(&T, rc == 0 && memcmp(out, ref, outlen) == 0,
                     "bytewise kind %d len %zu", (int)k, len);
        }
      }
    }
  }
  /* XOF prefixes: a shorter output is a prefix of a longer one. */
  uint8_t long_out[200], short_out[200];
  for (size_t ol = 0; ol <= 41; ol++) {
    qed_ascon_xof128(long_out, 200, in, 13);
    memset(short_out, 0x55, sizeof short_out);
    qed_ascon_xof128(short_out, ol, in, 13);
    test_check(&T, memcmp(long_out, short_out, ol) == 0 && short_out[ol] == 0x55,
               "xof128 prefix %zu", ol);
    qed_ascon_xof_v12(long_out, 200, in, 13);
    memset(short_out, 0x55, sizeof short_out);
    qed_ascon_xof_v12(short_out, ol, in, 13);
    test_check(&T, memcmp(long_out, short_out, ol) == 0 && short_out[ol] == 0x55,
               "xof v1.2 prefix %zu", ol);
  }
  /* v1.2 Hash is v1.2 XOF's first 32 bytes?  No: different IVs. */
  qed_ascon_hash_v12(ref, in, 5);
  qed_ascon_xof_v12(out, 32, in, 5);
  test_check(&T, memcmp(ref, out, 32) != 0, "hash v1.2 != xof v1.2");
}

/* Round-trip, in-place and rejection tests of the AEAD at the block
 * boundaries. */
static void aead_boundaries(void)
{
  static const size_t lens[] = { 0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47,
                                 48, 49, 100 };
  const size_t nl = sizeof lens / sizeof lens[0];
  uint8_t key[16], nonce[16], m[128], ad[128], c[128], tag[16], p[128],
      buf[128], tag2[16];
  test_fill(key, 16, 3);
  test_fill(nonce, 16, 4);
  test_fill(m, sizeof m, 5);
  test_fill(ad, sizeof ad, 6);
  for (size_t i = 0; i < nl; i++)
    for (size_t j = 0; j < nl; j++) {
      size_t ml = lens[i], al = lens[j];
      qed_ascon_aead128_encrypt(c, tag, m, ml, ad, al, nonce, key);
      memset(p, 0xAA, sizeof p);
      int rc = qed_ascon_aead128_decrypt(p, c, ml, tag, ad, al, nonce, key);
      test_check(&T, rc == 0 && memcmp(p, m, ml) == 0 && p[ml] == 0xAA,
                 "AEAD round trip mlen %zu adlen %zu", ml, al);
      memcpy(buf, m, ml);
      buf[ml] = 0x77;
      qed_ascon_aead128_encrypt(buf, tag2, buf, ml, ad, al, nonce, key);
      test_check(&T, memcmp(buf, c, ml) == 0 && memcmp(tag, tag2, 16) == 0 &&
                 buf[ml] == 0x77,
                 "AEAD in-place encrypt mlen %zu adlen %zu", ml, al);
      rc = qed_ascon_aead128_decrypt(buf, buf, ml, tag, ad, al, nonce, key);
      test_check(&T, rc == 0 && memcmp(buf, m, ml) == 0,
                 "AEAD in-place decrypt mlen %zu adlen %zu", ml, al);
      /* the empty AD and the AD "" with a padding block differ from
       * one byte of AD: the tags of (al) and (al + 1) differ */
      if (al + 1 <= sizeof ad) {
        qed_ascon_aead128_encrypt(buf, tag2, m, ml, ad, al + 1, nonce, key);
        test_check(&T, memcmp(tag, tag2, 16) != 0, "AEAD AD length %zu", al);
      }
    }
}

static int all_zero(const uint8_t *p, size_t n)
{
  uint8_t acc = 0;
  for (size_t i = 0; i < n; i++) acc |= p[i];
  return acc == 0;
}

static void aead_reject(void)
{
  static const size_t mls[] = { 0, 1, 15, 16, 17, 33 };
  static const size_t als[] = { 0, 5, 16 };
  uint8_t key[16], nonce[16], m[64], ad[32], c[64], tag[16], p[64];
  test_fill(key, 16, 7);
  test_fill(nonce, 16, 8);
  test_fill(m, sizeof m, 9);
  test_fill(ad, sizeof ad, 10);
  for (size_t i = 0; i < sizeof mls / sizeof mls[0]; i++)
    for (size_t j = 0; j < sizeof als / sizeof als[0]; j++) {
      size_t ml = mls[i], al = als[j];
      qed_ascon_aead128_encrypt(c, tag, m, ml, ad, al, nonce, key);
      unsigned long bad = 0, total = 0;
#define TRY(expr)                                                             \
      do {                                                                    \
        memset(p, 0xAA, sizeof p);                                            \
        int rc_ = (expr);                                                     \
        total++;                                                              \
        if (!(rc_ == -1 && all_zero(p, ml) && p[ml] == 0xAA)) bad++;          \
      } while (0)
      for (size_t b = 0; b < 128; b++) {            /* tag */
        tag[b / 8] ^= (uint8_t)(1u << (b % 8));
        TRY(qed_ascon_aead128_decrypt(p, c, ml, tag, ad, al, nonce, key));
        tag[b / 8] ^= (uint8_t)(1u << (b % 8));
      }
      for (size_t b = 0; b < 8 * ml; b++) {         /* ciphertext */
        c[b / 8] ^= (uint8_t)(1u << (b % 8));
        TRY(qed_ascon_aead128_decrypt(p, c, ml, tag, ad, al, nonce, key));
        c[b / 8] ^= (uint8_t)(1u << (b % 8));
      }
      for (size_t b = 0; b < 8 * al; b++) {         /* AD */
        ad[b / 8] ^= (uint8_t)(1u << (b % 8));
        TRY(qed_ascon_aead128_decrypt(p, c, ml, tag, ad, al, nonce, key));
        ad[b / 8] ^= (uint8_t)(1u << (b % 8));
      }
      for (size_t b = 0; b < 128; b++) {            /* nonce */
        nonce[b / 8] ^= (uint8_t)(1u << (b % 8));
        TRY(qed_ascon_aead128_decrypt(p, c, ml, tag, ad, al, nonce, key));
        nonce[b / 8] ^= (uint8_t)(1u << (b % 8));
      }
      for (size_t b = 0; b < 128; b++) {            /* key */
        key[b / 8] ^= (uint8_t)(1u << (b % 8));
        TRY(qed_ascon_aead128_decrypt(p, c, ml, tag, ad, al, nonce, key));
        key[b / 8] ^= (uint8_t)(1u << (b % 8));
      }
      if (ml > 0) {                                  /* truncated ciphertext */
        size_t keep = ml;
        ml = keep - 1;
        TRY(qed_ascon_aead128_decrypt(p, c, ml, tag, ad, al, nonce, key));
        ml = keep;
      }
      if (al > 0)                                    /* truncated AD */
        TRY(qed_ascon_aead128_decrypt(p, c, ml, tag, ad, al - 1, nonce, key));
      {                                              /* extended ciphertext */
        size_t keep = ml;
        c[ml] = 0;
        ml = keep + 1;
        TRY(qed_ascon_aead128_decrypt(p, c, ml, tag, ad, al, nonce, key));
        ml = keep;
      }
      /* in place: the buffer is zeroed */
      {
        uint8_t q[64];
        memcpy(q, c, ml);
        q[ml] = 0xAA;
        tag[0] ^= 1;
        int rc = qed_ascon_aead128_decrypt(q, q, ml, tag, ad, al, nonce, key);
        tag[0] ^= 1;
        test_check(&T, rc == -1 && all_zero(q, ml) && q[ml] == 0xAA,
                   "in-place reject mlen %zu adlen %zu", ml, al);
      }
#undef TRY
      test_check(&T, bad == 0, "AEAD reject mlen %zu adlen %zu: %lu of %lu accepted or not zeroed",
                 ml, al, bad, total);
      T.passed += total - 1;
      /* and the unmodified message is still accepted */
      memset(p, 0xAA, sizeof p);
      test_check(&T, qed_ascon_aead128_decrypt(p, c, ml, tag, ad, al, nonce, key) == 0 &&
                 memcmp(p, m, ml) == 0, "AEAD accept after flips %zu %zu", ml, al);
    }
}

static void misuse(void)
{
  uint8_t z[300], out[64], ref[64];
  test_fill(z, sizeof z, 11);
  /* customization strings: 256 bytes accepted, 257 refused */
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_ascon_cxof128(out, 64, z, 3, z, 256) == 0 &&
             !all_zero(out, 64), "cxof128 customlen 256 accepted");
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_ascon_cxof128(out, 64, z, 3, z, 257) == -1 &&
             all_zero(out, 64), "cxof128 customlen 257 refused, out zeroed");
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_ascon_cxof128(out, 64, z, 3, z, (size_t)-1) == -1 &&
             all_zero(out, 64), "cxof128 customlen SIZE_MAX refused");
  qed_ascon_xof_ctx x;
  test_check(&T, qed_ascon_cxof128_init(&x, z, 257) == -1, "cxof128_init 257");
  test_check(&T, qed_ascon_xof_update(&x, z, 3) == -1, "update after refused init");
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_ascon_xof_squeeze(&x, out, 64) == -1 && all_zero(out, 64),
             "squeeze after refused init");
  /* CXOF with an empty string differs from XOF128 */
  qed_ascon_xof128(ref, 32, z, 3);
  qed_ascon_cxof128(out, 32, z, 3, z, 0);
  test_check(&T, memcmp(ref, out, 32) != 0, "cxof128('') != xof128");
  /* update after squeeze */
  qed_ascon_xof128_init(&x);
  qed_ascon_xof_update(&x, z, 5);
  qed_ascon_xof_squeeze(&x, out, 8);
  test_check(&T, qed_ascon_xof_update(&x, z, 1) == -1, "xof update after squeeze");
  qed_ascon_xof_wipe(&x);
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_ascon_xof_squeeze(&x, out, 16) == -1 && all_zero(out, 16),
             "squeeze after wipe");
  /* Hash256: final twice, update after final, XOF functions on a hash ctx */
  qed_ascon_hash_ctx h;
  qed_ascon_hash256_init(&h);
  qed_ascon_hash256_update(&h, z, 10);
  test_check(&T, qed_ascon_hash256_final(&h, out) == 0, "final");
  qed_ascon_hash256(ref, z, 10);
  test_check(&T, memcmp(out, ref, 32) == 0, "final == one-shot");
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_ascon_hash256_final(&h, out) == -1 && all_zero(out, 32),
             "final twice refused, out zeroed");
  test_check(&T, qed_ascon_hash256_update(&h, z, 1) == -1, "update after final");
  /* a zeroed (never initialised) context is refused */
  memset(&h, 0, sizeof h);
  test_check(&T, qed_ascon_hash256_update(&h, z, 1) == -1, "zero ctx update");
  memset(&x, 0, sizeof x);
  test_check(&T, qed_ascon_xof_update(&x, z, 1) == -1, "zero xof ctx update");
  /* a corrupted position is refused */
  qed_ascon_xof128_init(&x);
  x.sponge.pos = 9;
  test_check(&T, qed_ascon_xof_update(&x, z, 1) == -1, "corrupt pos refused");
}

/* ---- the permutation against a plain reference (SP 800-232, 3) ---- */
static uint64_t ror(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

static void ref_perm(uint64_t s[5], unsigned rounds)
{
  for (unsigned i = 12 - rounds; i < 12; i++) {
    s[2] ^= (uint64_t)(((0xfu - i) << 4) | i);
    /* S-box by table, one bit-column at a time */
    static const uint8_t sbox[32] = {
      0x4, 0xb, 0x1f, 0x14, 0x1a, 0x15, 0x9, 0x2, 0x1b, 0x5, 0x8, 0x12, 0x1d,
      0x3, 0x6, 0x1c, 0x1e, 0x13, 0x7, 0xe, 0x0, 0xd, 0x11, 0x18, 0x10, 0xc,
      0x1, 0x19, 0x16, 0xa, 0xf, 0x17 };
    uint64_t t[5] = { 0, 0, 0, 0, 0 };
    for (int b = 0; b < 64; b++) {
      unsigned v = 0;
      for (int w = 0; w < 5; w++) v |= (unsigned)((s[w] >> b) & 1) << (4 - w);
      unsigned o = sbox[v];
      for (int w = 0; w < 5; w++) t[w] |= (uint64_t)((o >> (4 - w)) & 1) << b;
    }
    s[0] = t[0] ^ ror(t[0], 19) ^ ror(t[0], 28);
    s[1] = t[1] ^ ror(t[1], 61) ^ ror(t[1], 39);
    s[2] = t[2] ^ ror(t[2], 1) ^ ror(t[2], 6);
    s[3] = t[3] ^ ror(t[3], 10) ^ ror(t[3], 17);
    s[4] = t[4] ^ ror(t[4], 7) ^ ror(t[4], 41);
  }
}

static void permutation(void)
{
  /* v1.2 precomputed IVs of ascon-c: p^12(IV, 0, 0, 0, 0) */
  uint64_t s[5] = { 0x00400c0000000100ULL, 0, 0, 0, 0 };
  static const uint64_t hash_iv[5] = {
    0xee9398aadb67f03dULL, 0x8bb21831c60f1002ULL, 0xb48a92db98d5da62ULL,
    0x43189921b8f8e3e8ULL, 0x348fa5c9d525e140ULL };
  qed_ascon_permute(s, 12);
  test_check(&T, memcmp(s, hash_iv, sizeof s) == 0, "p12(Ascon-Hash v1.2 IV)");
  uint64_t st = 12345;
  for (unsigned r = 1; r <= 12; r++)
    for (int k = 0; k < 20; k++) {
      uint64_t a[5], b[5];
      for (int w = 0; w < 5; w++) a[w] = b[w] = test_rand(&st);
      qed_ascon_permute(a, r);
      ref_perm(b, r);
      test_check(&T, memcmp(a, b, sizeof a) == 0, "p^%u vs reference", r);
    }
}

/* ---- the builds of the hot loops against the portable build ----
 *
 * ascon_core.h: the dispatched functions (the build this backend picks)
 * and, on x86-64 CPUs with x86-64-v3, the x86-64-v3 build called directly,
 * each against the portable build: random states, every length 0..64 and
 * random longer ones, every start offset 0..7 of input and output (so
 * unaligned), the AEAD loops both in place and out of place; the return
 * value, the state and every byte of the output buffer (the bytes past the
 * whole blocks must be left alone) must agree. */
typedef struct {
  const char *name;
  void (*permute)(uint64_t *, unsigned);
  size_t (*absorb8)(uint64_t *, const uint8_t *, size_t, int);
  size_t (*absorb16)(uint64_t *, const uint8_t *, size_t);
  size_t (*encrypt16)(uint64_t *, uint8_t *, const uint8_t *, size_t);
  size_t (*decrypt16)(uint64_t *, uint8_t *, const uint8_t *, size_t);
} core_build;

#define EQ_MAX 1100

static unsigned long eq_bad, eq_n;

/* One case: every function of build b against the portable build on the
 * state s0 and len bytes of in at offset ioff, output at offset ooff. */
static void core_case(const core_build *b, const uint64_t s0[5],
                      const uint8_t *src, size_t len, size_t ioff,
                      size_t ooff, unsigned rounds)
{
  static const core_build port = {
    "portable", qed_ascon_core_permute_portable,
    qed_ascon_core_absorb8_portable, qed_ascon_core_absorb16_portable,
    qed_ascon_core_encrypt16_portable, qed_ascon_core_decrypt16_portable
  };
  static uint8_t in[EQ_MAX + 16], oa[EQ_MAX + 32], ob[EQ_MAX + 32];
  uint64_t a[5], c[5];
  size_t ra, rb;
  int enc, big;

  memcpy(in + ioff, src, len);

  memcpy(a, s0, sizeof a); memcpy(c, s0, sizeof c);
  port.permute(a, rounds);
  b->permute(c, rounds);
  eq_bad += memcmp(a, c, sizeof a) != 0;
  eq_n++;

  for (big = 0; big <= 1; big++) {
    memcpy(a, s0, sizeof a); memcpy(c, s0, sizeof c);
    ra = port.absorb8(a, in + ioff, len, big);
    rb = b->absorb8(c, in + ioff, len, big);
    eq_bad += ra != rb || ra != len - len % 8 || memcmp(a, c, sizeof a) != 0;
    eq_n++;
  }

  memcpy(a, s0, sizeof a); memcpy(c, s0, sizeof c);
  ra = port.absorb16(a, in + ioff, len);
  rb = b->absorb16(c, in + ioff, len);
  eq_bad += ra != rb || ra != len - len % 16 || memcmp(a, c, sizeof a) != 0;
  eq_n++;

  for (enc = 0; enc <= 1; enc++) {
    size_t (*f)(uint64_t *, uint8_t *, const uint8_t *, size_t) =
        enc ? b->encrypt16 : b->decrypt16;
    size_t (*g)(uint64_t *, uint8_t *, const uint8_t *, size_t) =
        enc ? port.encrypt16 : port.decrypt16;
    /* out of place: the same guard bytes around both outputs */
    memset(oa, 0xa5, sizeof oa); memset(ob, 0xa5, sizeof ob);
    memcpy(a, s0, sizeof a); memcpy(c, s0, sizeof c);
    ra = g(a, oa + ooff, in + ioff, len);
    rb = f(c, ob + ooff, in + ioff, len);
    eq_bad += ra != rb || ra != len - len % 16 || memcmp(a, c, sizeof a) != 0 ||
              memcmp(oa, ob, sizeof oa) != 0;
    eq_n++;
    /* in place, at the output offset */
    memset(oa, 0x5a, sizeof oa); memset(ob, 0x5a, sizeof ob);
    memcpy(oa + ooff, src, len); memcpy(ob + ooff, src, len);
    memcpy(a, s0, sizeof a); memcpy(c, s0, sizeof c);
    ra = g(a, oa + ooff, oa + ooff, len);
    rb = f(c, ob + ooff, ob + ooff, len);
    eq_bad += ra != rb || memcmp(a, c, sizeof a) != 0 ||
              memcmp(oa, ob, sizeof oa) != 0;
    eq_n++;
  }
}

static void core_equiv(void)
{
  static const core_build disp = {
    "dispatched", qed_ascon_core_permute, qed_ascon_core_absorb8,
    qed_ascon_core_absorb16, qed_ascon_core_encrypt16,
    qed_ascon_core_decrypt16
  };
#if defined(__x86_64__)
  static const core_build v3 = {
    "x86-64-v3", qed_ascon_core_permute_x86v3, qed_ascon_core_absorb8_x86v3,
    qed_ascon_core_absorb16_x86v3, qed_ascon_core_encrypt16_x86v3,
    qed_ascon_core_decrypt16_x86v3
  };
#endif
  const core_build *builds[2];
  int nb = 0, k;
  builds[nb++] = &disp;
#if defined(__x86_64__)
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2"))
    builds[nb++] = &v3;
#endif
  static uint8_t src[EQ_MAX];
  uint64_t st = 0x243f6a8885a308d3u;
  for (k = 0; k < nb; k++) {
    size_t len;
    int i, w;
    uint64_t s0[5];
    eq_bad = eq_n = 0;
    /* every length 0..64 at every input/output offset pair of 0..7 ... */
    for (len = 0; len <= 64; len++)
      for (i = 0; i < 64; i++) {
        for (w = 0; w < 5; w++) s0[w] = test_rand(&st);
        test_fill(src, len, test_rand(&st));
        core_case(builds[k], s0, src, len, (size_t)(i % 8), (size_t)(i / 8),
                  1u + (unsigned)((len + (size_t)i) % 12));
      }
    /* ... then random lengths up to EQ_MAX and random offsets */
    for (i = 0; i < 1500; i++) {
      for (w = 0; w < 5; w++) s0[w] = test_rand(&st);
      len = (size_t)(test_rand(&st) % (EQ_MAX + 1));
      test_fill(src, len, test_rand(&st));
      core_case(builds[k], s0, src, len, (size_t)(test_rand(&st) % 8),
                (size_t)(test_rand(&st) % 16),
                1u + (unsigned)(test_rand(&st) % 12));
    }
    test_check(&T, eq_bad == 0 && eq_n > 0,
               "%s build vs portable: %lu of %lu comparisons differ",
               builds[k]->name, eq_bad, eq_n);
    printf("hot loops, %s build vs portable: %lu comparisons\n",
           builds[k]->name, eq_n);
  }
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  test_print_backend();
  permutation();
  core_equiv();
  kat_aead(dir);
  kat_hash(dir, "LWC_HASH_KAT_128_256.txt", K_HASH256, 32, 1025);
  kat_hash(dir, "LWC_XOF_KAT_128_512.txt", K_XOF128, 64, 1025);
  kat_hash(dir, "LWC_CXOF_KAT_128_512.txt", K_CXOF128, 64, 1089);
  kat_hash(dir, "Ascon_HASH_KAT_256.txt", K_HASHV12, 32, 1025);
  kat_hash(dir, "Ascon_XOF_KAT_256.txt", K_XOFV12, 32, 1025);
  stream_splits();
  aead_boundaries();
  aead_reject();
  misuse();
  return test_finish(&T);
}
