/* The Gimli family (qed/gimli.h): the permutation's test vector and random
 * states against a plain reference, the hash KATs (the designers' corrected
 * vectors, libkeccak's, the NIST LWC submission's), streaming = one-shot at
 * every split, every length 0..100 against a reference sponge written
 * here, XOF prefixes, misuse.
 *
 * usage: test_gimli VECTOR_DIR   (VECTOR_DIR/gimli/ holds the vector files,
 * see tests/vectors/gimli/README.md) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/gimli.h"
#include "testutil.h"

#define MAXB 2048

static test_tally T;

/* ---- the reference: the paper's Algorithm 1 as the designers' reference
 * code writes it (one round per iteration, the swaps and the constant by
 * tests of the round number), and Gimli-Hash byte by byte on a 48-byte
 * state.  Nothing shared with src/. ---- */

static uint32_t rotl(uint32_t x, int n)
{
  return n == 0 ? x : (uint32_t)((x << n) | (x >> (32 - n)));
}

static void ref_permute(uint32_t s[12])
{
  for (int r = 24; r > 0; r--) {
    for (int j = 0; j < 4; j++) {
      uint32_t x = rotl(s[j], 24), y = rotl(s[4 + j], 9), z = s[8 + j];
      s[8 + j] = x ^ (z << 1) ^ ((y & z) << 2);
      s[4 + j] = y ^ x ^ ((x | z) << 1);
      s[j] = z ^ y ^ ((x & y) << 3);
    }
    uint32_t t;
    if ((r & 3) == 0) {
      t = s[0]; s[0] = s[1]; s[1] = t;
      t = s[2]; s[2] = s[3]; s[3] = t;
    }
    if ((r & 3) == 2) {
      t = s[0]; s[0] = s[2]; s[2] = t;
      t = s[1]; s[1] = s[3]; s[3] = t;
    }
    if ((r & 3) == 0)
      s[0] ^= 0x9e377900u | (uint32_t)r;
  }
}

static void ref_permute_bytes(uint8_t b[48])
{
  uint32_t s[12];
  for (int i = 0; i < 12; i++)
    s[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 |
           (uint32_t)b[4 * i + 2] << 16 | (uint32_t)b[4 * i + 3] << 24;
  ref_permute(s);
  for (int i = 0; i < 12; i++)
    for (int k = 0; k < 4; k++)
      b[4 * i + k] = (uint8_t)(s[i] >> (8 * k));
}

/* lwc = 0: the 2017 reference code's Gimli_hash (any output length);
 * lwc = 1: the LWC submission's crypto_hash (32 bytes out). */
static void ref_hash(uint8_t *out, size_t outlen, const uint8_t *in,
                     size_t inlen, int lwc)
{
  uint8_t st[48];
  size_t blk = 0;
  memset(st, 0, sizeof st);
  while (inlen > 0) {
    blk = inlen < 16 ? inlen : 16;
    for (size_t i = 0; i < blk; i++) st[i] ^= in[i];
    in += blk;
    inlen -= blk;
    if (blk == 16) {
      ref_permute_bytes(st);
      blk = 0;
    }
  }
  if (lwc) {
    st[blk] ^= 0x01;
    st[47] ^= 0x01;
  } else {
    st[blk] ^= 0x1F;
    st[15] ^= 0x80;
  }
  ref_permute_bytes(st);
  while (outlen > 0) {
    blk = outlen < 16 ? outlen : 16;
    memcpy(out, st, blk);
    out += blk;
    outlen -= blk;
    if (outlen > 0) ref_permute_bytes(st);
  }
}

/* ---- vector files ---- */

static FILE *open_vec(const char *dir, const char *name)
{
  char path[1024];
  snprintf(path, sizeof path, "%s/gimli/%s", dir, name);
  FILE *f = fopen(path, "r");
  if (!f) test_check(&T, 0, "cannot open %s", path);
  return f;
}

/* "Name = hex" with name at the start of line; 1 and the bytes if so. */
static int field(const char *line, const char *name, uint8_t *out, size_t max,
                 size_t *len)
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

typedef struct {
  long len_bits;          /* -1 when the record has no Len line */
  int have_msg, have_md;
  uint8_t msg[MAXB], md[64];
  size_t msglen, mdlen;
} record;

static record R;

/* The next record (lines up to a blank line); 0 at end of file. */
static int next_record(FILE *f, record *r)
{
  char line[2 * MAXB + 64];
  int any = 0;
  r->len_bits = -1;
  r->have_msg = r->have_md = 0;
  r->msglen = r->mdlen = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    if (line[0] == '\n' || line[0] == '\r') {
      if (any) return 1;
      continue;
    }
    any = 1;
    if (strncmp(line, "Len = ", 6) == 0) { r->len_bits = atol(line + 6); continue; }
    if (strncmp(line, "Count = ", 8) == 0) continue;
    if (field(line, "Msg", r->msg, MAXB, &r->msglen)) { r->have_msg = 1; continue; }
    if (field(line, "MD", r->md, sizeof r->md, &r->mdlen)) { r->have_md = 1; continue; }
    printf("unknown line: %s", line);
    exit(2);
  }
  return any;
}

/* ---- the functions under test, by kind ---- */

typedef enum { K_HASH, K_XOF, K_LWC } kind;
static const char *const kind_name[] = { "Gimli-Hash", "Gimli-XOF",
                                          "gimli24v1" };

static void oneshot(kind k, uint8_t *out, size_t outlen, const uint8_t *in,
                    size_t inlen)
{
  switch (k) {
  case K_HASH: qed_gimli_hash(out, in, inlen); break;
  case K_XOF: qed_gimli_xof(out, outlen, in, inlen); break;
  case K_LWC: qed_gimli24v1_hash(out, in, inlen); break;
  }
}

/* Streaming: the input in two pieces split at `split`, the XOF's output in
 * two pieces split at `osplit`. */
static int stream(kind k, uint8_t *out, size_t outlen, const uint8_t *in,
                  size_t inlen, size_t split, size_t osplit)
{
  int rc = 0;
  if (k == K_XOF) {
    qed_gimli_xof_ctx x;
    qed_gimli_xof_init(&x);
    rc |= qed_gimli_xof_update(&x, in, split);
    rc |= qed_gimli_xof_update(&x, in + split, inlen - split);
    rc |= qed_gimli_xof_squeeze(&x, out, osplit);
    rc |= qed_gimli_xof_squeeze(&x, out + osplit, outlen - osplit);
    qed_gimli_xof_wipe(&x);
    return rc;
  }
  qed_gimli_hash_ctx h;
  if (k == K_HASH)
    qed_gimli_hash_init(&h);
  else
    qed_gimli24v1_hash_init(&h);
  rc |= qed_gimli_hash_update(&h, in, split);
  rc |= qed_gimli_hash_update(&h, in + split, inlen - split);
  rc |= qed_gimli_hash_final(&h, out);
  return rc;
}

/* ---- the permutation ---- */

static void permutation(const char *dir)
{
  FILE *f = open_vec(dir, "gimli_permutation.txt");
  uint32_t in[12], want[12];
  int have = 0;
  char line[512];
  if (!f) return;
  while (fgets(line, sizeof line, f)) {
    uint32_t *w = strncmp(line, "Input = ", 8) == 0    ? in
                  : strncmp(line, "Output = ", 9) == 0 ? want
                                                       : NULL;
    if (!w) continue;
    const char *p = strchr(line, '=') + 1;
    for (int i = 0; i < 12; i++) {
      char *end;
      w[i] = (uint32_t)strtoul(p, &end, 16);
      if (end == p) { printf("bad permutation vector\n"); exit(2); }
      p = end;
    }
    have |= w == in ? 1 : 2;
  }
  fclose(f);
  test_check(&T, have == 3, "gimli_permutation.txt: Input and Output");
  /* The input is the reference test's x[i] = i^3 + i * 0x9e3779b9. */
  for (uint32_t i = 0; i < 12; i++)
    test_check(&T, in[i] == i * i * i + i * 0x9e3779b9u,
               "permutation input word %u", (unsigned)i);

  uint32_t s[12];
  memcpy(s, in, sizeof s);
  qed_gimli_permute(s);
  test_check(&T, memcmp(s, want, sizeof s) == 0, "permutation test vector");
  memcpy(s, in, sizeof s);
  ref_permute(s);
  test_check(&T, memcmp(s, want, sizeof s) == 0,
             "reference permutation test vector");

  /* The byte view: word i is bytes 4i..4i+3, little-endian. */
  uint8_t b[48], bw[48];
  for (int i = 0; i < 12; i++)
    for (int k = 0; k < 4; k++) {
      b[4 * i + k] = (uint8_t)(in[i] >> (8 * k));
      bw[4 * i + k] = (uint8_t)(want[i] >> (8 * k));
    }
  qed_gimli_permute_bytes(b);
  test_check(&T, memcmp(b, bw, 48) == 0, "permutation test vector (bytes)");

  /* Random states, and iterates, against the reference. */
  uint64_t st = 7;
  uint32_t a[12], r[12];
  for (int n = 0; n < 2000; n++) {
    for (int i = 0; i < 12; i++) a[i] = r[i] = (uint32_t)test_rand(&st);
    qed_gimli_permute(a);
    ref_permute(r);
    test_check(&T, memcmp(a, r, sizeof a) == 0, "random state %d", n);
  }
  uint8_t x[48], y[48];
  test_fill(x, 48, 8);
  memcpy(y, x, 48);
  for (int n = 0; n < 500; n++) {
    qed_gimli_permute_bytes(x);
    ref_permute_bytes(y);
    test_check(&T, memcmp(x, y, 48) == 0, "bytes iterate %d", n);
  }
}

/* ---- known answers ---- */

static void kat(const char *dir, const char *file, kind k, unsigned long expect)
{
  FILE *f = open_vec(dir, file);
  unsigned long n = 0;
  uint8_t out[64], ref[64];
  if (!f) return;
  while (next_record(f, &R)) {
    if (!(R.have_msg && R.have_md && R.mdlen == 32 &&
          (R.len_bits < 0 || (size_t)R.len_bits == 8 * R.msglen))) {
      test_check(&T, 0, "%s: record %lu incomplete", file, n);
      continue;
    }
    n++;
    memset(out, 0xAA, sizeof out);
    oneshot(k, out, 32, R.msg, R.msglen);
    test_check(&T, memcmp(out, R.md, 32) == 0 && out[32] == 0xAA,
               "%s one-shot %lu", file, n);
    memset(out, 0xAA, sizeof out);
    test_check(&T, stream(k, out, 32, R.msg, R.msglen, R.msglen / 3, 0) == 0 &&
               memcmp(out, R.md, 32) == 0, "%s streaming %lu", file, n);
    ref_hash(ref, 32, R.msg, R.msglen, k == K_LWC);
    test_check(&T, memcmp(ref, R.md, 32) == 0, "%s reference %lu", file, n);
    if (k == K_HASH) {                    /* the hash is the XOF's 32 bytes */
      memset(out, 0xAA, sizeof out);
      qed_gimli_xof(out, 32, R.msg, R.msglen);
      test_check(&T, memcmp(out, R.md, 32) == 0 && out[32] == 0xAA,
                 "%s as XOF %lu", file, n);
    }
  }
  fclose(f);
  test_check(&T, n == expect, "%s: %lu records, expected %lu", file, n, expect);
}

/* ---- streaming, boundaries, reference ---- */

/* Every length 0..100 (the 16-byte rate six times over, every position in
 * the block): one-shot = the reference sponge, and streaming = one-shot at
 * every input split (and, for the XOF, output split). */
static void lengths_and_splits(void)
{
  uint8_t in[101], ref[101], out[120], want[101];
  test_fill(in, sizeof in, 1);
  for (kind k = K_HASH; k <= K_LWC; k++) {
    for (size_t len = 0; len <= 100; len++) {
      size_t outlen = k == K_XOF ? 100 - len + 1 : 32;  /* 1..101 */
      oneshot(k, ref, outlen, in, len);
      ref_hash(want, outlen, in, len, k == K_LWC);
      test_check(&T, memcmp(ref, want, outlen) == 0,
                 "%s length %zu: one-shot = reference", kind_name[k], len);
      unsigned long bad = 0;
      for (size_t split = 0; split <= len; split++) {
        memset(out, 0x55, sizeof out);
        int rc = stream(k, out, outlen, in, len, split,
                        k == K_XOF ? split % (outlen + 1) : 0);
        if (rc != 0 || memcmp(out, ref, outlen) != 0 || out[outlen] != 0x55)
          bad++;
      }
      test_check(&T, bad == 0, "%s length %zu: %lu of %zu splits differ",
                 kind_name[k], len, bad, len + 1);
      T.passed += len;                    /* one check per split */
      /* byte by byte in, (XOF) byte by byte out */
      int rc = 0;
      memset(out, 0x55, sizeof out);
      if (k == K_XOF) {
        qed_gimli_xof_ctx x;
        qed_gimli_xof_init(&x);
        for (size_t i = 0; i < len; i++) rc |= qed_gimli_xof_update(&x, in + i, 1);
        for (size_t i = 0; i < outlen; i++) rc |= qed_gimli_xof_squeeze(&x, out + i, 1);
        qed_gimli_xof_wipe(&x);
      } else {
        qed_gimli_hash_ctx h;
        if (k == K_HASH) qed_gimli_hash_init(&h);
        else qed_gimli24v1_hash_init(&h);
        for (size_t i = 0; i < len; i++) rc |= qed_gimli_hash_update(&h, in + i, 1);
        rc |= qed_gimli_hash_final(&h, out);
      }
      test_check(&T, rc == 0 && memcmp(out, ref, outlen) == 0,
                 "%s length %zu: byte by byte", kind_name[k], len);
    }
  }
  /* XOF output splits: every split of 100 output bytes, for inputs around
   * the rate. */
  static const size_t ins[] = { 0, 1, 15, 16, 17, 31, 32, 33 };
  for (size_t ii = 0; ii < sizeof ins / sizeof ins[0]; ii++) {
    qed_gimli_xof(ref, 100, in, ins[ii]);
    unsigned long bad = 0;
    for (size_t os = 0; os <= 100; os++) {
      memset(out, 0x55, sizeof out);
      if (stream(K_XOF, out, 100, in, ins[ii], ins[ii] / 2, os) != 0 ||
          memcmp(out, ref, 100) != 0 || out[100] != 0x55)
        bad++;
    }
    test_check(&T, bad == 0, "XOF input %zu: %lu of 101 output splits differ",
               ins[ii], bad);
    T.passed += 100;
  }
  /* Longer messages: the one-shot against the reference at lengths around
   * multiples of the rate up to 2 KiB, and a three-piece split. */
  static uint8_t big[MAXB];
  test_fill(big, sizeof big, 3);
  for (size_t len = 127; len <= MAXB; len += 128) {
    for (size_t d = 0; d < 3; d++) {
      size_t l = len + d - 1;
      if (l > MAXB) continue;
      for (kind k = K_HASH; k <= K_LWC; k++) {
        size_t outlen = k == K_XOF ? 67 : 32;
        oneshot(k, out, outlen, big, l);
        ref_hash(want, outlen, big, l, k == K_LWC);
        test_check(&T, memcmp(out, want, outlen) == 0, "%s length %zu",
                   kind_name[k], l);
      }
    }
  }
}

/* A shorter XOF output is a prefix of a longer one; the one-shot writes
 * nothing past its end. */
static void xof_prefixes(void)
{
  uint8_t in[40], long_out[300], short_out[300];
  test_fill(in, sizeof in, 4);
  qed_gimli_xof(long_out, 300, in, 21);
  for (size_t ol = 0; ol <= 260; ol++) {
    memset(short_out, 0x55, sizeof short_out);
    qed_gimli_xof(short_out, ol, in, 21);
    test_check(&T, memcmp(long_out, short_out, ol) == 0 &&
               short_out[ol] == 0x55, "XOF prefix %zu", ol);
  }
  uint8_t a[32], b[32];
  for (size_t len = 0; len <= 40; len++) {
    qed_gimli_hash(a, in, len);
    qed_gimli24v1_hash(b, in, len);
    test_check(&T, memcmp(a, b, 32) != 0, "gimli hash != gimli24v1, %zu", len);
  }
}

static int all_zero(const uint8_t *p, size_t n)
{
  uint8_t acc = 0;
  for (size_t i = 0; i < n; i++) acc |= p[i];
  return acc == 0;
}

static void misuse(void)
{
  uint8_t in[40], out[64], ref[64];
  test_fill(in, sizeof in, 5);
  qed_gimli_hash_ctx h;
  qed_gimli_xof_ctx x;

  /* final, then final again, update after final */
  qed_gimli_hash_init(&h);
  test_check(&T, qed_gimli_hash_update(&h, in, 10) == 0, "update");
  test_check(&T, qed_gimli_hash_final(&h, out) == 0, "final");
  qed_gimli_hash(ref, in, 10);
  test_check(&T, memcmp(out, ref, 32) == 0, "final == one-shot");
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_gimli_hash_final(&h, out) == -1 && all_zero(out, 32) &&
             out[32] == 0xAA, "final twice refused, out zeroed");
  test_check(&T, qed_gimli_hash_update(&h, in, 1) == -1, "update after final");
  test_check(&T, qed_gimli_hash_update(&h, in, 0) == -1,
             "empty update after final");

  /* the same for gimli24v1 */
  qed_gimli24v1_hash_init(&h);
  test_check(&T, qed_gimli_hash_update(&h, in, 17) == 0, "24v1 update");
  test_check(&T, qed_gimli_hash_final(&h, out) == 0, "24v1 final");
  qed_gimli24v1_hash(ref, in, 17);
  test_check(&T, memcmp(out, ref, 32) == 0, "24v1 final == one-shot");
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_gimli_hash_final(&h, out) == -1 && all_zero(out, 32),
             "24v1 final twice refused");

  /* a zeroed (never initialised) context is refused */
  memset(&h, 0, sizeof h);
  test_check(&T, qed_gimli_hash_update(&h, in, 1) == -1, "zero ctx update");
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_gimli_hash_final(&h, out) == -1 && all_zero(out, 32),
             "zero ctx final");
  memset(&x, 0, sizeof x);
  test_check(&T, qed_gimli_xof_update(&x, in, 1) == -1, "zero xof update");
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_gimli_xof_squeeze(&x, out, 40) == -1 && all_zero(out, 40) &&
             out[40] == 0xAA, "zero xof squeeze");

  /* corrupted fields are refused */
  qed_gimli_hash_init(&h);
  h.sponge.pos = 16;
  test_check(&T, qed_gimli_hash_update(&h, in, 1) == -1, "pos 16 absorbing");
  h.sponge.pos = 0x10000;
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_gimli_hash_final(&h, out) == -1 && all_zero(out, 32),
             "corrupt pos final");
  qed_gimli_hash_init(&h);
  h.sponge.pad = 3;
  test_check(&T, qed_gimli_hash_update(&h, in, 1) == -1, "corrupt padding");
  qed_gimli_hash_init(&h);
  h.sponge.phase = 7;
  test_check(&T, qed_gimli_hash_update(&h, in, 1) == -1, "corrupt phase");
  qed_gimli_xof_init(&x);
  x.sponge.pad = QED_GIMLI_PAD_LWC;        /* the XOF is the 2017 one only */
  test_check(&T, qed_gimli_xof_update(&x, in, 1) == -1, "XOF with LWC padding");
  qed_gimli_xof_init(&x);
  x.sponge.outlen = 32;                    /* a hash context is no XOF */
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_gimli_xof_squeeze(&x, out, 16) == -1 && all_zero(out, 16),
             "hash context as XOF");
  qed_gimli_hash_init(&h);
  h.sponge.outlen = 0;                     /* an XOF context is no hash */
  test_check(&T, qed_gimli_hash_update(&h, in, 1) == -1, "XOF context as hash");

  /* XOF: update after squeeze, squeeze after wipe */
  qed_gimli_xof_init(&x);
  test_check(&T, qed_gimli_xof_update(&x, in, 5) == 0, "xof update");
  test_check(&T, qed_gimli_xof_squeeze(&x, out, 8) == 0, "xof squeeze");
  test_check(&T, qed_gimli_xof_update(&x, in, 1) == -1, "update after squeeze");
  test_check(&T, qed_gimli_xof_squeeze(&x, out + 8, 8) == 0,
             "squeeze goes on after a refused update");
  qed_gimli_xof(ref, 16, in, 5);
  test_check(&T, memcmp(out, ref, 16) == 0, "refused update changed nothing");
  qed_gimli_xof_wipe(&x);
  memset(out, 0xAA, sizeof out);
  test_check(&T, qed_gimli_xof_squeeze(&x, out, 16) == -1 && all_zero(out, 16),
             "squeeze after wipe");
  /* a refused update leaves the hash context as it was */
  qed_gimli_hash_init(&h);
  qed_gimli_hash_update(&h, in, 7);
  qed_gimli_hash_ctx saved = h;
  h.sponge.phase = QED_GIMLI_SQUEEZING;
  test_check(&T, qed_gimli_hash_update(&h, in, 3) == -1, "update when squeezing");
  h.sponge.phase = QED_GIMLI_ABSORBING;
  test_check(&T, memcmp(&h, &saved, sizeof h) == 0, "refused update kept state");
  /* empty update, zero-length squeeze */
  qed_gimli_xof_init(&x);
  test_check(&T, qed_gimli_xof_update(&x, in, 0) == 0, "empty update");
  test_check(&T, qed_gimli_xof_squeeze(&x, out, 0) == 0, "empty squeeze");
  test_check(&T, qed_gimli_xof_squeeze(&x, out, 32) == 0, "squeeze 32");
  qed_gimli_hash(ref, in, 0);
  test_check(&T, memcmp(out, ref, 32) == 0, "XOF('') = hash('')");
  qed_gimli_xof_wipe(&x);
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  test_print_backend();
  permutation(dir);
  kat(dir, "gimli_hash_authors.txt", K_HASH, 5);
  kat(dir, "gimli_hash.txt", K_HASH, 4);
  kat(dir, "LWC_HASH_KAT_256_subset.txt", K_LWC, 35);
  lengths_and_splits();
  xof_prefixes();
  misuse();
  return test_finish(&T);
}
