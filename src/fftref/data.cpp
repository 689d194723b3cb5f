// SPDX-License-Identifier: MIT
#include "fftref/data.h"

#include <fftw3.h>

#include "fftref/compare.h"
#include "io/raw.h"

namespace oceanfft::fft {

std::vector<std::complex<double>> reference(const Planes& input, Direction direction) {
  const size_t n = input.plane_size();
  std::vector<std::complex<double>> out(input.data.size());
  std::vector<std::complex<double>> in(n);
  fftw_complex* fin = reinterpret_cast<fftw_complex*>(in.data());
  const double scale = direction == Direction::Inverse ? 1.0 / double(n) : 1.0;
  for (int p = 0; p < input.layers * 2; ++p) {
    fftw_complex* fout = reinterpret_cast<fftw_complex*>(out.data() + n * p);
    fftw_plan plan = fftw_plan_dft_2d(input.height, input.width, fin, fout,
                                      direction == Direction::Forward ? FFTW_FORWARD : FFTW_BACKWARD,
                                      FFTW_ESTIMATE);
    const auto* src = input.plane(p);
    for (size_t i = 0; i < n; ++i) in[i] = {src[i].real(), src[i].imag()};
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    if (scale != 1.0)
      for (size_t i = 0; i < n; ++i) out[n * p + i] *= scale;
  }
  return out;
}

double relative_l2(const Planes& got, const std::vector<std::complex<double>>& ref) {
  return detail::relative_l2(got.data, ref);
}

Planes read_raw(const std::string& path, int width, int height, int layers) {
  // io checks the shape against the file's size before anything is allocated.
  const std::string shape = detail::raw_shape(width, height, layers, "complex64");
  Planes p;
  p.data = io::read_complex64(path, width, height, 2 * layers, "the input file", shape);
  p.width = width;
  p.height = height;
  p.layers = layers;
  return p;
}

void write_raw(const std::string& path, const Planes& planes) {
  io::write_complex64(path, planes.data, "the output");
}

}  // namespace oceanfft::fft
