/* Ascon-AEAD128 (NIST SP 800-232, 4): 128-bit key, nonce and tag, rate 16
 * bytes (lanes 0 and 1), p^12 for initialisation and finalisation, p^8
 * between blocks.  Lanes are the state's bytes read little-endian.
 *
 *   init      S = IV, K0, K1, N0, N1;  p^12;  S3 ^= K0, S4 ^= K1
 *   AD        only if non-empty: 16-byte blocks, the last padded (0x01
 *             after its last byte; a full last block gets a block of
 *             padding), p^8 after each
 *   separate  S4 ^= 1 << 63
 *   message   16-byte blocks, p^8 after each full one, the last (0..15
 *             bytes) padded and not permuted
 *   final     S2 ^= K0, S3 ^= K1;  p^12;  tag = (S3 ^ K0, S4 ^ K1)
 *
 * The key and the state are wiped before return.  Decryption computes the
 * tag, compares it with the one given in constant time (an OR of XORs of
 * lanes, folded to one bit without a branch) and zeroes the whole
 * plaintext if they differ, by a mask: no branch on the verdict either. */
#include "qed/ascon.h"
#include "ascon/ascon_core.h"
#include "common/bytes.h"
#include "common/zeroize.h"

#define IV_AEAD128 0x00001000808c0001ULL
#define DSEP       0x8000000000000000ULL
#define ROUNDS_A   12u
#define ROUNDS_B   8u

/*@ requires \valid(s + (0 .. 4)) && \valid(k + (0 .. 1));
    requires \valid_read(key + (0 .. 15)) && \valid_read(nonce + (0 .. 15));
    requires \separated(s + (0 .. 4), k + (0 .. 1), key + (0 .. 15),
                        nonce + (0 .. 15));
    assigns s[0 .. 4], k[0 .. 1]; */
static void aead_init(uint64_t s[5], uint64_t k[2], const uint8_t *key,
                      const uint8_t *nonce)
{
  k[0] = qed_load64_le(key);
  k[1] = qed_load64_le(key + 8);
  s[0] = IV_AEAD128;
  s[1] = k[0];
  s[2] = k[1];
  s[3] = qed_load64_le(nonce);
  s[4] = qed_load64_le(nonce + 8);
  qed_ascon_core_permute(s, ROUNDS_A);
  s[3] ^= k[0];
  s[4] ^= k[1];
}

/* XOR the last len (< 16) bytes of a string into the rate, then the
 * padding byte after them. */
/*@ requires \valid(s + (0 .. 4));
    requires len < 16;
    requires \valid_read(in + (0 .. len - 1));
    requires \separated(s + (0 .. 4), in + (0 .. len - 1));
    assigns s[0 .. 1]; */
static void add_last(uint64_t s[5], const uint8_t *in, size_t len)
{
  size_t j;
  /*@ loop invariant 0 <= j <= len;
      loop assigns j, s[0 .. 1];
      loop variant len - j; */
  for (j = 0; j < len; j++)
    s[j / 8] ^= (uint64_t)in[j] << (8 * (j % 8));
  s[len / 8] ^= (uint64_t)0x01 << (8 * (len % 8));
}

/* Associated data, then the domain separation bit. */
/*@ requires \valid(s + (0 .. 4));
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \separated(s + (0 .. 4), ad + (0 .. adlen - 1));
    assigns s[0 .. 4]; */
static void absorb_ad(uint64_t s[5], const uint8_t *ad, size_t adlen)
{
  if (adlen > 0) {
    const size_t done = qed_ascon_core_absorb16(s, ad, adlen);
    add_last(s, ad + done, adlen - done);
    qed_ascon_core_permute(s, ROUNDS_B);
  }
  s[4] ^= DSEP;
}

/* Finalisation: afterwards the tag is (s[3], s[4]). */
/*@ requires \valid(s + (0 .. 4)) && \valid_read(k + (0 .. 1));
    requires \separated(s + (0 .. 4), k + (0 .. 1));
    assigns s[0 .. 4]; */
static void aead_final(uint64_t s[5], const uint64_t k[2])
{
  s[2] ^= k[0];
  s[3] ^= k[1];
  qed_ascon_core_permute(s, ROUNDS_A);
  s[3] ^= k[0];
  s[4] ^= k[1];
}

/* p[i] &= mask for every i (mask is 0 or all ones).  The mask is read
 * back from a volatile variable, so the compiler knows nothing of its
 * value and cannot turn the AND into a branch on the verdict; the loop
 * itself is plain, eight bytes at a time (the plaintext was written, so
 * the compiler cannot drop the stores either). */
/*@ requires \valid(p + (0 .. len - 1));
    assigns p[0 .. len - 1]; */
static void mask_bytes(uint8_t *p, size_t len, uint64_t mask)
{
  volatile uint64_t opaque = mask;
  const uint64_t w = opaque;
  size_t i = 0;
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, p[0 .. len - 1];
      loop variant len - i; */
  while (len - i >= 8) {
    qed_store64_le(p + i, qed_load64_le(p + i) & w);
    i += 8;
  }
  /*@ loop invariant 0 <= i <= len;
      loop assigns i, p[0 .. len - 1];
      loop variant len - i; */
  for (; i < len; i++)
    p[i] = (uint8_t)(p[i] & w);
}

/*@ requires \valid(c + (0 .. mlen - 1)) && \valid(tag + (0 .. 15));
    requires \valid_read(m + (0 .. mlen - 1));
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(nonce + (0 .. 15)) && \valid_read(key + (0 .. 15));
    requires c == m || \separated(c + (0 .. mlen - 1), m + (0 .. mlen - 1));
    requires \separated(c + (0 .. mlen - 1), tag + (0 .. 15),
                        ad + (0 .. adlen - 1), nonce + (0 .. 15),
                        key + (0 .. 15));
    requires \separated(tag + (0 .. 15), m + (0 .. mlen - 1),
                        ad + (0 .. adlen - 1), nonce + (0 .. 15),
                        key + (0 .. 15));
    assigns c[0 .. mlen - 1], tag[0 .. 15];
    ensures \result == 0; */
int qed_ascon_aead128_encrypt(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                              size_t mlen, const uint8_t *ad, size_t adlen,
                              const uint8_t nonce[16], const uint8_t key[16])
{
  uint64_t s[5], k[2];
  size_t done, r, j;

  aead_init(s, k, key, nonce);
  absorb_ad(s, ad, adlen);
  /* Whole blocks (c == m works), then the last 0..15 bytes. */
  done = qed_ascon_core_encrypt16(s, c, m, mlen);
  r = mlen - done;
  /*@ loop invariant 0 <= j <= r;
      loop assigns j, s[0 .. 1], c[done .. mlen - 1];
      loop variant r - j; */
  for (j = 0; j < r; j++) {
    s[j / 8] ^= (uint64_t)m[done + j] << (8 * (j % 8));
    c[done + j] = (uint8_t)(s[j / 8] >> (8 * (j % 8)));
  }
  s[r / 8] ^= (uint64_t)0x01 << (8 * (r % 8));
  aead_final(s, k);
  qed_store64_le(tag, s[3]);
  qed_store64_le(tag + 8, s[4]);
  qed_wipe_u64(s, 5);
  qed_wipe_u64(k, 2);
  return 0;
}

/*@ requires \valid(m + (0 .. clen - 1));
    requires \valid_read(c + (0 .. clen - 1)) && \valid_read(tag + (0 .. 15));
    requires \valid_read(ad + (0 .. adlen - 1));
    requires \valid_read(nonce + (0 .. 15)) && \valid_read(key + (0 .. 15));
    requires m == c || \separated(m + (0 .. clen - 1), c + (0 .. clen - 1));
    requires \separated(m + (0 .. clen - 1), tag + (0 .. 15),
                        ad + (0 .. adlen - 1), nonce + (0 .. 15),
                        key + (0 .. 15));
    assigns m[0 .. clen - 1];
    ensures \result == 0 || \result == -1; */
int qed_ascon_aead128_decrypt(uint8_t *m, const uint8_t *c, size_t clen,
                              const uint8_t tag[16], const uint8_t *ad,
                              size_t adlen, const uint8_t nonce[16],
                              const uint8_t key[16])
{
  uint64_t s[5], k[2];
  size_t done, r, j;

  aead_init(s, k, key, nonce);
  absorb_ad(s, ad, adlen);
  /* Whole blocks (m == c works), then the last 0..15 bytes. */
  done = qed_ascon_core_decrypt16(s, m, c, clen);
  r = clen - done;
  /*@ loop invariant 0 <= j <= r;
      loop assigns j, s[0 .. 1], m[done .. clen - 1];
      loop variant r - j; */
  for (j = 0; j < r; j++) {
    const unsigned sh = 8u * (unsigned)(j % 8);
    const uint64_t cb = c[done + j];
    const uint8_t mb = (uint8_t)((s[j / 8] >> sh) ^ cb);
    s[j / 8] = (s[j / 8] & ~((uint64_t)0xff << sh)) | (cb << sh);
    m[done + j] = mb;
  }
  s[r / 8] ^= (uint64_t)0x01 << (8 * (r % 8));
  aead_final(s, k);
  {
    const uint64_t d = (s[3] ^ qed_load64_le(tag)) |
                       (s[4] ^ qed_load64_le(tag + 8));
    /* 0 if the tags are equal, 1 otherwise (a flag set from a compare,
     * no branch). */
    const int fail = (d != 0);
    qed_wipe_u64(s, 5);
    qed_wipe_u64(k, 2);
    /* No branch even on the verdict: the plaintext is ANDed with 0xff
     * (tags equal) or 0x00 (tags differ), so it is zeroed on failure. */
    mask_bytes(m, clen, (uint64_t)fail - 1u);
    return -fail;
  }
}
