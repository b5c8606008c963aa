#!/usr/bin/env python3
"""Worst-case stack use from GCC's call-graph files (-fcallgraph-info=su).

GCC writes one .ci file (VCG format) per object: a node per function, with
its frame size and kind when the object defines it ("N bytes (static)"),
an edge per call site, including the calls GCC itself emits (memcpy,
memset, libgcc helpers) and indirect calls.  This module joins the files of
a build into one graph and takes, for each function, the largest sum of
frames along a call path from it: with no recursion and no unbounded
dynamic frame that is a bound on the stack the function can use.

A callee no file defines (the C library, libgcc) is "external": its frames
come from `extern_frames` when the caller measured them (tools/budgets.py
reads libgcc's from its disassembly), else the result says it is unknown
rather than counting it as 0.  Indirect calls, recursion and unbounded
dynamic frames are reported the same way: a bound is never claimed where
there is none.

Used by tools/budgets.py.
"""
import os
import re

NODE = re.compile(r'^node: \{ title: "([^"]*)" label: "((?:[^"\\]|\\.)*)"')
EDGE = re.compile(r'^edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)"')
FRAME = re.compile(r'\\n(\d+) bytes \(([a-z,]+)\)$')
INDIRECT = "__indirect_call"


class Graph:
    def __init__(self):
        self.frame = {}    # key -> bytes
        self.kind = {}     # key -> "static", "dynamic", "dynamic,bounded"
        self.callees = {}  # key -> [key or external name]
        self.name = {}     # key -> function name as in the source
        self.dups = []     # global names defined by more than one file

    def load_dirs(self, dirs):
        for d in dirs:
            for root, _, files in os.walk(d):
                for f in sorted(files):
                    if f.endswith(".ci"):
                        self.load(os.path.join(root, f))
        return self

    def load(self, path):
        """One .ci file.  A title with a ':' is a static function (GCC
        writes file:name), local to this file; others are global names."""
        local = {}
        edges = []
        with open(path) as f:
            for line in f:
                m = NODE.match(line)
                if m:
                    title, label = m.groups()
                    fm = FRAME.search(label)
                    if fm is None:
                        continue          # declared here, defined elsewhere
                    key = (path, title) if ":" in title else title
                    if ":" in title:
                        local[title] = key
                    elif title in self.frame:
                        self.dups.append(title)
                    self.frame[key] = int(fm.group(1))
                    self.kind[key] = fm.group(2)
                    self.name[key] = label.split("\\n", 1)[0]
                    self.callees.setdefault(key, [])
                    continue
                m = EDGE.match(line)
                if m:
                    edges.append(m.groups())
        for src, dst in edges:
            s = local.get(src, src)
            if dst not in local and ":" in dst and dst.endswith(".localalias"):
                # -fPIC: a call to the file's own global function through
                # its local alias (path:name.localalias) is a call to name
                dst = dst.split(":")[-1][:-len(".localalias")]
            self.callees.setdefault(s, []).append(local.get(dst, dst))

    def worst(self, root, extern_frames=None, depth=None):
        """(bytes, path, problems) for root: the deepest path as a list of
        (name, frame) and the set of reasons the bound is not complete
        (external callees without a measured frame, indirect calls,
        recursion, unbounded dynamic frames).  depth maps a function that
        calls itself (and only itself) to the most frames of it that can
        be live at once: it then counts that many times its own frame, plus
        its deepest other callee."""
        extern_frames = extern_frames or {}
        depth = depth or {}
        memo = {}
        stack = set()

        def walk(key):
            if key in memo:
                return memo[key]
            if key not in self.frame:
                name = key if isinstance(key, str) else key[1]
                if name == INDIRECT:
                    r = (0, [], {"indirect call"})
                elif name in extern_frames:
                    r = (extern_frames[name], [(name, extern_frames[name])], set())
                else:
                    r = (0, [(name, None)], {"external: " + name})
                memo[key] = r
                return r
            if key in stack:
                return (0, [], {"recursion through " + self.name[key]})
            stack.add(key)
            best, best_path, problems = 0, [], set()
            if self.kind[key] == "dynamic":
                problems.add("unbounded dynamic frame: " + self.name[key])
            levels = depth.get(self.name[key], 1)
            for c in self.callees.get(key, []):
                if c == key and levels > 1:
                    continue              # self-recursion, bounded by depth
                b, p, pr = walk(c)
                problems |= pr
                if b > best or not best_path:
                    best, best_path = b, p
            stack.discard(key)
            own = self.frame[key]
            label = self.name[key] + ("" if levels == 1 else " x%d" % levels)
            r = (own * levels + best, [(label, own * levels)] + best_path, problems)
            memo[key] = r
            return r

        if root not in self.frame:
            return None
        return walk(root)
