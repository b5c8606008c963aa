/* Constant time of the tree modes' leaf hashing (src/keccak/
 * keccak_p1600_leaves.c and, at the avx2 level, the 4-state AVX2 kernel of
 * src/keccak/simd/): the message is secret, its length and the block size
 * public.  Lengths cover one, several and a partial last leaf, so every
 * kernel width the avx2 backend uses (4, then single leaves) runs.  The
 * AVX-512 kernels cannot run under valgrind (mk/ct.mk forces avx2 and
 * portable); they are the same code as the AVX2 kernel's template
 * (keccak_times_impl.h) with other vector operations. */
#include <string.h>

#include "ct.h"
#include "qed/keccak_xof.h"

#define MSG_MAX (6 * 8192 + 300)
static uint8_t msg[MSG_MAX];
static const size_t lengths[] = { 0, 8192, 8193, 3 * 8192 + 5, 5 * 8192 + 100,
                                  MSG_MAX };
#define NLENGTHS (sizeof lengths / sizeof lengths[0])

static int t_simd_kt(void)
{
  uint8_t a[32], b[64], c[64];
  for (size_t li = 0; li < NLENGTHS; li++) {
    const size_t len = lengths[li];
    ct_fill(msg, MSG_MAX, (uint32_t)len + 7u);
    SECRET(msg, MSG_MAX);
    qed_kt128(a, sizeof a, msg, len, NULL, 0);
    qed_kt256(b, sizeof b, msg, len, NULL, 0);
    qed_m14(c, sizeof c, msg, len, NULL, 0);
    PUBLIC(a, sizeof a);
    PUBLIC(b, sizeof b);
    PUBLIC(c, sizeof c);
  }
  return 0;
}

static int t_simd_parallelhash(void)
{
  static const size_t blocks[] = { 1000, 8192 };
  uint8_t a[32], b[64];
  for (size_t bi = 0; bi < 2; bi++)
    for (size_t li = 0; li < NLENGTHS; li++) {
      const size_t len = lengths[li] < 12000 || blocks[bi] == 8192
                             ? lengths[li] : 12000;
      ct_fill(msg, MSG_MAX, (uint32_t)len + 11u);
      SECRET(msg, MSG_MAX);
      CHECK(qed_parallelhash128(a, sizeof a, msg, len, blocks[bi], NULL, 0)
            == 0);
      CHECK(qed_parallelhashxof256(b, sizeof b, msg, len, blocks[bi], NULL,
                                   0) == 0);
      PUBLIC(a, sizeof a);
      PUBLIC(b, sizeof b);
    }
  return 0;
}

const ct_test ct_tests_simd[] = {
  { "simd_kt", t_simd_kt, 0 },
  { "simd_parallelhash", t_simd_parallelhash, 0 },
};
const size_t ct_tests_simd_count =
    sizeof ct_tests_simd / sizeof ct_tests_simd[0];
