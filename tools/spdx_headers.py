#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Gives every source file of oceanfft the one-line licence header `SPDX-License-Identifier: MIT`.

  spdx_headers.py           add the line where it is missing (idempotent)
  spdx_headers.py --check   list the files that lack it; exit 1 if any (ctest license.headers)

The line goes first, in the file's comment syntax, except after a `#!` line, after a GLSL stage's
`#version` line (the shader loader requires it first) and after a generated file's banner.
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = ["src", "app", "tests", "shaders", "tools", "examples", "fuzz", "cmake"]
EXTRA = ["CMakeLists.txt"]
TAG = "SPDX-License-Identifier: MIT"
SLASH = {".cpp", ".h", ".hpp", ".c", ".glsl", ".comp", ".vert", ".frag", ".geom", ".tesc", ".tese"}
HASH = {".py", ".sh", ".cmake", ".txt"}


def comment_for(path):
  name = os.path.basename(path)
  ext = os.path.splitext(name)[1]
  if name.endswith(".glsl.in"):
    return "// "
  if ext in SLASH:
    return "// "
  if ext in HASH or name.endswith((".cmake.in", ".pc.in")):
    return "# "
  return None


def tracked_files():
  out = subprocess.run(["git", "ls-files", "--", *FOLDERS, *EXTRA], cwd=ROOT, check=True,
                       capture_output=True, text=True).stdout
  return [line for line in out.splitlines() if line]


def insert_at(lines):
  """The index of the line the header goes before."""
  i = 0
  if lines and (lines[0].startswith("#!") or lines[0].startswith("#version") or
                lines[0].startswith("%BANNER%")):
    i = 1
  if lines and lines[0].startswith("// GENERATED"):  # the banner runs to its first blank comment
    i = 1
    while i < len(lines) and lines[i].startswith("// edit the template"):
      i += 1
  return i


def main():
  ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
  ap.add_argument("--check", action="store_true")
  args = ap.parse_args()
  missing = []
  for rel in tracked_files():
    prefix = comment_for(rel)
    path = os.path.join(ROOT, rel)
    if prefix is None or not os.path.isfile(path):
      continue
    with open(path, encoding="utf-8") as f:
      text = f.read()
    lines = text.splitlines(keepends=True)
    if any(TAG in line for line in lines[:4]):
      continue
    missing.append(rel)
    if not args.check:
      at = insert_at(lines)
      lines.insert(at, prefix + TAG + "\n")
      with open(path, "w", encoding="utf-8") as f:
        f.write("".join(lines))
  if args.check and missing:
    print("no licence line (run tools/spdx_headers.py): " + " ".join(missing), file=sys.stderr)
    return 1
  if not args.check and missing:
    print(f"added the licence line to {len(missing)} files")
  return 0


if __name__ == "__main__":
  sys.exit(main())
