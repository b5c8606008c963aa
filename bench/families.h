/* One line per bench/bench_<family>.c (see bench/harness.h); the tables
 * are printed in this order. */
BENCH_FAMILY(keccak)
BENCH_FAMILY(keccak_p)
BENCH_FAMILY(ascon)
BENCH_FAMILY(gimli)
BENCH_FAMILY(aes)
BENCH_FAMILY(ketje)
BENCH_FAMILY(skein)
BENCH_FAMILY(nacl)
BENCH_FAMILY(nacl_box)
BENCH_FAMILY(nacl_poly1305)
BENCH_FAMILY(sha2)
BENCH_FAMILY(nacl_sign)
