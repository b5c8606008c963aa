#!/usr/bin/env python3
"""Stack and size budgets (issue 11, item 4), run by make budgets.

usage: tools/budgets.py [--update] [--margin PCT] --symbols abi/symbols.txt
                        --budgets budgets/ CONFIG...

CONFIG is "NAME;ci=DIR:DIR;lib=A.a:B.a;ld=LD" (mk/hardening.mk writes
them): the .ci files of a build (-fstack-usage -fcallgraph-info=su) and
the archives it links from (-ffunction-sections -fdata-sections), optional
"libgcc=PATH" whose helpers' frames are read from their disassembly
(objdump=OBJDUMP).

Prints, for every public function (abi/symbols.txt) and every build, the
worst-case stack (tools/callgraph.py: the largest sum of frames along a
call path), and for every family (the public header that declares the
function) the code and data a program pulls in when it uses all of that
family: `ld -r --gc-sections` with every public function of the family as
a root, out of the build's archives, then the sizes of the sections kept.
Then SPARKNaCl's published RV32 figures beside ours, like with like.

Budgets: budgets/stack-NAME.txt and budgets/size-NAME.txt hold the limits
(the measured value plus --margin percent, rounded up to 16 bytes, written
by --update); any measured value above its limit, or a public function or
family without one, fails the run.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from callgraph import Graph           # noqa: E402
from public_decls import public_decls  # noqa: E402

# SPARKNaCl's published figures (RV32IM, GNAT -Os): worst-case stack of
# Sign (crypto_sign, Ed25519) and the code of the whole library.
SPARKNACL_SIGN_STACK = 2512
SPARKNACL_CODE = 18280
# Like with like: the NaCl API that TweetNaCl and SPARKNaCl implement,
# under qed's names (qed's nacl.h has more: easy and streaming forms,
# salsa2012/208, seed keypairs).
NACL_SET = """
qed_crypto_box_keypair qed_crypto_box qed_crypto_box_open
qed_crypto_box_beforenm qed_crypto_box_afternm qed_crypto_box_open_afternm
qed_crypto_core_salsa20 qed_crypto_core_hsalsa20
qed_crypto_hashblocks_sha512 qed_crypto_hash_sha512
qed_crypto_onetimeauth qed_crypto_onetimeauth_verify
qed_crypto_scalarmult qed_crypto_scalarmult_base
qed_crypto_secretbox qed_crypto_secretbox_open
qed_crypto_sign_keypair qed_crypto_sign qed_crypto_sign_open
qed_crypto_stream_xsalsa20 qed_crypto_stream_xsalsa20_xor
qed_crypto_stream_salsa20 qed_crypto_stream_salsa20_xor
qed_verify_16 qed_verify_32
""".split()
ROUND = 16


def parse_config(spec):
    name, *rest = spec.split(";")
    cfg = {"name": name, "ci": [], "lib": [], "ld": "ld", "libgcc": None,
           "objdump": "objdump"}
    for item in rest:
        k, v = item.split("=", 1)
        cfg[k] = v.split(":") if k in ("ci", "lib") else v
    return cfg


def libgcc_frames(objdump, libgcc):
    """{helper: stack bytes} for the leaf functions of libgcc.a: the
    immediate of the first 'addi sp,sp,-N' (0 when the stack pointer is
    never moved); a helper that calls anything is left out (unknown)."""
    out = subprocess.run([objdump, "-d", libgcc], capture_output=True,
                         text=True, check=True).stdout
    frames, cur, calls = {}, None, False
    for line in out.splitlines() + ["0 <end>:"]:
        m = re.match(r"^[0-9a-f]+ <([^>]+)>:$", line)
        if m:
            if cur is not None and not calls:
                frames.setdefault(cur[0], cur[1])
            cur, calls = [m.group(1), 0], False
            continue
        if cur is None:
            continue
        m = re.search(r"\baddi\s+sp,sp,-(\d+)", line)
        if m and cur[1] == 0:
            cur[1] = int(m.group(1))
        if re.search(r"\b(jal|call|jalr)\b", line) and "zero," not in line \
                and not re.search(r"\bjalr?\s+(zero|x0)\b", line) \
                and not re.search(r"\bret\b", line):
            calls = True
    return frames


def defined_symbols(libs):
    syms = set()
    for lib in libs:
        out = subprocess.run(["nm", "--defined-only", lib], capture_output=True,
                             text=True, check=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "TDRB":
                syms.add(parts[2])
    return syms


def section_sizes(obj, biggest=None):
    """(code, rodata, data) bytes of an object's allocated sections
    (unwind tables, .eh_frame, are not counted: not code, and absent from
    a -fno-asynchronous-unwind-tables embedded build); biggest, a list,
    receives (bytes, section) of every code section."""
    out = subprocess.run(["readelf", "-S", "-W", obj], capture_output=True,
                         text=True, check=True).stdout
    code = ro = data = 0
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+\s+"
                     r"([0-9a-f]+)\s+[0-9a-f]+\s+(\S*)", line)
        if not m:
            continue
        name, _, size, flags = m.groups()
        size = int(size, 16)
        if "A" not in flags or name.startswith(".eh_frame"):
            continue
        if "X" in flags:
            code += size
            if biggest is not None:
                biggest.append((size, name))
        elif "W" in flags:
            data += size
        else:
            ro += size
    return code, ro, data


def family_size(cfg, roots, tmp, biggest=None):
    if not roots:
        return 0, 0, 0
    out = os.path.join(tmp, "family.o")
    cmd = shlex.split(cfg["ld"]) + ["-r", "--gc-sections", "-o", out]
    cmd += ["--undefined=" + s for s in roots]
    cmd += cfg["lib"]
    subprocess.run(cmd, check=True)
    return section_sizes(out, biggest)


def read_budget(path):
    b = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                line = line.split("#", 1)[0].split()
                if line:
                    b[line[0]] = [int(x) for x in line[1:]]
    return b


def with_margin(v, margin):
    return -(-int(v * (100 + margin) / 100) // ROUND) * ROUND


def write_budget(path, header, rows, margin):
    with open(path, "w") as f:
        f.write(header)
        for key, vals in rows:
            f.write("%-44s %s\n" % (key, " ".join(
                "%d" % with_margin(v, margin) for v in vals)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--symbols", required=True)
    ap.add_argument("--budgets", required=True)
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--margin", type=int, default=10)
    ap.add_argument("--update", action="store_true")
    ap.add_argument("configs", nargs="+")
    args = ap.parse_args()

    with open(args.symbols) as f:
        public = [s.strip() for s in f if s.strip()]
    decls = public_decls(args.cc)
    family = {s: os.path.basename(decls.get(s, "?")).replace(".h", "") for s in public}
    families = sorted(set(family.values()))
    configs = [parse_config(c) for c in args.configs]
    depth = {k: v[0] for k, v in read_budget(os.path.join(args.budgets, "recursion.txt")).items()}
    fail = []
    stack = {}    # config -> {fn: (bytes, path, problems)}
    sizes = {}    # config -> {family: (code, ro, data)}
    nacl = {}     # config -> (code, ro, data)
    nacl_big = {}  # config -> [(bytes, code section)]

    for cfg in configs:
        g = Graph().load_dirs(cfg["ci"])
        if g.dups:
            fail.append("%s: defined in more than one object: %s" % (cfg["name"], " ".join(sorted(set(g.dups)))))
        ext = libgcc_frames(cfg["objdump"], cfg["libgcc"]) if cfg.get("libgcc") else {}
        stack[cfg["name"]] = {s: g.worst(s, ext, depth) for s in public}
        have = defined_symbols(cfg["lib"])
        with tempfile.TemporaryDirectory() as tmp:
            sizes[cfg["name"]] = {
                fam: family_size(cfg, [s for s in public if family[s] == fam and s in have], tmp)
                for fam in families}
            sizes[cfg["name"]]["(all)"] = family_size(cfg, [s for s in public if s in have], tmp)
            nacl_big[cfg["name"]] = []
            nacl[cfg["name"]] = family_size(cfg, [s for s in NACL_SET if s in have], tmp,
                                            nacl_big[cfg["name"]])

    names = [c["name"] for c in configs]
    # ---- stack table ----
    print("Worst-case stack per public function, bytes (sum of the frames along")
    print("the deepest call path; '+' = plus the stack of the external callees")
    print("named below the table, not counted; '-' = not in that build)")
    print("%-44s" % "function" + "".join("%14s" % n for n in names))
    externals = {}
    for fam in families:
        print("[%s]" % fam)
        for s in public:
            if family[s] != fam:
                continue
            cells = []
            for n in names:
                r = stack[n][s]
                if r is None:
                    cells.append("-")
                    continue
                b, _, probs = r
                cells.append("%d%s" % (b, "+" if probs else ""))
                for p in probs:
                    externals.setdefault(n, set()).add(p)
            print("  %-42s" % s + "".join("%14s" % c for c in cells))
    for n in names:
        if n in externals:
            print("%s: not counted: %s" % (n, "; ".join(sorted(externals[n]))))
    # ---- sizes ----
    print()
    print("Code size per family (the public header), bytes: ld -r --gc-sections")
    print("rooted at every public function of the family; code / read-only data /")
    print("writable data")
    print("%-16s" % "family" + "".join("%26s" % n for n in names))
    for fam in families + ["(all)"]:
        print("%-16s" % fam + "".join(
            "%26s" % ("%d / %d / %d" % sizes[n][fam]) for n in names))
    # ---- SPARKNaCl ----
    print()
    print("Beside SPARKNaCl's published RV32 -Os figures (like with like: the")
    print("TweetNaCl/SPARKNaCl API, %d functions, under qed's names):" % len(NACL_SET))
    for n in names:
        code, ro, data = nacl[n]
        sign = [stack[n].get(f) for f in ("qed_crypto_sign", "qed_crypto_sign_detached")]
        sign_s = ", ".join("%s %d%s" % (f, r[0], "+" if r[2] else "")
                           for f, r in zip(("crypto_sign", "crypto_sign_detached"), sign) if r)
        print("  %-12s NaCl code %6d B (+ %d read-only, %d data) vs %d;  stack: %s vs %d"
              % (n, code, ro, data, SPARKNACL_CODE, sign_s, SPARKNACL_SIGN_STACK))
    for n in names:
        if not n.startswith("rv32"):
            continue
        big = sorted(nacl_big[n], reverse=True)[:12]
        print("  %s: where the NaCl code goes (the biggest functions, bytes):" % n)
        for size, sec in big:
            print("    %-40s %6d" % (sec.replace(".text.", ""), size))
        r = stack[n].get("qed_crypto_sign")
        if r:
            print("  %s: where crypto_sign's stack goes (deepest path, frame bytes):" % n)
            total = 0
            for fn, fr in r[1]:
                total += fr or 0
                print("    %-40s %6s  %6d" % (fn, "?" if fr is None else fr, total))
    # ---- budgets ----
    os.makedirs(args.budgets, exist_ok=True)
    for n in names:
        spath = os.path.join(args.budgets, "stack-%s.txt" % n)
        zpath = os.path.join(args.budgets, "size-%s.txt" % n)
        if args.update:
            write_budget(spath, "# Worst-case stack budget, bytes, per public function (%s): the value\n"
                         "# measured by make budgets-update plus %d%%, rounded up to %d.\n"
                         % (n, args.margin, ROUND),
                         [(s, [stack[n][s][0]]) for s in public if stack[n][s] is not None], args.margin)
            write_budget(zpath, "# Code-size budget per family (%s): code and read-only data bytes,\n"
                         "# measured by make budgets-update plus %d%%, rounded up to %d.\n"
                         % (n, args.margin, ROUND),
                         [(f, list(sizes[n][f][:2])) for f in families + ["(all)"]], args.margin)
            continue
        sb, zb = read_budget(spath), read_budget(zpath)
        for s in public:
            r = stack[n][s]
            if r is None:
                continue
            if s not in sb:
                fail.append("%s: %s has no stack budget in %s (make budgets-update)" % (n, s, spath))
            elif r[0] > sb[s][0]:
                fail.append("%s: %s uses %d bytes of stack, budget %d (%s)" % (n, s, r[0], sb[s][0], spath))
        for f in families + ["(all)"]:
            if f not in zb:
                fail.append("%s: family %s has no size budget in %s (make budgets-update)" % (n, f, zpath))
                continue
            for what, v, lim in zip(("code", "read-only data"), sizes[n][f][:2], zb[f]):
                if v > lim:
                    fail.append("%s: family %s: %s %d bytes, budget %d (%s)" % (n, f, what, v, lim, zpath))
    print()
    if args.update:
        print("budgets: written to %s/ (measured + %d%%)" % (args.budgets, args.margin))
    for msg in fail:
        print("budgets: " + msg, file=sys.stderr)
    if fail:
        print("budgets: FAILED (%d)" % len(fail), file=sys.stderr)
        sys.exit(1)
    if not args.update:
        print("budgets: every public function and family within its recorded budget")


if __name__ == "__main__":
    main()
