#!/usr/bin/env python3
"""Generate src/keccak/simd/keccak_p1600_avx512.c: Keccak-p[1600] on one
state, a lane per xmm register, in GCC inline assembly with every
register and the instruction order chosen here (the file's comment says
why and what was measured).  Before writing, the generated instruction
list is run on Python integers against a reference Keccak-p round.

usage: tools/gen_keccak_avx512.py [OUT.c]   (default: the file above)
"""
import random
import sys

# rho offsets and round constants (FIPS 202), lane index x + 5y.
RHO = [0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39,
       41, 45, 15, 21, 8, 18, 2, 61, 56, 14]
RC = [0x0000000000000001, 0x0000000000008082, 0x800000000000808a,
      0x8000000080008000, 0x000000000000808b, 0x0000000080000001,
      0x8000000080008081, 0x8000000000008009, 0x000000000000008a,
      0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
      0x000000008000808b, 0x800000000000008b, 0x8000000000008089,
      0x8000000000008003, 0x8000000000008002, 0x8000000000000080,
      0x000000000000800a, 0x800000008000000a, 0x8000000080008081,
      0x8000000000008080, 0x0000000080000001, 0x8000000080008008]
M64 = (1 << 64) - 1
NREG = 32           # xmm0..xmm31 (AVX-512VL)
UNROLL = 2          # rounds per loop body
XOR3 = 0x96         # vpternlogq truth table of a ^ b ^ c
CHI = 0xD2          # of a ^ (~b & c), a in the destination


def rol(v, n):
    return ((v << n) | (v >> (64 - n))) & M64 if n else v


def ternary(imm, a, b, c):
    """vpternlogq on 64-bit integers: bit i of the result is bit
    (a_i << 2 | b_i << 1 | c_i) of imm."""
    r = 0
    for i in range(64):
        k = ((a >> i) & 1) << 2 | ((b >> i) & 1) << 1 | ((c >> i) & 1)
        r |= ((imm >> k) & 1) << i
    return r


# Instructions: (op, dst, srcs, extra).
#   mov  d, s        d = s              (register copy, renamed away)
#   xor  d, s1, s2   d = s1 ^ s2
#   rol  d, s, n     d = rol(s, n)
#   tern d, s2, s3   d = ternary(imm, d, s2, s3)
#   xrc  d, s, k     d = s ^ round constant k of the loop body
def gen_round(lane, free, k):
    """One round from the lane->register map `lane` (lane x + 5y) with
    the 7 spare registers `free`; returns (instructions, new map, new
    spares).  k is the round's index in the loop body.

    Theta goes through D[x] = C[x-1] ^ rol(C[x+1], 1); theta and rho of
    the lanes of output row y + 1 are listed before the chi of row y.
    Registers: 25 lanes + 5 D + the 2 spares chi needs per row = 32."""
    ins = []
    T = list(free[:5])
    S1, S2 = free[5], free[6]
    A = lambda y, x: lane[x + 5 * y]
    # C[x]: rows 0..2 first (the earlier rows of the previous chi)
    for x in range(5):
        ins.append(('mov', T[x], (A(0, x),), None))
        ins.append(('tern', T[x], (A(1, x), A(2, x)), XOR3))
    for x in range(5):
        ins.append(('tern', T[x], (A(3, x), A(4, x)), XOR3))
    # D0 = C4 ^ rol(C1) -> S1; D1 = C0 ^ rol(C2) -> S2; rol(C4) over C4
    # once D0 has read it, D3 = C2 ^ rol(C4) -> T4; D2 = C1 ^ rol(C3) ->
    # T2 (C2 dead); D4 = C3 ^ rol(C0) -> T1 (C1 dead); T0, T3 end free.
    # (The CPU renames registers: reuse costs no waiting.)
    ins += [('rol', S1, (T[1],), 1), ('rol', S2, (T[2],), 1),
            ('xor', S1, (T[4], S1), None), ('xor', S2, (T[0], S2), None),
            ('rol', T[4], (T[4],), 1), ('xor', T[4], (T[2], T[4]), None),
            ('rol', T[2], (T[3],), 1), ('xor', T[2], (T[1], T[2]), None),
            ('rol', T[1], (T[0],), 1), ('xor', T[1], (T[3], T[1]), None)]
    D = [S1, S2, T[2], T[4], T[1]]
    spare = [T[0], T[3]]
    new = [None] * 25

    def pi(y):
        """(row, column) of the lanes that make output row y: B[x] is
        the lane at row x, column (x + 3y) % 5."""
        return [(x, (x + 3 * y) % 5) for x in range(5)]

    def theta_rho(y):
        # a row's five theta vpxorq before its five vprolq (measured:
        # 0.992-0.997 of the time of xor, rol lane by lane)
        out = []
        for r, c in pi(y):
            reg = A(r, c)
            out.append(('xor', reg, (reg, D[c]), None))
        for r, c in pi(y):
            reg = A(r, c)
            if RHO[c + 5 * r]:
                out.append(('rol', reg, (reg,), RHO[c + 5 * r]))
        return out

    def chi(y):
        # Outputs 0 and 1 go to spares (a copy of B0 / B1 each, B0 ^ rc
        # in row 0), 2, 3 and 4 over B2, B3, B4, each at its last use
        # (B_j is read by the chi of outputs j - 2, j - 1 and j); B0's and
        # B1's registers become spares.
        b = [A(r, c) for r, c in pi(y)]
        f1, f2 = spare.pop(0), spare.pop(0)
        out = [('xrc', f1, (b[0],), k) if y == 0 else
               ('mov', f1, (b[0],), None),
               ('tern', f1, (b[1], b[2]), CHI),
               ('mov', f2, (b[1],), None),
               ('tern', f2, (b[2], b[3]), CHI),
               ('tern', b[2], (b[3], b[4]), CHI),
               ('tern', b[3], (b[4], b[0]), CHI),
               ('tern', b[4], (b[0], b[1]), CHI)]
        new[5 * y:5 * y + 5] = [f1, f2, b[2], b[3], b[4]]
        spare.extend([b[0], b[1]])
        return out

    ins += theta_rho(0)
    for y in range(5):
        if y < 4:
            ins += theta_rho(y + 1)
        ins += chi(y)
    spare += D
    assert sorted(new + spare) == list(range(NREG))
    return ins, new, spare


def fixup(lane, want):
    """Register copies taking the lanes from map `lane` back to `want`
    (a free destination first; a cycle through a register outside want)."""
    ins = []
    cur = list(lane)
    where = {r: i for i, r in enumerate(cur)}   # register -> lane
    pending = [i for i in range(len(cur)) if cur[i] != want[i]]
    tmp = [r for r in range(NREG) if r not in want][0]
    while pending:
        progress = False
        for i in list(pending):
            d = want[i]
            if d not in where:
                ins.append(('mov', d, (cur[i],), None))
                del where[cur[i]]
                cur[i] = d
                where[d] = i
                pending.remove(i)
                progress = True
        if not progress:
            i = pending[0]
            ins.append(('mov', tmp, (cur[i],), None))
            del where[cur[i]]
            cur[i] = tmp
            where[tmp] = i
    return ins


def build():
    """The loop body (UNROLL rounds, then the copies home: lane j in
    xmm j) and a single round with its copies (for odd counts)."""
    home = list(range(25))
    free0 = list(range(25, NREG))
    body, lane, free = [], home, free0
    for k in range(UNROLL):
        ins, lane, free = gen_round(lane, free, k)
        body += ins
    body += fixup(lane, home)
    one, lane1, _ = gen_round(home, free0, 0)
    one += fixup(lane1, home)
    return body, one


def run(ins, regs, rcs):
    for op, d, s, e in ins:
        if op == 'mov':
            regs[d] = regs[s[0]]
        elif op == 'xor':
            regs[d] = regs[s[0]] ^ regs[s[1]]
        elif op == 'rol':
            regs[d] = rol(regs[s[0]], e)
        elif op == 'tern':
            regs[d] = ternary(e, regs[d], regs[s[0]], regs[s[1]])
        elif op == 'xrc':
            regs[d] = regs[s[0]] ^ rcs[e]
        else:
            raise ValueError(op)


def ref_round(a, rc):
    """Keccak-p round straight from FIPS 202 (lane x + 5y)."""
    c = [a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20]
         for x in range(5)]
    d = [c[(x - 1) % 5] ^ rol(c[(x + 1) % 5], 1) for x in range(5)]
    a = [a[i] ^ d[i % 5] for i in range(25)]
    b = [0] * 25
    for x in range(5):
        for y in range(5):
            b[y + 5 * ((2 * x + 3 * y) % 5)] = rol(a[x + 5 * y],
                                                    RHO[x + 5 * y])
    e = [b[i] ^ ((~b[(i % 5 + 1) % 5 + 5 * (i // 5)] & M64) &
                 b[(i % 5 + 2) % 5 + 5 * (i // 5)]) for i in range(25)]
    e[0] ^= rc
    return e


def check(body, one):
    """Two passes of the loop body and the single round against the
    reference, from random states (spare registers random too)."""
    rnd = random.Random(1)
    for t in range(20):
        a = [rnd.getrandbits(64) for _ in range(25)]
        regs = a + [rnd.getrandbits(64) for _ in range(NREG - 25)]
        run(body, regs, RC[:UNROLL])
        run(body, regs, RC[UNROLL:2 * UNROLL])
        want = a
        for k in range(2 * UNROLL):
            want = ref_round(want, RC[k])
        assert regs[:25] == want, 'loop body differs from the reference'
        regs = a + [rnd.getrandbits(64) for _ in range(NREG - 25)]
        run(one, regs, [RC[t]])
        assert regs[:25] == ref_round(a, RC[t]), 'single round differs'


def asm_lines(ins):
    out = []
    x = lambda r: '%%%%xmm%d' % r
    for op, d, s, e in ins:
        if op == 'mov':
            out.append('vmovdqa64 %s, %s' % (x(s[0]), x(d)))
        elif op == 'xor':
            out.append('vpxorq %s, %s, %s' % (x(s[1]), x(s[0]), x(d)))
        elif op == 'rol':
            out.append('vprolq $%d, %s, %s' % (e, x(s[0]), x(d)))
        elif op == 'tern':
            out.append('vpternlogq $0x%02x, %s, %s, %s'
                       % (e, x(s[1]), x(s[0]), x(d)))
        elif op == 'xrc':       # 16-byte load: rc512 has a zero at the end
            out.append('vpxorq %d(%%[rc]), %s, %s' % (8 * e, x(s[0]), x(d)))
    return out


def c_macro(name, lines):
    body = ''.join('  "%s\\n\\t" \\\n' % l for l in lines)
    return '#define %s \\\n%s\n' % (name, body.rstrip(' \\\n'))


def main():
    body, one = build()
    check(body, one)
    path = sys.argv[1] if len(sys.argv) > 1 else \
        'src/keccak/simd/keccak_p1600_avx512.c'
    stats = ('%d instructions per %d rounds, %d of them register copies'
             % (len(body), UNROLL, sum(1 for i in body if i[0] == 'mov')))
    add = []
    for j in range(25):         # lane j of the block, while j < lanes
        add += ['vmovq %d(%%[in]), %%%%xmm31' % (8 * j),
                'vpxorq %%%%xmm31, %%%%xmm%d, %%%%xmm%d' % (j, j)]
        if j < 24:
            add += ['cmpq $%d, %%[lanes]' % (j + 1), 'je 5f']
    with open(path, 'w') as f:
        f.write(TEMPLATE_HEAD.replace('@STATS@', stats)
                .replace('@UNROLL@', str(UNROLL)))
        f.write(c_macro('KECCAK_BODY', asm_lines(body)) + '\n')
        f.write(c_macro('KECCAK_ONE', asm_lines(one)) + '\n')
        f.write(c_macro('KECCAK_LOAD', ['vmovq %d(%%[s]), %%%%xmm%d'
                                        % (8 * i, i) for i in range(25)]))
        f.write('\n')
        f.write(c_macro('KECCAK_STORE', ['vmovq %%%%xmm%d, %d(%%[s])'
                                         % (i, 8 * i) for i in range(25)]))
        f.write('\n')
        f.write(c_macro('KECCAK_ADD', add))
        f.write(TEMPLATE_TAIL.replace('@UNROLL@', str(UNROLL)))
    print(stats)


TEMPLATE_HEAD = r'''/* generated by tools/gen_keccak_avx512.py -- edit the generator, not this.
 *
 * Keccak-p[1600, nr] on one state with AVX-512, for the sequential
 * functions (SHA-3, SHAKE, cSHAKE, KMAC, TupleHash, TurboSHAKE, the final
 * nodes of the tree modes).
 *
 * One lane per register: the 25 lanes live in element 0 of xmm registers
 * (AVX-512VL gives 32 of them, vpternlogq and vprolq), and a round is the
 * scalar round with vector instructions, so no lane ever moves between
 * elements.  Per round: column parities C by a copy and two vpternlogq
 * each, D[x] = C[x-1] ^ rol(C[x+1], 1) (5 vprolq, 5 vpxorq), theta (25
 * vpxorq) and rho (24 vprolq) in place, chi by one vpternlogq per lane,
 * iota folded into the copy that starts the first row's chi: 95
 * instructions that execute and 14 register copies that the renamer
 * removes, and the copies home at the end of each loop body (counts below).
 *
 * Why inline assembly: written with intrinsics (this file's previous
 * form, the same 95 instructions), gcc added about 25 register copies
 * per round (vpternlogq overwrites its first source) and chose its own
 * order.  Here the generator chooses every register and the order.  Each
 * vpternlogq of chi overwrites an input at its last use, so a row costs
 * two copies; a lane's register changes from round to round (pi becomes
 * a renaming) and the loop body ends with the copies that bring the
 * lanes home.  What was measured to matter on Zen 5 is the order: theta
 * and rho of the lanes of row y + 1 are listed before the chi of row y,
 * so each chi's inputs are ready when it reaches the scheduler.  Time per
 * absorbed block against the intrinsics version, paired in one process
 * (Zen 5, load 10): one row ahead 0.931-0.937; two rows 0.94-0.95; none
 * 0.98; every row's theta and rho before any chi 0.99; the order of a
 * list schedule for 4 operations a cycle 1.06-1.09; theta as one
 * vpternlogq per lane (C and rol(C, 1) apart, which leaves too few
 * registers to go row by row) 1.06-1.29; the next round's parities
 * started after row 2 0.96; copies home every 2 rounds or a 12-round
 * body with none: no difference.  Within a row, its five theta vpxorq
 * before its five vprolq: 0.992-0.997 of xor, rol lane by lane (16
 * pairs, paired in one process; the same build against itself
 * 0.998-1.000).  Tried and slower or no better, per absorbed block
 * against the form before that change (xor, rol lane by lane): partial column parities (rows 0..3 folded and
 * Q[x] = P[x-1] ^ rol(P[x+1], 1) formed as soon as those rows exist, so
 * D[x] = Q[x] ^ A(4, x-1) ^ rol(A(4, x+1), 1) is a vprolq and a
 * vpternlogq after the last chi; 10 more instructions a round) 1.047-1.050;
 * C spilled to the stack and theta as one vpternlogq with a broadcast
 * load (no D) 1.38; every lane's theta vpxorq before any rho 1.09; theta
 * of row y + 2 and rho of row y + 1 before chi of row y 1.006-1.012;
 * theta/rho of row y + 1 interleaved instruction by instruction with chi
 * of row y 1.011-1.024, or chi in its middle 1.015-1.03; the next
 * round's parities of rows 0..2 issued before the last chi row 1.000,
 * before the last two 1.005-1.007; rotations by 8 and 56 through vpshufb
 * 0.993-0.998 (no better than without); block input added by
 * vpxorq with an {1to2} load 0.993-1.001.  Loop body: @STATS@.
 *
 * The generator checks the instruction list against a reference
 * Keccak-p on Python integers before writing this file.  Outside the
 * proof (assembly; see proof/outside.txt): checked against the proven
 * portable code by tests/test_simd_equiv.c on random states and inputs
 * for every round count and lane count, and by every KAT run with
 * QED_BACKEND=avx512.  The functions carry their own target attribute;
 * only keccak_p1600_dispatch.c calls them, when qed_backend_level() says
 * the CPU and OS support AVX-512. */
#include "keccak/keccak_p1600.h"

#define ATTR __attribute__((target("avx512f,avx512vl")))

/* The round constants; a 16-byte load of the last one reads the zero
 * after it (only element 0 of a lane register matters). */
static const uint64_t rc512[25] = {
  0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
  0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
  0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
  0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
  0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
  0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
  0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
  0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL, 0
};

'''

TEMPLATE_TAIL = r'''
/* The rounds: n1 = rounds % @UNROLL@ single rounds (each ending with the
 * copies that bring the lanes home), then nb = rounds / @UNROLL@ loop
 * bodies.  rc points at the first round's constant (24 - rounds). */
#define KECCAK_ROUNDS                                                         \
  "mov %[n1], %[k]\n\t"                                                       \
  "test %[k], %[k]\n\t"                                                       \
  "jz 2f\n\t"                                                                 \
  "1:\n\t" KECCAK_ONE                                                         \
  "add $8, %[rc]\n\t"                                                         \
  "dec %[k]\n\t"                                                              \
  "jnz 1b\n\t"                                                                \
  "2:\n\t"                                                                    \
  "mov %[nb], %[k]\n\t"                                                       \
  "test %[k], %[k]\n\t"                                                       \
  "jz 4f\n\t"                                                                 \
  "3:\n\t" KECCAK_BODY                                                        \
  "add $8 * @UNROLL@, %[rc]\n\t"                                              \
  "dec %[k]\n\t"                                                              \
  "jnz 3b\n\t"                                                                \
  "4:\n\t"

#define XMM_CLOBBERS                                                          \
  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",     \
  "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16",      \
  "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24",     \
  "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31"

ATTR void qed_keccak_p1600_permute_avx512(uint64_t state[25], unsigned rounds)
{
  const uint64_t *rc = rc512 + (24u - rounds);
  const size_t n1 = rounds % @UNROLL@u, nb = rounds / @UNROLL@u;
  size_t k;
  __asm__ volatile(KECCAK_LOAD KECCAK_ROUNDS KECCAK_STORE
                   : [rc] "+r"(rc), [k] "=&r"(k)
                   : [n1] "r"(n1), [nb] "r"(nb), [s] "r"(state)
                   : "cc", "memory", XMM_CLOBBERS);
}

ATTR size_t qed_keccak_p1600_absorb_blocks_avx512(uint64_t state[25],
                                                  unsigned rounds,
                                                  size_t lanes,
                                                  const uint8_t *in,
                                                  size_t inlen)
{
  const size_t block = 8 * lanes;
  const size_t blocks = inlen / block;
  const uint64_t *const rc0 = rc512 + (24u - rounds);
  const uint64_t *rc;
  const size_t n1 = rounds % @UNROLL@u, nb = rounds / @UNROLL@u;
  size_t k, left = blocks;
  const uint8_t *p = in;

  if (blocks == 0)
    return 0;
  /* The state stays in registers from block to block.  Lane j of the
   * block is added while j < lanes (a branch on the public rate, the same
   * way every block): nothing is read past the block.  Input lanes are
   * little-endian like the state, and x86 is little-endian. */
  __asm__ volatile(KECCAK_LOAD
                   "6:\n\t"
                   KECCAK_ADD
                   "5:\n\t"
                   "add %[block], %[in]\n\t"
                   "mov %[rc0], %[rc]\n\t"
                   KECCAK_ROUNDS
                   "dec %[left]\n\t"
                   "jnz 6b\n\t"
                   KECCAK_STORE
                   : [rc] "=&r"(rc), [k] "=&r"(k), [in] "+r"(p),
                     [left] "+r"(left)
                   : [n1] "r"(n1), [nb] "r"(nb), [s] "r"(state),
                     [lanes] "r"(lanes), [block] "r"(block), [rc0] "r"(rc0)
                   : "cc", "memory", XMM_CLOBBERS);
  return blocks * block;
}
'''

if __name__ == '__main__':
    main()
