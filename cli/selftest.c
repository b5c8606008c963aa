/* qed selftest: known-answer tests compiled into the tool, to check an
 * installed copy of the library.  The expected values are copied from the
 * official vectors in tests/vectors (file named next to each).  Every hash
 * is computed twice: in one update and one byte at a time, so that both
 * the one-shot path and the streaming buffer logic are exercised. */
#include <string.h>

#include "qed/aes.h"
#include "qed/nacl.h"
#include "cli.h"

typedef struct {
  const char *alg;     /* qed sum name */
  const char *msg;     /* hex */
  unsigned bits;       /* output */
  const char *custom;  /* -S, or NULL */
  const char *digest;  /* hex */
} hash_kat;

static const hash_kat hash_kats[] = {
  /* sha3/SHA3_256ShortMsg.rsp and FIPS 202 examples */
  {"sha3-256", "616263", 256, NULL,
   "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
  {"sha3-512", "", 512, NULL,
   "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
   "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"},
  /* keccak/ShortMsgKAT_256.txt, Len = 0 */
  {"keccak-256", "", 256, NULL,
   "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"},
  /* shake/SHAKE128VariableOut.rsp style: SHAKE128 of the empty string */
  {"shake128", "", 256, NULL,
   "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"},
  /* sp800_185/cSHAKE_128_samples.txt, sample 1 */
  {"cshake128", "00010203", 256, "Email Signature",
   "c1c36925b6409a04f1b504fcbca9d82b4017277cb5ed2b2065fc1d3814d5aaf5"},
  /* sp800_185/ParallelHash128_samples.txt, sample 2 (B = 8) */
  {"parallelhash128", "000102030405060710111213141516172021222324252627",
   256, "Parallel Data",
   "fc484dcb3f84dceedc353438151bee58157d6efed0445a81f165e495795b7206"},
  /* rfc9861/rfc9861-kat.txt */
  {"turboshake128", "", 256, NULL,
   "1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c"},
  {"kt128", "", 256, NULL,
   "1ac2d450fc3b4205d19da7bfca1b37513c0803577ac7167f06fe2ce1f0ef39e5"},
  {"kt256", "", 512, NULL,
   "b23d2e9cea9f4904e02bec06817fc10ce38ce8e93ef4c89e6537076af8646404"
   "e3e8b68107b8833a5d30490aa33482353fd4adc7148ecb782855003aaebde4a9"},
  /* ascon/LWC_HASH_KAT_128_256.txt, LWC_XOF_KAT_128_512.txt,
   * LWC_CXOF_KAT_128_512.txt: Count = 1, 2 */
  {"ascon-hash256", "", 256, NULL,
   "0b3be5850f2f6b98caf29f8fdea89b64a1fa70aa249b8f839bd53baa304d92b2"},
  {"ascon-hash256", "00", 256, NULL,
   "0728621035af3ed2bca03bf6fde900f9456f5330e4b5ee23e7f6a1e70291bc80"},
  {"ascon-xof128", "", 512, NULL,
   "473d5e6164f58b39dfd84aacdb8ae42ec2d91fed33388ee0d960d9b3993295c6"
   "ad77855a5d3b13fe6ad9e6098988373af7d0956d05a8f1665d2c67d1a3ad10ff"},
  {"ascon-cxof128", "", 512, "\x10",
   "0c93a483e7d574d49fe52cce03ee646117977d57a8aa57704ab4daf44b501430"
   "ff6ac11a5d1fd6f2154b5c65728268270c8bb578508487b8965718ada6272fd6"},
  /* gimli/gimli_hash.txt, Len = 0 */
  {"gimli-hash", "", 256, NULL,
   "b0634b2c0b082aedc5c0a2fe4ee3adcfc989ec05de6f00addb04b3aaac271f67"},
  /* skein/skein_v13_spec_appendixC_short_kat.json */
  {"skein-256", "ff", 256, NULL,
   "0b98dcd198ea0e50a7a244c444e25c23da30c10fc9a1f270a6637f1f34e67ed2"},
  {"skein-512", "ff", 512, NULL,
   "71b7bce6fe6452227b9ced6014249e5bf9a9754c3ad618ccc4e0aae16b316cc8"
   "ca698d864307ed3e80b6ef1570812ac5272dc409b5a012df2a579102f340617a"},
  /* sha2/SHA512ShortMsg.rsp (FIPS 180 "abc") */
  {"sha512", "616263", 512, NULL,
   "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
   "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
  {"sha256", "616263", 256, NULL,
   "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
};

static int failures, passes;

static void result(const char *what, int ok)
{
  printf("%-40s %s\n", what, ok ? "ok" : "FAILED");
  if (ok) passes++;
  else failures++;
}

static void unhex(uint8_t *out, size_t max, size_t *len, const char *hex)
{
  if (cli_unhex(out, max, len, hex, strlen(hex)) != 0) *len = 0;
}

static void hash_tests(void)
{
  static uint8_t msg[256], want[128], got[128], got2[128];
  size_t k, i, mlen, wlen;
  for (k = 0; k < sizeof hash_kats / sizeof hash_kats[0]; k++) {
    const hash_kat *t = &hash_kats[k];
    const cli_alg *a = cli_find_alg(t->alg);
    cli_params p;
    cli_hash h;
    char what[64];
    int ok;
    memset(&p, 0, sizeof p);
    p.block = 8;
    p.domain = 0x1F;
    if (t->custom) {
      p.custom = (const uint8_t *)t->custom;
      p.customlen = strlen(t->custom);
    }
    unhex(msg, sizeof msg, &mlen, t->msg);
    unhex(want, sizeof want, &wlen, t->digest);
    ok = a != NULL && wlen == t->bits / 8;
    /* in one update */
    ok = ok && cli_hash_begin(&h, a, wlen, &p) == 0 &&
         cli_hash_update(&h, msg, mlen) == 0 && cli_hash_end(&h, got) == 0 &&
         memcmp(got, want, wlen) == 0;
    /* one byte at a time */
    if (ok && cli_hash_begin(&h, a, wlen, &p) == 0) {
      for (i = 0; i < mlen; i++)
        if (cli_hash_update(&h, msg + i, 1) != 0) ok = 0;
      ok = ok && cli_hash_end(&h, got2) == 0 && memcmp(got2, want, wlen) == 0;
    } else {
      ok = 0;
    }
    snprintf(what, sizeof what, "%s (%zu-byte message)", t->alg, mlen);
    result(what, ok);
  }
}

static void mac_tests(void)
{
  uint8_t key[32], msg[4], want[32], got[32];
  size_t kl, ml, wl;
  /* sp800_185/KMAC_128_samples.txt, sample 1 */
  unhex(key, sizeof key, &kl,
        "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f");
  unhex(msg, sizeof msg, &ml, "00010203");
  unhex(want, sizeof want, &wl,
        "e5780b0d3ea6f7d3a429c5706aa43a00fadbd7d49628839e3187243f456ee14e");
  qed_kmac128(got, 32, key, kl, msg, ml, NULL, 0);
  result("kmac128 (NIST sample 1)", memcmp(got, want, 32) == 0);
}

static void aead_tests(void)
{
  uint8_t key[16], nonce[16], tag[16], want[16], c[1], blk[16], pt[16];
  size_t l;
  qed_aes_ctx aes;
  /* ascon/LWC_AEAD_KAT_128_128.txt, Count = 1 */
  unhex(key, sizeof key, &l, "000102030405060708090a0b0c0d0e0f");
  unhex(nonce, sizeof nonce, &l, "101112131415161718191a1b1c1d1e1f");
  unhex(want, sizeof want, &l, "4f9c278211bec9316bf68f46ee8b2ec6");
  result("ascon-aead128 (LWC KAT 1)",
         qed_ascon_aead128_encrypt(c, tag, NULL, 0, NULL, 0, nonce, key) == 0 &&
             memcmp(tag, want, 16) == 0);
  /* aes/fips197: Appendix C.1 */
  unhex(key, sizeof key, &l, "000102030405060708090a0b0c0d0e0f");
  unhex(pt, sizeof pt, &l, "00112233445566778899aabbccddeeff");
  unhex(want, sizeof want, &l, "69c4e0d86a7b0430d8cdb78070b4c55a");
  result("aes-128 (FIPS 197 C.1)",
         qed_aes_init(&aes, key, 16) == 0 &&
             (qed_aes_ecb_encrypt(&aes, blk, pt, 1), memcmp(blk, want, 16) == 0));
  qed_aes_wipe(&aes);
}

static void nacl_tests(void)
{
  uint8_t sk[64], pk[32], seed[32], want[64], got[64], key[32], msg[64];
  size_t l, ml;
  /* RFC 7748 6.1: Alice's public key */
  unhex(seed, sizeof seed, &l,
        "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
  unhex(want, sizeof want, &l,
        "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
  result("x25519 (RFC 7748 6.1)",
         qed_crypto_scalarmult_base(got, seed) == 0 && memcmp(got, want, 32) == 0);
  /* RFC 8439 2.5.2 */
  unhex(key, sizeof key, &l,
        "85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b");
  memcpy(msg, "Cryptographic Forum Research Group", 34);
  unhex(want, sizeof want, &l, "a8061dc1305136c6c22b8baf0c0127a9");
  result("poly1305 (RFC 8439 2.5.2)",
         qed_crypto_onetimeauth(got, msg, 34, key) == 0 && memcmp(got, want, 16) == 0);
  /* RFC 8032 7.1, TEST 1 and TEST 2 */
  unhex(seed, sizeof seed, &l,
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
  unhex(want, sizeof want, &l,
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
        "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
  result("ed25519 sign (RFC 8032 test 1)",
         qed_crypto_sign_seed_keypair(pk, sk, seed) == 0 &&
             qed_crypto_sign_detached(got, msg, 0, sk) == 0 &&
             memcmp(got, want, 64) == 0);
  result("ed25519 verify (RFC 8032 test 1)",
         qed_crypto_sign_verify_detached(want, msg, 0, pk) == 0);
  unhex(seed, sizeof seed, &l,
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb");
  unhex(msg, sizeof msg, &ml, "72");
  unhex(want, sizeof want, &l,
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
        "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00");
  result("ed25519 sign (RFC 8032 test 2)",
         qed_crypto_sign_seed_keypair(pk, sk, seed) == 0 &&
             qed_crypto_sign_detached(got, msg, ml, sk) == 0 &&
             memcmp(got, want, 64) == 0);
  want[5] ^= 1;
  result("ed25519 rejects a flipped bit",
         qed_crypto_sign_verify_detached(want, msg, ml, pk) != 0);
  qed_zeroize(sk, sizeof sk);
}

int cli_selftest(int argc, char **argv)
{
  cli_prog = "qed selftest";
  if (argc > 1) {
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
      printf("Usage: qed selftest\nRuns the known-answer tests compiled in "
             "against the library; exit 0 if all pass, 1 if any fails.\n");
      return CLI_OK;
    }
    return cli_usage_err("no arguments expected");
  }
  printf("qed selftest, backend %s\n", qed_backend_name());
  hash_tests();
  mac_tests();
  aead_tests();
  nacl_tests();
  printf("%d passed, %d failed\n", passes, failures);
  return failures ? CLI_FAIL : CLI_OK;
}
