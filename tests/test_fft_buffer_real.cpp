// SPDX-License-Identifier: MIT
// Real and 3D transforms on storage buffers (fft::RealBufferPlan, VolumeBufferPlan,
// RealVolumeBufferPlan) against FFTW in double: packed, strided and in-place layouts (FFTW's
// in-place R2C layout with rows padded to 2*(W/2+1) floats among them), random sizes, the
// output's elements NaN first so an unwritten one fails, and padding that must come back
// untouched. Seeds are logged.
#include <cmath>
#include <complex>
#include <cstdio>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "fft/anysize.h"
#include "fft/buffer.h"
#include "fftref/data.h"
#include "fft/fft.h"
#include "fftref/real_data.h"
#include "gl/error.h"
#include "gl_fixture.h"
#include "support/fft_options.h"

using namespace oceanfft;

namespace {

constexpr float kPad = 12345.0f;
constexpr double kBound = 3e-7;     // the complex transforms' bound
constexpr double kAnyBound = 1e-6;  // sizes with a prime factor above 7 (Bluestein)

// An element's float `part` (0 real, 1 imaginary) of plane q at (x, y).
using Value = std::function<double(int q, int x, int y, int part)>;
using Exec = std::function<void(const gl::Buffer& in, const fft::BufferLayout& il, const gl::Buffer& out,
                                const fft::BufferLayout& ol)>;

size_t at(const fft::BufferShape& s, const fft::BufferLayout& l, int q, int x, int y, int part) {
  return size_t(l.offset + q * l.plane_stride + y * l.row_stride + x) * (s.real ? 1 : 2) + part;
}

template <class F>
void each(const fft::BufferShape& s, F f) {
  for (int q = 0; q < s.planes; ++q)
    for (int y = 0; y < s.height; ++y)
      for (int x = 0; x < s.width; ++x)
        for (int part = 0; part < (s.real ? 1 : 2); ++part) f(q, x, y, part);
}

// Fills a buffer for `in`, runs `exec` into `out` (the same buffer when in_place) and returns
// the relative L2 error of the output against `ref`; padding outside the output's elements must
// be as it was (out of place).
double check(const fft::BufferShape& is, fft::BufferLayout il, const fft::BufferShape& os,
             fft::BufferLayout ol, bool in_place, const Value& input, const Value& ref, const Exec& exec) {
  const fft::BufferLayout ri = fft::resolve(il, is), ro = fft::resolve(ol, os);
  const size_t in_floats = fft::buffer_bytes(il, is) / 4, out_floats = fft::buffer_bytes(ol, os) / 4;
  const size_t n = in_place ? std::max(in_floats, out_floats) : in_floats;
  std::vector<float> host(n, kPad);
  each(is, [&](int q, int x, int y, int p) { host[at(is, ri, q, x, y, p)] = float(input(q, x, y, p)); });
  std::vector<float> poisoned(in_place ? 0 : out_floats, kPad);
  if (!in_place)
    each(os, [&](int q, int x, int y, int p) {
      poisoned[at(os, ro, q, x, y, p)] = std::numeric_limits<float>::quiet_NaN();
    });
  gl::Buffer in = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER, n * 4, host.data());
  gl::Buffer own;
  if (!in_place)
    own = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER, poisoned.size() * 4, poisoned.data());
  const gl::Buffer& out = in_place ? in : own;
  exec(in, il, out, ol);

  const std::vector<float> got = gl::read_buffer<float>(out, in_place ? n : out_floats);
  double num = 0, den = 0;
  std::vector<bool> element(got.size(), false);
  each(os, [&](int q, int x, int y, int p) {
    const size_t k = at(os, ro, q, x, y, p);
    const double r = ref(q, x, y, p), d = double(got[k]) - r;
    num += d * d;
    den += r * r;
    element[k] = true;
  });
  if (!in_place) {
    size_t touched = 0;
    for (size_t k = 0; k < got.size(); ++k) touched += !element[k] && got[k] != kPad;
    EXPECT_EQ(touched, 0u) << "padding overwritten";
  }
  return std::isfinite(num) ? std::sqrt(num / den) : std::numeric_limits<double>::infinity();
}

// A random layout of `s`: offset, row and plane padding.
fft::BufferLayout strided(const fft::BufferShape& s, std::mt19937_64& rng) {
  fft::BufferLayout l{int64_t(rng() % 40), s.width + int64_t(rng() % 7), 0};
  l.plane_stride = l.row_stride * s.height + int64_t(rng() % 11);
  return l;
}

// Host plane of buffer plane q: 2D planes as they are; volumes' slices (volume after volume)
// to the image order 2z + v the references use.
int host_plane(int q, int depth) { return depth ? 2 * (q % depth) + q / depth : q; }

bool smooth(int n) { return !fft::detail::smooth_radices(n).empty(); }

fft::Options options(int w, int h, int layers = 1, fft::Axes axes = fft::Axes::Both) {
  return test::fft_options(fft::kDefaultAlgorithm, w, h, layers, axes);
}

// R2C then C2R through buffers for the real `plan` (RealBufferPlan or RealVolumeBufferPlan) of
// real planes x; `r2c` and `c2r` are FFTW's answers in host plane order.
template <class P>
void real_round_trip(P& plan, int depth, fft::Axes axes, const fft::RealPlanes& x,
                     const std::vector<std::complex<double>>& r2c, std::mt19937_64& rng, double bound) {
  const fft::BufferShape rs = plan.real_shape(), ss = plan.spectrum_shape();
  const size_t hw = size_t(ss.width), w = size_t(rs.width);
  const Value real_in = [&](int q, int i, int y, int) {
    return double(x.plane(host_plane(q, depth))[y * w + i]);
  };
  const Value spec_ref = [&](int q, int i, int y, int p) {
    const auto c = r2c[x.plane_size() / w * hw * host_plane(q, depth) + y * hw + i];
    return p ? c.imag() : c.real();
  };
  fft::Planes half(int(hw), x.height, x.layers);
  for (size_t i = 0; i < r2c.size(); ++i) half.data[i] = {float(r2c[i].real()), float(r2c[i].imag())};
  const std::vector<double> c2r = depth ? fft::reference_c2r_3d(half, int(w))
                                        : fft::reference_c2r(half, int(w), axes);
  const Value spec_in = [&](int q, int i, int y, int p) { return spec_ref(q, i, y, p); };
  const Value real_ref = [&](int q, int i, int y, int) {
    return c2r[x.plane_size() * host_plane(q, depth) + y * w + i];
  };
  const Exec fwd = [&](auto& a, auto& al, auto& b, auto& bl) {
    for (const gl::Texture* t : plan.targets()) fft::poison(*t);
    plan.forward(a, al, b, bl);
  };
  const Exec inv = [&](auto& a, auto& al, auto& b, auto& bl) {
    for (const gl::Texture* t : plan.targets()) fft::poison(*t);
    plan.inverse(a, al, b, bl);
  };
  // FFTW's in-place layout: real rows padded to 2*(W/2+1) floats, spectra packed.
  const fft::BufferLayout fftw_real{0, int64_t(2 * hw), 0};
  struct Case { fft::BufferLayout a, b; bool in_place; const char* what; };
  const Case cases[] = {{{}, {}, false, "packed"},
                        {strided(rs, rng), strided(ss, rng), false, "strided"},
                        {fftw_real, {}, true, "in place (FFTW)"}};
  for (const Case& c : cases) {
    const double f = check(rs, c.a, ss, c.b, c.in_place, real_in, spec_ref, fwd);
    const double i = check(ss, c.b, rs, c.a, c.in_place, spec_in, real_ref, inv);
    std::printf("[oceanfft] buffer real %dx%dx%d %s: forward %.3g inverse %.3g\n", rs.width, rs.height,
                rs.planes, c.what, f, i);
    EXPECT_LE(f, bound) << c.what << " forward";
    EXPECT_LE(i, bound) << c.what << " inverse";
  }
}

// Forward, then inverse, through the complex `plan` (VolumeBufferPlan or LongBufferPlan) of
// planes x (`depth` as host_plane takes it), each packed, strided and in place, against
// `reference(direction)`: FFTW's answer in host plane order. `what` names the case in the log.
template <class P, class Reference>
void complex_both_ways(P& plan, int depth, const fft::Planes& x, const Reference& reference,
                       std::mt19937_64& rng, double bound, const std::string& what) {
  const fft::BufferShape s = plan.shape();
  const size_t w = size_t(x.width);
  const Value in = [&](int q, int i, int y, int p) {
    const auto c = x.plane(host_plane(q, depth))[size_t(y) * w + i];
    return double(p ? c.imag() : c.real());
  };
  for (auto dir : {fft::Direction::Forward, fft::Direction::Inverse}) {
    const auto r = reference(dir);
    const Value ref = [&](int q, int i, int y, int p) {
      const auto c = r[x.plane_size() * host_plane(q, depth) + size_t(y) * w + i];
      return p ? c.imag() : c.real();
    };
    const Exec exec = [&](auto& a, auto& al, auto& b, auto& bl) {
      for (const gl::Texture* t : plan.targets()) fft::poison(*t);
      plan.execute(dir, a, al, b, bl);
    };
    const fft::BufferLayout l = strided(s, rng);
    const double e = std::max({check(s, {}, s, {}, false, in, ref, exec),
                               check(s, l, s, strided(s, rng), false, in, ref, exec),
                               check(s, l, s, l, true, in, ref, exec)});
    std::printf("[oceanfft] %s: %.3g\n", what.c_str(), e);
    EXPECT_LE(e, bound);
  }
}

class FftBufferReal : public test::GlTest {};

TEST_F(FftBufferReal, RealPlanesMatchFftw) {
  std::mt19937_64 rng(test::seed("buffer real"));
  for (int i = 0; i < 4; ++i) {
    const int w = (int(rng() % 200) + 1) | (i == 0 ? 1 : 0), h = int(rng() % 60) + 1;
    const int layers = int(rng() % 2) + 1;
    const fft::Axes axes = i % 2 ? fft::Axes::Rows : fft::Axes::Both;
    fft::RealBufferPlan plan(options(w, h, layers, axes), test::shaders());
    SCOPED_TRACE(plan.plan().describe());
    const fft::RealPlanes x = fft::random_real_planes(w, h, layers, rng());
    const int inner = w % 2 ? w : w / 2;
    const double bound = smooth(inner) && (axes == fft::Axes::Rows || smooth(h)) ? kBound : kAnyBound;
    real_round_trip(plan, 0, axes, x, fft::reference_r2c(x, axes), rng, bound);
  }
}

TEST_F(FftBufferReal, RealVolumesMatchFftw) {
  std::mt19937_64 rng(test::seed("buffer real 3d"));
  for (int i = 0; i < 3; ++i) {
    const int w = int(rng() % 30) + 1, h = int(rng() % 20) + 1, d = int(rng() % 20) + 1;
    fft::RealVolumeBufferPlan plan(options(w, h), d, test::shaders());
    SCOPED_TRACE(plan.plan().describe());
    const fft::RealPlanes x = fft::random_real_planes(w, h, d, rng());
    const int inner = w % 2 ? w : w / 2;
    const double bound = smooth(inner) && smooth(h) && smooth(d) ? kBound : kAnyBound;
    real_round_trip(plan, d, fft::Axes::Both, x, fft::reference_r2c_3d(x), rng, bound);
  }
}

TEST_F(FftBufferReal, ComplexVolumesMatchFftw) {
  std::mt19937_64 rng(test::seed("buffer 3d"));
  for (int i = 0; i < 3; ++i) {
    const int w = int(rng() % 30) + 1, h = int(rng() % 20) + 1, d = int(rng() % 20) + 1;
    fft::VolumeBufferPlan plan(options(w, h), d, test::shaders());
    SCOPED_TRACE(plan.plan().describe());
    const fft::Planes x = fft::random_planes(w, h, d, rng());
    const double bound = smooth(w) && smooth(h) && smooth(d) ? kBound : kAnyBound;
    const std::string what = "buffer 3D " + std::to_string(w) + "x" + std::to_string(h) + "x" + std::to_string(d);
    complex_both_ways(plan, d, x, [&](fft::Direction dir) { return fft::reference_3d(x, dir); }, rng, bound, what);
  }
}

// Four-step lines (fft::LongBufferPlan): one line a row of each plane, folded into the plan's
// image by the copy passes, packed, strided and in place.
TEST_F(FftBufferReal, LongLinesMatchFftw) {
  std::mt19937_64 rng(test::seed("buffer long"));
  fft::Options o = options(int(rng() % 2) ? 8192 : 12288, 2, 1, fft::Axes::Rows);
  fft::LongBufferPlan plan(o, test::shaders());
  SCOPED_TRACE(plan.plan().describe());
  const fft::Planes x = fft::random_planes(o.width, o.height, o.layers, rng());
  const std::string what = "buffer four-step " + std::to_string(o.width) + " x " + std::to_string(o.height) + " lines";
  complex_both_ways(plan, 0, x, [&](fft::Direction dir) { return fft::reference_axes(x, dir, fft::Axes::Rows); },
                    rng, kBound, what);
}

TEST_F(FftBufferReal, BadLayoutsAreRefused) {
  fft::RealBufferPlan plan(options(16, 8), test::shaders());
  // Real 16 x 8 x 2 planes: 256 floats; half spectra 9 x 8 x 2: 144 complex values.
  EXPECT_EQ(fft::buffer_bytes({}, plan.real_shape()), 256u * 4);
  EXPECT_EQ(fft::buffer_bytes({}, plan.spectrum_shape()), 144u * 8);
  gl::Buffer real = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER, 256 * 4, nullptr);
  gl::Buffer spec = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER, 144 * 8, nullptr);
  EXPECT_THROW(plan.forward(real, {}, real, {}), Error);         // 1024 bytes for 1152
  EXPECT_THROW(plan.forward(real, {0, 15, 0}, spec, {}), Error);  // row stride < width
  EXPECT_THROW(plan.forward(real, {1, 0, 0}, spec, {}), Error);   // one past the end
  EXPECT_THROW(plan.inverse(real, {}, spec, {}), Error);          // the spectrum does not fit
  EXPECT_NO_THROW(plan.forward(real, {}, spec, {}));
  EXPECT_NO_THROW(plan.inverse(spec, {}, real, {}));
  fft::VolumeBufferPlan volume(options(4, 4), 3, test::shaders());
  gl::Buffer small = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER, 4 * 4 * 6 * 8 - 8, nullptr);
  EXPECT_THROW(volume.execute(fft::Direction::Forward, small, {}, small, {}), Error);
}

}  // namespace
