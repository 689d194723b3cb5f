// SPDX-License-Identifier: MIT
#include "fftref/real_data.h"

#include <fftw3.h>

#include <random>

#include "fft/real.h"
#include "fftref/compare.h"
#include "fftref/threads.h"
#include "gl/error.h"
#include "io/raw.h"

namespace oceanfft::fft {
namespace {

using cd = std::complex<double>;
using detail::make_plan;
using detail::reference_threads;

}  // namespace

RealPlanes random_real_planes(int width, int height, int layers, uint64_t seed) {
  RealPlanes p(width, height, layers);
  std::mt19937_64 rng(seed);
  std::normal_distribution<float> n(0.0f, 1.0f);
  for (float& v : p.data) v = n(rng);
  return p;
}

void upload_real(const gl::Texture& texture, const RealPlanes& planes) {
  const int tw = real_texels(planes.width), h = planes.height;
  std::vector<float> buf(size_t(tw) * h * planes.layers * 4, 0.0f);
  for (int l = 0; l < planes.layers; ++l)
    for (int c = 0; c < 2; ++c) {
      const float* src = planes.plane(2 * l + c);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < planes.width; ++x)
          buf[((size_t(l) * h + y) * tw + x / 2) * 4 + 2 * c + (x & 1)] =
              src[size_t(y) * planes.width + x];
    }
  glBindTexture(GL_TEXTURE_2D_ARRAY, texture.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, tw, h, planes.layers, GL_RGBA, GL_FLOAT, buf.data());
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
}

RealPlanes download_real(const gl::Texture& texture, int width) {
  const int tw = texture.width(), h = texture.height();
  if (tw != real_texels(width))
    throw Error(ErrorCode::InvalidArgument, "a real texture of width " + std::to_string(width) +
                                                " has " + std::to_string(real_texels(width)) + " texels per row");
  RealPlanes p(width, h, texture.layers());
  std::vector<float> buf(size_t(tw) * h * p.layers * 4);
  glBindTexture(GL_TEXTURE_2D_ARRAY, texture.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_FLOAT, buf.data());
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
  for (int l = 0; l < p.layers; ++l)
    for (int c = 0; c < 2; ++c) {
      float* dst = p.plane(2 * l + c);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < width; ++x)
          dst[size_t(y) * width + x] = buf[((size_t(l) * h + y) * tw + x / 2) * 4 + 2 * c + (x & 1)];
    }
  return p;
}

std::vector<std::complex<double>> reference_r2c(const RealPlanes& input, Axes axes) {
  const int w = input.width, h = input.height, hw = w / 2 + 1;
  const size_t half = size_t(hw) * h;
  std::vector<cd> out(half * size_t(input.layers) * 2);
  std::vector<double> in(input.plane_size());
  for (int p = 0; p < input.layers * 2; ++p) {
    auto* fout = reinterpret_cast<fftw_complex*>(out.data() + half * p);
    fftw_plan plan = make_plan(reference_threads(in.size()), [&] {
      return axes == Axes::Rows ? fftw_plan_many_dft_r2c(1, &w, h, in.data(), nullptr, 1, w, fout,
                                                         nullptr, 1, hw, FFTW_ESTIMATE)
                                : fftw_plan_dft_r2c_2d(h, w, in.data(), fout, FFTW_ESTIMATE);
    });
    const float* src = input.plane(p);
    for (size_t i = 0; i < in.size(); ++i) in[i] = src[i];
    fftw_execute(plan);
    fftw_destroy_plan(plan);
  }
  return out;
}

std::vector<double> reference_c2r(const Planes& half, int width, Axes axes) {
  const int w = width, h = half.height, hw = w / 2 + 1;
  if (half.width != hw)
    throw Error(ErrorCode::InvalidArgument, "a half spectrum of width " + std::to_string(width) +
                                                " has " + std::to_string(hw) + " bins per row");
  const size_t n = size_t(w) * h;
  std::vector<double> out(n * size_t(half.layers) * 2);
  std::vector<cd> in(half.plane_size());  // FFTW's c2r overwrites its input
  const double scale = 1.0 / (axes == Axes::Rows ? double(w) : double(w) * h);
  for (int p = 0; p < half.layers * 2; ++p) {
    auto* fin = reinterpret_cast<fftw_complex*>(in.data());
    double* dst = out.data() + n * p;
    fftw_plan plan = make_plan(reference_threads(n), [&] {
      return axes == Axes::Rows ? fftw_plan_many_dft_c2r(1, &w, h, fin, nullptr, 1, hw, dst, nullptr,
                                                         1, w, FFTW_ESTIMATE)
                                : fftw_plan_dft_c2r_2d(h, w, fin, dst, FFTW_ESTIMATE);
    });
    const auto* src = half.plane(p);
    for (size_t i = 0; i < in.size(); ++i) in[i] = {src[i].real(), src[i].imag()};
    fftw_execute(plan);
    fftw_destroy_plan(plan);
    for (size_t i = 0; i < n; ++i) dst[i] *= scale;
  }
  return out;
}

std::vector<std::complex<double>> reference_3d(const Planes& in, Direction d) {
  const int w = in.width, h = in.height, depth = in.layers;
  const size_t n = size_t(w) * h * depth, slice = size_t(w) * h;
  std::vector<cd> out(in.data.size()), a(n), b(n);
  for (int v = 0; v < 2; ++v) {
    for (int z = 0; z < depth; ++z)
      for (size_t i = 0; i < slice; ++i) a[z * slice + i] = cd(in.plane(2 * z + v)[i]);
    fftw_plan p = make_plan(reference_threads(n), [&] {
      return fftw_plan_dft_3d(depth, h, w, reinterpret_cast<fftw_complex*>(a.data()),
                              reinterpret_cast<fftw_complex*>(b.data()),
                              d == Direction::Forward ? FFTW_FORWARD : FFTW_BACKWARD, FFTW_ESTIMATE);
    });
    fftw_execute(p);
    fftw_destroy_plan(p);
    const double scale = d == Direction::Inverse ? 1.0 / double(n) : 1.0;
    for (int z = 0; z < depth; ++z)
      for (size_t i = 0; i < slice; ++i) out[slice * (2 * z + v) + i] = b[z * slice + i] * scale;
  }
  return out;
}

std::vector<std::complex<double>> reference_r2c_3d(const RealPlanes& in) {
  const int w = in.width, h = in.height, depth = in.layers, hw = w / 2 + 1;
  const size_t slice = size_t(w) * h, half = size_t(hw) * h;
  std::vector<cd> out(half * depth * 2), b(half * depth);
  std::vector<double> a(slice * depth);
  for (int v = 0; v < 2; ++v) {
    for (int z = 0; z < depth; ++z)
      for (size_t i = 0; i < slice; ++i) a[z * slice + i] = in.plane(2 * z + v)[i];
    fftw_plan p = make_plan(reference_threads(a.size()), [&] {
      return fftw_plan_dft_r2c_3d(depth, h, w, a.data(), reinterpret_cast<fftw_complex*>(b.data()),
                                  FFTW_ESTIMATE);
    });
    fftw_execute(p);
    fftw_destroy_plan(p);
    for (int z = 0; z < depth; ++z)
      for (size_t i = 0; i < half; ++i) out[half * (2 * z + v) + i] = b[z * half + i];
  }
  return out;
}

std::vector<double> reference_c2r_3d(const Planes& in, int width) {
  const int w = width, h = in.height, depth = in.layers, hw = w / 2 + 1;
  if (in.width != hw)
    throw Error(ErrorCode::InvalidArgument, "a half spectrum of width " + std::to_string(width) +
                                                " has " + std::to_string(hw) + " bins per row");
  const size_t slice = size_t(w) * h, half = size_t(hw) * h;
  std::vector<double> out(slice * depth * 2), b(slice * depth);
  std::vector<cd> a(half * depth);  // FFTW's c2r overwrites its input
  const double scale = 1.0 / (double(slice) * depth);
  for (int v = 0; v < 2; ++v) {
    for (int z = 0; z < depth; ++z)
      for (size_t i = 0; i < half; ++i) a[z * half + i] = cd(in.plane(2 * z + v)[i]);
    fftw_plan p = make_plan(reference_threads(b.size()), [&] {
      return fftw_plan_dft_c2r_3d(depth, h, w, reinterpret_cast<fftw_complex*>(a.data()), b.data(),
                                  FFTW_ESTIMATE);
    });
    fftw_execute(p);
    fftw_destroy_plan(p);
    for (int z = 0; z < depth; ++z)
      for (size_t i = 0; i < slice; ++i) out[slice * (2 * z + v) + i] = b[z * slice + i] * scale;
  }
  return out;
}

double relative_l2(const RealPlanes& got, const std::vector<double>& ref) {
  return detail::relative_l2(got.data, ref);
}

RealPlanes read_real_raw(const std::string& path, int width, int height, int layers) {
  return detail::read_planes<RealPlanes>(width, height, layers, "float32", [&](const std::string& shape) {
    return io::read_float32(path, width, height, 2 * layers, "the input file", shape);
  });
}

void write_real_raw(const std::string& path, const RealPlanes& planes) {
  io::write_float32(path, planes.data, "the output");
}

}  // namespace oceanfft::fft
