// SPDX-License-Identifier: MIT
// The wave-spectrum model (src/ocean/spectrum_model.h) against closed forms and independent
// quadratures, and its GLSL twin (shaders/ocean/spectrum_model.glsl) against the C++.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "gl/error.h"
#include "gl/objects.h"
#include "gl_fixture.h"
#include "ocean/simulation.h"
#include "ocean/presets.h"
#include "ocean/spectrum_model.h"
#include "ocean/spectrum_uniforms.h"

using namespace oceanfft;
using namespace oceanfft::ocean;

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kG = double(kGravity);
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kDeep = 1e4;  // metres: kh > 40 for every wave that carries variance here

// Composite Simpson over [a, b] with n (even) intervals: a quadrature of its own, independent
// of the Gauss-Legendre rules inside the model.
template <typename F>
double simpson(double a, double b, int n, F&& f) {
  const double h = (b - a) / n;
  double sum = f(a) + f(b);
  for (int i = 1; i < n; ++i) sum += (i % 2 ? 4.0 : 2.0) * f(a + i * h);
  return sum * h / 3.0;
}

WaveComponent component(SpectrumType t, Spreading d, float wind = 12.0f) {
  WaveComponent c;
  c.spectrum = t;
  c.spreading = d;
  c.wind_speed = wind;
  c.scale = 1.0f;
  return c;
}

SpectrumParams sea(SpectrumType t, Spreading d, float wind = 12.0f) {
  SpectrumParams s;
  s.wind = component(t, d, wind);
  return s;
}

// m0 of S over w by Simpson in ln w, wide enough that both tails are below 1e-9 of m0.
double frequency_m0(const WaveComponent& c, const SpectrumParams& s, double depth) {
  const double wp = peak_omega(c);
  return simpson(std::log(0.2 * wp), std::log(3e4 * wp), 40000, [&](double x) {
    const double w = std::exp(x);
    return w * frequency_spectrum(c, s, w, depth);
  });
}

// m0 over an annulus by the trapezoid rule in theta and Simpson in ln k, straight from
// directional_spectrum: shares no code with band_variance. The trapezoid rule is spectrally
// accurate for smooth periodic integrands, but cos^2s with small s (Hasselmann well below the
// peak) has a kink |theta - upwind|^2s; theta = upwind + phi - sin(phi) flattens it there.
double brute_band(const SpectrumParams& s, double depth, double k_lo, double k_hi, int nk, int nt) {
  const double upwind = s.wind.direction_deg * kPi / 180.0 + kPi;
  return simpson(std::log(k_lo), std::log(k_hi), nk, [&](double x) {
    const double k = std::exp(x);
    double ring = 0.0;
    for (int j = 0; j < nt; ++j) {
      const double phi = -kPi + 2.0 * kPi * (j + 0.5) / nt;
      const double t = upwind + phi - std::sin(phi);
      ring +=
          directional_spectrum(s, k * std::cos(t), k * std::sin(t), depth) * (1.0 - std::cos(phi));
    }
    return k * k * ring * 2.0 * kPi / nt;
  });
}

}  // namespace

TEST(OceanSpectrumModel, NamesRoundTripAndUnknownNamesListTheValidOnes) {
  for (SpectrumType t :
       {SpectrumType::Phillips, SpectrumType::PiersonMoskowitz, SpectrumType::Jonswap})
    EXPECT_EQ(parse_spectrum(name(t)), t);
  for (Spreading d : {Spreading::Cos2s, Spreading::Hasselmann, Spreading::DonelanBanner})
    EXPECT_EQ(parse_spreading(name(d)), d);
  try {
    parse_spectrum("bretschneider");
    ADD_FAILURE() << "no throw";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find("pierson-moskowitz"), std::string::npos) << e.what();
  }
  try {
    parse_spreading("cos2");
    ADD_FAILURE() << "no throw";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find("donelan-banner"), std::string::npos) << e.what();
  }
}

TEST(OceanSpectrumModel, ValidateRejectsValuesThatMakeNoSea) {
  EXPECT_NO_THROW(validate(SpectrumParams{}));
  std::vector<std::pair<const char*, void (*)(SpectrumParams&)>> bad = {
      {"nan wind",
       [](SpectrumParams& s) { s.wind.wind_speed = std::numeric_limits<float>::quiet_NaN(); }},
      {"negative wind", [](SpectrumParams& s) { s.wind.wind_speed = -3.0f; }},
      {"zero wind", [](SpectrumParams& s) { s.wind.wind_speed = 0.0f; }},
      {"zero fetch", [](SpectrumParams& s) { s.wind.fetch_km = 0.0f; }},
      {"gamma below 1", [](SpectrumParams& s) { s.wind.peak_enhancement = 0.5f; }},
      {"negative spread", [](SpectrumParams& s) { s.swell.spread = -1.0f; }},
      {"negative scale", [](SpectrumParams& s) { s.swell.scale = -0.1f; }},
      {"inf direction", [](SpectrumParams& s) { s.wind.direction_deg = INFINITY; }},
      {"negative cutoff", [](SpectrumParams& s) { s.small_wave_cutoff = -1.0f; }},
      {"nan amplitude",
       [](SpectrumParams& s) { s.phillips_amplitude = std::numeric_limits<float>::quiet_NaN(); }},
      {"bad enum", [](SpectrumParams& s) { s.wind.spreading = static_cast<Spreading>(7); }},
  };
  for (auto& [what, edit] : bad) {
    SpectrumParams s;
    edit(s);
    try {
      validate(s);
      ADD_FAILURE() << what << ": no throw";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument) << what;
      EXPECT_GT(std::strlen(e.what()), 10u) << what;
    }
  }
}

TEST(OceanSpectrumModel, DispersionLimitsDerivativeAndGuards) {
  for (double k : {1e-4, 1e-2, 0.1, 1.0, 10.0, 1e3}) {
    // Deep water: w = sqrt(g k), dw/dk = w / (2k).
    EXPECT_NEAR(dispersion_omega(k, 1e6) / std::sqrt(kG * k), 1.0, 1e-12) << k;
    EXPECT_NEAR(dispersion_domega_dk(k, 1e6) / (0.5 * std::sqrt(kG / k)), 1.0, 1e-12) << k;
    // Central difference of w against the analytic derivative, at a depth where neither
    // limit holds (kh from 4e-4 to 4000).
    const double h = 4.0, dk = 1e-5 * k;
    const double fd = (dispersion_omega(k + dk, h) - dispersion_omega(k - dk, h)) / (2.0 * dk);
    EXPECT_NEAR(dispersion_domega_dk(k, h) / fd, 1.0, 1e-7) << k;
  }
  // Shallow water: w = k sqrt(g h), non-dispersive.
  EXPECT_NEAR(dispersion_omega(1e-4, 2.0) / (1e-4 * std::sqrt(kG * 2.0)), 1.0, 1e-7);
  EXPECT_NEAR(dispersion_domega_dk(1e-4, 2.0) / std::sqrt(kG * 2.0), 1.0, 1e-7);
  EXPECT_EQ(dispersion_omega(0.0, 10.0), 0.0);
  EXPECT_NEAR(dispersion_domega_dk(0.0, 10.0), std::sqrt(kG * 10.0), 1e-12);
  for (double k : {0.0, 1e-300, 1e-20, 1e6, 1e12})
    for (double h : {1e-3, 10.0, 1e9, kInf}) {
      EXPECT_TRUE(std::isfinite(dispersion_omega(k, h))) << k << " " << h;
      if (k > 0.0 || std::isfinite(h)) {
        EXPECT_TRUE(std::isfinite(dispersion_domega_dk(k, h))) << k << " " << h;
      }
    }
  EXPECT_EQ(directional_spectrum(sea(SpectrumType::Jonswap, Spreading::Hasselmann), 0, 0, 50), 0);
  // No water, no waves; the integrals refuse it.
  const SpectrumParams s = sea(SpectrumType::Phillips, Spreading::DonelanBanner);
  for (double h : {0.0, -5.0, std::numeric_limits<double>::quiet_NaN()}) {
    EXPECT_EQ(dispersion_omega(0.3, h), 0.0);
    EXPECT_EQ(directional_spectrum(s, 0.1, 0.2, h), 0.0);
    EXPECT_EQ(frequency_spectrum(s.wind, s, 2.0, h), 0.0);
    EXPECT_THROW(band_variance(s, h, 0.0, kInf), Error);
    EXPECT_THROW(plot_frequency_spectrum(s, h, 3.0, 10), Error);
  }
}

// Normalisation of every spreading function, by Simpson with 20000 intervals over (-pi, pi].
TEST(OceanSpectrumModel, EverySpreadingIntegratesToOne) {
  struct Case {
    Spreading d;
    float s;  // cos2s only
  };
  for (const Case& cs :
       {Case{Spreading::Cos2s, 0.0f}, Case{Spreading::Cos2s, 0.3f}, Case{Spreading::Cos2s, 10.0f},
        Case{Spreading::Cos2s, 40.0f}, Case{Spreading::Cos2s, 400.0f},
        Case{Spreading::Hasselmann, 0.0f}, Case{Spreading::DonelanBanner, 0.0f}}) {
    for (SpectrumType t : {SpectrumType::PiersonMoskowitz, SpectrumType::Jonswap}) {
      WaveComponent c = component(t, cs.d, 15.0f);
      c.spread = cs.s;
      const double wp = peak_omega(c);
      for (double ratio : {0.3, 0.5, 0.8, 1.0, 1.3, 2.0, 5.0, 20.0}) {
        const double w = ratio * wp;
        const double total =
            simpson(-kPi, kPi, 20000, [&](double t) { return spreading(c, w, t); });
        EXPECT_NEAR(total, 1.0, 1e-3)
            << name(cs.d) << " s=" << cs.s << " " << name(t) << " w/wp=" << ratio;
        // Peaked on the component's direction, even, non-negative.
        EXPECT_GE(spreading(c, w, 0.0), spreading(c, w, 0.7)) << name(cs.d) << " " << ratio;
        EXPECT_NEAR(spreading(c, w, 0.4), spreading(c, w, -0.4), 1e-12 * spreading(c, w, 0.0));
        EXPECT_GE(spreading(c, w, kPi), 0.0);
        // theta wraps: the same direction one turn on.
        EXPECT_NEAR(spreading(c, w, 0.3 + 2.0 * kPi), spreading(c, w, 0.3), 1e-12);
      }
    }
  }
}

TEST(OceanSpectrumModel, SpreadingFollowsTheFormulas) {
  // Hasselmann at the peak is cos^2s with s = 6.97 and at 2 wp with the wave-age exponent.
  WaveComponent h = component(SpectrumType::PiersonMoskowitz, Spreading::Hasselmann, 10.0f);
  WaveComponent c = h;
  c.spreading = Spreading::Cos2s;
  const double wp = peak_omega(h);
  c.spread = 6.97f;
  EXPECT_NEAR(spreading(h, wp, 0.5) / spreading(c, wp, 0.5), 1.0, 1e-6);
  const double age = h.wind_speed * wp / kG;
  c.spread = float(9.77 * std::pow(2.0, -2.33 - 1.45 * (age - 1.17)));
  EXPECT_NEAR(spreading(h, 2.0 * wp, 0.5) / spreading(c, 2.0 * wp, 0.5), 1.0, 1e-6);
  // Donelan-Banner: sech^2 shape with beta = 2.61 (w/wp)^1.3 below the peak, clamped at 0.56.
  WaveComponent d = h;
  d.spreading = Spreading::DonelanBanner;
  for (double ratio : {0.3, 0.56, 0.8}) {
    const double beta = 2.61 * std::pow(std::max(ratio, 0.56), 1.3);
    const double sech = 1.0 / std::cosh(beta * 0.6);
    EXPECT_NEAR(spreading(d, ratio * wp, 0.6) / spreading(d, ratio * wp, 0.0), sech * sech, 1e-9)
        << ratio;
  }
}

TEST(OceanSpectrumModel, JonswapWithUnitGammaHasPiersonMoskowitzShapeAndPeaksAtWp) {
  WaveComponent j = component(SpectrumType::Jonswap, Spreading::Cos2s, 14.0f);
  j.fetch_km = 120.0f;
  j.peak_enhancement = 1.0f;
  const double wpj = peak_omega(j);
  EXPECT_NEAR(wpj, 22.0 * std::cbrt(kG * kG / (14.0 * 120e3)), 1e-9);
  // A PM sea whose peak is JONSWAP's: the ratio of the two spectra must be a constant
  // (alpha_J / alpha_PM) at every frequency.
  WaveComponent pm =
      component(SpectrumType::PiersonMoskowitz, Spreading::Cos2s, float(0.855 * kG / wpj));
  const double wpp = peak_omega(pm);
  SpectrumParams s;
  const double alpha_j = 0.076 * std::pow(14.0 * 14.0 / (120e3 * kG), 0.22);
  for (double ratio : {0.5, 0.8, 1.0, 1.5, 3.0, 10.0}) {
    const double sj = frequency_spectrum(j, s, ratio * wpj, kDeep);
    const double sp = frequency_spectrum(pm, s, ratio * wpp, kDeep);
    ASSERT_GT(sp, 0.0) << ratio;
    // wpp equals wpj to float rounding of the PM wind speed; compare shapes at equal w/wp.
    EXPECT_NEAR((sj / alpha_j) * std::pow(wpj, 5) / ((sp / 8.1e-3) * std::pow(wpp, 5)), 1.0, 1e-9)
        << ratio;
  }
  // With gamma = 3.3 the peak stays at wp (the enhancement peaks there with zero slope) and is
  // gamma times PM's shape there.
  j.peak_enhancement = 3.3f;
  double best_w = 0.0, best = 0.0;
  for (int i = 0; i <= 200000; ++i) {
    const double w = wpj * (0.5 + 1.5 * i / 200000.0);
    const double v = frequency_spectrum(j, s, w, kDeep);
    if (v > best) best = v, best_w = w;
  }
  EXPECT_NEAR(best_w / wpj, 1.0, 1e-4);
  const double shape_at_peak = alpha_j * kG * kG / std::pow(wpj, 5) * std::exp(-1.25);
  EXPECT_NEAR(frequency_spectrum(j, s, wpj, kDeep) / shape_at_peak, 3.3, 1e-5);
  // PM peaks at 0.855 g / U.
  EXPECT_NEAR(peak_omega(component(SpectrumType::PiersonMoskowitz, Spreading::Cos2s, 10.0f)),
              0.855 * kG / 10.0, 1e-12);
}

// The closed form: integral of alpha g^2 w^-5 exp(-5/4 (wp/w)^4) dw = alpha g^2 / (5 wp^4)
// (substitute u = (wp/w)^4).
TEST(OceanSpectrumModel, PiersonMoskowitzVarianceMatchesClosedForm) {
  for (float wind : {3.0f, 10.0f, 25.0f}) {
    for (Spreading d : {Spreading::Cos2s, Spreading::Hasselmann, Spreading::DonelanBanner}) {
      SpectrumParams s = sea(SpectrumType::PiersonMoskowitz, d, wind);
      const double wp = peak_omega(s.wind);
      const double closed = 8.1e-3 * kG * kG / (5.0 * std::pow(wp, 4));
      EXPECT_NEAR(frequency_m0(s.wind, s, kDeep) / closed, 1.0, 1e-6) << wind;
      const double m0 = band_variance(s, kInf, 0.0, kInf);
      EXPECT_NEAR(m0 / closed, 1.0, 1e-4) << "U=" << wind << " " << name(d);
      // A finite but deep sea is the same.
      EXPECT_NEAR(band_variance(s, 2000.0, 0.0, kInf) / closed, 1.0, 1e-4) << wind;
    }
    // Its integral over direction holds however narrow or wide the spreading.
    for (float spread : {0.0f, 0.05f, 2.0f, 400.0f, 5000.0f}) {
      SpectrumParams s = sea(SpectrumType::PiersonMoskowitz, Spreading::Cos2s, wind);
      s.wind.spread = spread;
      const double closed = 8.1e-3 * kG * kG / (5.0 * std::pow(peak_omega(s.wind), 4));
      EXPECT_NEAR(band_variance(s, kInf, 0.0, kInf) / closed, 1.0, 1e-4) << "s=" << spread;
    }
  }
}

// Phillips' variance has a closed form too: A integral exp(-1/(kL)^2) k^-3 dk = A L^2 / 2.
TEST(OceanSpectrumModel, PhillipsVarianceMatchesClosedForm) {
  SpectrumParams s = sea(SpectrumType::Phillips, Spreading::Cos2s, 9.0f);
  s.phillips_amplitude = 2e-3f;
  const double l = 81.0 / kG;
  EXPECT_NEAR(band_variance(s, kInf, 0.0, kInf) / (2e-3 * l * l / 2.0), 1.0, 1e-4);
  // F = Psi(k) D by construction, and S(w) = Psi k dk/dw: F = S D (dw/dk) / k.
  for (double k : {0.01, 0.1, 1.0}) {
    const double w = dispersion_omega(k, 30.0);
    const double f = directional_spectrum(s, k * std::cos(0.3), k * std::sin(0.3), 30.0);
    const double via_s = frequency_spectrum(s.wind, s, w, 30.0) *
                         spreading(s.wind, w, 0.3 - s.wind.direction_deg * kPi / 180.0) *
                         dispersion_domega_dk(k, 30.0) / k;
    EXPECT_NEAR(f / via_s, 1.0, 1e-9) << k;
  }
}

// band_variance against a quadrature of directional_spectrum on a polar grid, itself checked
// by doubling both resolutions (Simpson needs many points in k: JONSWAP's sigma switches at the
// peak, a jump in curvature); and bands that tile a range add up.
TEST(OceanSpectrumModel, BandVarianceMatchesAnIndependentQuadrature) {
  SpectrumParams s = sea(SpectrumType::Jonswap, Spreading::Hasselmann, 11.0f);
  s.swell.scale = 0.2f;
  s.tma = true;
  s.small_wave_cutoff = 0.05f;
  const double depth = 12.0;
  const double kp = std::pow(peak_omega(s.wind), 2) / kG;
  struct Band {
    double lo, hi;
  };
  for (Band b : {Band{0.3 * kp, 3 * kp}, Band{2 * kp, 40 * kp}, Band{0.05 * kp, 0.9 * kp}}) {
    const double coarse = brute_band(s, depth, b.lo, b.hi, 1200, 128);
    const double fine = brute_band(s, depth, b.lo, b.hi, 2400, 256);
    ASSERT_GT(fine, 0.0);
    ASSERT_LT(std::abs(coarse / fine - 1.0), 1e-5)
        << "reference not converged: " << coarse << " vs " << fine;
    const double m0 = band_variance(s, depth, b.lo, b.hi);
    EXPECT_NEAR(m0 / fine, 1.0, 1e-4) << b.lo / kp << ".." << b.hi / kp << " kp";
    std::printf("band %.2f..%.2f kp: band_variance %.8g, polar quadrature %.8g (rel %.2g)\n",
                b.lo / kp, b.hi / kp, m0, fine, m0 / fine - 1.0);
  }
  const double total = band_variance(s, depth, 0.0, kInf);
  const double split = band_variance(s, depth, 0.0, 0.7 * kp) +
                       band_variance(s, depth, 0.7 * kp, 5 * kp) +
                       band_variance(s, depth, 5 * kp, kInf);
  EXPECT_NEAR(split / total, 1.0, 1e-6);
  EXPECT_EQ(band_variance(s, depth, 3.0, 3.0), 0.0);
  EXPECT_EQ(band_variance(s, depth, 5.0, 1.0), 0.0);
}

TEST(OceanSpectrumModel, TmaIsOneInDeepWaterAndAttenuatesShallowWater) {
  SpectrumParams plain = sea(SpectrumType::Jonswap, Spreading::Hasselmann, 12.0f);
  SpectrumParams tma = plain;
  tma.tma = true;
  const double wp = peak_omega(plain.wind);
  for (double ratio : {0.7, 1.0, 2.0, 6.0}) {
    const double w = ratio * wp;
    // wh = w sqrt(h/g) >= 2 in 1 km of water for these w: Phi = 1.
    EXPECT_EQ(frequency_spectrum(tma.wind, tma, w, 1000.0),
              frequency_spectrum(plain.wind, plain, w, 1000.0));
  }
  // Kitaigorodskii's Phi at chosen wh, through the ratio of the spectra.
  const double depth = 3.0;
  for (auto [wh, phi] : {std::pair{0.5, 0.125}, {1.0, 0.5}, {1.5, 0.875}, {2.5, 1.0}}) {
    const double w = wh / std::sqrt(depth / kG);
    EXPECT_NEAR(frequency_spectrum(tma.wind, tma, w, depth) /
                    frequency_spectrum(plain.wind, plain, w, depth),
                phi, 1e-12)
        << wh;
  }
  EXPECT_LT(band_variance(tma, 5.0, 0.0, kInf), 0.9 * band_variance(plain, 5.0, 0.0, kInf));
  EXPECT_NEAR(band_variance(tma, kDeep, 0.0, kInf) / band_variance(plain, kDeep, 0.0, kInf), 1.0,
              1e-9);
}

TEST(OceanSpectrumModel, SwellAddsItsOwnVarianceAndScaleZeroChangesNothing) {
  SpectrumParams wind = sea(SpectrumType::Jonswap, Spreading::DonelanBanner, 9.0f);
  SpectrumParams other = wind;  // the off swell differs in everything but its zero scale
  other.swell = WaveComponent{SpectrumType::PiersonMoskowitz, 20.0f, 100.0f, 50.0f, 2.0f,
                              Spreading::Hasselmann,          3.0f,  0.0f};
  std::mt19937_64 rng(test::seed("swell off"));
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  for (int i = 0; i < 500; ++i) {
    const double kx = u(rng), kz = u(rng);
    EXPECT_EQ(directional_spectrum(wind, kx, kz, 40.0), directional_spectrum(other, kx, kz, 40.0));
  }
  SpectrumParams both = wind;
  both.swell.scale = 0.5f;
  SpectrumParams swell_only = both;
  swell_only.wind.scale = 0.0f;
  const double m_wind = band_variance(wind, 40.0, 0.0, kInf);
  const double m_swell = band_variance(swell_only, 40.0, 0.0, kInf);
  EXPECT_GT(m_swell, 0.0);
  EXPECT_NEAR(band_variance(both, 40.0, 0.0, kInf) / (m_wind + m_swell), 1.0, 1e-9);
  // The scale multiplies S.
  SpectrumParams doubled = swell_only;
  doubled.swell.scale = 1.0f;
  EXPECT_NEAR(band_variance(doubled, 40.0, 0.0, kInf) / m_swell, 2.0, 1e-9);
  // The swell travels its own way: along its direction it dominates at its own peak.
  const double ks = std::pow(peak_omega(both.swell), 2) / kG;
  const double ts = both.swell.direction_deg * kPi / 180.0;
  EXPECT_GT(directional_spectrum(both, ks * std::cos(ts), ks * std::sin(ts), kDeep),
            10.0 * directional_spectrum(wind, ks * std::cos(ts), ks * std::sin(ts), kDeep));
}

TEST(OceanSpectrumModel, DirectionalSpectrumPointsDownwindAndCutoffDamps) {
  SpectrumParams s = sea(SpectrumType::PiersonMoskowitz, Spreading::Cos2s, 10.0f);
  s.wind.direction_deg = 135.0f;
  const double kp = std::pow(peak_omega(s.wind), 2) / kG;
  const double t = 135.0 * kPi / 180.0;
  double best = -1.0, best_t = 0.0;
  for (int i = 0; i < 3600; ++i) {
    const double a = -kPi + 2.0 * kPi * i / 3600;
    const double f = directional_spectrum(s, kp * std::cos(a), kp * std::sin(a), kDeep);
    if (f > best) best = f, best_t = a;
  }
  EXPECT_NEAR(best_t, t, 2.0 * kPi / 3600);
  const double w = dispersion_omega(kp, kDeep);
  EXPECT_NEAR(best / (frequency_spectrum(s.wind, s, w, kDeep) * spreading(s.wind, w, best_t - t) *
                      dispersion_domega_dk(kp, kDeep) / kp),
              1.0, 1e-9);
  SpectrumParams cut = s;
  cut.small_wave_cutoff = 0.3f;
  for (double k : {0.5, 2.0, 5.0})
    EXPECT_NEAR(directional_spectrum(cut, 0.0, k, kDeep) / directional_spectrum(s, 0.0, k, kDeep),
                std::exp(-k * k * std::pow(double(cut.small_wave_cutoff), 2)), 1e-12);
}

TEST(OceanSpectrumModel, PlotsSampleTheDocumentedPoints) {
  SpectrumParams s = sea(SpectrumType::Jonswap, Spreading::Hasselmann, 12.0f);
  s.swell.scale = 0.3f;
  const auto fs = plot_frequency_spectrum(s, 50.0, 4.0, 64);
  ASSERT_EQ(fs.size(), 64u);
  for (int i = 0; i < 64; ++i) {
    const double w = 4.0 * (i + 1) / 64.0;
    const double want =
        frequency_spectrum(s.wind, s, w, 50.0) + frequency_spectrum(s.swell, s, w, 50.0);
    EXPECT_NEAR(fs[i], want, 1e-6 * want + 1e-30) << i;
  }
  const auto ds = plot_spreading(s, 90);
  ASSERT_EQ(ds.size(), 90u);
  const double wp = peak_omega(s.wind);
  for (int i = 0; i < 90; ++i)
    EXPECT_NEAR(ds[i], spreading(s.wind, wp, -kPi + 2.0 * kPi * (i + 1) / 90.0), 1e-6) << i;
  EXPECT_EQ(std::max_element(ds.begin(), ds.end()) - ds.begin(), 44);  // theta = 0
  EXPECT_TRUE(plot_frequency_spectrum(s, 50.0, 4.0, 0).empty());
  EXPECT_TRUE(plot_spreading(s, -3).empty());
}

TEST(OceanSpectrumModel, PresetsValidateAreOrderedAndFindable) {
  const auto& list = presets();
  const std::vector<std::string> standard = {"light-air",       "light-breeze",  "gentle-breeze",
                                             "moderate-breeze", "fresh",         "strong-breeze",
                                             "near-gale",       "gale",          "strong-gale",
                                             "storm",           "violent-storm", "hurricane"};
  std::set<std::string> names;
  for (size_t i = 0; i < list.size(); ++i) {
    const Preset& p = list[i];
    EXPECT_TRUE(names.insert(p.name).second) << "duplicate " << p.name;
    // One name per sea state: two names for one sea leave the panel unable to say which it is.
    for (size_t j = 0; j < i; ++j)
      EXPECT_FALSE(list[j].spectrum == p.spectrum) << p.name << " is the same sea as " << list[j].name;
    EXPECT_NO_THROW(validate(p.spectrum)) << p.name;
    EXPECT_EQ(p.spectrum.wind.spectrum, SpectrumType::Jonswap) << p.name;
    EXPECT_EQ(p.spectrum.wind.spreading, Spreading::Hasselmann) << p.name;
    EXPECT_GT(p.choppiness, 0.0f);
    if (i > 0) {
      EXPECT_GE(p.spectrum.wind.wind_speed, list[i - 1].spectrum.wind.wind_speed) << p.name;
    }
  }
  for (const char* n : {"calm", "fresh", "storm"}) EXPECT_TRUE(names.count(n)) << n;
  for (int force = 1; force <= 12; ++force) {
    const Preset& p = find_preset(standard[force - 1]);
    EXPECT_EQ(p.beaufort, force);
    EXPECT_EQ(&find_preset("beaufort-" + std::to_string(force)), &p);
    if (force > 1) {
      const Preset& q = find_preset(standard[force - 2]);
      EXPECT_GT(p.spectrum.wind.wind_speed, q.spectrum.wind.wind_speed);
      EXPECT_GT(p.spectrum.wind.fetch_km, q.spectrum.wind.fetch_km);
      EXPECT_GE(p.choppiness, q.choppiness);
      // More wind, more sea.
      EXPECT_GT(band_variance(p.spectrum, kDeep, 0.0, kInf),
                band_variance(q.spectrum, kDeep, 0.0, kInf));
    }
  }
  // Mid-points of the WMO ranges.
  EXPECT_NEAR(find_preset("fresh").spectrum.wind.wind_speed, 9.35f, 1e-4f);
  EXPECT_NEAR(find_preset("storm").spectrum.wind.wind_speed, 26.45f, 1e-4f);
  EXPECT_EQ(find_preset("fresh").beaufort, 5);
  EXPECT_EQ(find_preset("storm").beaufort, 10);
  // Calm has a swell, so its sea is not a mirror, but a gentle one.
  const Preset& calm = find_preset("calm");
  EXPECT_LE(calm.beaufort, 2);
  EXPECT_GT(calm.spectrum.swell.scale, 0.0f);
  const double hs = 4.0 * std::sqrt(band_variance(calm.spectrum, kDeep, 0.0, kInf));
  EXPECT_GT(hs, 0.2);
  EXPECT_LT(hs, 1.0);
  // Force 0, a sea like a mirror: the WMO's U10 < 0.3 m/s.
  const Preset& glassy = find_preset("beaufort-0");
  EXPECT_STREQ(glassy.name, "glassy");
  EXPECT_EQ(glassy.beaufort, 0);
  EXPECT_LT(glassy.spectrum.wind.wind_speed, 0.3f);
  for (const char* bad : {"beaufort-13", "beaufort-", "Storm", "", "beaufort-x"}) {
    try {
      find_preset(bad);
      ADD_FAILURE() << bad << ": no throw";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument) << bad;
      const std::string msg = e.what();
      for (const char* n : {"calm", "fresh", "hurricane", "beaufort-"})
        EXPECT_NE(msg.find(n), std::string::npos) << bad << ": " << msg;
    }
  }
}

namespace {

class OceanSpectrumModelShader : public test::GlTest {};

struct ShaderCase {
  const char* what;
  SpectrumParams s;
  float depth;
};

std::vector<ShaderCase> shader_cases() {
  std::vector<ShaderCase> out;
  {
    SpectrumParams s = sea(SpectrumType::Jonswap, Spreading::Hasselmann, 14.0f);
    s.wind.direction_deg = -400.0f;  // wraps
    s.swell.scale = 0.3f;            // the default swell: JONSWAP, cos2s s = 40
    s.tma = true;
    out.push_back({"jonswap+hasselmann+swell, TMA in 15 m", s, 15.0f});
  }
  {
    SpectrumParams s = sea(SpectrumType::PiersonMoskowitz, Spreading::DonelanBanner, 8.0f);
    s.small_wave_cutoff = 0.02f;
    out.push_back({"pm+donelan-banner, cutoff", s, 500.0f});
  }
  {
    SpectrumParams s = sea(SpectrumType::Phillips, Spreading::Cos2s, 20.0f);
    s.wind.spread = 3.5f;
    s.swell = component(SpectrumType::PiersonMoskowitz, Spreading::Hasselmann, 6.0f);
    s.swell.direction_deg = 170.0f;
    s.swell.scale = 2.0f;
    s.tma = true;
    out.push_back({"phillips+cos2s, PM swell, TMA in 40 m", s, 40.0f});
  }
  {
    SpectrumParams s = sea(SpectrumType::Jonswap, Spreading::Cos2s, 30.0f);
    s.wind.spread = 250.0f;
    s.wind.peak_enhancement = 7.0f;
    s.wind.fetch_km = 20.0f;
    out.push_back({"narrow jonswap, cos2s s=250", s, 3000.0f});
  }
  return out;
}

}  // namespace

// The GLSL model against the C++ one at 32768 random wave numbers per case: log-uniform |k|
// from 0.1 to 200 peak wave numbers, uniform direction.
TEST_F(OceanSpectrumModelShader, MatchesTheHostModel) {
  gl::Program program = test::shaders().compute("ocean/spectrum_probe.comp");
  constexpr int kCount = 32768;
  for (const ShaderCase& c : shader_cases()) {
    SCOPED_TRACE(c.what);
    ASSERT_NO_THROW(validate(c.s));
    std::mt19937_64 rng(test::seed(c.what));
    const double wp =
        std::min(peak_omega(c.s.wind), c.s.swell.scale > 0.0f ? peak_omega(c.s.swell) : kInf);
    const double kp = wp * wp / kG;
    std::uniform_real_distribution<double> logk(std::log(0.1 * kp), std::log(200.0 * kp));
    std::uniform_real_distribution<double> angle(-kPi, kPi);
    std::vector<float> k(2 * kCount);
    for (int i = 0; i < kCount; ++i) {
      const double r = std::exp(logk(rng)), a = angle(rng);
      k[2 * i] = float(r * std::cos(a));
      k[2 * i + 1] = float(r * std::sin(a));
    }
    k[0] = k[1] = 0.0f;  // k = 0 must give 0, not NaN
    std::vector<float> out(2 * kCount, std::numeric_limits<float>::quiet_NaN());
    gl::Buffer in_buf = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER, k.size() * 4, k.data());
    gl::Buffer out_buf = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER, out.size() * 4, out.data());
    glUseProgram(program.id());
    set_spectrum_uniforms(program, c.s, c.depth);
    glUniform1i(gl::uniform(program, "uCount"), kCount);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in_buf.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out_buf.id());
    glDispatchCompute(kCount / 64, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, out_buf.id());
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(out.size() * 4), out.data());
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    glUseProgram(0);

    std::vector<double> want(kCount), want_w(kCount);
    double peak = 0.0;
    for (int i = 0; i < kCount; ++i) {
      // The C++ model at exactly the float k the shader saw.
      want[i] = directional_spectrum(c.s, k[2 * i], k[2 * i + 1], c.depth);
      want_w[i] = dispersion_omega(std::hypot(double(k[2 * i]), double(k[2 * i + 1])), c.depth);
      peak = std::max(peak, want[i]);
    }
    ASSERT_GT(peak, 0.0);
    int compared = 0, failures = 0;
    double worst = 0.0, worst_w = 0.0;
    for (int i = 0; i < kCount; ++i) {
      const float f = out[2 * i], w = out[2 * i + 1];
      ASSERT_TRUE(std::isfinite(f) && std::isfinite(w))
          << "texel " << i << " k=(" << k[2 * i] << ", " << k[2 * i + 1] << ")";
      EXPECT_GE(f, 0.0f);
      const double ew = want_w[i] > 0.0 ? std::abs(w / want_w[i] - 1.0) : std::abs(double(w));
      worst_w = std::max(worst_w, ew);
      if (want[i] > 1e-6 * peak) {
        ++compared;
        const double e = std::abs(f / want[i] - 1.0);
        worst = std::max(worst, e);
        if (e > 1e-4 && ++failures <= 5)
          ADD_FAILURE() << "k=(" << k[2 * i] << ", " << k[2 * i + 1] << "): GLSL " << f << ", C++ "
                        << want[i] << ", rel " << e;
      } else {
        // Below the compared range the shader may underflow to 0 but must stay small.
        EXPECT_LE(f, 2e-6 * peak) << i;
      }
    }
    EXPECT_LE(worst_w, 1e-5);
    EXPECT_GE(compared, 1000);
    EXPECT_EQ(failures, 0);
    std::printf("%s: %d of %d k compared, worst rel F %.2g, worst rel w %.2g\n", c.what, compared,
                kCount, worst, worst_w);
  }
}
