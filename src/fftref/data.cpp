// SPDX-License-Identifier: MIT
#include "fftref/data.h"

#include <fftw3.h>

#include "fftref/compare.h"
#include "fftref/threads.h"
#include "io/raw.h"

namespace oceanfft::fft {
namespace {

using detail::make_plan;
using detail::reference_threads;
using cd = std::complex<double>;

// FFTW's advanced interface for one plane transformed along `axes`.
struct Shape {
  int rank;
  int n[2];
  int howmany, stride, dist;
};

// Rank and dimensions of one plane of W x H transformed along `axes` (howmany lines each).
Shape shape(int w, int h, Axes axes) {
  switch (axes) {
    case Axes::Rows: return {1, {w, 0}, h, 1, w};
    case Axes::Columns: return {1, {h, 0}, w, w, 1};
    case Axes::Both: break;
  }
  return {2, {h, w}, 1, 1, 0};
}

}  // namespace

std::vector<std::complex<double>> reference_axes(const Planes& input, Direction direction, Axes axes) {
  const Shape s = shape(input.width, input.height, axes);
  const size_t n = input.plane_size();
  std::vector<cd> out(input.data.size());
  const double lengths = s.rank == 2 ? double(s.n[0]) * s.n[1] : double(s.n[0]);
  const double scale = direction == Direction::Inverse ? 1.0 / lengths : 1.0;
  // Each plane is transformed in place in its slice of the output: no second plane-sized buffer.
  const int threads = reference_threads(n);
  for (int p = 0; p < input.layers * 2; ++p) {
    cd* plane = out.data() + n * p;
    auto* f = reinterpret_cast<fftw_complex*>(plane);
    fftw_plan plan = make_plan(threads, [&] {
      return fftw_plan_many_dft(s.rank, s.n, s.howmany, f, nullptr, s.stride, s.dist, f, nullptr,
                                s.stride, s.dist,
                                direction == Direction::Forward ? FFTW_FORWARD : FFTW_BACKWARD,
                                FFTW_ESTIMATE);
    });
    const auto* src = input.plane(p);
    for (size_t i = 0; i < n; ++i) plane[i] = {src[i].real(), src[i].imag()};
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    if (scale != 1.0)
      for (size_t i = 0; i < n; ++i) plane[i] *= scale;
  }
  return out;
}

std::vector<std::complex<double>> reference(const Planes& input, Direction direction) {
  return reference_axes(input, direction, Axes::Both);
}

double relative_l2(const Planes& got, const std::vector<std::complex<double>>& ref) {
  return detail::relative_l2(got.data, ref);
}

Planes read_raw(const std::string& path, int width, int height, int layers) {
  // io checks the shape against the file's size before anything is allocated.
  return detail::read_planes<Planes>(width, height, layers, "complex64", [&](const std::string& shape) {
    return io::read_complex64(path, width, height, 2 * layers, "the input file", shape);
  });
}

void write_raw(const std::string& path, const Planes& planes) {
  io::write_complex64(path, planes.data, "the output");
}

}  // namespace oceanfft::fft
