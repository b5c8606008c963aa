#!/usr/bin/env python3
"""Write tests/vectors/keccak_p_widths/keccak-p-widths-rounds_keccak_p_ref.txt:
Keccak-p[b, nr] for every width b and every round count nr = 1 .. 12 + 2l,
on the all-zero state and on a pseudo-random one, computed by the pure-Python
reference tests/diff/keccak_p_ref.py (not authoritative: no official vectors
exist for b = 25, 50, 100 or for nr below 12 + 2l; the official
intermediate values for b = 200, 400, 800, 1600 are checked separately).

    python3 tests/diff/gen_keccak_p_widths.py > tests/vectors/keccak_p_widths/keccak-p-widths-rounds_keccak_p_ref.txt

Line format: width rounds input_hex output_hex, the state strings of
ceil(b/8) bytes (bit i = bit i % 8 of byte i / 8); for b = 25, 50, 100 the
high bits of the last byte are not state bits and are carried unchanged.
"""
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from keccak_p_ref import WIDTHS, keccak_p_bytes, max_rounds  # noqa: E402

print("# Keccak-p[b, nr] for every width and round count, from tests/diff/keccak_p_ref.py")
print("# (FIPS 202 written out in Python; NOT authoritative). Columns: b nr in out")
for b in WIDTHS:
    n = (b + 7) // 8
    for nr in range(1, max_rounds(b) + 1):
        for k, state in enumerate((bytes(n), hashlib.shake_128(("qed keccak-p %d %d" % (b, nr)).encode()).digest(n))):
            print(b, nr, state.hex(), keccak_p_bytes(state, b, nr).hex())
