#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plot `oceanfft bench --json` output: median forward-FFT time against N per algorithm.

usage: plot_bench.py BENCH.json [--cufft FILE] [-o OUT.png]

--cufft takes what tools/device/cufft_shapes.py prints (its table rows "N batch ms GB/s err"), or a
JSON list of {"size": N, "ms": t}. The schema of BENCH.json is in docs/bench/README.md.
"""
import argparse
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")  # no display on CI or the GPU machine
import matplotlib.pyplot as plt  # noqa: E402


def read_cufft(path):
    with open(path) as f:
        text = f.read()
    try:
        rows = json.loads(text)
        return {int(r["size"]): float(r["ms"]) for r in rows}
    except (ValueError, TypeError, KeyError):
        pass
    out = {}
    for line in text.splitlines():
        parts = line.split()
        # Table rows are five numbers; the header and the device line are not.
        if len(parts) != 5:
            continue
        try:
            out[int(parts[0])] = float(parts[2])
        except ValueError:
            continue
    if not out:
        sys.exit(f"plot_bench: no cuFFT rows found in {path}")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bench", help="JSON written by oceanfft bench --json")
    ap.add_argument("--cufft", help="cuFFT baseline output for the same sizes and batch")
    ap.add_argument("-o", "--output", help="PNG to write (default: BENCH with .png)")
    a = ap.parse_args()

    try:
        with open(a.bench) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"plot_bench: cannot read {a.bench}: {e}")
    if data.get("schema") != "oceanfft-bench/1":
        sys.exit(f"plot_bench: {a.bench} is not oceanfft-bench/1 output")
    results = data["results"]
    algorithms = data["config"]["algorithms"]
    has_ocean = any(r.get("ocean") for r in results)

    fig, axes = plt.subplots(1, 2 if has_ocean else 1, figsize=(12 if has_ocean else 7, 5),
                             squeeze=False)
    ax = axes[0][0]
    for alg in algorithms:
        rows = sorted((r for r in results if r["algorithm"] == alg), key=lambda r: r["size"])
        if not rows:
            continue
        n = [r["size"] for r in rows]
        med = [r["fft"]["median_ms"] for r in rows]
        up = [r["fft"]["p90_ms"] - r["fft"]["median_ms"] for r in rows]
        down = [r["fft"]["median_ms"] - r["fft"]["min_ms"] for r in rows]
        ax.errorbar(n, med, yerr=[down, up], marker="o", capsize=3, label=alg)
    if a.cufft:
        cu = read_cufft(a.cufft)
        sizes = sorted(cu)
        ax.plot(sizes, [cu[s] for s in sizes], "k--", marker="s", label="cuFFT")
    planes = data["config"]["planes"]
    ax.set_title(f"forward 2D FFT, {planes} complex64 planes (bars: min..p90)")
    for x in (ax,) + ((axes[0][1],) if has_ocean else ()):
        x.set_xscale("log", base=2)
        x.set_yscale("log")
        x.set_xlabel("N (N x N)")
        x.grid(True, which="both", alpha=0.3)
    ax.set_ylabel(f"median ms ({data['timer']})")
    ax.legend()

    if has_ocean:
        ox = axes[0][1]
        for alg in algorithms:
            rows = sorted((r for r in results if r["algorithm"] == alg and r.get("ocean")),
                          key=lambda r: r["size"])
            if rows:
                ox.plot([r["size"] for r in rows], [r["ocean"]["step"]["median_ms"] for r in rows],
                        marker="o", label=alg)
        ox.set_title("ocean step (spectrum + inverse FFT + assemble)")
        ox.set_ylabel(f"median ms ({data['timer']})")
        ox.legend()

    fig.suptitle(data["device"]["renderer"], fontsize=10)
    fig.tight_layout()
    out = a.output or os.path.splitext(a.bench)[0] + ".png"
    tmp = out + ".tmp.png"
    fig.savefig(tmp, dpi=110)
    os.replace(tmp, out)  # never a half-written PNG under the real name
    print(out)


if __name__ == "__main__":
    main()
