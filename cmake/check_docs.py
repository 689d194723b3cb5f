#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks that the docs state current facts (ctest docs.*).

check_docs.py ROOT layering: docs/design.md's module table lists exactly the oceanfft modules
    each `oceanfft_module(NAME DEPS ...)` call in CMakeLists.txt links.
check_docs.py ROOT figures: every decimal figure in the README's "Performance" section appears
    in docs/performance.md, the document that holds the measurements and their method.
check_docs.py ROOT names (ctest tests.names): in tests/test_<words>.cpp every TEST, TEST_F,
    TEST_P and TYPED_TEST suite starts with <words> in CamelCase (test_cli_fft.cpp: CliFft,
    CliFftReal...; case and underscores aside, so CliBadInput fits test_cli_badinput.cpp), so a
    failing test's name says which file holds it; and no test makes its own temp folder
    (tests/support/temp_dir.h is the one).
"""
import re
import sys
from pathlib import Path


def declared_modules(cmakelists: str) -> dict:
    out = {}
    for m in re.finditer(r"^\s*oceanfft_module\((\w+)([^)]*)\)", cmakelists, re.M):
        name, rest = m.group(1), m.group(2)
        deps = set()
        dep_part = re.search(r"\bDEPS\b(.*?)(?:\bEXCLUDE\b|\bSHADERS\b|$)", rest, re.S)
        if dep_part:
            for d in re.findall(r"oceanfft_(\w+)", dep_part.group(1)):
                if d != "window":  # the GLFW context provider, not a module of src/
                    deps.add(d)
        # A module declared twice (with and without the application) links the union.
        out.setdefault(name, set()).update(deps)
    return out


def documented_modules(design: str) -> dict:
    block = re.search(r"<!-- modules -->(.*?)<!-- /modules -->", design, re.S)
    if not block:
        raise SystemExit("docs/design.md: no <!-- modules --> table")
    out = {}
    for line in block.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2 or cells[0] in ("module", "") or set(cells[0]) <= set("-"):
            continue
        out[cells[0]] = {d.strip() for d in cells[1].split(",") if d.strip()}
    return out


def layering(root: Path) -> list:
    declared = declared_modules((root / "CMakeLists.txt").read_text())
    documented = documented_modules((root / "docs/design.md").read_text())
    errors = []
    for name in sorted(set(declared) | set(documented)):
        if name not in documented:
            errors.append(f"module {name} (CMakeLists.txt) is missing from docs/design.md's table")
        elif name not in declared:
            errors.append(f"module {name} of docs/design.md's table is not in CMakeLists.txt")
        elif declared[name] != documented[name]:
            errors.append(f"module {name}: CMakeLists.txt links {sorted(declared[name])}, "
                          f"docs/design.md says {sorted(documented[name])}")
    for name in declared:
        if not (root / "src" / name).is_dir():
            errors.append(f"module {name} has no folder src/{name}")
    return errors


def figures(root: Path) -> list:
    readme = (root / "README.md").read_text()
    section = re.search(r"^## Performance\n(.*?)(?=^## )", readme, re.S | re.M)
    if not section:
        return ["README.md has no '## Performance' section"]
    perf = (root / "docs/performance.md").read_text()
    quoted = re.findall(r"(?<![\w.])\d+\.\d+(?![\w.])", section.group(1))
    if not quoted:
        return ["README.md's Performance section quotes no figures (this check would be empty)"]
    return [f"README.md quotes {q}, which docs/performance.md does not hold"
            for q in quoted if not re.search(r"(?<![\w.])" + re.escape(q) + r"(?![\w])", perf)]


SUITE = re.compile(r"^\s*(?:TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)\(\s*(\w+)\s*,", re.M)


def names(root: Path) -> list:
    def key(name: str) -> str:
        return name.replace("_", "").lower()

    errors = []
    for f in sorted((root / "tests").glob("test_*.cpp")):
        stem = f.stem[len("test_"):]
        camel = "".join(w[:1].upper() + w[1:] for w in stem.split("_"))
        for suite in sorted(set(SUITE.findall(f.read_text()))):
            if not key(suite).startswith(key(stem)):
                errors.append(f"tests/{f.name}: suite {suite} does not start with {camel}")
        if re.search(r"\bmkdtemp\(|temp_directory_path\(", f.read_text()):
            errors.append(f"tests/{f.name}: makes its own temp folder (use support/temp_dir.h)")
    return errors


def main() -> int:
    root, what = Path(sys.argv[1]), sys.argv[2]
    errors = {"layering": layering, "figures": figures, "names": names}[what](root)
    for e in errors:
        print(e)
    print(f"{'tests' if what == 'names' else 'docs'}.{what}: {'FAILED' if errors else 'ok'}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
