// SPDX-License-Identifier: MIT
#pragma once
// What the complex and the real data of fftref share: the relative L2 error against a reference
// in double, and the shape a raw file must have.
#include <cmath>
#include <complex>
#include <limits>
#include <string>
#include <vector>

#include "gl/error.h"

namespace oceanfft::fft::detail {

inline std::complex<double> widen(std::complex<float> v) { return {v.real(), v.imag()}; }
inline double widen(float v) { return v; }

// ||got - ref|| / ||ref|| over every value; a size mismatch or NaN anywhere gives +inf.
template <class Got, class Ref>
double relative_l2(const std::vector<Got>& got, const std::vector<Ref>& ref) {
  if (got.size() != ref.size()) return std::numeric_limits<double>::infinity();
  double num = 0.0, den = 0.0;
  for (size_t i = 0; i < ref.size(); ++i) {
    num += std::norm(widen(got[i]) - ref[i]);
    den += std::norm(ref[i]);
  }
  if (!std::isfinite(num)) return std::numeric_limits<double>::infinity();
  return den > 0 ? std::sqrt(num / den) : std::sqrt(num);
}

// The shape of a raw file of 2*layers planes of `kind` ("complex64", "float32") as messages name
// it; refuses a layer count no file can hold before io reads anything.
inline std::string raw_shape(int width, int height, int layers, const char* kind) {
  if (layers <= 0 || layers > (1 << 29))
    throw Error(ErrorCode::InvalidArgument, "invalid layer count " + std::to_string(layers));
  return std::to_string(width) + "x" + std::to_string(height) + " with " + std::to_string(layers) +
         " layer(s) (" + std::to_string(2 * layers) + " " + kind + " planes)";
}

// Planes (or RealPlanes) of width x height x layers whose values `read(shape)` gets from a raw
// file (io's reader, told the shape for its messages).
template <class P, class Read>
P read_planes(int width, int height, int layers, const char* kind, Read read) {
  const std::string shape = raw_shape(width, height, layers, kind);
  P p;
  p.data = read(shape);
  p.width = width;
  p.height = height;
  p.layers = layers;
  return p;
}

}  // namespace oceanfft::fft::detail
