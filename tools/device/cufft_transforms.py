# SPDX-License-Identifier: MIT
# cuFFT through CuPy, the round trips `oceanfft bench --transforms` times, on the same data
# shapes: C2C and R2C+C2R of 2 planes of N x N, 64 lines of N points, two N^3 volumes, 16
# lines of a four-step length. Usage on the GPU machine:
#   python3 tools/device/cufft_transforms.py "1024,4096;128,256;8192,16384,65536"
import sys
import numpy as np
import cupy as cp
from cupyx.profiler import benchmark

parts = (sys.argv[1] if len(sys.argv) > 1 else "1024,4096;;").split(";") + ["", ""]
lists = [[int(v) for v in p.split(",") if v] for p in parts[:3]]
print("device", cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "cupy", cp.__version__)
print("%-10s %-22s %12s %12s" % ("kind", "shape", "median ms", "rel L2"))


def row(kind, shape, fn, x):
    r = benchmark(fn, (x,), n_repeat=200, n_warmup=20)
    t = float(np.median(r.gpu_times)) * 1e3
    back = cp.asnumpy(fn(x))
    err = np.linalg.norm(back - cp.asnumpy(x)) / np.linalg.norm(cp.asnumpy(x))
    print("%-10s %-22s %12.4f %12.2e" % (kind, shape, t, err))


def cplx(*shape):
    return (cp.random.standard_normal(shape) + 1j * cp.random.standard_normal(shape)).astype(cp.complex64)


for n in lists[0]:
    row("c2c-2d", "%dx%d" % (n, n), lambda a: cp.fft.ifft2(cp.fft.fft2(a)), cplx(2, n, n))
    if n > 4096:  # as `oceanfft bench --transforms`: C2C only above 4096
        continue
    row("r2c-2d", "%dx%d" % (n, n), lambda a: cp.fft.irfft2(cp.fft.rfft2(a), s=a.shape[1:]),
        cp.random.standard_normal((2, n, n)).astype(cp.float32))
    row("c2c-1d", "%d x 64 lines" % n, lambda a: cp.fft.ifft(cp.fft.fft(a)), cplx(128, n))
for n in lists[1]:
    row("c2c-3d", "%d^3" % n, lambda a: cp.fft.ifftn(cp.fft.fftn(a, axes=(1, 2, 3)), axes=(1, 2, 3)),
        cplx(2, n, n, n))
for n in lists[2]:
    row("four-step", "%d x 16 lines" % n, lambda a: cp.fft.ifft(cp.fft.fft(a)), cplx(16, n))
