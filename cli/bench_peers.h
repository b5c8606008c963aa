/* The peer libraries of `qed bench`, found at run time: OpenSSL's
 * libcrypto.so.3 and libsodium.so.23 are dlopen()ed by soname and their
 * functions looked up with dlsym(), so the tool neither builds nor links
 * against them and runs the same (qed rows alone) where they are absent. */
#ifndef QED_CLI_BENCH_PEERS_H
#define QED_CLI_BENCH_PEERS_H

#include <stddef.h>
#include <stdint.h>

/* One computation of a row: out receives the result (a digest, a
 * ciphertext and its tag, a signature, ...), in[0 .. n-1] is the message;
 * 0 on success, -1 if the library reported an error.  qed's side of each
 * row (cli/bench.c) has the same shape. */
typedef int (*bench_op)(uint8_t *out, const uint8_t *in, size_t n);

/* The inputs every op uses, qed's and the peers' alike. */
extern const uint8_t bench_key[32];    /* AES-128 (first 16), Poly1305,
                                          secretbox, X25519 scalar */
extern const uint8_t bench_nonce[24];  /* CTR block (first 16), GCM IV
                                          (first 12), secretbox nonce */
extern const uint8_t bench_point[32];  /* an X25519 public value */
extern uint8_t bench_ed_pk[32], bench_ed_sk[64];  /* set by cli/bench.c */
extern uint8_t bench_ed_sig[64];       /* qed's signature of in[0 .. 63] */

/* The peers' names, in the order of the table's rows. */
#define BENCH_PEERS 2
extern const char *const bench_peer_name[BENCH_PEERS];  /* "OpenSSL", ... */

/* Try to load the libraries and set up their contexts; the number of
 * libraries loaded.  Prints nothing. */
int peers_open(void);
/* The op of peer p (0 .. BENCH_PEERS-1) for the row `what` ("SHA3-256",
 * "X25519", ...), NULL when the library, a symbol it needs or its setup
 * is missing. */
bench_op peer_op(int p, const char *what);
/* One line per library: soname, loaded or why not, version, missing
 * symbols (for qed bench --peers). */
void peers_list(void);
/* Free the peers' contexts and unload them. */
void peers_close(void);

#endif
