/* The freestanding test program: a few known answers from the official
 * documents, through the portable library built with -ffreestanding
 * -nostdlib (make freestanding).  No C library: no printf, so the result
 * is the exit status, the number of failed checks (0 = all passed).
 * What the program proves is that the library links and computes right
 * with only memcpy and memset from outside; the families' own tests
 * cover the functions themselves. */
#include <stddef.h>
#include <stdint.h>

#include "qed/qed.h"

int fs_main(void);

static int hexval(char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return c - 'A' + 10;
}

/* out[0 .. n-1] from 2n hex digits. */
static void unhex(uint8_t *out, const char *hex, size_t n)
{
  for (size_t i = 0; i < n; i++)
    out[i] = (uint8_t)(hexval(hex[2 * i]) << 4 | hexval(hex[2 * i + 1]));
}

/* 1 if got[0 .. n-1] differs from the hex string want. */
static int differs(const uint8_t *got, const char *want, size_t n)
{
  uint8_t w[128];
  unhex(w, want, n);
  int d = 0;
  for (size_t i = 0; i < n; i++)
    d |= got[i] != w[i];
  return d;
}

/* FIPS 202 example: SHA3-256("abc"). */
static int kat_sha3(void)
{
  uint8_t d[32];
  qed_sha3_256(d, (const uint8_t *)"abc", 3);
  return differs(d, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532", 32);
}

/* RFC 8032 section 7.1, TEST 1 (empty message); the signature verifies
 * and a signature with one bit flipped does not. */
static int kat_ed25519(void)
{
  uint8_t seed[32], pk[32], sk[64], sig[64];
  int bad = 0;
  unhex(seed, "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60", 32);
  bad |= qed_crypto_sign_seed_keypair(pk, sk, seed) != 0;
  bad |= differs(pk, "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", 32);
  bad |= qed_crypto_sign_detached(sig, (const uint8_t *)"", 0, sk) != 0;
  bad |= differs(sig, "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b", 64);
  bad |= qed_crypto_sign_verify_detached(sig, (const uint8_t *)"", 0, pk) != 0;
  sig[5] ^= 1;
  bad |= qed_crypto_sign_verify_detached(sig, (const uint8_t *)"", 0, pk) != -1;
  return bad;
}

/* RFC 7748 section 5.2, first X25519 example. */
static int kat_x25519(void)
{
  uint8_t n[32], p[32], q[32];
  unhex(n, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4", 32);
  unhex(p, "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c", 32);
  int bad = qed_crypto_scalarmult(q, n, p) != 0;
  return bad | differs(q, "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552", 32);
}

/* FIPS 197 appendix C.1: AES-128, on the portable bitsliced core. */
static int kat_aes(void)
{
  uint8_t key[16], pt[16], ct[16];
  qed_aes_ctx ctx;
  unhex(key, "000102030405060708090a0b0c0d0e0f", 16);
  unhex(pt, "00112233445566778899aabbccddeeff", 16);
  int bad = qed_aes_init(&ctx, key, sizeof key) != 0;
  qed_aes_ecb_encrypt(&ctx, ct, pt, 1);
  qed_aes_wipe(&ctx);
  return bad | differs(ct, "69c4e0d86a7b0430d8cdb78070b4c55a", 16);
}

/* Skein 1.3 specification, appendix C: Skein-512-512 of the byte FF. */
static int kat_skein(void)
{
  uint8_t d[64];
  const uint8_t m = 0xff;
  int bad = qed_skein512(d, sizeof d, &m, 1) != 0;
  return bad | differs(d, "71b7bce6fe6452227b9ced6014249e5bf9a9754c3ad618ccc4e0aae16b316cc8ca698d864307ed3e80b6ef1570812ac5272dc409b5a012df2a579102f340617a", 64);
}

/* SP 800-232 known answers (ascon-c, LWC_HASH_KAT_128_256.txt Count = 1):
 * Ascon-Hash256 of the empty message. */
static int kat_ascon(void)
{
  uint8_t d[32];
  qed_ascon_hash256(d, (const uint8_t *)"", 0);
  return differs(d, "0b3be5850f2f6b98caf29f8fdea89b64a1fa70aa249b8f839bd53baa304d92b2", 32);
}

int fs_main(void)
{
  return kat_sha3() + kat_ed25519() + kat_x25519() + kat_aes() +
         kat_skein() + kat_ascon();
}
