/* MonkeyWrap over MonkeyDuplex (see keccak/monkey.h for the definition).
 *
 * The state between calls is (phase, pos): the bytes of the current block
 * already taken.  A block is closed (its frame bits and pad10*1 added and
 * the permutation applied) only when what follows it is known: the next
 * byte of the same kind (frame bits 00 for associated data, 11 for the
 * message), the start of the message body (01, which also gives the first
 * keystream block), or the tag (10, with n_stride rounds).  So a full block
 * stays pending with pos == rho, and data given in any pieces is cut into
 * exactly the blocks of the whole.
 *
 * Frame bits as (value, count), bit i of the string being bit i of value:
 * "00" = (0, 2), "01" = (2, 2), "11" = (3, 2), "10" = (1, 2), "0" = (0, 1). */
#include "keccak/monkey.h"
#include "qed/common.h"

#define FRAME_AD_MORE   0u   /* "00" */
#define FRAME_AD_LAST   2u   /* "01" */
#define FRAME_BODY_MORE 3u   /* "11" */
#define FRAME_BODY_LAST 1u   /* "10" */

int qed_monkey_wrap_usable(const qed_monkey_wrap *w)
{
  return qed_monkey_duplex_usable(&w->d) && w->rho >= 1u &&
         w->d.rate == 8u * w->rho + 4u && w->pos <= w->rho &&
         w->phase >= QED_MW_AD && w->phase <= QED_MW_UNWRAP;
}

int qed_monkey_wrap_at_message_start(const qed_monkey_wrap *w)
{
  return qed_monkey_wrap_usable(w) && w->phase == QED_MW_AD && w->pos == 0;
}

void qed_monkey_wrap_wipe(qed_monkey_wrap *w)
{
  qed_monkey_duplex_wipe(&w->d);
  w->rho = 0;
  w->pos = 0;
  w->phase = 0;
}

int qed_monkey_wrap_init(qed_monkey_wrap *w, unsigned width, unsigned rho,
                         unsigned n_start, unsigned n_step, unsigned n_stride,
                         unsigned twisted, const uint8_t *key, size_t keylen,
                         const uint8_t *nonce, size_t noncelen)
{
  uint8_t pack[QED_KECCAK_P_MAX_BYTES];
  size_t k;
  int started;
  if (rho < 1u || rho > QED_KECCAK_P_MAX_BYTES || keylen > 200u ||
      noncelen > 200u || 8u * (keylen + 2u + noncelen) + 2u > width ||
      qed_monkey_duplex_init(&w->d, width, 8u * rho + 4u, n_start, n_step,
                             n_stride, twisted) != 0) {
    qed_monkey_wrap_wipe(w);
    return -1;
  }
  /* keypack(K, |K| + 16) || N */
  pack[0] = (uint8_t)(keylen + 2u);
  /*@ loop invariant 0 <= k <= keylen;
      loop assigns k, pack[1 .. keylen];
      loop variant keylen - k; */
  for (k = 0; k < keylen; k++)
    pack[1 + k] = key[k];
  pack[1 + keylen] = 0x01;
  /*@ loop invariant 0 <= k <= noncelen;
      loop assigns k, pack[2 + keylen .. 1 + keylen + noncelen];
      loop variant noncelen - k; */
  for (k = 0; k < noncelen; k++)
    pack[2 + keylen + k] = nonce[k];
  started = qed_monkey_duplex_start(&w->d, pack,
                                    8u * (keylen + 2u + noncelen));
  qed_zeroize(pack, sizeof pack);
  if (started != 0) {       /* cannot happen: the lengths were checked */
    qed_monkey_wrap_wipe(w);
    return -1;
  }
  w->rho = (uint16_t)rho;
  w->pos = 0;
  w->phase = QED_MW_AD;
  return 0;
}

/* Close the pending block (pos bytes) with 2 frame bits, n_step rounds. */
/*@ requires \valid(w) && qed_monkey_wrap_ok(w);
    requires frame <= 3;
    assigns w->d.p.lane[0 .. 24], w->pos;
    ensures qed_monkey_wrap_ok(w) && w->pos == 0; */
static void close_block(qed_monkey_wrap *w, unsigned frame)
{
  qed_monkey_duplex_close(&w->d, w->pos, frame, 2, 0);
  w->pos = 0;
}

/* Feed len bytes of in to the blocks of the current kind (associated data
 * with QED_MD_ADD, the message body with QED_MD_WRAP / QED_MD_UNWRAP),
 * closing each full block with `more` when a further byte comes. */
/*@ requires \valid(w) && qed_monkey_wrap_ok(w);
    requires mode == QED_MD_ADD || mode == QED_MD_WRAP || mode == QED_MD_UNWRAP;
    requires more <= 3;
    requires \valid_read(in + (0 .. len - 1));
    requires mode == QED_MD_ADD || \valid(out + (0 .. len - 1));
    requires \separated(w, in + (0 .. len - 1));
    requires mode == QED_MD_ADD || \separated(w, out + (0 .. len - 1));
    requires mode == QED_MD_ADD || out == in ||
             \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    assigns w->d.p.lane[0 .. 24], w->pos, out[0 .. len - 1];
    ensures qed_monkey_wrap_ok(w); */
static void feed(qed_monkey_wrap *w, uint8_t *out, const uint8_t *in,
                 size_t len, unsigned mode, unsigned more)
{
  size_t done = 0;
  /*@ loop invariant 0 <= done <= len;
      loop invariant qed_monkey_wrap_ok(w);
      loop assigns done, w->d.p.lane[0 .. 24], w->pos, out[0 .. len - 1];
      loop variant len - done; */
  while (done < len) {
    size_t n;
    if (w->pos == w->rho)
      close_block(w, more);
    n = (size_t)(w->rho - w->pos);
    if (n > len - done)
      n = len - done;
    qed_monkey_duplex_data(&w->d, mode == QED_MD_ADD ? NULL : out + done,
                           in + done, w->pos, n, mode);
    w->pos = (uint16_t)(w->pos + n);
    done += n;
  }
}

int qed_monkey_wrap_ad(qed_monkey_wrap *w, const uint8_t *ad, size_t adlen)
{
  if (!qed_monkey_wrap_usable(w) || w->phase != QED_MW_AD)
    return -1;
  feed(w, NULL, ad, adlen, QED_MD_ADD, FRAME_AD_MORE);
  return 0;
}

/* The body of a message in the given phase (QED_MW_WRAP or _UNWRAP). */
/*@ requires \valid(w);
    requires phase == QED_MW_WRAP || phase == QED_MW_UNWRAP;
    requires \valid(out + (0 .. len - 1)) && \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \separated(w, out + (0 .. len - 1)) && \separated(w, in + (0 .. len - 1));
    assigns w->d.p.lane[0 .. 24], w->pos, w->phase, out[0 .. len - 1];
    ensures \result == 0 || \result == -1; */
static int body(qed_monkey_wrap *w, uint8_t *out, const uint8_t *in,
                size_t len, unsigned phase)
{
  if (!qed_monkey_wrap_usable(w) ||
      (w->phase != QED_MW_AD && w->phase != phase)) {
    qed_zeroize(out, len);
    return -1;
  }
  if (w->phase == QED_MW_AD) {
    /* the last associated-data block; its call gives the first keystream */
    close_block(w, FRAME_AD_LAST);
    w->phase = (uint8_t)phase;
  }
  feed(w, out, in, len,
       phase == QED_MW_WRAP ? QED_MD_WRAP : QED_MD_UNWRAP, FRAME_BODY_MORE);
  return 0;
}

int qed_monkey_wrap_encrypt(qed_monkey_wrap *w, uint8_t *c, const uint8_t *m,
                            size_t len)
{
  return body(w, c, m, len, QED_MW_WRAP);
}

int qed_monkey_wrap_decrypt(qed_monkey_wrap *w, uint8_t *m, const uint8_t *c,
                            size_t len)
{
  return body(w, m, c, len, QED_MW_UNWRAP);
}

/* The message is over: close its last block (an empty body if none was
 * given) with "10" and n_stride rounds; the first rho tag bytes are then
 * the outer part.  The session goes back to waiting for a message. */
/*@ requires \valid(w) && qed_monkey_wrap_ok(w);
    assigns w->d.p.lane[0 .. 24], w->pos, w->phase;
    ensures qed_monkey_wrap_ok(w) && w->phase == QED_MW_AD && w->pos == 0; */
static void end_message(qed_monkey_wrap *w)
{
  if (w->phase == QED_MW_AD)
    close_block(w, FRAME_AD_LAST);
  qed_monkey_duplex_close(&w->d, w->pos, FRAME_BODY_LAST, 2, 1);
  w->pos = 0;
  w->phase = QED_MW_AD;
}

/* Tag bytes done .. done + n - 1 come from the outer part; before each
 * block after the first, step("0", rho). */
/*@ requires \valid(w) && qed_monkey_wrap_ok(w);
    requires n <= w->rho;
    requires \valid(out + (0 .. n - 1));
    requires \separated(w, out + (0 .. n - 1));
    assigns w->d.p.lane[0 .. 24], out[0 .. n - 1];
    ensures qed_monkey_wrap_ok(w); */
static void tag_block(qed_monkey_wrap *w, uint8_t *out, size_t n,
                      size_t done)
{
  if (done != 0)
    qed_monkey_duplex_close(&w->d, 0, 0, 1, 0);
  qed_monkey_duplex_data(&w->d, out, NULL, 0, n, QED_MD_EXTRACT);
}

int qed_monkey_wrap_tag(qed_monkey_wrap *w, uint8_t *tag, size_t taglen)
{
  size_t done = 0;
  if (!qed_monkey_wrap_usable(w) || w->phase == QED_MW_UNWRAP) {
    qed_zeroize(tag, taglen);
    return -1;
  }
  end_message(w);
  /*@ loop invariant 0 <= done <= taglen;
      loop invariant qed_monkey_wrap_ok(w);
      loop assigns done, w->d.p.lane[0 .. 24], tag[0 .. taglen - 1];
      loop variant taglen - done; */
  while (done < taglen) {
    size_t n = w->rho;
    if (n > taglen - done)
      n = taglen - done;
    tag_block(w, tag + done, n, done);
    done += n;
  }
  return 0;
}

/* Keep the instance (diff == 0) or wipe it (diff == -1) without a branch:
 * every lane, the width, the rate and the phase are ANDed with the mask. */
/*@ requires \valid(w);
    requires diff == 0 || diff == -1;
    assigns *w; */
static void keep_or_wipe(qed_monkey_wrap *w, int diff)
{
  const uint64_t keep = ~(uint64_t)(int64_t)diff;
  size_t k;
  /*@ loop invariant 0 <= k <= 25;
      loop assigns k, w->d.p.lane[0 .. 24];
      loop variant 25 - k; */
  for (k = 0; k < 25u; k++)
    w->d.p.lane[k] &= keep;
  w->d.p.width &= (unsigned)keep;
  w->d.rate &= (uint16_t)keep;
  w->phase &= (uint8_t)keep;
}

int qed_monkey_wrap_verify(qed_monkey_wrap *w, const uint8_t *tag,
                           size_t taglen)
{
  uint8_t block[QED_KECCAK_P_MAX_BYTES];
  size_t done = 0;
  int diff = 0;
  if (!qed_monkey_wrap_usable(w) || w->phase == QED_MW_WRAP)
    return -1;
  end_message(w);
  /*@ loop invariant 0 <= done <= taglen;
      loop invariant qed_monkey_wrap_ok(w);
      loop invariant diff == 0 || diff == -1;
      loop assigns done, diff, w->d.p.lane[0 .. 24], block[0 .. 199];
      loop variant taglen - done; */
  while (done < taglen) {
    size_t n = w->rho;
    if (n > taglen - done)
      n = taglen - done;
    tag_block(w, block, n, done);
    diff |= qed_verify(block, tag + done, n);
    done += n;
  }
  qed_zeroize(block, sizeof block);
  keep_or_wipe(w, diff);
  return diff;
}
