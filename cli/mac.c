/* qed mac: KMAC128, KMAC256 and Skein-MAC over files.  The key comes from
 * a file or standard input, never from the command line (argv is visible
 * to every user through ps and /proc).  --check compares in constant time. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <string.h>

#include "cli.h"

typedef struct {
  const char *name;
  int skein_bits;       /* 0 for KMAC */
  int kmac256;
  unsigned default_bits;
} mac_alg;

static const mac_alg mac_algs[] = {
  {"kmac128", 0, 0, 256},
  {"kmac256", 0, 1, 512},
  {"skein-256", 256, 0, 256},
  {"skein-512", 512, 0, 512},
  {"skein-1024", 1024, 0, 1024},
};

static uint8_t block[CLI_BLOCK];

static void mac_help(void)
{
  printf(
"Usage: qed mac -a ALGORITHM [--key-file FILE] [OPTION]... [FILE]...\n"
"Print (or check) the MAC of each FILE; with no FILE, or when FILE is -,\n"
"read standard input.  The key is the raw bytes of --key-file, or of\n"
"standard input when there is no --key-file (never a command-line argument).\n"
"\n"
"  -a, --algorithm=ALG   kmac128, kmac256, skein-256, skein-512, skein-1024\n"
"  -k, --key-file=FILE   the key (raw bytes, 1 .. %d)\n"
"  -S STRING             customization string (KMAC S, Skein personalization)\n"
"  -l, --length=BITS     tag length, a multiple of 8 (default 256 for\n"
"                        kmac128, 512 for kmac256, the state size for Skein)\n"
"      --check=TAG       compare the MAC of the one FILE with TAG (hex) in\n"
"                        constant time; exit 0 if equal, 1 if not\n"
"\n"
"Output: HEX  FILE per file.  Exit status: 0 success, 1 failure, 2 usage.\n",
      CLI_MAX_KEY);
}

/* The MAC of one file: 0, or -1 (message printed). */
static int mac_file(const char *name, const mac_alg *a, const uint8_t *key,
                    size_t keylen, const uint8_t *custom, size_t customlen,
                    uint8_t *out, size_t outlen)
{
  qed_kmac_ctx kmac;
  qed_skein_ctx skein;
  FILE *f = cli_open(name);
  size_t n;
  int r = 0;
  if (f == NULL) {
    cli_err("%s: %s", name, strerror(errno));
    return -1;
  }
  if (a->skein_bits) {
    qed_skein_params p;
    memset(&p, 0, sizeof p);
    p.key = key;
    p.keylen = keylen;
    p.pers = custom;
    p.perslen = customlen;
    if (qed_skein_init(&skein, (unsigned)a->skein_bits, outlen, &p) != 0) {
      cli_close(f);
      cli_err("%s: bad parameters", a->name);
      return -1;
    }
  } else if (a->kmac256) {
    qed_kmac256_init(&kmac, key, keylen, custom, customlen);
  } else {
    qed_kmac128_init(&kmac, key, keylen, custom, customlen);
  }
  while (r == 0 && (n = fread(block, 1, sizeof block, f)) > 0)
    r = a->skein_bits ? qed_skein_update(&skein, block, n)
                      : qed_kmac_update(&kmac, block, n);
  if (r == 0 && ferror(f)) {
    cli_err("%s: %s", name, strerror(errno));
    r = -1;
  } else if (r != 0) {
    cli_err("%s: input too long", name);
  }
  cli_close(f);
  if (r == 0)
    r = a->skein_bits ? qed_skein_final(&skein, out)
                      : qed_kmac_final(&kmac, out, outlen);
  /* the contexts hold key material */
  qed_zeroize((uint8_t *)&kmac, sizeof kmac);
  qed_zeroize((uint8_t *)&skein, sizeof skein);
  qed_zeroize(block, sizeof block);
  return r;
}

enum { O_CHECK = 256, O_HELP };

int cli_mac(int argc, char **argv)
{
  static const struct option longs[] = {
    {"algorithm", required_argument, 0, 'a'},
    {"key-file", required_argument, 0, 'k'},
    {"length", required_argument, 0, 'l'},
    {"check", required_argument, 0, O_CHECK},
    {"help", no_argument, 0, O_HELP},
    {0, 0, 0, 0}};
  static uint8_t key[CLI_MAX_KEY], out[CLI_MAX_OUT], want[CLI_MAX_OUT];
  static char hex[2 * CLI_MAX_OUT + 1];
  const mac_alg *a = NULL;
  const char *keyfile = "-", *check = NULL, *custom = "";
  unsigned bits = 0;
  size_t keylen = 0, outlen, wantlen = 0, k;
  int c, i, st = CLI_OK, key_from_stdin;

  cli_prog = "qed mac";
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":a:k:l:S:h", longs, NULL)) != -1) {
    switch (c) {
    case 'a':
      for (k = 0; k < sizeof mac_algs / sizeof mac_algs[0]; k++)
        if (strcmp(optarg, mac_algs[k].name) == 0) a = &mac_algs[k];
      if (a == NULL)
        return cli_usage_err("unknown MAC algorithm '%s' (kmac128, kmac256, "
                             "skein-256, skein-512, skein-1024)", optarg);
      break;
    case 'k': keyfile = optarg; break;
    case 'l':
      if (cli_parse_bits(optarg, &bits) != 0) return CLI_USAGE;
      break;
    case 'S': custom = optarg; break;
    case O_CHECK: check = optarg; break;
    case 'h':
    case O_HELP: mac_help(); return CLI_OK;
    case ':':
      return cli_usage_err("option '%s' requires an argument", argv[optind - 1]);
    default:
      if (optopt) return cli_usage_err("invalid option -- '%c'", optopt);
      return cli_usage_err("unrecognized option '%s'", argv[optind - 1]);
    }
  }
  if (a == NULL) return cli_usage_err("no algorithm given: use -a ALGORITHM");
  outlen = (bits ? bits : a->default_bits) / 8;
  if (check != NULL) {
    if (cli_unhex(want, sizeof want, &wantlen, check, strlen(check)) != 0 ||
        wantlen == 0)
      return cli_usage_err("--check: the tag must be hex digits, at most %d bytes",
                           CLI_MAX_OUT);
    if (bits && wantlen != outlen)
      return cli_usage_err("--check: the tag has %zu bits, --length says %u",
                           wantlen * 8, bits);
    outlen = wantlen;   /* the tag length is the MAC's output length */
    if (argc - optind > 1)
      return cli_usage_err("--check takes one file");
  }
  key_from_stdin = strcmp(keyfile, "-") == 0;
  if (key_from_stdin) {
    if (optind >= argc)
      return cli_usage_err("the key is read from standard input (no "
                           "--key-file): give the message as a FILE");
    for (i = optind; i < argc; i++)
      if (strcmp(argv[i], "-") == 0)
        return cli_usage_err("the key and a message cannot both be "
                             "standard input");
  }
  if (cli_read_small(keyfile, key, sizeof key, &keylen) != 0) return CLI_FAIL;
  if (keylen == 0) {
    cli_err("%s: empty key", key_from_stdin ? "standard input" : keyfile);
    return CLI_FAIL;
  }
  if (optind >= argc) {
    static char *dash[] = {"-", NULL};
    argv = dash;
    argc = 1;
    optind = 0;
  }
  for (i = optind; i < argc; i++) {
    if (mac_file(argv[i], a, key, keylen, (const uint8_t *)custom,
                 strlen(custom), out, outlen) != 0) {
      st = CLI_FAIL;
      continue;
    }
    if (check != NULL) {
      int ok = qed_verify(out, want, outlen) == 0;
      int esc = strchr(argv[i], '\n') != NULL;   /* as sum --check */
      if (esc) putchar('\\');
      cli_put_name(stdout, argv[i], esc);
      printf(": %s\n", ok ? "OK" : "FAILED");
      if (!ok) st = CLI_FAIL;
    } else {
      int esc = cli_needs_escape(argv[i]);
      cli_hex(hex, out, outlen);
      if (esc) putchar('\\');
      printf("%s  ", hex);
      cli_put_name(stdout, argv[i], esc);
      putchar('\n');
    }
  }
  qed_zeroize(key, sizeof key);
  qed_zeroize(out, sizeof out);
  if (fflush(stdout) != 0) st = CLI_FAIL;
  return st;
}
