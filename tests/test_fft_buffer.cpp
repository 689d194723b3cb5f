// SPDX-License-Identifier: MIT
// FFTs of storage buffers (fft::BufferPlan): interleaved complex float with offsets and strides,
// against FFTW in double; the output buffer starts as NaN so an unwritten element fails, and the
// padding between rows and planes must come back untouched.
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

#include "fft/buffer.h"
#include "fftref/data.h"
#include "fft/fft.h"
#include "fftref/real_data.h"
#include "gl/error.h"
#include "gl_fixture.h"
#include "support/fft_options.h"

using namespace oceanfft;

namespace {

using cf = std::complex<float>;

size_t index(const fft::BufferLayout& l, int p, int x, int y) {
  return size_t(l.offset + p * l.plane_stride + y * l.row_stride + x);
}

// One transform from `in_layout` to `out_layout` (the same buffer when in_place); returns the
// relative L2 error against FFTW and checks the padding.
double check(const fft::Options& o, fft::Direction d, fft::BufferLayout in_raw,
             fft::BufferLayout out_raw, bool in_place, uint64_t seed) {
  fft::BufferPlan plan(o, test::shaders());
  SCOPED_TRACE(plan.plan().describe());
  const fft::BufferLayout in_l = fft::resolve(in_raw, o), out_l = fft::resolve(out_raw, o);
  const fft::Planes x = fft::random_planes(o.width, o.height, o.layers, seed);
  const size_t in_n = fft::buffer_bytes(in_raw, o) / 8, out_n = fft::buffer_bytes(out_raw, o) / 8;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const cf pad(12345.0f, -6789.0f);
  std::vector<cf> host(in_n, pad);
  for (int p = 0; p < 2 * o.layers; ++p)
    for (int y = 0; y < o.height; ++y)
      for (int i = 0; i < o.width; ++i) host[index(in_l, p, i, y)] = x.plane(p)[size_t(y) * o.width + i];
  gl::Buffer in = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER, host.size() * 8, host.data());
  std::vector<cf> poison(out_n, pad);
  for (int p = 0; p < 2 * o.layers; ++p)
    for (int y = 0; y < o.height; ++y)
      for (int i = 0; i < o.width; ++i) poison[index(out_l, p, i, y)] = cf(nan, nan);
  gl::Buffer out_own;
  if (!in_place)
    out_own = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER, poison.size() * 8, poison.data());
  for (const gl::Texture* t : plan.targets()) fft::poison(*t);
  const gl::Buffer& out = in_place ? in : out_own;
  plan.execute(d, in, in_raw, out, out_raw);

  const std::vector<cf> got = gl::read_buffer<cf>(out, in_place ? in_n : out_n);
  fft::Planes result(o.width, o.height, o.layers);
  std::vector<bool> element(got.size(), false);
  for (int p = 0; p < 2 * o.layers; ++p)
    for (int y = 0; y < o.height; ++y)
      for (int i = 0; i < o.width; ++i) {
        const size_t k = index(out_l, p, i, y);
        result.plane(p)[size_t(y) * o.width + i] = got[k];
        element[k] = true;
      }
  size_t touched = 0;
  for (size_t k = 0; k < got.size(); ++k)
    if (!element[k] && got[k] != pad) ++touched;
  EXPECT_EQ(touched, 0u) << "padding overwritten";
  const double err = fft::relative_l2(result, fft::reference_axes(x, d, o.axes));
  std::printf("[oceanfft] buffer %s %dx%dx%d %s: %.3g\n", std::string(fft::name(o.algorithm)).c_str(),
              o.width, o.height, o.layers, in_place ? "in place" : "out of place", err);
  return err;
}

fft::Options options(int w, int h, int layers, fft::Algorithm a = fft::Algorithm::Fast,
                     fft::Axes axes = fft::Axes::Both) {
  return test::fft_options(a, w, h, layers, axes);
}

class FftBuffer : public test::GlTest {};

TEST_F(FftBuffer, PackedAndStridedLayoutsMatchFftw) {
  std::mt19937_64 rng(test::seed("buffer layouts"));
  for (int i = 0; i < 6; ++i) {
    const int w = int(rng() % 300) + 1, h = int(rng() % 200) + 1, layers = int(rng() % 2) + 1;
    const fft::Options o = options(w, h, layers);
    fft::BufferLayout strided{int64_t(rng() % 50), w + int64_t(rng() % 7), 0};
    strided.plane_stride = strided.row_stride * h + int64_t(rng() % 11);
    const auto d = i % 2 ? fft::Direction::Inverse : fft::Direction::Forward;
    EXPECT_LE(check(o, d, {}, strided, false, rng()), 1e-6);
    EXPECT_LE(check(o, d, strided, {}, false, rng()), 1e-6);
    EXPECT_LE(check(o, d, strided, strided, true, rng()), 1e-6);
  }
}

TEST_F(FftBuffer, EveryAlgorithmAndSingleAxes) {
  std::mt19937_64 rng(test::seed("buffer algorithms"));
  for (fft::Algorithm a : fft::all_algorithms()) {
    const int w = 2 << (rng() % 7), h = 2 << (rng() % 7);
    EXPECT_LE(check(options(w, h, 1, a), fft::Direction::Forward, {}, {}, false, rng()), 3e-7);
    EXPECT_LE(check(options(w, 3, 1, a, fft::Axes::Rows), fft::Direction::Inverse, {}, {}, true, rng()),
              3e-7);
  }
}

TEST_F(FftBuffer, BadLayoutsAreRefused) {
  const fft::Options o = options(16, 8, 1);
  fft::BufferPlan plan(o, test::shaders());
  gl::Buffer small = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER, 16 * 8 * 2 * 8 - 8, nullptr);
  gl::Buffer fits = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER, 16 * 8 * 2 * 8, nullptr);
  EXPECT_THROW(plan.execute(fft::Direction::Forward, small, {}, fits, {}), Error);
  EXPECT_THROW(plan.execute(fft::Direction::Forward, fits, {}, small, {}), Error);
  EXPECT_THROW(plan.execute(fft::Direction::Forward, fits, {0, 15, 0}, fits, {}), Error);  // row < width
  EXPECT_THROW(plan.execute(fft::Direction::Forward, fits, {0, 16, 100}, fits, {}), Error);  // plane < rows
  EXPECT_THROW(plan.execute(fft::Direction::Forward, fits, {-1, 0, 0}, fits, {}), Error);
  EXPECT_THROW(plan.execute(fft::Direction::Forward, fits, {1, 0, 0}, fits, {}), Error);  // one past the end
  EXPECT_NO_THROW(plan.execute(fft::Direction::Forward, fits, {}, fits, {}));
  EXPECT_EQ(fft::buffer_bytes({}, o), 16u * 8 * 2 * 8);
}

}  // namespace
