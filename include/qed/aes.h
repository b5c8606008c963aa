/* qed — AES (FIPS 197) and its modes: ECB, CBC, CBC with PKCS#7 padding,
 * CTR (SP 800-38A) one-shot and streaming, GCM (SP 800-38D) one-shot and
 * streaming.
 *
 * One key context serves every mode: qed_aes_init expands a 16-, 24- or
 * 32-byte key once, and the mode functions take the context as const.  The
 * portable core is bitsliced and constant time (no table, no secret index,
 * no secret branch), four blocks at a time; hardware backends (AES-NI,
 * VAES) are chosen at run time where the CPU has them and give the same
 * bytes.
 *
 * Buffers: encryption and decryption work in place (out == in) in every
 * mode; any other overlap of an output with an input is undefined (the
 * contracts say so).  Functions that can fail return 0, or -1 with their
 * outputs zeroed, except where a function says otherwise
 * (qed_aes_cbc_pkcs7_decrypt writes nothing on bad padding).
 *
 * The comments starting with @ are the ACSL contracts the implementation
 * is proved against (Frama-C/WP): which bytes each pointer must be valid
 * for, what may overlap, what is written.                               */
#ifndef QED_AES_H
#define QED_AES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QED_AES_BLOCKBYTES     16
#define QED_AES128_KEYBYTES    16
#define QED_AES192_KEYBYTES    24
#define QED_AES256_KEYBYTES    32
#define QED_AES_GCM_TAGBYTES   16
#define QED_AES_GCM_IVBYTES    12   /* the recommended IV length */
/* SP 800-38D: at most 2^39 - 256 bits of plaintext per (key, IV). */
#define QED_AES_GCM_MAX_MESSAGE 68719476704ULL
/* AD and IV: at most 2^64 - 1 bits; qed's bound is 2^61 - 1 bytes. */
#define QED_AES_GCM_MAX_AD     2305843009213693951ULL

/* The expanded key.  Everything a backend needs is here, computed once by
 * qed_aes_init (proven, constant time):
 *   rk_enc  the FIPS 197 key schedule w[0 .. 4(Nr+1)-1] as bytes: round
 *           key r is rk_enc[16r .. 16r+15] (what AESENC/AESENCLAST take);
 *   rk_dec  the keys of the equivalent inverse cipher (FIPS 197 5.3.5) in
 *           the order of use: rk_dec[0] = round key Nr, rk_dec[16r] =
 *           InvMixColumns(round key Nr-r) for 0 < r < Nr, rk_dec[16Nr] =
 *           round key 0 (what AESDEC/AESDECLAST take);
 *   sk      the round keys of the portable bitsliced core: eight 64-bit
 *           bit planes per round, round r at sk[8r .. 8r+7];
 *   rounds  Nr: 10, 12 or 14 (0 after a refused init).
 * Unused tails are zero.  Use the functions, never the fields.          */
typedef struct {
  uint8_t  rk_enc[240];
  uint8_t  rk_dec[240];
  uint64_t sk[120];
  uint32_t rounds;
} qed_aes_ctx;

/*@ predicate qed_aes_ready{L}(qed_aes_ctx *c) =
      c->rounds == 10 || c->rounds == 12 || c->rounds == 14; */

/* Expand a 16-, 24- or 32-byte key.  -1 (and a zeroed context) for any
 * other length. */
/*@ requires \valid(ctx);
    requires \valid_read(key + (0 .. keylen - 1));
    requires \separated(ctx, key + (0 .. keylen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> qed_aes_ready(ctx);
    ensures \result == 0 <==> (keylen == 16 || keylen == 24 || keylen == 32); */
int qed_aes_init(qed_aes_ctx *ctx, const uint8_t *key, size_t keylen);

/* Zero the context (the key material). */
/*@ requires \valid(ctx);
    assigns *ctx; */
void qed_aes_wipe(qed_aes_ctx *ctx);

/* ---- ECB: nblocks whole blocks ---- */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx);
    assigns out[0 .. 16 * nblocks - 1]; */
void qed_aes_ecb_encrypt(const qed_aes_ctx *ctx, uint8_t *out,
                         const uint8_t *in, size_t nblocks);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. 16 * nblocks - 1));
    requires \valid_read(in + (0 .. 16 * nblocks - 1));
    requires out == in || \separated(out + (0 .. 16 * nblocks - 1), in + (0 .. 16 * nblocks - 1));
    requires \separated(out + (0 .. 16 * nblocks - 1), ctx);
    assigns out[0 .. 16 * nblocks - 1]; */
void qed_aes_ecb_decrypt(const qed_aes_ctx *ctx, uint8_t *out,
                         const uint8_t *in, size_t nblocks);

/* ---- CBC: len a multiple of 16 (else -1, out zeroed, iv unchanged); iv
 * becomes the last ciphertext block, so consecutive calls chain. ---- */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(iv + (0 .. 15));
    requires \valid(out + (0 .. len - 1));
    requires \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \separated(out + (0 .. len - 1), ctx, iv + (0 .. 15));
    requires \separated(iv + (0 .. 15), ctx, in + (0 .. len - 1));
    assigns out[0 .. len - 1], iv[0 .. 15];
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> len % 16 == 0; */
int qed_aes_cbc_encrypt(const qed_aes_ctx *ctx, uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, size_t len);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(iv + (0 .. 15));
    requires \valid(out + (0 .. len - 1));
    requires \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \separated(out + (0 .. len - 1), ctx, iv + (0 .. 15));
    requires \separated(iv + (0 .. 15), ctx, in + (0 .. len - 1));
    assigns out[0 .. len - 1], iv[0 .. 15];
    ensures \result == 0 || \result == -1;
    ensures \result == 0 <==> len % 16 == 0; */
int qed_aes_cbc_decrypt(const qed_aes_ctx *ctx, uint8_t iv[16], uint8_t *out,
                        const uint8_t *in, size_t len);

/* ---- CBC with PKCS#7 padding (1..16 bytes of value n, always added) ----
 * Encrypt: out gets *outlen = inlen + 16 - inlen % 16 bytes (room for that
 * many is required; out == in needs that room in the shared buffer); -1
 * (out untouched, *outlen = 0) only if that length overflows.
 * Decrypt: inlen must be a non-zero multiple of 16; the padding is checked
 * in constant time (every byte of the last block takes part, whatever its
 * value); on success the inlen - n plaintext bytes go to out[0 ..) and
 * *outlen = inlen - n; on a bad length or bad padding -1, *outlen = 0, and
 * no byte of out changes.  out needs room for inlen bytes; the bytes past
 * *outlen are left as they were.  The iv is not updated.               */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid_read(iv + (0 .. 15)) && \valid(outlen);
    requires inlen <= 0xffffffffffffffef ==>
             \valid(out + (0 .. inlen + 15 - inlen % 16));
    requires \valid_read(in + (0 .. inlen - 1));
    requires out == in ||
             \separated(out + (0 .. inlen + 15 - inlen % 16), in + (0 .. inlen - 1));
    requires \separated(out + (0 .. inlen + 15 - inlen % 16), ctx,
                        iv + (0 .. 15), outlen);
    requires \separated(outlen, ctx, iv + (0 .. 15), in + (0 .. inlen - 1));
    assigns out[0 .. inlen + 15 - inlen % 16], *outlen;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==> *outlen == inlen + 16 - inlen % 16;
    ensures \result == -1 ==> *outlen == 0; */
int qed_aes_cbc_pkcs7_encrypt(const qed_aes_ctx *ctx, const uint8_t iv[16],
                              uint8_t *out, size_t *outlen, const uint8_t *in,
                              size_t inlen);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid_read(iv + (0 .. 15)) && \valid(outlen);
    requires \valid(out + (0 .. inlen - 1));
    requires \valid_read(in + (0 .. inlen - 1));
    requires out == in || \separated(out + (0 .. inlen - 1), in + (0 .. inlen - 1));
    requires \separated(out + (0 .. inlen - 1), ctx, iv + (0 .. 15), outlen);
    requires \separated(outlen, ctx, iv + (0 .. 15), in + (0 .. inlen - 1));
    assigns out[0 .. inlen - 1], *outlen;
    ensures \result == 0 || \result == -1;
    ensures \result == -1 ==> *outlen == 0; */
int qed_aes_cbc_pkcs7_decrypt(const qed_aes_ctx *ctx, const uint8_t iv[16],
                              uint8_t *out, size_t *outlen, const uint8_t *in,
                              size_t inlen);

/* ---- CTR (SP 800-38A): the whole 16-byte block is a big-endian counter,
 * wrapping modulo 2^128.  out = in XOR keystream; ctr advances by one per
 * block started, so calls chain when every call but the last has a length
 * that is a multiple of 16.  Encryption and decryption are the same. ---- */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(ctr + (0 .. 15));
    requires \valid(out + (0 .. len - 1));
    requires \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \separated(out + (0 .. len - 1), ctx, ctr + (0 .. 15));
    requires \separated(ctr + (0 .. 15), ctx, in + (0 .. len - 1));
    assigns out[0 .. len - 1], ctr[0 .. 15]; */
void qed_aes_ctr_xor(const qed_aes_ctx *ctx, uint8_t ctr[16], uint8_t *out,
                     const uint8_t *in, size_t len);

/* Streaming CTR: any split of the input, partial blocks included, gives
 * the one-shot output.  The key context is passed to each update (the
 * state holds no pointer). */
typedef struct {
  uint8_t  ctr[16];   /* the next counter block                        */
  uint8_t  ks[16];    /* keystream of the block in progress            */
  uint32_t pos;       /* bytes of ks used: 16 = none left              */
} qed_aes_ctr_state;

/*@ requires \valid(st) && \valid_read(ctr + (0 .. 15));
    requires \separated(st, ctr + (0 .. 15));
    assigns *st;
    ensures st->pos == 16; */
void qed_aes_ctr_init(qed_aes_ctr_state *st, const uint8_t ctr[16]);
/*@ requires \valid(st) && st->pos <= 16;
    requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. len - 1));
    requires \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \separated(out + (0 .. len - 1), ctx, st);
    requires \separated(st, ctx, in + (0 .. len - 1));
    assigns out[0 .. len - 1], *st;
    ensures st->pos <= 16; */
void qed_aes_ctr_update(qed_aes_ctr_state *st, const qed_aes_ctx *ctx,
                        uint8_t *out, const uint8_t *in, size_t len);
/*@ requires \valid(st);
    assigns *st; */
void qed_aes_ctr_wipe(qed_aes_ctr_state *st);

/* ---- GCM (SP 800-38D): any IV length >= 1 byte (12 is the fast and
 * recommended one), 16-byte tags.  Encrypt: -1 with c and tag zeroed if
 * ivlen == 0, mlen > QED_AES_GCM_MAX_MESSAGE or adlen or ivlen >
 * QED_AES_GCM_MAX_AD.  Decrypt: the tag is compared in constant time; -1
 * with m zeroed on a bad tag (or a length refused as above). ---- */
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(c + (0 .. mlen - 1)) && \valid(tag + (0 .. 15));
    requires \valid_read(m + (0 .. mlen - 1));
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(iv + (0 .. ivlen - 1));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \separated(c + (0 .. mlen - 1), ctx, tag + (0 .. 15),
                        ad + (0 .. adlen - 1), iv + (0 .. ivlen - 1));
    requires \separated(tag + (0 .. 15), ctx, m + (0 .. mlen - 1),
                        ad + (0 .. adlen - 1), iv + (0 .. ivlen - 1));
    assigns c[0 .. mlen - 1], tag[0 .. 15];
    ensures \result == 0 || \result == -1; */
int qed_aes_gcm_encrypt(const qed_aes_ctx *ctx, uint8_t *c, uint8_t tag[16],
                        const uint8_t *m, size_t mlen, const uint8_t *ad,
                        size_t adlen, const uint8_t *iv, size_t ivlen);
/*@ requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(m + (0 .. clen - 1)) && \valid_read(tag + (0 .. 15));
    requires \valid_read(c + (0 .. clen - 1));
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(iv + (0 .. ivlen - 1));
    requires c == m || \separated(c + (0 .. clen - 1), m + (0 .. clen - 1));
    requires \separated(m + (0 .. clen - 1), ctx, tag + (0 .. 15),
                        ad + (0 .. adlen - 1), iv + (0 .. ivlen - 1));
    requires \separated(c + (0 .. clen - 1), ctx);
    assigns m[0 .. clen - 1];
    ensures \result == 0 || \result == -1; */
int qed_aes_gcm_decrypt(const qed_aes_ctx *ctx, uint8_t *m, const uint8_t *c,
                        size_t clen, const uint8_t tag[16], const uint8_t *ad,
                        size_t adlen, const uint8_t *iv, size_t ivlen);

/* GHASH key: H as two big-endian words for the portable code, and room
 * for what a hardware backend precomputes (powers of H, 256 bytes).  The
 * room is 64-bit words, not bytes, so that wiping a GCM state (twice per
 * message) takes 32 volatile stores instead of 256.  Internal.          */
typedef struct {
  uint64_t h[2];
  uint64_t hw[32];
} qed_ghash_key;

/* Streaming GCM: init (key context, IV), then AD in any number of pieces
 * (update_ad), then the message in any number of pieces (encrypt_update
 * or decrypt_update: one direction per stream), then encrypt_final (the
 * tag) or decrypt_final (the verdict: 0, or -1 for a bad tag).  Any split
 * gives the one-shot bytes.  Streaming decryption hands out plaintext
 * before the tag is checked: discard it all unless decrypt_final returns
 * 0.  Calls out of order, more than the length limits, or a state that
 * init refused return -1 (encrypt/decrypt_update then zero their output,
 * encrypt_final its tag) and leave the state unusable.  final wipes the
 * state. */
typedef struct {
  qed_ghash_key key;
  uint8_t  y[16];     /* GHASH accumulator                             */
  uint8_t  ek0[16];   /* E(K, J0): masks the tag                       */
  uint8_t  ctr[16];   /* next counter block                            */
  uint8_t  ks[16];    /* keystream of the block in progress            */
  uint8_t  buf[16];   /* bytes of a partial GHASH block                */
  uint64_t adlen;     /* AD bytes so far                               */
  uint64_t mlen;      /* message bytes so far                          */
  uint32_t bufpos;    /* bytes in buf (0 .. 15)                        */
  uint32_t kspos;     /* bytes of ks used (16 = none left)             */
  uint32_t phase;     /* 1: AD, 2: encrypting, 3: decrypting, 0: unusable */
} qed_aes_gcm_state;

/*@ predicate qed_gcm_sane{L}(qed_aes_gcm_state *s) =
      s->bufpos < 16 && s->kspos <= 16; */

/*@ requires \valid(st) && \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid_read(iv + (0 .. ivlen - 1));
    requires \separated(st, ctx, iv + (0 .. ivlen - 1));
    assigns *st;
    ensures qed_gcm_sane(st);
    ensures \result == 0 || \result == -1; */
int qed_aes_gcm_init(qed_aes_gcm_state *st, const qed_aes_ctx *ctx,
                     const uint8_t *iv, size_t ivlen);
/*@ requires \valid(st) && qed_gcm_sane(st);
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \separated(st, ad + (0 .. adlen - 1));
    assigns *st;
    ensures qed_gcm_sane(st);
    ensures \result == 0 || \result == -1; */
int qed_aes_gcm_update_ad(qed_aes_gcm_state *st, const uint8_t *ad,
                          size_t adlen);
/*@ requires \valid(st) && qed_gcm_sane(st);
    requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. len - 1));
    requires \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \separated(out + (0 .. len - 1), ctx, st);
    requires \separated(st, ctx, in + (0 .. len - 1));
    assigns out[0 .. len - 1], *st;
    ensures qed_gcm_sane(st);
    ensures \result == 0 || \result == -1; */
int qed_aes_gcm_encrypt_update(qed_aes_gcm_state *st, const qed_aes_ctx *ctx,
                               uint8_t *out, const uint8_t *in, size_t len);
/*@ requires \valid(st) && qed_gcm_sane(st);
    requires \valid_read(ctx) && qed_aes_ready(ctx);
    requires \valid(out + (0 .. len - 1));
    requires \valid_read(in + (0 .. len - 1));
    requires out == in || \separated(out + (0 .. len - 1), in + (0 .. len - 1));
    requires \separated(out + (0 .. len - 1), ctx, st);
    requires \separated(st, ctx, in + (0 .. len - 1));
    assigns out[0 .. len - 1], *st;
    ensures qed_gcm_sane(st);
    ensures \result == 0 || \result == -1; */
int qed_aes_gcm_decrypt_update(qed_aes_gcm_state *st, const qed_aes_ctx *ctx,
                               uint8_t *out, const uint8_t *in, size_t len);
/*@ requires \valid(st) && qed_gcm_sane(st) && \valid(tag + (0 .. 15));
    requires \separated(st, tag + (0 .. 15));
    assigns *st, tag[0 .. 15];
    ensures \result == 0 || \result == -1; */
int qed_aes_gcm_encrypt_final(qed_aes_gcm_state *st, uint8_t tag[16]);
/*@ requires \valid(st) && qed_gcm_sane(st) && \valid_read(tag + (0 .. 15));
    requires \separated(st, tag + (0 .. 15));
    assigns *st;
    ensures \result == 0 || \result == -1; */
int qed_aes_gcm_decrypt_final(qed_aes_gcm_state *st, const uint8_t tag[16]);

#ifdef __cplusplus
}
#endif
#endif
