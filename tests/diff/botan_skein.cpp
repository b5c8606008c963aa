// Randomized differential test of qed's Skein-512 and Threefish-512
// against Botan 2 (Debian's libbotan-2-dev), an implementation written
// independently of qed and of pyskein.  Run by `make test-diff-skein`.
//
//   botan_skein [SEED]     (QED_DIFF_SCALE multiplies the case counts)
//
// Cases: Skein-512 with every output length Botan has (Skein-512(N) for
// N = 8..512 bits, multiples of 8),
// message lengths 0..5000 and around every block boundary, with and
// without a personalization string; Threefish-512 encrypt and decrypt with
// random keys and tweaks.  The last line is `N passed, M failed`.
#define BOTAN_NO_DEPRECATED_WARNINGS
#include <botan/hash.h>
#include <botan/skein_512.h>
#include <botan/threefish_512.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "qed/skein.h"

static unsigned long passed, failed;

static void check(bool ok, const std::string &what)
{
  if (ok) {
    passed++;
  } else if (++failed <= 20) {
    std::printf("FAIL: %s\n", what.c_str());
  }
}

static std::vector<uint8_t> qed_hash(size_t outlen, const std::vector<uint8_t> &m,
                                     const std::string &pers, std::mt19937_64 &rng)
{
  std::vector<uint8_t> out(outlen + 8, 0xA5);
  if (pers.empty() && rng() % 2) {
    if (qed_skein512(out.data(), outlen, m.data(), m.size()) != 0)
      return {};
  } else {
    qed_skein_params p;
    std::memset(&p, 0, sizeof p);
    p.pers = reinterpret_cast<const uint8_t *>(pers.data());
    p.perslen = pers.size();
    qed_skein_ctx c;
    if (qed_skein_init(&c, 512, outlen, &p) != 0)
      return {};
    size_t at = 0;
    while (at < m.size()) {
      size_t take = std::min<size_t>(m.size() - at, rng() % 200);
      if (qed_skein_update(&c, m.data() + at, take) != 0)
        return {};
      at += take;
    }
    if (qed_skein_final(&c, out.data()) != 0)
      return {};
  }
  for (size_t i = outlen; i < outlen + 8; i++)
    if (out[i] != 0xA5)
      return {};
  out.resize(outlen);
  return out;
}

int main(int argc, char **argv)
{
  unsigned long seed = argc > 1 ? std::strtoul(argv[1], nullptr, 10)
                                : std::random_device{}();
  const char *sc = std::getenv("QED_DIFF_SCALE");
  double scale = sc ? std::atof(sc) : 1.0;
  std::printf("seed %lu\n", seed);
  std::mt19937_64 rng(seed);
  auto bytes = [&](size_t n) {
    std::vector<uint8_t> v(n);
    for (auto &b : v) b = static_cast<uint8_t>(rng());
    return v;
  };

  // every output length 1..64, then random lengths and personalizations
  size_t cases = static_cast<size_t>(2000 * scale);
  for (size_t i = 0; i < 64 + cases; i++) {
    size_t outlen = i < 64 ? i + 1 : 1 + rng() % 64;
    size_t mlen = rng() % 3 == 0 ? 64 * (rng() % 6) + rng() % 3 - (rng() % 2 ? 1 : 0)
                                 : rng() % 5000;
    if (mlen > 100000) mlen = 0;
    auto m = bytes(mlen);
    std::string pers;
    if (i >= 64 && rng() % 4 == 0) {
      size_t pl = 1 + rng() % 63;  // Botan: fewer than 64 bytes
      for (size_t k = 0; k < pl; k++) pers += static_cast<char>('a' + rng() % 26);
    }
    Botan::Skein_512 ref(8 * outlen, pers);
    ref.update(m.data(), m.size());
    auto want = ref.final();
    auto got = qed_hash(outlen, m, pers, rng);
    check(got.size() == want.size() && std::memcmp(got.data(), want.data(), outlen) == 0,
          "Skein-512(" + std::to_string(8 * outlen) + ") msg " + std::to_string(mlen) +
              " pers " + std::to_string(pers.size()));
  }

  // Threefish-512
  Botan::Threefish_512 tf;
  for (size_t i = 0; i < cases; i++) {
    auto key = bytes(64), tweak = bytes(16), pt = bytes(64);
    tf.set_key(key.data(), 64);
    tf.set_tweak(tweak.data(), 16);
    uint8_t want[64], got[64], back[64];
    tf.encrypt_n(pt.data(), want, 1);
    qed_threefish512_encrypt(got, pt.data(), key.data(), tweak.data());
    qed_threefish512_decrypt(back, want, key.data(), tweak.data());
    check(std::memcmp(got, want, 64) == 0, "Threefish-512 encrypt");
    check(std::memcmp(back, pt.data(), 64) == 0, "Threefish-512 decrypt");
  }
  std::printf("%lu passed, %lu failed\n", passed, failed);
  return failed || !passed ? 1 : 0;
}
