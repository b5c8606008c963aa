/* fuzz_open: every open / verify / decrypt path.
 *
 * Input: an algorithm byte, a backend byte, a mode byte, then the fields.
 *   mode even ("random"): key, nonce, associated data and the ciphertext,
 *     tag or signature all come from the input.  A forgery is
 *     astronomically unlikely (at least a 96-bit tag or a signature), so
 *     the call must refuse (-1) and leave its output zeroed as documented,
 *     unless the bytes are an honest ciphertext (a seed from the vectors
 *     is one): then sealing the opened message again must give them.
 *   mode odd ("mutated"): a valid ciphertext/signature is made from
 *     input-chosen key, nonce and message, then the input's edit list is
 *     applied (bit flips, byte sets, truncation, extension, edits of the
 *     associated data and nonce, adding the modulus n to an RSA value,
 *     adding k L to an Ed25519 S).  The call must accept exactly when the
 *     bytes it reads are the original ones (an edit list may cancel
 *     itself), give the original message back then, and refuse with its
 *     output zeroed otherwise.
 * Paths: AES-GCM (one-shot and streaming), Ascon-AEAD128, secretbox and
 * box (NaCl and easy forms, afternm), crypto_sign_open and
 * verify_detached, Ketje Jr/Sr/Minor/Major one-shot and session unwrap,
 * Poly1305 verify, RSA PKCS #1 v1.5 and PSS verify and OAEP decrypt (with
 * the fixed key of fuzz_rsa_key.h), AES-CBC-PKCS#7 decrypt (padding only:
 * no authentication, so only its refusal contract is checked). */
#include <stdint.h>
#include <string.h>

#include "qed/qed.h"
#include "backend_switch.h"
#include "fuzz_input.h"
#include "fuzz_rsa_key.h"

#define MAX_MSG 4096
#define WIRE (MAX_MSG + 1024 + 64)

enum {
  A_GCM, A_GCM_STREAM, A_ASCON, A_SECRETBOX, A_SECRETBOX_EASY, A_BOX,
  A_BOX_EASY, A_BOX_AFTERNM, A_SIGN_OPEN, A_SIGN_DETACHED, A_KETJE_JR,
  A_KETJE_SR, A_KETJE_MINOR, A_KETJE_MAJOR, A_KETJE_SESSION, A_POLY1305,
  A_RSA_PKCS1, A_RSA_PSS, A_RSA_OAEP, A_CBC_PKCS7, A_COUNT
};

/* What the opener reads: the wire bytes (ciphertext with its tag, or
 * signature and message), the associated data and the nonce. */
typedef struct {
  uint8_t wire[WIRE];
  size_t len;
  uint8_t ad[256];
  size_t adlen;
  uint8_t nonce[200];
  uint8_t key[64];
} sealed;

static sealed orig, cur;
static uint8_t out[WIRE], msg[MAX_MSG];
static qed_rsa_private_key rsa_sk;
static qed_rsa_public_key rsa_pk;
static int rsa_ready;

/* ---- edits ---- */

/* x += y (little-endian, len bytes); 0 if it fits, else 1 */
static int add_le(uint8_t *x, const uint8_t *y, size_t len)
{
  unsigned c = 0;
  for (size_t i = 0; i < len; i++) {
    c += (unsigned)x[i] + y[i];
    x[i] = (uint8_t)c;
    c >>= 8;
  }
  return (int)c;
}

/* big-endian x += y of len bytes; 0 if it fits */
static int add_be(uint8_t *x, const uint8_t *y, size_t len)
{
  unsigned c = 0;
  for (size_t i = len; i-- > 0;) {
    c += (unsigned)x[i] + y[i];
    x[i] = (uint8_t)c;
    c >>= 8;
  }
  return (int)c;
}

/* L = 2^252 + 27742317777372353535851937790883648493, little-endian */
static const uint8_t ED_L[32] = {
  0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2,
  0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10
};

/* Apply the input's edit list to cur (alg says which AD and nonce bytes
 * matter); sig_off is where an Ed25519
 * signature starts in the wire (or SIZE_MAX), rsa_off where an RSA value
 * of rsa_pk.bytes starts (or SIZE_MAX). */
static size_t nonce_used(unsigned alg);
static int uses_ad(unsigned alg);

static void edit(fuzz_in *in, unsigned alg, size_t sig_off, size_t rsa_off)
{
  const unsigned count = fuzz_u8(in) % 6;
  for (unsigned i = 0; i < count; i++) {
    const unsigned op = fuzz_u8(in) % 8;
    const size_t at = fuzz_u16(in);
    const uint8_t v = fuzz_u8(in);
    switch (op) {
    case 0:                                   /* flip a bit */
      if (cur.len)
        cur.wire[at % cur.len] ^= (uint8_t)(1u << (v & 7));
      break;
    case 1:                                   /* set a byte */
      if (cur.len)
        cur.wire[at % cur.len] = v;
      break;
    case 2:                                   /* truncate */
      cur.len = cur.len ? at % cur.len : 0;
      break;
    case 3: {                                 /* extend */
      const size_t n = 1 + v % 64;
      if (cur.len + n <= WIRE) {
        memset(cur.wire + cur.len, v, n);
        cur.len += n;
      }
      break;
    }
    case 4:                                   /* edit the AD */
      if (!uses_ad(alg))
        break;
      if (cur.adlen)
        cur.ad[at % cur.adlen] ^= (uint8_t)(1u << (v & 7));
      else
        cur.adlen = 1 + v % 8;  /* AD where there was none */
      break;
    case 5:                                   /* edit the nonce */
      if (nonce_used(alg))
        cur.nonce[at % nonce_used(alg)] ^= (uint8_t)(1u << (v & 7));
      break;
    case 6:                                   /* Ed25519: S + k L, or */
      if (sig_off != SIZE_MAX && cur.len >= sig_off + 64) {
        if (v & 0x80) {
          /* R replaced by a non-canonical encoding: y = p + j (j < 19),
           * either sign bit (y = p, p + 1 are libsodium's small-order
           * list; the others are no canonical point encoding at all) */
          uint8_t *r = cur.wire + sig_off;
          memset(r, 0xFF, 32);
          r[0] = (uint8_t)(0xED + (v & 15) % 19);
          r[31] = (uint8_t)(0x7F | (v & 0x40 ? 0x80 : 0));
        } else {
          for (unsigned k = 0; k <= (v & 7); k++)
            (void)add_le(cur.wire + sig_off + 32, ED_L, 32);
        }
      }
      break;
    default:                                  /* RSA: value + n */
      if (rsa_off != SIZE_MAX && cur.len >= rsa_off + rsa_pk.bytes) {
        uint8_t n[QED_RSA_MAX_BYTES];
        FUZZ_CHECK(qed_bn_to_bytes(n, rsa_pk.bytes, &rsa_pk.n) == 0);
        (void)add_be(cur.wire + rsa_off, n, rsa_pk.bytes);
      }
      break;
    }
  }
}

/* The nonce bytes an algorithm reads (the rest of cur.nonce is ignored,
 * so editing it changes nothing the opener sees). */
static size_t nonce_used(unsigned alg)
{
  switch (alg) {
  case A_GCM:
  case A_GCM_STREAM: return 1 + orig.key[41] % 64;
  case A_ASCON: return 16;
  case A_SECRETBOX: case A_SECRETBOX_EASY: case A_BOX: case A_BOX_EASY:
  case A_BOX_AFTERNM: return 24;
  case A_KETJE_JR: return 10;
  case A_KETJE_SR: return 31;
  case A_KETJE_MINOR: return 81;
  case A_KETJE_MAJOR: return 181;
  case A_KETJE_SESSION: return 20;
  case A_CBC_PKCS7: return 16;
  default: return 0;
  }
}

static int uses_ad(unsigned alg)
{
  return alg == A_GCM || alg == A_GCM_STREAM || alg == A_ASCON ||
         (alg >= A_KETJE_JR && alg <= A_KETJE_SESSION) || alg == A_RSA_OAEP;
}

/* Whether everything the opener of alg reads is as sealed. */
static int unchanged(unsigned alg)
{
  const int ad_same = !uses_ad(alg) ||
      (cur.adlen == orig.adlen && memcmp(cur.ad, orig.ad, cur.adlen) == 0);
  /* NaCl's padded box: the first 16 bytes (BOXZEROBYTES) are not read */
  const size_t skip = (alg == A_SECRETBOX || alg == A_BOX ||
                       alg == A_BOX_AFTERNM) && cur.len >= 16 ? 16 : 0;
  return cur.len == orig.len &&
         memcmp(cur.wire + skip, orig.wire + skip, cur.len - skip) == 0 &&
         ad_same && memcmp(cur.nonce, orig.nonce, nonce_used(alg)) == 0;
}

/* ---- sealing (mutated mode): orig from key, nonce, AD, message ---- */

static const size_t KETJE_TAG[4] = { 12, 16, 16, 16 };

typedef int (*ketje_enc)(uint8_t *, uint8_t *, const uint8_t *, size_t,
                         const uint8_t *, size_t, const uint8_t *,
                         const uint8_t *);
typedef int (*ketje_dec)(uint8_t *, const uint8_t *, size_t, const uint8_t *,
                         const uint8_t *, size_t, const uint8_t *,
                         const uint8_t *);
static const ketje_enc KETJE_ENC[4] = {
  qed_ketje_jr_encrypt, qed_ketje_sr_encrypt, qed_ketje_minor_encrypt,
  qed_ketje_major_encrypt
};
static const ketje_dec KETJE_DEC[4] = {
  qed_ketje_jr_decrypt, qed_ketje_sr_decrypt, qed_ketje_minor_decrypt,
  qed_ketje_major_decrypt
};

/* Seal msg[0 .. mlen) into orig (wire layout per algorithm); returns the
 * wire offset of an Ed25519 signature or RSA value through the pointers. */
static void seal(unsigned alg, size_t mlen, size_t *sig_off, size_t *rsa_off)
{
  uint8_t *w = orig.wire;
  qed_aes_ctx aes;
  *sig_off = *rsa_off = SIZE_MAX;
  switch (alg) {
  case A_GCM:
  case A_GCM_STREAM:                /* c || tag, IV of 1 .. 64 bytes */
    FUZZ_CHECK(qed_aes_init(&aes, orig.key, 16 + 8 * (orig.key[40] % 3)) == 0);
    FUZZ_CHECK(qed_aes_gcm_encrypt(&aes, w, w + mlen, msg, mlen, orig.ad,
                                   orig.adlen, orig.nonce,
                                   1 + orig.key[41] % 64) == 0);
    orig.len = mlen + 16;
    qed_aes_wipe(&aes);
    break;
  case A_ASCON:
    FUZZ_CHECK(qed_ascon_aead128_encrypt(w, w + mlen, msg, mlen, orig.ad,
                                         orig.adlen, orig.nonce, orig.key) == 0);
    orig.len = mlen + 16;
    break;
  case A_SECRETBOX:
  case A_BOX:
  case A_BOX_AFTERNM: {             /* NaCl's padded form */
    static uint8_t padded[MAX_MSG + 32];
    memset(padded, 0, 32);
    memcpy(padded + 32, msg, mlen);
    uint8_t pk[32], k[32];
    if (alg == A_SECRETBOX) {
      FUZZ_CHECK(qed_crypto_secretbox(w, padded, mlen + 32, orig.nonce, orig.key) == 0);
    } else {
      /* sender key orig.key[0..31], receiver key orig.key[32..63] */
      FUZZ_CHECK(qed_crypto_scalarmult_base(pk, orig.key + 32) == 0);
      FUZZ_CHECK(qed_crypto_box_beforenm(k, pk, orig.key) == 0);
      FUZZ_CHECK(qed_crypto_box_afternm(w, padded, mlen + 32, orig.nonce, k) == 0);
      uint8_t w2[MAX_MSG + 32];
      FUZZ_CHECK(qed_crypto_box(w2, padded, mlen + 32, orig.nonce, pk, orig.key) == 0);
      FUZZ_CHECK(memcmp(w, w2, mlen + 32) == 0);
    }
    orig.len = mlen + 32;
    break;
  }
  case A_SECRETBOX_EASY:
  case A_BOX_EASY: {
    if (alg == A_SECRETBOX_EASY) {
      FUZZ_CHECK(qed_crypto_secretbox_easy(w, msg, mlen, orig.nonce, orig.key) == 0);
    } else {
      uint8_t pk[32];
      FUZZ_CHECK(qed_crypto_scalarmult_base(pk, orig.key + 32) == 0);
      FUZZ_CHECK(qed_crypto_box_easy(w, msg, mlen, orig.nonce, pk, orig.key) == 0);
    }
    orig.len = mlen + 16;
    break;
  }
  case A_SIGN_OPEN:
  case A_SIGN_DETACHED: {           /* sig || m in both cases */
    uint8_t pk[32], sk[64];
    size_t smlen = 0;
    FUZZ_CHECK(qed_crypto_sign_seed_keypair(pk, sk, orig.key) == 0);
    FUZZ_CHECK(qed_crypto_sign(w, &smlen, msg, mlen, sk) == 0);
    FUZZ_CHECK(smlen == mlen + 64);
    uint8_t sig[64];
    FUZZ_CHECK(qed_crypto_sign_detached(sig, msg, mlen, sk) == 0);
    FUZZ_CHECK(memcmp(sig, w, 64) == 0);
    memcpy(orig.key + 32, pk, 32);     /* the verifier's key */
    orig.len = smlen;
    *sig_off = 0;
    qed_zeroize(sk, sizeof sk);
    break;
  }
  case A_KETJE_JR:
  case A_KETJE_SR:
  case A_KETJE_MINOR:
  case A_KETJE_MAJOR: {
    const unsigned v = alg - A_KETJE_JR;
    FUZZ_CHECK(KETJE_ENC[v](w, w + mlen, msg, mlen, orig.ad, orig.adlen,
                            orig.nonce, orig.key) == 0);
    orig.len = mlen + KETJE_TAG[v];
    break;
  }
  case A_KETJE_SESSION: {           /* Ketje Sr, 16-byte key, 20-byte nonce */
    qed_ketje_ctx c;
    FUZZ_CHECK(qed_ketje_init(&c, QED_KETJE_SR, orig.key, 16, orig.nonce, 20) == 0);
    FUZZ_CHECK(qed_ketje_wrap(&c, w, w + mlen, 16, orig.ad, orig.adlen, msg, mlen) == 0);
    orig.len = mlen + 16;
    qed_ketje_wipe(&c);
    break;
  }
  case A_POLY1305:                  /* tag || m */
    FUZZ_CHECK(qed_crypto_onetimeauth(w, msg, mlen, orig.key) == 0);
    memcpy(w + 16, msg, mlen);
    orig.len = mlen + 16;
    break;
  case A_RSA_PKCS1:
  case A_RSA_PSS: {                 /* sig || m */
    const qed_hash_id h = (qed_hash_id)(1 + orig.key[0] % 3);
    const size_t k = rsa_pk.bytes;
    if (alg == A_RSA_PKCS1)
      FUZZ_CHECK(qed_rsa_pkcs1v15_sign(w, k, &rsa_sk, h, msg, mlen) == 0);
    else
      FUZZ_CHECK(qed_rsa_pss_sign(w, k, &rsa_sk, h, orig.key[1] % 33, msg, mlen) == 0);
    memcpy(w + k, msg, mlen);
    orig.len = k + mlen;
    *rsa_off = 0;
    break;
  }
  case A_RSA_OAEP: {                /* c; the label is the AD */
    const qed_hash_id h = (qed_hash_id)(1 + orig.key[0] % 3);
    FUZZ_CHECK(qed_rsa_oaep_encrypt(w, rsa_pk.bytes, &rsa_pk, h, orig.ad,
                                    orig.adlen, msg, mlen) == 0);
    orig.len = rsa_pk.bytes;
    *rsa_off = 0;
    break;
  }
  default: {                        /* CBC-PKCS#7, IV = the nonce */
    size_t clen = 0;
    FUZZ_CHECK(qed_aes_init(&aes, orig.key, 16) == 0);
    FUZZ_CHECK(qed_aes_cbc_pkcs7_encrypt(&aes, orig.nonce, w, &clen, msg, mlen) == 0);
    FUZZ_CHECK(clen == mlen + 16 - mlen % 16);
    orig.len = clen;
    qed_aes_wipe(&aes);
    break;
  }
  }
}

/* ---- opening cur: the verdict (0/-1); the message into out ---- */

static void check_refused_zero(const uint8_t *p, size_t n)
{
  FUZZ_CHECK(fuzz_is_zero(p, n));
}

/* Open cur with algorithm alg; mlen_out receives the message length on
 * success.  Checks every refusal contract itself. */
static int open_cur(unsigned alg, size_t *mlen_out)
{
  const uint8_t *w = cur.wire;
  const size_t len = cur.len;
  qed_aes_ctx aes;
  int rc;
  memset(out, 0xA5, sizeof out);
  *mlen_out = 0;
  switch (alg) {
  case A_GCM:
  case A_GCM_STREAM: {
    if (len < 16)
      return -1;                    /* no room for a tag: nothing to call */
    const size_t clen = len - 16, ivlen = 1 + cur.key[41] % 64;
    FUZZ_CHECK(qed_aes_init(&aes, cur.key, 16 + 8 * (cur.key[40] % 3)) == 0);
    if (alg == A_GCM) {
      rc = qed_aes_gcm_decrypt(&aes, out, w, clen, w + clen, cur.ad, cur.adlen,
                               cur.nonce, ivlen);
      if (rc != 0)
        check_refused_zero(out, clen);
    } else {
      qed_aes_gcm_state st;
      FUZZ_CHECK(qed_aes_gcm_init(&st, &aes, cur.nonce, ivlen) == 0);
      FUZZ_CHECK(qed_aes_gcm_update_ad(&st, cur.ad, cur.adlen) == 0);
      FUZZ_CHECK(qed_aes_gcm_decrypt_update(&st, &aes, out, w, clen) == 0);
      rc = qed_aes_gcm_decrypt_final(&st, w + clen);
    }
    qed_aes_wipe(&aes);
    *mlen_out = clen;
    return rc;
  }
  case A_ASCON:
    if (len < 16)
      return -1;
    rc = qed_ascon_aead128_decrypt(out, w, len - 16, w + len - 16, cur.ad,
                                   cur.adlen, cur.nonce, cur.key);
    if (rc != 0)
      check_refused_zero(out, len - 16);
    *mlen_out = len - 16;
    return rc;
  case A_SECRETBOX:
  case A_BOX:
  case A_BOX_AFTERNM: {
    uint8_t pk[32], k[32];
    if (alg == A_SECRETBOX) {
      rc = qed_crypto_secretbox_open(out, w, len, cur.nonce, cur.key);
    } else {
      /* the receiver: its secret key orig.key[32..63], the sender's
       * public key from orig.key[0..31] */
      FUZZ_CHECK(qed_crypto_scalarmult_base(pk, cur.key) == 0);
      if (alg == A_BOX) {
        rc = qed_crypto_box_open(out, w, len, cur.nonce, pk, cur.key + 32);
      } else {
        FUZZ_CHECK(qed_crypto_box_beforenm(k, pk, cur.key + 32) == 0);
        rc = qed_crypto_box_open_afternm(out, w, len, cur.nonce, k);
      }
    }
    if (rc != 0) {
      check_refused_zero(out, len);
      return rc;
    }
    FUZZ_CHECK(len >= 32 && fuzz_is_zero(out, 32));
    memmove(out, out + 32, len - 32);
    *mlen_out = len - 32;
    return 0;
  }
  case A_SECRETBOX_EASY:
  case A_BOX_EASY: {
    if (alg == A_SECRETBOX_EASY) {
      rc = qed_crypto_secretbox_open_easy(out, w, len, cur.nonce, cur.key);
    } else {
      uint8_t pk[32];
      FUZZ_CHECK(qed_crypto_scalarmult_base(pk, cur.key) == 0);
      rc = qed_crypto_box_open_easy(out, w, len, cur.nonce, pk, cur.key + 32);
    }
    if (rc != 0 && len >= 16)
      check_refused_zero(out, len - 16);
    if (rc != 0 && len < 16)
      FUZZ_CHECK(out[0] == 0xA5);   /* nothing to write, nothing written */
    *mlen_out = len >= 16 ? len - 16 : 0;
    return rc;
  }
  case A_SIGN_OPEN: {
    size_t ml = 12345;
    rc = qed_crypto_sign_open(out, &ml, w, len, cur.key + 32);
    if (rc != 0) {
      FUZZ_CHECK(ml == 0);
      if (len >= 64)
        check_refused_zero(out, len - 64);
    } else {
      FUZZ_CHECK(ml == len - 64);
    }
    *mlen_out = ml;
    return rc;
  }
  case A_SIGN_DETACHED:
    if (len < 64)
      return -1;
    rc = qed_crypto_sign_verify_detached(w, w + 64, len - 64, cur.key + 32);
    memcpy(out, w + 64, len - 64);
    *mlen_out = len - 64;
    return rc;
  case A_KETJE_JR:
  case A_KETJE_SR:
  case A_KETJE_MINOR:
  case A_KETJE_MAJOR: {
    const unsigned v = alg - A_KETJE_JR;
    if (len < KETJE_TAG[v])
      return -1;
    const size_t clen = len - KETJE_TAG[v];
    rc = KETJE_DEC[v](out, w, clen, w + clen, cur.ad, cur.adlen, cur.nonce, cur.key);
    if (rc != 0)
      check_refused_zero(out, clen);
    *mlen_out = clen;
    return rc;
  }
  case A_KETJE_SESSION: {
    if (len < 16)
      return -1;
    qed_ketje_ctx c;
    FUZZ_CHECK(qed_ketje_init(&c, QED_KETJE_SR, cur.key, 16, cur.nonce, 20) == 0);
    rc = qed_ketje_unwrap(&c, out, cur.ad, cur.adlen, w, len - 16, w + len - 16, 16);
    if (rc != 0) {
      check_refused_zero(out, len - 16);
      /* the session is over: every later call refuses */
      uint8_t t[16];
      FUZZ_CHECK(qed_ketje_wrap(&c, t, t, 0, NULL, 0, NULL, 0) == -1);
    }
    qed_ketje_wipe(&c);
    *mlen_out = len - 16;
    return rc;
  }
  case A_POLY1305:
    if (len < 16)
      return -1;
    rc = qed_crypto_onetimeauth_verify(w, w + 16, len - 16, cur.key);
    memcpy(out, w + 16, len - 16);
    *mlen_out = len - 16;
    return rc;
  case A_RSA_PKCS1:
  case A_RSA_PSS: {
    const size_t k = rsa_pk.bytes;
    const qed_hash_id h = (qed_hash_id)(1 + cur.key[0] % 3);
    /* the signature is the first k bytes when the wire has them; a
     * truncated wire gives a short signature and no message */
    const size_t siglen = len < k ? len : k;
    if (alg == A_RSA_PKCS1)
      rc = qed_rsa_pkcs1v15_verify(&rsa_pk, h, w + siglen, len - siglen, w, siglen);
    else
      rc = qed_rsa_pss_verify(&rsa_pk, h, cur.key[1] % 33, w + siglen,
                              len - siglen, w, siglen);
    memcpy(out, w + siglen, len - siglen);
    *mlen_out = len - siglen;
    return rc;
  }
  case A_RSA_OAEP: {
    const qed_hash_id h = (qed_hash_id)(1 + cur.key[0] % 3);
    size_t ml = 777;
    rc = qed_rsa_oaep_decrypt(out, &ml, MAX_MSG, &rsa_sk, h, cur.ad, cur.adlen, w, len);
    if (rc != 0) {
      FUZZ_CHECK(ml == 0);
      check_refused_zero(out, MAX_MSG);
    }
    *mlen_out = ml;
    return rc;
  }
  default: {
    size_t ml = 999;
    FUZZ_CHECK(qed_aes_init(&aes, cur.key, 16) == 0);
    rc = qed_aes_cbc_pkcs7_decrypt(&aes, cur.nonce, out, &ml, w, len);
    if (rc != 0) {
      FUZZ_CHECK(ml == 0);
      for (size_t i = 0; i < len; i++)   /* no byte of out changed */
        FUZZ_CHECK(out[i] == 0xA5);
    }
    qed_aes_wipe(&aes);
    *mlen_out = ml;
    return rc;
  }
  }
}

static void load_rsa_key(void)
{
  if (rsa_ready)
    return;
  FUZZ_CHECK(qed_rsa_private_from_der(&rsa_sk, FUZZ_RSA_PRIV_DER, sizeof FUZZ_RSA_PRIV_DER) == 0);
  FUZZ_CHECK(qed_rsa_public_from_der(&rsa_pk, FUZZ_RSA_PUB_DER, sizeof FUZZ_RSA_PUB_DER) == 0);
  rsa_ready = 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_in in = { data, size };
  const unsigned alg = fuzz_u8(&in) % A_COUNT;
  qed_fuzz_backend_cap = fuzz_u8(&in) % (qed_fuzz_backend_max() + 1);
  const int mutated = fuzz_u8(&in) & 1;
  const uint8_t *p;
  size_t n;
  load_rsa_key();

  memset(&orig, 0, sizeof orig);
  fuzz_fill(&in, orig.key, sizeof orig.key);
  fuzz_fill(&in, orig.nonce, sizeof orig.nonce);
  p = fuzz_bytes(&in, sizeof orig.ad, &n);
  memcpy(orig.ad, p, n);
  orig.adlen = n;

  if (!mutated) {
    /* random: the wire straight from the input */
    p = fuzz_bytes(&in, WIRE, &n);
    memcpy(orig.wire, p, n);
    orig.len = n;
    cur = orig;
    size_t ml;
    const int rc = open_cur(alg, &ml);
    if (rc == 0 && alg != A_CBC_PKCS7) {
      /* The input may hold an honest ciphertext (a seed from the vectors,
       * or a mutation that undid an edit): then sealing what came out,
       * under the same key, nonce and AD, gives the wire bytes back.
       * Anything else accepted is a forgery.  The signatures (keys from
       * the input, no valid signature in any seed) and OAEP (randomized)
       * have no such way out: accepted is a finding. */
      const int resealable = alg <= A_KETJE_SESSION && alg != A_SIGN_OPEN &&
                             alg != A_SIGN_DETACHED;
      FUZZ_CHECK(resealable || alg == A_POLY1305);
      static sealed opened;
      opened = cur;
      memcpy(msg, out, ml);
      size_t sig_off, rsa_off;
      seal(alg, ml, &sig_off, &rsa_off);
      cur = opened;
      FUZZ_CHECK(unchanged(alg));
    }
    qed_fuzz_backend_cap = 2;
    return 0;
  }

  size_t mlen = fuzz_message(&in, msg, alg >= A_RSA_PKCS1 && alg <= A_RSA_OAEP ? 200 : MAX_MSG);
  if (alg == A_RSA_OAEP) {
    /* OAEP carries at most k - 2 hLen - 2 bytes */
    const size_t hlen[3] = { 32, 48, 64 };
    const size_t max = rsa_pk.bytes - 2 * hlen[orig.key[0] % 3] - 2;
    if (mlen > max)
      mlen = max;
  }
  size_t sig_off, rsa_off;
  seal(alg, mlen, &sig_off, &rsa_off);
  cur = orig;
  edit(&in, alg, sig_off, rsa_off);
  size_t ml;
  const int rc = open_cur(alg, &ml);
  if (alg == A_CBC_PKCS7) {
    /* unauthenticated: the unchanged ciphertext must decrypt; a changed
     * one only has to keep the refusal contract (checked in open_cur) */
    if (unchanged(alg))
      FUZZ_CHECK(rc == 0 && ml == mlen && memcmp(out, msg, mlen) == 0);
  } else if (unchanged(alg)) {
    FUZZ_CHECK(rc == 0);
    FUZZ_CHECK(ml == mlen && memcmp(out, msg, mlen) == 0);
  } else {
    FUZZ_CHECK(rc == -1);
  }
  qed_fuzz_backend_cap = 2;
  return 0;
}
