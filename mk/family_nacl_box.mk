# NaCl's symmetric side and box (include/qed/nacl.h, src/nacl/salsa20*.c,
# secretbox.c, box.c): Salsa20, HSalsa20, XSalsa20, crypto_stream.
#
#   build/tests/test_nacl_salsa20  Crypto++'s salsa.txt (ECRYPT Salsa20/20,
#                                  /12, /8, counter crossings, 96 XSalsa20
#                                  vectors), libsodium's core1-6 and
#                                  stream, stream2-4, every length 0..300
#                                  and around the blocks, in place, the
#                                  64-bit counter across 2^32 and 2^64
#                                  (tests/test_nacl_salsa20.c, vectors in
#                                  tests/vectors/nacl/salsa20)

FAMILY_TESTS  += $(BUILD)/tests/test_nacl_salsa20
