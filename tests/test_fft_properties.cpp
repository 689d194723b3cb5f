// SPDX-License-Identifier: MIT
// Mathematical identities every DFT obeys, checked on the GPU result itself. These catch errors
// a comparison against FFTW could share with a wrong reference (sign or scale conventions) and
// pin down the plan's texture handling (input untouched, result reusable as input).
#include <cctype>
#include <cmath>
#include <complex>
#include <cstring>
#include <numbers>
#include <string>

#include "fftref/data.h"
#include "fft/fft.h"
#include "gl_fixture.h"
#include "support/fft_options.h"

using namespace oceanfft;
using cd = std::complex<double>;

namespace {

std::string pretty(fft::Algorithm a) {
  std::string n(fft::name(a));
  for (char& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

std::vector<cd> widen(const fft::Planes& p) {
  std::vector<cd> out(p.data.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = {p.data[i].real(), p.data[i].imag()};
  return out;
}

// Runs one transform with poisoned targets and returns the downloaded result.
fft::Planes run(fft::Plan& plan, fft::Direction d, const fft::Planes& in) {
  const auto& o = plan.options();
  gl::Texture tex = gl::make_complex_texture(test::context(), o.width, o.height, o.layers);
  fft::upload(tex, in);
  for (const gl::Texture& t : plan.targets()) fft::poison(t);
  return fft::download(plan.execute(d, tex));
}

fft::Planes zeros(int w, int h, int layers) {
  fft::Planes p(w, h, layers);
  for (auto& c : p.data) c = {0.0f, 0.0f};
  return p;
}

double sum_norm(const fft::Planes& p) {
  double s = 0;
  for (auto& c : p.data) s += std::norm(std::complex<double>(c.real(), c.imag()));
  return s;
}

class FftProperties : public test::GlTest, public ::testing::WithParamInterface<fft::Algorithm> {};

// Non-square with an odd log2 on one axis so stockham-r4's extra radix-2 stage is exercised.
constexpr int kW = 128, kH = 32, kLayers = 2;

TEST_P(FftProperties, InverseUndoesForward) {
  fft::Plan plan(test::fft_options(GetParam(), kW, kH, kLayers), test::shaders());
  const auto x = fft::random_planes(kW, kH, kLayers, test::seed("round trip"));
  const auto X = run(plan, fft::Direction::Forward, x);
  const auto back = run(plan, fft::Direction::Inverse, X);
  EXPECT_LE(fft::relative_l2(back, widen(x)), 1e-6) << plan.describe();
}

TEST_P(FftProperties, ImpulseAtOriginGivesConstant) {
  fft::Plan plan(test::fft_options(GetParam(), kW, kH, kLayers), test::shaders());
  auto x = zeros(kW, kH, kLayers);
  // A different amplitude per plane shows a mixed-up channel or layer.
  for (int p = 0; p < 2 * kLayers; ++p) x.plane(p)[0] = {float(p + 1), -0.5f * float(p)};
  const auto X = run(plan, fft::Direction::Forward, x);
  for (int p = 0; p < 2 * kLayers; ++p) {
    const std::complex<float> expect = x.plane(p)[0];
    double worst = 0;
    for (size_t i = 0; i < X.plane_size(); ++i) worst = std::max(worst, double(std::abs(X.plane(p)[i] - expect)));
    EXPECT_LE(worst, 1e-6 * std::abs(expect)) << "plane " << p;
  }
  // The inverse of a constant is an impulse scaled back by 1/(W*H): numpy's convention.
  const auto back = run(plan, fft::Direction::Inverse, X);
  EXPECT_LE(fft::relative_l2(back, widen(x)), 1e-6);
}

TEST_P(FftProperties, ShiftedImpulseGivesPhaseRamp) {
  fft::Plan plan(test::fft_options(GetParam(), kW, kH, kLayers), test::shaders());
  const uint64_t s = test::seed("impulse position");
  for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
    auto x = zeros(kW, kH, kLayers);
    std::vector<cd> expect(x.data.size());
    const double sign = d == fft::Direction::Forward ? -1.0 : 1.0;
    const double scale = d == fft::Direction::Forward ? 1.0 : 1.0 / (kW * kH);
    for (int p = 0; p < 2 * kLayers; ++p) {
      const int x0 = int((s >> (8 * p)) % kW), y0 = int((s >> (8 * p + 4)) % kH);
      x.plane(p)[size_t(y0) * kW + x0] = {1.0f, 0.0f};
      for (int l = 0; l < kH; ++l)
        for (int k = 0; k < kW; ++k) {
          const double phase = sign * 2 * std::numbers::pi * (double(k) * x0 / kW + double(l) * y0 / kH);
          expect[x.plane_size() * p + size_t(l) * kW + k] = scale * cd(std::cos(phase), std::sin(phase));
        }
    }
    const auto X = run(plan, d, x);
    EXPECT_LE(fft::relative_l2(X, expect), 1e-6)
        << (d == fft::Direction::Forward ? "forward" : "inverse");
  }
}

TEST_P(FftProperties, ShiftTheorem) {
  fft::Plan plan(test::fft_options(GetParam(), kW, kH, kLayers), test::shaders());
  const uint64_t s = test::seed("shift theorem");
  const auto x = fft::random_planes(kW, kH, kLayers, s);
  const int dx = int(s % kW), dy = int((s >> 16) % kH);
  fft::Planes shifted(kW, kH, kLayers);
  for (int p = 0; p < 2 * kLayers; ++p)
    for (int yy = 0; yy < kH; ++yy)
      for (int xx = 0; xx < kW; ++xx)
        shifted.plane(p)[size_t((yy + dy) % kH) * kW + (xx + dx) % kW] =
            x.plane(p)[size_t(yy) * kW + xx];
  const auto X = run(plan, fft::Direction::Forward, x);
  const auto Xs = run(plan, fft::Direction::Forward, shifted);
  // x(n - d) <-> X(k) exp(-2 pi i k d / N), applied in double to the GPU's own X.
  std::vector<cd> expect(X.data.size());
  for (int p = 0; p < 2 * kLayers; ++p)
    for (int l = 0; l < kH; ++l)
      for (int k = 0; k < kW; ++k) {
        const size_t i = X.plane_size() * p + size_t(l) * kW + k;
        const double phase = -2 * std::numbers::pi * (double(k) * dx / kW + double(l) * dy / kH);
        expect[i] = cd(X.data[i].real(), X.data[i].imag()) * cd(std::cos(phase), std::sin(phase));
      }
  // Both sides carry fp32 rounding, hence twice the single-transform bound.
  EXPECT_LE(fft::relative_l2(Xs, expect), 2e-6) << "shift " << dx << "," << dy;
}

TEST_P(FftProperties, Parseval) {
  fft::Plan plan(test::fft_options(GetParam(), kW, kH, kLayers), test::shaders());
  const auto x = fft::random_planes(kW, kH, kLayers, test::seed("parseval"));
  const auto X = run(plan, fft::Direction::Forward, x);
  // Per plane: sum |X|^2 = W*H * sum |x|^2 for the unscaled forward transform.
  for (int p = 0; p < 2 * kLayers; ++p) {
    double ex = 0, eX = 0;
    for (size_t i = 0; i < x.plane_size(); ++i) {
      ex += std::norm(cd(x.plane(p)[i].real(), x.plane(p)[i].imag()));
      eX += std::norm(cd(X.plane(p)[i].real(), X.plane(p)[i].imag()));
    }
    EXPECT_NEAR(eX / (double(kW) * kH), ex, 1e-6 * ex) << "plane " << p;
  }
  const auto back = run(plan, fft::Direction::Inverse, X);
  EXPECT_NEAR(sum_norm(back), sum_norm(x), 1e-6 * sum_norm(x));
}

TEST_P(FftProperties, Linearity) {
  fft::Plan plan(test::fft_options(GetParam(), kW, kH, kLayers), test::shaders());
  const uint64_t s = test::seed("linearity");
  const auto x = fft::random_planes(kW, kH, kLayers, s);
  const auto y = fft::random_planes(kW, kH, kLayers, s + 1);
  const std::complex<float> a(0.75f, -1.25f), b(-2.0f, 0.5f);
  fft::Planes z(kW, kH, kLayers);
  for (size_t i = 0; i < z.data.size(); ++i) z.data[i] = a * x.data[i] + b * y.data[i];
  for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
    const auto X = run(plan, d, x), Y = run(plan, d, y), Z = run(plan, d, z);
    std::vector<cd> expect(Z.data.size());
    for (size_t i = 0; i < expect.size(); ++i)
      expect[i] = cd(a) * cd(X.data[i]) + cd(b) * cd(Y.data[i]);
    EXPECT_LE(fft::relative_l2(Z, expect), 2e-6);
  }
}

TEST_P(FftProperties, InputTextureLeftUntouched) {
  fft::Plan plan(test::fft_options(GetParam(), kW, kH, kLayers), test::shaders());
  const auto x = fft::random_planes(kW, kH, kLayers, test::seed("input untouched"));
  gl::Texture tex = gl::make_complex_texture(test::context(), kW, kH, kLayers);
  fft::upload(tex, x);
  for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
    plan.execute(d, tex);
    const auto after = fft::download(tex);
    ASSERT_EQ(after.data.size(), x.data.size());
    size_t changed = 0;
    for (size_t i = 0; i < x.data.size(); ++i)
      if (std::memcmp(&after.data[i], &x.data[i], sizeof x.data[i]) != 0) ++changed;
    EXPECT_EQ(changed, 0u) << "values of the input texture changed";
  }
}

// The result texture belongs to the plan and is one of its ping-pong targets; feeding it back as
// the next input must still give the right answer (the ocean does exactly this with chained passes).
TEST_P(FftProperties, ResultTextureAsNextInput) {
  for (auto [w, h] : {std::pair{kW, kH}, std::pair{16, 16}, std::pair{8, 256}}) {
    fft::Plan plan(test::fft_options(GetParam(), w, h, kLayers), test::shaders());
    SCOPED_TRACE(plan.describe());
    const auto x = fft::random_planes(w, h, kLayers, test::seed("aliasing"));
    gl::Texture tex = gl::make_complex_texture(test::context(), w, h, kLayers);
    fft::upload(tex, x);
    for (const gl::Texture& t : plan.targets()) fft::poison(t);
    const gl::Texture& X = plan.execute(fft::Direction::Forward, tex);
    const auto Xh = fft::download(X);
    EXPECT_LE(fft::relative_l2(Xh, fft::reference(x, fft::Direction::Forward)), 1e-6);
    const gl::Texture& back = plan.execute(fft::Direction::Inverse, X);
    EXPECT_LE(fft::relative_l2(fft::download(back), widen(x)), 1e-6);
    // And once more, forward from the result of the inverse.
    const gl::Texture& again = plan.execute(fft::Direction::Forward, back);
    EXPECT_LE(fft::relative_l2(fft::download(again), widen(Xh)), 2e-6);
  }
}

INSTANTIATE_TEST_SUITE_P(All, FftProperties, ::testing::ValuesIn(fft::all_algorithms()),
                         [](const auto& info) { return pretty(info.param); });

class FftPropertiesAgreement : public test::GlTest {};

// Every pair of algorithms computes the same function to fp32 rounding.
TEST_F(FftPropertiesAgreement, AllAlgorithmsAgree) {
  for (auto [w, h, layers] : {std::tuple{64, 64, 1}, std::tuple{256, 8, 3}, std::tuple{2, 512, 2}}) {
    const uint64_t s = test::seed("agreement");
    const auto x = fft::random_planes(w, h, layers, s);
    for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
      std::vector<std::pair<fft::Algorithm, fft::Planes>> results;
      for (fft::Algorithm a : fft::all_algorithms()) {
        fft::Plan plan(test::fft_options(a, w, h, layers), test::shaders());
        results.push_back({a, run(plan, d, x)});
      }
      for (size_t i = 0; i < results.size(); ++i)
        for (size_t j = i + 1; j < results.size(); ++j)
          EXPECT_LE(fft::relative_l2(results[j].second, widen(results[i].second)), 1e-6)
              << fft::name(results[i].first) << " vs " << fft::name(results[j].first) << " at "
              << w << "x" << h << "x" << layers
              << (d == fft::Direction::Forward ? " forward" : " inverse");
    }
  }
}

}  // namespace
