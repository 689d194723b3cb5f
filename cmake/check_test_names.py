#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks that every test suite is named after its file (ctest tests.names).

check_test_names.py ROOT: in tests/test_<words>.cpp every TEST, TEST_F and TEST_P suite, and
    every TYPED_TEST suite, starts with <words> in CamelCase (test_cli_fft.cpp: CliFft,
    CliFftReal...; case and underscores aside, so CliBadInput fits test_cli_badinput.cpp), so a
    failing test's name says which file holds it.
"""
import re
import sys
from pathlib import Path

MACRO = re.compile(r"^\s*(?:TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P)\(\s*(\w+)\s*,", re.M)


def key(name: str) -> str:
    return name.replace("_", "").lower()


def camel(stem: str) -> str:
    return "".join(w[:1].upper() + w[1:] for w in stem.split("_"))


def check(root: Path) -> list:
    errors = []
    for f in sorted((root / "tests").glob("test_*.cpp")):
        stem = f.stem[len("test_"):]
        for suite in sorted(set(MACRO.findall(f.read_text()))):
            if not key(suite).startswith(key(stem)):
                errors.append(f"tests/{f.name}: suite {suite} does not start with {camel(stem)}")
    return errors


def main() -> int:
    errors = check(Path(sys.argv[1]))
    for e in errors:
        print(e)
    print(f"tests.names: {'FAILED' if errors else 'ok'} ({len(errors)} suite(s) misnamed)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
