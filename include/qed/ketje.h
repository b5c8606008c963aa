/* qed — Ketje v2: authenticated encryption with sessions, from the CAESAR
 * submission "Ketje v2" (Bertoni, Daemen, Peeters, Van Assche, Van Keer,
 * 2016), on MonkeyWrap and MonkeyDuplex over the twisted permutation
 * Keccak-p* = pi o Keccak-p o pi^-1 (n_start = 12, n_step = 1, n_stride = 6
 * rounds):
 *
 *   variant             permutation         block (rho)  CAESAR key/nonce/tag
 *   QED_KETJE_JR        Keccak-p*[200]       16 bits      12 / 10 / 12 bytes
 *   QED_KETJE_SR        Keccak-p*[400]       32 bits      16 / 31 / 16
 *   QED_KETJE_MINOR     Keccak-p*[800]      128 bits      16 / 81 / 16
 *   QED_KETJE_MAJOR     Keccak-p*[1600]     256 bits      16 / 181 / 16
 *
 * Two ways to use it.
 *
 * One-shot, one message per key and nonce, the parameters of the CAESAR
 * submission (byte for byte the same ciphertext and tag as SUPERCOP's
 * ketjejrv2, ketjesrv2, ketjeminorv2, ketjemajorv2; the tag is returned
 * separately): qed_ketje_jr_encrypt / qed_ketje_jr_decrypt and the same for
 * sr, minor and major.
 *
 * Sessions: qed_ketje_init(ctx, variant, key, keylen, nonce, noncelen), then
 * any number of messages, each one wrap (sender) or unwrap (receiver):
 *
 *   qed_ketje_wrap(ctx, c, tag, taglen, ad, adlen, m, mlen)
 *   qed_ketje_unwrap(ctx, m, ad, adlen, c, clen, tag, taglen)
 *
 * Each tag authenticates the whole session so far (every earlier message
 * too), as Ketje defines it.  Both sides must make the same calls in the same
 * order.  A message can also be given in pieces:
 *
 *   qed_ketje_ad_update (any number of times), then either
 *   qed_ketje_encrypt_update (any number of times), qed_ketje_encrypt_final
 *   or qed_ketje_decrypt_update (any number of times), qed_ketje_decrypt_final
 *
 * and the pieces give exactly the one-call result, whatever the split.
 *
 * Lengths (bytes): keylen >= QED_KETJE_MIN_KEYBYTES (96 bits, the shortest
 * key of the designers' instances and test vectors) and keylen + noncelen <=
 * QED_KETJE_*_MAX_KEYNONCEBYTES (= b/8 - 3: the key pack and the padding must
 * fit in the state); any message and associated-data length; taglen >=
 * QED_KETJE_MIN_TAGBYTES (64 bits) and as long as wanted, or 0.
 *
 * Tags.  A tag of t bytes is the first t bytes of any longer tag of the same
 * message: fix the tag lengths of a protocol in advance and never take one
 * from the message, or an attacker can shorten your tags.  taglen 0 means
 * "no tag for this message", which Ketje's sessions allow (the designers'
 * test vectors use it): the message still enters the session, and the next
 * tag authenticates it with everything before; until then its plaintext is
 * unauthenticated, and qed_ketje_unwrap with taglen 0 returns it with 0.
 * Only a protocol that holds such plaintext back until a later tag checks
 * should use it.
 *
 * Failures return -1:
 *   - init: an unknown variant or a key or nonce length out of range; the
 *     context is then unusable;
 *   - any call on a context that no successful init prepared, that was
 *     wiped, or whose last unwrap failed; a call out of order (encrypting
 *     after decrypting in one message, qed_ketje_wrap / _unwrap after part
 *     of a message was given by the update functions, a tag length below the
 *     minimum but not 0): outputs zeroed, the context unchanged;
 *   - a wrong tag (qed_ketje_unwrap, qed_ketje_decrypt_final, the one-shot
 *     decrypts): compared in constant time; the plaintext buffer of
 *     qed_ketje_unwrap and the one-shot decrypts is zeroed, and the context
 *     is wiped: the session is over (it cannot be resumed, since the two
 *     sides no longer agree on its state).  qed_ketje_decrypt_update hands
 *     out plaintext before the tag is checked: a caller that streams must
 *     hold it back, and drop it if qed_ketje_decrypt_final fails.
 *
 * Encryption and decryption work in place (c == m); otherwise no output may
 * overlap an input.  Nothing is allocated; the context holds the key-derived
 * state: qed_ketje_wipe it when done (the one-shot functions wipe their
 * own). */
#ifndef QED_KETJE_H
#define QED_KETJE_H

#include <stddef.h>
#include <stdint.h>

#include "qed/keccak_p.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  QED_KETJE_JR = 0,
  QED_KETJE_SR = 1,
  QED_KETJE_MINOR = 2,
  QED_KETJE_MAJOR = 3
} qed_ketje_variant;

#define QED_KETJE_MIN_KEYBYTES 12
#define QED_KETJE_MIN_TAGBYTES 8     /* for a tag that is not empty      */
#define QED_KETJE_TAGBYTES     16    /* the recommended tag length        */

#define QED_KETJE_JR_MAX_KEYNONCEBYTES    22
#define QED_KETJE_SR_MAX_KEYNONCEBYTES    47
#define QED_KETJE_MINOR_MAX_KEYNONCEBYTES 97
#define QED_KETJE_MAJOR_MAX_KEYNONCEBYTES 197

/* Block sizes rho / 8: the bytes wrapped per call of the permutation. */
#define QED_KETJE_JR_BLOCKBYTES    2
#define QED_KETJE_SR_BLOCKBYTES    4
#define QED_KETJE_MINOR_BLOCKBYTES 16
#define QED_KETJE_MAJOR_BLOCKBYTES 32

/* The one-shot functions: the CAESAR submission's parameters. */
#define QED_KETJE_JR_KEYBYTES      12
#define QED_KETJE_JR_NONCEBYTES    10
#define QED_KETJE_JR_TAGBYTES      12
#define QED_KETJE_SR_KEYBYTES      16
#define QED_KETJE_SR_NONCEBYTES    31
#define QED_KETJE_SR_TAGBYTES      16
#define QED_KETJE_MINOR_KEYBYTES   16
#define QED_KETJE_MINOR_NONCEBYTES 81
#define QED_KETJE_MINOR_TAGBYTES   16
#define QED_KETJE_MAJOR_KEYBYTES   16
#define QED_KETJE_MAJOR_NONCEBYTES 181
#define QED_KETJE_MAJOR_TAGBYTES   16

/* The state of a MonkeyDuplex and of a MonkeyWrap over Keccak-p of any
 * width (qed's generic modes, src/keccak/monkey.h; Ketje is MonkeyWrap over
 * the twisted permutation).  The fields are described for the curious; use
 * the functions, never the fields. */
typedef struct {
  qed_keccak_p_state p;   /* the permutation's state                        */
  uint16_t rate;          /* r in bits: a duplexing call takes r - 2 bits   */
  uint8_t n_start;        /* rounds of start, step and stride               */
  uint8_t n_step;
  uint8_t n_stride;
  uint8_t twisted;        /* 1: the outer part is read and written through  */
                          /*    pi (Keccak-p*, Ketje v2)                    */
} qed_monkey_duplex;

typedef struct {
  qed_monkey_duplex d;
  uint16_t rho;           /* block size in bytes (r = 8 rho + 4)            */
  uint16_t pos;           /* bytes of the current block already taken       */
  uint8_t phase;          /* 0 unusable, 1 associated data, 2 wrapping,     */
                          /* 3 unwrapping                                   */
} qed_monkey_wrap;

typedef struct {
  qed_monkey_wrap w;
} qed_ketje_ctx;

/* ---- sessions ---- */

/*@ requires \valid(ctx);
    requires \valid_read(key + (0 .. keylen - 1));
    requires \valid_read(nonce + (0 .. noncelen - 1));
    requires \separated(ctx, key + (0 .. keylen - 1));
    requires \separated(ctx, nonce + (0 .. noncelen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_ketje_init(qed_ketje_ctx *ctx, qed_ketje_variant variant,
                   const uint8_t *key, size_t keylen, const uint8_t *nonce,
                   size_t noncelen);

/* One message of the session: c[0 .. mlen-1] and a tag of taglen bytes. */
/*@ requires \valid(ctx);
    requires \valid(c + (0 .. mlen - 1)) && \valid(tag + (0 .. taglen - 1));
    requires \valid_read(ad + (0 .. adlen - 1)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \separated(ctx, c + (0 .. mlen - 1), tag + (0 .. taglen - 1),
                        ad + (0 .. adlen - 1));
    requires \separated(ctx, m + (0 .. mlen - 1));
    requires \separated(c + (0 .. mlen - 1), tag + (0 .. taglen - 1));
    requires \separated(c + (0 .. mlen - 1), ad + (0 .. adlen - 1));
    requires \separated(tag + (0 .. taglen - 1), m + (0 .. mlen - 1));
    requires \separated(tag + (0 .. taglen - 1), ad + (0 .. adlen - 1));
    assigns *ctx, c[0 .. mlen - 1], tag[0 .. taglen - 1];
    ensures \result == 0 || \result == -1; */
int qed_ketje_wrap(qed_ketje_ctx *ctx, uint8_t *c, uint8_t *tag,
                   size_t taglen, const uint8_t *ad, size_t adlen,
                   const uint8_t *m, size_t mlen);

/* The receiver's side: m[0 .. clen-1], or -1 (m zeroed, context wiped). */
/*@ requires \valid(ctx);
    requires \valid(m + (0 .. clen - 1));
    requires \valid_read(c + (0 .. clen - 1)) && \valid_read(tag + (0 .. taglen - 1));
    requires \valid_read(ad + (0 .. adlen - 1));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \separated(ctx, m + (0 .. clen - 1), tag + (0 .. taglen - 1),
                        ad + (0 .. adlen - 1));
    requires \separated(ctx, c + (0 .. clen - 1));
    requires \separated(m + (0 .. clen - 1), tag + (0 .. taglen - 1));
    requires \separated(m + (0 .. clen - 1), ad + (0 .. adlen - 1));
    assigns *ctx, m[0 .. clen - 1];
    ensures \result == 0 || \result == -1; */
int qed_ketje_unwrap(qed_ketje_ctx *ctx, uint8_t *m, const uint8_t *ad,
                     size_t adlen, const uint8_t *c, size_t clen,
                     const uint8_t *tag, size_t taglen);

/* ---- one message in pieces ---- */

/*@ requires \valid(ctx);
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \separated(ctx, ad + (0 .. adlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_ketje_ad_update(qed_ketje_ctx *ctx, const uint8_t *ad, size_t adlen);

/*@ requires \valid(ctx);
    requires \valid(c + (0 .. len - 1)) && \valid_read(m + (0 .. len - 1));
    requires c == m || \separated(c + (0 .. len - 1), m + (0 .. len - 1));
    requires \separated(ctx, c + (0 .. len - 1)) && \separated(ctx, m + (0 .. len - 1));
    assigns *ctx, c[0 .. len - 1];
    ensures \result == 0 || \result == -1; */
int qed_ketje_encrypt_update(qed_ketje_ctx *ctx, uint8_t *c,
                             const uint8_t *m, size_t len);

/*@ requires \valid(ctx);
    requires \valid(tag + (0 .. taglen - 1));
    requires \separated(ctx, tag + (0 .. taglen - 1));
    assigns *ctx, tag[0 .. taglen - 1];
    ensures \result == 0 || \result == -1; */
int qed_ketje_encrypt_final(qed_ketje_ctx *ctx, uint8_t *tag, size_t taglen);

/*@ requires \valid(ctx);
    requires \valid(m + (0 .. len - 1)) && \valid_read(c + (0 .. len - 1));
    requires m == c || \separated(m + (0 .. len - 1), c + (0 .. len - 1));
    requires \separated(ctx, m + (0 .. len - 1)) && \separated(ctx, c + (0 .. len - 1));
    assigns *ctx, m[0 .. len - 1];
    ensures \result == 0 || \result == -1; */
int qed_ketje_decrypt_update(qed_ketje_ctx *ctx, uint8_t *m,
                             const uint8_t *c, size_t len);

/* 0 if tag is right; -1 otherwise, and the context is wiped. */
/*@ requires \valid(ctx);
    requires \valid_read(tag + (0 .. taglen - 1));
    requires \separated(ctx, tag + (0 .. taglen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1; */
int qed_ketje_decrypt_final(qed_ketje_ctx *ctx, const uint8_t *tag,
                            size_t taglen);

/* Zero the context (every later call on it returns -1 until an init). */
/*@ requires \valid(ctx);
    assigns *ctx; */
void qed_ketje_wipe(qed_ketje_ctx *ctx);

/* ---- one-shot, CAESAR parameters ---- */

/*@ requires \valid(c + (0 .. mlen - 1)) && \valid(tag + (0 .. 11));
    requires \valid_read(m + (0 .. mlen - 1)) && \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(nonce + (0 .. 9)) && \valid_read(key + (0 .. 11));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \separated(c + (0 .. mlen - 1), tag + (0 .. 11), ad + (0 .. adlen - 1),
                        nonce + (0 .. 9), key + (0 .. 11));
    requires \separated(tag + (0 .. 11), m + (0 .. mlen - 1), ad + (0 .. adlen - 1),
                        nonce + (0 .. 9), key + (0 .. 11));
    assigns c[0 .. mlen - 1], tag[0 .. 11];
    ensures \result == 0 || \result == -1; */
int qed_ketje_jr_encrypt(uint8_t *c, uint8_t tag[12], const uint8_t *m,
                         size_t mlen, const uint8_t *ad, size_t adlen,
                         const uint8_t nonce[10], const uint8_t key[12]);
/*@ requires \valid(m + (0 .. clen - 1));
    requires \valid_read(c + (0 .. clen - 1)) && \valid_read(tag + (0 .. 11));
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(nonce + (0 .. 9)) && \valid_read(key + (0 .. 11));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \separated(m + (0 .. clen - 1), tag + (0 .. 11), ad + (0 .. adlen - 1),
                        nonce + (0 .. 9), key + (0 .. 11));
    assigns m[0 .. clen - 1];
    ensures \result == 0 || \result == -1; */
int qed_ketje_jr_decrypt(uint8_t *m, const uint8_t *c, size_t clen,
                         const uint8_t tag[12], const uint8_t *ad,
                         size_t adlen, const uint8_t nonce[10],
                         const uint8_t key[12]);

/*@ requires \valid(c + (0 .. mlen - 1)) && \valid(tag + (0 .. 15));
    requires \valid_read(m + (0 .. mlen - 1)) && \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(nonce + (0 .. 30)) && \valid_read(key + (0 .. 15));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \separated(c + (0 .. mlen - 1), tag + (0 .. 15), ad + (0 .. adlen - 1),
                        nonce + (0 .. 30), key + (0 .. 15));
    requires \separated(tag + (0 .. 15), m + (0 .. mlen - 1), ad + (0 .. adlen - 1),
                        nonce + (0 .. 30), key + (0 .. 15));
    assigns c[0 .. mlen - 1], tag[0 .. 15];
    ensures \result == 0 || \result == -1; */
int qed_ketje_sr_encrypt(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                         size_t mlen, const uint8_t *ad, size_t adlen,
                         const uint8_t nonce[31], const uint8_t key[16]);
/*@ requires \valid(m + (0 .. clen - 1));
    requires \valid_read(c + (0 .. clen - 1)) && \valid_read(tag + (0 .. 15));
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(nonce + (0 .. 30)) && \valid_read(key + (0 .. 15));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \separated(m + (0 .. clen - 1), tag + (0 .. 15), ad + (0 .. adlen - 1),
                        nonce + (0 .. 30), key + (0 .. 15));
    assigns m[0 .. clen - 1];
    ensures \result == 0 || \result == -1; */
int qed_ketje_sr_decrypt(uint8_t *m, const uint8_t *c, size_t clen,
                         const uint8_t tag[16], const uint8_t *ad,
                         size_t adlen, const uint8_t nonce[31],
                         const uint8_t key[16]);

/*@ requires \valid(c + (0 .. mlen - 1)) && \valid(tag + (0 .. 15));
    requires \valid_read(m + (0 .. mlen - 1)) && \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(nonce + (0 .. 80)) && \valid_read(key + (0 .. 15));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \separated(c + (0 .. mlen - 1), tag + (0 .. 15), ad + (0 .. adlen - 1),
                        nonce + (0 .. 80), key + (0 .. 15));
    requires \separated(tag + (0 .. 15), m + (0 .. mlen - 1), ad + (0 .. adlen - 1),
                        nonce + (0 .. 80), key + (0 .. 15));
    assigns c[0 .. mlen - 1], tag[0 .. 15];
    ensures \result == 0 || \result == -1; */
int qed_ketje_minor_encrypt(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                            size_t mlen, const uint8_t *ad, size_t adlen,
                            const uint8_t nonce[81], const uint8_t key[16]);
/*@ requires \valid(m + (0 .. clen - 1));
    requires \valid_read(c + (0 .. clen - 1)) && \valid_read(tag + (0 .. 15));
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(nonce + (0 .. 80)) && \valid_read(key + (0 .. 15));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \separated(m + (0 .. clen - 1), tag + (0 .. 15), ad + (0 .. adlen - 1),
                        nonce + (0 .. 80), key + (0 .. 15));
    assigns m[0 .. clen - 1];
    ensures \result == 0 || \result == -1; */
int qed_ketje_minor_decrypt(uint8_t *m, const uint8_t *c, size_t clen,
                            const uint8_t tag[16], const uint8_t *ad,
                            size_t adlen, const uint8_t nonce[81],
                            const uint8_t key[16]);

/*@ requires \valid(c + (0 .. mlen - 1)) && \valid(tag + (0 .. 15));
    requires \valid_read(m + (0 .. mlen - 1)) && \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(nonce + (0 .. 180)) && \valid_read(key + (0 .. 15));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \separated(c + (0 .. mlen - 1), tag + (0 .. 15), ad + (0 .. adlen - 1),
                        nonce + (0 .. 180), key + (0 .. 15));
    requires \separated(tag + (0 .. 15), m + (0 .. mlen - 1), ad + (0 .. adlen - 1),
                        nonce + (0 .. 180), key + (0 .. 15));
    assigns c[0 .. mlen - 1], tag[0 .. 15];
    ensures \result == 0 || \result == -1; */
int qed_ketje_major_encrypt(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                            size_t mlen, const uint8_t *ad, size_t adlen,
                            const uint8_t nonce[181], const uint8_t key[16]);
/*@ requires \valid(m + (0 .. clen - 1));
    requires \valid_read(c + (0 .. clen - 1)) && \valid_read(tag + (0 .. 15));
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(nonce + (0 .. 180)) && \valid_read(key + (0 .. 15));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \separated(m + (0 .. clen - 1), tag + (0 .. 15), ad + (0 .. adlen - 1),
                        nonce + (0 .. 180), key + (0 .. 15));
    assigns m[0 .. clen - 1];
    ensures \result == 0 || \result == -1; */
int qed_ketje_major_decrypt(uint8_t *m, const uint8_t *c, size_t clen,
                            const uint8_t tag[16], const uint8_t *ad,
                            size_t adlen, const uint8_t nonce[181],
                            const uint8_t key[16]);

#ifdef __cplusplus
}
#endif
#endif
