/* The benchmark harness (bench/harness.c): families of rows, timed
 * interleaved against the library a user would pick instead.
 *
 * A family adds bench/bench_<family>.c, which defines
 *   const bench_family bench_family_<family>;
 * and one line BENCH_FAMILY(<family>) in bench/families.h; mk/bench.mk
 * links every bench/bench_*.c file (and the libraries of BENCH_LDLIBS).
 *
 * A row times `qed` and, when it has one, `ref` on the same input: the
 * harness alternates them in every round, rounds run over all rows in turn,
 * and the report gives medians and minimums of ticks per byte (per call
 * when n == 0) and the ratios qed/ref.  Before any timing, when check_len
 * is not 0, one call of each must give the same first check_len bytes of
 * output, so a row cannot time two different computations.              */
#ifndef QED_BENCH_HARNESS_H
#define QED_BENCH_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/* Largest output a row may write into `out`. */
#define BENCH_OUT_MAX 512
/* Largest message: `in` holds this many fixed pseudo-random bytes. */
#define BENCH_IN_MAX 1048576

/* Run the computation `iters` times on in[0 .. n-1] (n is the row's n; a
 * per-call row gets n == 0 and may read up to BENCH_IN_MAX bytes of in as
 * keys or blocks), leaving the output of (at least) the last call in out. */
typedef void (*bench_fn)(uint8_t *out, const uint8_t *in, size_t n,
                         unsigned long iters);

typedef struct {
  const char *name;      /* what is timed: "Skein-512-512", "KT128" */
  size_t n;              /* message bytes per call; 0: a per-call row */
  bench_fn qed;
  bench_fn ref;          /* the same work elsewhere; NULL: no comparison */
  const char *ref_name;  /* "OpenSSL", "Botan", "qed SHAKE128", ... */
  size_t check_len;      /* bytes of out that must agree (0: none) */
  double target;         /* an issue's bound on qed/ref (0: none) */
  int portable;          /* 1: also timed in the QED_BACKEND=portable run */
} bench_row;

typedef struct {
  const char *name;        /* table heading: "Keccak", "Skein" */
  int (*setup)(void);      /* NULL, or 0 = ready; else the family is
                              skipped, with the reason it printed */
  const bench_row *rows;
  size_t count;
} bench_family;

/* qed's own SHA3-256 and SHAKE128 (32 bytes of output), defined in
 * bench/bench_keccak.c: the yardstick of the families that no other
 * library implements (Ascon, Gimli, the tree modes). */
void bench_qed_sha3_256(uint8_t *out, const uint8_t *in, size_t n,
                        unsigned long iters);
void bench_qed_shake128(uint8_t *out, const uint8_t *in, size_t n,
                        unsigned long iters);

#define BENCH_FAMILY(f) extern const bench_family bench_family_##f;
#include "families.h"
#undef BENCH_FAMILY

#endif
