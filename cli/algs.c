/* Every hash and XOF of the library behind one begin / update / end
 * interface, so that `sum`, `sum --check` and `bench` treat them alike. */
#include <string.h>
#include <strings.h>

#include "cli.h"

const cli_alg cli_algs[] = {
  {"sha3-224", "SHA3-224", K_SHA3, 0, 224, 0, 0},
  {"sha3-256", "SHA3-256", K_SHA3, 1, 256, 0, 0},
  {"sha3-384", "SHA3-384", K_SHA3, 2, 384, 0, 0},
  {"sha3-512", "SHA3-512", K_SHA3, 3, 512, 0, 0},
  {"keccak-224", "KECCAK-224", K_SHA3, 4, 224, 0, 0},
  {"keccak-256", "KECCAK-256", K_SHA3, 5, 256, 0, 0},
  {"keccak-384", "KECCAK-384", K_SHA3, 6, 384, 0, 0},
  {"keccak-512", "KECCAK-512", K_SHA3, 7, 512, 0, 0},
  {"shake128", "SHAKE128", K_SHAKE, 0, 0, 256, 0},
  {"shake256", "SHAKE256", K_SHAKE, 1, 0, 512, 0},
  {"rawshake128", "RAWSHAKE128", K_SHAKE, 2, 0, 256, 0},
  {"rawshake256", "RAWSHAKE256", K_SHAKE, 3, 0, 512, 0},
  {"cshake128", "CSHAKE128", K_CSHAKE, 0, 0, 256, OPT_N | OPT_S},
  {"cshake256", "CSHAKE256", K_CSHAKE, 1, 0, 512, OPT_N | OPT_S},
  {"parallelhash128", "PARALLELHASH128", K_PH, 0, 0, 256, OPT_B | OPT_S},
  {"parallelhash256", "PARALLELHASH256", K_PH, 1, 0, 512, OPT_B | OPT_S},
  {"turboshake128", "TURBOSHAKE128", K_TURBO, 0, 0, 256, OPT_D},
  {"turboshake256", "TURBOSHAKE256", K_TURBO, 1, 0, 512, OPT_D},
  {"kt128", "KT128", K_KT, 0, 0, 256, OPT_S},
  {"kt256", "KT256", K_KT, 1, 0, 512, OPT_S},
  {"m14", "M14", K_KT, 2, 0, 512, OPT_S},
  {"ascon-hash256", "ASCON-HASH256", K_ASCON_HASH, 0, 256, 0, 0},
  {"ascon-xof128", "ASCON-XOF128", K_ASCON_XOF, 0, 0, 256, 0},
  {"ascon-cxof128", "ASCON-CXOF128", K_ASCON_XOF, 1, 0, 256, OPT_S},
  {"gimli-hash", "GIMLI-HASH", K_GIMLI, 0, 256, 0, 0},
  {"skein-256", "SKEIN-256", K_SKEIN, 256, 0, 256, 0},
  {"skein-512", "SKEIN-512", K_SKEIN, 512, 0, 512, 0},
  {"skein-1024", "SKEIN-1024", K_SKEIN, 1024, 0, 1024, 0},
  {"sha224", "SHA224", K_SHA512, 224, 224, 0, 0},
  {"sha256", "SHA256", K_SHA512, 256, 256, 0, 0},
  {"sha384", "SHA384", K_SHA512, 384, 384, 0, 0},
  {"sha512", "SHA512", K_SHA512, 512, 512, 0, 0},
};
const size_t cli_nalgs = sizeof cli_algs / sizeof cli_algs[0];

int cli_is_variable(const cli_alg *a) { return a->fixed_bits == 0; }

const cli_alg *cli_find_alg(const char *name)
{
  size_t i;
  for (i = 0; i < cli_nalgs; i++)
    if (strcasecmp(name, cli_algs[i].name) == 0) return &cli_algs[i];
  return NULL;
}

static const cli_alg *find_tag_exact(const char *tag, size_t taglen)
{
  size_t i;
  for (i = 0; i < cli_nalgs; i++)
    if (strlen(cli_algs[i].tag) == taglen &&
        strncmp(tag, cli_algs[i].tag, taglen) == 0)
      return &cli_algs[i];
  return NULL;
}

const cli_alg *cli_find_tag(const char *tag, size_t taglen, unsigned *bits)
{
  const cli_alg *a = find_tag_exact(tag, taglen);
  size_t dash, k;
  unsigned long v = 0;
  if (a != NULL) {
    *bits = a->fixed_bits ? a->fixed_bits : a->default_bits;
    return a;
  }
  /* NAME-BITS for the variable-length ones */
  for (dash = taglen; dash > 0 && tag[dash - 1] != '-'; dash--)
    ;
  if (dash == 0 || dash == taglen || taglen - dash > 5) return NULL;
  for (k = dash; k < taglen; k++) {
    if (tag[k] < '0' || tag[k] > '9') return NULL;
    v = v * 10 + (unsigned long)(tag[k] - '0');
  }
  if (tag[dash] == '0' || v == 0 || v % 8 != 0 || v / 8 > CLI_MAX_OUT)
    return NULL;
  a = find_tag_exact(tag, dash - 1);
  if (a == NULL || !cli_is_variable(a)) return NULL;
  *bits = (unsigned)v;
  return a;
}

void cli_tag_name(char *buf, size_t size, const cli_alg *a, unsigned bits)
{
  if (cli_is_variable(a)) snprintf(buf, size, "%s-%u", a->tag, bits);
  else snprintf(buf, size, "%s", a->tag);
}

int cli_hash_begin(cli_hash *h, const cli_alg *a, size_t outlen,
                   const cli_params *p)
{
  int r = 0;
  memset(h, 0, sizeof *h);
  h->alg = a;
  h->outlen = outlen;
  h->params = p;
  switch (a->kind) {
  case K_SHA3: {
    static void (*const init[8])(qed_sha3_ctx *) = {
      qed_sha3_224_init, qed_sha3_256_init, qed_sha3_384_init,
      qed_sha3_512_init, qed_keccak_224_init, qed_keccak_256_init,
      qed_keccak_384_init, qed_keccak_512_init};
    init[a->variant](&h->u.sha3);
    break;
  }
  case K_SHAKE: {
    static void (*const init[4])(qed_shake_ctx *) = {
      qed_shake128_init, qed_shake256_init, qed_rawshake128_init,
      qed_rawshake256_init};
    init[a->variant](&h->u.shake);
    break;
  }
  case K_CSHAKE:
    (a->variant ? qed_cshake256_init : qed_cshake128_init)(
        &h->u.cshake, p->name, p->namelen, p->custom, p->customlen);
    break;
  case K_PH:
    r = (a->variant ? qed_parallelhash256_init : qed_parallelhash128_init)(
        &h->u.ph, p->block, p->custom, p->customlen);
    if (r != 0) cli_err("%s: bad block size %zu", a->name, p->block);
    break;
  case K_TURBO:
    r = (a->variant ? qed_turboshake256_init : qed_turboshake128_init)(
        &h->u.turbo, p->domain);
    if (r != 0) cli_err("%s: bad domain byte 0x%02x", a->name, p->domain);
    break;
  case K_KT:
    if (a->variant == 0) qed_kt128_init(&h->u.kt);
    else if (a->variant == 1) qed_kt256_init(&h->u.kt);
    else qed_m14_init(&h->u.kt);
    break;
  case K_ASCON_HASH:
    qed_ascon_hash256_init(&h->u.ascon_hash);
    break;
  case K_ASCON_XOF:
    if (a->variant == 0) {
      qed_ascon_xof128_init(&h->u.ascon_xof);
    } else {
      r = qed_ascon_cxof128_init(&h->u.ascon_xof, p->custom, p->customlen);
      if (r != 0)
        cli_err("%s: customization string longer than %d bytes", a->name,
                QED_ASCON_CXOF128_MAX_CUSTOM);
    }
    break;
  case K_GIMLI:
    qed_gimli_hash_init(&h->u.gimli);
    break;
  case K_SKEIN:
    r = qed_skein_init(&h->u.skein, (unsigned)a->variant, outlen, NULL);
    if (r != 0) cli_err("%s: bad output length", a->name);
    break;
  case K_SHA512:   /* SHA-2: the 32-bit-word ones, then the 64-bit ones */
    if (a->variant == 224) qed_sha224_init(&h->u.sha256);
    else if (a->variant == 256) qed_sha256_init(&h->u.sha256);
    else if (a->variant == 384) qed_sha384_init(&h->u.sha512);
    else qed_sha512_init(&h->u.sha512);
    break;
  }
  return r;
}

int cli_hash_update(cli_hash *h, const uint8_t *in, size_t len)
{
  switch (h->alg->kind) {
  case K_SHA3: return qed_sha3_update(&h->u.sha3, in, len);
  case K_SHAKE: return qed_shake_update(&h->u.shake, in, len);
  case K_CSHAKE: return qed_cshake_update(&h->u.cshake, in, len);
  case K_PH: return qed_parallelhash_update(&h->u.ph, in, len);
  case K_TURBO: return qed_turboshake_update(&h->u.turbo, in, len);
  case K_KT: return qed_kt_update(&h->u.kt, in, len);
  case K_ASCON_HASH: return qed_ascon_hash256_update(&h->u.ascon_hash, in, len);
  case K_ASCON_XOF: return qed_ascon_xof_update(&h->u.ascon_xof, in, len);
  case K_GIMLI: return qed_gimli_hash_update(&h->u.gimli, in, len);
  case K_SKEIN: return qed_skein_update(&h->u.skein, in, len);
  case K_SHA512:
    return h->alg->variant <= 256
               ? qed_sha256_update(&h->u.sha256, in, len)
               : qed_sha512_update(&h->u.sha512, in, len);
  }
  return -1;
}

int cli_hash_end(cli_hash *h, uint8_t *out)
{
  const cli_params *p = h->params;
  int r = -1;
  switch (h->alg->kind) {
  case K_SHA3: r = qed_sha3_final(&h->u.sha3, out); break;
  case K_SHAKE: r = qed_shake_squeeze(&h->u.shake, out, h->outlen); break;
  case K_CSHAKE: r = qed_cshake_squeeze(&h->u.cshake, out, h->outlen); break;
  case K_PH: r = qed_parallelhash_final(&h->u.ph, out, h->outlen); break;
  case K_TURBO:
    r = qed_turboshake_squeeze(&h->u.turbo, out, h->outlen);
    break;
  case K_KT:
    r = qed_kt_final(&h->u.kt, p->custom, p->customlen);
    if (r == 0) r = qed_kt_squeeze(&h->u.kt, out, h->outlen);
    break;
  case K_ASCON_HASH: r = qed_ascon_hash256_final(&h->u.ascon_hash, out); break;
  case K_ASCON_XOF:
    r = qed_ascon_xof_squeeze(&h->u.ascon_xof, out, h->outlen);
    break;
  case K_GIMLI: r = qed_gimli_hash_final(&h->u.gimli, out); break;
  case K_SKEIN: r = qed_skein_final(&h->u.skein, out); break;
  case K_SHA512:
    r = h->alg->variant <= 256 ? qed_sha256_final(&h->u.sha256, out)
                               : qed_sha512_final(&h->u.sha512, out);
    break;
  }
  cli_hash_wipe(h);
  return r;
}

void cli_hash_wipe(cli_hash *h)
{
  qed_zeroize((uint8_t *)&h->u, sizeof h->u);
}
