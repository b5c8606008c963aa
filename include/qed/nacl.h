/* qed — the NaCl family (the crypto_* API of NaCl, TweetNaCl, libsodium).
 *
 * So far: X25519 (RFC 7748), NaCl's crypto_scalarmult.
 *
 *   qed_crypto_scalarmult(q, n, p)    q = X25519(n, p): the u-coordinate of
 *                                     the clamped scalar n times the point
 *                                     with u-coordinate p (the top bit of
 *                                     p is ignored, as RFC 7748 says)
 *   qed_crypto_scalarmult_base(q, n)  q = X25519(n, 9): the public key of n
 *
 * Both return 0, or -1 when the result is all zero (p of small order, as
 * libsodium does): q is then all zero.  The scalar is secret: the code has
 * no branch and no memory index that depends on it or on p.  q may be the
 * same buffer as n or p. */
#ifndef QED_NACL_H
#define QED_NACL_H

#include <stddef.h>
#include <stdint.h>

#include "qed/sha2.h"   /* crypto_hash, crypto_hashblocks (SHA-512) */

#ifdef __cplusplus
extern "C" {
#endif

#define QED_CRYPTO_SCALARMULT_BYTES       32
#define QED_CRYPTO_SCALARMULT_SCALARBYTES 32

/*@ requires \valid(q + (0 .. 31));
    requires \valid_read(n + (0 .. 31)) && \valid_read(p + (0 .. 31));
    assigns q[0 .. 31];
    ensures \result == 0 || \result == -1;
    ensures \result == -1 <==> (\forall integer k; 0 <= k < 32 ==> q[k] == 0); */
int qed_crypto_scalarmult(uint8_t q[32], const uint8_t n[32],
                          const uint8_t p[32]);

/*@ requires \valid(q + (0 .. 31)) && \valid_read(n + (0 .. 31));
    assigns q[0 .. 31];
    ensures \result == 0 || \result == -1;
    ensures \result == -1 <==> (\forall integer k; 0 <= k < 32 ==> q[k] == 0); */
int qed_crypto_scalarmult_base(uint8_t q[32], const uint8_t n[32]);

/* ---- Poly1305 ------------------------------------------------------------
 * Poly1305 (RFC 8439 section 2.5; NaCl's crypto_onetimeauth): a 16-byte
 * authenticator of a message under a 32-byte ONE-TIME key (r, s).  A key
 * must never authenticate two messages.
 *
 *   qed_crypto_onetimeauth(out, in, inlen, k)          out = Poly1305_k(in); 0
 *   qed_crypto_onetimeauth_verify(h, in, inlen, k)     0 if h is the tag of in
 *                                                      under k, else -1; the
 *                                                      comparison is constant
 *                                                      time (qed_verify_16)
 * Streaming: init, update (any number of times, any lengths), final.
 * final writes the tag and wipes the context.  update or final on a context
 * that init did not prepare (or that final already wiped) returns -1 and
 * changes nothing (final zeroes its tag then).  The key and the message are
 * secret: no branch and no memory index depends on them.
 * qed_crypto_onetimeauth_init/_update/_final are the same functions under
 * libsodium's names. */

#define QED_CRYPTO_ONETIMEAUTH_BYTES    16
#define QED_CRYPTO_ONETIMEAUTH_KEYBYTES 32

/* The fields are described for the curious; use the functions, never the
 * fields.  Plain words, no pointers: a context may be copied. */
typedef struct {
  uint64_t r[3];     /* the clamped r, radix 2^44 (44 + 44 + 42 bits)    */
  uint64_t h[3];     /* the accumulator, radix 2^44                      */
  uint64_t pad[2];   /* s, the key's second half, two little-endian words */
  uint8_t  buf[16];  /* a partial block                                  */
  uint32_t buflen;   /* bytes in buf, 0 .. 15                            */
  uint32_t phase;    /* QED_POLY1305_ACTIVE after init, 0 once finished  */
} qed_poly1305_ctx;

#define QED_POLY1305_ACTIVE 0x706f6c79u

/*@ requires \valid(ctx) && \valid_read(key + (0 .. 31));
    requires \separated(ctx, key + (0 .. 31));
    assigns *ctx;
    ensures ctx->phase == QED_POLY1305_ACTIVE && ctx->buflen == 0; */
void qed_poly1305_init(qed_poly1305_ctx *ctx, const uint8_t key[32]);

/*@ requires \valid(ctx) && \valid_read(m + (0 .. len - 1));
    requires \separated(ctx, m + (0 .. len - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1;
    ensures \result == -1 ==> *ctx == \old(*ctx);
    ensures \old(ctx->phase) == QED_POLY1305_ACTIVE && \old(ctx->buflen) < 16 ==>
              \result == 0 && ctx->phase == QED_POLY1305_ACTIVE && ctx->buflen < 16; */
int qed_poly1305_update(qed_poly1305_ctx *ctx, const uint8_t *m, size_t len);

/*@ requires \valid(ctx) && \valid(tag + (0 .. 15));
    requires \separated(ctx, tag + (0 .. 15));
    assigns *ctx, tag[0 .. 15];
    ensures \result == 0 || \result == -1;
    ensures \result == -1 ==> (\forall integer k; 0 <= k < 16 ==> tag[k] == 0);
    ensures \old(ctx->phase) == QED_POLY1305_ACTIVE && \old(ctx->buflen) < 16 ==>
              \result == 0; */
int qed_poly1305_final(qed_poly1305_ctx *ctx, uint8_t tag[16]);

/*@ requires \valid(out + (0 .. 15)) && \valid_read(k + (0 .. 31));
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(out + (0 .. 15), in + (0 .. inlen - 1));
    assigns out[0 .. 15];
    ensures \result == 0; */
int qed_crypto_onetimeauth(uint8_t out[16], const uint8_t *in, size_t inlen,
                           const uint8_t k[32]);

/*@ requires \valid_read(h + (0 .. 15)) && \valid_read(k + (0 .. 31));
    requires \valid_read(in + (0 .. inlen - 1));
    assigns \nothing;
    ensures \result == 0 || \result == -1; */
int qed_crypto_onetimeauth_verify(const uint8_t h[16], const uint8_t *in,
                                  size_t inlen, const uint8_t k[32]);

/* libsodium's names for the streaming functions. */
typedef qed_poly1305_ctx qed_crypto_onetimeauth_state;
/*@ requires \valid(st) && \valid_read(k + (0 .. 31));
    requires \separated(st, k + (0 .. 31));
    assigns *st;
    ensures st->phase == QED_POLY1305_ACTIVE && st->buflen == 0;
    ensures \result == 0; */
int qed_crypto_onetimeauth_init(qed_crypto_onetimeauth_state *st,
                                const uint8_t k[32]);
/*@ requires \valid(st) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(st, in + (0 .. inlen - 1));
    assigns *st;
    ensures \result == 0 || \result == -1;
    ensures \result == -1 ==> *st == \old(*st);
    ensures \old(st->phase) == QED_POLY1305_ACTIVE && \old(st->buflen) < 16 ==>
              \result == 0 && st->phase == QED_POLY1305_ACTIVE && st->buflen < 16; */
int qed_crypto_onetimeauth_update(qed_crypto_onetimeauth_state *st,
                                  const uint8_t *in, size_t inlen);
/*@ requires \valid(st) && \valid(out + (0 .. 15));
    requires \separated(st, out + (0 .. 15));
    assigns *st, out[0 .. 15];
    ensures \result == 0 || \result == -1;
    ensures \result == -1 ==> (\forall integer k; 0 <= k < 16 ==> out[k] == 0);
    ensures \old(st->phase) == QED_POLY1305_ACTIVE && \old(st->buflen) < 16 ==>
              \result == 0; */
int qed_crypto_onetimeauth_final(qed_crypto_onetimeauth_state *st,
                                 uint8_t out[16]);
/* ---- end of Poly1305 ---- */

/* ---- Salsa20, XSalsa20 (crypto_core, crypto_stream) -----------------------
 * Salsa20 (D. J. Bernstein, "Salsa20 specification") and XSalsa20
 * ("Extending the Salsa20 nonce"), as NaCl and libsodium name them:
 *
 *   qed_crypto_core_salsa20(out, in, k, c)     out[64] = Salsa20_k(in), the
 *                                              core with constant c[16]
 *   qed_crypto_core_salsa2012 / _salsa208      the same with 12 / 8 rounds
 *   qed_crypto_core_hsalsa20(out, in, k, c)    out[32] = HSalsa20_k(in)
 *       (c == NULL: the standard constant "expand 32-byte k")
 *   qed_crypto_stream_salsa20(c, clen, n, k)   c = clen keystream bytes,
 *                                              8-byte nonce n
 *   qed_crypto_stream_salsa20_xor(c, m, mlen, n, k)       c = m ^ keystream
 *   qed_crypto_stream_salsa20_xor_ic(c, m, mlen, n, ic, k)  starting at
 *                                              64-byte block number ic (a
 *                                              64-bit counter, as libsodium)
 *   qed_crypto_stream_salsa2012(_xor), qed_crypto_stream_salsa208(_xor)
 *   qed_crypto_stream_xsalsa20(c, clen, n, k)  24-byte nonce n
 *   qed_crypto_stream_xsalsa20_xor(c, m, mlen, n, k), _xor_ic(..., ic, k)
 *   qed_crypto_stream(c, clen, n, k), qed_crypto_stream_xor(c, m, mlen, n, k)
 *                                              = XSalsa20, as in NaCl
 *
 * All return 0.  The XOR functions work in place (c == m); otherwise c and
 * m must not overlap.  Key, nonce and the core's inputs are read before
 * anything is written, so they may overlap the output.  A stream key must
 * never be used twice with one nonce.  The key and the data are secret:
 * no branch and no memory index depends on them; every copy of the key,
 * state and keystream is wiped. */

#define QED_CRYPTO_CORE_SALSA20_OUTPUTBYTES  64
#define QED_CRYPTO_CORE_SALSA20_INPUTBYTES   16
#define QED_CRYPTO_CORE_SALSA20_KEYBYTES     32
#define QED_CRYPTO_CORE_SALSA20_CONSTBYTES   16
#define QED_CRYPTO_CORE_HSALSA20_OUTPUTBYTES 32
#define QED_CRYPTO_CORE_HSALSA20_INPUTBYTES  16
#define QED_CRYPTO_CORE_HSALSA20_KEYBYTES    32
#define QED_CRYPTO_CORE_HSALSA20_CONSTBYTES  16
#define QED_CRYPTO_STREAM_SALSA20_KEYBYTES   32
#define QED_CRYPTO_STREAM_SALSA20_NONCEBYTES 8
#define QED_CRYPTO_STREAM_XSALSA20_KEYBYTES  32
#define QED_CRYPTO_STREAM_XSALSA20_NONCEBYTES 24
#define QED_CRYPTO_STREAM_KEYBYTES           32
#define QED_CRYPTO_STREAM_NONCEBYTES         24

/*@ requires \valid(out + (0 .. 63));
    requires \valid_read(in + (0 .. 15)) && \valid_read(k + (0 .. 31));
    requires c == \null || \valid_read(c + (0 .. 15));
    assigns out[0 .. 63];
    ensures \result == 0; */
int qed_crypto_core_salsa20(uint8_t out[64], const uint8_t in[16],
                            const uint8_t k[32], const uint8_t *c);
/*@ requires \valid(out + (0 .. 63));
    requires \valid_read(in + (0 .. 15)) && \valid_read(k + (0 .. 31));
    requires c == \null || \valid_read(c + (0 .. 15));
    assigns out[0 .. 63];
    ensures \result == 0; */
int qed_crypto_core_salsa2012(uint8_t out[64], const uint8_t in[16],
                              const uint8_t k[32], const uint8_t *c);
/*@ requires \valid(out + (0 .. 63));
    requires \valid_read(in + (0 .. 15)) && \valid_read(k + (0 .. 31));
    requires c == \null || \valid_read(c + (0 .. 15));
    assigns out[0 .. 63];
    ensures \result == 0; */
int qed_crypto_core_salsa208(uint8_t out[64], const uint8_t in[16],
                             const uint8_t k[32], const uint8_t *c);
/*@ requires \valid(out + (0 .. 31));
    requires \valid_read(in + (0 .. 15)) && \valid_read(k + (0 .. 31));
    requires c == \null || \valid_read(c + (0 .. 15));
    assigns out[0 .. 31];
    ensures \result == 0; */
int qed_crypto_core_hsalsa20(uint8_t out[32], const uint8_t in[16],
                             const uint8_t k[32], const uint8_t *c);

/*@ requires \valid(c + (0 .. clen - 1));
    requires \valid_read(n + (0 .. 7)) && \valid_read(k + (0 .. 31));
    assigns c[0 .. clen - 1];
    ensures \result == 0; */
int qed_crypto_stream_salsa20(uint8_t *c, size_t clen, const uint8_t n[8],
                              const uint8_t k[32]);
/*@ requires \valid(c + (0 .. mlen - 1)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 7)) && \valid_read(k + (0 .. 31));
    assigns c[0 .. mlen - 1];
    ensures \result == 0; */
int qed_crypto_stream_salsa20_xor(uint8_t *c, const uint8_t *m, size_t mlen,
                                  const uint8_t n[8], const uint8_t k[32]);
/*@ requires \valid(c + (0 .. mlen - 1)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 7)) && \valid_read(k + (0 .. 31));
    assigns c[0 .. mlen - 1];
    ensures \result == 0; */
int qed_crypto_stream_salsa20_xor_ic(uint8_t *c, const uint8_t *m,
                                     size_t mlen, const uint8_t n[8],
                                     uint64_t ic, const uint8_t k[32]);
/*@ requires \valid(c + (0 .. clen - 1));
    requires \valid_read(n + (0 .. 7)) && \valid_read(k + (0 .. 31));
    assigns c[0 .. clen - 1];
    ensures \result == 0; */
int qed_crypto_stream_salsa2012(uint8_t *c, size_t clen, const uint8_t n[8],
                                const uint8_t k[32]);
/*@ requires \valid(c + (0 .. mlen - 1)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 7)) && \valid_read(k + (0 .. 31));
    assigns c[0 .. mlen - 1];
    ensures \result == 0; */
int qed_crypto_stream_salsa2012_xor(uint8_t *c, const uint8_t *m,
                                    size_t mlen, const uint8_t n[8],
                                    const uint8_t k[32]);
/*@ requires \valid(c + (0 .. clen - 1));
    requires \valid_read(n + (0 .. 7)) && \valid_read(k + (0 .. 31));
    assigns c[0 .. clen - 1];
    ensures \result == 0; */
int qed_crypto_stream_salsa208(uint8_t *c, size_t clen, const uint8_t n[8],
                               const uint8_t k[32]);
/*@ requires \valid(c + (0 .. mlen - 1)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 7)) && \valid_read(k + (0 .. 31));
    assigns c[0 .. mlen - 1];
    ensures \result == 0; */
int qed_crypto_stream_salsa208_xor(uint8_t *c, const uint8_t *m, size_t mlen,
                                   const uint8_t n[8], const uint8_t k[32]);

/*@ requires \valid(c + (0 .. clen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    assigns c[0 .. clen - 1];
    ensures \result == 0; */
int qed_crypto_stream_xsalsa20(uint8_t *c, size_t clen, const uint8_t n[24],
                               const uint8_t k[32]);
/*@ requires \valid(c + (0 .. mlen - 1)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    assigns c[0 .. mlen - 1];
    ensures \result == 0; */
int qed_crypto_stream_xsalsa20_xor(uint8_t *c, const uint8_t *m, size_t mlen,
                                   const uint8_t n[24], const uint8_t k[32]);
/*@ requires \valid(c + (0 .. mlen - 1)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    assigns c[0 .. mlen - 1];
    ensures \result == 0; */
int qed_crypto_stream_xsalsa20_xor_ic(uint8_t *c, const uint8_t *m,
                                      size_t mlen, const uint8_t n[24],
                                      uint64_t ic, const uint8_t k[32]);
/*@ requires \valid(c + (0 .. clen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    assigns c[0 .. clen - 1];
    ensures \result == 0; */
int qed_crypto_stream(uint8_t *c, size_t clen, const uint8_t n[24],
                      const uint8_t k[32]);
/*@ requires \valid(c + (0 .. mlen - 1)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    assigns c[0 .. mlen - 1];
    ensures \result == 0; */
int qed_crypto_stream_xor(uint8_t *c, const uint8_t *m, size_t mlen,
                          const uint8_t n[24], const uint8_t k[32]);
/* ---- end of Salsa20, XSalsa20 ---- */

/* ---- secretbox, box (crypto_secretbox, crypto_box) ------------------------
 * crypto_secretbox (XSalsa20 + Poly1305) and crypto_box (X25519 +
 * HSalsa20 + crypto_secretbox), NaCl's forms and libsodium's "easy" ones.
 *
 * NaCl's padded form: the message m starts with QED_CRYPTO_SECRETBOX_
 * ZEROBYTES (32) zero bytes; the box c has the same length and starts with
 * QED_CRYPTO_SECRETBOX_BOXZEROBYTES (16) zero bytes, then the 16-byte tag,
 * then the ciphertext.  qed_crypto_secretbox(c, m, mlen, n, k) returns -1
 * (c zeroed) if mlen < 32; qed_crypto_secretbox_open(m, c, clen, n, k)
 * returns -1 (m zeroed) if clen < 32 or the tag is wrong, else 0 and m =
 * 32 zero bytes || plaintext.
 * Easy form: c = tag (16 bytes) || ciphertext, clen = mlen + 16;
 * qed_crypto_secretbox_open_easy returns -1 if clen < 16 or the tag is
 * wrong, with the clen - 16 bytes of m zeroed.
 *
 * Opening checks the tag in constant time first; a wrong tag leaves the
 * whole output zeroed (no branch on the verdict: the decryption's output
 * is masked).  All functions work in place (c == m; for the easy forms the
 * buffer holds mlen + 16 bytes); otherwise the buffers must not overlap.
 * A (key, nonce) pair must never seal two messages.
 *
 * box: qed_crypto_box_beforenm(k, pk, sk): k = HSalsa20(0, X25519(sk, pk));
 * -1 (k zeroed) when that shared point is all zero (pk of small order), as
 * libsodium.  qed_crypto_box(c, m, mlen, n, pk, sk) = beforenm then
 * secretbox; box_open, box_easy, box_open_easy likewise; the _afternm
 * forms take the key from beforenm.  Any -1 leaves the output zeroed.
 * qed_crypto_box_keypair draws sk from the OS (qed_randombytes) and
 * computes pk = X25519(sk, 9); qed_crypto_box_seed_keypair takes sk = the
 * first 32 bytes of SHA-512(seed), as libsodium.  Shared points, shared
 * keys and keystream are wiped before return. */

#define QED_CRYPTO_SECRETBOX_KEYBYTES     32
#define QED_CRYPTO_SECRETBOX_NONCEBYTES   24
#define QED_CRYPTO_SECRETBOX_ZEROBYTES    32
#define QED_CRYPTO_SECRETBOX_BOXZEROBYTES 16
#define QED_CRYPTO_SECRETBOX_MACBYTES     16
#define QED_CRYPTO_BOX_PUBLICKEYBYTES     32
#define QED_CRYPTO_BOX_SECRETKEYBYTES     32
#define QED_CRYPTO_BOX_BEFORENMBYTES      32
#define QED_CRYPTO_BOX_SEEDBYTES          32
#define QED_CRYPTO_BOX_NONCEBYTES         24
#define QED_CRYPTO_BOX_ZEROBYTES          32
#define QED_CRYPTO_BOX_BOXZEROBYTES       16
#define QED_CRYPTO_BOX_MACBYTES           16

/*@ requires \valid(c + (0 .. mlen - 1)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    requires \separated(c + (0 .. mlen - 1), n + (0 .. 23));
    assigns c[0 .. mlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_crypto_secretbox(uint8_t *c, const uint8_t *m, size_t mlen,
                         const uint8_t n[24], const uint8_t k[32]);
/*@ requires \valid(m + (0 .. clen - 1)) && \valid_read(c + (0 .. clen - 1));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    requires \separated(m + (0 .. clen - 1), n + (0 .. 23));
    assigns m[0 .. clen - 1];
    ensures \result == 0 || \result == -1; */
int qed_crypto_secretbox_open(uint8_t *m, const uint8_t *c, size_t clen,
                              const uint8_t n[24], const uint8_t k[32]);
/*@ requires \valid(c + (0 .. mlen + 15)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen + 15), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    requires \separated(c + (0 .. mlen + 15), n + (0 .. 23));
    assigns c[0 .. mlen + 15];
    ensures \result == 0; */
int qed_crypto_secretbox_easy(uint8_t *c, const uint8_t *m, size_t mlen,
                              const uint8_t n[24], const uint8_t k[32]);
/*@ requires \valid_read(c + (0 .. clen - 1)) && \valid(m + (0 .. clen - 17));
    requires m == c ==> \valid(m + (0 .. clen - 1));
    requires m == c || \separated(m + (0 .. clen - 17), c + (0 .. clen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    requires \separated(m + (0 .. clen - 17), n + (0 .. 23));
    requires \separated(c + (0 .. clen - 1), n + (0 .. 23));
    assigns m[0 .. (m == c ? clen - 1 : clen - 17)];
    ensures \result == 0 || \result == -1; */
int qed_crypto_secretbox_open_easy(uint8_t *m, const uint8_t *c, size_t clen,
                                   const uint8_t n[24], const uint8_t k[32]);

/*@ requires \valid(k + (0 .. 31));
    requires \valid_read(pk + (0 .. 31)) && \valid_read(sk + (0 .. 31));
    assigns k[0 .. 31];
    ensures \result == 0 || \result == -1; */
int qed_crypto_box_beforenm(uint8_t k[32], const uint8_t pk[32],
                            const uint8_t sk[32]);
/*@ requires \valid(c + (0 .. mlen - 1)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    requires \separated(c + (0 .. mlen - 1), n + (0 .. 23));
    assigns c[0 .. mlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_crypto_box_afternm(uint8_t *c, const uint8_t *m, size_t mlen,
                           const uint8_t n[24], const uint8_t k[32]);
/*@ requires \valid(m + (0 .. clen - 1)) && \valid_read(c + (0 .. clen - 1));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    requires \separated(m + (0 .. clen - 1), n + (0 .. 23));
    assigns m[0 .. clen - 1];
    ensures \result == 0 || \result == -1; */
int qed_crypto_box_open_afternm(uint8_t *m, const uint8_t *c, size_t clen,
                                const uint8_t n[24], const uint8_t k[32]);
/*@ requires \valid(c + (0 .. mlen - 1)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 23));
    requires \valid_read(pk + (0 .. 31)) && \valid_read(sk + (0 .. 31));
    requires \separated(c + (0 .. mlen - 1), n + (0 .. 23));
    assigns c[0 .. mlen - 1];
    ensures \result == 0 || \result == -1; */
int qed_crypto_box(uint8_t *c, const uint8_t *m, size_t mlen,
                   const uint8_t n[24], const uint8_t pk[32],
                   const uint8_t sk[32]);
/*@ requires \valid(m + (0 .. clen - 1)) && \valid_read(c + (0 .. clen - 1));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \valid_read(n + (0 .. 23));
    requires \valid_read(pk + (0 .. 31)) && \valid_read(sk + (0 .. 31));
    requires \separated(m + (0 .. clen - 1), n + (0 .. 23));
    assigns m[0 .. clen - 1];
    ensures \result == 0 || \result == -1; */
int qed_crypto_box_open(uint8_t *m, const uint8_t *c, size_t clen,
                        const uint8_t n[24], const uint8_t pk[32],
                        const uint8_t sk[32]);
/*@ requires \valid(c + (0 .. mlen + 15)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen + 15), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    requires \separated(c + (0 .. mlen + 15), n + (0 .. 23));
    assigns c[0 .. mlen + 15];
    ensures \result == 0; */
int qed_crypto_box_easy_afternm(uint8_t *c, const uint8_t *m, size_t mlen,
                                const uint8_t n[24], const uint8_t k[32]);
/*@ requires \valid_read(c + (0 .. clen - 1)) && \valid(m + (0 .. clen - 17));
    requires m == c ==> \valid(m + (0 .. clen - 1));
    requires m == c || \separated(m + (0 .. clen - 17), c + (0 .. clen - 1));
    requires \valid_read(n + (0 .. 23)) && \valid_read(k + (0 .. 31));
    requires \separated(m + (0 .. clen - 17), n + (0 .. 23));
    requires \separated(c + (0 .. clen - 1), n + (0 .. 23));
    assigns m[0 .. (m == c ? clen - 1 : clen - 17)];
    ensures \result == 0 || \result == -1; */
int qed_crypto_box_open_easy_afternm(uint8_t *m, const uint8_t *c,
                                     size_t clen, const uint8_t n[24],
                                     const uint8_t k[32]);
/*@ requires \valid(c + (0 .. mlen + 15)) && \valid_read(m + (0 .. mlen - 1));
    requires c == m || \separated(c + (0 .. mlen + 15), m + (0 .. mlen - 1));
    requires \valid_read(n + (0 .. 23));
    requires \valid_read(pk + (0 .. 31)) && \valid_read(sk + (0 .. 31));
    requires \separated(c + (0 .. mlen + 15), n + (0 .. 23));
    assigns c[0 .. mlen + 15];
    ensures \result == 0 || \result == -1; */
int qed_crypto_box_easy(uint8_t *c, const uint8_t *m, size_t mlen,
                        const uint8_t n[24], const uint8_t pk[32],
                        const uint8_t sk[32]);
/*@ requires \valid_read(c + (0 .. clen - 1)) && \valid(m + (0 .. clen - 17));
    requires m == c ==> \valid(m + (0 .. clen - 1));
    requires m == c || \separated(m + (0 .. clen - 17), c + (0 .. clen - 1));
    requires \valid_read(n + (0 .. 23));
    requires \valid_read(pk + (0 .. 31)) && \valid_read(sk + (0 .. 31));
    requires \separated(m + (0 .. clen - 17), n + (0 .. 23));
    requires \separated(c + (0 .. clen - 1), n + (0 .. 23));
    assigns m[0 .. (m == c ? clen - 1 : clen - 17)];
    ensures \result == 0 || \result == -1; */
int qed_crypto_box_open_easy(uint8_t *m, const uint8_t *c, size_t clen,
                             const uint8_t n[24], const uint8_t pk[32],
                             const uint8_t sk[32]);
/*@ requires \valid(pk + (0 .. 31)) && \valid(sk + (0 .. 31));
    requires \separated(pk + (0 .. 31), sk + (0 .. 31));
    assigns pk[0 .. 31], sk[0 .. 31];
    ensures \result == 0 || \result == -1; */
int qed_crypto_box_keypair(uint8_t pk[32], uint8_t sk[32]);
/*@ requires \valid(pk + (0 .. 31)) && \valid(sk + (0 .. 31));
    requires \separated(pk + (0 .. 31), sk + (0 .. 31));
    requires \valid_read(seed + (0 .. 31));
    assigns pk[0 .. 31], sk[0 .. 31];
    ensures \result == 0 || \result == -1; */
int qed_crypto_box_seed_keypair(uint8_t pk[32], uint8_t sk[32],
                                const uint8_t seed[32]);
/* ---- end of secretbox, box ---- */

/* ---- Ed25519 (crypto_sign) ----------------------------------------------
 * Ed25519 (RFC 8032, pure Ed25519) with NaCl's and libsodium's interface:
 * the secret key is seed || public key (64 bytes), a signed message is
 * signature (64 bytes) || message.
 *
 *   qed_crypto_sign_seed_keypair(pk, sk, seed)   the key pair of a 32-byte
 *                                                seed; 0
 *   qed_crypto_sign_keypair(pk, sk)              from qed_randombytes; 0, or
 *                                                -1 (pk, sk zeroed) if the
 *                                                OS gives no randomness
 *   qed_crypto_sign(sm, smlen, m, mlen, sk)      sm = sig || m, *smlen =
 *                                                mlen + 64 (smlen may be
 *                                                NULL); m may be sm itself
 *   qed_crypto_sign_detached(sig, m, mlen, sk)   sig = the 64-byte signature
 *   qed_crypto_sign_verify_detached(sig, m, mlen, pk)   0 or -1
 *   qed_crypto_sign_open(m, mlen, sm, smlen, pk) 0 and m = the message,
 *                                                *mlen = smlen - 64; m may
 *                                                be sm itself
 * Signing is deterministic and returns 0 (-1, output zeroed, only if the
 * message is too long for SHA-512: over 2^64 - 97 bytes).
 *
 * Verification accepts exactly what libsodium 1.0.18 accepts (built
 * without ED25519_COMPAT), in this order:
 *   1. S (sig[32 .. 63]) must be below L = 2^252 + 27742317777372353535851937790883648493
 *      (no malleability);
 *   2. R (sig[0 .. 31]) must not be one of the encodings of points of small
 *      order of libsodium's list (y = 0, 1, p - 1, the two y of order 8,
 *      and the non-canonical y = p, p + 1; the sign bit ignored);
 *   3. the public key's y must be canonical (below p; sign bit ignored)
 *      and not on that list, and must be the y of a point;
 *   4. with k = SHA-512(R || A || M) mod L, the encoding of [S]B - [k]A
 *      (cofactorless) must equal R byte for byte; so a non-canonical R
 *      (y >= p, or x = 0 with the sign bit set) never verifies.
 * On failure the functions return -1; qed_crypto_sign_open then sets
 * *mlen = 0 (if mlen is not NULL) and zeroes m[0 .. smlen - 65] (when
 * smlen >= 64).
 *
 * The seed, the secret key, the secret scalar and the nonce are secret:
 * key generation and signing have no branch and no memory index that
 * depends on them (the fixed-base multiplication scans every table entry),
 * and wipe their copies.  Verification works on public data and runs in
 * variable time. */

#define QED_CRYPTO_SIGN_BYTES          64
#define QED_CRYPTO_SIGN_SEEDBYTES      32
#define QED_CRYPTO_SIGN_PUBLICKEYBYTES 32
#define QED_CRYPTO_SIGN_SECRETKEYBYTES 64

/*@ requires \valid(pk + (0 .. 31)) && \valid(sk + (0 .. 63));
    requires \valid_read(seed + (0 .. 31));
    requires \separated(pk + (0 .. 31), sk + (0 .. 63), seed + (0 .. 31));
    assigns pk[0 .. 31], sk[0 .. 63];
    ensures \result == 0; */
int qed_crypto_sign_seed_keypair(uint8_t pk[32], uint8_t sk[64],
                                 const uint8_t seed[32]);

/*@ requires \valid(pk + (0 .. 31)) && \valid(sk + (0 .. 63));
    requires \separated(pk + (0 .. 31), sk + (0 .. 63));
    assigns pk[0 .. 31], sk[0 .. 63];
    ensures \result == 0 || \result == -1; */
int qed_crypto_sign_keypair(uint8_t pk[32], uint8_t sk[64]);

/*@ requires \valid(sig + (0 .. 63)) && \valid_read(m + (0 .. mlen - 1));
    requires \valid_read(sk + (0 .. 63));
    requires \separated(sig + (0 .. 63), m + (0 .. mlen - 1), sk + (0 .. 63));
    assigns sig[0 .. 63];
    ensures \result == 0 || \result == -1; */
int qed_crypto_sign_detached(uint8_t sig[64], const uint8_t *m, size_t mlen,
                             const uint8_t sk[64]);

/*@ requires mlen <= 18446744073709551615 - 64;
    requires \valid(sm + (0 .. mlen + 63)) && \valid_read(m + (0 .. mlen - 1));
    requires \valid_read(sk + (0 .. 63));
    requires smlen == \null || \valid(smlen);
    requires m == sm || \separated(sm + (0 .. mlen + 63), m + (0 .. mlen - 1));
    requires \separated(sm + (0 .. mlen + 63), sk + (0 .. 63));
    requires smlen == \null || \separated(smlen, sm + (0 .. mlen + 63), m + (0 .. mlen - 1), sk + (0 .. 63));
    assigns sm[0 .. mlen + 63], *smlen;
    ensures \result == 0 || \result == -1; */
int qed_crypto_sign(uint8_t *sm, size_t *smlen, const uint8_t *m, size_t mlen,
                    const uint8_t sk[64]);

/*@ requires \valid_read(sig + (0 .. 63)) && \valid_read(m + (0 .. mlen - 1));
    requires \valid_read(pk + (0 .. 31));
    assigns \nothing;
    ensures \result == 0 || \result == -1; */
int qed_crypto_sign_verify_detached(const uint8_t sig[64], const uint8_t *m,
                                    size_t mlen, const uint8_t pk[32]);

/*@ requires \valid_read(sm + (0 .. smlen - 1)) && \valid_read(pk + (0 .. 31));
    requires smlen >= 64 ==> \valid(m + (0 .. smlen - 65));
    requires smlen >= 64 ==> (m == sm || \separated(m + (0 .. smlen - 65), sm + (0 .. smlen - 1)));
    requires smlen >= 64 ==> \separated(m + (0 .. smlen - 65), pk + (0 .. 31));
    requires mlen == \null || \valid(mlen);
    requires mlen == \null || \separated(mlen, sm + (0 .. smlen - 1), pk + (0 .. 31));
    requires mlen == \null || smlen < 64 || \separated(mlen, m + (0 .. smlen - 65));
    assigns m[0 .. smlen - 65], *mlen;
    ensures \result == 0 || \result == -1; */
int qed_crypto_sign_open(uint8_t *m, size_t *mlen, const uint8_t *sm,
                         size_t smlen, const uint8_t pk[32]);
/* ---- end of Ed25519 ---- */

#ifdef __cplusplus
}
#endif

#endif
