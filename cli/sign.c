/* qed sign: Ed25519 signatures compatible with OpenBSD's signify (its
 * options, key and signature files, messages and exit statuses: 0 on
 * success, 1 on any failure or usage error).  Unencrypted secret keys
 * only: an encrypted one (KDF rounds not 0) is refused until qed has the
 * bcrypt-pbkdf key encryption. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "qed/nacl.h"
#include "qed/sha2.h"
#include "signify.h"
#include "sum.h"

static void sign_usage(FILE *f)
{
  fprintf(f,
"usage: qed sign -C [-q] -p pubkey -x sigfile [file ...]\n"
"       qed sign -G -n [-c comment] -p pubkey -s seckey\n"
"       qed sign -S [-e] [-x sigfile] -s seckey -m message\n"
"       qed sign -V [-eq] [-p pubkey] [-x sigfile] -m message\n"
"Ed25519 signatures in OpenBSD signify's formats (see qed(1)).\n");
}

static int usage_fail(const char *msg)
{
  if (msg != NULL) cli_err("%s", msg);
  sign_usage(stderr);
  return CLI_FAIL;
}

/* keyname.pub and keyname.sec with the same keyname, as signify wants. */
static int names_comply(const char *pub, const char *sec)
{
  size_t lp = strlen(pub), ls = strlen(sec);
  const char *bp = strrchr(pub, '/'), *bs = strrchr(sec, '/');
  bp = bp ? bp + 1 : pub;
  bs = bs ? bs + 1 : sec;
  if (lp < 4 || ls < 4 || strcmp(pub + lp - 4, ".pub") != 0 ||
      strcmp(sec + ls - 4, ".sec") != 0)
    return 0;
  return strlen(bp) == strlen(bs) && strncmp(bp, bs, strlen(bp) - 4) == 0;
}

static int generate(const char *pubname, const char *secname,
                    const char *comment)
{
  uint8_t seed[32], pk[32], sk[64], enc[SFY_SECKEY_BYTES],
      pub[SFY_PUBKEY_BYTES], digest[64];
  char text[512], c2[1100];
  size_t n;
  int st = CLI_FAIL;

  if (!names_comply(pubname, secname)) {
    cli_err("please use naming scheme of keyname.pub and keyname.sec");
    return CLI_FAIL;
  }
  memset(enc, 0, sizeof enc);
  if (qed_randombytes(seed, sizeof seed) != 0 ||
      qed_randombytes(enc + 32, SFY_KEYNUM_BYTES) != 0 ||   /* key number */
      qed_randombytes(enc + 8, 16) != 0) {                  /* salt */
    cli_err("no randomness from the operating system");
    goto out;
  }
  if (qed_crypto_sign_seed_keypair(pk, sk, seed) != 0) {
    cli_err("key generation failed");
    goto out;
  }
  memcpy(enc, "EdBK", 4);   /* rounds enc[4..7] = 0: not encrypted */
  qed_sha512(digest, sk, sizeof sk);
  memcpy(enc + 24, digest, 8);
  memcpy(enc + 40, sk, 64);
  memcpy(pub, "Ed", 2);
  memcpy(pub + 2, enc + 32, SFY_KEYNUM_BYTES);
  memcpy(pub + 10, pk, 32);

  snprintf(c2, sizeof c2, "%s secret key", comment);
  n = sfy_format(text, sizeof text, c2, enc, sizeof enc);
  if (n == 0 || sfy_write_file(secname, (uint8_t *)text, n, 1, 0600) != 0)
    goto out;
  snprintf(c2, sizeof c2, "%s public key", comment);
  n = sfy_format(text, sizeof text, c2, pub, sizeof pub);
  if (n == 0 || sfy_write_file(pubname, (uint8_t *)text, n, 1, 0666) != 0) {
    unlink(secname);   /* no secret key without its public key */
    goto out;
  }
  st = CLI_OK;
out:
  qed_zeroize(seed, sizeof seed);
  qed_zeroize(sk, sizeof sk);
  qed_zeroize(enc, sizeof enc);
  qed_zeroize(digest, sizeof digest);
  qed_zeroize((uint8_t *)text, sizeof text);
  return st;
}

/* The secret key of a signify .sec file: sk and its key number. */
static int load_seckey(const char *name, uint8_t sk[64], uint8_t keynum[8])
{
  uint8_t enc[SFY_SECKEY_BYTES], digest[64];
  uint32_t rounds;
  int r = -1;
  if (sfy_load(name, enc, sizeof enc, NULL) != 0) return -1;
  rounds = (uint32_t)enc[4] << 24 | (uint32_t)enc[5] << 16 |
           (uint32_t)enc[6] << 8 | enc[7];
  if (memcmp(enc + 2, "BK", 2) != 0) {
    cli_err("unsupported KDF in %s", name);
  } else if (rounds != 0) {
    cli_err("%s: encrypted secret keys are not supported yet (qed has no "
            "bcrypt_pbkdf); use a key made with -n", name);
  } else {
    qed_sha512(digest, enc + 40, 64);
    if (qed_verify(digest, enc + 24, 8) != 0) {
      cli_err("%s: corrupt secret key (checksum mismatch)", name);
    } else {
      memcpy(sk, enc + 40, 64);
      memcpy(keynum, enc + 32, 8);
      r = 0;
    }
  }
  qed_zeroize(enc, sizeof enc);
  qed_zeroize(digest, sizeof digest);
  return r;
}

static int sign_file(const char *secname, const char *msgname,
                     const char *signame, int embed)
{
  uint8_t sk[64], keynum[8], sig[SFY_SIG_BYTES], *msg = NULL, *out = NULL;
  char comment[1100], text[512];
  const char *base, *dot;
  size_t msglen, n;
  int st = CLI_FAIL;

  if (load_seckey(secname, sk, keynum) != 0) return CLI_FAIL;
  if (sfy_read_all(msgname, &msg, &msglen) != 0) goto out;
  memcpy(sig, "Ed", 2);
  memcpy(sig + 2, keynum, 8);
  if (qed_crypto_sign_detached(sig + 10, msg, msglen, sk) != 0) {
    cli_err("signing failed");
    goto out;
  }
  /* "verify with keyname.pub", as signify writes it */
  base = strrchr(secname, '/');
  base = base ? base + 1 : secname;
  dot = strlen(base) >= 4 ? base + strlen(base) - 4 : NULL;
  if (dot != NULL && strcmp(dot, ".sec") == 0)
    snprintf(comment, sizeof comment, "verify with %.*s.pub",
             (int)(dot - base), base);
  else
    snprintf(comment, sizeof comment, "signature from %s", base);
  n = sfy_format(text, sizeof text, comment, sig, sizeof sig);
  if (n == 0) goto out;
  if (!embed) {
    st = sfy_write_file(signame, (uint8_t *)text, n, 0, 0666) ? CLI_FAIL : CLI_OK;
    goto out;
  }
  out = malloc(n + msglen + 1);
  if (out == NULL) {
    cli_err("out of memory");
    goto out;
  }
  memcpy(out, text, n);
  if (msglen) memcpy(out + n, msg, msglen);
  st = sfy_write_file(signame, out, n + msglen, 0, 0666) ? CLI_FAIL : CLI_OK;
out:
  qed_zeroize(sk, sizeof sk);
  free(msg);
  free(out);
  return st;
}

/* Verify sig (74 bytes) over m with the public key file; without -p, the
 * key the signature's comment names in /etc/signify, as signify does. */
static int verify_sig(const char *pubname, const char *comment,
                      const uint8_t *sig, const uint8_t *m, size_t mlen)
{
  static const char prefix[] = "verify with ";
  uint8_t pub[SFY_PUBKEY_BYTES];
  char path[1200];
  if (pubname == NULL) {
    const char *key = comment + strlen(prefix);
    if (strncmp(comment, prefix, strlen(prefix)) != 0 || *key == '\0') {
      cli_err("must specify pubkey (-p): the signature names no key");
      return -1;
    }
    if (strchr(key, '/') != NULL) {
      cli_err("invalid keyname %s", key);
      return -1;
    }
    snprintf(path, sizeof path, "/etc/signify/%s", key);
    pubname = path;
  }
  if (sfy_load(pubname, pub, sizeof pub, NULL) != 0) return -1;
  if (memcmp(pub + 2, sig + 2, SFY_KEYNUM_BYTES) != 0) {
    cli_err("verification failed: checked against wrong key");
    return -1;
  }
  if (qed_crypto_sign_verify_detached(sig + 10, m, mlen, pub + 10) != 0) {
    cli_err("signature verification failed");
    return -1;
  }
  return 0;
}

static int verify_file(const char *pubname, const char *msgname,
                       const char *signame, int embed, int quiet)
{
  uint8_t sig[SFY_SIG_BYTES], *file = NULL, *msg = NULL;
  char comment[1100];
  size_t filelen, msglen, off;
  int st = CLI_FAIL;
  if (sfy_read_all(signame, &file, &filelen) != 0) return CLI_FAIL;
  if (sfy_parse(signame, file, filelen, sig, sizeof sig, comment, &off) != 0)
    goto out;
  if (embed) {
    if (verify_sig(pubname, comment, sig, file + off, filelen - off) != 0)
      goto out;
    if (sfy_write_file(msgname, file + off, filelen - off, 0, 0666) != 0)
      goto out;
  } else {
    if (sfy_read_all(msgname, &msg, &msglen) != 0) goto out;
    if (verify_sig(pubname, comment, sig, msg, msglen) != 0) goto out;
  }
  if (!quiet) printf("Signature Verified\n");
  st = CLI_OK;
out:
  free(file);
  free(msg);
  return st;
}

/* -C: the signed list is in --tag format (SHA512 (file) = hex, or any
 * algorithm of qed sum).  With files named, only those are checked, and
 * one the list does not name fails. */
static int check_list(const char *pubname, const char *signame, int quiet,
                      char **files, int nfiles)
{
  static uint8_t want[CLI_MAX_OUT], got[CLI_MAX_OUT];
  uint8_t sig[SFY_SIG_BYTES], *file = NULL;
  char comment[1100];
  char *list = NULL, *line, *next;
  char *seen = NULL;
  size_t filelen, off, len;
  int st = CLI_OK, i;
  sum_opts o;

  memset(&o, 0, sizeof o);
  o.params.block = 8192;
  o.params.domain = 0x1F;
  if (sfy_read_all(signame, &file, &filelen) != 0) return CLI_FAIL;
  if (sfy_parse(signame, file, filelen, sig, sizeof sig, comment, &off) != 0 ||
      verify_sig(pubname, comment, sig, file + off, filelen - off) != 0) {
    free(file);
    return CLI_FAIL;
  }
  if (!quiet) printf("Signature Verified\n");
  len = filelen - off;
  list = malloc(len + 1);
  seen = calloc((size_t)nfiles + 1, 1);
  if (list == NULL || seen == NULL) {
    cli_err("out of memory");
    st = CLI_FAIL;
    goto out;
  }
  memcpy(list, file + off, len);
  list[len] = '\0';
  for (line = list; line < list + len; line = next) {
    const cli_alg *alg;
    size_t outlen;
    char *name;
    int missing, wanted = nfiles == 0;
    size_t linelen;
    next = memchr(line, '\n', (size_t)(list + len - line));
    linelen = next ? (size_t)(next - line) : (size_t)(list + len - line);
    if (next != NULL) *next++ = '\0';
    else next = list + len;
    if (linelen == 0) continue;
    if (strlen(line) != linelen) {   /* a NUL inside the line */
      cli_err("unable to parse checksum line %s", line);
      st = CLI_FAIL;
      continue;
    }
    if (sum_parse_line(line, &o, &alg, &outlen, want, &name) != 0) {
      cli_err("unable to parse checksum line %s", line);
      st = CLI_FAIL;
      continue;
    }
    for (i = 0; i < nfiles; i++)
      if (strcmp(files[i], name) == 0) {
        wanted = 1;
        seen[i] = 1;
      }
    if (!wanted) continue;
    if (cli_digest_file(name, alg, outlen, &o.params, got, 0, 1, &missing) == 0 &&
        memcmp(got, want, outlen) == 0) {
      if (!quiet) printf("%s: OK\n", name);
    } else {
      fflush(stdout);
      fprintf(stderr, "%s: FAIL\n", name);
      st = CLI_FAIL;
    }
  }
  for (i = 0; i < nfiles; i++)
    if (!seen[i]) {
      fflush(stdout);
      fprintf(stderr, "%s: FAIL\n", files[i]);
      st = CLI_FAIL;
    }
out:
  free(file);
  free(list);
  free(seen);
  return st;
}

int cli_sign(int argc, char **argv)
{
  const char *pub = NULL, *sec = NULL, *msg = NULL, *sigf = NULL,
             *comment = "qed";
  char *defsig = NULL;
  int c, mode = 0, embed = 0, nopass = 0, quiet = 0, st;

  cli_prog = "qed sign";
  if (argc == 2 && strcmp(argv[1], "--help") == 0) {
    sign_usage(stdout);
    return CLI_OK;
  }
  optind = 1;
  opterr = 0;
  while ((c = getopt(argc, argv, ":CGSVc:em:np:qs:t:x:zh")) != -1) {
    switch (c) {
    case 'C': case 'G': case 'S': case 'V':
      if (mode != 0 && mode != c) return usage_fail("only one of -C, -G, -S, -V");
      mode = c;
      break;
    case 'c': comment = optarg; break;
    case 'e': embed = 1; break;
    case 'm': msg = optarg; break;
    case 'n': nopass = 1; break;
    case 'p': pub = optarg; break;
    case 'q': quiet = 1; break;
    case 's': sec = optarg; break;
    case 'x': sigf = optarg; break;
    case 't': return usage_fail("-t keytype is not supported (give -p)");
    case 'z': return usage_fail("gzip signatures (-z) are not supported");
    case 'h': sign_usage(stdout); return CLI_OK;
    case ':':
      cli_err("option requires an argument -- '%c'", optopt);
      return usage_fail(NULL);
    default:
      cli_err("invalid option -- '%c'", optopt);
      return usage_fail(NULL);
    }
  }
  argc -= optind;
  argv += optind;
  if (mode != 'C' && argc != 0) return usage_fail("unexpected arguments");
  switch (mode) {
  case 'G':
    if (pub == NULL || sec == NULL) return usage_fail("-G needs -p and -s");
    if (!nopass)
      return usage_fail("encrypted secret keys are not supported yet: give -n "
                        "(the key is then stored unencrypted)");
    if (strlen(comment) > 900) return usage_fail("comment too long");
    return generate(pub, sec, comment);
  case 'S':
  case 'V':
    if (msg == NULL) return usage_fail("must specify message (-m)");
    if (mode == 'S' && sec == NULL) return usage_fail("must specify seckey (-s)");
    if (sigf == NULL) {
      if (strcmp(msg, "-") == 0) return usage_fail("must specify sigfile with - message");
      defsig = malloc(strlen(msg) + 5);
      if (defsig == NULL) return CLI_FAIL;
      strcpy(defsig, msg);
      strcat(defsig, ".sig");
      sigf = defsig;
    }
    st = mode == 'S' ? sign_file(sec, msg, sigf, embed)
                     : verify_file(pub, msg, sigf, embed, quiet);
    free(defsig);
    fflush(stdout);
    return st;
  case 'C':
    if (sigf == NULL) return usage_fail("must specify sigfile (-x)");
    st = check_list(pub, sigf, quiet, argv, argc);
    fflush(stdout);
    return st;
  default:
    return usage_fail(NULL);
  }
}
