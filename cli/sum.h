/* The options of `qed sum` shared by its output and --check parts. */
#ifndef QED_CLI_SUM_H
#define QED_CLI_SUM_H

#include "cli.h"

typedef struct {
  const cli_alg *alg;     /* -a, NULL if not given */
  unsigned bits;          /* -l, 0 if not given */
  cli_params params;
  int tag;                /* 1 tagged (default), 0 --untagged */
  int base64, zero, progress;
  int ignore_missing, quiet, status, strict, warn;
} sum_opts;

/* The output length in bytes of a for the options (-l or its default). */
size_t sum_outlen(const cli_alg *a, unsigned bits);
/* One line of a list: algorithm, length, expected digest and file name
 * (pointing into line, unescaped).  0, or -1 if improperly formatted. */
int sum_parse_line(char *line, const sum_opts *o, const cli_alg **alg,
                   size_t *outlen, uint8_t *want, char **name);
int sum_check_file(const char *listname, const sum_opts *o);

#endif
