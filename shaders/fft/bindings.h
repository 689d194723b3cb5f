// SPDX-License-Identifier: MIT
// The FFT kernels' image units and shader storage buffer binding points, read by both the GLSL
// (#include "fft/bindings.h", through fft/axis.glsl) and the C++ (src/fft/plan.cpp): only
// preprocessor lines, which both languages take alike. Plan::execute leaves these bound
// (installed as <oceanfft/fft/bindings.h>; docs/api.md, "GL state").
#ifndef OCEANFFT_FFT_BINDINGS_H
#define OCEANFFT_FFT_BINDINGS_H

// A pass reads FFT_IMAGE_SRC and writes FFT_IMAGE_DST. The stage kernel (cooley_tukey.comp)
// swaps their roles every stage, so they must stay adjacent units.
#define FFT_IMAGE_SRC 0
#define FFT_IMAGE_DST 1
// Exchange space of mixed.comp when a line does not fit shared memory (AxisStrategy::scratch).
#define FFT_IMAGE_SCRATCH 2
// tw[t] = exp(-2 pi i t / N) of the axis being transformed (fft/axis.glsl).
#define FFT_BUFFER_TWIDDLES 0
// Bluestein's chirp and the transformed chirp kernel (mixed.comp, AxisStrategy::Kind::Bluestein).
#define FFT_BUFFER_CHIRP 1
#define FFT_BUFFER_KERNEL 2
// The data between the row and the column pass where it goes through a buffer (fast.glsl's
// FFT_BUFFER_OUT / FFT_BUFFER_IN).
#define FFT_BUFFER_INTERMEDIATE 3
// The caller's data in a buffer plan's copy passes (fft/buffer.h, buffer_io.comp).
#define FFT_BUFFER_DATA 4

#endif
