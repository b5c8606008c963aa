/* UBI, the chaining mode of Skein (specification 3.4), for the three state
 * sizes, and the two stages every Skein computation shares: the prelude
 * (key, configuration, personalization, public key, nonce: 3.5) and the
 * output stage (3.5.3).
 *
 * A UBI holds back its last block until it is known to be the last, since
 * the final block carries the Final flag: update compresses a block only
 * when more input follows it. */
#include "qed/skein.h"
#include "skein/skein_impl.h"
#include "common/bytes.h"
#include "common/zeroize.h"
#include "qed/common.h"

#define U64_MAX 0xFFFFFFFFFFFFFFFFull

/* Chaining values after the configuration UBI of plain hashing (no key, no
 * tree) for the common output sizes: one block less for every short
 * message.  Generated with qed_skein_prelude itself (Skein 1.3: the
 * 512-512 entry starts 0x4903ADFF749C51CE as in the specification's
 * reference code); the golden KAT and the differential tests cover every
 * entry, and test_skein checks each against the configuration UBI. */
typedef struct {
  uint32_t nb;
  uint32_t bits;
  uint64_t iv[16];
} skein_iv;

#define IV_COUNT 13u
static const skein_iv skein_ivs[IV_COUNT] = {
  { 32, 128, {
      0xE1111906964D7260ull, 0x883DAAA77C8D811Cull,
      0x10080DF491960F7Aull, 0xCCF7DDE5B45BC1C2ull } },
  { 32, 160, {
      0x1420231472825E98ull, 0x2AC4E9A25A77E590ull,
      0xD47A58568838D63Eull, 0x2DD2E4968586AB7Dull } },
  { 32, 224, {
      0xC6098A8C9AE5EA0Bull, 0x876D568608C5191Cull,
      0x99CB88D7D7F53884ull, 0x384BDDB1AEDDB5DEull } },
  { 32, 256, {
      0xFC9DA860D048B449ull, 0x2FCA66479FA7D833ull,
      0xB33BC3896656840Full, 0x6A54E920FDE8DA69ull } },
  { 64, 128, {
      0xA8BC7BF36FBF9F52ull, 0x1E9872CEBD1AF0AAull,
      0x309B1790B32190D3ull, 0xBCFBB8543F94805Cull,
      0x0DA61BCD6E31B11Bull, 0x1A18EBEAD46A32E3ull,
      0xA2CC5B18CE84AA82ull, 0x6982AB289D46982Dull } },
  { 64, 160, {
      0x28B81A2AE013BD91ull, 0xC2F11668B5BDF78Full,
      0x1760D8F3F6A56F12ull, 0x4FB747588239904Full,
      0x21EDE07F7EAF5056ull, 0xD908922E63ED70B8ull,
      0xB8EC76FFECCB52FAull, 0x01A47BB8A3F27A6Eull } },
  { 64, 224, {
      0xCCD0616248677224ull, 0xCBA65CF3A92339EFull,
      0x8CCD69D652FF4B64ull, 0x398AED7B3AB890B4ull,
      0x0F59D1B1457D2BD0ull, 0x6776FE6575D4EB3Dull,
      0x99FBC70E997413E9ull, 0x9E2CFCCFE1C41EF7ull } },
  { 64, 256, {
      0xCCD044A12FDB3E13ull, 0xE83590301A79A9EBull,
      0x55AEA0614F816E6Full, 0x2A2767A4AE9B94DBull,
      0xEC06025E74DD7683ull, 0xE7A436CDC4746251ull,
      0xC36FBAF9393AD185ull, 0x3EEDBA1833EDFC13ull } },
  { 64, 384, {
      0xA3F6C6BF3A75EF5Full, 0xB0FEF9CCFD84FAA4ull,
      0x9D77DD663D770CFEull, 0xD798CBF3B468FDDAull,
      0x1BC4A6668A0E4465ull, 0x7ED7D434E5807407ull,
      0x548FC1ACD4EC44D6ull, 0x266E17546AA18FF8ull } },
  { 64, 512, {
      0x4903ADFF749C51CEull, 0x0D95DE399746DF03ull,
      0x8FD1934127C79BCEull, 0x9A255629FF352CB1ull,
      0x5DB62599DF6CA7B0ull, 0xEABE394CA9D5C3F4ull,
      0x991112C71A75B523ull, 0xAE18A40B660FCC33ull } },
  { 128, 384, {
      0x5102B6B8C1894A35ull, 0xFEEBC9E3FE8AF11Aull,
      0x0C807F06E32BED71ull, 0x60C13A52B41A91F6ull,
      0x9716D35DD4917C38ull, 0xE780DF126FD31D3Aull,
      0x797846B6C898303Aull, 0xB172C2A8B3572A3Bull,
      0xC9BC8203A6104A6Cull, 0x65909338D75624F4ull,
      0x94BCC5684B3F81A0ull, 0x3EBBF51E10ECFD46ull,
      0x2DF50F0BEEB08542ull, 0x3B5A65300DBC6516ull,
      0x484B9CD2167BBCE1ull, 0x2D136947D4CBAFEAull } },
  { 128, 512, {
      0xCAEC0E5D7C1B1B18ull, 0xA01B0E045F03E802ull,
      0x33840451ED912885ull, 0x374AFB04EAEC2E1Cull,
      0xDF25A0E2813581F7ull, 0xE40040938B12F9D2ull,
      0xA662D539C2ED39B6ull, 0xFA8B85CF45D8C75Aull,
      0x8316ED8E29EDE796ull, 0x053289C02E9F91B8ull,
      0xC3F8EF1D6D518B73ull, 0xBDCEC3C4D5EF332Eull,
      0x549A7E5222974487ull, 0x670708725B749816ull,
      0xB9CD28FBF0581BD1ull, 0x0E2940B815804974ull } },
  { 128, 1024, {
      0xD593DA0741E72355ull, 0x15B5E511AC73E00Cull,
      0x5180E5AEBAF2C4F0ull, 0x03BD41D3FCBCAFAFull,
      0x1CAEC6FD1983A898ull, 0x6E510B8BCDD0589Full,
      0x77E2BDFDC6394ADAull, 0xC11E1DB524DCB0A3ull,
      0xD6D14AF9C6329AB5ull, 0x6A9B0BFC6EB67E0Dull,
      0x9243C60DCCFF1332ull, 0x1A1F1DDE743F02D4ull,
      0x0996753C10ED0BB8ull, 0x6572DD22F2B4969Aull,
      0x61FD3062D00A579Aull, 0x1DE0536E8682E539ull } },
};

/* The entry for block size nb and outbits output bits, or IV_COUNT. */
/*@ assigns \nothing;
    ensures \result <= IV_COUNT; */
static unsigned iv_index(uint32_t nb, uint64_t outbits)
{
  unsigned e;
  /*@ loop invariant 0 <= e <= IV_COUNT;
      loop assigns e;
      loop variant IV_COUNT - e; */
  for (e = 0; e < IV_COUNT; e++)
    if (skein_ivs[e].nb == nb && skein_ivs[e].bits == outbits)
      return e;
  return IV_COUNT;
}

/* Every whole block of in but the last, with the kernel of the state size. */
/*@ requires \valid(u) && qed_ubi_ok(u);
    requires \valid_read(in + (0 .. len - 1));
    requires \separated(u, in + (0 .. len - 1));
    assigns u->h[0 .. 15], u->tw[0 .. 1];
    ensures \result <= len && len - \result <= u->nb;
    ensures len > 0 ==> \result < len; */
static size_t ubi_absorb(qed_skein_ubi *u, const uint8_t *in, size_t len)
{
  if (u->nb == 32)
    return qed_skein256_absorb(u->h, u->tw, in, len);
  if (u->nb == 64)
    return qed_skein512_absorb(u->h, u->tw, in, len);
  return qed_skein1024_absorb(u->h, u->tw, in, len);
}

/* The buffer as one block counting for `bytes` bytes. */
/*@ requires \valid(u) && qed_ubi_ok(u);
    assigns u->h[0 .. 15], u->tw[0 .. 1]; */
static void ubi_block(qed_skein_ubi *u, uint32_t bytes)
{
  if (u->nb == 32)
    qed_skein256_block(u->h, u->tw, u->buf, bytes);
  else if (u->nb == 64)
    qed_skein512_block(u->h, u->tw, u->buf, bytes);
  else
    qed_skein1024_block(u->h, u->tw, u->buf, bytes);
}

/*@ requires \valid(dst + (0 .. n - 1)) && \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (0 .. n - 1), src + (0 .. n - 1));
    assigns dst[0 .. n - 1]; */
static void copy_bytes(uint8_t *dst, const uint8_t *src, size_t n)
{
  size_t k;
  /*@ loop invariant 0 <= k <= n;
      loop assigns k, dst[0 .. n - 1];
      loop variant n - k; */
  for (k = 0; k < n; k++)
    dst[k] = src[k];
}

void qed_skein_ubi_start(qed_skein_ubi *u, uint32_t nb, uint64_t t1)
{
  u->tw[0] = 0;
  u->tw[1] = t1 | SKEIN_T1_FIRST;
  u->nbuf = 0;
  u->nb = nb;
}

int qed_skein_ubi_update(qed_skein_ubi *u, const uint8_t *in, size_t len)
{
  /* The position (bytes so far) must stay below 2^64. */
  if (u->tw[0] > U64_MAX - u->nbuf ||
      (uint64_t)len > U64_MAX - u->tw[0] - u->nbuf)
    return -1;
  if (len <= (size_t)(u->nb - u->nbuf)) {
    copy_bytes(u->buf + u->nbuf, in, len);
    u->nbuf += (uint32_t)len;
    return 0;
  }
  /* More than the buffer holds: the buffered block is not the last. */
  size_t done = 0;
  if (u->nbuf > 0) {
    done = u->nb - u->nbuf;
    copy_bytes(u->buf + u->nbuf, in, done);
    ubi_block(u, u->nb);
    u->nbuf = 0;
  }
  done += ubi_absorb(u, in + done, len - done);
  copy_bytes(u->buf, in + done, len - done);
  u->nbuf = (uint32_t)(len - done);
  return 0;
}

void qed_skein_ubi_final(qed_skein_ubi *u)
{
  uint32_t k;
  /*@ loop invariant u->nbuf <= k <= u->nb;
      loop assigns k, u->buf[0 .. 127];
      loop variant u->nb - k; */
  for (k = u->nbuf; k < u->nb; k++)
    u->buf[k] = 0;
  u->tw[1] |= SKEIN_T1_FINAL;
  ubi_block(u, u->nbuf);
  u->nbuf = 0;
}

/* One UBI of a whole string from the chaining value in u->h. */
/*@ requires \valid(u);
    requires nb == 32 || nb == 64 || nb == 128;
    requires \valid_read(m + (0 .. len - 1));
    requires \separated(u, m + (0 .. len - 1));
    assigns *u;
    ensures qed_ubi_ok(u) && u->nb == nb && u->nbuf == 0; */
static void ubi_string(qed_skein_ubi *u, uint32_t nb, uint32_t type,
                       const uint8_t *m, size_t len)
{
  qed_skein_ubi_start(u, nb, SKEIN_T1_TYPE(type));
  /* Cannot fail: a fresh UBI holds 2^64 - 1 bytes, more than a size_t. */
  (void)qed_skein_ubi_update(u, m, len);
  qed_skein_ubi_final(u);
}

int qed_skein_prelude(qed_skein_ubi *u, uint32_t nb, uint64_t outlen,
                      const qed_skein_params *params, uint8_t yl, uint8_t yf,
                      uint8_t ym)
{
  uint8_t cfg[32];
  unsigned k;
  /*@ loop invariant 0 <= k <= 16;
      loop assigns k, u->h[0 .. 15];
      loop variant 16 - k; */
  for (k = 0; k < 16u; k++)
    u->h[k] = 0;
  unsigned e = IV_COUNT;
  if ((params == NULL || params->keylen == 0) && yl == 0 && yf == 0 &&
      ym == 0)
    e = iv_index(nb, 8u * outlen);
  if (e < IV_COUNT) {
    /*@ loop invariant 0 <= k <= 16;
        loop assigns k, u->h[0 .. 15];
        loop variant 16 - k; */
    for (k = 0; k < 16u; k++)
      u->h[k] = skein_ivs[e].iv[k];
    qed_skein_ubi_start(u, nb, SKEIN_T1_TYPE(SKEIN_TYPE_CFG));
  } else {
    if (params != NULL && params->keylen > 0)
      ubi_string(u, nb, SKEIN_TYPE_KEY, params->key, params->keylen);
    /* Configuration block (3.5.2): schema "SHA3", version 1, output bits,
     * tree fields, zeros. */
    /*@ loop invariant 0 <= k <= 32;
        loop assigns k, cfg[0 .. 31];
        loop variant 32 - k; */
    for (k = 0; k < 32u; k++)
      cfg[k] = 0;
    cfg[0] = 0x53;
    cfg[1] = 0x48;
    cfg[2] = 0x41;
    cfg[3] = 0x33;
    cfg[4] = 1;
    qed_store64_le(cfg + 8, 8u * outlen);
    cfg[16] = yl;
    cfg[17] = yf;
    cfg[18] = ym;
    ubi_string(u, nb, SKEIN_TYPE_CFG, cfg, 32);
  }
  if (params != NULL && params->perslen > 0)
    ubi_string(u, nb, SKEIN_TYPE_PRS, params->pers, params->perslen);
  if (params != NULL && params->pubkeylen > 0)
    ubi_string(u, nb, SKEIN_TYPE_PK, params->pubkey, params->pubkeylen);
  if (params != NULL && params->noncelen > 0)
    ubi_string(u, nb, SKEIN_TYPE_NON, params->nonce, params->noncelen);
  /* Key bytes passed through the buffer: wipe it (the other fields are
   * public). */
  if (params != NULL && params->keylen > 0)
    qed_zeroize(u->buf, sizeof u->buf);
  u->tw[0] = 0;
  u->tw[1] = 0;
  return 0;
}

/* Bytes 0 .. n-1 of the words h, little-endian. */
/*@ requires n <= 128;
    requires \valid(out + (0 .. n - 1)) && \valid_read(h + (0 .. 15));
    requires \separated(out + (0 .. n - 1), h + (0 .. 15));
    assigns out[0 .. n - 1]; */
static void store_words(uint8_t *out, const uint64_t *h, uint32_t n)
{
  uint32_t k = 0;
  /*@ loop invariant 0 <= k <= n && k % 8 == 0;
      loop assigns k, out[0 .. n - 1];
      loop variant n - k; */
  while (n - k >= 8u) {
    qed_store64_le(out + k, h[k / 8u]);
    k += 8u;
  }
  /*@ loop invariant 0 <= k <= n;
      loop assigns k, out[0 .. n - 1];
      loop variant n - k; */
  for (; k < n; k++)
    out[k] = (uint8_t)(h[k / 8u] >> (8u * (k % 8u)));
}

void qed_skein_output(uint8_t *out, uint64_t outlen, const uint64_t g[16],
                      uint32_t nb)
{
  qed_skein_ubi u;
  uint64_t i = 0, done = 0;
  unsigned k;
  u.nb = nb;
  u.nbuf = 0;
  /*@ loop invariant 0 <= done <= outlen;
      loop invariant i <= done;
      loop invariant u.nb == nb && u.nbuf == 0;
      loop assigns i, done, k, u, out[0 .. outlen - 1];
      loop variant outlen - done; */
  while (done < outlen) {
    /*@ loop invariant 0 <= k <= 16;
        loop assigns k, u.h[0 .. 15];
        loop variant 16 - k; */
    for (k = 0; k < 16u; k++)
      u.h[k] = g[k];
    /*@ loop invariant 0 <= k <= 128;
        loop assigns k, u.buf[0 .. 127];
        loop variant 128 - k; */
    for (k = 0; k < 128u; k++)
      u.buf[k] = 0;
    /* The counter i < 2^56 here (see skein_impl.h): one 8-byte word. */
    qed_store64_le(u.buf, i);
    u.tw[0] = 0;
    u.tw[1] = SKEIN_T1_FIRST | SKEIN_T1_FINAL | SKEIN_T1_TYPE(SKEIN_TYPE_OUT);
    ubi_block(&u, 8);
    uint32_t take = nb;
    if (outlen - done < take)
      take = (uint32_t)(outlen - done);
    store_words(out + done, u.h, take);
    done += take;
    i++;
  }
  qed_wipe_u64(u.h, 16);
}
