/* qed: the command-line tool.  Declarations shared by the subcommands.
 *
 * The tool uses the public headers and the installed library only (no
 * src/ internals), so `qed selftest` and `qed bench` check exactly what a
 * user links against. */
#ifndef QED_CLI_H
#define QED_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "qed/ascon.h"
#include "qed/common.h"
#include "qed/gimli.h"
#include "qed/keccak.h"
#include "qed/keccak_xof.h"
#include "qed/sha2.h"
#include "qed/skein.h"

/* Exit statuses, as coreutils and signify use them. */
#define CLI_OK    0
#define CLI_FAIL  1
#define CLI_USAGE 2

/* Files are read through the streaming APIs in blocks of this size. */
#define CLI_BLOCK (64 * 1024)
/* Longest XOF / Skein output `sum` and `mac` accept (bytes). */
#define CLI_MAX_OUT 8192
/* Longest key, customization or name string read from a file (bytes). */
#define CLI_MAX_KEY 4096

/* ---- messages (io.c) ---- */
extern const char *cli_prog;   /* "qed sum", "qed mac", ... */
void cli_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A usage error: the message, a hint to --help; returns CLI_USAGE. */
int cli_usage_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- encodings (io.c) ---- */
void cli_hex(char *out, const uint8_t *in, size_t len);       /* 2*len+1 */
/* 0 and out[0 .. strlen(hex)/2 - 1], or -1 on a non-hex digit / odd length */
int cli_unhex(uint8_t *out, size_t outmax, size_t *outlen, const char *hex,
              size_t hexlen);
size_t cli_b64_len(size_t len);                               /* no NUL */
void cli_b64(char *out, const uint8_t *in, size_t len);       /* NUL ended */
/* Strict standard base64 with padding; 0 or -1. */
int cli_unb64(uint8_t *out, size_t outmax, size_t *outlen, const char *in,
              size_t inlen);

/* A file name as coreutils prints it: 1 if it had to be escaped (the line
 * then starts with a backslash); \n -> "\n" and \ -> "\\". */
int cli_needs_escape(const char *name);
void cli_put_name(FILE *f, const char *name, int escape);

/* ---- reading ---- */
/* Opens name ("-" = stdin) for reading; NULL with errno set. */
FILE *cli_open(const char *name);
void cli_close(FILE *f);
/* Reads a whole small file (a key) into buf; 0, or -1 (message printed)
 * if it cannot be read or is longer than max. */
int cli_read_small(const char *name, uint8_t *buf, size_t max, size_t *len);

/* ---- the hash functions (algs.c) ---- */
enum cli_kind {
  K_SHA3, K_SHAKE, K_CSHAKE, K_PH, K_TURBO, K_KT, K_ASCON_HASH, K_ASCON_XOF,
  K_GIMLI, K_SKEIN, K_SHA512
};

typedef struct {
  const char *name;      /* -a name, lower case: "sha3-256"               */
  const char *tag;       /* --tag name: "SHA3-256", "SHAKE128" (+ "-bits") */
  enum cli_kind kind;
  int variant;           /* which function of the kind                    */
  unsigned fixed_bits;   /* digest size, 0 for XOFs and Skein             */
  unsigned default_bits; /* -l default of XOFs and Skein                  */
  unsigned opts;         /* the parameters it takes: OPT_* below           */
} cli_alg;

#define OPT_N 1u   /* -N function name (cSHAKE)                     */
#define OPT_S 2u   /* -S customization                             */
#define OPT_B 4u   /* -B block size (ParallelHash)                 */
#define OPT_D 8u   /* -D domain byte (TurboSHAKE)                  */

typedef struct {
  const uint8_t *name; size_t namelen;     /* -N */
  const uint8_t *custom; size_t customlen; /* -S */
  size_t block;                            /* -B */
  uint8_t domain;                          /* -D */
} cli_params;

typedef struct {
  const cli_alg *alg;
  size_t outlen;
  const cli_params *params;
  union {  /* one context of the kind in use (never read as another) */
    qed_sha3_ctx sha3;
    qed_shake_ctx shake;
    qed_cshake_ctx cshake;
    qed_parallelhash_ctx ph;
    qed_turboshake_ctx turbo;
    qed_kt_ctx kt;
    qed_ascon_hash_ctx ascon_hash;
    qed_ascon_xof_ctx ascon_xof;
    qed_gimli_hash_ctx gimli;
    qed_skein_ctx skein;
    qed_sha256_ctx sha256;
    qed_sha512_ctx sha512;
  } u;
} cli_hash;

extern const cli_alg cli_algs[];
extern const size_t cli_nalgs;
const cli_alg *cli_find_alg(const char *name);   /* by -a name */
/* By tag name as printed by --tag: "SHA3-256", "SHAKE128-256", "SHAKE128"
 * (default length); *bits = the output length. */
const cli_alg *cli_find_tag(const char *tag, size_t taglen, unsigned *bits);
/* The tag a digest of bits bits is printed under (buf of 64 bytes). */
void cli_tag_name(char *buf, size_t size, const cli_alg *a, unsigned bits);
int cli_is_variable(const cli_alg *a);
/* 0, or -1 (message printed) if a parameter is out of range. */
int cli_hash_begin(cli_hash *h, const cli_alg *a, size_t outlen,
                   const cli_params *p);
int cli_hash_update(cli_hash *h, const uint8_t *in, size_t len);
int cli_hash_end(cli_hash *h, uint8_t *out);   /* out: h->outlen bytes */
void cli_hash_wipe(cli_hash *h);

/* Hashes a whole file ("-" = stdin) in CLI_BLOCK blocks into out
 * (h->outlen bytes).  0, or -1 with errno-style message printed unless
 * quiet_enoent and the file does not exist (*missing then 1).  progress:
 * show a progress bar on stderr for inputs of 1 MiB and more. */
int cli_digest_file(const char *name, const cli_alg *a, size_t outlen,
                    const cli_params *p, uint8_t *out, int progress,
                    int quiet_enoent, int *missing);
/* 0, or -1 (usage message printed) for a bad --length. */
int cli_parse_bits(const char *s, unsigned *bits);

/* ---- subcommands ---- */
int cli_sum(int argc, char **argv);
int cli_mac(int argc, char **argv);
int cli_sign(int argc, char **argv);
int cli_bench(int argc, char **argv);
int cli_selftest(int argc, char **argv);




#endif
