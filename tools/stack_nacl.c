#define _POSIX_C_SOURCE 200809L  /* pthread_attr_setstack */
/* Stack high-water marks of the NaCl operations (issue 6's stack target):
 * each runs on a thread whose stack is a buffer painted with a pattern;
 * afterwards the lowest byte no longer holding the pattern gives the
 * depth used (minus what an empty operation uses: the thread entry).  Run by tools/stack_nacl.sh per
 * QED_BACKEND; not a test (the figures depend on the compiler). */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "qed/nacl.h"

#define STACK_BYTES (256u * 1024u)
#define PAINT 0x5a
#define MSG 65536  /* the largest size measured */

static unsigned char stack_mem[STACK_BYTES] __attribute__((aligned(4096)));
static uint8_t pk[32], sk[32], pk2[32], sk2[32], spk[32], ssk[64], nonce[24], key[32], seed[32];
static uint8_t msg[MSG], ct[MSG + 64], pt[MSG + 64], sig[64], q[32];
static int rc;  /* the last operation's result: the opens must succeed */
static size_t mlen = 1024;  /* the message length of the box rows */

static void *op_empty(void *a) { return a; }
static void *op_box(void *a) { (void)a; qed_crypto_box_easy(ct, msg, mlen, nonce, pk2, sk); return NULL; }
static void *op_box_open(void *a) { (void)a; rc = qed_crypto_box_open_easy(pt, ct, mlen + 16, nonce, pk, sk2); return NULL; }
static void *op_secretbox(void *a) { (void)a; qed_crypto_secretbox_easy(ct, msg, mlen, nonce, key); return NULL; }
static void *op_secretbox_open(void *a) { (void)a; rc = qed_crypto_secretbox_open_easy(pt, ct, mlen + 16, nonce, key); return NULL; }
static void *op_sign(void *a) { (void)a; qed_crypto_sign_detached(sig, msg, 1024, ssk); return NULL; }
static void *op_verify(void *a) { (void)a; rc = qed_crypto_sign_verify_detached(sig, msg, 1024, spk); return NULL; }
static void *op_scalarmult(void *a) { (void)a; qed_crypto_scalarmult(q, sk, pk2); return NULL; }

static size_t measure(void *(*fn)(void *))
{
  pthread_attr_t attr;
  pthread_t t;
  size_t i;
  memset(stack_mem, PAINT, sizeof stack_mem);
  pthread_attr_init(&attr);
  pthread_attr_setstack(&attr, stack_mem, sizeof stack_mem);
  if (pthread_create(&t, &attr, fn, NULL) != 0 || pthread_join(t, NULL) != 0) {
    fprintf(stderr, "stack_nacl: thread failed\n");
    return 0;
  }
  pthread_attr_destroy(&attr);
  for (i = 0; i < sizeof stack_mem && stack_mem[i] == PAINT; i++)
    ;
  return sizeof stack_mem - i;
}

int main(void)
{
  size_t base;
  memset(msg, 0x61, sizeof msg);
  memset(nonce, 7, sizeof nonce);
  memset(key, 9, sizeof key);
  memset(sk, 1, sizeof sk);
  memset(sk2, 2, sizeof sk2);
  memset(seed, 3, sizeof seed);
  qed_crypto_scalarmult_base(pk, sk);
  qed_crypto_scalarmult_base(pk2, sk2);
  qed_crypto_sign_seed_keypair(spk, ssk, seed);
  qed_crypto_sign_detached(sig, msg, 1024, ssk);
  /* the thread's own use (its start routine) with an empty operation,
   * subtracted from every row */
  base = measure(op_empty);
  {
    static const size_t sizes[] = { 1024, 65536 };
    size_t k;
    for (k = 0; k < 2; k++) {
      mlen = sizes[k];
      printf("box_easy_%zuB %zu\n", mlen, measure(op_box) - base);
      /* op_box left its ciphertext (box to pk2 from sk) for the opens */
      printf("box_open_easy_%zuB %zu%s\n", mlen, measure(op_box_open) - base, rc ? " REJECTED" : "");
      printf("secretbox_easy_%zuB %zu\n", mlen, measure(op_secretbox) - base);
      printf("secretbox_open_easy_%zuB %zu%s\n", mlen, measure(op_secretbox_open) - base, rc ? " REJECTED" : "");
    }
  }
  printf("sign_1024B %zu\n", measure(op_sign) - base);
  printf("verify_1024B %zu%s\n", measure(op_verify) - base, rc ? " REJECTED" : "");
  printf("scalarmult %zu\n", measure(op_scalarmult) - base);
  return 0;
}
