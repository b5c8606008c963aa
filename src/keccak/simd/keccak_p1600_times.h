/* The parallel permutations of src/keccak/simd/ on their own, for the
 * tests (tests/test_simd_equiv.c compares them with the portable one) and
 * for the kernels' files.  W interleaved states: lanes[W * j + k] is lane
 * j of state k; rounds 1..24 (the last `rounds` of Keccak-f[1600]).
 * x86-64 only; call one only when the CPU has its instructions. */
#ifndef QED_KECCAK_P1600_TIMES_H
#define QED_KECCAK_P1600_TIMES_H

#include <stddef.h>
#include <stdint.h>

void qed_keccak_p1600_times8_permute_avx512(uint64_t *lanes, unsigned rounds);
void qed_keccak_p1600_times4_permute_avx512(uint64_t *lanes, unsigned rounds);
void qed_keccak_p1600_times2_permute_avx512(uint64_t *lanes, unsigned rounds);
void qed_keccak_p1600_times4_permute_avx2(uint64_t *lanes, unsigned rounds);
void qed_keccak_p1600_times2_permute_sse2(uint64_t *lanes, unsigned rounds);

/* The 8-state kernel in generated assembly (keccak_times8_avx512.c):
 * state[8 j + k] is lane j of state k.  For each of nblocks blocks: XOR
 * its first `lanes` lanes (0..25) into the states, then apply the last
 * `rounds` (1..24) rounds of Keccak-f[1600].  Block 0 comes transposed in
 * buf (lane j of state k at buf[8 j + k]); block b >= 1 of state k is read
 * at in + ofs[k] + 8 * lanes * b (in: block 0 of leaf 0; ofs[k] >= 0)
 * and transposed into buf during the rounds before it.  buf is left
 * holding the last block's lanes (the caller wipes it).  nblocks = 1 and
 * lanes = 0 permute without input. */
void qed_keccak_p1600_times8_asm_avx512(uint64_t state[200],
                                        uint64_t buf[200],
                                        const uint8_t *in,
                                        const int64_t ofs[8],
                                        size_t nblocks, size_t lanes,
                                        unsigned rounds);

#endif
