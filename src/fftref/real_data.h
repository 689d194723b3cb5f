// SPDX-License-Identifier: MIT
#pragma once
// Host-side real data for RealPlan (fft/real.h) in the CLI's file layout (docs/formats.md):
// 2*layers planes of height x width float32, row-major, plane after plane; plane p lives in
// layer p/2, channel pair p%2. Also FFTW references in double for the real transforms.
#include <complex>
#include <cstdint>
#include <string>
#include <vector>

#include "fftref/data.h"
#include "fft/fft.h"

namespace oceanfft::fft {

struct RealPlanes {
  int width = 0, height = 0, layers = 0;
  std::vector<float> data;  // plane after plane

  RealPlanes() = default;
  RealPlanes(int w, int h, int l) : width(w), height(h), layers(l), data(size_t(w) * h * l * 2) {}
  size_t plane_size() const { return size_t(width) * height; }
  float* plane(int p) { return data.data() + plane_size() * p; }
  const float* plane(int p) const { return data.data() + plane_size() * p; }
};

// Standard normal values from a seeded generator.
RealPlanes random_real_planes(int width, int height, int layers, uint64_t seed);

// Into and out of the real layout: (width+1)/2 x height x layers texels, samples 2m and 2m+1 of
// a row in .xy (plane 2l) and .zw (plane 2l+1).
void upload_real(const gl::Texture& texture, const RealPlanes& planes);
RealPlanes download_real(const gl::Texture& texture, int width);

// FFTW in double: the half spectra (width/2+1 x height per plane) of every plane, transformed
// along both axes or along rows only.
std::vector<std::complex<double>> reference_r2c(const RealPlanes& input, Axes axes);
// The real planes (width x height) whose half spectra `half` holds, scaled by 1/(W*H) (1/W for
// rows only). `half` is width/2+1 wide.
std::vector<double> reference_c2r(const Planes& half, int width, Axes axes);

// Two volumes of width x height x layers (plane 2z: slice z of volume 0, 2z+1 of volume 1, as
// fft::VolumePlan holds them) transformed in 3D, numpy's normalisation, in the same order.
std::vector<std::complex<double>> reference_3d(const Planes& input, Direction direction);

// Two real volumes of width x height x layers (plane 2z: slice z of volume 0, 2z+1 of volume 1,
// as fft::RealVolumePlan holds them): their 3D half spectra (width/2+1 x height per slice) in the
// same order, and the real volumes whose half spectra `half` holds, scaled by 1/(W*H*D).
std::vector<std::complex<double>> reference_r2c_3d(const RealPlanes& input);
std::vector<double> reference_c2r_3d(const Planes& half, int width);

// ||got - ref|| / ||ref||; NaN anywhere gives +inf.
double relative_l2(const RealPlanes& got, const std::vector<double>& ref);

// Raw little-endian float32 files of 2*layers planes; reading checks the size first.
RealPlanes read_real_raw(const std::string& path, int width, int height, int layers);
void write_real_raw(const std::string& path, const RealPlanes& planes);

}  // namespace oceanfft::fft
