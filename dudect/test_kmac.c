/* KMAC128 and KMAC256 (SP 800-185, include/qed/keccak_xof.h) on the
 * default backend: the all-zero 32-byte key against a random one; the
 * message (64 bytes) and the customization string are public and fixed,
 * the tag 32 bytes. */
#include <string.h>

#include <qed/qed.h>

#include "tests.h"

static uint8_t kmac_msg[64];
static uint8_t kmac_tag[32];
static const uint8_t kmac_custom[] = "dudect";

static int kmac_setup(dudect_rng *g)
{
  dudect_rng_fill(g, kmac_msg, sizeof kmac_msg);
  return 0;
}

static void kmac_prepare(void *slot, int random_class, dudect_rng *g)
{
  if (random_class)
    dudect_rng_fill(g, slot, 32);
  else
    memset(slot, 0, 32);
}

static int kmac128_call(void *slot)
{
  qed_kmac128(kmac_tag, sizeof kmac_tag, slot, 32, kmac_msg, sizeof kmac_msg,
              kmac_custom, sizeof kmac_custom - 1);
  return 0;
}

static int kmac256_call(void *slot)
{
  qed_kmac256(kmac_tag, sizeof kmac_tag, slot, 32, kmac_msg, sizeof kmac_msg,
              kmac_custom, sizeof kmac_custom - 1);
  return 0;
}

const dudect_test dudect_kmac128 = {
  "kmac128_key", NULL, "all-zero 32-byte key (message fixed)",
  32, 1000, kmac_setup, kmac_prepare, kmac128_call, 0,
};

const dudect_test dudect_kmac256 = {
  "kmac256_key", NULL, "all-zero 32-byte key (message fixed)",
  32, 1000, kmac_setup, kmac_prepare, kmac256_call, 0,
};
