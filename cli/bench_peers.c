/* The peer libraries of `qed bench` (see bench_peers.h): loaded with
 * dlopen() by soname, their functions found with dlsym().  Their types
 * are declared here from their documented prototypes (OpenSSL 3 EVP,
 * libsodium), with opaque handles as void *, so no header or library of
 * theirs is needed to build qed.  Each op does what `make bench` times:
 * one EVP_MD_CTX / EVP_CIPHER_CTX set up once and re-initialised per
 * message (the algorithm fetched once, not at every init), libsodium's
 * one-shot functions. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "bench_peers.h"

const uint8_t bench_key[32] = {
  0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88,
  0x09, 0xcf, 0x4f, 0x3c, 0xa5, 0x46, 0x8f, 0x12, 0x05, 0x3b, 0x9e, 0x70,
  0x11, 0x62, 0xd4, 0x9c, 0x27, 0x80, 0x3f, 0x5e};
const uint8_t bench_nonce[24] = {
  0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb,
  0xfc, 0xfd, 0xfe, 0xff, 0x69, 0x69, 0x6e, 0xe9, 0x55, 0xb6, 0x2b, 0x73};
/* RFC 7748 5.2, the first test's u-coordinate. */
const uint8_t bench_point[32] = {
  0xe6, 0xdb, 0x68, 0x67, 0x58, 0x30, 0x30, 0xdb, 0x35, 0x94, 0xc1, 0xa4,
  0x24, 0xb1, 0x5f, 0x7c, 0x72, 0x66, 0x45, 0x50, 0xab, 0xb9, 0xea, 0xa6,
  0x43, 0xa1, 0x19, 0x35, 0xa4, 0x48, 0x9b, 0x87};
uint8_t bench_ed_pk[32], bench_ed_sk[64], bench_ed_sig[64];

const char *const bench_peer_name[BENCH_PEERS] = {"OpenSSL", "libsodium"};
static const char *const soname[BENCH_PEERS] = {"libcrypto.so.3",
                                                 "libsodium.so.23"};
static void *lib[BENCH_PEERS];
static char why[BENCH_PEERS][160];     /* dlerror() when not loaded */
static char missing[BENCH_PEERS][400]; /* symbols not found */

/* dlsym into a function pointer of any type (ISO C has no conversion
 * from void * to a function pointer; POSIX guarantees the bytes fit). */
static int sym(int p, const char *name, void *fp, size_t size)
{
  void *v = lib[p] ? dlsym(lib[p], name) : NULL;
  if (v == NULL) {
    size_t len = strlen(missing[p]);
    if (lib[p] && len + strlen(name) + 2 < sizeof missing[p])
      snprintf(missing[p] + len, sizeof missing[p] - len, "%s%s",
               len ? " " : "", name);
    return 0;
  }
  memcpy(fp, &v, size);
  return 1;
}
#define SYM(p, name, fp) sym(p, name, &(fp), sizeof(fp))

/* ---- OpenSSL 3 (libcrypto.so.3) ---- */
static const char *(*OpenSSL_version)(int);
static void *(*EVP_MD_fetch)(void *, const char *, const char *);
static void (*EVP_MD_free)(void *);
static void *(*EVP_MD_CTX_new)(void);
static void (*EVP_MD_CTX_free)(void *);
static int (*EVP_DigestInit_ex)(void *, const void *, void *);
static int (*EVP_DigestUpdate)(void *, const void *, size_t);
static int (*EVP_DigestFinal_ex)(void *, unsigned char *, unsigned int *);
static int (*EVP_DigestFinalXOF)(void *, unsigned char *, size_t);
static void *(*EVP_CIPHER_CTX_new)(void);
static void (*EVP_CIPHER_CTX_free)(void *);
static const void *(*EVP_aes_128_ctr)(void);
static const void *(*EVP_aes_128_gcm)(void);
static int (*EVP_EncryptInit_ex)(void *, const void *, void *,
                                 const unsigned char *, const unsigned char *);
static int (*EVP_EncryptUpdate)(void *, unsigned char *, int *,
                                const unsigned char *, int);
static int (*EVP_EncryptFinal_ex)(void *, unsigned char *, int *);
static int (*EVP_CIPHER_CTX_ctrl)(void *, int, int, void *);
#define OSSL_CTRL_AEAD_GET_TAG 0x10   /* EVP_CTRL_AEAD_GET_TAG */

enum { MD_SHA3_256, MD_SHAKE128, MD_SHA256, MD_SHA512, MD_COUNT };
static const char *const md_name[MD_COUNT] = {"SHA3-256", "SHAKE128",
                                               "SHA256", "SHA512"};
static void *md[MD_COUNT], *md_ctx, *ctr_ctx, *gcm_ctx;
static int ossl_digest_ok, ossl_cipher_ok;

static int ossl_digest(int which, size_t xof_len, uint8_t *out,
                       const uint8_t *in, size_t n)
{
  if (EVP_DigestInit_ex(md_ctx, md[which], NULL) != 1 ||
      EVP_DigestUpdate(md_ctx, in, n) != 1)
    return -1;
  if (xof_len) return EVP_DigestFinalXOF(md_ctx, out, xof_len) == 1 ? 0 : -1;
  return EVP_DigestFinal_ex(md_ctx, out, NULL) == 1 ? 0 : -1;
}
static int o_sha3(uint8_t *o, const uint8_t *i, size_t n) { return ossl_digest(MD_SHA3_256, 0, o, i, n); }
static int o_shake(uint8_t *o, const uint8_t *i, size_t n) { return ossl_digest(MD_SHAKE128, 32, o, i, n); }
static int o_sha256(uint8_t *o, const uint8_t *i, size_t n) { return ossl_digest(MD_SHA256, 0, o, i, n); }
static int o_sha512(uint8_t *o, const uint8_t *i, size_t n) { return ossl_digest(MD_SHA512, 0, o, i, n); }

static int o_ctr(uint8_t *out, const uint8_t *in, size_t n)
{
  int l = 0;
  if (n > 0x7fffffff ||
      EVP_EncryptInit_ex(ctr_ctx, NULL, NULL, NULL, bench_nonce) != 1 ||
      EVP_EncryptUpdate(ctr_ctx, out, &l, in, (int)n) != 1)
    return -1;
  return 0;
}

/* Ciphertext, then the 16-byte tag; no associated data. */
static int o_gcm(uint8_t *out, const uint8_t *in, size_t n)
{
  int l = 0, l2 = 0;
  if (n > 0x7fffffff ||
      EVP_EncryptInit_ex(gcm_ctx, NULL, NULL, NULL, bench_nonce) != 1 ||
      EVP_EncryptUpdate(gcm_ctx, out, &l, in, (int)n) != 1 ||
      EVP_EncryptFinal_ex(gcm_ctx, out + l, &l2) != 1 ||
      EVP_CIPHER_CTX_ctrl(gcm_ctx, OSSL_CTRL_AEAD_GET_TAG, 16, out + n) != 1)
    return -1;
  return 0;
}

static void ossl_open(void)
{
  int k, ok;
  (void)SYM(0, "OpenSSL_version", OpenSSL_version);
  ok = SYM(0, "EVP_MD_fetch", EVP_MD_fetch) & SYM(0, "EVP_MD_free", EVP_MD_free) &
       SYM(0, "EVP_MD_CTX_new", EVP_MD_CTX_new) &
       SYM(0, "EVP_MD_CTX_free", EVP_MD_CTX_free) &
       SYM(0, "EVP_DigestInit_ex", EVP_DigestInit_ex) &
       SYM(0, "EVP_DigestUpdate", EVP_DigestUpdate) &
       SYM(0, "EVP_DigestFinal_ex", EVP_DigestFinal_ex) &
       SYM(0, "EVP_DigestFinalXOF", EVP_DigestFinalXOF);
  if (ok && (md_ctx = EVP_MD_CTX_new()) != NULL) {
    ossl_digest_ok = 1;
    for (k = 0; k < MD_COUNT; k++) md[k] = EVP_MD_fetch(NULL, md_name[k], NULL);
  }
  ok = SYM(0, "EVP_CIPHER_CTX_new", EVP_CIPHER_CTX_new) &
       SYM(0, "EVP_CIPHER_CTX_free", EVP_CIPHER_CTX_free) &
       SYM(0, "EVP_aes_128_ctr", EVP_aes_128_ctr) &
       SYM(0, "EVP_aes_128_gcm", EVP_aes_128_gcm) &
       SYM(0, "EVP_EncryptInit_ex", EVP_EncryptInit_ex) &
       SYM(0, "EVP_EncryptUpdate", EVP_EncryptUpdate) &
       SYM(0, "EVP_EncryptFinal_ex", EVP_EncryptFinal_ex) &
       SYM(0, "EVP_CIPHER_CTX_ctrl", EVP_CIPHER_CTX_ctrl);
  if (ok) {
    ctr_ctx = EVP_CIPHER_CTX_new();
    gcm_ctx = EVP_CIPHER_CTX_new();
    /* The key is set once; each message re-initialises the IV only. */
    ossl_cipher_ok =
        ctr_ctx && gcm_ctx &&
        EVP_EncryptInit_ex(ctr_ctx, EVP_aes_128_ctr(), NULL, bench_key, bench_nonce) == 1 &&
        EVP_EncryptInit_ex(gcm_ctx, EVP_aes_128_gcm(), NULL, bench_key, bench_nonce) == 1;
  }
}

/* ---- libsodium (libsodium.so.23) ---- */
static int (*sodium_init)(void);
static const char *(*sodium_version_string)(void);
static int (*crypto_hash_sha256)(unsigned char *, const unsigned char *,
                                 unsigned long long);
static int (*crypto_hash_sha512)(unsigned char *, const unsigned char *,
                                 unsigned long long);
static int (*crypto_scalarmult)(unsigned char *, const unsigned char *,
                                const unsigned char *);
static int (*crypto_sign_detached)(unsigned char *, unsigned long long *,
                                   const unsigned char *, unsigned long long,
                                   const unsigned char *);
static int (*crypto_sign_verify_detached)(const unsigned char *,
                                          const unsigned char *,
                                          unsigned long long,
                                          const unsigned char *);
static int (*crypto_secretbox_easy)(unsigned char *, const unsigned char *,
                                    unsigned long long, const unsigned char *,
                                    const unsigned char *);
static int (*crypto_onetimeauth)(unsigned char *, const unsigned char *,
                                 unsigned long long, const unsigned char *);
static int sodium_ok;

static int s_sha256(uint8_t *o, const uint8_t *i, size_t n) { return crypto_hash_sha256(o, i, n) ? -1 : 0; }
static int s_sha512(uint8_t *o, const uint8_t *i, size_t n) { return crypto_hash_sha512(o, i, n) ? -1 : 0; }
static int s_x25519(uint8_t *o, const uint8_t *i, size_t n)
{
  (void)i; (void)n;
  return crypto_scalarmult(o, bench_key, bench_point) ? -1 : 0;
}
static int s_sign(uint8_t *o, const uint8_t *i, size_t n)
{
  return crypto_sign_detached(o, NULL, i, n, bench_ed_sk) ? -1 : 0;
}
/* The verdict as one byte (1 = valid), so it is compared with qed's. */
static int s_verify(uint8_t *o, const uint8_t *i, size_t n)
{
  o[0] = (uint8_t)(crypto_sign_verify_detached(bench_ed_sig, i, n, bench_ed_pk) == 0);
  return 0;
}
static int s_secretbox(uint8_t *o, const uint8_t *i, size_t n)
{
  return crypto_secretbox_easy(o, i, n, bench_nonce, bench_key) ? -1 : 0;
}
static int s_poly(uint8_t *o, const uint8_t *i, size_t n)
{
  return crypto_onetimeauth(o, i, n, bench_key) ? -1 : 0;
}

static void sodium_open(void)
{
  (void)SYM(1, "sodium_version_string", sodium_version_string);
  sodium_ok = SYM(1, "sodium_init", sodium_init) && sodium_init() >= 0;
  (void)SYM(1, "crypto_hash_sha256", crypto_hash_sha256);
  (void)SYM(1, "crypto_hash_sha512", crypto_hash_sha512);
  (void)SYM(1, "crypto_scalarmult", crypto_scalarmult);
  (void)SYM(1, "crypto_sign_detached", crypto_sign_detached);
  (void)SYM(1, "crypto_sign_verify_detached", crypto_sign_verify_detached);
  (void)SYM(1, "crypto_secretbox_easy", crypto_secretbox_easy);
  (void)SYM(1, "crypto_onetimeauth", crypto_onetimeauth);
}

/* ---- the table of ops ---- */
bench_op peer_op(int p, const char *what)
{
  if (p == 0 && lib[0]) {
    if (ossl_digest_ok) {
      if (strcmp(what, "SHA3-256") == 0) return md[MD_SHA3_256] ? o_sha3 : NULL;
      if (strcmp(what, "SHAKE128") == 0) return md[MD_SHAKE128] ? o_shake : NULL;
      if (strcmp(what, "SHA-256") == 0) return md[MD_SHA256] ? o_sha256 : NULL;
      if (strcmp(what, "SHA-512") == 0) return md[MD_SHA512] ? o_sha512 : NULL;
    }
    if (ossl_cipher_ok) {
      if (strcmp(what, "AES-128-CTR") == 0) return o_ctr;
      if (strcmp(what, "AES-128-GCM") == 0) return o_gcm;
    }
  }
  if (p == 1 && lib[1] && sodium_ok) {
    if (strcmp(what, "SHA-256") == 0) return crypto_hash_sha256 ? s_sha256 : NULL;
    if (strcmp(what, "SHA-512") == 0) return crypto_hash_sha512 ? s_sha512 : NULL;
    if (strcmp(what, "X25519") == 0) return crypto_scalarmult ? s_x25519 : NULL;
    if (strcmp(what, "Ed25519 sign") == 0) return crypto_sign_detached ? s_sign : NULL;
    if (strcmp(what, "Ed25519 verify") == 0)
      return crypto_sign_verify_detached ? s_verify : NULL;
    if (strcmp(what, "secretbox") == 0) return crypto_secretbox_easy ? s_secretbox : NULL;
    if (strcmp(what, "Poly1305") == 0) return crypto_onetimeauth ? s_poly : NULL;
  }
  return NULL;
}

int peers_open(void)
{
  static int opened = -1;
  int p;
  if (opened >= 0) return opened;
  opened = 0;
  for (p = 0; p < BENCH_PEERS; p++) {
    const char *e;
    lib[p] = dlopen(soname[p], RTLD_NOW | RTLD_LOCAL);
    if (lib[p] == NULL) {
      e = dlerror();
      snprintf(why[p], sizeof why[p], "%s", e ? e : "not found");
    } else {
      opened++;
    }
  }
  if (lib[0]) ossl_open();
  if (lib[1]) sodium_open();
  return opened;
}

void peers_list(void)
{
  int p;
  for (p = 0; p < BENCH_PEERS; p++) {
    if (lib[p] == NULL) {
      printf("%-10s %-16s not loaded: %s\n", bench_peer_name[p], soname[p],
             why[p][0] ? why[p] : "not tried");
      continue;
    }
    printf("%-10s %-16s loaded, %s", bench_peer_name[p], soname[p],
           p == 0 ? (OpenSSL_version ? OpenSSL_version(0) : "version unknown")
                  : (sodium_version_string ? sodium_version_string()
                                           : "version unknown"));
    if (missing[p][0]) printf("; missing: %s", missing[p]);
    if (p == 0 && ossl_digest_ok) {
      int k;
      for (k = 0; k < MD_COUNT; k++)
        if (md[k] == NULL) printf("; no %s digest", md_name[k]);
    }
    if (p == 1 && !sodium_ok) printf("; sodium_init failed");
    printf("\n");
  }
}

void peers_close(void)
{
  int k;
  if (lib[0]) {
    if (md_ctx) EVP_MD_CTX_free(md_ctx);
    for (k = 0; k < MD_COUNT; k++)
      if (md[k]) EVP_MD_free(md[k]);
    if (ctr_ctx) EVP_CIPHER_CTX_free(ctr_ctx);
    if (gcm_ctx) EVP_CIPHER_CTX_free(gcm_ctx);
  }
  /* The libraries stay mapped: OpenSSL registers exit handlers that
   * would run after a dlclose(). */
}
