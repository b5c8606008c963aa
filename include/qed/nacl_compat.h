/* qed — NaCl / TweetNaCl names for qed's NaCl functions.
 *
 * A program written for TweetNaCl (or NaCl's C API) switches to qed by
 * changing one include: #include "tweetnacl.h" becomes
 * #include <qed/nacl_compat.h>, and it links libqed.  Every name here is a
 * static inline function (or a macro for a size) that calls the qed_
 * function of the same name, so nothing is exported: a program may link
 * libsodium too without a clash (the test does).  Do not include this
 * header together with <sodium.h> in one file: the names are the same.
 *
 * The conventions are NaCl's: lengths are unsigned long long (converted to
 * size_t; on a 32-bit target a length above SIZE_MAX is the caller's
 * error, as it cannot be a buffer), bytes are unsigned char, and the
 * functions return 0 or -1 as qed's do (on -1 the outputs are zeroed).
 * randombytes is provided (TweetNaCl leaves it to the program): it draws
 * from the OS through qed_randombytes and aborts nothing; a program that
 * defines its own randombytes must not include this header. */
#ifndef QED_NACL_COMPAT_H
#define QED_NACL_COMPAT_H

#include <stddef.h>
#include <stdint.h>

#include "qed/common.h"
#include "qed/nacl.h"
#include "qed/sha2.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- sizes ---- */
#define crypto_box_PUBLICKEYBYTES        QED_CRYPTO_BOX_PUBLICKEYBYTES
#define crypto_box_SECRETKEYBYTES        QED_CRYPTO_BOX_SECRETKEYBYTES
#define crypto_box_BEFORENMBYTES         QED_CRYPTO_BOX_BEFORENMBYTES
#define crypto_box_SEEDBYTES             QED_CRYPTO_BOX_SEEDBYTES
#define crypto_box_NONCEBYTES            QED_CRYPTO_BOX_NONCEBYTES
#define crypto_box_ZEROBYTES             QED_CRYPTO_BOX_ZEROBYTES
#define crypto_box_BOXZEROBYTES          QED_CRYPTO_BOX_BOXZEROBYTES
#define crypto_box_MACBYTES              QED_CRYPTO_BOX_MACBYTES
#define crypto_secretbox_KEYBYTES        QED_CRYPTO_SECRETBOX_KEYBYTES
#define crypto_secretbox_NONCEBYTES      QED_CRYPTO_SECRETBOX_NONCEBYTES
#define crypto_secretbox_ZEROBYTES       QED_CRYPTO_SECRETBOX_ZEROBYTES
#define crypto_secretbox_BOXZEROBYTES    QED_CRYPTO_SECRETBOX_BOXZEROBYTES
#define crypto_secretbox_MACBYTES        QED_CRYPTO_SECRETBOX_MACBYTES
#define crypto_stream_KEYBYTES           QED_CRYPTO_STREAM_KEYBYTES
#define crypto_stream_NONCEBYTES         QED_CRYPTO_STREAM_NONCEBYTES
#define crypto_stream_xsalsa20_KEYBYTES  QED_CRYPTO_STREAM_XSALSA20_KEYBYTES
#define crypto_stream_xsalsa20_NONCEBYTES QED_CRYPTO_STREAM_XSALSA20_NONCEBYTES
#define crypto_stream_salsa20_KEYBYTES   QED_CRYPTO_STREAM_SALSA20_KEYBYTES
#define crypto_stream_salsa20_NONCEBYTES QED_CRYPTO_STREAM_SALSA20_NONCEBYTES
#define crypto_core_salsa20_OUTPUTBYTES  QED_CRYPTO_CORE_SALSA20_OUTPUTBYTES
#define crypto_core_salsa20_INPUTBYTES   QED_CRYPTO_CORE_SALSA20_INPUTBYTES
#define crypto_core_salsa20_KEYBYTES     QED_CRYPTO_CORE_SALSA20_KEYBYTES
#define crypto_core_salsa20_CONSTBYTES   QED_CRYPTO_CORE_SALSA20_CONSTBYTES
#define crypto_core_hsalsa20_OUTPUTBYTES QED_CRYPTO_CORE_HSALSA20_OUTPUTBYTES
#define crypto_core_hsalsa20_INPUTBYTES  QED_CRYPTO_CORE_HSALSA20_INPUTBYTES
#define crypto_core_hsalsa20_KEYBYTES    QED_CRYPTO_CORE_HSALSA20_KEYBYTES
#define crypto_core_hsalsa20_CONSTBYTES  QED_CRYPTO_CORE_HSALSA20_CONSTBYTES
#define crypto_onetimeauth_BYTES         QED_CRYPTO_ONETIMEAUTH_BYTES
#define crypto_onetimeauth_KEYBYTES      QED_CRYPTO_ONETIMEAUTH_KEYBYTES
#define crypto_scalarmult_BYTES          QED_CRYPTO_SCALARMULT_BYTES
#define crypto_scalarmult_SCALARBYTES    QED_CRYPTO_SCALARMULT_SCALARBYTES
#define crypto_verify_16_BYTES           16
#define crypto_verify_32_BYTES           32

/* ---- box ---- */
static inline int crypto_box_keypair(unsigned char *pk, unsigned char *sk)
{
  return qed_crypto_box_keypair(pk, sk);
}
static inline int crypto_box_seed_keypair(unsigned char *pk, unsigned char *sk,
                                          const unsigned char *seed)
{
  return qed_crypto_box_seed_keypair(pk, sk, seed);
}
static inline int crypto_box_beforenm(unsigned char *k, const unsigned char *pk,
                                      const unsigned char *sk)
{
  return qed_crypto_box_beforenm(k, pk, sk);
}
static inline int crypto_box_afternm(unsigned char *c, const unsigned char *m,
                                     unsigned long long mlen,
                                     const unsigned char *n,
                                     const unsigned char *k)
{
  return qed_crypto_box_afternm(c, m, (size_t)mlen, n, k);
}
static inline int crypto_box_open_afternm(unsigned char *m,
                                          const unsigned char *c,
                                          unsigned long long clen,
                                          const unsigned char *n,
                                          const unsigned char *k)
{
  return qed_crypto_box_open_afternm(m, c, (size_t)clen, n, k);
}
static inline int crypto_box(unsigned char *c, const unsigned char *m,
                             unsigned long long mlen, const unsigned char *n,
                             const unsigned char *pk, const unsigned char *sk)
{
  return qed_crypto_box(c, m, (size_t)mlen, n, pk, sk);
}
static inline int crypto_box_open(unsigned char *m, const unsigned char *c,
                                  unsigned long long clen,
                                  const unsigned char *n,
                                  const unsigned char *pk,
                                  const unsigned char *sk)
{
  return qed_crypto_box_open(m, c, (size_t)clen, n, pk, sk);
}
static inline int crypto_box_easy(unsigned char *c, const unsigned char *m,
                                  unsigned long long mlen,
                                  const unsigned char *n,
                                  const unsigned char *pk,
                                  const unsigned char *sk)
{
  return qed_crypto_box_easy(c, m, (size_t)mlen, n, pk, sk);
}
static inline int crypto_box_open_easy(unsigned char *m, const unsigned char *c,
                                       unsigned long long clen,
                                       const unsigned char *n,
                                       const unsigned char *pk,
                                       const unsigned char *sk)
{
  return qed_crypto_box_open_easy(m, c, (size_t)clen, n, pk, sk);
}
static inline int crypto_box_easy_afternm(unsigned char *c,
                                          const unsigned char *m,
                                          unsigned long long mlen,
                                          const unsigned char *n,
                                          const unsigned char *k)
{
  return qed_crypto_box_easy_afternm(c, m, (size_t)mlen, n, k);
}
static inline int crypto_box_open_easy_afternm(unsigned char *m,
                                               const unsigned char *c,
                                               unsigned long long clen,
                                               const unsigned char *n,
                                               const unsigned char *k)
{
  return qed_crypto_box_open_easy_afternm(m, c, (size_t)clen, n, k);
}

/* ---- secretbox ---- */
static inline int crypto_secretbox(unsigned char *c, const unsigned char *m,
                                   unsigned long long mlen,
                                   const unsigned char *n,
                                   const unsigned char *k)
{
  return qed_crypto_secretbox(c, m, (size_t)mlen, n, k);
}
static inline int crypto_secretbox_open(unsigned char *m,
                                        const unsigned char *c,
                                        unsigned long long clen,
                                        const unsigned char *n,
                                        const unsigned char *k)
{
  return qed_crypto_secretbox_open(m, c, (size_t)clen, n, k);
}
static inline int crypto_secretbox_easy(unsigned char *c,
                                        const unsigned char *m,
                                        unsigned long long mlen,
                                        const unsigned char *n,
                                        const unsigned char *k)
{
  return qed_crypto_secretbox_easy(c, m, (size_t)mlen, n, k);
}
static inline int crypto_secretbox_open_easy(unsigned char *m,
                                             const unsigned char *c,
                                             unsigned long long clen,
                                             const unsigned char *n,
                                             const unsigned char *k)
{
  return qed_crypto_secretbox_open_easy(m, c, (size_t)clen, n, k);
}

/* ---- stream ---- */
static inline int crypto_stream(unsigned char *c, unsigned long long clen,
                                const unsigned char *n, const unsigned char *k)
{
  return qed_crypto_stream(c, (size_t)clen, n, k);
}
static inline int crypto_stream_xor(unsigned char *c, const unsigned char *m,
                                    unsigned long long mlen,
                                    const unsigned char *n,
                                    const unsigned char *k)
{
  return qed_crypto_stream_xor(c, m, (size_t)mlen, n, k);
}
static inline int crypto_stream_xsalsa20(unsigned char *c,
                                         unsigned long long clen,
                                         const unsigned char *n,
                                         const unsigned char *k)
{
  return qed_crypto_stream_xsalsa20(c, (size_t)clen, n, k);
}
static inline int crypto_stream_xsalsa20_xor(unsigned char *c,
                                             const unsigned char *m,
                                             unsigned long long mlen,
                                             const unsigned char *n,
                                             const unsigned char *k)
{
  return qed_crypto_stream_xsalsa20_xor(c, m, (size_t)mlen, n, k);
}
static inline int crypto_stream_xsalsa20_xor_ic(unsigned char *c,
                                                const unsigned char *m,
                                                unsigned long long mlen,
                                                const unsigned char *n,
                                                uint64_t ic,
                                                const unsigned char *k)
{
  return qed_crypto_stream_xsalsa20_xor_ic(c, m, (size_t)mlen, n, ic, k);
}
static inline int crypto_stream_salsa20(unsigned char *c,
                                        unsigned long long clen,
                                        const unsigned char *n,
                                        const unsigned char *k)
{
  return qed_crypto_stream_salsa20(c, (size_t)clen, n, k);
}
static inline int crypto_stream_salsa20_xor(unsigned char *c,
                                            const unsigned char *m,
                                            unsigned long long mlen,
                                            const unsigned char *n,
                                            const unsigned char *k)
{
  return qed_crypto_stream_salsa20_xor(c, m, (size_t)mlen, n, k);
}
static inline int crypto_stream_salsa20_xor_ic(unsigned char *c,
                                               const unsigned char *m,
                                               unsigned long long mlen,
                                               const unsigned char *n,
                                               uint64_t ic,
                                               const unsigned char *k)
{
  return qed_crypto_stream_salsa20_xor_ic(c, m, (size_t)mlen, n, ic, k);
}
static inline int crypto_stream_salsa2012(unsigned char *c,
                                          unsigned long long clen,
                                          const unsigned char *n,
                                          const unsigned char *k)
{
  return qed_crypto_stream_salsa2012(c, (size_t)clen, n, k);
}
static inline int crypto_stream_salsa2012_xor(unsigned char *c,
                                              const unsigned char *m,
                                              unsigned long long mlen,
                                              const unsigned char *n,
                                              const unsigned char *k)
{
  return qed_crypto_stream_salsa2012_xor(c, m, (size_t)mlen, n, k);
}
static inline int crypto_stream_salsa208(unsigned char *c,
                                         unsigned long long clen,
                                         const unsigned char *n,
                                         const unsigned char *k)
{
  return qed_crypto_stream_salsa208(c, (size_t)clen, n, k);
}
static inline int crypto_stream_salsa208_xor(unsigned char *c,
                                             const unsigned char *m,
                                             unsigned long long mlen,
                                             const unsigned char *n,
                                             const unsigned char *k)
{
  return qed_crypto_stream_salsa208_xor(c, m, (size_t)mlen, n, k);
}

/* ---- core ---- */
static inline int crypto_core_salsa20(unsigned char *out,
                                      const unsigned char *in,
                                      const unsigned char *k,
                                      const unsigned char *c)
{
  return qed_crypto_core_salsa20(out, in, k, c);
}
static inline int crypto_core_salsa2012(unsigned char *out,
                                        const unsigned char *in,
                                        const unsigned char *k,
                                        const unsigned char *c)
{
  return qed_crypto_core_salsa2012(out, in, k, c);
}
static inline int crypto_core_salsa208(unsigned char *out,
                                       const unsigned char *in,
                                       const unsigned char *k,
                                       const unsigned char *c)
{
  return qed_crypto_core_salsa208(out, in, k, c);
}
static inline int crypto_core_hsalsa20(unsigned char *out,
                                       const unsigned char *in,
                                       const unsigned char *k,
                                       const unsigned char *c)
{
  return qed_crypto_core_hsalsa20(out, in, k, c);
}

/* ---- onetimeauth (Poly1305) ---- */
static inline int crypto_onetimeauth(unsigned char *out,
                                     const unsigned char *m,
                                     unsigned long long mlen,
                                     const unsigned char *k)
{
  return qed_crypto_onetimeauth(out, m, (size_t)mlen, k);
}
static inline int crypto_onetimeauth_verify(const unsigned char *h,
                                            const unsigned char *m,
                                            unsigned long long mlen,
                                            const unsigned char *k)
{
  return qed_crypto_onetimeauth_verify(h, m, (size_t)mlen, k);
}

/* ---- scalarmult (X25519) ---- */
static inline int crypto_scalarmult(unsigned char *q, const unsigned char *n,
                                    const unsigned char *p)
{
  return qed_crypto_scalarmult(q, n, p);
}
static inline int crypto_scalarmult_base(unsigned char *q,
                                         const unsigned char *n)
{
  return qed_crypto_scalarmult_base(q, n);
}

/* ---- verify ---- */
static inline int crypto_verify_16(const unsigned char *x,
                                   const unsigned char *y)
{
  return qed_verify_16(x, y);
}
static inline int crypto_verify_32(const unsigned char *x,
                                   const unsigned char *y)
{
  return qed_verify_32(x, y);
}

/* ---- randombytes (TweetNaCl's declaration) ---- */
static inline void randombytes(unsigned char *buf, unsigned long long len)
{
  (void)qed_randombytes(buf, (size_t)len);
}

/* ---- hash (SHA-512) ---- */
#define crypto_hash_BYTES                   64
#define crypto_hash_sha512_BYTES            64
#define crypto_hashblocks_sha512_STATEBYTES 64
#define crypto_hashblocks_sha512_BLOCKBYTES 128
static inline int crypto_hash(unsigned char *out, const unsigned char *m,
                              unsigned long long mlen)
{
  return qed_crypto_hash(out, m, (size_t)mlen);
}
static inline int crypto_hash_sha512(unsigned char *out,
                                     const unsigned char *m,
                                     unsigned long long mlen)
{
  return qed_crypto_hash_sha512(out, m, (size_t)mlen);
}
/* NaCl's crypto_hashblocks returns the bytes left over (mlen % 128). */
static inline int crypto_hashblocks_sha512(unsigned char *state,
                                           const unsigned char *m,
                                           unsigned long long mlen)
{
  return qed_crypto_hashblocks_sha512(state, m, (size_t)mlen);
}

/* ---- sign (Ed25519) ---- */
#define crypto_sign_BYTES          QED_CRYPTO_SIGN_BYTES
#define crypto_sign_PUBLICKEYBYTES QED_CRYPTO_SIGN_PUBLICKEYBYTES
#define crypto_sign_SECRETKEYBYTES QED_CRYPTO_SIGN_SECRETKEYBYTES
#define crypto_sign_SEEDBYTES      QED_CRYPTO_SIGN_SEEDBYTES
static inline int crypto_sign_keypair(unsigned char *pk, unsigned char *sk)
{
  return qed_crypto_sign_keypair(pk, sk);
}
static inline int crypto_sign_seed_keypair(unsigned char *pk, unsigned char *sk,
                                           const unsigned char *seed)
{
  return qed_crypto_sign_seed_keypair(pk, sk, seed);
}
static inline int crypto_sign(unsigned char *sm, unsigned long long *smlen,
                              const unsigned char *m, unsigned long long mlen,
                              const unsigned char *sk)
{
  size_t n = 0;
  const int r = qed_crypto_sign(sm, &n, m, (size_t)mlen, sk);
  if (smlen != NULL)
    *smlen = n;
  return r;
}
static inline int crypto_sign_open(unsigned char *m, unsigned long long *mlen,
                                   const unsigned char *sm,
                                   unsigned long long smlen,
                                   const unsigned char *pk)
{
  size_t n = 0;
  const int r = qed_crypto_sign_open(m, &n, sm, (size_t)smlen, pk);
  if (mlen != NULL)
    *mlen = n;
  return r;
}
static inline int crypto_sign_detached(unsigned char *sig,
                                       unsigned long long *siglen,
                                       const unsigned char *m,
                                       unsigned long long mlen,
                                       const unsigned char *sk)
{
  const int r = qed_crypto_sign_detached(sig, m, (size_t)mlen, sk);
  if (siglen != NULL)
    *siglen = 64;
  return r;
}
static inline int crypto_sign_verify_detached(const unsigned char *sig,
                                              const unsigned char *m,
                                              unsigned long long mlen,
                                              const unsigned char *pk)
{
  return qed_crypto_sign_verify_detached(sig, m, (size_t)mlen, pk);
}

#ifdef __cplusplus
}
#endif

#endif
