#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ctest package.api_snippets: every C++ block of docs/api.md is a region of an example.

A block is announced by `<!-- snippet: <file> <region> -->` on the line before its ```cpp fence;
the region is the text between `// [<region>]` and `// [/<region>]` in <file>. Both sides are
compared after removing their common indentation, so the docs show exactly what compiles in the
example (package.example builds and runs it). Unannounced ```cpp blocks are errors too."""
import pathlib
import re
import sys
import textwrap

root = pathlib.Path(sys.argv[1])
doc = (root / "docs/api.md").read_text()
lines = doc.splitlines()
errors, checked = [], 0
announce = re.compile(r"<!-- snippet: (\S+) (\S+) -->")
for i, line in enumerate(lines):
    if line.strip() != "```cpp":
        continue
    m = announce.fullmatch(lines[i - 1].strip()) if i > 0 else None
    if not m:
        errors.append(f"docs/api.md:{i + 1}: ```cpp block without a <!-- snippet: file region --> line")
        continue
    end = next((j for j in range(i + 1, len(lines)) if lines[j].strip() == "```"), None)
    if end is None:
        errors.append(f"docs/api.md:{i + 1}: unterminated block")
        continue
    block = textwrap.dedent("\n".join(lines[i + 1:end]))
    src = (root / m[1]).read_text()
    region = re.search(r"^[ \t]*// \[" + re.escape(m[2]) + r"\]\n(.*?)^[ \t]*// \[/" +
                       re.escape(m[2]) + r"\]$", src, re.S | re.M)
    if not region:
        errors.append(f"docs/api.md:{i + 1}: {m[1]} has no region {m[2]}")
        continue
    want = textwrap.dedent(region[1]).rstrip("\n")
    if block != want:
        errors.append(f"docs/api.md:{i + 1}: block differs from {m[1]} [{m[2]}]:\n--- doc\n{block}\n"
                      f"--- example\n{want}")
    checked += 1
for e in errors:
    print(e, file=sys.stderr)
print(f"{checked} snippets match their examples")
sys.exit(1 if errors or checked < 4 else 0)
