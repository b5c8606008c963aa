/* qed sum --check: read lines written by qed sum (or cksum -a, sha3sum
 * style tools) and check each file, with coreutils' messages and exit
 * statuses. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sum.h"

/* Undo the escaping of a name on a line that starts with a backslash;
 * -1 for an escape coreutils would not have written. */
static int unescape(char *s)
{
  char *w = s;
  for (; *s; s++) {
    if (*s != '\\') {
      *w++ = *s;
      continue;
    }
    s++;
    if (*s == 'n') *w++ = '\n';
    else if (*s == '\\') *w++ = '\\';
    else return -1;
  }
  *w = '\0';
  return 0;
}

/* The digest as written: hex of outlen bytes, or its base64. */
static int parse_digest(const char *d, size_t dlen, uint8_t *out,
                        size_t outlen)
{
  size_t got;
  if (dlen == 2 * outlen)
    return cli_unhex(out, outlen, &got, d, dlen) == 0 && got == outlen ? 0 : -1;
  if (dlen == cli_b64_len(outlen))
    return cli_unb64(out, outlen, &got, d, dlen) == 0 && got == outlen ? 0 : -1;
  return -1;
}

/* One line: the algorithm, length, expected digest and file name.  The
 * name points into line.  0, or -1 if the line is improperly formatted. */
int sum_parse_line(char *line, const sum_opts *o, const cli_alg **alg,
                      size_t *outlen, uint8_t *want, char **name)
{
  int esc = 0;
  char *open, *close;
  size_t taglen;
  unsigned bits;
  if (line[0] == '\\') {
    esc = 1;
    line++;
  }
  open = strstr(line, " (");
  close = NULL;
  if (open != NULL) {   /* tagged: NAME (file) = digest, the last ") = " */
    char *p = open;
    while ((p = strstr(p + 1, ") = ")) != NULL) close = p;
  }
  if (open != NULL && close != NULL && close > open) {
    char *d = close + 4;
    taglen = (size_t)(open - line);
    *alg = cli_find_tag(line, taglen, &bits);
    if (*alg == NULL) return -1;
    /* -a, if given, restricts the lines to that algorithm */
    if (o->alg != NULL && *alg != o->alg) return -1;
    *outlen = bits / 8;
    if (parse_digest(d, strlen(d), want, *outlen) != 0) return -1;
    *close = '\0';
    *name = open + 2;
  } else {   /* untagged: digest, two spaces (or space star), file */
    char *sp = strchr(line, ' ');
    if (o->alg == NULL || sp == NULL || (sp[1] != ' ' && sp[1] != '*') ||
        sp[2] == '\0')
      return -1;
    *alg = o->alg;
    *outlen = sum_outlen(o->alg, o->bits);
    if (parse_digest(line, (size_t)(sp - line), want, *outlen) != 0) return -1;
    *name = sp + 2;
  }
  if (esc && unescape(*name) != 0) return -1;
  return **name == '\0' ? -1 : 0;
}

/* As coreutils 9.1 reports a checked file: escaped (and the line starting
 * with a backslash) only when the name has a newline. */
static void put_result(const char *name, const char *what)
{
  int esc = strchr(name, '\n') != NULL;
  if (esc) putchar('\\');
  cli_put_name(stdout, name, esc);
  printf(": %s\n", what);
}

int sum_check_file(const char *listname, const sum_opts *o)
{
  static uint8_t want[CLI_MAX_OUT], got[CLI_MAX_OUT];
  const char *shown = strcmp(listname, "-") == 0 ? "standard input" : listname;
  FILE *f = cli_open(listname);
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  unsigned long lineno = 0, improper = 0, mismatched = 0, unread = 0,
                proper = 0, verified = 0;
  int st = 0;

  if (f == NULL) {
    cli_err("%s: %s", listname, strerror(errno));
    return -1;
  }
  while ((len = getline(&line, &cap, f)) != -1) {
    const cli_alg *alg;
    size_t outlen;
    char *name;
    int missing;
    lineno++;
    if (len > 0 && line[len - 1] == '\n') line[--len] = '\0';
    if ((size_t)len != strlen(line) ||   /* a NUL inside the line */
        sum_parse_line(line, o, &alg, &outlen, want, &name) != 0) {
      improper++;
      if (o->warn)
        cli_err("%s: %lu: improperly formatted checksum line", shown, lineno);
      continue;
    }
    proper++;
    if (cli_digest_file(name, alg, outlen, &o->params, got, o->progress,
                        o->ignore_missing || o->status, &missing) != 0) {
      if (missing && o->ignore_missing) continue;
      unread++;
      if (!o->status) put_result(name, "FAILED open or read");
      continue;
    }
    verified++;
    if (memcmp(want, got, outlen) != 0) {
      mismatched++;
      if (!o->status) put_result(name, "FAILED");
    } else if (!o->status && !o->quiet) {
      put_result(name, "OK");
    }
  }
  free(line);
  if (ferror(f)) {
    cli_err("%s: read error", listname);
    cli_close(f);
    return -1;
  }
  cli_close(f);

  if (proper == 0) {
    cli_err("'%s': no properly formatted checksum lines found", shown);
    return -1;
  }
  if (!o->status) {
    if (improper)
      cli_err("WARNING: %lu line%s improperly formatted", improper,
              improper == 1 ? " is" : "s are");
    if (unread)
      cli_err("WARNING: %lu listed file%s could not be read", unread,
              unread == 1 ? "" : "s");
    if (mismatched)
      cli_err("WARNING: %lu computed checksum%s did NOT match", mismatched,
              mismatched == 1 ? "" : "s");
  }
  if (o->ignore_missing && verified == 0 && unread == 0) {
    if (!o->status) cli_err("%s: no file was verified", shown);
    st = -1;
  }
  if (mismatched || unread || (o->strict && improper)) st = -1;
  return st;
}
