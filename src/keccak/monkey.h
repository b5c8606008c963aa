/* MonkeyDuplex and MonkeyWrap (internal): the modes of Ketje, written once
 * over the Keccak-p interface of any width (keccak/keccak_p.h), as defined in
 * "CAESAR submission: Ketje v2" (Bertoni, Daemen, Peeters, Van Assche, Van
 * Keer, 2016), sections 2 and 3.  The state types are in qed/ketje.h (a
 * Ketje context is a MonkeyWrap).
 *
 * MonkeyDuplex[f, r, n_start, n_step, n_stride]: a b-bit state s and
 *   start(I)          s = f[n_start](I || pad10*1[b])            |I| <= b - 2
 *   step(sigma, l)    s = f[n_step](s ^ (sigma || pad10*1[r]));
 *                     return the first l bits of s      |sigma| <= r - 2, l <= r
 *   stride(sigma, l)  the same with f[n_stride]
 * f is Keccak-p[b, n], or for Ketje v2 the twisted Keccak-p*[b, n] =
 * pi o Keccak-p[b, n] o pi^-1: the duplex then reads and writes the state
 * string of pi(s) (see `twisted` below).
 *
 * Two levels of functions.  The specification's start / step / stride take
 * bit strings (bit i of a string is bit i % 8 of byte i / 8) and check every
 * length, returning -1 on a bad one.  Underneath, the pieces MonkeyWrap uses
 * so that a block never has to be copied: qed_monkey_duplex_data meets
 * message bytes with the outer part of the state (XOR in, read out, or both
 * for encryption and decryption), and qed_monkey_duplex_close ends a
 * duplexing call: the last 0..7 bits of sigma, pad10*1 up to r, and the
 * n_step or n_stride rounds.  step(sigma, l) is data(ADD, whole bytes of
 * sigma), close(its last bits), data(EXTRACT, l bits).
 *
 * MonkeyWrap[rho] (rho bits a block, r = rho + 4):
 *   initialize(K, N)  start(keypack(K, |K| + 16) || N)
 *                     keypack(K, l) = enc8(l / 8) || K || 1 || 0*
 *   wrap(A, B, l)     A and B cut in blocks of rho bits (at least one each,
 *                     the last possibly shorter or empty);
 *                     step(A_i || 00, 0) for all but the last A_i;
 *                     Z = step(A_last || 01, |B_0|), C_0 = B_0 ^ Z;
 *                     Z = step(B_i || 11, |B_i+1|), C_i+1 = B_i+1 ^ Z;
 *                     T = stride(B_last || 10, rho), then T || step(0, rho)
 *                     until l bits
 *   unwrap(A, C, T)   the same with B_i = C_i ^ Z; the tag compared
 * and a session is any number of wraps (or unwraps) after one initialize.
 * The functions take associated data and message in pieces of any length:
 * a block is only closed when the next byte arrives (or the message, or the
 * tag, starts), since its frame bits depend on what follows.
 *
 * Every function below checks nothing it does not say it checks: the
 * internal ones (data, close) require a usable state; the rest verify the
 * state first (qed_monkey_*_usable) and return -1, outputs zeroed, on a
 * state that no init prepared, on a call out of order, or on lengths that
 * do not fit. */
#ifndef QED_KECCAK_MONKEY_H
#define QED_KECCAK_MONKEY_H

#include <stddef.h>
#include <stdint.h>

#include "keccak/keccak_p.h"
#include "qed/ketje.h"

/*@ predicate qed_monkey_duplex_ok{L}(qed_monkey_duplex *d) =
      qed_keccak_p_width_ok(d->p.width) &&
      2 <= d->rate <= d->p.width &&
      1 <= d->n_start <= qed_keccak_p_nr(d->p.width) &&
      1 <= d->n_step <= qed_keccak_p_nr(d->p.width) &&
      1 <= d->n_stride <= qed_keccak_p_nr(d->p.width);

    predicate qed_monkey_wrap_ok{L}(qed_monkey_wrap *w) =
      qed_monkey_duplex_ok(&w->d) &&
      1 <= w->rho && w->d.rate == 8 * w->rho + 4 && w->pos <= w->rho &&
      1 <= w->phase <= 3;
*/

/* What qed_monkey_duplex_data does with byte k of the data and byte
 * offset + k of the (twisted) state string, s:                          */
#define QED_MD_ADD     0u   /* s ^= in[k]                      (absorb)   */
#define QED_MD_EXTRACT 1u   /* out[k] = s                      (squeeze)  */
#define QED_MD_WRAP    2u   /* s ^= in[k]; out[k] = s          (encrypt)  */
#define QED_MD_UNWRAP  3u   /* out[k] = s ^ in[k]; s = in[k]   (decrypt)  */

/* MonkeyWrap phases (qed_monkey_wrap.phase); 0 is unusable. */
#define QED_MW_AD      1u
#define QED_MW_WRAP    2u
#define QED_MW_UNWRAP  3u

/* ---- MonkeyDuplex ---- */

/* 1 if d holds a usable instance (parameters in range), else 0. */
/*@ requires \valid_read(d);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> qed_monkey_duplex_ok(d); */
int qed_monkey_duplex_usable(const qed_monkey_duplex *d);

/* Set the parameters (state zero).  -1, and d wiped, unless width is a
 * Keccak-p width, 2 <= rate <= width and every round count is in
 * 1 .. 12 + 2l.  twisted: 0 for Keccak-p, 1 for Keccak-p* (Ketje v2).     */
/*@ requires \valid(d);
    assigns *d;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> qed_monkey_duplex_ok(d) && d->rate == rate &&
                             d->p.width == width; */
int qed_monkey_duplex_init(qed_monkey_duplex *d, unsigned width,
                           unsigned rate, unsigned n_start, unsigned n_step,
                           unsigned n_stride, unsigned twisted);

/* start(I), I the inbits bits of in.  -1 (d unchanged) if d is not usable
 * or inbits > width - 2. */
/*@ requires \valid(d);
    requires \valid_read(in + (0 .. (inbits + 7) / 8 - 1));
    requires \separated(d, in + (0 .. (inbits + 7) / 8 - 1));
    assigns d->p.lane[0 .. 24];
    ensures \result == 0 || \result == -1;
    ensures qed_monkey_duplex_ok{Pre}(d) ==> qed_monkey_duplex_ok(d); */
int qed_monkey_duplex_start(qed_monkey_duplex *d, const uint8_t *in,
                            size_t inbits);

/* step(sigma, zbits) and stride(sigma, zbits): sigma the sigmabits bits of
 * sigma; z gets zbits bits ((zbits + 7) / 8 bytes, the unused high bits of
 * the last byte 0).  -1 (d unchanged, z zeroed) if d is not usable,
 * sigmabits > rate - 2 or zbits > rate. */
/*@ requires \valid(d);
    requires \valid_read(sigma + (0 .. (sigmabits + 7) / 8 - 1));
    requires \valid(z + (0 .. (zbits + 7) / 8 - 1));
    requires \separated(d, sigma + (0 .. (sigmabits + 7) / 8 - 1),
                        z + (0 .. (zbits + 7) / 8 - 1));
    requires \separated(z + (0 .. (zbits + 7) / 8 - 1),
                        sigma + (0 .. (sigmabits + 7) / 8 - 1));
    assigns d->p.lane[0 .. 24], z[0 .. (zbits + 7) / 8 - 1];
    ensures \result == 0 || \result == -1;
    ensures qed_monkey_duplex_ok{Pre}(d) ==> qed_monkey_duplex_ok(d); */
int qed_monkey_duplex_step(qed_monkey_duplex *d, const uint8_t *sigma,
                           size_t sigmabits, uint8_t *z, size_t zbits);
/*@ requires \valid(d);
    requires \valid_read(sigma + (0 .. (sigmabits + 7) / 8 - 1));
    requires \valid(z + (0 .. (zbits + 7) / 8 - 1));
    requires \separated(d, sigma + (0 .. (sigmabits + 7) / 8 - 1),
                        z + (0 .. (zbits + 7) / 8 - 1));
    requires \separated(z + (0 .. (zbits + 7) / 8 - 1),
                        sigma + (0 .. (sigmabits + 7) / 8 - 1));
    assigns d->p.lane[0 .. 24], z[0 .. (zbits + 7) / 8 - 1];
    ensures \result == 0 || \result == -1;
    ensures qed_monkey_duplex_ok{Pre}(d) ==> qed_monkey_duplex_ok(d); */
int qed_monkey_duplex_stride(qed_monkey_duplex *d, const uint8_t *sigma,
                             size_t sigmabits, uint8_t *z, size_t zbits);

/* Data against the outer part: bytes offset .. offset + len - 1 of the
 * state string, in the way `mode` says (QED_MD_*).  in is not read for
 * EXTRACT, out not written for ADD (pass NULL: the contract asks out to be
 * apart from d whatever the mode, which NULL is); out == in is allowed. */
/*@ requires \valid(d) && qed_monkey_duplex_ok(d);
    requires mode <= 3;
    requires offset + len <= (d->p.width + 7) / 8;
    requires mode == QED_MD_EXTRACT || \valid_read(in + (0 .. len - 1));
    requires mode == QED_MD_ADD || \valid(out + (0 .. len - 1));
    requires mode == QED_MD_EXTRACT || \separated(d, in + (0 .. len - 1));
    requires \separated(d, out + (0 .. len - 1));
    requires mode == QED_MD_ADD || mode == QED_MD_EXTRACT || out == in ||
             \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    assigns d->p.lane[0 .. 24], out[0 .. len - 1];
    ensures qed_monkey_duplex_ok(d); */
void qed_monkey_duplex_data(qed_monkey_duplex *d, uint8_t *out,
                            const uint8_t *in, size_t offset, size_t len,
                            unsigned mode);

/* End a duplexing call whose sigma has nbytes whole bytes (already given to
 * data) and then the tailbits (0..7) low bits of tail: those bits, pad10*1
 * up to rate, and n_stride rounds if stride, else n_step. */
/*@ requires \valid(d) && qed_monkey_duplex_ok(d);
    requires tailbits <= 7;
    requires 8 * nbytes + tailbits + 2 <= d->rate;
    assigns d->p.lane[0 .. 24];
    ensures qed_monkey_duplex_ok(d); */
void qed_monkey_duplex_close(qed_monkey_duplex *d, size_t nbytes,
                             unsigned tail, unsigned tailbits,
                             unsigned stride);

/* Zero the state and the parameters (unusable until the next init). */
/*@ requires \valid(d);
    assigns *d; */
void qed_monkey_duplex_wipe(qed_monkey_duplex *d);

/* ---- MonkeyWrap ---- */

/*@ requires \valid_read(w);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> qed_monkey_wrap_ok(w); */
int qed_monkey_wrap_usable(const qed_monkey_wrap *w);

/* 1 if w is usable, between two messages (associated-data phase with no
 * associated data taken yet), else 0. */
/*@ requires \valid_read(w);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 ==> qed_monkey_wrap_ok(w); */
int qed_monkey_wrap_at_message_start(const qed_monkey_wrap *w);

/* initialize(K, N) on MonkeyDuplex[Keccak-p(*)[width], 8 rho + 4, ...]:
 * -1, and w wiped, unless the duplex parameters are valid, 1 <= rho,
 * 8 rho + 4 <= width and the key pack and nonce fit (8 (keylen + 2 +
 * noncelen) + 2 <= width). */
/*@ requires \valid(w);
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(nonce + (0 .. noncelen - 1));
    requires \separated(w, key + (0 .. keylen - 1));
    requires \separated(w, nonce + (0 .. noncelen - 1));
    assigns *w;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> qed_monkey_wrap_ok(w); */
int qed_monkey_wrap_init(qed_monkey_wrap *w, unsigned width, unsigned rho,
                         unsigned n_start, unsigned n_step, unsigned n_stride,
                         unsigned twisted, const uint8_t *key, size_t keylen,
                         const uint8_t *nonce, size_t noncelen);

/* More associated data of the current message (only before its body). */
/*@ requires \valid(w);
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \separated(w, ad + (0 .. adlen - 1));
    assigns w->d.p.lane[0 .. 24], w->pos;
    ensures \result == 0 || \result == -1; */
int qed_monkey_wrap_ad(qed_monkey_wrap *w, const uint8_t *ad, size_t adlen);

/* More of the message body: c = wrap of m (encrypt) or m = unwrap of c
 * (decrypt).  A message is encrypted or decrypted, not both. */
/*@ requires \valid(w);
    requires \valid(c + (0 .. len - 1)) && \valid_read(m + (0 .. len - 1));
    requires c == m || \separated(c + (0 .. len - 1), m + (0 .. len - 1));
    requires \separated(w, c + (0 .. len - 1)) && \separated(w, m + (0 .. len - 1));
    assigns w->d.p.lane[0 .. 24], w->pos, w->phase, c[0 .. len - 1];
    ensures \result == 0 || \result == -1; */
int qed_monkey_wrap_encrypt(qed_monkey_wrap *w, uint8_t *c, const uint8_t *m,
                            size_t len);
/*@ requires \valid(w);
    requires \valid(m + (0 .. len - 1)) && \valid_read(c + (0 .. len - 1));
    requires m == c || \separated(m + (0 .. len - 1), c + (0 .. len - 1));
    requires \separated(w, m + (0 .. len - 1)) && \separated(w, c + (0 .. len - 1));
    assigns w->d.p.lane[0 .. 24], w->pos, w->phase, m[0 .. len - 1];
    ensures \result == 0 || \result == -1; */
int qed_monkey_wrap_decrypt(qed_monkey_wrap *w, uint8_t *m, const uint8_t *c,
                            size_t len);

/* End an encrypted message (or one with an empty body): its tag, any
 * length; the session then waits for the next message. */
/*@ requires \valid(w);
    requires \valid(tag + (0 .. taglen - 1));
    requires \separated(w, tag + (0 .. taglen - 1));
    assigns w->d.p.lane[0 .. 24], w->pos, w->phase, tag[0 .. taglen - 1];
    ensures \result == 0 || \result == -1; */
int qed_monkey_wrap_tag(qed_monkey_wrap *w, uint8_t *tag, size_t taglen);

/* End a decrypted message (or one with an empty body): 0 if tag is its
 * tag (compared in constant time).  Otherwise -1 and, if the call was in
 * order, w is wiped without a branch on the verdict: every lane and the
 * width and phase become 0, so the session is over. */
/*@ requires \valid(w);
    requires \valid_read(tag + (0 .. taglen - 1));
    requires \separated(w, tag + (0 .. taglen - 1));
    assigns *w;
    ensures \result == 0 || \result == -1; */
int qed_monkey_wrap_verify(qed_monkey_wrap *w, const uint8_t *tag,
                           size_t taglen);

/*@ requires \valid(w);
    assigns *w; */
void qed_monkey_wrap_wipe(qed_monkey_wrap *w);

#endif
