/* Keccak-p[b, nr] of every width, and the bit-granular sponge and duplex
 * over it (qed/keccak_p.h, src/keccak/keccak_p.h).
 *
 * usage: test_keccak_p VECTOR_DIR
 *
 *   1. the Keccak team's intermediate values of Keccak-f[200/400/800/1600]
 *      (XKCP): from the state after every round, the remaining rounds give
 *      the final state: Keccak-p[b, nr] for every nr, through the internal
 *      interface and the public qed_keccak_p on byte strings;
 *   2. every width 25 .. 1600 and every nr against the pure-Python
 *      reference (tests/diff/keccak_p_ref.py, vectors written by
 *      tests/diff/gen_keccak_p_widths.py);
 *   3. sponge KATs: the Keccak team's ShortMsgKAT_Keccak r40c160 (b = 200),
 *      r144c256, r240c160 (b = 400), r288c512, r544c256, r640c160 (b = 800),
 *      bit-level messages, 4096-bit outputs (one-shot, streaming in random
 *      bit pieces); the derived small-width file (b = 25 .. 800);
 *   4. duplex KATs r = 1026 and 1027 (consecutive calls on one instance);
 *   5. streaming = one-shot at every bit split, a naive sponge and duplex
 *      built in this file from the permutation interface at lengths around
 *      every rate multiple, SHA-3/SHAKE through the generic sponge;
 *   6. the bit and byte access functions against a bit-string model;
 *   7. rejection: wrong widths, rates, rounds, lengths, contexts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/keccak.h"
#include "qed/keccak_p.h"
#include "keccak/keccak_p.h"
#include "keccak/keccak_p1600.h"
#include "testutil.h"

static test_tally T;

static const unsigned widths[7] = { 25, 50, 100, 200, 400, 800, 1600 };

static unsigned max_rounds(unsigned b)
{
  unsigned nr = 12;
  for (unsigned w = 1; 25 * w < b; w *= 2)
    nr += 2;
  return nr;
}

static size_t nbytes(size_t bits) { return (bits + 7) / 8; }

/* ---- bit strings (bit j = bit j % 8 of byte j / 8) ---- */

static int getbit(const uint8_t *p, size_t j) { return (p[j / 8] >> (j % 8)) & 1; }

static void setbit(uint8_t *p, size_t j, int v)
{
  p[j / 8] = (uint8_t)((p[j / 8] & ~(1u << (j % 8))) | ((unsigned)v << (j % 8)));
}

/* dst = bits from .. from+n-1 of src, starting at bit 0, high bits 0. */
static void sub_bits(uint8_t *dst, const uint8_t *src, size_t from, size_t n)
{
  memset(dst, 0, nbytes(n));
  for (size_t j = 0; j < n; j++)
    setbit(dst, j, getbit(src, from + j));
}

/* Do the first n bits agree, and are the high bits of the last byte 0? */
static int bits_equal_clean(const uint8_t *got, const uint8_t *want, size_t n)
{
  for (size_t j = 0; j < n; j++)
    if (getbit(got, j) != getbit(want, j))
      return 0;
  if (n % 8 != 0 && (got[n / 8] >> (n % 8)) != 0)
    return 0;
  return 1;
}

static int hexval(int c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Decode a hex token of any even length into out (max bytes); the length. */
static size_t unhex_token(uint8_t *out, size_t max, const char *h)
{
  size_t n = 0;
  while (hexval(h[0]) >= 0 && hexval(h[1]) >= 0 && n < max) {
    out[n++] = (uint8_t)(hexval(h[0]) * 16 + hexval(h[1]));
    h += 2;
  }
  return n;
}

static FILE *open_vec(const char *dir, const char *sub, const char *name)
{
  char path[1024];
  snprintf(path, sizeof path, "%s/%s/%s", dir, sub, name);
  FILE *f = fopen(path, "r");
  test_check(&T, f != NULL, "cannot open %s", path);
  return f;
}

/* The value after "Name = " on a line starting with Name, or NULL. */
static const char *field(const char *line, const char *name)
{
  size_t n = strlen(name);
  if (strncmp(line, name, n) != 0)
    return NULL;
  line += n;
  while (*line == ' ') line++;
  if (*line != '=')
    return NULL;
  line++;
  while (*line == ' ') line++;
  return line;
}

/* ---- 1. intermediate values ---- */

static int read_words_after(FILE *f, const char *marker, unsigned long long *v,
                            int count)
{
  char line[4096];
  while (fgets(line, sizeof line, f) != NULL) {
    if (strncmp(line, marker, strlen(marker)) != 0)
      continue;
    for (int i = 0; i < count; i++)
      if (fscanf(f, "%llx", &v[i]) != 1)
        return -1;
    return 0;
  }
  return -1;
}

/* The byte string of lanes (w >= 8), written here from the definition. */
static void lanes_to_bytes(uint8_t *out, const unsigned long long *lane,
                           unsigned w)
{
  for (unsigned j = 0; j < 25 * w / 8; j++)
    out[j] = (uint8_t)(lane[8 * j / w] >> (8 * j % w));
}

static void check_intermediate(const char *dir, unsigned b, const char *sub)
{
  char name[64], marker[64];
  const unsigned w = b / 25, nr = max_rounds(b);
  snprintf(name, sizeof name, "KeccakF-%u-IntermediateValues.txt", b);
  snprintf(marker, sizeof marker, "Same, with lanes as %u-bit words:", w);
  FILE *f = open_vec(dir, sub, name);
  if (f == NULL)
    return;
  unsigned examples = 0;
  unsigned long long after[25][25], fin[200];
  for (;;) {
    if (read_words_after(f, marker, after[0], 25) != 0)
      break;
    int ok = 1;
    for (unsigned k = 1; k <= nr && ok; k++)
      ok = read_words_after(f, "After iota:", after[k], 25) == 0;
    ok = ok && read_words_after(f, "State after permutation:", fin, (int)(b / 8)) == 0;
    if (!test_check(&T, ok, "%s: truncated example", name))
      break;
    uint8_t want[200];
    for (unsigned j = 0; j < b / 8; j++)
      want[j] = (uint8_t)fin[j];
    for (unsigned k = 0; k < nr; k++) {
      /* internal interface on lanes */
      qed_keccak_p_state s;
      qed_keccak_p_init(&s, b);
      for (int i = 0; i < 25; i++)
        s.lane[i] = after[k][i];
      qed_keccak_p_permute(&s, nr - k);
      uint8_t got[200];
      unsigned long long lanes[25];
      for (int i = 0; i < 25; i++)
        lanes[i] = s.lane[i];
      lanes_to_bytes(got, lanes, w);
      test_check(&T, memcmp(got, want, b / 8) == 0 && s.width == b,
                 "%s example %u: Keccak-p[%u, %u] lanes", name, examples, b,
                 nr - k);
      /* public interface on the byte string */
      uint8_t st[200];
      lanes_to_bytes(st, after[k], w);
      test_check(&T, qed_keccak_p(st, b, nr - k) == 0 &&
                     memcmp(st, want, b / 8) == 0,
                 "%s example %u: qed_keccak_p(%u, %u)", name, examples, b,
                 nr - k);
      /* bytes in and out through add_bytes / extract_bytes */
      lanes_to_bytes(st, after[k], w);
      qed_keccak_p_init(&s, b);
      qed_keccak_p_add_bytes(&s, st, 0, b / 8);
      qed_keccak_p_permute(&s, nr - k);
      memset(got, 0, sizeof got);
      qed_keccak_p_extract_bytes(&s, got, 0, b / 8);
      test_check(&T, memcmp(got, want, b / 8) == 0,
                 "%s example %u: add/extract bytes, nr %u", name, examples,
                 nr - k);
    }
    examples++;
  }
  fclose(f);
  test_check(&T, examples == 2, "%s: expected 2 examples, read %u", name,
             examples);
  printf("intermediate values b = %u: %u examples, nr = 1..%u\n", b, examples,
         nr);
}

/* ---- 2. every width and round count against the Python reference ---- */

static void check_all_rounds(const char *dir)
{
  FILE *f = open_vec(dir, "keccak_p_widths",
                     "keccak-p-widths-rounds_keccak_p_ref.txt");
  if (f == NULL)
    return;
  char line[1024];
  unsigned n = 0, seen[1601] = { 0 };
  while (fgets(line, sizeof line, f) != NULL) {
    unsigned b, nr;
    char in_hex[512], out_hex[512];
    if (line[0] == '#' || sscanf(line, "%u %u %511s %511s", &b, &nr, in_hex,
                                 out_hex) != 4)
      continue;
    uint8_t in[200], want[200], st[200], got[200];
    size_t len = unhex_token(in, sizeof in, in_hex);
    if (!test_check(&T, b <= 1600 && len == nbytes(b) &&
                        unhex_token(want, sizeof want, out_hex) == len,
                    "bad line %s", line))
      continue;
    memcpy(st, in, len);
    test_check(&T, qed_keccak_p(st, b, nr) == 0 && memcmp(st, want, len) == 0,
               "qed_keccak_p(%u, %u)", b, nr);
    /* the internal interface, bits in and out */
    qed_keccak_p_state s;
    qed_keccak_p_init(&s, b);
    qed_keccak_p_add_bits(&s, in, 0, b);
    qed_keccak_p_permute(&s, nr);
    memset(got, 0xA5, sizeof got);
    qed_keccak_p_extract_bits(&s, got, 0, b);
    test_check(&T, bits_equal_clean(got, want, b), "internal Keccak-p[%u, %u]",
               b, nr);
    /* lanes stay within w bits */
    int clean = 1;
    for (int i = 0; i < 25 && b < 1600; i++)
      clean &= (s.lane[i] >> (b / 25)) == 0;
    test_check(&T, clean, "Keccak-p[%u, %u]: lane bits above w", b, nr);
    if (b == 1600) { /* the generic interface is the fast permutation */
      uint64_t l[25];
      qed_keccak_p1600_zero(l);
      qed_keccak_p1600_add_bytes(l, in, 0, 200);
      qed_keccak_p1600_permute(l, nr);
      test_check(&T, memcmp(l, s.lane, sizeof l) == 0,
                 "Keccak-p[1600, %u]: generic vs direct", nr);
    }
    seen[b] |= 1u << (nr - 1);
    n++;
  }
  fclose(f);
  for (int i = 0; i < 7; i++)
    test_check(&T, seen[widths[i]] == (1u << max_rounds(widths[i])) - 1,
               "width %u: not every round count in the file", widths[i]);
  printf("every width and round count: %u vectors\n", n);
}

/* ---- 3. sponge KATs ---- */

/* The sponge in random bit pieces: absorb_bits / absorb, squeeze_bits /
 * squeeze, piece lengths drawn from seed.  Returns 0 or -1. */
static int sponge_pieces(uint8_t *out, size_t outbits, const uint8_t *msg,
                         size_t inbits, unsigned b, size_t r, unsigned nr,
                         uint64_t seed)
{
  static uint8_t piece[1024];
  qed_keccak_p_sponge_ctx ctx;
  if (qed_keccak_p_sponge_init(&ctx, b, r, nr) != 0)
    return -1;
  size_t done = 0;
  while (done < inbits) {
    size_t take = (size_t)(test_rand(&seed) % (2 * r + 20));
    if (take > inbits - done)
      take = inbits - done;
    if (take > 8 * sizeof piece)
      take = 8 * sizeof piece;
    if (done % 8 == 0 && take % 8 == 0 && (test_rand(&seed) & 1)) {
      if (qed_keccak_p_sponge_absorb(&ctx, msg + done / 8, take / 8) != 0)
        return -1;
    } else {
      sub_bits(piece, msg, done, take);
      if (take % 8 != 0) /* junk above the piece must be ignored */
        piece[take / 8] |= (uint8_t)(0xFFu << (take % 8));
      if (qed_keccak_p_sponge_absorb_bits(&ctx, piece, take) != 0)
        return -1;
    }
    done += take;
  }
  memset(out, 0, nbytes(outbits));
  done = 0;
  while (done < outbits) {
    size_t take = (size_t)(test_rand(&seed) % (2 * r + 20));
    if (take > outbits - done)
      take = outbits - done;
    if (take > 8 * sizeof piece)
      take = 8 * sizeof piece;
    memset(piece, 0xA5, sizeof piece);
    if (done % 8 == 0 && take % 8 == 0 && (test_rand(&seed) & 1)) {
      if (qed_keccak_p_sponge_squeeze(&ctx, piece, take / 8) != 0)
        return -1;
    } else {
      if (qed_keccak_p_sponge_squeeze_bits(&ctx, piece, take) != 0)
        return -1;
      if (take % 8 != 0 && (piece[take / 8] >> (take % 8)) != 0)
        return -1; /* high bits of the last byte must be 0 */
    }
    for (size_t j = 0; j < take; j++)
      setbit(out, done + j, getbit(piece, j));
    done += take;
  }
  qed_keccak_p_sponge_wipe(&ctx);
  return 0;
}

static void check_sponge_kat(const char *dir, unsigned r, unsigned c)
{
  char name[64];
  snprintf(name, sizeof name, "ShortMsgKAT_Keccakr%uc%u.txt", r, c);
  FILE *f = open_vec(dir, "keccak_p_widths", name);
  if (f == NULL)
    return;
  static char line[16384];
  static uint8_t msg[1024], want[1024], got[1024], junk[1024];
  size_t len = 0, mlen = 0;
  int have_len = 0, have_msg = 0;
  unsigned n = 0;
  const unsigned b = r + c;
  while (fgets(line, sizeof line, f) != NULL) {
    const char *v;
    if ((v = field(line, "Len")) != NULL) {
      len = strtoul(v, NULL, 10);
      have_len = 1;
      have_msg = 0;
    } else if ((v = field(line, "Msg")) != NULL) {
      mlen = unhex_token(msg, sizeof msg, v);
      have_msg = 1;
    } else if ((v = field(line, "Squeezed")) != NULL) {
      size_t wl = unhex_token(want, sizeof want, v);
      if (!test_check(&T, have_len && have_msg && wl == 512 &&
                          mlen >= nbytes(len) && mlen >= 1,
                      "%s: bad record", name))
        continue;
      have_len = have_msg = 0;
      memset(got, 0, sizeof got);
      test_check(&T, qed_keccak_rc(got, 4096, msg, len, r, c) == 0 &&
                     memcmp(got, want, 512) == 0,
                 "%s Len %zu: qed_keccak_rc", name, len);
      memset(got, 0, sizeof got);
      test_check(&T, qed_keccak_p_sponge(got, 4096, msg, len, b, r,
                                         max_rounds(b)) == 0 &&
                     memcmp(got, want, 512) == 0,
                 "%s Len %zu: qed_keccak_p_sponge", name, len);
      /* the bits of the last byte past Len are ignored */
      memcpy(junk, msg, nbytes(len) + 1);
      if (len % 8 != 0)
        junk[len / 8] |= (uint8_t)(0xFFu << (len % 8));
      memset(got, 0, sizeof got);
      test_check(&T, qed_keccak_rc(got, 4096, junk, len, r, c) == 0 &&
                     memcmp(got, want, 512) == 0,
                 "%s Len %zu: junk above the message", name, len);
      test_check(&T, sponge_pieces(got, 4096, msg, len, b, r, max_rounds(b),
                                   len * 7919 + r) == 0 &&
                     memcmp(got, want, 512) == 0,
                 "%s Len %zu: streaming", name, len);
      n++;
    }
  }
  fclose(f);
  test_check(&T, n >= 150, "%s: only %u records", name, n);
  printf("sponge KAT %s: %u messages\n", name, n);
}

static void check_small_widths(const char *dir)
{
  FILE *f = open_vec(dir, "keccak_p_widths",
                     "keccak-sponge-small-widths_libkeccak-x-keccak_ref.txt");
  if (f == NULL)
    return;
  char line[4096];
  unsigned n = 0;
  while (fgets(line, sizeof line, f) != NULL) {
    if (line[0] == '#')
      continue;
    char *tok[6];
    int nt = 0;
    for (char *p = strtok(line, " \r\n"); p != NULL && nt < 6;
         p = strtok(NULL, " \r\n"))
      tok[nt++] = p;
    if (nt < 4)
      continue;
    unsigned b = (unsigned)strtoul(tok[0], NULL, 10);
    size_t r = strtoul(tok[1], NULL, 10), bits = strtoul(tok[2], NULL, 10);
    uint8_t msg[512] = { 0 }, want[64], got[64];
    const char *out_hex = nt == 5 ? tok[4] : tok[3];
    size_t ml = nt == 5 ? unhex_token(msg, sizeof msg, tok[3]) : 0;
    if (!test_check(&T, ml == nbytes(bits) &&
                        unhex_token(want, sizeof want, out_hex) == 48,
                    "small widths: bad line %u", n))
      continue;
    memset(got, 0, sizeof got);
    test_check(&T, qed_keccak_p_sponge(got, 384, msg, bits, b, r,
                                       max_rounds(b)) == 0 &&
                   memcmp(got, want, 48) == 0,
               "small widths: b %u r %zu len %zu", b, r, bits);
    test_check(&T, sponge_pieces(got, 384, msg, bits, b, r, max_rounds(b),
                                 n + 1) == 0 &&
                   memcmp(got, want, 48) == 0,
               "small widths streaming: b %u r %zu len %zu", b, r, bits);
    n++;
  }
  fclose(f);
  test_check(&T, n > 1000, "small widths: only %u lines", n);
  printf("sponge, derived small widths (not authoritative): %u vectors\n", n);
}

/* ---- 4. duplex KATs ---- */

static void check_duplex_kat(const char *dir, unsigned r)
{
  char name[64];
  snprintf(name, sizeof name, "DuplexKAT_r%uc%u.txt", r, 1600 - r);
  FILE *f = open_vec(dir, "keccak_p_widths", name);
  if (f == NULL)
    return;
  static char line[4096];
  uint8_t in[256], want[256], got[256];
  size_t inlen = 0, outlen = 0, il = 0;
  unsigned n = 0;
  qed_keccak_p_duplex_ctx d;
  test_check(&T, qed_keccak_p_duplex_init(&d, 1600, r, 24) == 0,
             "duplex init r %u", r);
  while (fgets(line, sizeof line, f) != NULL) {
    const char *v;
    if ((v = field(line, "InLen")) != NULL)
      inlen = strtoul(v, NULL, 10);
    else if ((v = field(line, "In")) != NULL)
      il = unhex_token(in, sizeof in, v);
    else if ((v = field(line, "OutLen")) != NULL)
      outlen = strtoul(v, NULL, 10);
    else if ((v = field(line, "Out")) != NULL) {
      size_t ol = unhex_token(want, sizeof want, v);
      if (!test_check(&T, ol == nbytes(outlen) && il >= nbytes(inlen),
                      "%s: bad record %u", name, n))
        continue;
      memset(got, 0xA5, sizeof got);
      test_check(&T, qed_keccak_p_duplexing(&d, got, outlen, in, inlen) == 0 &&
                     memcmp(got, want, ol) == 0 && got[ol] == 0xA5,
                 "%s: call %u (InLen %zu)", name, n, inlen);
      n++;
    }
  }
  fclose(f);
  qed_keccak_p_duplex_wipe(&d);
  test_check(&T, n == r - 1, "%s: %u records", name, n);
  printf("duplex KAT %s: %u consecutive calls\n", name, n);
}

/* ---- 5. streaming, naive sponge and duplex, boundaries ---- */

/* The sponge written out: pad the whole message, absorb block by block,
 * squeeze block by block, on the permutation interface only. */
static void naive_sponge(uint8_t *out, size_t outbits, const uint8_t *msg,
                         size_t inbits, unsigned b, size_t r, unsigned nr)
{
  static uint8_t p[4096];
  size_t plen = inbits + 2;
  while (plen % r != 0)
    plen++;
  memset(p, 0, nbytes(plen));
  for (size_t j = 0; j < inbits; j++)
    setbit(p, j, getbit(msg, j));
  setbit(p, inbits, 1);
  setbit(p, plen - 1, 1);
  qed_keccak_p_state s;
  qed_keccak_p_init(&s, b);
  uint8_t blk[256];
  for (size_t off = 0; off < plen; off += r) {
    sub_bits(blk, p, off, r);
    qed_keccak_p_add_bits(&s, blk, 0, r);
    qed_keccak_p_permute(&s, nr);
  }
  memset(out, 0, nbytes(outbits));
  for (size_t done = 0; done < outbits; done += r) {
    if (done > 0)
      qed_keccak_p_permute(&s, nr);
    qed_keccak_p_extract_bits(&s, blk, 0, r);
    for (size_t j = 0; j < r && done + j < outbits; j++)
      setbit(out, done + j, getbit(blk, j));
  }
}

static void check_streaming_and_boundaries(void)
{
  static uint8_t msg[512], want[512], got[512], naive[512], p1[512], p2[512];
  uint64_t seed = 0x5eed5eedULL;
  unsigned cases = 0, splits = 0;
  test_fill(msg, sizeof msg, 77);
  for (int wi = 0; wi < 7; wi++) {
    const unsigned b = widths[wi];
    size_t rates[6] = { 1, 2, b / 2 + 1, b - 1, 8 * (b / 16), 8 };
    for (int ri = 0; ri < 6; ri++) {
      size_t r = rates[ri];
      if (r < 1 || r >= b)
        continue;
      unsigned nr = 1 + (unsigned)(test_rand(&seed) % max_rounds(b));
      if (ri == 3)
        nr = max_rounds(b);
      /* boundary lengths: around 0, r, 2r (and 3r for small rates) */
      size_t lens[40];
      int nl = 0;
      for (size_t m = 0; m <= 3; m++)
        for (size_t d = 0; d <= 6; d++)
          if (m * r + d >= 3 && m * r + d - 3 <= 2 * 1600)
            lens[nl++] = m * r + d - 3;
      for (int li = 0; li < nl; li++) {
        size_t len = lens[li];
        size_t outs[4] = { 0, r > 1 ? r - 1 : 1, r + 1, 2 * r + 3 };
        for (int oi = 0; oi < 4; oi++) {
          size_t ob = outs[oi];
          if (ob > 4000)
            ob = 4000;
          memset(got, 0xA5, sizeof got);
          naive_sponge(naive, ob, msg, len, b, r, nr);
          int rc = qed_keccak_p_sponge(got, ob, msg, len, b, r, nr);
          test_check(&T, rc == 0 && bits_equal_clean(got, naive, ob) &&
                         got[nbytes(ob)] == 0xA5,
                     "boundary: b %u r %zu nr %u len %zu out %zu", b, r, nr,
                     len, ob);
          cases++;
        }
      }
      /* every split of the message and of the output */
      size_t len = 2 * r + 11, ob = 2 * r + 5;
      if (len > 1800) len = 1800;
      if (ob > 1800) ob = 1800;
      qed_keccak_p_sponge(want, ob, msg, len, b, r, nr);
      for (size_t s = 0; s <= len; s += (len > 400 ? 7 : 1)) {
        qed_keccak_p_sponge_ctx ctx;
        int rc = qed_keccak_p_sponge_init(&ctx, b, r, nr);
        sub_bits(p1, msg, 0, s);
        sub_bits(p2, msg, s, len - s);
        rc |= qed_keccak_p_sponge_absorb_bits(&ctx, p1, s);
        rc |= qed_keccak_p_sponge_absorb_bits(&ctx, p2, len - s);
        size_t t = s % (ob + 1);
        memset(p1, 0, sizeof p1);
        memset(p2, 0, sizeof p2);
        rc |= qed_keccak_p_sponge_squeeze_bits(&ctx, p1, t);
        rc |= qed_keccak_p_sponge_squeeze_bits(&ctx, p2, ob - t);
        memset(got, 0, sizeof got);
        for (size_t j = 0; j < t; j++)
          setbit(got, j, getbit(p1, j));
        for (size_t j = 0; j < ob - t; j++)
          setbit(got, t + j, getbit(p2, j));
        test_check(&T, rc == 0 && bits_equal_clean(got, want, ob),
                   "split: b %u r %zu len %zu at %zu / out at %zu", b, r, len,
                   s, t);
        splits++;
      }
      test_check(&T, sponge_pieces(got, ob, msg, len, b, r, nr, r + b) == 0 &&
                     bits_equal_clean(got, want, ob),
                 "random pieces b %u r %zu", b, r);
    }
  }
  printf("sponge: %u boundary cases against the naive sponge, %u splits\n",
         cases, splits);
}

/* SHA-3 and SHAKE through the generic sponge, their suffix bits appended
 * to the message: the generic interface at width 1600 is the FIPS one. */
static void check_sha3_via_generic(void)
{
  static uint8_t msg[400], m2[402], want[64], got[64], x1[200], x2[200];
  test_fill(msg, sizeof msg, 3);
  unsigned n = 0;
  for (size_t len = 0; len <= 300; len += (len < 140 ? 1 : 17)) {
    memcpy(m2, msg, len);
    m2[len] = 0x02; /* SHA-3 suffix bits "01" (bit 0 = 0, bit 1 = 1) */
    qed_sha3_256(want, msg, len);
    test_check(&T, qed_keccak_p_sponge(got, 256, m2, 8 * len + 2, 1600, 1088,
                                       24) == 0 &&
                   memcmp(got, want, 32) == 0,
               "SHA3-256 via the generic sponge, len %zu", len);
    m2[len] = 0x0F; /* SHAKE suffix "1111" */
    qed_shake128(x1, sizeof x1, msg, len);
    test_check(&T, qed_keccak_p_sponge(x2, 8 * sizeof x2, m2, 8 * len + 4,
                                       1600, 1344, 24) == 0 &&
                   memcmp(x1, x2, sizeof x1) == 0,
               "SHAKE128 via the generic sponge, len %zu", len);
    qed_keccak_256(want, msg, len);
    test_check(&T, qed_keccak_rc(got, 256, msg, 8 * len, 1088, 512) == 0 &&
                   memcmp(got, want, 32) == 0,
               "Keccak-256 = Keccak[1088, 512], len %zu", len);
    n++;
  }
  printf("SHA3-256, SHAKE128, Keccak-256 through the generic sponge: %u lengths\n",
         n);
}

/* The duplex written out from the permutation interface. */
static void check_duplex_naive(void)
{
  uint64_t seed = 0xd0d0d0ULL;
  static uint8_t sigma[256], blk[256], got[256], want[256];
  unsigned n = 0;
  for (int wi = 0; wi < 7; wi++) {
    const unsigned b = widths[wi];
    size_t rates[4] = { 2, 3, b / 2 + 3, b - 1 };
    for (int ri = 0; ri < 4; ri++) {
      size_t r = rates[ri];
      unsigned nr = 1 + (unsigned)(test_rand(&seed) % max_rounds(b));
      qed_keccak_p_duplex_ctx d;
      qed_keccak_p_state s;
      test_check(&T, qed_keccak_p_duplex_init(&d, b, r, nr) == 0,
                 "duplex init b %u r %zu", b, r);
      qed_keccak_p_init(&s, b);
      for (int call = 0; call < 12; call++) {
        size_t sl = call == 0 ? 0 : call == 1 ? r - 2
                  : (size_t)(test_rand(&seed) % (r - 1));
        size_t ol = call == 2 ? 0 : call == 3 ? r
                  : (size_t)(test_rand(&seed) % (r + 1));
        test_fill(sigma, nbytes(sl) + 1, seed + (uint64_t)call);
        memset(blk, 0, sizeof blk);
        for (size_t j = 0; j < sl; j++)
          setbit(blk, j, getbit(sigma, j));
        setbit(blk, sl, 1);
        setbit(blk, r - 1, 1);
        qed_keccak_p_add_bits(&s, blk, 0, r);
        qed_keccak_p_permute(&s, nr);
        memset(want, 0, sizeof want);
        qed_keccak_p_extract_bits(&s, want, 0, ol);
        memset(got, 0xA5, sizeof got);
        int rc = qed_keccak_p_duplexing(&d, got, ol, sigma, sl);
        test_check(&T, rc == 0 && bits_equal_clean(got, want, ol) &&
                       got[nbytes(ol)] == 0xA5,
                   "duplex b %u r %zu call %d (sigma %zu, out %zu)", b, r,
                   call, sl, ol);
        n++;
      }
    }
  }
  printf("duplex against the naive duplex: %u calls\n", n);
}

/* ---- 6. bit and byte access against a bit-string model ---- */

static void check_access(void)
{
  uint64_t seed = 0xacce55ULL;
  unsigned n = 0;
  for (int wi = 0; wi < 7; wi++) {
    const unsigned b = widths[wi], w = b / 25;
    for (int trial = 0; trial < 40; trial++) {
      uint8_t model[200] = { 0 };
      qed_keccak_p_state s;
      qed_keccak_p_init(&s, b);
      for (int op = 0; op < 12; op++) {
        uint8_t in[210];
        test_fill(in, sizeof in, test_rand(&seed));
        size_t off = (size_t)(test_rand(&seed) % (b + 1));
        size_t nb = (size_t)(test_rand(&seed) % (b - off + 1));
        size_t ib = (size_t)(test_rand(&seed) % 16);
        switch (test_rand(&seed) % 4) {
        case 0:
          qed_keccak_p_add_bits(&s, in, off, nb);
          ib = 0;
          break;
        case 1:
          qed_keccak_p_add_bits_at(&s, in, ib, off, nb);
          break;
        case 2: /* whole bytes */
          off = 8 * (off / 8);
          nb = off + nb <= 8 * (b / 8) ? 8 * (nb / 8) : 8 * ((8 * (b / 8) - off) / 8);
          ib = 0;
          if (nb == 8 && (test_rand(&seed) & 1))
            qed_keccak_p_add_byte(&s, in[0], off / 8);
          else
            qed_keccak_p_add_bytes(&s, in, off / 8, nb / 8);
          break;
        default:
          nb = 0;
          qed_keccak_p_permute(&s, 1 + (unsigned)(test_rand(&seed) % max_rounds(b)));
          /* the model follows the lanes read directly (layout check below) */
          for (size_t i = 0; i < b; i++)
            setbit(model, i, (int)((s.lane[i / w] >> (i % w)) & 1));
          break;
        }
        for (size_t j = 0; j < nb; j++)
          setbit(model, off + j, getbit(model, off + j) ^ getbit(in, ib + j));
        /* lanes: bit i of the string is bit i % w of lane i / w */
        int ok = 1;
        for (size_t i = 0; i < b; i++)
          ok &= (int)((s.lane[i / w] >> (i % w)) & 1) == getbit(model, i);
        for (int i = 0; i < 25 && w < 64; i++)
          ok &= (s.lane[i] >> w) == 0;
        test_check(&T, ok && s.width == b, "access b %u trial %d op %d", b,
                   trial, op);
        n++;
      }
      /* extraction at random positions, into random output bit offsets */
      for (int k = 0; k < 10; k++) {
        uint8_t out[220], before[220];
        size_t off = (size_t)(test_rand(&seed) % (b + 1));
        size_t nb = (size_t)(test_rand(&seed) % (b - off + 1));
        size_t ob = (size_t)(test_rand(&seed) % 24);
        test_fill(out, sizeof out, test_rand(&seed));
        memcpy(before, out, sizeof out);
        qed_keccak_p_extract_bits_at(&s, out, ob, off, nb);
        int ok = 1;
        for (size_t j = 0; j < nb; j++)
          ok &= getbit(out, ob + j) == getbit(model, off + j);
        for (size_t j = 8 * (ob / 8); j < ob; j++) /* kept below */
          ok &= getbit(out, j) == getbit(before, j);
        size_t end = ob + nb, last = nbytes(end);
        if (nb > 0)
          for (size_t j = end; j < 8 * last; j++) /* zero above */
            ok &= getbit(out, j) == 0;
        for (size_t j = (nb > 0 ? last : nbytes(ob)); j < sizeof out; j++)
          ok &= out[j] == before[j]; /* nothing written past the end */
        for (size_t j = 0; j < ob / 8; j++)
          ok &= out[j] == before[j];
        test_check(&T, ok, "extract_bits_at b %u off %zu n %zu out bit %zu", b,
                   off, nb, ob);
        memset(out, 0xA5, sizeof out);
        qed_keccak_p_extract_bits(&s, out, off, nb);
        test_check(&T, out[nbytes(nb)] == 0xA5,
                   "extract_bits end b %u", b);
        ok = 1;
        for (size_t j = 0; j < nb; j++)
          ok &= getbit(out, j) == getbit(model, off + j);
        if (nb % 8 != 0)
          ok &= (out[nb / 8] >> (nb % 8)) == 0;
        test_check(&T, ok, "extract_bits b %u off %zu n %zu", b, off, nb);
        if (b >= 200) {
          size_t boff = off / 8, blen = (b / 8 - boff) * (size_t)(k & 1);
          memset(out, 0xA5, sizeof out);
          qed_keccak_p_extract_bytes(&s, out, boff, blen);
          ok = out[blen] == 0xA5;
          for (size_t j = 0; j < 8 * blen; j++)
            ok &= getbit(out, j) == getbit(model, 8 * boff + j);
          test_check(&T, ok, "extract_bytes b %u off %zu len %zu", b, boff,
                     blen);
        }
        n += 3;
      }
      qed_keccak_p_wipe(&s);
      int zero = s.width == 0;
      for (int i = 0; i < 25; i++)
        zero &= s.lane[i] == 0;
      test_check(&T, zero, "wipe b %u", b);
    }
  }
  printf("bit and byte access against a bit-string model: %u checks\n", n);
}

/* ---- 7. rejection ---- */

static int all_bytes(const uint8_t *p, size_t n, uint8_t v)
{
  for (size_t i = 0; i < n; i++)
    if (p[i] != v)
      return 0;
  return 1;
}

static void check_rejection(void)
{
  uint8_t st[256], orig[256], out[64], msg[32] = { 1, 2, 3 };
  test_fill(orig, sizeof orig, 9);
  /* qed_keccak_p: invalid width or rounds -> -1, state untouched */
  const size_t bad_widths[] = { 0, 1, 24, 26, 75, 150, 199, 201, 1599, 1601,
                                3200, (size_t)-1, (size_t)-1 - 1599 };
  for (size_t i = 0; i < sizeof bad_widths / sizeof bad_widths[0]; i++) {
    memcpy(st, orig, sizeof st);
    test_check(&T, qed_keccak_p(st, bad_widths[i], 1) == -1 &&
                   memcmp(st, orig, sizeof st) == 0,
               "qed_keccak_p width %zu", bad_widths[i]);
  }
  for (int wi = 0; wi < 7; wi++) {
    const unsigned b = widths[wi], nr = max_rounds(b);
    const unsigned bad_rounds[] = { 0, nr + 1, 25, 255, 256, 0xFFFFFFFFu };
    for (size_t i = 0; i < 6; i++) {
      memcpy(st, orig, sizeof st);
      test_check(&T, qed_keccak_p(st, b, bad_rounds[i]) == -1 &&
                     memcmp(st, orig, sizeof st) == 0,
                 "qed_keccak_p(%u, %u)", b, bad_rounds[i]);
    }
    memcpy(st, orig, sizeof st);
    test_check(&T, qed_keccak_p(st, b, nr) == 0 &&
                   memcmp(st + nbytes(b), orig + nbytes(b),
                          sizeof st - nbytes(b)) == 0 &&
                   (b % 8 == 0 || (st[b / 8] >> (b % 8)) ==
                                      (orig[b / 8] >> (b % 8))),
               "qed_keccak_p(%u, %u) writes only its state", b, nr);

    /* sponge parameters */
    const size_t bad[][2] = { { 0, 1 }, { b, 1 }, { b + 1, 1 }, { 1, 0 },
                              { 1, nr + 1 }, { (size_t)-1, 1 } };
    for (size_t i = 0; i < 6; i++) {
      qed_keccak_p_sponge_ctx ctx;
      memset(&ctx, 0x5A, sizeof ctx);
      memset(out, 0xA5, sizeof out);
      int rc1 = qed_keccak_p_sponge_init(&ctx, b, bad[i][0], (unsigned)bad[i][1]);
      int rc2 = qed_keccak_p_sponge_absorb_bits(&ctx, msg, 5);
      int rc3 = qed_keccak_p_sponge_absorb(&ctx, msg, 5);
      int rc4 = qed_keccak_p_sponge_squeeze_bits(&ctx, out, 13);
      test_check(&T, rc1 == -1 && rc2 == -1 && rc3 == -1 && rc4 == -1 &&
                     ctx.phase == 0 && all_bytes(out, 2, 0) && out[2] == 0xA5,
                 "sponge init b %u rate %zu rounds %zu", b, bad[i][0],
                 bad[i][1]);
      memset(out, 0xA5, sizeof out);
      test_check(&T, qed_keccak_p_sponge(out, 17, msg, 20, b, bad[i][0],
                                         (unsigned)bad[i][1]) == -1 &&
                     all_bytes(out, 3, 0) && out[3] == 0xA5,
                 "one-shot sponge b %u rate %zu rounds %zu", b, bad[i][0],
                 bad[i][1]);
      qed_keccak_p_duplex_ctx d;
      memset(out, 0xA5, sizeof out);
      test_check(&T, qed_keccak_p_duplex_init(&d, b, bad[i][0],
                                              (unsigned)bad[i][1]) == -1 &&
                     d.ready == 0 &&
                     qed_keccak_p_duplexing(&d, out, 9, msg, 0) == -1 &&
                     all_bytes(out, 2, 0) && out[2] == 0xA5,
                 "duplex init b %u rate %zu rounds %zu", b, bad[i][0],
                 bad[i][1]);
    }
    /* the extremes that are valid */
    test_check(&T, qed_keccak_p_sponge(out, 9, msg, 9, b, 1, 1) == 0 &&
                   qed_keccak_p_sponge(out, 9, msg, 9, b, b - 1, nr) == 0,
               "sponge b %u rates 1 and b - 1", b);
    qed_keccak_p_duplex_ctx d;
    test_check(&T, qed_keccak_p_duplex_init(&d, b, 1, nr) == -1 &&
                   qed_keccak_p_duplex_init(&d, b, 2, nr) == 0 &&
                   qed_keccak_p_duplexing(&d, out, 2, msg, 0) == 0,
               "duplex b %u rate 2", b);
  }
  /* Keccak[r, c]: r + c must be a width, c >= 1, r >= 1 */
  const size_t bad_rc[][2] = { { 1088, 511 }, { 1600, 0 }, { 0, 1600 },
                               { 40, 161 }, { (size_t)-1, 1601 },
                               { 1601, (size_t)-1 }, { 800, 800 + 1 } };
  for (size_t i = 0; i < 7; i++) {
    memset(out, 0xA5, sizeof out);
    test_check(&T, qed_keccak_rc(out, 20, msg, 8, bad_rc[i][0], bad_rc[i][1]) == -1 &&
                   all_bytes(out, 3, 0) && out[3] == 0xA5,
               "Keccak[r = %zu, c = %zu]", bad_rc[i][0], bad_rc[i][1]);
  }

  /* absorbing after squeezing; corrupted contexts */
  qed_keccak_p_sponge_ctx ctx, saved;
  /* the lanes a 400-bit state leaves unused and the padding set: the
   * contexts are compared by memcmp */
  memset(&ctx, 0, sizeof ctx);
  qed_keccak_p_sponge_init(&ctx, 400, 144, 20);
  qed_keccak_p_sponge_absorb_bits(&ctx, msg, 11);
  qed_keccak_p_sponge_squeeze_bits(&ctx, out, 3);
  saved = ctx;
  test_check(&T, qed_keccak_p_sponge_absorb_bits(&ctx, msg, 1) == -1 &&
                 qed_keccak_p_sponge_absorb(&ctx, msg, 0) == -1 &&
                 memcmp(&ctx, &saved, sizeof ctx) == 0,
             "absorb after squeeze");
  /* a squeeze of 0 bytes (or 0 bits) ends absorbing too, and changes
   * nothing of the output that follows */
  for (int bits = 0; bits < 2; bits++) {
    uint8_t want[40], got[40];
    qed_keccak_p_sponge(want, 8 * sizeof want, msg, 11, 400, 144, 20);
    qed_keccak_p_sponge_init(&ctx, 400, 144, 20);
    qed_keccak_p_sponge_absorb_bits(&ctx, msg, 11);
    const int rc0 = bits ? qed_keccak_p_sponge_squeeze_bits(&ctx, got, 0)
                         : qed_keccak_p_sponge_squeeze(&ctx, got, 0);
    test_check(&T, rc0 == 0 && ctx.phase == QED_KECCAK_P_SQUEEZING &&
                   qed_keccak_p_sponge_absorb(&ctx, msg, 0) == -1 &&
                   qed_keccak_p_sponge_absorb_bits(&ctx, msg, 1) == -1 &&
                   qed_keccak_p_sponge_squeeze(&ctx, got, sizeof got) == 0 &&
                   memcmp(got, want, sizeof got) == 0,
               "squeeze of 0 %s ends absorbing", bits ? "bits" : "bytes");
  }
  for (int k = 0; k < 7; k++) {
    ctx = saved;
    switch (k) {
    case 0: ctx.rate = 400; break;
    case 1: ctx.pos = 145; break;
    case 2: ctx.rounds = 0; break;
    case 3: ctx.rounds = 21; break;
    case 4: ctx.phase = 3; break;
    case 5: ctx.state.width = 401; break;
    default: ctx.rate = 0; break;
    }
    qed_keccak_p_sponge_ctx c2 = ctx;
    memset(out, 0xA5, sizeof out);
    test_check(&T, qed_keccak_p_sponge_squeeze_bits(&ctx, out, 30) == -1 &&
                   qed_keccak_p_sponge_squeeze(&ctx, out + 8, 3) == -1 &&
                   all_bytes(out, 4, 0) && out[4] == 0xA5 &&
                   all_bytes(out + 8, 3, 0) &&
                   memcmp(&ctx, &c2, sizeof ctx) == 0,
               "corrupted sponge context %d", k);
  }
  /* an absorbing context with pos == rate can only be corrupted */
  qed_keccak_p_sponge_init(&ctx, 200, 40, 18);
  ctx.pos = 40;
  test_check(&T, qed_keccak_p_sponge_absorb_bits(&ctx, msg, 3) == -1 &&
                 qed_keccak_p_sponge_squeeze_bits(&ctx, out, 3) == -1,
             "absorbing context with a full block");
  qed_keccak_p_sponge_wipe(&ctx);
  test_check(&T, qed_keccak_p_sponge_absorb_bits(&ctx, msg, 3) == -1,
             "wiped sponge");

  /* duplex lengths: sigma <= r - 2, output <= r; state unchanged on -1 */
  qed_keccak_p_duplex_ctx d, dsave;
  uint8_t big[256];
  test_fill(big, sizeof big, 5);
  memset(&d, 0, sizeof d);  /* padding set: compared by memcmp */
  qed_keccak_p_duplex_init(&d, 1600, 1027, 24);
  qed_keccak_p_duplexing(&d, out, 8, msg, 7);
  dsave = d;
  uint8_t o2[256];
  memset(o2, 0xA5, sizeof o2);
  test_check(&T, qed_keccak_p_duplexing(&d, o2, 100, big, 1026) == -1 &&
                 all_bytes(o2, 13, 0) && o2[13] == 0xA5 &&
                 memcmp(&d, &dsave, sizeof d) == 0,
             "duplex sigma of r - 1 bits");
  memset(o2, 0xA5, sizeof o2);
  test_check(&T, qed_keccak_p_duplexing(&d, o2, 1028, big, 0) == -1 &&
                 all_bytes(o2, 129, 0) && o2[129] == 0xA5 &&
                 memcmp(&d, &dsave, sizeof d) == 0,
             "duplex output of r + 1 bits");
  test_check(&T, qed_keccak_p_duplexing(&d, o2, 1027, big, 1025) == 0,
             "duplex at the limits");
  d = dsave;
  d.rate = 1600;
  test_check(&T, qed_keccak_p_duplexing(&d, o2, 8, big, 0) == -1,
             "corrupted duplex rate");
  d = dsave;
  d.rounds = 25;
  test_check(&T, qed_keccak_p_duplexing(&d, o2, 8, big, 0) == -1,
             "corrupted duplex rounds");
  qed_keccak_p_duplex_wipe(&d);
  test_check(&T, qed_keccak_p_duplexing(&d, o2, 8, big, 0) == -1,
             "wiped duplex");
  printf("rejection paths checked\n");
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  test_print_backend();
  check_intermediate(dir, 200, "keccak_p_widths");
  check_intermediate(dir, 400, "keccak_p_widths");
  check_intermediate(dir, 800, "keccak_p_widths");
  check_intermediate(dir, 1600, "keccak_p");
  check_all_rounds(dir);
  check_sponge_kat(dir, 40, 160);
  check_sponge_kat(dir, 144, 256);
  check_sponge_kat(dir, 240, 160);
  check_sponge_kat(dir, 288, 512);
  check_sponge_kat(dir, 544, 256);
  check_sponge_kat(dir, 640, 160);
  check_small_widths(dir);
  check_duplex_kat(dir, 1026);
  check_duplex_kat(dir, 1027);
  check_streaming_and_boundaries();
  check_sha3_via_generic();
  check_duplex_naive();
  check_access();
  check_rejection();
  return test_finish(&T);
}
