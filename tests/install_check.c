/* Built by `make test-install` against an installed qed, only through
 * pkg-config: prints SHA3-256("abc") in hex, which the target compares
 * with the FIPS 202 example value. */
#include <stdio.h>

#include <qed/qed.h>

int main(void)
{
  uint8_t md[QED_SHA3_256_BYTES];
  size_t i;

  qed_sha3_256(md, (const uint8_t *)"abc", 3);
  for (i = 0; i < sizeof md; i++) printf("%02x", md[i]);
  printf("\n");
  return 0;
}
