/* SHA-512's compression loop, size first (sha2_blocks_small.h): one round
 * a loop iteration.  The working variables a..h are v[0..7]; after a
 * round, v[1..7] take the old v[0..6] and v[0] takes T1 + T2 (FIPS 180-4,
 * 6.4.2 step 3; v[4], the new e, is the old d + T1).  The shift is
 * written out (seven moves, constant indices) rather than looped: 118
 * more bytes of riscv32 code, and gcc can then keep v in registers where
 * there are enough (x86-64 -Os: 2.6 times faster than with a loop).  The
 * message schedule is the 16-word window of the fast form, W_t at t mod
 * 16, loaded from the block for t < 16 and computed in place after that;
 * the branch between the two is on the round number only.  Same constants
 * and round functions as the fast form (sha2_impl.h), so the same macros.
 * The working variables and the window are wiped before returning. */
#include "sha2/sha2_blocks_small.h"
#include "sha2/sha2_impl.h"

size_t qed_sha512_blocks_small(uint64_t state[8], const uint8_t *in,
                               size_t inlen)
{
  uint64_t w[16], v[8];
  size_t done = 0;
  unsigned t, i;
  /*@ loop invariant 0 <= done <= inlen && done % 128 == 0;
      loop assigns done, t, i, w[0 .. 15], v[0 .. 7], state[0 .. 7];
      loop variant inlen - done; */
  while (inlen - done >= 128) {
    const uint8_t *p = in + done;
    /*@ loop invariant 0 <= i <= 8;
        loop assigns i, v[0 .. 7];
        loop variant 8 - i; */
    for (i = 0; i < 8; i++)
      v[i] = state[i];
    /*@ loop invariant 0 <= t <= 80;
        loop assigns t, w[0 .. 15], v[0 .. 7];
        loop variant 80 - t; */
    for (t = 0; t < 80; t++) {
      uint64_t t1, t2;
      if (t < 16)
        w[t] = qed_load64_be(p + 8 * t);
      else
        S512_SCHED(w, t % 16);
      t1 = v[7] + S512_BS1(v[4]) + SHA2_CH(v[4], v[5], v[6]) + sha512_k[t] +
           w[t % 16];
      t2 = S512_BS0(v[0]) + SHA2_MAJ(v[0], v[1], v[2]);
      v[3] += t1;
      v[7] = v[6]; v[6] = v[5]; v[5] = v[4]; v[4] = v[3];
      v[3] = v[2]; v[2] = v[1]; v[1] = v[0];
      v[0] = t1 + t2;
    }
    /*@ loop invariant 0 <= i <= 8;
        loop assigns i, state[0 .. 7];
        loop variant 8 - i; */
    for (i = 0; i < 8; i++)
      state[i] += v[i];
    done += 128;
  }
  qed_wipe_u64(w, 16);
  qed_wipe_u64(v, 8);
  return done;
}
