/* qed — the Keccak-derived functions of NIST SP 800-185 (cSHAKE, KMAC,
 * TupleHash, ParallelHash, each with its XOF form) and of RFC 9861
 * (TurboSHAKE128/256, KT128, KT256), plus MarsupilamiFourteen (the
 * KangarooTwelve tree over Keccak-p[1600, 14] with capacity 512 and 64-byte
 * chaining values, as defined by the Keccak team).
 *
 * Lengths are in bytes.  Output lengths of the fixed-length forms (KMAC,
 * TupleHash, ParallelHash) are part of the input (SP 800-185 encodes them),
 * so a 32-byte KMAC128 is not the prefix of a 64-byte one; the XOF forms are
 * streams (any prefix of a longer output is the shorter output).
 *
 * Streaming forms follow qed/keccak.h: a caller-owned context, init, update
 * (any number of times, any lengths), then final (fixed length) or squeeze
 * (XOFs, any number of times).  Nothing is allocated.  Functions returning
 * int give 0, or -1 for an invalid parameter or a context in the wrong
 * phase (outputs zeroed, context unchanged).  KMAC contexts hold a keyed
 * state: final wipes it; after an XOF, call the _wipe function.
 *
 * Context sizes (x86-64): qed_cshake_ctx and qed_turboshake_ctx 216
 * bytes, qed_kmac_ctx 224 and qed_tuplehash_ctx 232 (one sponge);
 * qed_parallelhash_ctx 464 and
 * qed_kt_ctx 456 (two sponges and counters: the streaming tree modes hash
 * each block or chunk as it arrives, so nothing is buffered).
 *
 * KT128/KT256/M14 streaming: update with the message M, then qed_kt_final
 * with the customization string C (RFC 9861 appends C after M), then
 * squeeze as often as wanted.                                            */
#ifndef QED_KECCAK_XOF_H
#define QED_KECCAK_XOF_H

#include <stddef.h>
#include <stdint.h>

#include "qed/keccak.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A byte string, for TupleHash. */
typedef struct {
  const uint8_t *ptr;
  size_t len;
} qed_slice;

/* ---- cSHAKE (SP 800-185, 3): N the function name, S the customization;
 * with both empty it is SHAKE128/256. ---- */
void qed_cshake128(uint8_t *out, size_t outlen, const uint8_t *in,
                   size_t inlen, const uint8_t *name, size_t namelen,
                   const uint8_t *custom, size_t customlen);
void qed_cshake256(uint8_t *out, size_t outlen, const uint8_t *in,
                   size_t inlen, const uint8_t *name, size_t namelen,
                   const uint8_t *custom, size_t customlen);

typedef struct { qed_keccak_sponge sponge; } qed_cshake_ctx;
void qed_cshake128_init(qed_cshake_ctx *ctx, const uint8_t *name,
                        size_t namelen, const uint8_t *custom,
                        size_t customlen);
void qed_cshake256_init(qed_cshake_ctx *ctx, const uint8_t *name,
                        size_t namelen, const uint8_t *custom,
                        size_t customlen);
int qed_cshake_update(qed_cshake_ctx *ctx, const uint8_t *in, size_t inlen);
int qed_cshake_squeeze(qed_cshake_ctx *ctx, uint8_t *out, size_t outlen);
void qed_cshake_wipe(qed_cshake_ctx *ctx);

/* ---- KMAC (SP 800-185, 4): any key length, output length outlen ---- */
void qed_kmac128(uint8_t *out, size_t outlen, const uint8_t *key,
                 size_t keylen, const uint8_t *in, size_t inlen,
                 const uint8_t *custom, size_t customlen);
void qed_kmac256(uint8_t *out, size_t outlen, const uint8_t *key,
                 size_t keylen, const uint8_t *in, size_t inlen,
                 const uint8_t *custom, size_t customlen);
void qed_kmacxof128(uint8_t *out, size_t outlen, const uint8_t *key,
                    size_t keylen, const uint8_t *in, size_t inlen,
                    const uint8_t *custom, size_t customlen);
void qed_kmacxof256(uint8_t *out, size_t outlen, const uint8_t *key,
                    size_t keylen, const uint8_t *in, size_t inlen,
                    const uint8_t *custom, size_t customlen);

typedef struct {
  qed_keccak_sponge sponge;
  uint8_t xof;   /* 1: KMACXOF (squeeze), 0: KMAC (final) */
} qed_kmac_ctx;
void qed_kmac128_init(qed_kmac_ctx *ctx, const uint8_t *key, size_t keylen,
                      const uint8_t *custom, size_t customlen);
void qed_kmac256_init(qed_kmac_ctx *ctx, const uint8_t *key, size_t keylen,
                      const uint8_t *custom, size_t customlen);
void qed_kmacxof128_init(qed_kmac_ctx *ctx, const uint8_t *key,
                         size_t keylen, const uint8_t *custom,
                         size_t customlen);
void qed_kmacxof256_init(qed_kmac_ctx *ctx, const uint8_t *key,
                         size_t keylen, const uint8_t *custom,
                         size_t customlen);
/* 0, or -1 (nothing changed) once output has started. */
int qed_kmac_update(qed_kmac_ctx *ctx, const uint8_t *in, size_t inlen);
/* KMAC only: outlen bytes of tag, then the context is wiped.  -1 with out
 * zeroed for a KMACXOF or unusable context. */
int qed_kmac_final(qed_kmac_ctx *ctx, uint8_t *out, size_t outlen);
/* KMACXOF only: the next outlen bytes.  -1 with out zeroed otherwise. */
int qed_kmac_squeeze(qed_kmac_ctx *ctx, uint8_t *out, size_t outlen);
void qed_kmac_wipe(qed_kmac_ctx *ctx);

/* ---- TupleHash (SP 800-185, 5): items[0 .. count-1] ---- */
void qed_tuplehash128(uint8_t *out, size_t outlen, const qed_slice *items,
                      size_t count, const uint8_t *custom, size_t customlen);
void qed_tuplehash256(uint8_t *out, size_t outlen, const qed_slice *items,
                      size_t count, const uint8_t *custom, size_t customlen);
void qed_tuplehashxof128(uint8_t *out, size_t outlen, const qed_slice *items,
                         size_t count, const uint8_t *custom,
                         size_t customlen);
void qed_tuplehashxof256(uint8_t *out, size_t outlen, const qed_slice *items,
                         size_t count, const uint8_t *custom,
                         size_t customlen);

/* Streaming TupleHash: the tuple one item at a time.  An item is either
 * given whole (qed_tuplehash_add), or announced with its length and then
 * given in pieces (qed_tuplehash_begin_item, qed_tuplehash_item_update):
 * encode_string puts an item's length before its bytes, so the length must
 * be known first.  final (TupleHash) or squeeze (TupleHashXOF) are refused
 * while an announced item is incomplete.  -1 (context unchanged, outputs
 * zeroed) for a call in the wrong order. */
typedef struct {
  qed_keccak_sponge sponge;
  uint64_t item_left; /* bytes the announced item still expects */
  uint8_t in_item;    /* 1 between begin_item and the item's last byte */
  uint8_t xof;        /* 1: TupleHashXOF (squeeze), 0: TupleHash (final) */
} qed_tuplehash_ctx;
void qed_tuplehash128_init(qed_tuplehash_ctx *ctx, const uint8_t *custom,
                           size_t customlen);
void qed_tuplehash256_init(qed_tuplehash_ctx *ctx, const uint8_t *custom,
                           size_t customlen);
void qed_tuplehashxof128_init(qed_tuplehash_ctx *ctx, const uint8_t *custom,
                              size_t customlen);
void qed_tuplehashxof256_init(qed_tuplehash_ctx *ctx, const uint8_t *custom,
                              size_t customlen);
int qed_tuplehash_add(qed_tuplehash_ctx *ctx, const uint8_t *item,
                      size_t len);
int qed_tuplehash_begin_item(qed_tuplehash_ctx *ctx, uint64_t len);
/* -1 (nothing absorbed) if inlen exceeds what the announced item lacks. */
int qed_tuplehash_item_update(qed_tuplehash_ctx *ctx, const uint8_t *in,
                              size_t inlen);
/* TupleHash only: outlen bytes, then the context is wiped. */
int qed_tuplehash_final(qed_tuplehash_ctx *ctx, uint8_t *out, size_t outlen);
/* TupleHashXOF only: the next outlen bytes; no item may follow. */
int qed_tuplehash_squeeze(qed_tuplehash_ctx *ctx, uint8_t *out,
                          size_t outlen);
void qed_tuplehash_wipe(qed_tuplehash_ctx *ctx);

/* ---- ParallelHash (SP 800-185, 6): block = B in bytes, any B >= 1;
 * block == 0 gives -1 with out zeroed. ---- */
int qed_parallelhash128(uint8_t *out, size_t outlen, const uint8_t *in,
                        size_t inlen, size_t block, const uint8_t *custom,
                        size_t customlen);
int qed_parallelhash256(uint8_t *out, size_t outlen, const uint8_t *in,
                        size_t inlen, size_t block, const uint8_t *custom,
                        size_t customlen);
int qed_parallelhashxof128(uint8_t *out, size_t outlen, const uint8_t *in,
                           size_t inlen, size_t block, const uint8_t *custom,
                           size_t customlen);
int qed_parallelhashxof256(uint8_t *out, size_t outlen, const uint8_t *in,
                           size_t inlen, size_t block, const uint8_t *custom,
                           size_t customlen);

typedef struct {
  qed_keccak_sponge outer;  /* cSHAKE(.., "ParallelHash", S)             */
  qed_keccak_sponge leaf;   /* SHAKE of the current block                */
  uint64_t blocks;          /* blocks hashed so far                       */
  size_t block;             /* B                                          */
  size_t fill;              /* bytes of the current block, < B            */
  uint32_t rate;            /* 168 or 136                                 */
  uint8_t xof;
} qed_parallelhash_ctx;
/* -1 (ctx made unusable) for block 0. */
int qed_parallelhash128_init(qed_parallelhash_ctx *ctx, size_t block,
                             const uint8_t *custom, size_t customlen);
int qed_parallelhash256_init(qed_parallelhash_ctx *ctx, size_t block,
                             const uint8_t *custom, size_t customlen);
int qed_parallelhashxof128_init(qed_parallelhash_ctx *ctx, size_t block,
                                const uint8_t *custom, size_t customlen);
int qed_parallelhashxof256_init(qed_parallelhash_ctx *ctx, size_t block,
                                const uint8_t *custom, size_t customlen);
int qed_parallelhash_update(qed_parallelhash_ctx *ctx, const uint8_t *in,
                            size_t inlen);
/* ParallelHash only; wipes the context. */
int qed_parallelhash_final(qed_parallelhash_ctx *ctx, uint8_t *out,
                           size_t outlen);
/* ParallelHashXOF only. */
int qed_parallelhash_squeeze(qed_parallelhash_ctx *ctx, uint8_t *out,
                             size_t outlen);
void qed_parallelhash_wipe(qed_parallelhash_ctx *ctx);

/* ---- TurboSHAKE (RFC 9861, 2): Keccak-p[1600, 12]; domain byte D in
 * 0x01 .. 0x7F (else -1, out zeroed).  0x1F is the usual default. ---- */
int qed_turboshake128(uint8_t *out, size_t outlen, const uint8_t *in,
                      size_t inlen, uint8_t domain);
int qed_turboshake256(uint8_t *out, size_t outlen, const uint8_t *in,
                      size_t inlen, uint8_t domain);

typedef struct { qed_keccak_sponge sponge; } qed_turboshake_ctx;
/* -1 (ctx made unusable) for a domain byte outside 0x01 .. 0x7F. */
int qed_turboshake128_init(qed_turboshake_ctx *ctx, uint8_t domain);
int qed_turboshake256_init(qed_turboshake_ctx *ctx, uint8_t domain);
int qed_turboshake_update(qed_turboshake_ctx *ctx, const uint8_t *in,
                          size_t inlen);
int qed_turboshake_squeeze(qed_turboshake_ctx *ctx, uint8_t *out,
                           size_t outlen);
void qed_turboshake_wipe(qed_turboshake_ctx *ctx);

/* ---- KT128, KT256 (RFC 9861, 3) and MarsupilamiFourteen ---- */
void qed_kt128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen,
               const uint8_t *custom, size_t customlen);
void qed_kt256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen,
               const uint8_t *custom, size_t customlen);
void qed_m14(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen,
             const uint8_t *custom, size_t customlen);

#define QED_KT_CHUNK 8192
typedef struct {
  qed_keccak_sponge final_node; /* S_0, then the chaining values          */
  qed_keccak_sponge leaf;       /* the current chunk S_i, i >= 1          */
  uint64_t leaves;              /* chaining values absorbed               */
  uint32_t s0len;               /* bytes of S_0 so far (<= 8192)          */
  uint32_t leaflen;             /* bytes of the current chunk (< 8192)    */
  uint8_t cvlen;                /* 32 (rate 168) or 64 (rate 136)         */
  uint8_t rounds;               /* 12 (KT128, KT256) or 14 (M14)          */
  uint8_t phase;                /* 0 unusable, 1 S_0, 2 tree, 3 squeezing */
} qed_kt_ctx;
void qed_kt128_init(qed_kt_ctx *ctx);
void qed_kt256_init(qed_kt_ctx *ctx);
void qed_m14_init(qed_kt_ctx *ctx);
/* Message bytes; 0, or -1 (nothing changed) after qed_kt_final. */
int qed_kt_update(qed_kt_ctx *ctx, const uint8_t *in, size_t inlen);
/* Ends the message and appends the customization string C; 0 or -1. */
int qed_kt_final(qed_kt_ctx *ctx, const uint8_t *custom, size_t customlen);
/* After qed_kt_final: the next outlen bytes; -1 with out zeroed before. */
int qed_kt_squeeze(qed_kt_ctx *ctx, uint8_t *out, size_t outlen);
void qed_kt_wipe(qed_kt_ctx *ctx);

#ifdef __cplusplus
}
#endif
#endif
