/* OpenBSD signify's file formats: key and signature files are a comment
 * line "untrusted comment: ...", then one line of base64, then (for a
 * signature with an embedded message) the message.  The base64 decodes to
 *   public key  "Ed" | key number (8) | Ed25519 public key (32)       42
 *   signature   "Ed" | key number (8) | Ed25519 signature (64)        74
 *   secret key  "Ed" | "BK" | KDF rounds (4, big-endian) | salt (16) |
 *               checksum (8, SHA-512 of the secret key) | key number |
 *               Ed25519 secret key (64: seed | public key)          104
 * Every field is checked before use; a malformed file gets a message and
 * -1, never a crash. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "signify.h"

#define COMMENT_PREFIX "untrusted comment: "
#define COMMENT_MAX 1024

int sfy_read_all(const char *name, uint8_t **buf, size_t *len)
{
  FILE *f = cli_open(name);
  size_t cap = 0, n = 0, got;
  uint8_t *b = NULL;
  if (f == NULL) {
    cli_err("can't open %s for reading: %s", name, strerror(errno));
    return -1;
  }
  for (;;) {
    if (n == cap) {
      uint8_t *nb;
      if (cap >= SFY_MAX_FILE) {
        cli_err("%s: too large (more than %d MiB)", name, SFY_MAX_FILE >> 20);
        goto fail;
      }
      cap = cap ? 2 * cap : 65536;
      nb = realloc(b, cap);
      if (nb == NULL) {
        cli_err("%s: out of memory", name);
        goto fail;
      }
      b = nb;
    }
    got = fread(b + n, 1, cap - n, f);
    n += got;
    if (got == 0) break;
  }
  if (ferror(f)) {
    cli_err("read error on %s: %s", name, strerror(errno));
    goto fail;
  }
  cli_close(f);
  *buf = b;
  *len = n;
  return 0;
fail:
  free(b);
  cli_close(f);
  return -1;
}

int sfy_write_file(const char *name, const uint8_t *data, size_t len,
                   int exclusive, mode_t mode)
{
  int fd, flags = O_WRONLY | O_CREAT | O_NOFOLLOW |
                  (exclusive ? O_EXCL : O_TRUNC);
  size_t off = 0;
  if (strcmp(name, "-") == 0) {
    fd = STDOUT_FILENO;
  } else {
    fd = open(name, flags, mode);
    if (fd < 0) {
      cli_err("can't open %s for writing: %s", name, strerror(errno));
      return -1;
    }
  }
  while (off < len) {
    ssize_t w = write(fd, data + off, len - off);
    if (w < 0) {
      if (errno == EINTR) continue;
      cli_err("write to %s: %s", name, strerror(errno));
      if (fd != STDOUT_FILENO) close(fd);
      return -1;
    }
    off += (size_t)w;
  }
  if (fd != STDOUT_FILENO && close(fd) != 0) {
    cli_err("write to %s: %s", name, strerror(errno));
    return -1;
  }
  return 0;
}

int sfy_parse(const char *name, const uint8_t *file, size_t filelen,
              uint8_t *out, size_t outlen, char *comment, size_t *msgoff)
{
  const uint8_t *nl, *b64, *end = file + filelen;
  size_t plen = strlen(COMMENT_PREFIX), clen, got;
  uint8_t tmp[SFY_SECKEY_BYTES];
  if (filelen < plen || memcmp(file, COMMENT_PREFIX, plen) != 0) {
    cli_err("invalid comment in %s; must start with '" COMMENT_PREFIX "'",
            name);
    return -1;
  }
  nl = memchr(file, '\n', filelen);
  if (nl == NULL) {
    cli_err("missing new line after comment in %s", name);
    return -1;
  }
  clen = (size_t)(nl - file) - plen;
  if (clen >= COMMENT_MAX || memchr(file + plen, '\0', clen) != NULL) {
    cli_err("invalid comment in %s; too long or not text", name);
    return -1;
  }
  if (comment != NULL) {
    memcpy(comment, file + plen, clen);
    comment[clen] = '\0';
  }
  b64 = nl + 1;
  nl = memchr(b64, '\n', (size_t)(end - b64));
  if (nl == NULL) {
    cli_err("missing new line after base64 in %s", name);
    return -1;
  }
  if (cli_unb64(tmp, sizeof tmp, &got, (const char *)b64,
                (size_t)(nl - b64)) != 0 || got != outlen) {
    qed_zeroize(tmp, sizeof tmp);
    cli_err("invalid base64 encoding in %s", name);
    return -1;
  }
  if (memcmp(tmp, "Ed", 2) != 0) {
    qed_zeroize(tmp, sizeof tmp);
    cli_err("unsupported file %s", name);
    return -1;
  }
  memcpy(out, tmp, outlen);
  qed_zeroize(tmp, sizeof tmp);
  if (msgoff != NULL) *msgoff = (size_t)(nl + 1 - file);
  return 0;
}

int sfy_load(const char *name, uint8_t *out, size_t outlen, char *comment)
{
  uint8_t *file;
  size_t len;
  int r;
  if (sfy_read_all(name, &file, &len) != 0) return -1;
  r = sfy_parse(name, file, len, out, outlen, comment, NULL);
  qed_zeroize(file, len);   /* a secret key file */
  free(file);
  return r;
}

size_t sfy_format(char *buf, size_t size, const char *comment,
                  const uint8_t *data, size_t len)
{
  char b64[2 * SFY_SECKEY_BYTES];
  int n;
  cli_b64(b64, data, len);
  n = snprintf(buf, size, COMMENT_PREFIX "%s\n%s\n", comment, b64);
  qed_zeroize((uint8_t *)b64, sizeof b64);
  return n < 0 || (size_t)n >= size ? 0 : (size_t)n;
}
