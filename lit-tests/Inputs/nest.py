#!/usr/bin/env python3
"""Writes a module nested N levels deep in one of several ways (lit-tests/fuzz/nesting.test):
scf-if (regions of scf.if), region (regions of a generic op: 2 brackets per level), list
(`[[[...]]]` in an attribute), tuple (`tuple<tuple<...>>` in a type), dict (dictionary attributes).
"""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
if kind == "scf-if":
    text = "func.func @t(%c: i1) {\n" + "scf.if %c {\n" * n + "}\n" * n + "return\n}\n"
elif kind == "region":
    text = "func.func @t() {\n" + '"t.op"() ({\n' * n + "}) : () -> ()\n" * n + "return\n}\n"
elif kind == "list":
    text = "func.func @t() attributes {a = " + "[" * n + "]" * n + "} {\n  return\n}\n"
elif kind == "tuple":
    text = "func.func private @t(" + "tuple<" * n + "i32" + ">" * n + ")\n"
elif kind == "dict":
    text = "func.func @t() attributes {a = " + "{a = " * n + "1" + "}" * n + "} {\n  return\n}\n"
else:
    sys.exit(f"nest.py: unknown kind {kind}")
sys.stdout.write(text)
