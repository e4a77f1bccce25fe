#!/usr/bin/env python3
"""sizes.py - the longest functions and the longest files of the C sources.

usage: tools/sizes.py [-n N] [DIR...]   (default: src importers reports)

A function's length is counted from the first line of its signature to its
closing brace, as a reader sees it.  Found by scanning braces at file scope
(comments, strings and character constants skipped): a top-level '{' whose
preceding declaration has a '(' and no '=' opens a function.  Good enough
for this tree's style; it is a measuring stick, not a parser.
"""
import os
import re
import sys


def strip(text):
    """The text with comments, strings and char constants blanked (lines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + re.sub(r"[^\n]", " ", text[i + 1:j - 1]) + c)
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    text = strip(open(path, encoding="utf-8", errors="replace").read())
    lines = text.split("\n")
    # Blank preprocessor lines: they are not part of a declaration.
    lines = ["" if l.lstrip().startswith("#") else l for l in lines]
    depth, decl, decl_start, start, name = 0, "", None, None, None
    for lineno, line in enumerate(lines, 1):
        for ch in line:
            if depth == 0:
                if ch == "{":
                    m = re.search(r"(\w+)\s*\([^()]*(\([^()]*\)[^()]*)*\)\s*$", decl)
                    if m and "=" not in decl:
                        start, name = decl_start, m.group(1)
                    depth = 1
                    decl = ""
                    continue
                if ch == ";":
                    decl, decl_start = "", None
                    continue
                if not ch.isspace() and decl_start is None:
                    decl_start = lineno
                decl += ch
            else:
                if ch == "{":
                    depth += 1
                elif ch == "}":
                    depth -= 1
                    if depth == 0:
                        if name is not None:
                            yield name, start, lineno - start + 1
                        name, decl, decl_start = None, "", None
        if depth == 0 and decl:
            decl += " "


def main(argv):
    top = 15
    if len(argv) >= 2 and argv[0] == "-n":
        top, argv = int(argv[1]), argv[2:]
    dirs = argv or ["src", "importers", "reports"]
    files, funcs = [], []
    for d in dirs:
        for root, _, names in os.walk(d):
            for f in sorted(names):
                if not f.endswith((".c", ".h")):
                    continue
                p = os.path.join(root, f)
                with open(p, encoding="utf-8", errors="replace") as fh:
                    files.append((sum(1 for _ in fh), p))
                if f.endswith(".c"):
                    funcs += [(n, p, name, s) for name, s, n in functions(p)]
    files.sort(reverse=True)
    funcs.sort(key=lambda t: (-t[0], t[1], t[3]))
    print(f"files over 800 lines: {sum(1 for n, _ in files if n > 800)}; "
          f"functions over 80 lines: {sum(1 for t in funcs if t[0] > 80)}")
    print(f"\nlongest files ({top}):")
    for n, p in files[:top]:
        print(f"  {n:5d}  {p}")
    print(f"\nlongest functions ({top}):")
    for n, p, name, s in funcs[:top]:
        print(f"  {n:5d}  {p}:{s}  {name}")


if __name__ == "__main__":
    main(sys.argv[1:])
