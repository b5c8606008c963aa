#!/usr/bin/env python3
"""Generate src/keccak/simd/keccak_times8_avx512.c: Keccak-p[1600] on 8
states side by side (lane j of the 8 states in zmm j), in GCC inline
assembly with every register and the instruction order chosen here.

The next block's lanes are copied into place by scalar loads and stores
spread through the loop body; before writing, the generator also runs
those scalar lines (a small interpreter of the forms it emits) for every
lane count and round count and checks that they transpose exactly the
next block, reading nothing outside it.

The round is tools/gen_keccak_avx512.py's (one state, a lane per xmm
register) on zmm registers: the same instruction list, checked the same
way against a reference Keccak-p round on Python integers before the
file is written (an element of a zmm register is one state's lane, and
every instruction used acts on each element alike: vpternlogq, vpxorq,
vprolq, register copies, the round constant broadcast to all 8).

usage: tools/gen_keccak_times8_avx512.py [OUT.c]   (default: the file above)
       KT8_L=n (environment): lanes copied per loop body (default 4)
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_keccak_avx512 as g1  # noqa: E402

RC = g1.RC


def asm_lines(ins):
    out = []
    z = lambda r: '%%%%zmm%d' % r
    for op, d, s, e in ins:
        if op == 'mov':
            out.append('vmovdqa64 %s, %s' % (z(s[0]), z(d)))
        elif op == 'xor':
            out.append('vpxorq %s, %s, %s' % (z(s[1]), z(s[0]), z(d)))
        elif op == 'rol':
            out.append('vprolq $%d, %s, %s' % (e, z(s[0]), z(d)))
        elif op == 'tern':
            out.append('vpternlogq $0x%02x, %s, %s, %s'
                       % (e, z(s[1]), z(s[0]), z(d)))
        elif op == 'xrc':       # the round constant broadcast to 8 states
            out.append('vpxorq %d(%%[rc])%%{1to8%%}, %s, %s'
                       % (8 * e, z(s[0]), z(d)))
        else:
            raise ValueError(op)
    return out


L = int(os.environ.get('KT8_L', '4'))   # lanes of the next block copied per loop body (2 rounds)


def copy_units():
    """The scalar copies that transpose lanes jl .. jl + L - 1 of the next
    block (leaf k's lane jl + l from q = in + ofs[k] + 8 jl to bufp + 64 l
    + 8 k), one list of lines per unit, each copy skipped once lane jl + l
    is past the block (rem = lanes - jl <= l).  lea and mov leave the flags
    alone, and no vector instruction writes them."""
    units = []
    for k in range(8):
        units.append(['movq %d(%%[ofs]), %%[q]' % (8 * k),
                      'leaq (%[q], %[pj]), %[q]'])
        for l in range(L):
            units.append(['cmpq $%d, %%[rem]' % l, 'jle 7f',
                          'movq %d(%%[q]), %%[x]' % (8 * l),
                          'movq %%[x], %d(%%[bufp])' % (64 * l + 8 * k),
                          '7:'])
    return units


def interleave(vec, units):
    """The units spread evenly through the vector lines (the copies home at
    the end of the body stay last)."""
    out, n, u = [], len(vec), len(units)
    for i, line in enumerate(vec):
        out.append(line)
        while units and (u - len(units)) * n < (i + 1) * u:
            out += units.pop(0)
    return out + [x for unit in units for x in unit]


def run_scalar(lines, st, mem, buf, ofs):
    """Run the scalar lines of the generated assembly (the vector lines
    are skipped) on the registers st (q, x, pj, bufp, rem), the input
    mem (address -> 8-byte lane) and buf (index -> lane); returns at the
    end of the lines.  Only the forms the generator emits are known."""
    i = 0
    while i < len(lines):
        ln = lines[i]
        i += 1
        if ln.startswith('v') or ln in ('7:', '8:', '9:'):
            continue
        op, args = ln.split(None, 1)
        a = [x.strip() for x in args.replace('(%[q], %[pj])', 'QPJ')
             .split(', ')]
        if op == 'movq' and a[0].endswith('(%[ofs])'):
            st['q'] = ofs[int(a[0][:-len('(%[ofs])')]) // 8]
        elif op == 'leaq' and a == ['QPJ', '%[q]']:
            st['q'] += st['pj']
        elif op == 'movq' and a == ['QPJ', '%[x]']:
            st['x'] = mem[st['q'] + st['pj']]
        elif op == 'movq' and a[0].endswith('(%[q])'):
            st['x'] = mem[st['q'] + int(a[0][:-len('(%[q])')])]
        elif op == 'movq' and a[0] == '%[x]':
            d = a[1]
            off = 0 if d == '(%[bufp])' else int(d[:-len('(%[bufp])')])
            assert (st['bufp'] + off) % 8 == 0
            buf[(st['bufp'] + off) // 8] = st['x']
        elif op == 'cmpq':
            st['flags'] = st['rem'] - int(a[0][1:])
        elif op == 'jle':
            if st['flags'] <= 0:
                lab = a[0][:-1] + ':'
                if a[0].endswith('f'):
                    while lines[i] != lab:
                        i += 1
                else:
                    raise ValueError(ln)
        elif op == 'jmp' and a[0] == '8b':
            i = lines.index('8:')
        elif op in ('addq', 'subq'):
            k = int(a[0][1:]) * (1 if op == 'addq' else -1)
            st[a[1][2:-1]] += k
        elif op == 'decq' and a[0] == '%[rem]':
            st['rem'] -= 1
        else:
            raise ValueError('unknown line: ' + ln)


def check_copies(body_lines, rest):
    """The scalar copies of the loop bodies and the loop at 8: against a
    transposition done here: for every lane count 0..25 and round count
    1..24, block 1 of 8 leaves (random lanes at random distinct leaf
    offsets) must land in buf[8 j + k] for j < lanes, nothing else written,
    nothing read outside block 1 of each leaf (mem raises KeyError)."""
    rnd = random.Random(2)
    for lanes in range(26):
        for rounds in range(1, 25):
            ofs = [0] + sorted(rnd.sample(range(1, 1000), 7))
            ofs = [8 * (25 * 2 + 1) * o for o in ofs]   # leaves apart
            block = 8 * lanes
            mem = {}
            for k in range(8):
                for j in range(lanes):
                    mem[ofs[k] + block + 8 * j] = rnd.getrandbits(64)
            buf = {}
            # the prologue of a block that has a next one (the template):
            # pj = in + block (leaf 0's next block), bufp = buf, rem = lanes
            st = {'pj': block, 'bufp': 0, 'rem': lanes, 'q': None,
                  'x': None, 'flags': None}
            for _ in range(rounds // g1.UNROLL):
                run_scalar(body_lines, st, mem, buf, ofs)
            run_scalar(rest, st, mem, buf, ofs)
            want = {8 * j + k: mem[ofs[k] + block + 8 * j]
                    for j in range(lanes) for k in range(8)}
            assert buf == want, ('copies differ', lanes, rounds)


def main():
    body, one = g1.build()
    g1.check(body, one)
    path = sys.argv[1] if len(sys.argv) > 1 else \
        'src/keccak/simd/keccak_times8_avx512.c'
    stats = ('%d vector instructions per %d rounds, %d of them register '
             'copies, and the scalar copies of %d lanes of the next block'
             % (len(body), g1.UNROLL,
                sum(1 for i in body if i[0] == 'mov'), L))
    vbody = asm_lines(body)
    body_lines = interleave(vbody, copy_units()) + [
        'addq $%d, %%[pj]' % (8 * L), 'addq $%d, %%[bufp]' % (64 * L),
        'subq $%d, %%[rem]' % L]
    add = ['cmpq $0, %[lanes]', 'je 5f']
    for j in range(25):         # lane j of the 8 blocks, while j < lanes
        add += ['vpxorq %d(%%[bufp]), %%%%zmm%d, %%%%zmm%d' % (64 * j, j, j)]
        if j < 24:
            add += ['cmpq $%d, %%[lanes]' % (j + 1), 'je 5f']
    rest = ['8:', 'cmpq $0, %[rem]', 'jle 9f']
    for k in range(8):
        rest += ['movq %d(%%[ofs]), %%[q]' % (8 * k),
                 'movq (%[q], %[pj]), %[x]',
                 'movq %%[x], %d(%%[bufp])' % (8 * k)]
    rest += ['addq $8, %[pj]', 'addq $64, %[bufp]', 'decq %[rem]',
             'jmp 8b', '9:']
    check_copies(body_lines, rest)
    with open(path, 'w') as f:
        f.write(TEMPLATE_HEAD.replace('@STATS@', stats)
                .replace('@UNROLL@', str(g1.UNROLL))
                .replace('@L@', str(L)))
        f.write(g1.c_macro('KT8_BODY', body_lines) + '\n')
        f.write(g1.c_macro('KT8_ONE', asm_lines(one)) + '\n')
        f.write(g1.c_macro('KT8_LOAD', ['vmovdqu64 %d(%%[s]), %%%%zmm%d'
                                        % (64 * i, i) for i in range(25)]))
        f.write('\n')
        f.write(g1.c_macro('KT8_STORE', ['vmovdqu64 %%%%zmm%d, %d(%%[s])'
                                         % (i, 64 * i) for i in range(25)]))
        f.write('\n')
        f.write(g1.c_macro('KT8_ADD', add) + '\n')
        f.write(g1.c_macro('KT8_REST', rest))
        f.write(TEMPLATE_TAIL.replace('@UNROLL@', str(g1.UNROLL)))
    print(stats)


TEMPLATE_HEAD = r'''/* generated by tools/gen_keccak_times8_avx512.py -- edit the generator, not this.
 *
 * Keccak-p[1600, nr] on 8 states side by side with AVX-512, for the leaves
 * of the tree modes (keccak_times_avx512.c's 8-state kernel calls it):
 * lane j of the 8 states in zmm j (one 64-bit element per state), and the
 * round of tools/gen_keccak_avx512.py (the single-state kernel, one lane
 * per xmm register) on zmm registers: the same registers, the same order,
 * iota as a vpxorq with the round constant broadcast from memory ({1to8}).
 * Per round 95 instructions that execute (vpternlogq, vpxorq, vprolq) and
 * 14 register copies that the renamer removes; no spill.  The 8-state
 * leaves wrapper (keccak_times_avx512.c) transposes only the first block
 * of each call.
 *
 * The input: block b + 1 of the 8 leaves is transposed (lane j of leaf k
 * to buf[8 j + k]) by scalar loads and stores spread through the rounds of
 * block b, @L@ lanes per loop body, and XORed in from buf by 64-byte
 * vpxorq before block b + 1's rounds.  The vector units are the limit of
 * the rounds (on Zen 4, where a 512-bit operation takes two 256-bit
 * halves: 2 vpternlogq/vpxorq a cycle, 1 vprolq or shuffle), and the
 * integer and load/store units are idle; the 8x8 transposes this replaces
 * (72 shuffles a 168-byte block, the intrinsics form) took the vector
 * units from the rounds, and a vpgatherqq zmm of 8 leaves 8 KiB apart
 * takes about 29 TSC ticks on Zen 4.
 *
 * Measured on Zen 4 (AMD EPYC, family 25 model 17, TSC 2.596 GHz; the
 * core ran about 1.25-1.4 cycles a tick), shared machine at load 10-14:
 * the round alone (2-round body in a loop, no input) 41.2 TSC ticks for
 * 8 states (the 4-state form of the same list on ymm 20.3: the same per
 * state), against about 44 for gcc's code from the intrinsics (about 20
 * register copies and 5 spills a round) and about 38 for an independent
 * mix of the same 95 operations (the throughput bound); other orders of
 * the same list, in the same loop: theta/rho of the row after the chi
 * (none ahead) 41.8-42.1, two rows ahead 42.4-42.7, three 42.5-42.8, all
 * five 44.1-44.4, list schedules for 2 operations a cycle (1 vprolq)
 * 42.0-47.6; theta as one vpternlogq per lane with rol(C, 1) stored and
 * read back as its memory operand (90 operations a round, 5 stores, 25
 * loads) 53.1-53.5.  Lanes copied per loop body, the 8-state leaves kernel
 * paired against 4 lanes: 2 lanes 1.073 (KT128) / 1.046 (KT256), 3 lanes
 * 1.025 / 1.012, 6 lanes 0.993 / 1.000, 11 lanes (all in the first bodies)
 * 1.036 / 1.05.  The 8-state leaves kernel (with keccak_times_avx512.c's
 * wrapper) against the intrinsics form, 8 leaves of 8 KiB, paired in one
 * process, medians of 21 pairs: KT128 rate 0.79-0.80 (0.388 TSC ticks
 * per byte), KT256 0.81-0.82, ParallelHash128 (24 rounds) 0.87.
 *
 * Loop body: @STATS@.
 *
 * The generator checks the round's instruction list against a reference
 * Keccak-p on Python integers, and runs the scalar copies (every lane
 * count 0..25, every round count) against a transposition, before
 * writing this file.  Outside the
 * proof (assembly; see proof/outside.txt): checked against the proven
 * portable code by tests/test_simd_equiv.c (the 8-state permutation for
 * every round count, the 8-state leaves kernel against a reference sponge
 * at several rates, round counts and leaf lengths) and by every tree-mode
 * KAT run with QED_BACKEND=avx512.  The function carries its own target
 * attribute; only keccak_times_avx512.c calls it, behind the dispatcher's
 * AVX-512 check. */
#include <stddef.h>
#include <stdint.h>

#include "keccak/simd/keccak_p1600_times.h"

#define ATTR __attribute__((target("avx512f")))

static const uint64_t kt8_rc[24] = {
  0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
  0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
  0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
  0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
  0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
  0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
  0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
  0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

'''

TEMPLATE_TAIL = r'''
/* The rounds: n1 = rounds % @UNROLL@ single rounds (each ending with the
 * copies that bring the lanes home), then nb = rounds / @UNROLL@ loop
 * bodies.  rc points at the first round's constant (24 - rounds). */
#define KT8_ROUNDS                                                            \
  "mov %[n1], %[k]\n\t"                                                       \
  "test %[k], %[k]\n\t"                                                       \
  "jz 2f\n\t"                                                                 \
  "1:\n\t" KT8_ONE                                                            \
  "add $8, %[rc]\n\t"                                                         \
  "dec %[k]\n\t"                                                              \
  "jnz 1b\n\t"                                                                \
  "2:\n\t"                                                                    \
  "mov %[nb], %[k]\n\t"                                                       \
  "test %[k], %[k]\n\t"                                                       \
  "jz 4f\n\t"                                                                 \
  "3:\n\t" KT8_BODY                                                           \
  "add $8 * @UNROLL@, %[rc]\n\t"                                              \
  "dec %[k]\n\t"                                                              \
  "jnz 3b\n\t"                                                                \
  "4:\n\t"

#define ZMM_CLOBBERS                                                          \
  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",     \
  "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16",      \
  "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24",     \
  "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31"

ATTR void qed_keccak_p1600_times8_asm_avx512(uint64_t state[200],
                                             uint64_t buf[200],
                                             const uint8_t *in,
                                             const int64_t ofs[8],
                                             size_t nblocks, size_t lanes,
                                             unsigned rounds)
{
  const uint64_t *const rc0 = kt8_rc + (24u - rounds);
  const uint64_t *rc;
  const size_t n1 = rounds % @UNROLL@u, nb = rounds / @UNROLL@u;
  const size_t block = 8 * lanes;
  size_t k, left = nblocks;
  const uint8_t *p = in, *pj, *q;
  uint64_t *bufp;
  int64_t rem;
  uint64_t x;

  if (nblocks == 0)
    return;
  /* The states stay in registers from block to block.  Lane j of the 8
   * leaves' block (buf[8 j .. 8 j + 7], transposed) is added while
   * j < lanes (a branch on the public rate, the same way every block);
   * then, during the rounds, the next block's lanes are copied into buf
   * with scalar loads and stores (rem = lanes still to copy, 0 for the
   * last block; what the loop bodies did not reach, the loop at 8:
   * finishes).  Nothing is read past a leaf's last whole block. */
  __asm__ volatile(KT8_LOAD
                   "6:\n\t"
                   "movq %[bufm], %[bufp]\n\t"
                   KT8_ADD
                   "5:\n\t"
                   "addq %[block], %[p]\n\t"
                   "movq %[p], %[pj]\n\t"
                   "movq %[lanes], %[rem]\n\t"
                   "cmpq $1, %[left]\n\t"
                   "jne 7f\n\t"
                   "xorl %k[rem], %k[rem]\n\t"
                   "7:\n\t"
                   "movq %[rc0], %[rc]\n\t"
                   KT8_ROUNDS
                   KT8_REST
                   "decq %[left]\n\t"
                   "jnz 6b\n\t"
                   KT8_STORE
                   "vzeroupper\n\t"
                   : [rc] "=&r"(rc), [k] "=&r"(k), [p] "+r"(p),
                     [left] "+r"(left), [pj] "=&r"(pj), [q] "=&r"(q),
                     [bufp] "=&r"(bufp), [rem] "=&r"(rem), [x] "=&r"(x)
                   : [n1] "m"(n1), [nb] "m"(nb), [s] "r"(state),
                     [lanes] "m"(lanes), [block] "m"(block),
                     [rc0] "m"(rc0), [bufm] "m"(buf), [ofs] "r"(ofs)
                   : "cc", "memory", ZMM_CLOBBERS);
}
'''

if __name__ == '__main__':
    main()
