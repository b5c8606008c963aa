/* qed: the command-line tool of the qed library.  One subcommand per file
 * (sum.c, mac.c, ...); this file only picks it. */
#include <string.h>

#include "cli.h"
#include "qed/qed.h"

typedef struct {
  const char *name;
  int (*run)(int, char **);
  const char *what;
} subcommand;

static const subcommand subcommands[] = {
  {"sum", cli_sum, "print or check digests (coreutils cksum -a style)"},
  {"mac", cli_mac, "KMAC and Skein-MAC of files, key from a file or stdin"},
  {"sign", cli_sign, "Ed25519 signatures compatible with OpenBSD signify"},
  {"bench", cli_bench, "speed of the main functions of the library"},
  {"selftest", cli_selftest, "known-answer tests of the library"},
};

static void usage(FILE *f)
{
  size_t i;
  fprintf(f, "Usage: qed COMMAND [OPTION]... [ARG]...\n\nCommands:\n");
  for (i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
    fprintf(f, "  %-9s %s\n", subcommands[i].name, subcommands[i].what);
  fprintf(f, "\n'qed COMMAND --help' describes a command; man qed for more.\n"
             "qed --version prints the library version.\n");
}

int main(int argc, char **argv)
{
  size_t i;
  if (argc < 2) {
    usage(stderr);
    return CLI_USAGE;
  }
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
    usage(stdout);
    return CLI_OK;
  }
  if (strcmp(argv[1], "--version") == 0) {
    printf("qed %s\n", QED_VERSION_STRING);
    return CLI_OK;
  }
  for (i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
    if (strcmp(argv[1], subcommands[i].name) == 0)
      return subcommands[i].run(argc - 1, argv + 1);
  fprintf(stderr, "qed: unknown command '%s'\n", argv[1]);
  usage(stderr);
  return CLI_USAGE;
}
