// SPDX-License-Identifier: MIT
// The Tessendorf simulation against its physics and against itself: real inverse transforms,
// the dispersion relation, Parseval, and agreement across algorithms, packing and sizes.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <numbers>
#include <random>

#include "bench/fft_env.h"
#include "fftref/data.h"
#include "gl/error.h"
#include "gl_fixture.h"
#include "ocean/simulation.h"

using namespace oceanfft;
using cd = std::complex<double>;

namespace {

class OceanSimulation : public test::GlTest {};

ocean::Params random_params(uint64_t seed, int size) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  ocean::Params p;
  p.size = size;
  // The FFT variant the environment selects (the OceanShuffleEmulated ctest sets it), as
  // `oceanfft bench` takes it.
  const bench::FftVariant v = bench::fft_variant_from_env();
  p.fft_tuning.shuffle = v.shuffle;
  p.fft_tuning.emulate_subgroup = v.emulate_subgroup;
  p.fft_barriers = v.barriers;
  p.seed = rng();
  p.cascades = 1 + int(rng() % 3);
  p.spectrum.wind.wind_speed = 8.0f + 20.0f * u(rng);
  p.spectrum.wind.direction_deg = 360.0f * u(rng);
  const float scale = 0.3f + 0.7f * u(rng);
  for (float& l : p.patch_sizes) l *= scale;
  p.depth = 5.0f + 200.0f * u(rng);
  p.choppiness = 0.5f + 1.5f * u(rng);
  return p;
}

void poison_everything(const ocean::Simulation& sim) {
  for (const auto& t : sim.plan().targets()) fft::poison(t);
  fft::poison(sim.spectrum());
}

// Value of real field `f` at texel i of the inverse FFT's output.
double field_value(const ocean::Simulation& sim, const fft::Planes& p, ocean::Field f, size_t i) {
  const auto c = p.plane(sim.plane_of(f))[i];
  return sim.imag_of(f) ? c.imag() : c.real();
}

}  // namespace

// Unpacked, each field has its own complex plane, so any imaginary part the inverse FFT
// leaves is a failure of Hermitian symmetry in h(k,t) or in a derived field.
TEST_F(OceanSimulation, InverseTransformsAreReal) {
  for (int n : {64, 256}) {
    ocean::Params p = random_params(test::seed("real"), n);
    p.pack_pairs = false;  // also unfused: only the unfused path writes the fields texture
    ocean::Simulation sim(test::shaders(), p);
    poison_everything(sim);
    sim.step(123.4);
    fft::Planes out = sim.download_fields();
    for (int f = 0; f < ocean::kFieldCount; ++f) {
      double re = 0, im = 0;
      const auto* plane = out.plane(f);
      for (size_t i = 0; i < out.plane_size(); ++i) {
        re += double(plane[i].real()) * plane[i].real();
        im += double(plane[i].imag()) * plane[i].imag();
      }
      ASSERT_TRUE(std::isfinite(re) && std::isfinite(im)) << "field " << f << " N=" << n;
      EXPECT_GT(re, 0.0) << "field " << f << " is empty";
      EXPECT_LT(std::sqrt(im / re), 1e-5) << "field " << f << " N=" << n;
      std::printf("N=%d field %d: |imag|/|real| = %.3g\n", n, f, std::sqrt(im / re));
    }
  }
}

// Sharing a plane between two fields must change no map beyond fp32 rounding.
TEST_F(OceanSimulation, PackedFieldsMatchUnpacked) {
  ocean::Params p = random_params(test::seed("packing"), 128);
  p.cascades = 2;
  ocean::Simulation packed(test::shaders(), p);
  p.pack_pairs = false;
  ocean::Simulation unpacked(test::shaders(), p);
  // Frame-sized steps: foam integrates its injection ramp (slope foam_grow dt / foam_softness
  // per step), so one 42 s step would amplify the fields' rounding 1,700 times in the foam.
  for (int i = 1; i <= 40; ++i) {
    packed.step(i / 20.0);
    unpacked.step(i / 20.0);
  }
  EXPECT_EQ(packed.layers(), 4);
  EXPECT_EQ(unpacked.layers(), 8);
  using S = ocean::Simulation;
  for (int c = 0; c < 2; ++c)
    for (const gl::Texture* (*map)(const S&) :
         {+[](const S& s) { return &s.displacement(); }, +[](const S& s) { return &s.derivatives(); },
          +[](const S& s) { return &s.foam_slopes(); }})
      EXPECT_LT(test::relative_l2(S::download_map(*map(packed), c), S::download_map(*map(unpacked), c)), 1e-5)
          << "cascade " << c;
}

// One wave: its spectrum coefficient must turn at w(k) = sqrt(g k tanh(k d)), and the height
// map must be the travelling cosine at the right place (checks the index convention too).
TEST_F(OceanSimulation, SingleModeAdvancesAtFiniteDepthDispersion) {
  std::mt19937_64 rng(test::seed("single mode"));
  ocean::Params p;
  p.size = 64;
  p.cascades = 1;
  p.patch_sizes[0] = 100.0f;
  p.depth = 3.0f;  // shallow enough that tanh(k d) matters
  p.pack_pairs = false;
  p.choppiness = 0.0f;
  ocean::Simulation sim(test::shaders(), p);
  ASSERT_EQ(sim.fusion(), ocean::Fusion::None) << "the spectrum texture is read below";
  const int n = p.size;
  // Long waves, where the depth matters most.
  const int mx = std::uniform_int_distribution<int>(-6, 6)(rng);
  const int mz = std::uniform_int_distribution<int>(1, 6)(rng);
  const int tx = (mx + n) % n, tz = (mz + n) % n;
  const std::complex<float> a(0.3f, -0.2f);
  std::vector<std::complex<float>> h0(size_t(n) * n, 0.0f);
  h0[size_t(tz) * n + tx] = a;
  sim.set_initial_spectrum(0, h0);

  const double kx = 2 * std::numbers::pi * mx / p.patch_sizes[0];
  const double kz = 2 * std::numbers::pi * mz / p.patch_sizes[0];
  const double k = std::hypot(kx, kz);
  const double w = ocean::Simulation::omega(k, p.depth);
  const double w_deep = std::sqrt(ocean::kGravity * k);
  ASSERT_GT(std::abs(w_deep - w) / w, 1e-2) << "the test must tell depth from no depth";

  auto coefficient = [&](double t) {
    poison_everything(sim);
    sim.step(t);
    fft::Planes spec = sim.download_spectrum();
    const auto c = spec.plane(sim.plane_of(ocean::kHeight))[size_t(tz) * n + tx];
    return cd(c.real(), c.imag()) / double(n * n);  // the spectrum holds N^2 h(k,t)
  };
  // arg() reads the phase turned between t0 and t1 modulo 2 pi: w (t1 - t0) must stay below pi
  // for every mode drawn (w <= 2.29 rad/s at |k| <= 2 pi sqrt(72) / 100). With 1.5 s the
  // steepest modes (|mx| = mz = 6) wrapped and read -1.99 for 2.20 rad/s.
  constexpr double t0 = 0.5, t1 = 1.5;
  static_assert((t1 - t0) * 2.29 < 3.14159);
  const cd c0 = coefficient(t0), c1 = coefficient(t1);
  EXPECT_NEAR(std::abs(c0), std::abs(a), 1e-6);
  const double measured = std::arg(c1 / c0) / (t1 - t0);
  EXPECT_NEAR(measured, w, 1e-5 * w) << "k=" << k;
  std::printf("k=%.4f rad/m depth %.1f m: w measured %.7f, finite depth %.7f, deep %.7f\n", k,
              double(p.depth), measured, w, w_deep);

  // Long after the start the phase must still be right (the shader reduces w*t in double).
  const double t2 = 600.0;
  const cd c2 = coefficient(t2);
  const cd expected = cd(a.real(), a.imag()) * std::polar(1.0, w * t2);
  EXPECT_LT(std::abs(std::arg(c2 / expected)), 2e-3);

  // The height map: h(x) = 2 Re(a e^{i(k.x + w t)}) at x = texel * L / N.
  auto disp = ocean::Simulation::download_map(sim.displacement());
  double err = 0, ref = 0;
  for (int z = 0; z < n; ++z)
    for (int x = 0; x < n; ++x) {
      const double px = x * p.patch_sizes[0] / n, pz = z * p.patch_sizes[0] / n;
      const double h = 2 * std::real(expected * std::polar(1.0, kx * px + kz * pz));
      const double got = disp[(size_t(z) * n + x) * 4 + 1];
      err += (got - h) * (got - h);
      ref += h * h;
    }
  EXPECT_LT(std::sqrt(err / ref), 3e-3);
}

// Parseval: the mean of h^2 over the patch equals the sum of |h~(k,t)|^2. Works on the packed
// layout, separating the height's spectrum from its plane partner by Hermitian symmetry.
TEST_F(OceanSimulation, ParsevalHeightVarianceMatchesSpectrum) {
  for (int n : {64, 256}) {
    ocean::Params p = random_params(test::seed("parseval"), n);
    p.cascades = 1;
    p.fusion = ocean::Fusion::None;  // the spectrum texture is read below; fusion writes none
    ocean::Simulation sim(test::shaders(), p);
    poison_everything(sim);
    sim.step(17.0);
    ASSERT_TRUE(sim.imag_of(ocean::kHeight));
    fft::Planes spec = sim.download_spectrum();
    const auto* plane = spec.plane(sim.plane_of(ocean::kHeight));
    double sum = 0;
    for (int z = 0; z < n; ++z)
      for (int x = 0; x < n; ++x) {
        const auto c = plane[size_t(z) * n + x];
        const auto m = plane[size_t((n - z) % n) * n + (n - x) % n];
        // P = A + iB with A, B Hermitian: B(k) = (P(k) - conj(P(-k))) / 2i.
        const cd b = (cd(c.real(), c.imag()) - std::conj(cd(m.real(), m.imag()))) / cd(0, 2);
        sum += std::norm(b / double(n) / double(n));
      }
    auto disp = ocean::Simulation::download_map(sim.displacement());
    double var = 0;
    for (size_t i = 0; i < size_t(n) * n; ++i) var += double(disp[4 * i + 1]) * disp[4 * i + 1];
    var /= double(n) * n;
    ASSERT_GT(sum, 0.0);
    EXPECT_NEAR(var / sum, 1.0, 1e-4) << "N=" << n << " variance " << var;
    std::printf("N=%d: height variance %.6g m^2, sum |h(k,t)|^2 %.6g, ratio - 1 = %.3g\n", n, var,
                sum, var / sum - 1.0);
  }
}

TEST_F(OceanSimulation, EveryAlgorithmGivesTheSameMaps) {
  ocean::Params p = random_params(test::seed("algorithms"), 256);
  std::vector<float> ref_disp, ref_norm;
  ocean::Simulation live(test::shaders(), p);
  for (fft::Algorithm a : fft::all_algorithms()) {
    p.algorithm = a;
    ocean::Simulation fresh(test::shaders(), p);
    live.set_params(p);  // the live toggle must equal a fresh simulation
    for (ocean::Simulation* sim : {&fresh, &live}) {
      poison_everything(*sim);
      sim->step(9.5);
      auto d = ocean::Simulation::download_map(sim->displacement(), p.cascades - 1);
      auto nm = ocean::Simulation::download_map(sim->derivatives(), p.cascades - 1);
      if (ref_disp.empty()) {
        ref_disp = d;
        ref_norm = nm;
      }
      EXPECT_LT(test::relative_l2(d, ref_disp), 1e-5) << fft::name(a);
      std::printf("%s: displacement rel L2 vs first %.3g, normals %.3g\n",
                  std::string(fft::name(a)).c_str(), test::relative_l2(d, ref_disp), test::relative_l2(nm, ref_norm));
      EXPECT_LT(test::relative_l2(nm, ref_norm), 1e-5) << fft::name(a);
    }
  }
}

// The fused paths (spectrum inside the FFT's first pass, and with Full assemble inside its
// last) must give the unfused path's maps to float rounding, step after step (phase and foam
// carried over), across an edit that keeps the phases, for one to four cascades; 512, 1024 and
// 2048 because the fused passes' strategies there (src/fft/fast.cpp's tuned_spectrum_rows and
// tuned_pair_columns) differ from the plan's and from each other's. Counts in `shuffled` the
// sizes that ran with subgroup-shuffle exchanges.
void check_fused_against_unfused(std::initializer_list<int> sizes, int& shuffled) {
  using S = ocean::Simulation;
  for (int n : sizes) {
    ocean::Params p = random_params(test::seed("fused") + uint64_t(n), n);
    p.cascades = n == 64 ? ocean::kMaxCascades : n == 256 ? 2 : 1;
    p.patch_sizes = {400.0f, 97.0f, 23.1f, 5.9f};
    p.foam_threshold = 0.9f;  // some foam at every step, so its accumulation is compared too
    p.fusion = ocean::Fusion::Full;
    S full(test::shaders(), p);
    ASSERT_EQ(full.fusion(), ocean::Fusion::Full) << full.describe();
    // Under OCEANFFT_FFT_SHUFFLE (the OceanShuffleEmulated ctest), a size whose lines fit no
    // subgroup runs the default kernel, which this test's plain run covers.
    if (std::getenv("OCEANFFT_FFT_SHUFFLE") && full.plan().horizontal().subgroup == 0 &&
        full.plan().vertical().subgroup == 0)
      continue;
    if (full.plan().horizontal().subgroup > 0 || full.plan().vertical().subgroup > 0) ++shuffled;
    p.fusion = ocean::Fusion::Spectrum;
    S spectrum(test::shaders(), p);
    ASSERT_EQ(spectrum.fusion(), ocean::Fusion::Spectrum) << spectrum.describe();
    p.fusion = ocean::Fusion::None;
    S plain(test::shaders(), p);
    ASSERT_EQ(plain.fusion(), ocean::Fusion::None);
    double worst = 0, foam = 0;
    for (int k = 0; k < 4; ++k) {
      if (k == 2) {
        // A spectrum edit keeps every wave's phase: the ping-pong must hand over the right one.
        for (S* s : {&full, &spectrum, &plain}) {
          ocean::Params q = s->params();
          q.spectrum.wind.wind_speed *= 1.1f;
          s->set_params(q);
        }
      }
      const double t = 1.5 + 0.7 * k;
      for (S* s : {&full, &spectrum, &plain}) {
        fft::poison(s->displacement());
        fft::poison(s->derivatives());
        s->step(t);
      }
      // At 2048^2 (64 MiB a map) steps 1 and 3 (the second after the edit) are compared: that
      // keeps the release build's run within a minute.
      if (n >= 2048 && k % 2 == 0) continue;
      for (const S* fused : {&full, &spectrum})
        for (int c = 0; c < p.cascades; ++c)
          for (const gl::Texture* (*map)(const S&) :
               {+[](const S& s) { return &s.displacement(); },
                +[](const S& s) { return &s.derivatives(); },
                +[](const S& s) { return &s.foam_slopes(); }}) {
            const std::vector<float> a = S::download_map(*map(*fused), c);
            const std::vector<float> b = S::download_map(*map(plain), c);
            ASSERT_EQ(std::count_if(a.begin(), a.end(), [](float v) { return !std::isfinite(v); }), 0)
                << "N=" << n << " cascade " << c;
            const double e = test::relative_l2(a, b);
            worst = std::max(worst, e);
            EXPECT_LT(e, 1e-5) << fused->describe() << " step " << k << " cascade " << c;
          }
      const std::vector<float> foam_slopes = S::download_map(full.foam_slopes(), 0);
      for (size_t i = 0; i < foam_slopes.size(); i += 4) foam = std::max(foam, double(foam_slopes[i]));
    }
    EXPECT_GT(foam, 0.0) << "no foam formed, so its accumulation went untested";
    // Spectrum-only fusion still writes the fields texture, as the unfused path does.
    const fft::Planes f = spectrum.download_fields(), u = plain.download_fields();
    EXPECT_LT(fft::relative_l2(f, std::vector<cd>(u.data.begin(), u.data.end())), 1e-5);
    std::printf("N=%d, %d cascades: fused vs unfused worst rel L2 %.3g, max foam %.3g\n", n,
                p.cascades, worst, foam);
  }
}

TEST_F(OceanSimulation, FusedStepMatchesUnfused) {
  int shuffled = 0;
  check_fused_against_unfused({64, 256, 512, 1024}, shuffled);
  // The variables reach the simulation's plan through Params::fft_tuning: some size shuffles.
  if (std::getenv("OCEANFFT_FFT_SHUFFLE")) EXPECT_GT(shuffled, 0) << "no plan took the shuffle path";
}

// 2048^2 on its own: 64 MiB a map, which the sanitizer build's allocator maps and unmaps on
// every texture transfer (minutes there), so it is labelled slow.
TEST_F(OceanSimulation, FusedStepMatchesUnfusedLarge) {
  int shuffled = 0;
  check_fused_against_unfused({2048}, shuffled);
}

// Where the fused kernels cannot run (another algorithm, unpacked fields) the step falls back
// to separate passes, and a live toggle switches paths both ways.
TEST_F(OceanSimulation, FusedFallsBackWhereItCannotRun) {
  using ocean::Fusion;
  ocean::Params p;
  p.size = 64;
  ocean::Simulation sim(test::shaders(), p);
  EXPECT_EQ(sim.fusion(), Fusion::Full);
  p.algorithm = fft::Algorithm::StockhamR4;
  sim.set_params(p);
  EXPECT_EQ(sim.fusion(), Fusion::None);
  p.algorithm = fft::Algorithm::Fast;
  p.pack_pairs = false;
  sim.set_params(p);
  EXPECT_EQ(sim.fusion(), Fusion::None);
  p.pack_pairs = true;
  sim.set_params(p);
  EXPECT_EQ(sim.fusion(), Fusion::Full);
  p.fusion = Fusion::Spectrum;
  sim.set_params(p);
  EXPECT_EQ(sim.fusion(), Fusion::Spectrum);
  p.fusion = Fusion::None;
  sim.set_params(p);
  EXPECT_EQ(sim.fusion(), Fusion::None);
}

// The random draw belongs to the wave, not the texel: the waves a small simulation has are
// the same in a larger one, so a size change keeps the ocean's look.
TEST_F(OceanSimulation, SizeChangeKeepsTheWaves) {
  ocean::Params p = random_params(test::seed("sizes"), 64);
  p.cascades = 1;
  ocean::Simulation sim(test::shaders(), p);
  auto small = ocean::Simulation::download_map(sim.initial_spectrum());
  p.size = 128;
  sim.set_params(p);
  auto large = ocean::Simulation::download_map(sim.initial_spectrum());
  int compared = 0, nonzero = 0;
  for (int mz = -31; mz < 32; ++mz)
    for (int mx = -31; mx < 32; ++mx) {
      // The small grid's corners lie beyond its radial Nyquist, outside its band.
      if (mx * mx + mz * mz >= 32 * 32) continue;
      const size_t is = (size_t((mz + 64) % 64) * 64 + (mx + 64) % 64) * 4;
      const size_t il = (size_t((mz + 128) % 128) * 128 + (mx + 128) % 128) * 4;
      for (int c = 0; c < 3; ++c) EXPECT_EQ(small[is + c], large[il + c]) << mx << "," << mz;
      ++compared;
      nonzero += small[is] != 0.0f;
    }
  EXPECT_GT(compared, 3000);
  EXPECT_GT(nonzero, compared / 2);

  // Same seed, same ocean; another seed, another one.
  ocean::Simulation again(test::shaders(), p);
  EXPECT_EQ(ocean::Simulation::download_map(again.initial_spectrum()), large);
  p.seed += 1;
  again.set_params(p);
  EXPECT_NE(ocean::Simulation::download_map(again.initial_spectrum()), large);
}

TEST_F(OceanSimulation, TogglesLeakNoGlObjects) {
  ocean::Params p;
  p.size = 64;
  ocean::Simulation sim(test::shaders(), p);
  auto cycle = [&] {
    for (int n : {128, 64, 256, 64})
      for (fft::Algorithm a : fft::all_algorithms()) {
        p.size = n;
        p.algorithm = a;
        p.cascades = 1 + (n / 64 + int(a)) % ocean::kMaxCascades;
        sim.set_params(p);
        sim.step(1.0);
      }
  };
  cycle();
  const gl::ObjectCounts after_first = test::context().objects();
  cycle();
  const gl::ObjectCounts after_second = test::context().objects();
  EXPECT_EQ(after_first.textures, after_second.textures);
  EXPECT_EQ(after_first.programs, after_second.programs);
  EXPECT_EQ(after_first.buffers, after_second.buffers);
}

TEST_F(OceanSimulation, BadParametersAreRefusedAndLeaveTheSimulationWorking) {
  ocean::Params p;
  p.size = 64;
  ocean::Simulation sim(test::shaders(), p);
  auto expect_refused = [&](auto change) {
    ocean::Params q = p;
    change(q);
    try {
      sim.set_params(q);
      ADD_FAILURE() << "accepted bad parameters";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument) << e.what();
    }
  };
  expect_refused([](ocean::Params& q) { q.size = 100; });
  expect_refused([](ocean::Params& q) { q.size = 32; });
  expect_refused([](ocean::Params& q) { q.size = 8192; });
  expect_refused([](ocean::Params& q) { q.patch_sizes[0] = 0; });
  expect_refused([](ocean::Params& q) { q.depth = -1; });
  expect_refused([](ocean::Params& q) { q.spectrum.wind.wind_speed = NAN; });
  expect_refused([](ocean::Params& q) { q.cascades = 0; });
  expect_refused([](ocean::Params& q) { q.cascades = 5; });
  // Not decreasing, and too far apart for N = 64 to leave cascade 1 a band.
  expect_refused([](ocean::Params& q) { q.patch_sizes[1] = q.patch_sizes[0]; });
  expect_refused([](ocean::Params& q) { q.patch_sizes[1] = q.patch_sizes[0] / 20; });
  expect_refused([](ocean::Params& q) { q.loop_period = -1; });
  expect_refused([](ocean::Params& q) { q.foam_lifetime = 0.0f; });
  expect_refused([](ocean::Params& q) { q.foam_softness = 0; });
  EXPECT_THROW(ocean::Simulation(test::shaders(), [] {
                 ocean::Params q;
                 q.size = 3;
                 return q;
               }()),
               Error);
  EXPECT_EQ(sim.params().size, 64);
  sim.step(2.0);
  auto d = ocean::Simulation::download_map(sim.displacement());
  for (float v : d) ASSERT_TRUE(std::isfinite(v));
}

// Waves must run with the wind, not against it: the height map a moment later matches the
// earlier one shifted downwind better than shifted upwind.
TEST_F(OceanSimulation, WavesTravelDownwind) {
  ocean::Params p = random_params(test::seed("downwind"), 128);
  p.depth = 1000.0f;
  p.cascades = 1;
  p.spectrum.wind.spectrum = ocean::SpectrumType::Phillips;
  p.patch_sizes[0] = 100.0f + 400.0f * float(test::seed("downwind patch") % 1000) / 1000.0f;
  ocean::Simulation sim(test::shaders(), p);
  const int n = p.size;
  const double texel = p.patch_sizes[0] / n;
  const double wind = p.spectrum.wind.wind_speed;
  sim.step(10.0);
  auto before = ocean::Simulation::download_map(sim.displacement());
  // Phillips' peak wave (k = g / V^2) has phase speed sqrt(g / k) = V: move it four texels.
  const double dt = 4.0 * texel / wind;
  sim.step(10.0 + dt);
  auto after = ocean::Simulation::download_map(sim.displacement());
  const double dir = p.spectrum.wind.direction_deg * std::numbers::pi / 180.0;
  auto mismatch = [&](double sign) {
    // Compare after(x) with before(x - shift): a wave moving by `shift` lines up.
    const int sx = int(std::lround(sign * 4 * std::cos(dir))), sz = int(std::lround(sign * 4 * std::sin(dir)));
    double e = 0;
    for (int z = 0; z < n; ++z)
      for (int x = 0; x < n; ++x) {
        const double a = after[(size_t(z) * n + x) * 4 + 1];
        const double b = before[(size_t((z - sz + n) % n) * n + (x - sx + n) % n) * 4 + 1];
        e += (a - b) * (a - b);
      }
    return e;
  };
  const double downwind = mismatch(1.0), upwind = mismatch(-1.0);
  std::printf("shifted-map mismatch: downwind %.4g, upwind %.4g\n", downwind, upwind);
  EXPECT_LT(downwind, 0.8 * upwind) << "downwind " << downwind << " upwind " << upwind;
}

// The foam-and-slopes map's yz are the squares of the slopes in the derivatives map (hx, hz),
// texel for texel, on every path: the renderer's slope variance per level rests on them.
TEST_F(OceanSimulation, SlopeMomentsAreTheDerivativesSquared) {
  for (ocean::Fusion fusion : {ocean::Fusion::Full, ocean::Fusion::None}) {
    ocean::Params p = random_params(test::seed("slopes"), 64);
    p.cascades = 2;
    p.fusion = fusion;
    ocean::Simulation sim(test::shaders(), p);
    sim.step(2.0);
    for (int c = 0; c < p.cascades; ++c) {
      const auto d = ocean::Simulation::download_map(sim.derivatives(), c);
      const auto m = ocean::Simulation::download_map(sim.foam_slopes(), c);
      ASSERT_EQ(d.size(), m.size());
      int wrong = 0;
      double mean_hx2 = 0;
      for (size_t i = 0; i < d.size(); i += 4) {
        const float hx = d[i], hz = d[i + 1];
        wrong += m[i + 1] != hx * hx || m[i + 2] != hz * hz;
        mean_hx2 += double(m[i + 1]);
      }
      EXPECT_EQ(wrong, 0) << "cascade " << c;
      EXPECT_GT(mean_hx2, 0.0) << "no slopes, so nothing was compared";
    }
  }
}

// Every mip level of every map and cascade is the 2x2 box average of the level below, down to
// 1x1: the renderer's filtering and the slope variance (E[s^2] - E[s]^2) rely on it.
TEST_F(OceanSimulation, MipLevelsAreBoxAverages) {
  // Level 1 comes from the mip rounds (fused, 64 and 256), the fused column pass (512) or the
  // assemble pass (unfused), the rest from the mip rounds (their last group's tail up to 512).
  // At 2048 the fused column pass holds one column per group, so the mip rounds make level 1.
  for (auto [n, fusion] : {std::pair{64, ocean::Fusion::Full}, std::pair{256, ocean::Fusion::Full},
                           std::pair{256, ocean::Fusion::None}, std::pair{512, ocean::Fusion::Full},
                           std::pair{2048, ocean::Fusion::Full}}) {
    ocean::Params p = random_params(test::seed("mips"), n);
    p.cascades = n > 256 ? 1 : 2;
    p.fusion = fusion;
    ocean::Simulation sim(test::shaders(), p);
    SCOPED_TRACE(sim.describe());
    sim.step(3.0);
    sim.step(3.5);  // foam too
    using S = ocean::Simulation;
    for (const gl::Texture* map : {&sim.displacement(), &sim.derivatives(), &sim.foam_slopes()}) {
      ASSERT_EQ(map->levels(), int(std::log2(n)) + 1);
      auto level = [&](int l) {
        const int w = n >> l;
        std::vector<float> v(size_t(w) * w * 4 * map->layers());
        glBindTexture(GL_TEXTURE_2D_ARRAY, map->id());
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        glGetTexImage(GL_TEXTURE_2D_ARRAY, l, GL_RGBA, GL_FLOAT, v.data());
        glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
        return v;
      };
      std::vector<float> below = level(0);
      // Zero-mean fields average to rounding noise at the top levels: measure the error
      // against the map's own scale, not the level's.
      double scale = 0;
      for (float v : below) scale += double(v) * v;
      scale = std::sqrt(scale / double(below.size()));
      EXPECT_EQ(std::vector<float>(below.begin(), below.begin() + std::ptrdiff_t(below.size() / size_t(map->layers()))),
                S::download_map(*map, 0));
      for (int l = 1; l < map->levels(); ++l) {
        const std::vector<float> got = level(l);
        const int w = n >> l, wb = n >> (l - 1);
        double err = 0;
        for (int layer = 0; layer < map->layers(); ++layer)
          for (int z = 0; z < w; ++z)
            for (int x = 0; x < w; ++x)
              for (int ch = 0; ch < 4; ++ch) {
                auto at = [&](int xx, int zz) {
                  return double(below[((size_t(layer) * wb + zz) * wb + xx) * 4 + ch]);
                };
                const double want = 0.25 * (at(2 * x, 2 * z) + at(2 * x + 1, 2 * z) +
                                            at(2 * x, 2 * z + 1) + at(2 * x + 1, 2 * z + 1));
                const double g = got[((size_t(layer) * w + z) * w + x) * 4 + ch];
                ASSERT_TRUE(std::isfinite(g)) << "level " << l;
                err += (g - want) * (g - want);
              }
        const double rms = std::sqrt(err / double(got.size()));
        EXPECT_LE(rms, 1e-6 * scale) << "N=" << n << " level " << l;
        below = got;
      }
    }
  }
}

// The worst departure of layer `layer`'s foam from the bilinear mix of its injection grid's
// points, and its peak; the stride as documented: the largest power of two up to 16 texels
// within half the breaking length.
struct GridCheck {
  int stride;
  double worst, peak;
};
GridCheck check_injection_grid(const ocean::Simulation& sim, int layer) {
  const ocean::Params& p = sim.params();
  const int n = p.size, s = sim.injection_stride(layer);
  const double cell = double(ocean::cascade_bands(p)[size_t(layer)].patch_size) / n;
  const double length = ocean::breaking_length(p);
  EXPECT_LE(s * cell, 0.5 * length);
  EXPECT_TRUE(s == 16 || 2 * s * cell > 0.5 * length) << "layer " << layer;
  const std::vector<float> m = ocean::Simulation::download_map(sim.foam_slopes(), layer);
  auto foam = [&](int x, int z) { return double(m[4 * (size_t(z % n) * n + size_t(x % n))]); };
  GridCheck r{s, 0.0, 0.0};
  // Every interval, the last one too: the other cascades repeat with their own patch sizes, so
  // the whole sea is not periodic in this one's, and the grid point at the patch's far end
  // equals the one at 0, where the map repeats, only because near that edge the shader takes the
  // injection of the patch before it. Without that the map jumps at the seam and this fails there.
  for (int z = 0; z < n; ++z)
    for (int x = 0; x < n; ++x) {
      const int gx = x / s * s, gz = z / s * s;
      const double fx = double(x - gx) / s, fz = double(z - gz) / s;
      const double want = (1 - fz) * ((1 - fx) * foam(gx, gz) + fx * foam(gx + s, gz)) +
                          fz * ((1 - fx) * foam(gx, gz + s) + fx * foam(gx + s, gz + s));
      r.worst = std::max(r.worst, std::abs(foam(x, z) - want));
      r.peak = std::max(r.peak, foam(x, z));
    }
  std::printf("%d^2 layer %d: stride %d texels, peak foam %.3g, worst departure from bilinear "
              "%.3g\n", n, layer, s, r.peak, r.worst);
  return r;
}

// Where a cascade's texels are shorter than half the breaking length, its injection is computed
// on a grid of s texels and interpolated bilinearly: at 128^2 by the foam pass, on points its
// 16 x 16 tiles share; from 1024^2 by the injection pass (kInjectionPassFrom), into a buffer. One
// step from rest the foam map is exactly the injection times foam_grow dt, so every texel must be
// the bilinear mix of the grid points around it, the next tile's first points included: a grid
// point that neighbouring tiles disagreed on, a grid that does not wrap at the patch's edge, or
// an off-by-one in the interpolation, breaks that.
TEST_F(OceanSimulation, FoamInjectionIsBilinearOnTheFoamPassGrid) {
  for (int size : {128, 1024}) {
    SCOPED_TRACE(size);
    ocean::Params p = random_params(test::seed("foam grid"), size);
    p.cascades = 3;
    p.patch_sizes = {300.0f, 80.0f, 20.0f};
    p.spectrum.wind.wind_speed = 20.0f;  // breaking length 8 m
    p.foam_threshold = 1.05f;            // breaking, partly, almost everywhere
    ocean::Simulation sim(test::shaders(), p);
    sim.step(sim.time() + 0.05);
    for (int layer : {1, 2}) {
      const GridCheck g = check_injection_grid(sim, layer);
      ASSERT_GE(g.stride, 4) << "layer " << layer << " must be interpolated for the test to mean anything";
      ASSERT_GT(g.peak, 2e-4) << "no injection on layer " << layer;  // 100 seeds: 1.4e-3 and up
      ASSERT_LT(g.peak, 0.99) << "clamped: the map is not the injection";
      EXPECT_LT(g.worst, 1e-5 * g.peak + 1e-7) << "layer " << layer;
    }
  }
}

// A lighter wind shortens the breaking length, so the grids get finer and the injection pass
// needs more room: the step after the edit must still interpolate the new, finer grid.
TEST_F(OceanSimulation, InjectionGridsFollowTheWind) {
  ocean::Params p = random_params(test::seed("foam grid wind"), 1024);
  p.cascades = 3;
  p.patch_sizes = {300.0f, 80.0f, 20.0f};
  p.spectrum.wind.wind_speed = 20.0f;
  p.foam_threshold = 1.05f;
  ocean::Simulation sim(test::shaders(), p);
  const int before = sim.injection_stride(0);
  p.spectrum.wind.wind_speed = 8.0f;
  sim.set_params(p);  // steps at the current time, from the state the constructor left
  ASSERT_LT(sim.injection_stride(0), before) << "the edit must make cascade 0's grid finer";
  ASSERT_GE(sim.injection_stride(0), 2);
  ocean::Simulation fresh(test::shaders(), p);  // the same sea from rest, with the finer grid
  fresh.step(fresh.time() + 0.05);
  const GridCheck g = check_injection_grid(fresh, 0);
  ASSERT_GT(g.peak, 2e-4);
  EXPECT_LT(g.worst, 1e-5 * g.peak + 1e-7);
  sim.step(sim.time() + 0.05);
  const std::vector<float> m = ocean::Simulation::download_map(sim.foam_slopes(), 0);
  for (float v : m) ASSERT_TRUE(std::isfinite(v));
}
