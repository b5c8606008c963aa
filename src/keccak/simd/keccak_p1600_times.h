/* The parallel permutations of src/keccak/simd/ on their own, for the
 * tests (tests/test_simd_equiv.c compares them with the portable one) and
 * for the kernels' files.  W interleaved states: lanes[W * j + k] is lane
 * j of state k; rounds 1..24 (the last `rounds` of Keccak-f[1600]).
 * x86-64 only; call one only when the CPU has its instructions. */
#ifndef QED_KECCAK_P1600_TIMES_H
#define QED_KECCAK_P1600_TIMES_H

#include <stdint.h>

void qed_keccak_p1600_times8_permute_avx512(uint64_t *lanes, unsigned rounds);
void qed_keccak_p1600_times4_permute_avx512(uint64_t *lanes, unsigned rounds);
void qed_keccak_p1600_times2_permute_avx512(uint64_t *lanes, unsigned rounds);
void qed_keccak_p1600_times4_permute_avx2(uint64_t *lanes, unsigned rounds);
void qed_keccak_p1600_times2_permute_sse2(uint64_t *lanes, unsigned rounds);

#endif
