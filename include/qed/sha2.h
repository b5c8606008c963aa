/* qed — the SHA-2 family (FIPS 180-4): SHA-224, SHA-256, SHA-384,
 * SHA-512 and SHA-512/256, and NaCl's crypto_hash (SHA-512) and
 * crypto_hashblocks.
 *
 * One-shot functions hash a whole message; the streaming forms take it in
 * pieces: init, update (any number of times, any lengths), then final.
 * SHA-224 and SHA-256 share qed_sha256_ctx (the init chooses), SHA-384,
 * SHA-512 and SHA-512/256 share qed_sha512_ctx.  Contexts are plain structs
 * owned by the caller; nothing is allocated.  final writes the digest
 * (as many bytes as the init chose), wipes the context and returns 0.
 * Calling update or final after final, or with a context that no init
 * prepared, returns -1 and changes nothing (final zeroes its output then,
 * when the digest length is still known).  update also refuses (-1,
 * nothing changed) a message longer than the standard allows: 2^61 - 1
 * bytes for SHA-224/256; qed caps SHA-384/512 at 2^64 - 1 bytes.
 *
 * The contracts are written here, in ACSL, so that proven callers (HMAC,
 * Ed25519, ...) are proved against them. */
#ifndef QED_SHA2_H
#define QED_SHA2_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define QED_SHA224_BYTES     28
#define QED_SHA256_BYTES     32
#define QED_SHA384_BYTES     48
#define QED_SHA512_BYTES     64
#define QED_SHA512_256_BYTES 32

#define QED_SHA256_BLOCKBYTES 64    /* SHA-224 and SHA-256 */
#define QED_SHA512_BLOCKBYTES 128   /* SHA-384, SHA-512, SHA-512/256 */

/* NaCl's names for the sizes. */
#define QED_CRYPTO_HASH_BYTES                   64
#define QED_CRYPTO_HASH_SHA512_BYTES            64
#define QED_CRYPTO_HASH_SHA256_BYTES            32
#define QED_CRYPTO_HASHBLOCKS_SHA512_STATEBYTES 64
#define QED_CRYPTO_HASHBLOCKS_SHA512_BLOCKBYTES 128
#define QED_CRYPTO_HASHBLOCKS_SHA256_STATEBYTES 32
#define QED_CRYPTO_HASHBLOCKS_SHA256_BLOCKBYTES 64

/* The phase of a context that init prepared and final has not closed. */
#define QED_SHA2_ABSORBING 0x5Au

/* The fields are described for the curious; use the functions, never the
 * fields. */
typedef struct {
  uint32_t state[8];  /* the chaining value H                             */
  uint64_t count;     /* message bytes taken so far                       */
  uint8_t  buf[64];   /* the bytes of the block not yet complete          */
  uint32_t fill;      /* how many of buf are message bytes, < 64          */
  uint8_t  outlen;    /* 28 or 32 from init on (final keeps it), else 0   */
  uint8_t  phase;     /* QED_SHA2_ABSORBING, or 0 once final has run      */
} qed_sha256_ctx;

typedef struct {
  uint64_t state[8];
  uint64_t count;
  uint8_t  buf[128];
  uint32_t fill;      /* < 128                                            */
  uint8_t  outlen;    /* 48, 64 or 32 (SHA-512/256) from init on, else 0  */
  uint8_t  phase;
} qed_sha512_ctx;

/* ---- one-shot ---- */

/*@ requires \valid(out + (0 .. 27)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 27]; */
void qed_sha224(uint8_t out[28], const uint8_t *in, size_t inlen);

/*@ requires \valid(out + (0 .. 31)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 31]; */
void qed_sha256(uint8_t out[32], const uint8_t *in, size_t inlen);

/*@ requires \valid(out + (0 .. 47)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 47]; */
void qed_sha384(uint8_t out[48], const uint8_t *in, size_t inlen);

/*@ requires \valid(out + (0 .. 63)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 63]; */
void qed_sha512(uint8_t out[64], const uint8_t *in, size_t inlen);

/*@ requires \valid(out + (0 .. 31)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 31]; */
void qed_sha512_256(uint8_t out[32], const uint8_t *in, size_t inlen);

/* ---- streaming: SHA-224, SHA-256 ---- */

/*@ requires \valid(ctx);
    assigns *ctx;
    ensures ctx->outlen == 28 && ctx->phase == QED_SHA2_ABSORBING; */
void qed_sha224_init(qed_sha256_ctx *ctx);

/*@ requires \valid(ctx);
    assigns *ctx;
    ensures ctx->outlen == 32 && ctx->phase == QED_SHA2_ABSORBING; */
void qed_sha256_init(qed_sha256_ctx *ctx);

/* 0, or -1 (nothing changed) if ctx is not absorbing or the message
 * would grow past 2^61 - 1 bytes. */
/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1;
    ensures ctx->outlen == \old(ctx->outlen);
    ensures \result == 0 ==> ctx->phase == QED_SHA2_ABSORBING; */
int qed_sha256_update(qed_sha256_ctx *ctx, const uint8_t *in, size_t inlen);

/* Writes the digest (28 or 32 bytes, as the init chose), wipes the
 * context and returns 0; -1 if ctx is not absorbing, with the digest
 * zeroed when its length is still known. */
/*@ requires \valid(ctx);
    requires \valid(out + (0 .. ctx->outlen - 1));
    requires \separated(ctx, out + (0 .. ctx->outlen - 1));
    assigns *ctx, out[0 .. ctx->outlen - 1];
    ensures \result == 0 || \result == -1;
    ensures ctx->outlen == \old(ctx->outlen); */
int qed_sha256_final(qed_sha256_ctx *ctx, uint8_t *out);

/* 28 or 32 from init on (also after final), 0 for a context that no init
 * prepared. */
/*@ requires \valid_read(ctx);
    assigns \nothing;
    ensures \result == 0 || \result == 28 || \result == 32;
    ensures \result != 0 ==> \result == ctx->outlen;
    ensures (ctx->outlen == 28 || ctx->outlen == 32) ==> \result == ctx->outlen; */
size_t qed_sha256_digest_bytes(const qed_sha256_ctx *ctx);

/* ---- streaming: SHA-384, SHA-512, SHA-512/256 ---- */

/*@ requires \valid(ctx);
    assigns *ctx;
    ensures ctx->outlen == 48 && ctx->phase == QED_SHA2_ABSORBING; */
void qed_sha384_init(qed_sha512_ctx *ctx);

/*@ requires \valid(ctx);
    assigns *ctx;
    ensures ctx->outlen == 64 && ctx->phase == QED_SHA2_ABSORBING; */
void qed_sha512_init(qed_sha512_ctx *ctx);

/*@ requires \valid(ctx);
    assigns *ctx;
    ensures ctx->outlen == 32 && ctx->phase == QED_SHA2_ABSORBING; */
void qed_sha512_256_init(qed_sha512_ctx *ctx);

/* 0, or -1 (nothing changed) if ctx is not absorbing or the message
 * would grow past 2^64 - 1 bytes. */
/*@ requires \valid(ctx);
    requires \valid_read(in + (0 .. inlen - 1));
    requires \separated(ctx, in + (0 .. inlen - 1));
    assigns *ctx;
    ensures \result == 0 || \result == -1;
    ensures ctx->outlen == \old(ctx->outlen);
    ensures \result == 0 ==> ctx->phase == QED_SHA2_ABSORBING; */
int qed_sha512_update(qed_sha512_ctx *ctx, const uint8_t *in, size_t inlen);

/* Writes the digest (48, 64 or 32 bytes, as the init chose), wipes the
 * context and returns 0; -1 if ctx is not absorbing, with the digest
 * zeroed when its length is still known. */
/*@ requires \valid(ctx);
    requires \valid(out + (0 .. ctx->outlen - 1));
    requires \separated(ctx, out + (0 .. ctx->outlen - 1));
    assigns *ctx, out[0 .. ctx->outlen - 1];
    ensures \result == 0 || \result == -1;
    ensures ctx->outlen == \old(ctx->outlen); */
int qed_sha512_final(qed_sha512_ctx *ctx, uint8_t *out);

/* 48, 64 or 32 from init on (also after final), 0 for a context that no
 * init prepared. */
/*@ requires \valid_read(ctx);
    assigns \nothing;
    ensures \result == 0 || \result == 32 || \result == 48 || \result == 64;
    ensures \result != 0 ==> \result == ctx->outlen;
    ensures (ctx->outlen == 32 || ctx->outlen == 48 || ctx->outlen == 64) ==>
            \result == ctx->outlen; */
size_t qed_sha512_digest_bytes(const qed_sha512_ctx *ctx);

/* ---- NaCl ---- */

/* crypto_hash_sha512 and crypto_hash (which is SHA-512 in NaCl): out =
 * SHA-512(in); returns 0. */
/*@ requires \valid(out + (0 .. 63)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 63];
    ensures \result == 0; */
int qed_crypto_hash_sha512(uint8_t out[64], const uint8_t *in, size_t inlen);

/*@ requires \valid(out + (0 .. 63)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 63];
    ensures \result == 0; */
int qed_crypto_hash(uint8_t out[64], const uint8_t *in, size_t inlen);

/*@ requires \valid(out + (0 .. 31)) && \valid_read(in + (0 .. inlen - 1));
    assigns out[0 .. 31];
    ensures \result == 0; */
int qed_crypto_hash_sha256(uint8_t out[32], const uint8_t *in, size_t inlen);

/* crypto_hashblocks_sha512: state holds the 8 chaining words of SHA-512,
 * big-endian; runs the compression function over every whole 128-byte
 * block of in (no padding) and returns the number of bytes left over,
 * inlen % 128.  crypto_hashblocks_sha256 likewise with 32 bytes of state
 * (8 big-endian 32-bit words) and 64-byte blocks. */
/*@ requires \valid(state + (0 .. 63)) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 63), in + (0 .. inlen - 1));
    assigns state[0 .. 63];
    ensures 0 <= \result < 128 && \result == inlen % 128; */
int qed_crypto_hashblocks_sha512(uint8_t state[64], const uint8_t *in,
                                 size_t inlen);

/*@ requires \valid(state + (0 .. 31)) && \valid_read(in + (0 .. inlen - 1));
    requires \separated(state + (0 .. 31), in + (0 .. inlen - 1));
    assigns state[0 .. 31];
    ensures 0 <= \result < 64 && \result == inlen % 64; */
int qed_crypto_hashblocks_sha256(uint8_t state[32], const uint8_t *in,
                                 size_t inlen);

#ifdef __cplusplus
}
#endif
#endif
