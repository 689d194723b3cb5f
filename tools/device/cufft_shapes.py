# SPDX-License-Identifier: MIT
# cuFFT through CuPy for any 2D shape: 2D C2C complex64, a batch of B planes of H x W.
# Usage on the GPU machine: python3 tools/device/cufft_shapes.py B WxH [WxH ...]
# (.gl/cufft_baseline.py takes square powers of two only; this is its any-size twin, with the
# same timing and byte count, so the two tables compare.)
import sys
import numpy as np
import cupy as cp
from cupyx.profiler import benchmark

B = int(sys.argv[1])
shapes = [tuple(int(v) for v in s.split("x")) for s in sys.argv[2:]]
print("device", cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "cupy", cp.__version__)
print("%6s %6s %6s %14s %10s %12s" % ("W", "H", "batch", "cuFFT ms", "GB/s", "rel L2 err"))
for W, H in shapes:
    x = (cp.random.standard_normal((B, H, W)) + 1j * cp.random.standard_normal((B, H, W))).astype(cp.complex64)
    r = benchmark(cp.fft.fft2, (x,), n_repeat=200, n_warmup=20)
    t = float(np.median(r.gpu_times)) * 1e3
    ref = np.fft.fft2(cp.asnumpy(x).astype(np.complex128))
    err = np.linalg.norm(cp.asnumpy(cp.fft.fft2(x)) - ref) / np.linalg.norm(ref)
    print("%6d %6d %6d %14.4f %10.1f %12.2e" % (W, H, B, t, 2 * 2 * B * W * H * 8 / t / 1e6, err))
