/* Known-answer tests for the Keccak family: NIST CAVP (SHA3VS, SHAKEVS,
 * byte-oriented) and the Keccak team's KATs for the original Keccak
 * padding.  Every vector is checked with the one-shot API and with the
 * streaming API (pieces of pseudo-random sizes).
 *
 *   kat_keccak [vector-dir]        (default tests/vectors)
 *
 * The files are listed below rather than discovered: a file that has gone
 * missing, or that yields no vector, is a failure, never a silent skip.
 * Output: one line per file, then exactly "N passed, M failed".          */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

typedef enum {
  KAT_MSG,          /* Len, Msg, MD/Output (output length from a header)  */
  KAT_VAROUT,       /* SHAKEVS variable output: Outputlen, Msg, Output     */
  KAT_MONTE_SHA3,   /* SHA3VS Monte Carlo                                  */
  KAT_MONTE_SHAKE,  /* SHAKEVS Monte Carlo                                 */
  KAT_MONTE_KECCAK  /* SHA-3 competition genKAT.c Monte Carlo              */
} kat_kind;

typedef struct {
  const char *path;  /* relative to the vector directory */
  const char *alg;
  kat_kind kind;
} kat_file;

static const kat_file kat_files[] = {
  { "sha3/SHA3_224ShortMsg.rsp", "SHA3-224", KAT_MSG },
  { "sha3/SHA3_224LongMsg.rsp", "SHA3-224", KAT_MSG },
  { "sha3/SHA3_224Monte.rsp", "SHA3-224", KAT_MONTE_SHA3 },
  { "sha3/SHA3_256ShortMsg.rsp", "SHA3-256", KAT_MSG },
  { "sha3/SHA3_256LongMsg.rsp", "SHA3-256", KAT_MSG },
  { "sha3/SHA3_256Monte.rsp", "SHA3-256", KAT_MONTE_SHA3 },
  { "sha3/SHA3_384ShortMsg.rsp", "SHA3-384", KAT_MSG },
  { "sha3/SHA3_384LongMsg.rsp", "SHA3-384", KAT_MSG },
  { "sha3/SHA3_384Monte.rsp", "SHA3-384", KAT_MONTE_SHA3 },
  { "sha3/SHA3_512ShortMsg.rsp", "SHA3-512", KAT_MSG },
  { "sha3/SHA3_512LongMsg.rsp", "SHA3-512", KAT_MSG },
  { "sha3/SHA3_512Monte.rsp", "SHA3-512", KAT_MONTE_SHA3 },
  { "shake/SHAKE128ShortMsg.rsp", "SHAKE128", KAT_MSG },
  { "shake/SHAKE128LongMsg.rsp", "SHAKE128", KAT_MSG },
  { "shake/SHAKE128VariableOut.rsp", "SHAKE128", KAT_VAROUT },
  { "shake/SHAKE128Monte.rsp", "SHAKE128", KAT_MONTE_SHAKE },
  { "shake/SHAKE256ShortMsg.rsp", "SHAKE256", KAT_MSG },
  { "shake/SHAKE256LongMsg.rsp", "SHAKE256", KAT_MSG },
  { "shake/SHAKE256VariableOut.rsp", "SHAKE256", KAT_VAROUT },
  { "shake/SHAKE256Monte.rsp", "SHAKE256", KAT_MONTE_SHAKE },
  { "keccak/ShortMsgKAT_224.txt", "Keccak-224", KAT_MSG },
  { "keccak/LongMsgKAT_224.txt", "Keccak-224", KAT_MSG },
  { "keccak/MonteCarlo_224.txt", "Keccak-224", KAT_MONTE_KECCAK },
  { "keccak/ShortMsgKAT_256.txt", "Keccak-256", KAT_MSG },
  { "keccak/LongMsgKAT_256.txt", "Keccak-256", KAT_MSG },
  { "keccak/MonteCarlo_256.txt", "Keccak-256", KAT_MONTE_KECCAK },
  { "keccak/ShortMsgKAT_384.txt", "Keccak-384", KAT_MSG },
  { "keccak/LongMsgKAT_384.txt", "Keccak-384", KAT_MSG },
  { "keccak/MonteCarlo_384.txt", "Keccak-384", KAT_MONTE_KECCAK },
  { "keccak/ShortMsgKAT_512.txt", "Keccak-512", KAT_MSG },
  { "keccak/LongMsgKAT_512.txt", "Keccak-512", KAT_MSG },
  { "keccak/MonteCarlo_512.txt", "Keccak-512", KAT_MONTE_KECCAK },
};
#define KAT_NUM_FILES (sizeof kat_files / sizeof kat_files[0])

/* Largest output any vector asks for (SHAKE256 Monte: 2000 bits). */
#define KAT_MAX_OUT 512
/* The genKAT.c Monte Carlo hashes a 1024-bit seed. */
#define KECCAK_MC_SEED 128
/* SHAKEVS Monte Carlo: each message is the leftmost 128 bits of the
 * previous output. */
#define SHAKE_MC_MSG 16
#define MC_INNER 1000

typedef struct {
  const kat_file *file;
  const test_alg *alg;
  test_tally *tally;
  unsigned long line;
  unsigned long skipped;  /* bit-length entries, outside a byte API */
  /* headers */
  long hdr_l;             /* [L = bits], -1 if absent               */
  long hdr_outlen;        /* [Outputlen = bits]                     */
  long hdr_min, hdr_max;  /* [Minimum/Maximum Output Length (bits)] */
  long hdr_inlen;         /* [Input Length = bits] (variable output) */
  /* the entry being read */
  long len;               /* Len = bits                             */
  long outlen;            /* Outputlen = bits                       */
  long count;             /* COUNT = / j =                          */
  const char *msg;        /* hex, in the file buffer                */
  size_t msg_hex;
  /* Monte Carlo chain */
  uint8_t chain[KECCAK_MC_SEED > KAT_MAX_OUT ? KECCAK_MC_SEED : KAT_MAX_OUT];
  size_t chain_len;
  uint8_t md[64];         /* genKAT: the last digest of the chain      */
  size_t mc_outlen;       /* SHAKE: output bytes of the next iteration */
  int seeded;
  long checkpoints;
} kat_state;

static void kat_fail(kat_state *st, const char *what)
{
  test_check(st->tally, 0, "%s:%lu: %s: %s", st->file->path, st->line,
             st->alg->name, what);
}

/* ---- one vector: one-shot and streaming against the expected bytes ---- */

static void check_vector(kat_state *st, const uint8_t *msg, size_t msglen,
                         const uint8_t *exp, size_t outlen)
{
  uint8_t got[KAT_MAX_OUT];
  uint8_t got_stream[KAT_MAX_OUT];
  int one_ok, stream_ok;

  test_oneshot(st->alg, got, outlen, msg, msglen);
  one_ok = memcmp(got, exp, outlen) == 0;
  stream_ok = test_streaming(st->alg, got_stream, outlen, msg, msglen,
                             st->line) == 0 &&
              memcmp(got_stream, exp, outlen) == 0;
  test_check(st->tally, one_ok && stream_ok,
             "%s:%lu: %s, %lu-byte message, %lu-byte output: %s%s%s",
             st->file->path, st->line, st->alg->name, (unsigned long)msglen,
             (unsigned long)outlen, one_ok ? "" : "one-shot differs",
             !one_ok && !stream_ok ? ", " : "",
             stream_ok ? "" : "streaming differs");
}

/* Decode the expected value; its length must be exactly want bytes. */
static int expect_bytes(kat_state *st, uint8_t *exp, const char *hex,
                        size_t hexlen, size_t want)
{
  if (want == 0 || want > KAT_MAX_OUT || hexlen != 2 * want ||
      test_unhex(exp, hex, want) != 0) {
    kat_fail(st, "expected value malformed or of the wrong length");
    return -1;
  }
  return 0;
}

/* Msg holds Len bits; Len = 0 is written "00". */
static uint8_t *message_bytes(kat_state *st, long bits)
{
  size_t n = (size_t)bits / 8;
  size_t want_hex = n == 0 ? 2 : 2 * n;
  uint8_t *m;

  if (st->msg == NULL || st->msg_hex != want_hex) {
    kat_fail(st, "Msg missing or not Len bits long");
    return NULL;
  }
  m = malloc(n + 1);
  if (m == NULL || test_unhex(m, st->msg, n) != 0) {
    kat_fail(st, "Msg malformed (or out of memory)");
    free(m);
    return NULL;
  }
  return m;
}

static void entry_msg(kat_state *st, const char *hex, size_t hexlen)
{
  uint8_t exp[KAT_MAX_OUT];
  long outbits = st->file->kind == KAT_VAROUT ? st->outlen : st->hdr_outlen;
  size_t outlen = st->alg->digest != 0 ? st->alg->digest
                                       : (size_t)(outbits > 0 ? outbits : 0) / 8;
  long bits = st->file->kind == KAT_VAROUT ? st->hdr_inlen : st->len;
  uint8_t *m;

  if (bits < 0 || (st->alg->digest == 0 && outbits < 0)) {
    kat_fail(st, "entry without Len or output length");
    return;
  }
  if (bits % 8 != 0 || (st->alg->digest == 0 && outbits % 8 != 0)) {
    st->skipped++;
    return;
  }
  if (expect_bytes(st, exp, hex, hexlen, outlen) != 0) return;
  m = message_bytes(st, bits);
  if (m == NULL) return;
  check_vector(st, m, (size_t)bits / 8, exp, outlen);
  free(m);
}

/* ---- Monte Carlo ---- */

/* One step of a chain, alternating the one-shot and the streaming API so
 * that both are exercised at every checkpoint at no extra cost.           */
static int mc_hash(kat_state *st, uint8_t *out, size_t outlen,
                   const uint8_t *in, size_t inlen, unsigned i)
{
  if (i % 2 == 0) {
    test_oneshot(st->alg, out, outlen, in, inlen);
    return 0;
  }
  return test_streaming(st->alg, out, outlen, in, inlen, i);
}

/* SHA3VS: MD_0 = Seed; MD_i = SHA3(MD_{i-1}); checkpoint MD_1000. */
static int mc_sha3(kat_state *st)
{
  uint8_t md[64];
  size_t d = st->alg->digest;
  unsigned i;
  int bad = 0;

  for (i = 0; i < MC_INNER; i++) {
    bad |= mc_hash(st, md, d, st->chain, d, i);
    memcpy(st->chain, md, d);
  }
  return bad;
}

/* genKAT.c (SHA-3 competition): the 1024-bit Seed is hashed, then
 * Seed = MD || Seed truncated to 1024 bits; checkpoint the last MD.       */
static int mc_keccak(kat_state *st)
{
  uint8_t md[64];
  uint8_t next[KECCAK_MC_SEED];
  size_t d = st->alg->digest;
  unsigned i;
  int bad = 0;

  for (i = 0; i < MC_INNER; i++) {
    bad |= mc_hash(st, md, d, st->chain, KECCAK_MC_SEED, i);
    memcpy(next, md, d);
    memcpy(next + d, st->chain, KECCAK_MC_SEED - d);
    memcpy(st->chain, next, KECCAK_MC_SEED);
  }
  memcpy(st->md, md, d);
  return bad;
}

/* SHAKEVS: Msg_i = leftmost 128 bits of Output_{i-1} (zero-padded when
 * shorter); Output_i = SHAKE(Msg_i, outlen); the next outlen is
 * min + (rightmost 16 bits of Output_i) mod (max - min + 1), in bytes.    */
static int mc_shake(kat_state *st)
{
  size_t minb = (size_t)st->hdr_min / 8, maxb = (size_t)st->hdr_max / 8;
  uint8_t msg[SHAKE_MC_MSG];
  unsigned i;
  int bad = 0;

  for (i = 0; i < MC_INNER; i++) {
    size_t take = st->chain_len < SHAKE_MC_MSG ? st->chain_len : SHAKE_MC_MSG;
    unsigned right16;
    memset(msg, 0, sizeof msg);
    memcpy(msg, st->chain, take);
    bad |= mc_hash(st, st->chain, st->mc_outlen, msg, SHAKE_MC_MSG, i);
    st->chain_len = st->mc_outlen;
    right16 = ((unsigned)st->chain[st->chain_len - 2] << 8) |
              st->chain[st->chain_len - 1];
    st->mc_outlen = minb + right16 % (maxb - minb + 1);
  }
  return bad;
}

static int mc_headers_ok(kat_state *st)
{
  if (st->file->kind != KAT_MONTE_SHAKE) return 1;
  return st->hdr_min >= 16 && st->hdr_max >= st->hdr_min &&
         st->hdr_min % 8 == 0 && st->hdr_max % 8 == 0 &&
         st->hdr_max / 8 <= KAT_MAX_OUT;
}

static void entry_monte(kat_state *st, const char *hex, size_t hexlen)
{
  uint8_t exp[KAT_MAX_OUT];
  const uint8_t *got;
  size_t outlen;
  int bad;

  if (!st->seeded || !mc_headers_ok(st)) {
    kat_fail(st, "Monte Carlo checkpoint without a seed or length headers");
    return;
  }
  if (st->count != st->checkpoints) {
    kat_fail(st, "Monte Carlo checkpoints out of sequence");
    return;
  }
  st->checkpoints++;
  switch (st->file->kind) {
  case KAT_MONTE_SHA3: bad = mc_sha3(st); got = st->chain; break;
  case KAT_MONTE_KECCAK:
    bad = mc_keccak(st);
    got = st->md;
    break;
  default: bad = mc_shake(st); got = st->chain; break;
  }
  outlen = st->file->kind == KAT_MONTE_SHAKE ? st->chain_len
                                              : st->alg->digest;
  if (st->file->kind == KAT_MONTE_SHAKE && st->outlen != (long)outlen * 8) {
    kat_fail(st, "Monte Carlo Outputlen differs from the chain's");
    return;
  }
  if (expect_bytes(st, exp, hex, hexlen, outlen) != 0) return;
  test_check(st->tally, !bad && memcmp(got, exp, outlen) == 0,
             "%s:%lu: %s Monte Carlo checkpoint %ld differs",
             st->file->path, st->line, st->alg->name, st->count);
}

/* Seed (SHA3VS, genKAT) or the first Msg (SHAKEVS) starts the chain. */
static void monte_seed(kat_state *st, const char *hex, size_t hexlen)
{
  size_t n = hexlen / 2;
  size_t want = st->file->kind == KAT_MONTE_SHA3     ? st->alg->digest
                : st->file->kind == KAT_MONTE_KECCAK ? KECCAK_MC_SEED
                                                     : SHAKE_MC_MSG;

  if (hexlen % 2 != 0 || n != want || test_unhex(st->chain, hex, n) != 0) {
    kat_fail(st, "Monte Carlo seed malformed or of the wrong length");
    return;
  }
  st->chain_len = n;
  st->mc_outlen = (size_t)st->hdr_max / 8;
  st->seeded = 1;
}

/* ---- the line reader ---- */

static long parse_long(kat_state *st, const char *v, size_t vlen)
{
  long x = 0;
  size_t i;

  if (vlen == 0 || vlen > 9) {
    kat_fail(st, "number expected");
    return -1;
  }
  for (i = 0; i < vlen; i++) {
    if (v[i] < '0' || v[i] > '9') {
      kat_fail(st, "number expected");
      return -1;
    }
    x = 10 * x + (v[i] - '0');
  }
  return x;
}

static int key_is(const char *k, size_t klen, const char *name)
{
  return strlen(name) == klen && memcmp(k, name, klen) == 0;
}

static void on_header(kat_state *st, const char *k, size_t klen,
                      const char *v, size_t vlen)
{
  long x = parse_long(st, v, vlen);

  if (key_is(k, klen, "L")) {
    st->hdr_l = x;
    if (x != (long)st->alg->digest * 8) kat_fail(st, "[L] is not this hash");
  } else if (key_is(k, klen, "Outputlen")) {
    st->hdr_outlen = x;
  } else if (key_is(k, klen, "Minimum Output Length (bits)")) {
    st->hdr_min = x;
  } else if (key_is(k, klen, "Maximum Output Length (bits)")) {
    st->hdr_max = x;
  } else if (key_is(k, klen, "Input Length")) {
    st->hdr_inlen = x;
  } else {
    kat_fail(st, "unknown [header]");
  }
}

static int is_monte(const kat_state *st)
{
  return st->file->kind == KAT_MONTE_SHA3 ||
         st->file->kind == KAT_MONTE_SHAKE ||
         st->file->kind == KAT_MONTE_KECCAK;
}

static void reset_entry(kat_state *st)
{
  st->len = st->outlen = st->count = -1;
  st->msg = NULL;
  st->msg_hex = 0;
}

static void on_result(kat_state *st, const char *v, size_t vlen)
{
  if (is_monte(st))
    entry_monte(st, v, vlen);
  else
    entry_msg(st, v, vlen);
  reset_entry(st);
}

static void on_field(kat_state *st, const char *k, size_t klen,
                     const char *v, size_t vlen)
{
  if (key_is(k, klen, "Len")) {
    st->len = parse_long(st, v, vlen);
  } else if (key_is(k, klen, "Outputlen")) {
    st->outlen = parse_long(st, v, vlen);
  } else if (key_is(k, klen, "COUNT") || key_is(k, klen, "j")) {
    st->count = parse_long(st, v, vlen);
  } else if (key_is(k, klen, "Seed") ||
             (key_is(k, klen, "Msg") && is_monte(st))) {
    monte_seed(st, v, vlen);
  } else if (key_is(k, klen, "Msg")) {
    st->msg = v;
    st->msg_hex = vlen;
  } else if (key_is(k, klen, "MD") || key_is(k, klen, "Output")) {
    on_result(st, v, vlen);
  } else {
    kat_fail(st, "unknown field");
  }
}

/* Split "key = value" (spaces around '=' optional); 0 on success. */
static int split_kv(const char *s, size_t n, const char **k, size_t *klen,
                    const char **v, size_t *vlen)
{
  const char *eq = memchr(s, '=', n);
  size_t a, b;

  if (eq == NULL) return -1;
  a = (size_t)(eq - s);
  while (a > 0 && s[a - 1] == ' ') a--;
  b = (size_t)(eq - s) + 1;
  while (b < n && s[b] == ' ') b++;
  *k = s;
  *klen = a;
  *v = s + b;
  *vlen = n - b;
  return 0;
}

static void on_line(kat_state *st, const char *s, size_t n)
{
  const char *k, *v;
  size_t klen, vlen;

  while (n > 0 && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
    n--;
  if (n == 0 || s[0] == '#') return;
  if (s[0] == '[') {
    /* "[Tested for Output of byte-oriented messages]" says nothing. */
    if (s[n - 1] == ']' && split_kv(s + 1, n - 2, &k, &klen, &v, &vlen) == 0)
      on_header(st, k, klen, v, vlen);
    return;
  }
  if (split_kv(s, n, &k, &klen, &v, &vlen) != 0) {
    kat_fail(st, "line is not \"key = value\"");
    return;
  }
  on_field(st, k, klen, v, vlen);
}

/* ---- files ---- */

static char *read_file(const char *path, size_t *len)
{
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  long size;

  if (f == NULL) return NULL;
  if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 &&
      fseek(f, 0, SEEK_SET) == 0) {
    buf = malloc((size_t)size + 1);
    if (buf != NULL && fread(buf, 1, (size_t)size, f) != (size_t)size) {
      free(buf);
      buf = NULL;
    }
    if (buf != NULL) {
      buf[size] = '\0';
      *len = (size_t)size;
    }
  }
  fclose(f);
  return buf;
}

static void init_state(kat_state *st, const kat_file *f, test_tally *t)
{
  memset(st, 0, sizeof *st);
  st->file = f;
  st->alg = test_alg_find(f->alg);
  st->tally = t;
  st->hdr_l = st->hdr_outlen = st->hdr_min = st->hdr_max = -1;
  st->hdr_inlen = -1;
  reset_entry(st);
}

static void run_file(const char *dir, const kat_file *f, test_tally *t)
{
  char path[4096];
  kat_state st;
  unsigned long p0 = t->passed, f0 = t->failed;
  size_t len = 0, pos = 0;
  char *buf;

  init_state(&st, f, t);
  snprintf(path, sizeof path, "%s/%s", dir, f->path);
  buf = read_file(path, &len);
  if (buf == NULL) test_check(t, 0, "%s: cannot read", path);
  while (buf != NULL && pos < len) {
    const char *nl = memchr(buf + pos, '\n', len - pos);
    size_t end = nl != NULL ? (size_t)(nl - buf) : len;
    st.line++;
    on_line(&st, buf + pos, end - pos);
    pos = end + 1;
  }
  free(buf);
  if (buf != NULL && t->passed == p0)
    test_check(t, 0, "%s: no vectors read", f->path);
  printf("%s: %lu passed", f->path, t->passed - p0);
  if (t->failed != f0) printf(", %lu failed", t->failed - f0);
  if (st.skipped != 0) printf(", %lu skipped (bit lengths)", st.skipped);
  putchar('\n');
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  test_tally t = { 0, 0 };
  size_t i;

  test_print_backend();
  for (i = 0; i < KAT_NUM_FILES; i++) run_file(dir, &kat_files[i], &t);
  return test_finish(&t);
}
