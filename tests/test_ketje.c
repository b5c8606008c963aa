/* Ketje v2 (qed/ketje.h): known-answer tests, streaming = one call at
 * every split, boundary lengths, in-place operation, rejection, misuse.
 *
 * usage: test_ketje VECTOR_DIR   (VECTOR_DIR/ketje/ holds Ketje_Jr.txt,
 * Ketje_Sr.txt, Ketje_Minor.txt, Ketje_Major.txt: XKCP's vectors in
 * libkeccak's format; see tests/vectors/ketje/README.md)
 *
 * The KAT files are sessions: after an "initialize" (Key, Nonce), every
 * entry (AAD, Plaintext, Ciphertext, Tag) is the next wrap of the same
 * session, so each entry depends on all earlier ones of its block.  They
 * are run four times in parallel sessions: qed_ketje_wrap, qed_ketje_unwrap
 * (in place on every other entry), and the streaming functions on both
 * sides with the data cut at a point that moves from entry to entry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qed/ketje.h"
#include "testutil.h"

static test_tally T;

static const char *const NAMES[4] = { "Jr", "Sr", "Minor", "Major" };
static const size_t BLOCK[4] = {
  QED_KETJE_JR_BLOCKBYTES, QED_KETJE_SR_BLOCKBYTES,
  QED_KETJE_MINOR_BLOCKBYTES, QED_KETJE_MAJOR_BLOCKBYTES
};
static const size_t MAXKN[4] = {
  QED_KETJE_JR_MAX_KEYNONCEBYTES, QED_KETJE_SR_MAX_KEYNONCEBYTES,
  QED_KETJE_MINOR_MAX_KEYNONCEBYTES, QED_KETJE_MAJOR_MAX_KEYNONCEBYTES
};
static const unsigned long KAT_COUNT[4] = { 678, 2681, 1631, 1584 };

#define MAXB 2048

static int all_zero(const uint8_t *p, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (p[i] != 0) return 0;
  return 1;
}

/* ---- streaming helpers: a message cut at one point (ad at sa, body at sm) */

static int stream_wrap(qed_ketje_ctx *ctx, uint8_t *c, uint8_t *tag,
                       size_t taglen, const uint8_t *ad, size_t adlen,
                       size_t sa, const uint8_t *m, size_t mlen, size_t sm)
{
  int rc = 0;
  rc |= qed_ketje_ad_update(ctx, ad, sa);
  rc |= qed_ketje_ad_update(ctx, ad + sa, adlen - sa);
  rc |= qed_ketje_encrypt_update(ctx, c, m, sm);
  rc |= qed_ketje_encrypt_update(ctx, c + sm, m + sm, mlen - sm);
  rc |= qed_ketje_encrypt_final(ctx, tag, taglen);
  return rc;
}

static int stream_unwrap(qed_ketje_ctx *ctx, uint8_t *m, const uint8_t *ad,
                         size_t adlen, size_t sa, const uint8_t *c,
                         size_t clen, size_t sc, const uint8_t *tag,
                         size_t taglen)
{
  int rc = 0;
  rc |= qed_ketje_ad_update(ctx, ad, sa);
  rc |= qed_ketje_ad_update(ctx, ad + sa, adlen - sa);
  rc |= qed_ketje_decrypt_update(ctx, m, c, sc);
  rc |= qed_ketje_decrypt_update(ctx, m + sc, c + sc, clen - sc);
  rc |= qed_ketje_decrypt_final(ctx, tag, taglen);
  return rc;
}

/* ---- known-answer tests ---- */

/* "Name = hex" (the hex may be empty); 1 and the bytes if line is that
 * field. */
static int field(const char *line, const char *name, uint8_t *out,
                 size_t *len)
{
  size_t n = strlen(name), hl;
  const char *h;
  if (strncmp(line, name, n) != 0 || line[n] != ' ' || line[n + 1] != '=')
    return 0;
  h = line + n + 2;
  while (*h == ' ') h++;
  hl = strcspn(h, "\r\n ");
  if (hl % 2 != 0 || hl / 2 > MAXB || test_unhex(out, h, hl / 2) != 0) {
    printf("bad field %s\n", name);
    exit(2);
  }
  *len = hl / 2;
  return 1;
}

static void kat(const char *dir, int v)
{
  char path[1024], line[2 * MAXB + 64];
  static uint8_t key[MAXB], nonce[MAXB], ad[MAXB], pt[MAXB], ct[MAXB],
      tag[MAXB], c[MAXB], t[MAXB], p[MAXB];
  size_t keylen = 0, noncelen = 0, adlen = 0, ptlen = 0, ctlen = 0, taglen;
  qed_ketje_ctx enc, dec, senc, sdec;
  unsigned long n = 0, bad = 0;
  int have_key = 0, ready = 0;
  FILE *f;

  snprintf(path, sizeof path, "%s/ketje/Ketje_%s.txt", dir, NAMES[v]);
  f = fopen(path, "r");
  if (!f) {
    test_check(&T, 0, "cannot open %s", path);
    return;
  }
  while (fgets(line, sizeof line, f)) {
    if (field(line, "Key", key, &keylen)) {
      have_key = 1;
      continue;
    }
    if (field(line, "Nonce", nonce, &noncelen)) {
      int rc;
      if (!have_key) {
        test_check(&T, 0, "%s: Nonce without Key", path);
        break;
      }
      rc = qed_ketje_init(&enc, (qed_ketje_variant)v, key, keylen, nonce,
                          noncelen);
      rc |= qed_ketje_init(&dec, (qed_ketje_variant)v, key, keylen, nonce,
                           noncelen);
      rc |= qed_ketje_init(&senc, (qed_ketje_variant)v, key, keylen, nonce,
                           noncelen);
      rc |= qed_ketje_init(&sdec, (qed_ketje_variant)v, key, keylen, nonce,
                           noncelen);
      test_check(&T, rc == 0, "Ketje %s init key %zu nonce %zu", NAMES[v],
                 keylen, noncelen);
      ready = 1;
      have_key = 0;
      continue;
    }
    if (field(line, "AAD", ad, &adlen) || field(line, "Plaintext", pt, &ptlen) ||
        field(line, "Ciphertext", ct, &ctlen))
      continue;
    if (field(line, "Tag", tag, &taglen)) {
      int rc, ok = 1;
      size_t sa, sm;
      if (!ready || ctlen != ptlen) {
        test_check(&T, 0, "%s entry %lu incomplete", path, n);
        continue;
      }
      n++;
      /* one call */
      memset(c, 0xAA, ptlen + 1);
      memset(t, 0xAA, taglen + 1);
      rc = qed_ketje_wrap(&enc, c, t, taglen, ad, adlen, pt, ptlen);
      ok &= test_check(&T, rc == 0 && memcmp(c, ct, ptlen) == 0 &&
                       c[ptlen] == 0xAA && memcmp(t, tag, taglen) == 0 &&
                       t[taglen] == 0xAA,
                       "Ketje %s KAT %lu wrap", NAMES[v], n);
      if (n % 2) {
        memset(p, 0xAA, ptlen + 1);
        rc = qed_ketje_unwrap(&dec, p, ad, adlen, ct, ctlen, tag, taglen);
      } else {       /* in place */
        memcpy(p, ct, ctlen);
        p[ctlen] = 0xAA;
        rc = qed_ketje_unwrap(&dec, p, ad, adlen, p, ctlen, tag, taglen);
      }
      ok &= test_check(&T, rc == 0 && memcmp(p, pt, ptlen) == 0 &&
                       p[ptlen] == 0xAA,
                       "Ketje %s KAT %lu unwrap", NAMES[v], n);
      /* in pieces, cut at a point that moves */
      sa = adlen ? n % (adlen + 1) : 0;
      sm = ptlen ? (n * 7) % (ptlen + 1) : 0;
      memset(c, 0xAA, ptlen + 1);
      memset(t, 0xAA, taglen + 1);
      rc = stream_wrap(&senc, c, t, taglen, ad, adlen, sa, pt, ptlen, sm);
      ok &= test_check(&T, rc == 0 && memcmp(c, ct, ptlen) == 0 &&
                       memcmp(t, tag, taglen) == 0 && t[taglen] == 0xAA,
                       "Ketje %s KAT %lu streaming wrap (%zu, %zu)",
                       NAMES[v], n, sa, sm);
      memset(p, 0xAA, ptlen + 1);
      rc = stream_unwrap(&sdec, p, ad, adlen, sa, ct, ctlen, sm, tag, taglen);
      ok &= test_check(&T, rc == 0 && memcmp(p, pt, ptlen) == 0,
                       "Ketje %s KAT %lu streaming unwrap", NAMES[v], n);
      if (!ok) bad++;
      adlen = ptlen = ctlen = 0;
    }
  }
  fclose(f);
  qed_ketje_wipe(&enc);
  qed_ketje_wipe(&dec);
  qed_ketje_wipe(&senc);
  qed_ketje_wipe(&sdec);
  test_check(&T, n == KAT_COUNT[v], "Ketje %s KAT count %lu, expected %lu",
             NAMES[v], n, KAT_COUNT[v]);
  printf("Ketje %s: %lu KAT entries, %lu bad\n", NAMES[v], n, bad);
}

/* ---- the CAESAR one-shot functions: SUPERCOP's self-test vectors ---- */

typedef int (*enc_fn)(uint8_t *, uint8_t *, const uint8_t *, size_t,
                      const uint8_t *, size_t, const uint8_t *,
                      const uint8_t *);
typedef int (*dec_fn)(uint8_t *, const uint8_t *, size_t, const uint8_t *,
                      const uint8_t *, size_t, const uint8_t *,
                      const uint8_t *);

static void oneshot(void)
{
  static const struct {
    enc_fn enc;
    dec_fn dec;
    size_t keylen, noncelen, taglen;
    const char *key, *nonce, *ad, *pt, *ct;
  } V[4] = {
    { qed_ketje_jr_encrypt, qed_ketje_jr_decrypt, 12, 10, 12,
      "145ea8f23d87d11c66b0fa45", "1570cb2782dd3994ef4b", "0c78e451bd2a",
      "0e8b09860481fe", "9d09582bceffd6447b5eeb2ba55a8511bcd006" },
    { qed_ketje_sr_encrypt, qed_ketje_sr_decrypt, 16, 31, 16,
      "5a4b3c2d1e0f00f1e2d3c4b5a6978879", "6b4c2d0eefd0b19272533415f6d7b899",
      "32f3b47535f6", "e465e566e667e7",
      "ebe3e3a5bd18626ec7b6e1d13435262faf8413f0b0d2ab" },
    { qed_ketje_minor_encrypt, qed_ketje_minor_decrypt, 16, 81, 16,
      "5a4b3c2d1e0f00f1e2d3c4b5a6978879", "6b4c2d0eefd0b19272533415f6d7b899",
      "32f3b47535f6", "e465e566e667e7",
      "6c89447e8076b0b286ed2b020be0d4a876fea36bfe3d2e" },
    { qed_ketje_major_encrypt, qed_ketje_major_decrypt, 16, 181, 16,
      "5a4b3c2d1e0f00f1e2d3c4b5a6978879", "6b4c2d0eefd0b19272533415f6d7b899",
      "32f3b47535f6", "e465e566e667e7",
      "0c20013708b7db7ce047acd469b75cc1f2c306765bb598" },
  };
  int v;
  for (v = 0; v < 4; v++) {
    /* nonce: the 16 given bytes (10 for Jr), then zeros (as SUPERCOP's
     * self-tests pad them) */
    uint8_t key[16], nonce[181] = { 0 }, ad[6], pt[7], ct[7 + 16], c[8],
        t[17], p[8], buf[8];
    size_t nl = strlen(V[v].nonce) / 2, tl = V[v].taglen;
    int rc;
    test_unhex(key, V[v].key, V[v].keylen);
    test_unhex(nonce, V[v].nonce, nl);
    test_unhex(ad, V[v].ad, 6);
    test_unhex(pt, V[v].pt, 7);
    test_unhex(ct, V[v].ct, 7 + tl);
    memset(c, 0xAA, sizeof c);
    memset(t, 0xAA, sizeof t);
    rc = V[v].enc(c, t, pt, 7, ad, 6, nonce, key);
    test_check(&T, rc == 0 && memcmp(c, ct, 7) == 0 && c[7] == 0xAA &&
               memcmp(t, ct + 7, tl) == 0 && t[tl] == 0xAA,
               "Ketje %s one-shot encrypt (SUPERCOP self-test)", NAMES[v]);
    memset(p, 0xAA, sizeof p);
    rc = V[v].dec(p, ct, 7, ct + 7, ad, 6, nonce, key);
    test_check(&T, rc == 0 && memcmp(p, pt, 7) == 0 && p[7] == 0xAA,
               "Ketje %s one-shot decrypt", NAMES[v]);
    memcpy(buf, pt, 7);
    rc = V[v].enc(buf, t, buf, 7, ad, 6, nonce, key);
    test_check(&T, rc == 0 && memcmp(buf, ct, 7) == 0,
               "Ketje %s one-shot encrypt in place", NAMES[v]);
    rc = V[v].dec(buf, buf, 7, ct + 7, ad, 6, nonce, key);
    test_check(&T, rc == 0 && memcmp(buf, pt, 7) == 0,
               "Ketje %s one-shot decrypt in place", NAMES[v]);
    /* every bit of the tag, the ciphertext and the AD */
    {
      unsigned long refused = 0, total = 0;
      size_t bit;
      uint8_t tg[16], cc[7], aa[6];
      for (bit = 0; bit < 8 * (tl + 7 + 6); bit++) {
        memcpy(tg, ct + 7, tl);
        memcpy(cc, ct, 7);
        memcpy(aa, ad, 6);
        if (bit < 8 * tl) tg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        else if (bit < 8 * (tl + 7)) cc[bit / 8 - tl] ^= (uint8_t)(1u << (bit % 8));
        else aa[bit / 8 - tl - 7] ^= (uint8_t)(1u << (bit % 8));
        memset(p, 0xAA, sizeof p);
        rc = V[v].dec(p, cc, 7, tg, aa, 6, nonce, key);
        total++;
        refused += (rc == -1 && all_zero(p, 7) && p[7] == 0xAA);
      }
      test_check(&T, refused == total, "Ketje %s one-shot: %lu of %lu forgeries refused",
                 NAMES[v], refused, total);
    }
  }
}

/* ---- streaming = one call, at every split of AD and body ---- */

static void key_of(int v, uint8_t *key, size_t *kl, uint8_t *nonce,
                   size_t *nl)
{
  *kl = 16 + (size_t)v;
  *nl = MAXKN[v] - *kl;
  test_fill(key, *kl, 100u + (unsigned)v);
  test_fill(nonce, *nl, 200u + (unsigned)v);
}

static void streaming(void)
{
  int v;
  for (v = 0; v < 4; v++) {
    const size_t rho = BLOCK[v];
    const size_t adlen = 2 * rho + 1, mlen = 3 * rho + 1, tl = 16;
    uint8_t key[200], nonce[200], ad[100], m[100], c0[100], t0[16], c[100],
        t[16], p[100];
    size_t kl, nl, sa, sm;
    unsigned long bad = 0, cases = 0;
    qed_ketje_ctx ctx;
    key_of(v, key, &kl, nonce, &nl);
    test_fill(ad, adlen, 7);
    test_fill(m, mlen, 8);
    qed_ketje_init(&ctx, (qed_ketje_variant)v, key, kl, nonce, nl);
    test_check(&T, qed_ketje_wrap(&ctx, c0, t0, tl, ad, adlen, m, mlen) == 0,
               "streaming reference wrap");
    for (sa = 0; sa <= adlen; sa++)
      for (sm = 0; sm <= mlen; sm++) {
        int rc;
        cases++;
        rc = qed_ketje_init(&ctx, (qed_ketje_variant)v, key, kl, nonce, nl);
        rc |= stream_wrap(&ctx, c, t, tl, ad, adlen, sa, m, mlen, sm);
        if (rc != 0 || memcmp(c, c0, mlen) != 0 || memcmp(t, t0, tl) != 0) {
          bad++;
          continue;
        }
        rc = qed_ketje_init(&ctx, (qed_ketje_variant)v, key, kl, nonce, nl);
        rc |= stream_unwrap(&ctx, p, ad, adlen, sa, c0, mlen, sm, t0, tl);
        if (rc != 0 || memcmp(p, m, mlen) != 0) bad++;
      }
    /* many small pieces: one byte at a time */
    {
      size_t i;
      int rc = qed_ketje_init(&ctx, (qed_ketje_variant)v, key, kl, nonce, nl);
      for (i = 0; i < adlen; i++) rc |= qed_ketje_ad_update(&ctx, ad + i, 1);
      for (i = 0; i < mlen; i++) rc |= qed_ketje_encrypt_update(&ctx, c + i, m + i, 1);
      rc |= qed_ketje_encrypt_final(&ctx, t, tl);
      cases++;
      if (rc != 0 || memcmp(c, c0, mlen) != 0 || memcmp(t, t0, tl) != 0) bad++;
    }
    qed_ketje_wipe(&ctx);
    test_check(&T, bad == 0, "Ketje %s streaming: %lu of %lu splits differ",
               NAMES[v], bad, cases);
  }
}

/* ---- boundary lengths: around every multiple of the block ---- */

static void boundaries(void)
{
  int v;
  for (v = 0; v < 4; v++) {
    const size_t rho = BLOCK[v];
    size_t lens[12], nlens = 0, k, ai, mi, ti;
    uint8_t key[200], nonce[200], ad[200], m[200], c[200], p[200], t[200],
        tlong[200];
    size_t kl, nl;
    unsigned long bad = 0, cases = 0;
    qed_ketje_ctx enc, dec, ref;
    for (k = 0; k <= 3; k++) {
      if (k) lens[nlens++] = k * rho - 1;
      lens[nlens++] = k * rho;
      lens[nlens++] = k * rho + 1;
    }
    key_of(v, key, &kl, nonce, &nl);
    test_fill(ad, sizeof ad, 11);
    test_fill(m, sizeof m, 12);
    /* one session over all length pairs: enc and dec in step; the tag
     * lengths cycle through values around the block */
    qed_ketje_init(&enc, (qed_ketje_variant)v, key, kl, nonce, nl);
    qed_ketje_init(&dec, (qed_ketje_variant)v, key, kl, nonce, nl);
    for (ai = 0; ai < nlens; ai++)
      for (mi = 0; mi < nlens; mi++) {
        const size_t tls[6] = { 8, rho > 8 ? rho - 1 : 9, rho > 8 ? rho : 10,
                                rho + 1 > 8 ? rho + 1 : 11, 2 * rho + 1 > 8 ? 2 * rho + 1 : 12,
                                3 * rho + 3 };
        const size_t al = lens[ai], ml = lens[mi];
        const size_t tl = tls[(ai + mi) % 6];
        int rc;
        ti = 3 * rho + 40;   /* longer than every tl */
        cases++;
        memset(c, 0xAA, sizeof c);
        memset(t, 0xAA, sizeof t);
        rc = qed_ketje_wrap(&enc, c, t, tl, ad, al, m, ml);
        if (rc != 0 || c[ml] != 0xAA || t[tl] != 0xAA ||
            (ml > 0 && memcmp(c, m, ml) == 0)) {
          bad++;
          continue;
        }
        /* the same message as the first of two fresh sessions, with the
         * short and the long tag: same ciphertext, tag a prefix */
        {
          uint8_t c1[200], t1[200];
          qed_ketje_init(&ref, (qed_ketje_variant)v, key, kl, nonce, nl);
          rc = qed_ketje_wrap(&ref, c1, t1, tl, ad, al, m, ml);
          qed_ketje_init(&ref, (qed_ketje_variant)v, key, kl, nonce, nl);
          rc |= qed_ketje_wrap(&ref, p, tlong, ti, ad, al, m, ml);
          if (rc != 0 || memcmp(t1, tlong, tl) != 0 || memcmp(c1, p, ml) != 0) {
            bad++;
            continue;
          }
        }
        memset(p, 0xAA, sizeof p);
        rc = qed_ketje_unwrap(&dec, p, ad, al, c, ml, t, tl);
        if (rc != 0 || memcmp(p, m, ml) != 0 || p[ml] != 0xAA) bad++;
      }
    qed_ketje_wipe(&enc);
    qed_ketje_wipe(&dec);
    qed_ketje_wipe(&ref);
    test_check(&T, bad == 0, "Ketje %s boundaries: %lu of %lu cases bad",
               NAMES[v], bad, cases);
  }
}

/* ---- rejection ---- */

static void reject(void)
{
  int v;
  for (v = 0; v < 4; v++) {
    const size_t rho = BLOCK[v];
    const size_t al = rho + 3, ml = 2 * rho + 3, tl = 16;
    uint8_t key[200], nonce[200], ad[100], m[100], c[100], t[16], p[101],
        cc[100], aa[100], tg[16];
    size_t kl, nl, bit;
    unsigned long refused = 0, total = 0, over = 0;
    qed_ketje_ctx enc, dec;
    int rc;
    key_of(v, key, &kl, nonce, &nl);
    test_fill(ad, al, 21);
    test_fill(m, ml, 22);
    /* second message of a session, so the forgery also hits a session */
    qed_ketje_init(&enc, (qed_ketje_variant)v, key, kl, nonce, nl);
    qed_ketje_wrap(&enc, c, t, tl, ad, 3, m, 5);
    qed_ketje_wrap(&enc, c, t, tl, ad, al, m, ml);
    for (bit = 0; bit < 8 * (tl + ml + al); bit++) {
      memcpy(tg, t, tl);
      memcpy(cc, c, ml);
      memcpy(aa, ad, al);
      if (bit < 8 * tl) tg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      else if (bit < 8 * (tl + ml)) cc[bit / 8 - tl] ^= (uint8_t)(1u << (bit % 8));
      else aa[bit / 8 - tl - ml] ^= (uint8_t)(1u << (bit % 8));
      qed_ketje_init(&dec, (qed_ketje_variant)v, key, kl, nonce, nl);
      {
        /* the first message, right */
        uint8_t c1[5], t1[16], p1[5];
        qed_ketje_ctx e1;
        qed_ketje_init(&e1, (qed_ketje_variant)v, key, kl, nonce, nl);
        qed_ketje_wrap(&e1, c1, t1, tl, ad, 3, m, 5);
        qed_ketje_wipe(&e1);
        if (qed_ketje_unwrap(&dec, p1, ad, 3, c1, 5, t1, tl) != 0) {
          total++;
          continue;
        }
      }
      memset(p, 0xAA, sizeof p);
      rc = qed_ketje_unwrap(&dec, p, aa, al, cc, ml, tg, tl);
      total++;
      refused += (rc == -1 && all_zero(p, ml) && p[ml] == 0xAA);
      /* and the session is over */
      over += (qed_ketje_ad_update(&dec, ad, 1) == -1 &&
               qed_ketje_unwrap(&dec, p, ad, 3, c, 0, t, tl) == -1 &&
               qed_ketje_decrypt_final(&dec, t, tl) == -1);
    }
    test_check(&T, refused == total,
               "Ketje %s: %lu of %lu one-bit forgeries refused with m zeroed",
               NAMES[v], refused, total);
    test_check(&T, over == total, "Ketje %s: session over after %lu of %lu forgeries",
               NAMES[v], over, total);

    /* the same message, right, after all that: accepted */
    {
      qed_ketje_ctx e1;
      uint8_t c1[5], t1[16], p1[5];
      qed_ketje_init(&dec, (qed_ketje_variant)v, key, kl, nonce, nl);
      qed_ketje_init(&e1, (qed_ketje_variant)v, key, kl, nonce, nl);
      qed_ketje_wrap(&e1, c1, t1, tl, ad, 3, m, 5);
      qed_ketje_wipe(&e1);
      rc = qed_ketje_unwrap(&dec, p1, ad, 3, c1, 5, t1, tl);
      rc |= qed_ketje_unwrap(&dec, p, ad, al, c, ml, t, tl);
      test_check(&T, rc == 0 && memcmp(p, m, ml) == 0, "Ketje %s: right session accepted",
                 NAMES[v]);
    }

    /* truncated tags.  A tag of t bytes is the first t bytes of a longer
     * one: a receiver told t = 15 accepts the first 15 bytes (hence: never
     * take the tag length from the sender); t = 0 is "no tag" and accepts.
     * 1 .. 7: refused, m zeroed, the session untouched (the right tag
     * works afterwards).  A 16-byte tag with its last byte changed:
     * refused. */
    {
      size_t cut;
      unsigned long ok = 0;
      for (cut = 0; cut <= tl; cut++) {
        qed_ketje_ctx e1;
        uint8_t c1[5], t1[16], p1[6];
        qed_ketje_init(&dec, (qed_ketje_variant)v, key, kl, nonce, nl);
        qed_ketje_init(&e1, (qed_ketje_variant)v, key, kl, nonce, nl);
        qed_ketje_wrap(&e1, c1, t1, tl, ad, 3, m, 5);
        qed_ketje_wipe(&e1);
        memset(p1, 0xAA, sizeof p1);
        rc = qed_ketje_unwrap(&dec, p1, ad, 3, c1, 5, t1, cut);
        if (cut != 0 && cut < QED_KETJE_MIN_TAGBYTES) {
          ok += (rc == -1 && all_zero(p1, 5) && p1[5] == 0xAA &&
                 qed_ketje_unwrap(&dec, p1, ad, 3, c1, 5, t1, tl) == 0 &&
                 memcmp(p1, m, 5) == 0);
        } else {
          ok += (rc == 0 && memcmp(p1, m, 5) == 0);
        }
      }
      test_check(&T, ok == tl + 1, "Ketje %s: truncated tags (%lu of %lu)", NAMES[v],
                 ok, (unsigned long)tl + 1);
      {
        qed_ketje_ctx e1;
        uint8_t c1[5], t1[16], p1[5];
        qed_ketje_init(&dec, (qed_ketje_variant)v, key, kl, nonce, nl);
        qed_ketje_init(&e1, (qed_ketje_variant)v, key, kl, nonce, nl);
        qed_ketje_wrap(&e1, c1, t1, tl, ad, 3, m, 5);
        qed_ketje_wipe(&e1);
        t1[15] = t1[15] == 0 ? 1 : 0;
        rc = qed_ketje_unwrap(&dec, p1, ad, 3, c1, 5, t1, tl);
        test_check(&T, rc == -1 && all_zero(p1, 5), "Ketje %s: cut tag refused",
                   NAMES[v]);
      }
    }

    /* streaming receiver: decrypt_final refuses and ends the session */
    {
      qed_ketje_ctx e1;
      uint8_t c1[5], t1[16], p1[5];
      size_t i;
      qed_ketje_init(&dec, (qed_ketje_variant)v, key, kl, nonce, nl);
      qed_ketje_init(&e1, (qed_ketje_variant)v, key, kl, nonce, nl);
      qed_ketje_wrap(&e1, c1, t1, tl, ad, 3, m, 5);
      qed_ketje_wipe(&e1);
      t1[3] ^= 0x10;
      rc = qed_ketje_ad_update(&dec, ad, 3);
      for (i = 0; i < 5; i++)
        rc |= qed_ketje_decrypt_update(&dec, p1 + i, c1 + i, 1);
      test_check(&T, rc == 0 && qed_ketje_decrypt_final(&dec, t1, tl) == -1 &&
                 qed_ketje_ad_update(&dec, ad, 1) == -1 &&
                 qed_ketje_decrypt_update(&dec, p1, c1, 1) == -1,
                 "Ketje %s: streaming forgery refused, session over", NAMES[v]);
    }
    qed_ketje_wipe(&enc);
    qed_ketje_wipe(&dec);
  }
}

/* ---- parameters and misuse ---- */

static void misuse(void)
{
  int v;
  uint8_t key[200] = { 1 }, nonce[200] = { 2 }, m[64], c[64], t[32], p[64],
      t2[32];
  qed_ketje_ctx ctx, zero;
  test_fill(m, sizeof m, 31);
  for (v = 0; v < 4; v++) {
    const size_t mx = MAXKN[v];
    qed_ketje_variant V = (qed_ketje_variant)v;
    /* key and nonce lengths */
    test_check(&T, qed_ketje_init(&ctx, V, key, 11, nonce, 0) == -1,
               "Ketje %s: 11-byte key refused", NAMES[v]);
    memset(c, 0xAA, sizeof c);
    memset(t, 0xAA, sizeof t);
    test_check(&T, qed_ketje_wrap(&ctx, c, t, 16, m, 3, m, 10) == -1 &&
               all_zero(c, 10) && all_zero(t, 16),
               "Ketje %s: refused init leaves an unusable context", NAMES[v]);
    test_check(&T, qed_ketje_init(&ctx, V, key, 12, nonce, mx - 12) == 0,
               "Ketje %s: key 12 + nonce %zu accepted", NAMES[v], mx - 12);
    test_check(&T, qed_ketje_init(&ctx, V, key, 12, nonce, mx - 11) == -1,
               "Ketje %s: key 12 + nonce %zu refused", NAMES[v], mx - 11);
    test_check(&T, qed_ketje_init(&ctx, V, key, mx, nonce, 0) == 0,
               "Ketje %s: key %zu accepted", NAMES[v], mx);
    test_check(&T, qed_ketje_init(&ctx, V, key, mx + 1, nonce, 0) == -1,
               "Ketje %s: key %zu refused", NAMES[v], mx + 1);
    test_check(&T, qed_ketje_init(&ctx, V, key, (size_t)-1, nonce, 2) == -1 &&
               qed_ketje_init(&ctx, V, key, 16, nonce, (size_t)-1) == -1,
               "Ketje %s: huge lengths refused", NAMES[v]);

    /* order of calls */
    qed_ketje_init(&ctx, V, key, 16, nonce, 4);
    {
      size_t tl;
      int ok = 1;
      for (tl = 1; tl < QED_KETJE_MIN_TAGBYTES; tl++) {
        memset(t, 0xAA, sizeof t);
        ok &= qed_ketje_encrypt_final(&ctx, t, tl) == -1 && all_zero(t, tl) &&
              t[tl] == 0xAA;
        memset(c, 0xAA, sizeof c);
        ok &= qed_ketje_wrap(&ctx, c, t, tl, m, 3, m, 10) == -1 && all_zero(c, 10);
      }
      test_check(&T, ok, "Ketje %s: tags of 1 .. 7 bytes refused", NAMES[v]);
    }
    test_check(&T, qed_ketje_ad_update(&ctx, m, 5) == 0, "ad_update");
    memset(c, 0xAA, sizeof c);
    test_check(&T, qed_ketje_wrap(&ctx, c, t, 16, m, 3, m, 10) == -1 && all_zero(c, 10),
               "Ketje %s: wrap after ad_update refused", NAMES[v]);
    test_check(&T, qed_ketje_encrypt_update(&ctx, c, m, 7) == 0, "encrypt_update");
    memset(p, 0xAA, sizeof p);
    test_check(&T, qed_ketje_decrypt_update(&ctx, p, c, 3) == -1 && all_zero(p, 3),
               "Ketje %s: decrypt after encrypt refused", NAMES[v]);
    test_check(&T, qed_ketje_ad_update(&ctx, m, 1) == -1,
               "Ketje %s: AD after the body refused", NAMES[v]);
    test_check(&T, qed_ketje_decrypt_final(&ctx, t, 16) == -1,
               "Ketje %s: verify after encrypt refused", NAMES[v]);
    test_check(&T, qed_ketje_encrypt_update(&ctx, c + 7, m + 7, 9) == 0 &&
               qed_ketje_encrypt_final(&ctx, t, 16) == 0,
               "Ketje %s: message goes on after refused calls", NAMES[v]);
    {
      /* the refused calls changed nothing: same as a clean run */
      qed_ketje_ctx r;
      qed_ketje_init(&r, V, key, 16, nonce, 4);
      qed_ketje_wrap(&r, p, t2, 16, m, 5, m, 16);
      test_check(&T, memcmp(p, c, 16) == 0 && memcmp(t, t2, 16) == 0,
                 "Ketje %s: refused calls left the session untouched", NAMES[v]);
      /* and the next message of both sessions agrees */
      qed_ketje_wrap(&r, p, t2, 16, NULL, 0, NULL, 0);
      qed_ketje_wrap(&ctx, c, t, 16, NULL, 0, NULL, 0);
      test_check(&T, memcmp(t, t2, 16) == 0, "Ketje %s: session continues", NAMES[v]);
      qed_ketje_wipe(&r);
    }
    /* decryption side */
    qed_ketje_init(&ctx, V, key, 16, nonce, 4);
    test_check(&T, qed_ketje_decrypt_update(&ctx, p, c, 5) == 0, "decrypt_update");
    test_check(&T, qed_ketje_encrypt_update(&ctx, c, m, 1) == -1 &&
               qed_ketje_encrypt_final(&ctx, t, 16) == -1 && all_zero(t, 16),
               "Ketje %s: encrypt after decrypt refused", NAMES[v]);
    test_check(&T, qed_ketje_decrypt_final(&ctx, t, 7) == -1 &&
               qed_ketje_decrypt_update(&ctx, p, c, 1) == 0,
               "Ketje %s: 7-byte tag refused, session kept", NAMES[v]);
    /* wiped */
    qed_ketje_wipe(&ctx);
    test_check(&T, qed_ketje_ad_update(&ctx, m, 1) == -1 &&
               qed_ketje_wrap(&ctx, c, t, 16, m, 1, m, 1) == -1,
               "Ketje %s: wiped context refused", NAMES[v]);
    /* empty AD and body, tags longer than a block */
    qed_ketje_init(&ctx, V, key, 16, nonce, 4);
    test_check(&T, qed_ketje_wrap(&ctx, c, t, 32, NULL, 0, NULL, 0) == 0,
               "Ketje %s: empty message, 32-byte tag", NAMES[v]);
  }
  /* unknown variants, a zero context */
  test_check(&T, qed_ketje_init(&ctx, (qed_ketje_variant)4, key, 16, nonce, 0) == -1 &&
             qed_ketje_init(&ctx, (qed_ketje_variant)-1, key, 16, nonce, 0) == -1,
             "unknown variants refused");
  memset(&zero, 0, sizeof zero);
  test_check(&T, qed_ketje_ad_update(&zero, m, 1) == -1 &&
             qed_ketje_encrypt_update(&zero, c, m, 1) == -1 &&
             qed_ketje_decrypt_final(&zero, t, 16) == -1,
             "zero context refused");
  /* a corrupted context: every field out of range in turn */
  {
    int field_;
    for (field_ = 0; field_ < 7; field_++) {
      qed_ketje_init(&ctx, QED_KETJE_SR, key, 16, nonce, 4);
      switch (field_) {
      case 0: ctx.w.d.p.width = 300; break;
      case 1: ctx.w.d.rate = 401; break;
      case 2: ctx.w.d.n_step = 0; break;
      case 3: ctx.w.d.n_stride = 21; break;
      case 4: ctx.w.rho = 5; break;
      case 5: ctx.w.pos = 5; break;
      default: ctx.w.phase = 4; break;
      }
      test_check(&T, qed_ketje_encrypt_update(&ctx, c, m, 40) == -1 &&
                 all_zero(c, 40), "corrupted context (field %d) refused", field_);
    }
  }
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/vectors";
  int v;
  test_print_backend();
  for (v = 0; v < 4; v++)
    kat(dir, v);
  oneshot();
  streaming();
  boundaries();
  reject();
  misuse();
  return test_finish(&T);
}
