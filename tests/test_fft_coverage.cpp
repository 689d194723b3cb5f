// SPDX-License-Identifier: MIT
// Every algorithm x size x shape x direction x layer count against FFTW in double. Each case is
// its own ctest entry, so a failure names the exact configuration that broke.
#include <cctype>
#include <string>
#include <tuple>
#include <vector>

#include "fftref/data.h"
#include "fft/fft.h"
#include "gl_fixture.h"

using namespace oceanfft;

namespace {

struct Shape {
  int width, height, layers;
};

using Case = std::tuple<fft::Algorithm, Shape, fft::Direction>;

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  auto [a, s, d] = info.param;
  std::string n(fft::name(a));
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n + "_" + std::to_string(s.width) + "x" + std::to_string(s.height) + "_L" +
         std::to_string(s.layers) + (d == fft::Direction::Forward ? "_forward" : "_inverse");
}

std::vector<Shape> square_shapes() {
  std::vector<Shape> out;
  for (int n = fft::kMinSize; n <= 1024; n *= 2)
    for (int layers : {1, 3}) out.push_back({n, n, layers});
  return out;
}

// Axes of very different lengths catch a plan that mixes up rows and columns (per-axis twiddle
// tables, dispatch sizes, lines per group).
std::vector<Shape> nonsquare_shapes() {
  return {{512, 16, 1}, {512, 16, 3}, {16, 512, 3}, {2, 1024, 1}, {2, 1024, 3},
          {1024, 2, 3}, {64, 256, 1}, {64, 256, 3}, {256, 64, 3}, {4, 128, 3},
          {128, 8, 1}, {32, 2, 3}};
}

// The top of the range is slow on a software rasteriser (4096^2 takes ~30 s per algorithm on
// llvmpipe), so it gets one case per algorithm in one direction each instead of the full product.
std::vector<Case> large_cases() {
  std::vector<Case> out;
  auto algos = fft::all_algorithms();
  for (size_t i = 0; i < algos.size(); ++i) {
    const auto dir = i % 2 ? fft::Direction::Inverse : fft::Direction::Forward;
    out.push_back({algos[i], Shape{2048, 16, 1}, dir});
    out.push_back({algos[i], Shape{16, 2048, 1}, dir});
  }
  // One full-size transform for the default algorithm only: 2 x 4096 lines of 4096 complex
  // values go beyond any GPU's shared memory, so the fallback path runs for real.
  out.push_back({fft::kDefaultAlgorithm, Shape{4096, 4096, 1}, fft::Direction::Forward});
  out.push_back({fft::Algorithm::CooleyTukey, Shape{4096, 8, 1}, fft::Direction::Inverse});
  return out;
}

class FftCoverage : public test::GlTest, public ::testing::WithParamInterface<Case> {};

TEST_P(FftCoverage, MatchesFftwDouble) {
  auto [algorithm, shape, direction] = GetParam();
  fft::Options o;
  o.width = shape.width;
  o.height = shape.height;
  o.layers = shape.layers;
  o.algorithm = algorithm;
  fft::Plan plan(o, test::shaders());
  SCOPED_TRACE(plan.describe());

  gl::Texture input = gl::make_complex_texture(test::context(), o.width, o.height, o.layers);
  // Two runs on fresh data: the second catches state a first execute() leaves behind (stale
  // ping-pong contents that would mask a texel the second run never writes).
  for (int run = 0; run < 2; ++run) {
    SCOPED_TRACE("run " + std::to_string(run));
    const fft::Planes in =
        fft::random_planes(o.width, o.height, o.layers, test::seed(case_name({GetParam(), 0})));
    fft::upload(input, in);
    for (const gl::Texture& t : plan.targets()) fft::poison(t);
    const fft::Planes out = fft::download(plan.execute(direction, input));
    const double err = fft::relative_l2(out, fft::reference(in, direction));
    EXPECT_LE(err, 1e-6);
    RecordProperty("rel_l2_run" + std::to_string(run), std::to_string(err));
    // The smallest sizes are cheap; only they get the second run at the top of the range.
    if (size_t(o.width) * o.height * o.layers > 512 * 512) break;
  }
}

std::vector<Case> product(const std::vector<Shape>& shapes) {
  std::vector<Case> out;
  for (fft::Algorithm a : fft::all_algorithms())
    for (const Shape& s : shapes)
      for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) out.push_back({a, s, d});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Square, FftCoverage, ::testing::ValuesIn(product(square_shapes())), case_name);
INSTANTIATE_TEST_SUITE_P(NonSquare, FftCoverage, ::testing::ValuesIn(product(nonsquare_shapes())),
                         case_name);
INSTANTIATE_TEST_SUITE_P(Large, FftCoverage, ::testing::ValuesIn(large_cases()), case_name);

}  // namespace
