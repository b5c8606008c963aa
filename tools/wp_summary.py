#!/usr/bin/env python3
"""Summarise qed's Frama-C/WP reports (-wp-report-json) as a table.

usage: wp_summary.py [--markdown] [--units FILE] [--status-dir DIR] [OUTDIR]
       wp_summary.py --order OUTDIR UNIT...   (the units, most goals first)

OUTDIR (default proof/out) holds UNIT.json per proof unit.
--units FILE      the expected units, one "UNIT SRCPATH" per line (written by
                  mk/prove.mk): a unit without a report is an error, a report
                  without a unit is reported as stale.  Without it, every
                  OUTDIR/*.json is a unit.
--status-dir DIR  where mk/prove.mk leaves UNIT.time (seconds of the last
                  Frama-C run), UNIT.status ("ok ran ...", "ok unchanged",
                  "FAILED ...") and "start" (for the wall-clock time).
--markdown        a Markdown table instead of aligned text.

One row per function that has goals (WP names them in the report, including
static inline helpers from headers, e.g. qed_load64_le), one subtotal row per
unit (with the time of its Frama-C run: "kept" when the committed report of
an unchanged unit was checked instead), and a TOTAL row.

Exit status 1 when any goal is unproved, an expected unit has no report, a
report has no goal at all, or there is no unit: a summary cannot pass
vacuously.
"""
import json
import os
import sys
import time


def usage(msg):
    sys.stderr.write("wp_summary.py: %s\n%s" % (msg, __doc__))
    sys.exit(2)


def parse_args(argv):
    opts = {"markdown": False, "units": None, "status": None, "outdir": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--markdown":
            opts["markdown"] = True
        elif a in ("--units", "--status-dir"):
            if i + 1 >= len(argv):
                usage("%s needs an argument" % a)
            opts["units" if a == "--units" else "status"] = argv[i + 1]
            i += 1
        elif a in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        elif a.startswith("--"):
            usage("unknown option %s" % a)
        elif opts["outdir"] is None:
            opts["outdir"] = a
        else:
            usage("too many arguments")
        i += 1
    if opts["outdir"] is None:
        opts["outdir"] = "proof/out"
    return opts


def read(path):
    try:
        with open(path) as fh:
            return fh.read().strip()
    except OSError:
        return None


def fn_counts(goals):
    """(total, valid) of one function of the report."""
    sec = goals.get("wp:section", {}).get("wp:main")
    if sec is not None:
        return sec.get("total", 0), sec.get("valid", 0)
    t = v = 0
    for k, st in goals.items():
        if not k.startswith("wp:"):
            m = st.get("wp:main", {})
            t += m.get("total", 0)
            v += m.get("valid", 0)
    return t, v


def order(outdir, units):
    """Units by decreasing number of goals in their report (none: first)."""
    def goals(u):
        try:
            with open(os.path.join(outdir, u + ".json")) as fh:
                return json.load(fh)["wp:global"]["wp:main"]["total"]
        except (OSError, ValueError, KeyError):
            return float("inf")
    print(" ".join(sorted(units, key=lambda u: (-goals(u), u))))
    return 0


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--order":
        return order(sys.argv[2], sys.argv[3:])
    o = parse_args(sys.argv[1:])
    outdir, sdir = o["outdir"], o["status"]
    errors, warnings = [], []

    reports = sorted(f[:-5] for f in os.listdir(outdir)
                     if f.endswith(".json")) if os.path.isdir(outdir) else []
    if o["units"]:
        units = []
        for line in (read(o["units"]) or "").splitlines():
            parts = line.split()
            if parts:
                units.append((parts[0], parts[1] if len(parts) > 1 else parts[0]))
        for r in reports:
            if r not in {u for u, _ in units}:
                warnings.append("stale report %s/%s.json: no such unit "
                                "(delete it with its .hash)" % (outdir, r))
    else:
        units = [(r, r) for r in reports]
    if not units:
        errors.append("no proof units")

    hdr = ["file", "function", "goals", "proved", "time_s"]
    rows = []             # (cells, kind) kind: fn | unit | total
    unproved = []
    provers = {}
    tot_fn = tot_goals = tot_valid = 0
    tot_time = 0.0
    n_ran = n_kept = 0
    for unit, src in units:
        path = os.path.join(outdir, unit + ".json")
        status = read(os.path.join(sdir, unit + ".status")) if sdir else None
        t = read(os.path.join(sdir, unit + ".time")) if sdir else None
        if status and status.startswith("FAILED"):
            tcell = "FAILED"
        elif status and status.startswith("ok unchanged"):
            tcell = "kept"
            n_kept += 1
        elif t is not None:
            tcell = "%.1f" % float(t)
            tot_time += float(t)
            n_ran += 1
        else:
            tcell = "-"
        if not os.path.exists(path):
            errors.append("%s (%s): no report %s" % (unit, src, path))
            rows.append(([src, "(no report)", "-", "-", tcell], "unit"))
            continue
        try:
            with open(path) as fh:
                rep = json.load(fh)
        except (OSError, ValueError) as e:
            errors.append("%s: unreadable report %s: %s" % (unit, path, e))
            rows.append(([src, "(bad report)", "-", "-", tcell], "unit"))
            continue
        g = rep.get("wp:global", {})
        for p, st in g.items():
            if p != "wp:main":
                provers[p] = provers.get(p, 0) + st.get("valid", 0)
        fns = rep.get("wp:functions", {})
        u_goals = u_valid = 0
        for fn in sorted(fns):
            n, v = fn_counts(fns[fn])
            u_goals += n
            u_valid += v
            rows.append(([src, fn, n, v, ""], "fn"))
            for k, st in sorted(fns[fn].items()):
                if k.startswith("wp:"):
                    continue
                m = st.get("wp:main", {})
                if m.get("valid", 0) < m.get("total", 0):
                    unproved.append((src, fn, k, m.get("valid", 0),
                                     m.get("total", 0)))
        gm = g.get("wp:main", {})
        if gm and (gm.get("total", 0), gm.get("valid", 0)) != (u_goals, u_valid):
            # the per-function split did not add up: trust the global count
            u_goals, u_valid = gm.get("total", 0), gm.get("valid", 0)
        if u_valid < u_goals and not any(x[0] == src for x in unproved):
            unproved.append((src, "?", "(global count)", u_valid, u_goals))
        if u_goals == 0:
            errors.append("%s: report has no goal (nothing was proved)" % src)
        rows.append(([src, "(%d functions)" % len(fns), u_goals, u_valid,
                      tcell], "unit"))
        tot_fn += len(fns)
        tot_goals += u_goals
        tot_valid += u_valid
    rows.append((["TOTAL (%d units)" % len(units), "(%d functions)" % tot_fn,
                  tot_goals, tot_valid, "%.1f" % tot_time], "total"))

    if o["markdown"]:
        print("| " + " | ".join(hdr) + " |")
        print("|---|---|--:|--:|--:|")
        for cells, kind in rows:
            c = [str(x) for x in cells]
            if kind != "fn":
                c = ["**%s**" % x if x else x for x in c]
            print("| " + " | ".join(c) + " |")
    else:
        allc = [hdr] + [[str(x) for x in c] for c, _ in rows]
        w = [max(len(r[i]) for r in allc) for i in range(len(hdr))]
        right = [False, False, True, True, True]

        def fmt(r):
            return "  ".join(x.rjust(w[i]) if right[i] else x.ljust(w[i])
                             for i, x in enumerate(r)).rstrip()
        print(fmt(hdr))
        print("-" * len(fmt(hdr)))
        for cells, kind in rows:
            if kind == "total":
                print("-" * len(fmt(hdr)))
            print(fmt([str(x) for x in cells]))
    if o["markdown"]:
        print()
    closed = ", ".join("%s %d" % ("Qed" if p == "qed" else p, n)
                       for p, n in sorted(provers.items()))
    if closed:
        print("goals closed by: %s (a goal can count for both provers)" % closed)
    if sdir:
        line = "units: %d run, %d kept (unchanged: committed report checked); " \
               "time_s = wall time of each unit's Frama-C run" % (n_ran, n_kept)
        start = read(os.path.join(sdir, "start"))
        if start:
            line += "; wall clock %.1f s" % (time.time() - float(start))
        print(line)
    for w_ in warnings:
        print("warning: " + w_)
    if unproved:
        print("\nUNPROVED GOALS (see proof/out/UNIT.log; re-run the unit with "
              "-wp-print to see the goals):")
        for src, fn, k, v, n in unproved:
            print("  %s: %s: %s  (%d/%d proved)" % (src, fn, k, v, n))
    for e in errors:
        print("error: " + e)
    return 1 if unproved or errors else 0


if __name__ == "__main__":
    sys.exit(main())
