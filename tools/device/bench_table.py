#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Markdown table for docs/performance.md from `oceanfft bench` JSON files and the cuFFT logs.

usage: bench_table.py OUT.md BENCH_L1.json BENCH_L6.json CUFFT.log [FAST_TUNE_VERIFY.log]
The cuFFT log is the output of tools/device/cufft_shapes.py run for batch 2 and then batch 12.
"""
import json
import sys

# VkFFT 1.3.4 (CUDA) on the same H100, median of 200 (issue 6); key: (planes, N)
VKFFT = {(2, 256): 0.0130, (2, 512): 0.0138, (2, 1024): 0.0285, (2, 2048): 0.1175, (2, 4096): 0.4619,
         (12, 256): 0.0158, (12, 512): 0.0356, (12, 1024): 0.1663, (12, 2048): 0.6274,
         (12, 4096): 2.5939}


def cufft_times(path):
    out, batch = {}, None
    for line in open(path):
        f = line.split()
        if len(f) == 5 and f[0].isdigit() and f[1].isdigit():
            out[(int(f[1]), int(f[0]))] = (float(f[2]), float(f[4]))
    return out


def main():
    md, j1, j6, cu = sys.argv[1:5]
    cufft = cufft_times(cu)
    lines = []
    for path in (j1, j6):
        d = json.load(open(path))
        planes = d["config"]["planes"]
        algos = d["config"]["algorithms"]
        res = {(r["algorithm"], r["size"]): r for r in d["results"]}
        sizes = d["config"]["sizes"]
        lines.append(f"### {d['config']['layers']} layer(s) = {planes} complex planes, "
                     f"reps {d['config']['reps']}, warmup {d['config']['warmup']}"
                     + (f" calls and {d['config']['warmup_ms']:g} ms" if "warmup_ms" in d["config"] else "")
                     + f", timer {d['timer']}\n")
        lines.append(f"Device: {d['device']['renderer']}, {d['device']['gl_version']}; run {d['date_utc']}.\n")
        head = "| N | " + " | ".join(f"{a} ms" for a in algos) + \
            " | cuFFT ms | fast / cuFFT | VkFFT ms | fast vs VkFFT | fast GB/s | copy GB/s | fast / copy | fast rel L2 | cuFFT rel L2 |"
        lines.append(head)
        lines.append("|" + "---|" * (head.count("|") - 1))
        for n in sizes:
            row = [str(n)]
            for a in algos:
                r = res.get((a, n))
                row.append(f"{r['fft']['median_ms']:.4f}" if r else "-")
            f = res.get(("fast", n))
            c = cufft.get((planes, n))
            v = VKFFT.get((planes, n))
            fm = f["fft"]["median_ms"] if f else None
            row.append(f"{c[0]:.4f}" if c else "-")
            row.append(f"{fm / c[0]:.2f}" if c and fm else "-")
            row.append(f"{v:.4f}" if v else "-")
            row.append((f"{fm / v:.2f}x " + ("met" if fm <= v else "missed")) if v and fm else "-")
            row.append(f"{f['gbps']:.0f}" if f else "-")
            row.append(f"{f['copy_gbps']:.0f}" if f else "-")
            row.append(f"{f['copy_fraction'] * 100:.0f}%" if f else "-")
            row.append(f"{f['rel_l2']:.2e}" if f else "-")
            row.append(f"{c[1]:.2e}" if c else "-")
            lines.append("| " + " | ".join(row) + " |")
        lines.append("")
        oc = [(r["algorithm"], r["size"], r["ocean"]) for r in d["results"] if r.get("ocean")]
        if oc:
            lines.append("Ocean step (spectrum + inverse FFT + assemble), median ms:\n")
            lines.append("| algorithm | N | ocean step ms | layers |")
            lines.append("|---|---|---|---|")
            for a, n, o in oc:
                lines.append(f"| {a} | {n} | {o['step']['median_ms']:.4f} | {o['layers']} |")
            lines.append("")
    open(md, "a").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
