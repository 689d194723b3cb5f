// SPDX-License-Identifier: MIT
#include "ocean/spectrum_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>
#include <string>

#include "gl/error.h"
#include "ocean/constants.h"

namespace oceanfft::ocean {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kG = double(kGravity);
constexpr double kPmAlpha = 8.1e-3;

// tanh(x) is 1 to double precision beyond this, and sech^2 below 1e-34.
constexpr double kDeepKh = 40.0;

std::string join_names(std::initializer_list<std::string_view> names) {
  std::string out;
  for (std::string_view n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

double sech2(double x) {
  // 4 e^-2|x| / (1 + e^-2|x|)^2 cannot overflow where cosh would.
  const double e = std::exp(-2.0 * std::abs(x));
  return 4.0 * e / ((1.0 + e) * (1.0 + e));
}

// Inverse of the dispersion relation: the k with w^2 = g k tanh(k h). f(k) = g k tanh(kh) - w^2
// is increasing and concave, so Newton from a point left of the root stays left and converges
// monotonically; both k = w^2/g (tanh <= 1) and k = w/sqrt(g h) (tanh x <= x) lie left of it.
double wave_number(double omega, double depth) {
  if (!(omega > 0.0)) return 0.0;
  double k = omega * omega / kG;
  if (std::isfinite(depth)) k = std::max(k, omega / std::sqrt(kG * depth));
  for (int i = 0; i < 100; ++i) {
    const double w = dispersion_omega(k, depth);
    const double step = (w * w - omega * omega) / (2.0 * w * dispersion_domega_dk(k, depth));
    k -= step;
    if (std::abs(step) <= 1e-15 * k) break;
  }
  return k;
}

// Kitaigorodskii's depth attenuation of S (the TMA spectrum), wh = w sqrt(h / g).
double kitaigorodskii(double omega, double depth) {
  const double wh = omega * std::sqrt(depth / kG);
  if (wh <= 1.0) return 0.5 * wh * wh;
  if (wh < 2.0) return 1.0 - 0.5 * (2.0 - wh) * (2.0 - wh);
  return 1.0;
}

// The exponent s(w) of cos^2s(theta/2) fitted to the JONSWAP pitch-and-roll buoys by
// Hasselmann, Dunckel & Ewing (1980), "Directional wave spectra observed during JONSWAP 1973",
// J. Phys. Oceanogr. 10: s = 6.97 (w/wp)^4.06 up to the peak, and above it
// s = 9.77 (w/wp)^mu with mu = -2.33 - 1.45 (U wp / g - 1.17).
constexpr double kHasselmannBelowPeak = 6.97, kHasselmannBelowPower = 4.06;
constexpr double kHasselmannAbovePeak = 9.77, kHasselmannAbovePower = -2.33;
constexpr double kHasselmannAgeSlope = -1.45, kHasselmannAgeRef = 1.17;

double hasselmann_s(const WaveComponent& c, double omega, double wp) {
  const double r = omega / wp;
  if (r <= 1.0) return kHasselmannBelowPeak * std::pow(r, kHasselmannBelowPower);
  // U wp / g is the inverse wave age U / c_p: younger seas spread less at high frequencies.
  const double inverse_age = c.wind_speed * wp / kG;
  return kHasselmannAbovePeak *
         std::pow(r, kHasselmannAbovePower + kHasselmannAgeSlope * (inverse_age - kHasselmannAgeRef));
}

// The width beta(w) of sech^2(beta theta). Donelan, Hamilton & Hui (1985), "Directional spectra
// of wind-generated waves", Phil. Trans. R. Soc. Lond. A 315: beta = 2.61 (w/wp)^1.3 for
// 0.56 < w/wp < 0.95 and 2.28 (w/wp)^-1.3 up to 1.6 (below 0.56 their fit ends; beta holds
// there). Above 1.6, Banner (1990), "Equilibrium spectra of wind waves", J. Phys. Oceanogr. 20:
// beta = 10^(-0.4 + 0.8393 exp(-0.567 ln((w/wp)^2))).
constexpr double kDonelanLowest = 0.56, kDonelanPeakEdge = 0.95, kDonelanHighest = 1.6;
constexpr double kDonelanBelow = 2.61, kDonelanAbove = 2.28, kDonelanPower = 1.3;
constexpr double kBannerBase = -0.4, kBannerScale = 0.8393, kBannerDecay = -0.567;

double donelan_banner_beta(double omega, double wp) {
  const double r = std::max(omega / wp, kDonelanLowest);
  if (r < kDonelanPeakEdge) return kDonelanBelow * std::pow(r, kDonelanPower);
  if (r < kDonelanHighest) return kDonelanAbove * std::pow(r, -kDonelanPower);
  return std::pow(10.0, kBannerBase + kBannerScale * std::exp(kBannerDecay * std::log(r * r)));
}

void check_depth(double depth) {
  if (!(depth > 0.0))  // also NaN; +infinity is deep water
    throw Error(ErrorCode::InvalidArgument,
                "water depth must be positive (got " + std::to_string(depth) + " m)");
}

// D(w, .) of one component at one frequency. Everything that depends on w alone (s, Q(s),
// beta) is worked out once, so integrating over theta costs one pow or exp per point.
class SpreadShape {
 public:
  SpreadShape(const WaveComponent& c, double omega) {
    const double wp = peak_omega(c);
    switch (c.spreading) {
      case Spreading::Cos2s:
      case Spreading::Hasselmann:
        cos2s_ = true;
        s_ = c.spreading == Spreading::Cos2s ? double(c.spread)
                                             : (omega > 0.0 ? hasselmann_s(c, omega, wp) : 0.0);
        norm_ = cos2s_normalisation(s_);
        break;
      case Spreading::DonelanBanner:
        beta_ = donelan_banner_beta(omega, wp);
        norm_ = beta_ / (2.0 * std::tanh(beta_ * kPi));
        break;
    }
  }
  // theta in (-pi, pi], relative to the component's direction.
  double operator()(double theta) const {
    if (cos2s_) return norm_ * std::pow(std::abs(std::cos(0.5 * theta)), 2.0 * s_);
    return norm_ * sech2(beta_ * theta);
  }
  // The half-width of the peak around 0, radians: cos^2s(t/2) ~ exp(-s t^2 / 4), sech^2(beta t).
  double width() const { return cos2s_ ? 2.0 / std::sqrt(s_ + 1.0) : 1.0 / beta_; }
  // |cos(t/2)|^2s near t = pi is |pi - t|^2s: rough for small s, smooth or negligible from s = 4.
  bool singular_at_pi() const { return cos2s_ && s_ > 0.0 && s_ < 4.0; }
  // Integral over (pi - delta, pi] of cos^2s: Q sin^2s(x/2) over x in [0, delta), by the series
  // sin^2s(u) = u^2s (1 - s u^2 / 3 + O(u^4)), u = delta / 2: at the delta = pi/128 used here the
  // terms left out are below 1e-7 of the sliver's integral, itself a small part of the total.
  double tail_at_pi(double delta) const {
    const double u = 0.5 * delta, a = 2.0 * s_;
    return norm_ * 2.0 *
           (std::pow(u, a + 1.0) / (a + 1.0) - s_ / 3.0 * std::pow(u, a + 3.0) / (a + 3.0));
  }

 private:
  bool cos2s_ = false;
  double s_ = 0.0, beta_ = 0.0, norm_ = 0.0;
};

// theta to (-pi, pi].
double wrap(double theta) {
  theta = std::remainder(theta, 2.0 * kPi);
  return theta <= -kPi ? theta + 2.0 * kPi : theta;
}

// F / D of one component at wave number k: the part of the directional spectrum that does not
// depend on direction (includes the component's scale and TMA, not the k cutoff).
double radial_part(const WaveComponent& c, const SpectrumParams& s, double k, double omega,
                   double domega_dk, double depth) {
  if (!active(c) || !(k > 0.0)) return 0.0;
  if (c.spectrum == SpectrumType::Phillips) {
    // Written directly in k: S dw/dk / k of S = Psi k dk/dw is Psi itself.
    const double lw = double(c.wind_speed) * c.wind_speed / kG;
    const double kl = k * lw;
    double psi = double(s.phillips_amplitude) * std::exp(-1.0 / (kl * kl)) / (k * k * k * k);
    if (s.tma) psi *= kitaigorodskii(omega, depth);
    return double(c.scale) * psi;
  }
  return frequency_spectrum(c, s, omega, depth) * domega_dk / k;
}

// 8-point Gauss-Legendre on [-1, 1]: exact for polynomials of degree 15.
constexpr double kGlX[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267,
                            0.9602898564975363};
constexpr double kGlW[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745,
                            0.1012285362903763};

template <typename F>
double gauss_legendre(double a, double b, F&& f) {
  const double mid = 0.5 * (a + b), half = 0.5 * (b - a);
  double sum = 0.0;
  for (int i = 0; i < 4; ++i) sum += kGlW[i] * (f(mid - half * kGlX[i]) + f(mid + half * kGlX[i]));
  return sum * half;
}

// Integral of D(w, .) over (-pi, pi]. D is even and peaks at 0, as narrow as a few hundredths
// of a radian for large s: panels halve from pi/2 towards 0 until the last is within a quarter
// of the peak's width. cos^2s with a small s has a singularity |pi - theta|^2s at pi that
// Gauss points converge on only slowly, so there panels halve towards pi as well.
double spreading_integral(const WaveComponent& c, double omega) {
  const SpreadShape shape(c, omega);
  double sum = 0.0;
  const int to_zero = std::clamp(int(std::ceil(std::log2(2.0 * kPi / shape.width()))), 1, 16);
  double hi = 0.5 * kPi;
  for (int p = 0; p < to_zero; ++p) {
    const double lo = p == to_zero - 1 ? 0.0 : 0.5 * hi;
    sum += gauss_legendre(lo, hi, shape);
    hi = lo;
  }
  const int to_pi = shape.singular_at_pi() ? 6 : 1;
  double lo = 0.5 * kPi;
  for (int p = 0; p < to_pi; ++p) {
    const double next = p == to_pi - 1 && !shape.singular_at_pi() ? kPi : kPi - 0.5 * (kPi - lo);
    sum += gauss_legendre(lo, next, shape);
    lo = next;
  }
  if (shape.singular_at_pi()) sum += shape.tail_at_pi(kPi - lo);
  return 2.0 * sum;
}

}  // namespace

std::string_view name(SpectrumType t) {
  switch (t) {
    case SpectrumType::Phillips: return "phillips";
    case SpectrumType::PiersonMoskowitz: return "pierson-moskowitz";
    case SpectrumType::Jonswap: return "jonswap";
  }
  return "unknown";
}

std::string_view name(Spreading s) {
  switch (s) {
    case Spreading::Cos2s: return "cos2s";
    case Spreading::Hasselmann: return "hasselmann";
    case Spreading::DonelanBanner: return "donelan-banner";
  }
  return "unknown";
}

SpectrumType parse_spectrum(std::string_view s) {
  for (SpectrumType t :
       {SpectrumType::Phillips, SpectrumType::PiersonMoskowitz, SpectrumType::Jonswap})
    if (s == name(t)) return t;
  throw Error(ErrorCode::InvalidArgument,
              "unknown spectrum '" + std::string(s) + "' (valid: " +
                  join_names({name(SpectrumType::Phillips), name(SpectrumType::PiersonMoskowitz),
                              name(SpectrumType::Jonswap)}) +
                  ")");
}

Spreading parse_spreading(std::string_view s) {
  for (Spreading t : {Spreading::Cos2s, Spreading::Hasselmann, Spreading::DonelanBanner})
    if (s == name(t)) return t;
  throw Error(ErrorCode::InvalidArgument,
              "unknown spreading '" + std::string(s) + "' (valid: " +
                  join_names({name(Spreading::Cos2s), name(Spreading::Hasselmann),
                              name(Spreading::DonelanBanner)}) +
                  ")");
}

void validate(const SpectrumParams& s) {
  auto number = [](float v, float lo, float hi, const std::string& what, const char* unit) {
    if (!std::isfinite(v) || v < lo || v > hi) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "%s must be between %g and %g%s (got %g)", what.c_str(),
                    double(lo), double(hi), unit, double(v));
      throw Error(ErrorCode::InvalidArgument, buf);
    }
  };
  auto component = [&](const WaveComponent& c, const std::string& who) {
    auto type_ok = [](int v) { return v >= 0 && v <= 2; };
    if (!type_ok(int(c.spectrum)))
      throw Error(ErrorCode::InvalidArgument, who +
                                                  " spectrum type is not one of phillips, "
                                                  "pierson-moskowitz, jonswap");
    if (!type_ok(int(c.spreading)))
      throw Error(ErrorCode::InvalidArgument, who +
                                                  " spreading is not one of cos2s, "
                                                  "hasselmann, donelan-banner");
    number(c.scale, 0.0f, 1e6f, who + " scale", "");
    number(c.wind_speed, 0.1f, 100.0f, who + " wind speed", " m/s");
    number(c.direction_deg, -1e4f, 1e4f, who + " direction", " degrees");
    number(c.fetch_km, 1e-3f, 1e5f, who + " fetch", " km");
    number(c.peak_enhancement, 1.0f, 20.0f, who + " peak enhancement (JONSWAP gamma)", "");
    number(c.spread, 0.0f, 1e4f, who + " spread (cos2s s)", "");
  };
  component(s.wind, "wind");
  component(s.swell, "swell");
  number(s.phillips_amplitude, 0.0f, 1e6f, "Phillips amplitude", "");
  number(s.small_wave_cutoff, 0.0f, 1e4f, "small-wave cutoff", " m");
}

// Below kh = 1 both are written with t = tanh(kh) / kh, which tends to 1: g k tanh(kh) itself
// underflows for tiny k, and dw/dk would divide 0 by 0.
double dispersion_omega(double k, double depth) {
  if (!(k > 0.0) || !(depth > 0.0)) return 0.0;  // no wave, or no water
  const double kh = k * depth;
  if (kh > kDeepKh) return std::sqrt(kG * k);
  if (kh < 1.0) return k * std::sqrt(kG * depth * std::tanh(kh) / kh);
  return std::sqrt(kG * k * std::tanh(kh));
}

double dispersion_domega_dk(double k, double depth) {
  if (!(depth > 0.0)) return 0.0;
  if (!(k > 0.0)) return std::sqrt(kG * depth);  // the shallow-water limit as k -> 0
  const double kh = k * depth;
  if (kh > kDeepKh) return 0.5 * std::sqrt(kG / k);
  if (kh < 1.0) {
    // g (tanh + kh sech^2) / (2w) = sqrt(g h) (t + sech^2) / (2 sqrt t).
    const double t = std::tanh(kh) / kh;
    return std::sqrt(kG * depth) * (t + sech2(kh)) / (2.0 * std::sqrt(t));
  }
  return kG * (std::tanh(kh) + kh * sech2(kh)) / (2.0 * dispersion_omega(k, depth));
}

double peak_omega(const WaveComponent& c) {
  const double u = c.wind_speed;
  if (c.spectrum == SpectrumType::Jonswap) {
    const double fetch = double(c.fetch_km) * 1000.0;
    return 22.0 * std::cbrt(kG * kG / (u * fetch));
  }
  return 0.855 * kG / u;
}

double spectrum_alpha(const WaveComponent& c) {
  if (c.spectrum != SpectrumType::Jonswap) return kPmAlpha;
  const double u = c.wind_speed, fetch = double(c.fetch_km) * 1000.0;
  return 0.076 * std::pow(u * u / (fetch * kG), 0.22);
}

double cos2s_normalisation(double s) {
  return std::exp(std::lgamma(s + 1.0) - std::lgamma(s + 0.5)) / (2.0 * std::sqrt(kPi));
}

double frequency_spectrum(const WaveComponent& c, const SpectrumParams& s, double omega,
                          double depth) {
  if (!active(c) || !(omega > 0.0) || !(depth > 0.0)) return 0.0;
  double spectrum = 0.0;
  if (c.spectrum == SpectrumType::Phillips) {
    const double k = wave_number(omega, depth);
    const double lw = double(c.wind_speed) * c.wind_speed / kG;
    const double kl = k * lw;
    const double psi = double(s.phillips_amplitude) * std::exp(-1.0 / (kl * kl)) / (k * k * k * k);
    spectrum = psi * k / dispersion_domega_dk(k, depth);
  } else {
    const double wp = peak_omega(c);
    const double r = wp / omega;
    const double r4 = r * r * r * r;
    if (r4 > 600.0) return 0.0;  // exp(-750) is below double's range; also keeps w^-5 finite
    const double alpha = spectrum_alpha(c);
    double log_peak = 0.0;
    if (c.spectrum == SpectrumType::Jonswap) {
      const double sigma = omega <= wp ? 0.07 : 0.09;
      const double d = (omega - wp) / (sigma * wp);
      log_peak = std::exp(-0.5 * d * d) * std::log(double(c.peak_enhancement));
    }
    spectrum = alpha * kG * kG * std::exp(-1.25 * r4 + log_peak - 5.0 * std::log(omega));
  }
  if (s.tma) spectrum *= kitaigorodskii(omega, depth);
  return double(c.scale) * spectrum;
}

double spreading(const WaveComponent& c, double omega, double theta) {
  return SpreadShape(c, omega)(wrap(theta));
}

double directional_spectrum(const SpectrumParams& s, double kx, double kz, double depth) {
  const double k = std::hypot(kx, kz);
  if (!(k > 0.0) || !(depth > 0.0)) return 0.0;
  const double omega = dispersion_omega(k, depth);
  const double domega_dk = dispersion_domega_dk(k, depth);
  const double heading = std::atan2(kz, kx);
  double f = 0.0;
  for (const WaveComponent* c : {&s.wind, &s.swell}) {
    if (!active(*c)) continue;
    const double radial = radial_part(*c, s, k, omega, domega_dk, depth);
    if (radial == 0.0) continue;
    const double theta = heading - double(c->direction_deg) * kPi / 180.0;
    f += radial * spreading(*c, omega, theta);
  }
  const double l = s.small_wave_cutoff;
  return f * std::exp(-k * k * l * l);
}

namespace {

// Integral of |k|^power F over the annulus k_lo <= |k| < k_hi: m0 for power 0, the mean square
// slope for power 2.
double band_moment(const SpectrumParams& s, double depth, double k_lo, double k_hi, int power) {
  check_depth(depth);
  // Where the spectra live: below 1e-3 of the deep-water peak wave number every spectrum is
  // below exp(-300) of its peak, and above 1e7 of it the tails (k^-2 in variance for PM,
  // JONSWAP and Phillips) hold 1e-14 of m0.
  double kp_min = std::numeric_limits<double>::infinity(), kp_max = 0.0;
  for (const WaveComponent* c : {&s.wind, &s.swell}) {
    if (!active(*c)) continue;
    const double wp = peak_omega(*c);
    kp_min = std::min(kp_min, wp * wp / kG);
    kp_max = std::max(kp_max, wp * wp / kG);
  }
  if (kp_max == 0.0) return 0.0;
  const double lo = std::max(k_lo, 1e-3 * kp_min);
  const double hi = std::min(k_hi, 1e7 * kp_max);
  if (!(hi > lo)) return 0.0;
  // m0 = integral F k dk dtheta = integral (k^2 F) d(ln k) dtheta; everything in F but D is
  // independent of theta. The integrand is smooth except where a formula switches branch
  // (JONSWAP's sigma at w_p, TMA at wh = 1 and 2), so panels end there; between, panels of at
  // most 0.05 in ln k (a tenth of JONSWAP's narrowest peak) with 8 Gauss points converge far
  // below 1e-4.
  std::vector<double> edges = {std::log(lo), std::log(hi)};
  auto edge_at_omega = [&](double omega) {
    const double x = std::log(wave_number(omega, depth));
    if (x > edges[0] && x < edges[1]) edges.push_back(x);
  };
  for (const WaveComponent* c : {&s.wind, &s.swell})
    if (active(*c)) edge_at_omega(peak_omega(*c));
  if (s.tma && std::isfinite(depth))
    for (double wh : {1.0, 2.0}) edge_at_omega(wh / std::sqrt(depth / kG));
  std::sort(edges.begin(), edges.end());
  const double l = s.small_wave_cutoff;
  auto integrand = [&](double x) {
    const double k = std::exp(x);
    const double omega = dispersion_omega(k, depth);
    const double domega_dk = dispersion_domega_dk(k, depth);
    double f = 0.0;
    for (const WaveComponent* c : {&s.wind, &s.swell}) {
      const double radial = radial_part(*c, s, k, omega, domega_dk, depth);
      if (radial > 0.0) f += radial * spreading_integral(*c, omega);
    }
    return k * k * std::pow(k, power) * f * std::exp(-k * k * l * l);
  };
  double m0 = 0.0;
  for (size_t e = 0; e + 1 < edges.size(); ++e) {
    const double a = edges[e], b = edges[e + 1];
    const int panels = std::max(1, int(std::ceil((b - a) / 0.05)));
    const double width = (b - a) / panels;
    for (int p = 0; p < panels; ++p)
      m0 += gauss_legendre(a + p * width, a + (p + 1) * width, integrand);
  }
  return m0;
}

// Elfouhaily, Chapron, Katsaros & Vandemark (1997), "A unified directional spectrum for long
// and short wind-driven waves", eqs. 40-44: the curvature spectrum B_h(k) = k^3 S(k) of the
// capillary-gravity waves, (alpha_m / 2) (c_m / c) F_m, F_m = exp(-(k/k_m - 1)^2 / 4), with
// c_m = 0.23 m/s at k_m = 370 rad/m (the slowest ripples) and alpha_m from the friction
// velocity u* (Wu 1982's drag coefficient). Its mean square slope is the integral of B_h / k.
double short_wave_curvature(double k, double wind_speed) {
  constexpr double kM = 370.0, cM = 0.23;
  const double u_star = wind_speed * std::sqrt((0.8 + 0.065 * wind_speed) * 1e-3);
  const double alpha_m = u_star < cM ? 0.01 * (1.0 + std::log(u_star / cM))
                                     : 0.01 * (1.0 + 3.0 * std::log(u_star / cM));
  const double c = std::sqrt(kG / k * (1.0 + (k / kM) * (k / kM)));
  const double x = k / kM - 1.0;
  return std::max(alpha_m, 0.0) * 0.5 * cM / c * std::exp(-0.25 * x * x);
}

}  // namespace

double band_variance(const SpectrumParams& s, double depth, double k_lo, double k_hi) {
  return band_moment(s, depth, k_lo, k_hi, 0);
}

double band_slope_variance(const SpectrumParams& s, double depth, double k_lo, double k_hi) {
  return band_moment(s, depth, k_lo, k_hi, 2);
}

double short_wave_slope_variance(const SpectrumParams& s, double k_lo) {
  if (!active(s.wind) || !(k_lo > 0.0)) return 0.0;
  // F_m falls below e^-100 at 21 k_m: the capillary end of the spectrum, where the sum stops.
  const double hi = std::log(21.0 * 370.0), lo = std::log(k_lo);
  if (lo >= hi) return 0.0;
  const int panels = std::max(1, int(std::ceil((hi - lo) / 0.05)));
  const double width = (hi - lo) / panels;
  double sum = 0.0;
  for (int p = 0; p < panels; ++p)
    sum += gauss_legendre(lo + p * width, lo + (p + 1) * width, [&](double x) {
      return short_wave_curvature(std::exp(x), double(s.wind.wind_speed));
    });
  return double(s.wind.scale) * sum;
}

std::vector<float> plot_frequency_spectrum(const SpectrumParams& s, double depth, double w_max,
                                           int count) {
  check_depth(depth);
  std::vector<float> out;
  if (count <= 0 || !(w_max > 0.0) || !std::isfinite(w_max)) return out;
  out.reserve(size_t(count));
  for (int i = 0; i < count; ++i) {
    const double omega = w_max * double(i + 1) / count;
    out.push_back(float(frequency_spectrum(s.wind, s, omega, depth) +
                        frequency_spectrum(s.swell, s, omega, depth)));
  }
  return out;
}

std::vector<float> plot_spreading(const SpectrumParams& s, int count) {
  std::vector<float> out;
  if (count <= 0) return out;
  out.reserve(size_t(count));
  const double wp = peak_omega(s.wind);
  for (int i = 0; i < count; ++i)
    out.push_back(float(spreading(s.wind, wp, -kPi + 2.0 * kPi * double(i + 1) / count)));
  return out;
}

double peak_wavelength(const SpectrumParams& s) {
  double longest = 0.0;
  for (const WaveComponent* c : {&s.wind, &s.swell})
    if (active(*c)) {
      const double wp = peak_omega(*c);
      longest = std::max(longest, 2.0 * kPi * kG / (wp * wp));
    }
  return longest;
}

CascadeLayout cascade_layout(const SpectrumParams& s) {
  constexpr double kSmallest = 16.0, kMinFirst = 50.0, kMinRatio = 3.3, kMaxRatio = 4.87;
  // Rounded to 4 significant digits, so that no two sizes make a ratio of small integers.
  auto round4 = [](double v) {
    const double scale = std::pow(10.0, std::floor(std::log10(v)) - 3.0);
    return float(std::round(v / scale) * scale);
  };
  const double first = std::max(kPeakWavelengths * peak_wavelength(s), kMinFirst);
  const double span = first / kSmallest;
  CascadeLayout out{1, {}};
  if (span > 1.0)
    out.cascades = std::min(4, 1 + int(std::ceil(std::log(span) / std::log(kMaxRatio) - 1e-9)));
  const double ratio =
      out.cascades > 1 ? std::clamp(std::pow(span, 1.0 / (out.cascades - 1)), kMinRatio, kMaxRatio)
                       : kMaxRatio;
  double l = first;
  for (size_t c = 0; c < out.patch_sizes.size(); ++c, l /= ratio) out.patch_sizes[c] = round4(l);
  return out;
}

}  // namespace oceanfft::ocean
