/* signify's key and signature files (signify.c) for `qed sign` (sign.c). */
#ifndef QED_CLI_SIGNIFY_H
#define QED_CLI_SIGNIFY_H

#include <sys/types.h>

#include "cli.h"

#define SFY_PUBKEY_BYTES 42    /* "Ed" | keynum | pk */
#define SFY_SIG_BYTES    74    /* "Ed" | keynum | sig */
#define SFY_SECKEY_BYTES 104   /* "Ed" "BK" rounds salt checksum keynum sk */
#define SFY_KEYNUM_BYTES 8
#define SFY_MAX_FILE (1 << 30) /* messages and lists read whole: 1 GiB */

/* The whole file ("-" = stdin) in a malloc'd buffer; 0 or -1 (printed). */
int sfy_read_all(const char *name, uint8_t **buf, size_t *len);
/* Writes a file ("-" = stdout); exclusive: fail if it exists (keys). */
int sfy_write_file(const char *name, const uint8_t *data, size_t len,
                   int exclusive, mode_t mode);
/* Parses comment line + base64 line of outlen bytes starting with "Ed";
 * comment (COMMENT_MAX bytes) and *msgoff (where an embedded message
 * starts) may be NULL.  0, or -1 with a message naming the file. */
int sfy_parse(const char *name, const uint8_t *file, size_t filelen,
              uint8_t *out, size_t outlen, char *comment, size_t *msgoff);
/* sfy_parse of a whole file (the buffer wiped after). */
int sfy_load(const char *name, uint8_t *out, size_t outlen, char *comment);
/* "untrusted comment: COMMENT\nBASE64\n" into buf; its length, 0 if too
 * long. */
size_t sfy_format(char *buf, size_t size, const char *comment,
                  const uint8_t *data, size_t len);

#endif
