/* Constant-time checks of Keccak-p of every width and of the bit-granular
 * sponge and duplex (see ct/ct.h and ct/ct_test.c).  The small widths carry
 * secrets in Ketje and MonkeyWrap: the state, and the data moved in and out
 * at public bit offsets, are secret; widths, rounds, offsets and lengths
 * are public. */
#include <string.h>

#include "ct.h"
#include "qed/keccak_p.h"
#include "keccak/keccak_p.h"

static const unsigned ct_widths[7] = { 25, 50, 100, 200, 400, 800, 1600 };

static unsigned ct_max_rounds(unsigned b)
{
  return qed_keccak_p_max_rounds(b);
}

/* Every width, every round count: the public one-shot on a secret state
 * string, and the internal interface with secret bits moved in and out at
 * unaligned offsets. */
static int t_keccak_p_permute(void)
{
  uint8_t st[200], in[200], out[200];
  for (int wi = 0; wi < 7; wi++) {
    const unsigned b = ct_widths[wi];
    for (unsigned nr = 1; nr <= ct_max_rounds(b); nr++) {
      ct_fill(st, sizeof st, b + nr);
      SECRET(st, sizeof st);
      CHECK(qed_keccak_p(st, b, nr) == 0);
      PUBLIC(st, sizeof st);

      qed_keccak_p_state s;
      qed_keccak_p_init(&s, b);
      ct_fill(in, sizeof in, 7 * b + nr);
      SECRET(in, sizeof in);
      qed_keccak_p_add_bits(&s, in, 3, b - 5);
      qed_keccak_p_add_bytes(&s, in, 1, b / 8 - 1);
      qed_keccak_p_add_byte(&s, in[7], 0);
      qed_keccak_p_add_bits_at(&s, in, 5, 1, b / 2);
      qed_keccak_p_permute(&s, nr);
      qed_keccak_p_extract_bits_at(&s, out, 3, 2, b - 7);
      qed_keccak_p_extract_bytes(&s, out, 0, b / 8);
      qed_keccak_p_extract_bits(&s, out, 1, b - 1);
      PUBLIC(out, sizeof out);
      PUBLIC(&s, sizeof s);
      qed_keccak_p_wipe(&s);
    }
  }
  return 0;
}

/* The sponge and the duplex on secret messages, bit-granular rates. */
static int t_keccak_p_modes(void)
{
  static uint8_t msg[400], out[256], o2[256];
  for (int wi = 0; wi < 7; wi++) {
    const unsigned b = ct_widths[wi];
    const size_t rates[3] = { 1, b / 2 + 3, b - 1 };
    for (int ri = 0; ri < 3; ri++) {
      const size_t r = rates[ri];
      const size_t len = 2 * r + 5 < 3000 ? 2 * r + 5 : 3000;
      ct_fill(msg, sizeof msg, b + (uint32_t)r);
      SECRET(msg, sizeof msg);
      CHECK(qed_keccak_p_sponge(out, r + 9, msg, len, b, r,
                                ct_max_rounds(b)) == 0);
      qed_keccak_p_sponge_ctx ctx;
      CHECK(qed_keccak_p_sponge_init(&ctx, b, r, ct_max_rounds(b)) == 0);
      CHECK(qed_keccak_p_sponge_absorb_bits(&ctx, msg, len / 3) == 0);
      CHECK(qed_keccak_p_sponge_absorb(&ctx, msg, 5) == 0);
      CHECK(qed_keccak_p_sponge_squeeze_bits(&ctx, o2, r + 3) == 0);
      CHECK(qed_keccak_p_sponge_squeeze(&ctx, o2, 11) == 0);
      qed_keccak_p_sponge_wipe(&ctx);
      PUBLIC(out, sizeof out);
      PUBLIC(o2, sizeof o2);

      if (r >= 2) {
        qed_keccak_p_duplex_ctx d;
        CHECK(qed_keccak_p_duplex_init(&d, b, r, ct_max_rounds(b)) == 0);
        for (size_t sl = 0; sl <= r - 2; sl += (r - 2) / 3 + 1) {
          SECRET(msg, sizeof msg);
          CHECK(qed_keccak_p_duplexing(&d, out, r, msg, sl) == 0);
          PUBLIC(out, sizeof out);
        }
        qed_keccak_p_duplex_wipe(&d);
      }
    }
  }
  return 0;
}

const ct_test ct_tests_keccak_p[] = {
  { "keccak_p_permute", t_keccak_p_permute, 0 },
  { "keccak_p_modes", t_keccak_p_modes, 0 },
};
const size_t ct_tests_keccak_p_count =
    sizeof ct_tests_keccak_p / sizeof ct_tests_keccak_p[0];
