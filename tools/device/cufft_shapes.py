# SPDX-License-Identifier: MIT
# cuFFT through CuPy for 2D shapes: 2D C2C complex64, a batch of B planes of H x W, median of 200
# GPU-timed calls after 20 warm-ups, error against numpy in double. With CUFFT_REF=gpu the
# reference in double is cuFFT's Z2Z on the GPU, plane by plane (numpy's FFT takes minutes at
# 16384^2 on one core; the timing is the same either way).
# Usage on the GPU machine: [CUFFT_REF=gpu] python3 tools/device/cufft_shapes.py B SHAPE [SHAPE ...]
# A SHAPE is WxH, or N for N x N. With square sizes only, the rows are "N batch ms GB/s err"
# (what tools/plot_bench.py and tools/device/bench_table.py read); otherwise "W H batch ms GB/s
# err".
import os
import sys
import numpy as np
import cupy as cp
from cupyx.profiler import benchmark

B = int(sys.argv[1])
args = sys.argv[2:]
square = all("x" not in s for s in args)
shapes = [(int(s), int(s)) if "x" not in s else tuple(int(v) for v in s.split("x")) for s in args]
print("device", cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "cupy", cp.__version__)
if square:
    print("%6s %6s %14s %10s %12s" % ("N", "batch", "cuFFT ms", "GB/s", "rel L2 err"))
else:
    print("%6s %6s %6s %14s %10s %12s" % ("W", "H", "batch", "cuFFT ms", "GB/s", "rel L2 err"))
for W, H in shapes:
    x = (cp.random.standard_normal((B, H, W)) + 1j * cp.random.standard_normal((B, H, W))).astype(cp.complex64)
    r = benchmark(cp.fft.fft2, (x,), n_repeat=200, n_warmup=20)
    t = float(np.median(r.gpu_times)) * 1e3
    if os.environ.get("CUFFT_REF") == "gpu":
        y, num, den = cp.fft.fft2(x), 0.0, 0.0
        for b in range(B):
            ref = cp.fft.fft2(x[b].astype(cp.complex128))
            num += float(cp.sum(cp.abs(y[b].astype(cp.complex128) - ref) ** 2))
            den += float(cp.sum(cp.abs(ref) ** 2))
            del ref
        err = (num / den) ** 0.5
        del y
    else:
        ref = np.fft.fft2(cp.asnumpy(x).astype(np.complex128))
        err = np.linalg.norm(cp.asnumpy(cp.fft.fft2(x)) - ref) / np.linalg.norm(ref)
    gbs = 2 * 2 * B * W * H * 8 / t / 1e6
    if square:
        print("%6d %6d %14.4f %10.1f %12.2e" % (W, B, t, gbs, err))
    else:
        print("%6d %6d %6d %14.4f %10.1f %12.2e" % (W, H, B, t, gbs, err))
