/* qed sum: print or check digests, following coreutils `cksum -a`. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "sum.h"

static void sum_help(void)
{
  size_t i;
  printf(
"Usage: qed sum -a ALGORITHM [OPTION]... [FILE]...\n"
"  or:  qed sum -c [OPTION]... [FILE]...\n"
"Print or check digests.  With no FILE, or when FILE is -, read standard input.\n"
"\n"
"  -a, --algorithm=ALG   the hash or XOF (see --list)\n"
"  -l, --length=BITS     output length of an XOF or Skein, a multiple of 8\n"
"                        (default 256 for the 128-bit XOFs, 512 for the\n"
"                        256-bit ones, the state size for Skein)\n"
"  -N NAME               cSHAKE function name\n"
"  -S STRING             customization string (cSHAKE, ParallelHash, KT128,\n"
"                        KT256, M14, Ascon-CXOF128)\n"
"  -B BYTES              ParallelHash block size (default 8192)\n"
"  -D BYTE               TurboSHAKE domain byte, 0x01..0x7f (default 0x1f)\n"
"      --tag             BSD-style lines: ALG (FILE) = DIGEST (the default)\n"
"      --untagged        DIGEST  FILE\n"
"      --base64          digests in base64 instead of hex\n"
"  -z, --zero            end each output line with NUL, no name escaping\n"
"      --progress        progress bar on stderr for inputs of 1 MiB and more\n"
"      --debug           print the CPU backend in use\n"
"      --list            list the algorithms\n"
"  -c, --check           read digests from the FILEs and check them\n"
"\n"
"Only when checking:\n"
"      --ignore-missing  don't fail or report status for missing files\n"
"      --quiet           don't print OK for each verified file\n"
"      --status          print nothing, the exit status tells\n"
"      --strict          exit non-zero for improperly formatted lines\n"
"  -w, --warn            warn about improperly formatted lines\n"
"\n"
"Exit status: 0 success, 1 a file failed or could not be read, 2 usage.\n"
"Algorithms:");
  for (i = 0; i < cli_nalgs; i++) printf(" %s", cli_algs[i].name);
  printf("\n");
}

size_t sum_outlen(const cli_alg *a, unsigned bits)
{
  if (!cli_is_variable(a)) return a->fixed_bits / 8;
  return (bits ? bits : a->default_bits) / 8;
}

static int print_one(const char *name, const sum_opts *o, size_t outlen)
{
  static uint8_t out[CLI_MAX_OUT];
  static char text[2 * CLI_MAX_OUT + 4];
  char tag[64];
  int missing, esc;
  if (cli_digest_file(name, o->alg, outlen, &o->params, out, o->progress, 0,
                      &missing) != 0)
    return -1;
  if (o->base64) cli_b64(text, out, outlen);
  else cli_hex(text, out, outlen);
  esc = !o->zero && cli_needs_escape(name);
  if (esc) putchar('\\');
  if (o->tag) {
    cli_tag_name(tag, sizeof tag, o->alg, (unsigned)(outlen * 8));
    printf("%s (", tag);
    cli_put_name(stdout, name, esc);
    printf(") = %s", text);
  } else {
    printf("%s  ", text);
    cli_put_name(stdout, name, esc);
  }
  putchar(o->zero ? '\0' : '\n');
  return 0;
}

/* Strict number for -B and -D: decimal, or hex with 0x. */
static int parse_num(const char *s, unsigned long max, unsigned long *v)
{
  char *end;
  if (*s == '\0' || *s == '-' || *s == '+' || *s == ' ') return -1;
  errno = 0;
  *v = strtoul(s, &end, 0);
  if (errno != 0 || *end != '\0' || *v > max) return -1;
  return 0;
}

enum { O_TAG = 256, O_UNTAGGED, O_BASE64, O_IGNORE, O_QUIET, O_STATUS,
       O_STRICT, O_LIST, O_PROGRESS, O_DEBUG, O_HELP };

int cli_sum(int argc, char **argv)
{
  static const struct option longs[] = {
    {"algorithm", required_argument, 0, 'a'},
    {"length", required_argument, 0, 'l'},
    {"check", no_argument, 0, 'c'},
    {"zero", no_argument, 0, 'z'},
    {"warn", no_argument, 0, 'w'},
    {"tag", no_argument, 0, O_TAG},
    {"untagged", no_argument, 0, O_UNTAGGED},
    {"base64", no_argument, 0, O_BASE64},
    {"ignore-missing", no_argument, 0, O_IGNORE},
    {"quiet", no_argument, 0, O_QUIET},
    {"status", no_argument, 0, O_STATUS},
    {"strict", no_argument, 0, O_STRICT},
    {"list", no_argument, 0, O_LIST},
    {"progress", no_argument, 0, O_PROGRESS},
    {"debug", no_argument, 0, O_DEBUG},
    {"help", no_argument, 0, O_HELP},
    {0, 0, 0, 0}};
  sum_opts o;
  int c, check = 0, list = 0, debug = 0, set_n = 0, set_s = 0, set_b = 0,
         set_d = 0, tag_given = 0, st = CLI_OK, i;
  const char *length_arg = NULL;
  unsigned long v;
  size_t k;

  memset(&o, 0, sizeof o);
  o.tag = 1;
  o.params.block = 8192;
  o.params.domain = 0x1F;
  cli_prog = "qed sum";
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, ":a:l:czwN:S:B:D:h", longs, NULL)) != -1) {
    switch (c) {
    case 'a':
      o.alg = cli_find_alg(optarg);
      if (o.alg == NULL)
        return cli_usage_err("unknown algorithm '%s' (see 'qed sum --list')",
                             optarg);
      break;
    case 'l': length_arg = optarg; break;
    case 'c': check = 1; break;
    case 'z': o.zero = 1; break;
    case 'w': o.warn = 1; break;
    case 'N':
      o.params.name = (const uint8_t *)optarg;
      o.params.namelen = strlen(optarg);
      set_n = 1;
      break;
    case 'S':
      o.params.custom = (const uint8_t *)optarg;
      o.params.customlen = strlen(optarg);
      set_s = 1;
      break;
    case 'B':
      if (parse_num(optarg, (unsigned long)1 << 30, &v) != 0 || v == 0)
        return cli_usage_err("invalid block size '%s' (1 .. 2^30 bytes)", optarg);
      o.params.block = (size_t)v;
      set_b = 1;
      break;
    case 'D':
      if (parse_num(optarg, 0x7F, &v) != 0 || v == 0)
        return cli_usage_err("invalid domain byte '%s' (0x01 .. 0x7f)", optarg);
      o.params.domain = (uint8_t)v;
      set_d = 1;
      break;
    case O_TAG: o.tag = 1; tag_given = 1; break;
    case O_UNTAGGED: o.tag = 0; tag_given = 1; break;
    case O_BASE64: o.base64 = 1; break;
    case O_IGNORE: o.ignore_missing = 1; break;
    case O_QUIET: o.quiet = 1; break;
    case O_STATUS: o.status = 1; break;
    case O_STRICT: o.strict = 1; break;
    case O_LIST: list = 1; break;
    case O_PROGRESS: o.progress = 1; break;
    case O_DEBUG: debug = 1; break;
    case 'h':
    case O_HELP: sum_help(); return CLI_OK;
    case ':':
      return cli_usage_err("option '%s' requires an argument",
                           argv[optind - 1]);
    default:
      if (optopt) return cli_usage_err("invalid option -- '%c'", optopt);
      return cli_usage_err("unrecognized option '%s'", argv[optind - 1]);
    }
  }
  if (list) {
    for (k = 0; k < cli_nalgs; k++) puts(cli_algs[k].name);
    return CLI_OK;
  }
  if (debug) cli_err("backend: %s", qed_backend_name());
  if (length_arg != NULL) {
    if (cli_parse_bits(length_arg, &o.bits) != 0) return CLI_USAGE;
    if (o.alg != NULL && !cli_is_variable(o.alg))
      return cli_usage_err("--length is only supported with XOFs and Skein, "
                           "not %s", o.alg->name);
  }
  if (o.alg != NULL) {
    unsigned opts = o.alg->opts;
    if ((set_n && !(opts & OPT_N)) || (set_s && !(opts & OPT_S)) ||
        (set_b && !(opts & OPT_B)) || (set_d && !(opts & OPT_D)))
      return cli_usage_err("%s takes none of the options -%s%s%s%s given",
                           o.alg->name, set_n && !(opts & OPT_N) ? "N" : "",
                           set_s && !(opts & OPT_S) ? "S" : "",
                           set_b && !(opts & OPT_B) ? "B" : "",
                           set_d && !(opts & OPT_D) ? "D" : "");
    if (o.alg->kind == K_ASCON_XOF && o.params.customlen > QED_ASCON_CXOF128_MAX_CUSTOM)
      return cli_usage_err("-S: at most %d bytes for %s",
                           QED_ASCON_CXOF128_MAX_CUSTOM, o.alg->name);
  }
  if (check) {
    if (o.zero)
      return cli_usage_err("the --zero option is not supported when verifying checksums");
    if (tag_given || o.base64)
      return cli_usage_err("--tag, --untagged and --base64 are meaningless when verifying checksums");
  } else {
    if (o.ignore_missing || o.quiet || o.status || o.strict || o.warn)
      return cli_usage_err("--ignore-missing, --quiet, --status, --strict and "
                           "--warn are meaningful only when verifying checksums");
    if (o.alg == NULL)
      return cli_usage_err("no algorithm given: use -a ALGORITHM (see 'qed sum --list')");
  }

  if (optind >= argc) {
    static char *dash[] = {"-", NULL};
    argv = dash;
    argc = 1;
    optind = 0;
  }
  for (i = optind; i < argc; i++) {
    if (check) {
      if (sum_check_file(argv[i], &o) != 0) st = CLI_FAIL;
    } else {
      if (print_one(argv[i], &o, sum_outlen(o.alg, o.bits)) != 0) st = CLI_FAIL;
    }
  }
  if (fflush(stdout) != 0 || ferror(stdout)) {
    cli_err("write error: %s", strerror(errno));
    st = CLI_FAIL;
  }
  return st;
}
