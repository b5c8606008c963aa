/* Shared by the C tests: the pass/fail tally and its closing line, hex
 * decoding, a deterministic byte generator, and the table of the twelve
 * Keccak-family functions of qed/keccak.h driven through one interface.
 *
 * Every test ends with a line exactly "N passed, M failed" and exits
 * non-zero when M > 0 or N == 0 (a test that checked nothing has failed). */
#ifndef QED_TESTS_TESTUTIL_H
#define QED_TESTS_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "qed/keccak.h"

/* ---- tally ---- */
typedef struct {
  unsigned long passed;
  unsigned long failed;
} test_tally;

/* Count one check; on failure print the message (printf-style), up to a
 * cap so that a broken build does not flood the log.  Returns ok.        */
int test_check(test_tally *t, int ok, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Print "N passed, M failed"; the exit status for main. */
int test_finish(const test_tally *t);

/* ---- bytes ---- */
/* Decode exactly outlen bytes of hex (either case) from hex[0 .. 2*outlen).
 * Returns 0, or -1 if a character is not a hex digit.                     */
int test_unhex(uint8_t *out, const char *hex, size_t outlen);
/* The whole file dir/sub/name as a NUL-terminated string the caller frees
 * (its length in *len when len is not NULL); exits with status 2, after
 * saying which file, when it cannot be read: a missing vector file is a
 * broken checkout, not a failed check.                                    */
char *test_read_text(const char *dir, const char *sub, const char *name,
                     size_t *len);
/* Deterministic pseudo-random bytes (xorshift64*), reproducible on every
 * machine: the tests must not depend on the byte order or on a seed.      */
void test_fill(uint8_t *buf, size_t len, uint64_t seed);
/* Next value of a xorshift64* stream (state must not be 0). */
uint64_t test_rand(uint64_t *state);

/* ---- the functions under test ---- */
typedef struct {
  const char *name;
  size_t digest;   /* digest bytes; 0 for the XOFs                     */
  size_t rate;     /* block bytes                                      */
  uint8_t suffix;  /* domain bits + first pad bit, for the reference   */
  void (*hash)(uint8_t *out, const uint8_t *in, size_t inlen);
  void (*xof)(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
  void (*hash_init)(qed_sha3_ctx *ctx);
  void (*xof_init)(qed_shake_ctx *ctx);
} test_alg;

#define TEST_NUM_ALGS 12
extern const test_alg test_algs[TEST_NUM_ALGS];

/* The algorithm called name ("SHA3-256", "SHAKE128", ...), or NULL. */
const test_alg *test_alg_find(const char *name);

/* One-shot: out gets outlen bytes (for fixed-length hashes outlen must be
 * the digest length). */
void test_oneshot(const test_alg *a, uint8_t *out, size_t outlen,
                  const uint8_t *in, size_t inlen);

/* Streaming: absorb in in chunks and squeeze outlen bytes in chunks, the
 * chunk sizes drawn from seed (0-length pieces included).  Returns 0, or
 * -1 if any call returned non-zero.                                       */
int test_streaming(const test_alg *a, uint8_t *out, size_t outlen,
                   const uint8_t *in, size_t inlen, uint64_t seed);

/* Print the CPU backend in use (the KATs run once per backend). */
void test_print_backend(void);

#endif
