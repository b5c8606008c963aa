/* The Keccak sponge: absorb in any pieces, pad once, squeeze in any pieces.
 * See sponge.h for the parameters and the checks. */
#include "keccak/sponge.h"
#include "keccak/keccak_p1600.h"
#include "common/zeroize.h"
#include "qed/common.h"

/* Is *sp a context an init prepared, with its position inside the block?
 * Everything below relies on exactly these bounds. */
/*@ predicate sponge_ok(qed_keccak_sponge *sp) =
      8 <= sp->rate <= QED_SPONGE_MAX_RATE && sp->rate % 8 == 0 &&
      sp->pos <= sp->rate && 1 <= sp->rounds <= 24 &&
      (sp->phase == QED_SPONGE_ABSORBING || sp->phase == QED_SPONGE_SQUEEZING);
*/
/*@ requires \valid_read(sp);
    assigns \nothing;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> sponge_ok(sp); */
static int sponge_ok(const qed_keccak_sponge *sp)
{
  return sp->rate >= 8 && sp->rate <= QED_SPONGE_MAX_RATE &&
         sp->rate % 8 == 0 && sp->pos <= sp->rate &&
         sp->rounds >= 1 && sp->rounds <= 24 &&
         (sp->phase == QED_SPONGE_ABSORBING ||
          sp->phase == QED_SPONGE_SQUEEZING);
}

void qed_sponge_init(qed_keccak_sponge *sp, uint32_t rate, uint8_t suffix,
                     uint8_t rounds, uint8_t outlen)
{
  qed_keccak_p1600_zero(sp->state);
  sp->rate = rate;
  sp->pos = 0;
  sp->suffix = suffix;
  sp->phase = QED_SPONGE_ABSORBING;
  sp->rounds = rounds;
  sp->outlen = outlen;
}

int qed_sponge_absorb(qed_keccak_sponge *sp, const uint8_t *in, size_t inlen)
{
  if (!sponge_ok(sp) || sp->phase != QED_SPONGE_ABSORBING)
    return -1;
  if (inlen == 0)
    return 0;
  const size_t rate = sp->rate;
  size_t pos = sp->pos;
  size_t done = 0;

  /* Top up a partly filled block. */
  if (pos > 0) {
    size_t take = rate - pos;
    if (take > inlen)
      take = inlen;
    qed_keccak_p1600_add_bytes(sp->state, in, pos, take);
    pos += take;
    done = take;
    if (pos == rate) {
      qed_keccak_p1600_permute(sp->state, sp->rounds);
      pos = 0;
    }
  }
  /* Whole blocks straight from the input, then the tail. */
  if (pos == 0) {
    done += qed_keccak_p1600_absorb_blocks(sp->state, sp->rounds, rate / 8,
                                           in + done, inlen - done);
    qed_keccak_p1600_add_bytes(sp->state, in + done, 0, inlen - done);
    pos = inlen - done;
  }
  sp->pos = (uint32_t)pos;
  return 0;
}

/* pad10*1 after the suffix bits, and the permutation that ends absorbing. */
/*@ requires \valid(sp) && sponge_ok(sp);
    requires sp->phase == QED_SPONGE_ABSORBING && sp->pos < sp->rate;
    assigns *sp;
    ensures sponge_ok(sp) && sp->phase == QED_SPONGE_SQUEEZING && sp->pos == 0; */
static void sponge_pad(qed_keccak_sponge *sp)
{
  qed_keccak_p1600_add_byte(sp->state, sp->suffix, sp->pos);
  qed_keccak_p1600_add_byte(sp->state, 0x80, sp->rate - 1);
  qed_keccak_p1600_permute(sp->state, sp->rounds);
  sp->pos = 0;
  sp->phase = QED_SPONGE_SQUEEZING;
}

int qed_sponge_squeeze(qed_keccak_sponge *sp, uint8_t *out, size_t outlen)
{
  /* An absorbing context always has pos < rate (a full block is permuted
   * at once), so pos == rate can only mean a corrupted one. */
  if (!sponge_ok(sp) ||
      (sp->phase == QED_SPONGE_ABSORBING && sp->pos == sp->rate)) {
    qed_zeroize(out, outlen);
    return -1;
  }
  if (sp->phase == QED_SPONGE_ABSORBING)
    sponge_pad(sp);
  size_t done = 0;
  /*@ loop invariant 0 <= done <= outlen;
      loop invariant sponge_ok(sp) && sp->phase == QED_SPONGE_SQUEEZING;
      loop assigns done, *sp, out[0 .. outlen - 1];
      loop variant outlen - done; */
  while (done < outlen) {
    if (sp->pos == sp->rate) {
      qed_keccak_p1600_permute(sp->state, sp->rounds);
      sp->pos = 0;
    }
    size_t take = sp->rate - sp->pos;
    if (take > outlen - done)
      take = outlen - done;
    qed_keccak_p1600_extract_bytes(sp->state, out + done, sp->pos, take);
    sp->pos += (uint32_t)take;
    done += take;
  }
  return 0;
}

void qed_sponge_wipe(qed_keccak_sponge *sp)
{
  qed_wipe_u64(sp->state, 25);
  sp->rate = 0;
  sp->pos = 0;
  sp->suffix = 0;
  sp->phase = 0;
  sp->rounds = 0;
}
