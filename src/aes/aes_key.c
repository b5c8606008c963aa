/* qed_aes_init: the key schedule of FIPS 197 (5.2), and the two forms of
 * it that the backends use (see qed_aes_ctx in qed/aes.h).
 *
 * Words are the columns of the state read little-endian (byte 0 of a
 * column in the low bits), so RotWord is a rotation right by 8 and Rcon
 * sits in the low byte.  SubWord is the bitsliced S-box
 * (qed_aes_ct64_subword): no table, constant time.  The expansion works
 * directly in ctx->rk_enc, the bytes every backend reads. */
#include "qed/aes.h"
#include "qed/common.h"
#include "aes/aes_impl.h"
#include "common/bytes.h"
#include "common/zeroize.h"

/* Multiplication by x in GF(2^8) (FIPS 197 4.2.1), without a branch. */
/*@ assigns \nothing; */
static uint8_t xtime(uint8_t b)
{
  return (uint8_t)((unsigned)(b << 1) ^ (0x1bu & (0u - (unsigned)(b >> 7))));
}

/* InvMixColumns of one column col[0 .. 3] in place: Horner's rule as in
 * the bitsliced core, out_r = 2 (2 (2 s ^ t_r) ^ u_r) ^ v_r. */
/*@ requires \valid(col + (0 .. 3));
    assigns col[0 .. 3]; */
static void inv_mix_column(uint8_t *col)
{
  uint8_t a0 = col[0], a1 = col[1], a2 = col[2], a3 = col[3];
  uint8_t s = (uint8_t)(a0 ^ a1 ^ a2 ^ a3);
  uint8_t s8 = xtime(xtime(xtime(s)));
  uint8_t e02 = xtime(xtime((uint8_t)(a0 ^ a2)));
  uint8_t e13 = xtime(xtime((uint8_t)(a1 ^ a3)));
  col[0] = (uint8_t)(s8 ^ e02 ^ xtime((uint8_t)(a0 ^ a1)) ^ s ^ a0);
  col[1] = (uint8_t)(s8 ^ e13 ^ xtime((uint8_t)(a1 ^ a2)) ^ s ^ a1);
  col[2] = (uint8_t)(s8 ^ e02 ^ xtime((uint8_t)(a2 ^ a3)) ^ s ^ a2);
  col[3] = (uint8_t)(s8 ^ e13 ^ xtime((uint8_t)(a3 ^ a0)) ^ s ^ a3);
}

/*@ requires \valid(ctx);
    assigns *ctx; */
static void clear_ctx(qed_aes_ctx *ctx)
{
  qed_zeroize(ctx->rk_enc, sizeof ctx->rk_enc);
  qed_zeroize(ctx->rk_dec, sizeof ctx->rk_dec);
  qed_wipe_u64(ctx->sk, sizeof ctx->sk / sizeof ctx->sk[0]);
  ctx->rounds = 0;
}

void qed_aes_wipe(qed_aes_ctx *ctx)
{
  clear_ctx(ctx);
}

/* w[nk .. 4(nr+1)-1] from the key words w[0 .. nk-1], in rk[] as bytes. */
/*@ requires nk == 4 || nk == 6 || nk == 8;
    requires \valid(rk + (0 .. 239));
    assigns rk[4 * nk .. 16 * (nk + 7) - 1]; */
static void expand(uint8_t *rk, unsigned nk)
{
  const unsigned total = 4u * (nk + 7u);   /* 4 (Nr + 1), Nr = Nk + 6 */
  unsigned i, j = 0;                       /* j = i mod Nk            */
  uint32_t rcon = 1;
  /*@ loop invariant nk <= i <= total;
      loop invariant 0 <= j < nk;
      loop invariant rcon <= 0xff;
      loop assigns i, j, rcon, rk[4 * nk .. 16 * (nk + 7) - 1];
      loop variant total - i; */
  for (i = nk; i < total; i++) {
    uint32_t t = qed_load32_le(rk + 4 * (i - 1));
    if (j == 0) {
      t = qed_aes_ct64_subword(qed_rotr32(t, 8)) ^ rcon;
      rcon = ((rcon << 1) ^ (0x11bu & (0u - (rcon >> 7)))) & 0xffu;
    } else if (nk == 8 && j == 4) {
      t = qed_aes_ct64_subword(t);
    }
    qed_store32_le(rk + 4 * i, qed_load32_le(rk + 4 * (i - nk)) ^ t);
    j = (j + 1 == nk) ? 0 : j + 1;
  }
}

int qed_aes_init(qed_aes_ctx *ctx, const uint8_t *key, size_t keylen)
{
  unsigned nk, nr, i, r;

  clear_ctx(ctx);
  if (keylen != 16 && keylen != 24 && keylen != 32)
    return -1;
  nk = (unsigned)keylen / 4u;
  nr = nk + 6u;

  /*@ loop invariant 0 <= i <= keylen;
      loop assigns i, ctx->rk_enc[0 .. 31];
      loop variant keylen - i; */
  for (i = 0; i < keylen; i++)
    ctx->rk_enc[i] = key[i];
  expand(ctx->rk_enc, nk);

  /* Equivalent inverse cipher keys: reversed, InvMixColumns on the inner
   * ones. */
  /*@ loop invariant 0 <= r <= nr + 1;
      loop assigns r, ctx->rk_dec[0 .. 239];
      loop variant nr + 1 - r; */
  for (r = 0; r <= nr; r++) {
    unsigned b;
    /*@ loop invariant 0 <= b <= 16;
        loop assigns b, ctx->rk_dec[16 * r .. 16 * r + 15];
        loop variant 16 - b; */
    for (b = 0; b < 16; b++)
      ctx->rk_dec[16 * r + b] = ctx->rk_enc[16 * (nr - r) + b];
    if (r != 0 && r != nr) {
      /*@ loop invariant 0 <= b <= 16;
          loop invariant b % 4 == 0;
          loop assigns b, ctx->rk_dec[16 * r .. 16 * r + 15];
          loop variant 16 - b; */
      for (b = 0; b < 16; b += 4)
        inv_mix_column(ctx->rk_dec + 16 * r + b);
    }
  }

  /* The bit planes of the portable core. */
  /*@ loop invariant 0 <= r <= nr + 1;
      loop assigns r, ctx->sk[0 .. 119];
      loop variant nr + 1 - r; */
  for (r = 0; r <= nr; r++)
    qed_aes_ct64_roundkey(ctx->sk + 8 * r, ctx->rk_enc + 16 * r);

  ctx->rounds = nr;
  return 0;
}
