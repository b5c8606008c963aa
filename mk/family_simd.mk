# The SIMD Keccak code (src/keccak/simd/, outside the proof) against the
# proven portable code:
#
#   tests/test_simd_equiv.c   every permutation and leaves kernel the CPU
#                             supports against the portable build on random
#                             inputs; the dispatched leaves, KT128/KT256/M14
#                             and ParallelHash(+XOF) against references on
#                             the portable sponge at every length around the
#                             chunk and block boundaries (run by
#                             test-families once per backend)

FAMILY_TESTS += $(BUILD)/tests/test_simd_equiv
