/* Bench rows of Keccak-p of every width and the bit-granular sponge and
 * duplex (bench/harness.h).
 *
 * No library in Debian 12 offers Keccak-p[200/400/800]: those rows have no
 * comparison.  Keccak-p[1600, 24] through the generic interface is timed
 * against qed_keccak_p1600_permute called directly, to show what the
 * interface (one width test) costs; the bit-granular sponge at b = 1600 is
 * timed against qed's byte-oriented Keccak-256 (same function, Keccak[1088,
 * 512]), to show what bit granularity costs. */
#include <string.h>

#include "harness.h"
#include "qed/keccak.h"
#include "qed/keccak_p.h"
#include "keccak/keccak_p.h"
#include "keccak/keccak_p1600.h"

/* iters permutations of one state, started from the first bytes of in. */
static void perm_rows(uint8_t *o, const uint8_t *in, unsigned width,
                      unsigned rounds, unsigned long it)
{
  qed_keccak_p_state s;
  qed_keccak_p_init(&s, width);
  qed_keccak_p_add_bytes(&s, in, 0, width / 8);
  for (unsigned long i = 0; i < it; i++)
    qed_keccak_p_permute(&s, rounds);
  qed_keccak_p_extract_bytes(&s, o, 0, width / 8 < 32 ? width / 8 : 32);
}

static void q_p200(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ (void)n; perm_rows(o, in, 200, 18, it); }
static void q_p400(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ (void)n; perm_rows(o, in, 400, 20, it); }
static void q_p800(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ (void)n; perm_rows(o, in, 800, 22, it); }
static void q_p200_1(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ (void)n; perm_rows(o, in, 200, 1, it); }
static void q_p1600(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{ (void)n; perm_rows(o, in, 1600, 24, it); }
static void r_p1600(uint8_t *o, const uint8_t *in, size_t n, unsigned long it)
{
  uint64_t st[25];
  (void)n;
  qed_keccak_p1600_zero(st);
  qed_keccak_p1600_add_bytes(st, in, 0, 200);
  for (unsigned long i = 0; i < it; i++)
    qed_keccak_p1600_permute(st, 24);
  qed_keccak_p1600_extract_bytes(st, o, 0, 32);
}

static void q_sponge1600(uint8_t *o, const uint8_t *in, size_t n,
                         unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_keccak_rc(o, 256, in, 8 * n, 1088, 512);
}
static void r_keccak256(uint8_t *o, const uint8_t *in, size_t n,
                        unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    qed_keccak_256(o, in, n);
}
static void q_sponge200(uint8_t *o, const uint8_t *in, size_t n,
                        unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_keccak_rc(o, 256, in, 8 * n, 40, 160);
}
static void q_sponge800(uint8_t *o, const uint8_t *in, size_t n,
                        unsigned long it)
{
  for (unsigned long i = 0; i < it; i++)
    (void)qed_keccak_rc(o, 256, in, 8 * n, 544, 256);
}
static void q_duplex1026(uint8_t *o, const uint8_t *in, size_t n,
                         unsigned long it)
{
  qed_keccak_p_duplex_ctx d;
  (void)n;
  (void)qed_keccak_p_duplex_init(&d, 1600, 1026, 24);
  for (unsigned long i = 0; i < it; i++)
    (void)qed_keccak_p_duplexing(&d, o, 1026, in, 1024);
  qed_keccak_p_duplex_wipe(&d);
}

static const bench_row rows[] = {
  { "Keccak-p[200,18]", 0, q_p200, NULL, NULL, 0, 0, 1 },
  { "Keccak-p[400,20]", 0, q_p400, NULL, NULL, 0, 0, 1 },
  { "Keccak-p[800,22]", 0, q_p800, NULL, NULL, 0, 0, 1 },
  { "Keccak-p[200,1] (Ketje Jr step)", 0, q_p200_1, NULL, NULL, 0, 0, 0 },
  { "Keccak-p[1600,24] generic", 0, q_p1600, r_p1600,
    "qed Keccak-p[1600] direct", 32, 0, 1 },
  { "Keccak[1088,512] bit sponge", 4096, q_sponge1600, r_keccak256,
    "qed Keccak-256", 32, 0, 0 },
  { "Keccak[40,160] bit sponge", 4096, q_sponge200, NULL, NULL, 0, 0, 0 },
  { "Keccak[544,256] bit sponge", 4096, q_sponge800, NULL, NULL, 0, 0, 0 },
  { "Duplex r1026 (1024-bit sigma)", 0, q_duplex1026, NULL, NULL, 0, 0, 0 },
};

const bench_family bench_family_keccak_p = {
  "Keccak-p of every width, bit sponge, duplex", NULL, rows,
  sizeof rows / sizeof rows[0]
};
