#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Issue 24's sea numbers from one `oceanfft render --export-maps DIR` folder: Hs against the
# theory, the mean square slope (maps + sub-grid) against Cox & Munk, the mean active whitecap
# coverage (foam.f32, union of the cascades as render prints it) against Monahan, and per
# cascade the autocorrelation length along +x over the one across it (the lag where the
# normalised autocorrelation of the periodic map falls to 1/e, interpolated, as
# tests/test_ocean_foam_streaks.cpp) of foam_residual.f32, foam.f32 and their sum. Render with
# --wind-direction 0 so the wind blows along +x.
#
#   sea_check.py DIR [LABEL]
import json
import sys

import numpy as np


def correlation_length(f, along_x):
    g = f - f.mean()
    var = float((g * g).sum())
    if not var > 0.0:
        return 0.0
    ac = np.fft.ifft2(np.abs(np.fft.fft2(g)) ** 2).real / var
    line = ac[0, :] if along_x else ac[:, 0]
    n = f.shape[0]
    target = np.exp(-1.0)
    last = 1.0
    for lag in range(1, n // 2 + 1):
        rho = line[lag]
        if rho < target:
            return lag - 1 + (last - target) / (last - rho)
        last = rho
    return n / 2.0


def main():
    d = sys.argv[1]
    label = sys.argv[2] if len(sys.argv) > 2 else d
    m = json.load(open(f"{d}/maps.json"))
    n = m["size"]
    hs = m["hs_measured_m"] / m["hs_theory_m"] - 1.0 if m["hs_theory_m"] > 0 else 0.0
    cm = m["mss_total"] / m["mss_cox_munk"] - 1.0 if m["mss_cox_munk"] > 0 else 0.0
    mon = m["whitecap_coverage_monahan"]
    ratio = m["whitecap_coverage"] / mon if mon > 0 else float("nan")
    print(f"{label}: Hs {m['hs_measured_m']:.3f} m ({hs * 100:+.1f} %), mss {m['mss_total']:.4f} "
          f"vs Cox-Munk {m['mss_cox_munk']:.4f} ({cm * 100:+.1f} %), whitecaps "
          f"{m['whitecap_coverage'] * 100:.2f} % vs Monahan {mon * 100:.2f} % (x{ratio:.2f}), "
          f"residual {m['residual_foam_coverage'] * 100:.1f} %")
    for c in m["cascades"]:
        fields = {}
        for name in ("foam_residual", "foam"):
            a = np.fromfile(f"{d}/{c['dir']}/{name}.f32", dtype="<f4").reshape(n, n).astype(np.float64)
            if not np.isfinite(a).all():
                print(f"  {c['dir']}: {name}.f32 holds a NaN or infinity")
                return 1
            fields[name] = a
        fields["sum"] = fields["foam_residual"] + fields["foam"]
        parts = []
        for name, a in fields.items():
            along, across = correlation_length(a, True), correlation_length(a, False)
            r = along / across if across > 0 else 0.0
            parts.append(f"{name} {along:.1f}/{across:.1f} = {r:.2f} (peak {a.max():.3f})")
        print(f"  {c['dir']} ({c['patch_size_m']:.0f} m): " + "; ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
