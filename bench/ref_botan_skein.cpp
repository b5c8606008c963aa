// Botan 2's Skein-512 and Threefish-512 behind a C interface, for
// bench/bench_skein.c (Botan is C++).  The hash objects are made once per
// output length and reused (clear + update + final), as a program hashing
// many messages would; Threefish keeps its key and tweak between blocks.
// The objects are never destroyed: Botan's locked-memory pool may be gone
// by the time static destructors run at exit.
// Before any Botan header: threefish_512.h is marked "internal in the future".
#define BOTAN_NO_DEPRECATED_WARNINGS
#include <botan/hash.h>
#include <botan/threefish_512.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>

extern "C" {
int ref_botan_skein512(uint8_t *out, size_t outbytes, const uint8_t *in,
                       size_t inlen);
int ref_botan_threefish512_setup(const uint8_t key[64],
                                 const uint8_t tweak[16]);
void ref_botan_threefish512_encrypt(uint8_t out[64], const uint8_t in[64]);
}

int ref_botan_skein512(uint8_t *out, size_t outbytes, const uint8_t *in,
                       size_t inlen)
{
  static auto *hashes =
      new std::map<size_t, std::unique_ptr<Botan::HashFunction>>;
  auto &h = (*hashes)[outbytes];
  if (!h) {
    h = Botan::HashFunction::create(
        "Skein-512(" + std::to_string(8 * outbytes) + ")");
    if (!h)
      return -1;
  }
  h->update(in, inlen);
  h->final(out);
  return 0;
}

static Botan::Threefish_512 *threefish;

int ref_botan_threefish512_setup(const uint8_t key[64],
                                 const uint8_t tweak[16])
{
  if (threefish == nullptr)
    threefish = new Botan::Threefish_512;
  threefish->set_key(key, 64);
  threefish->set_tweak(tweak, 16);
  return 0;
}

void ref_botan_threefish512_encrypt(uint8_t out[64], const uint8_t in[64])
{
  threefish->encrypt_n(in, out, 1);
}
