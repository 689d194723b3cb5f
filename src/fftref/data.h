// SPDX-License-Identifier: MIT
#pragma once
// The CLI's and the tests' side of complex data (fft/planes.h): FFTW references in double, the
// error measure, and raw files in the CLI's layout (docs/formats.md: little-endian float32 real,
// then imaginary, no header; a file holds exactly W*H*2*layers*8 bytes).
#include <complex>
#include <cstdint>
#include <string>
#include <vector>

#include "fft/fft.h"
#include "fft/planes.h"

namespace oceanfft::fft {

// FFTW in double, numpy's normalisation (inverse scaled by 1/(W*H)).
std::vector<std::complex<double>> reference(const Planes& input, Direction direction);
// Complex planes transformed along `axes` (Options::axes), numpy's normalisation (1/length of
// the axes transformed on the inverse); reference() is Axes::Both.
std::vector<std::complex<double>> reference_axes(const Planes& input, Direction direction, Axes axes);
// ||got - ref|| / ||ref|| over all planes; NaN anywhere gives +inf.
double relative_l2(const Planes& got, const std::vector<std::complex<double>>& ref);

// Raw little-endian complex64 files. Reading checks the size against the expected shape.
Planes read_raw(const std::string& path, int width, int height, int layers);
void write_raw(const std::string& path, const Planes& planes);

}  // namespace oceanfft::fft
