// SPDX-License-Identifier: MIT
// The paths a real driver only takes when its limits are small: lowered shared-memory and
// invocation limits force them on llvmpipe, and the result must not change.
#include <cctype>
#include <string>

#include "fftref/data.h"
#include "fft/fft.h"
#include "gl_fixture.h"

using namespace oceanfft;
using Kind = fft::AxisStrategy::Kind;

namespace {

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::StageDispatches: return "StageDispatches";
    case Kind::SharedVec4: return "SharedVec4";
    case Kind::SharedVec2Split: return "SharedVec2Split";
  }
  return "?";
}

struct Case {
  const char* label;
  int width, height, layers;
  int shared, invocations;  // forced limits (0: the driver's)
  Kind row, column;         // expected for Stockham algorithms; Cooley-Tukey always stages
  int row_threads_max, column_threads_max;  // 0: no bound to check
};

// SharedVec4 needs N*16 bytes per line, SharedVec2Split N*8; below that only global memory
// between dispatches is left.
const Case kCases[] = {
    {"split_256", 256, 256, 1, 256 * 8, 0, Kind::SharedVec2Split, Kind::SharedVec2Split, 0, 0},
    {"split_rows_only", 512, 16, 2, 512 * 8, 0, Kind::SharedVec2Split, Kind::SharedVec4, 0, 0},
    {"split_columns_only", 16, 512, 2, 512 * 8, 0, Kind::SharedVec4, Kind::SharedVec2Split, 0, 0},
    {"stages_256", 256, 256, 1, 256 * 8 - 16, 0, Kind::StageDispatches, Kind::StageDispatches, 0, 0},
    {"stages_rows_split_columns", 1024, 256, 1, 256 * 8, 0, Kind::StageDispatches,
     Kind::SharedVec2Split, 0, 0},
    {"stages_rows_vec4_columns", 128, 8, 3, 8 * 16, 0, Kind::StageDispatches, Kind::SharedVec4, 0, 0},
    {"four_threads", 256, 64, 2, 0, 4, Kind::SharedVec4, Kind::SharedVec4, 4, 4},
    {"one_thread", 64, 32, 1, 0, 1, Kind::SharedVec4, Kind::SharedVec4, 1, 1},
    // A limit that is not a power of two must round down, never up.
    {"odd_invocation_limit", 128, 128, 1, 0, 6, Kind::SharedVec4, Kind::SharedVec4, 4, 4},
    {"split_and_two_threads", 128, 64, 2, 128 * 8, 2, Kind::SharedVec2Split, Kind::SharedVec4, 2, 2},
    {"stages_and_two_threads", 64, 128, 1, 32, 2, Kind::StageDispatches, Kind::StageDispatches, 2, 2},
    {"tiny_axes_split", 4, 4, 3, 4 * 8, 0, Kind::SharedVec2Split, Kind::SharedVec2Split, 0, 0},
};

using Param = std::tuple<fft::Algorithm, Case>;

class FftFallback : public test::GlTest, public ::testing::WithParamInterface<Param> {};

TEST_P(FftFallback, ChosenPathIsCorrect) {
  auto [algorithm, c] = GetParam();
  fft::Options o;
  o.width = c.width;
  o.height = c.height;
  o.layers = c.layers;
  o.algorithm = algorithm;
  o.shared_memory_limit = c.shared;
  o.invocation_limit = c.invocations;
  fft::Plan plan(o, test::shaders());
  SCOPED_TRACE(plan.describe());

  const bool stockham = algorithm != fft::Algorithm::CooleyTukey;
  const fft::AxisStrategy* axes[2] = {&plan.horizontal(), &plan.vertical()};
  const Kind expect[2] = {stockham ? c.row : Kind::StageDispatches,
                          stockham ? c.column : Kind::StageDispatches};
  const int threads_max[2] = {c.row_threads_max, c.column_threads_max};
  const int length[2] = {c.width, c.height};
  for (int axis = 0; axis < 2; ++axis) {
    const fft::AxisStrategy& s = *axes[axis];
    // A new algorithm may legitimately choose differently; the kinds are pinned only for the
    // three whose planner this file was written against.
    if (algorithm == fft::Algorithm::CooleyTukey || algorithm == fft::Algorithm::StockhamR2 ||
        algorithm == fft::Algorithm::StockhamR4)
      EXPECT_EQ(kind_name(s.kind), std::string(kind_name(expect[axis]))) << "axis " << axis;
    EXPECT_EQ(s.length, length[axis]);
    EXPECT_GE(s.threads, 1);
    if (threads_max[axis]) EXPECT_LE(s.threads, threads_max[axis]) << "axis " << axis;
    if (c.invocations) EXPECT_LE(s.threads * s.lines, c.invocations) << "axis " << axis;
    const int elem = s.kind == Kind::SharedVec4 ? 16 : s.kind == Kind::SharedVec2Split ? 8 : 0;
    if (c.shared && elem) EXPECT_LE(s.lines * s.length * elem, c.shared) << "axis " << axis;
  }

  gl::Texture tex = gl::make_complex_texture(test::context(), o.width, o.height, o.layers);
  for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
    const auto in = fft::random_planes(o.width, o.height, o.layers, test::seed(c.label));
    fft::upload(tex, in);
    for (const gl::Texture& t : plan.targets()) fft::poison(t);
    const auto out = fft::download(plan.execute(d, tex));
    EXPECT_LE(fft::relative_l2(out, fft::reference(in, d)), 1e-6)
        << (d == fft::Direction::Forward ? "forward" : "inverse");
  }
}

std::string param_name(const ::testing::TestParamInfo<Param>& info) {
  std::string n(fft::name(std::get<0>(info.param)));
  for (char& ch : n)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return n + "_" + std::get<1>(info.param).label;
}

INSTANTIATE_TEST_SUITE_P(Limits, FftFallback,
                         ::testing::Combine(::testing::ValuesIn(fft::all_algorithms()),
                                            ::testing::ValuesIn(kCases)),
                         param_name);

// The forced-limit plans compute the same numbers as the default plan, not merely numbers
// close to FFTW: a fallback that dropped a stage's twiddle would still be far from both.
class FftFallbackAgreement : public test::GlTest {};

TEST_F(FftFallbackAgreement, SplitAndStagesMatchDefaultPlan) {
  const int w = 128, h = 64, layers = 2;
  const auto in = fft::random_planes(w, h, layers, test::seed("fallback agreement"));
  gl::Texture tex = gl::make_complex_texture(test::context(), w, h, layers);
  fft::upload(tex, in);
  for (fft::Algorithm a : fft::all_algorithms()) {
    fft::Options o;
    o.width = w;
    o.height = h;
    o.layers = layers;
    o.algorithm = a;
    fft::Plan normal(o, test::shaders());
    const auto ref = fft::download(normal.execute(fft::Direction::Forward, tex));
    std::vector<std::complex<double>> refd(ref.data.begin(), ref.data.end());
    for (int shared : {128 * 8, 64 * 8, 16}) {
      o.shared_memory_limit = shared;
      fft::Plan forced(o, test::shaders());
      for (const gl::Texture& t : forced.targets()) fft::poison(t);
      const auto got = fft::download(forced.execute(fft::Direction::Forward, tex));
      EXPECT_LE(fft::relative_l2(got, refd), 1e-6) << forced.describe();
    }
  }
}

}  // namespace
