// SPDX-License-Identifier: MIT
#include "ocean/params.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

#include "gl/error.h"

namespace oceanfft::ocean {
namespace {

// Where cascade c > 0 starts: this many of its own grid steps, so its lowest waves are still
// resolved by several cells, while the previous cascade (with 4x finer steps at the default
// ratios) carries everything below. The radius lies halfway between the lattice's shells
// |m|^2 = 36 and 37, so no texel of the cascade sits on its edge, where the rounding of |k|
// (float on the GPU, double on the host) would decide which cascade holds it; a texel at the
// wind sea's peak holds about 1 % of the sea's variance.
constexpr double kBandStartSteps = 6.041522986797286;  // sqrt(36.5)

void check_finite(float v, const char* what) {
  if (!std::isfinite(v))
    throw Error(ErrorCode::InvalidArgument, std::string(what) + " must be a finite number");
}

}  // namespace

std::vector<CascadeBand> cascade_bands(const Params& p) {
  std::vector<CascadeBand> bands;
  const int count = std::clamp(p.cascades, 1, kMaxCascades);
  for (int c = 0; c < count; ++c) {
    const double l = p.patch_sizes[size_t(c)];
    const double lo = c == 0 ? 0.0 : kBandStartSteps * 2.0 * std::numbers::pi / l;
    if (c > 0) bands.back().k_hi = lo;
    // Radial Nyquist: the square grid's corners reach further, but only along the diagonals.
    bands.push_back({float(l), lo, std::numbers::pi * p.size / l});
  }
  return bands;
}

double theoretical_variance(const Params& p) {
  const std::vector<CascadeBand> bands = cascade_bands(p);
  return band_variance(p.spectrum, p.depth, bands.front().k_lo, bands.back().k_hi);
}

double theoretical_slope_variance(const Params& p) {
  const std::vector<CascadeBand> bands = cascade_bands(p);
  return band_slope_variance(p.spectrum, p.depth, bands.front().k_lo, bands.back().k_hi);
}

double foam_decay(const Params& p) {
  const double omega = peak_omega(p.spectrum.wind);
  const double period = omega > 0.0 ? 2.0 * std::numbers::pi / omega : 1.0;
  // A larger breaker's bubble plume is deeper and feeds its foam for longer: the lifetime in
  // peak periods grows in proportion to U10 (from 1 m/s, so no wind leaves no endless foam).
  const double wind = std::max(double(p.spectrum.wind.wind_speed), 1.0) / 10.0;
  return 1.0 / (double(p.foam_lifetime) * period * wind);
}

double foam_residual_decay(const Params& p) {
  const double u = std::max(double(p.spectrum.wind.wind_speed), 1.0);
  return double(kFoamResidualDecay) * std::max(1.0, (kFoamWhiteWind / u) * (kFoamWhiteWind / u));
}

double foam_balance_time(const Params& p) {
  return std::min(3.0 * (1.0 / foam_decay(p) + 1.0 / foam_residual_decay(p)),
                  kFoamBalanceLimit);
}

std::vector<double> foam_warmup_times(double time, double seconds, double fine_seconds) {
  const double fine = std::clamp(fine_seconds, 0.0, std::max(seconds, 0.0));
  const int coarse_steps = int(std::ceil(std::max(seconds - fine, 0.0) / kFoamCoarseStep - 1e-9));
  const int fine_steps = int(std::ceil(fine / kFoamFineStep));
  std::vector<double> out;
  out.reserve(size_t(coarse_steps + fine_steps + 1));
  const double fine_start = time - fine_steps * kFoamFineStep;
  for (int i = coarse_steps; i >= 1; --i) out.push_back(fine_start - i * kFoamCoarseStep);
  for (int i = fine_steps; i >= 0; --i) out.push_back(time - i * kFoamFineStep);
  return out;
}

double breaking_length(const Params& p) {
  const double u = double(p.spectrum.wind.wind_speed);
  const double low = std::clamp(u, kFoamBreakingFloorWind, kFoamBreakingKneeWind);
  return double(p.foam_breaking_length) * u / 10.0 *
         std::pow(low / kFoamBreakingKneeWind, kFoamBreakingLowWindExponent);
}

double subgrid_slope_variance(const Params& p) {
  return short_wave_slope_variance(p.spectrum, cascade_bands(p).back().k_hi);
}

void validate(const Params& p) {
  if (!std::has_single_bit(unsigned(p.size)) || p.size < kMinSize || p.size > kMaxSize)
    throw Error(ErrorCode::InvalidArgument,
                "ocean size " + std::to_string(p.size) + " must be a power of two in " +
                    std::to_string(kMinSize) + ".." + std::to_string(kMaxSize));
  if (p.cascades < 1 || p.cascades > kMaxCascades)
    throw Error(ErrorCode::InvalidArgument, "cascades " + std::to_string(p.cascades) +
                                                " must be in 1.." + std::to_string(kMaxCascades));
  for (int c = 0; c < p.cascades; ++c) {
    const float l = p.patch_sizes[size_t(c)];
    const std::string which = "patch size of cascade " + std::to_string(c);
    check_finite(l, which.c_str());
    if (l <= 0) throw Error(ErrorCode::InvalidArgument, which + " must be positive");
    if (c > 0 && !(l < p.patch_sizes[size_t(c - 1)]))
      throw Error(ErrorCode::InvalidArgument,
                  which + " (" + std::to_string(l) + " m) must be smaller than cascade " +
                      std::to_string(c - 1) + "'s");
  }
  const std::vector<CascadeBand> bands = cascade_bands(p);
  for (size_t c = 1; c < bands.size(); ++c) {
    const double nyquist = std::numbers::pi * p.size / bands[c - 1].patch_size;
    if (bands[c].k_lo >= nyquist || bands[c].k_lo >= bands[c].k_hi) {
      char buf[300];
      std::snprintf(buf, sizeof buf,
                    "cascade %zu (patch %.4g m) would start at k = %.3g rad/m, beyond what cascade "
                    "%zu (patch %.4g m) resolves at size %d (k < %.3g): use patch sizes closer "
                    "together or a larger size",
                    c, double(bands[c].patch_size), bands[c].k_lo, c - 1,
                    double(bands[c - 1].patch_size), p.size, nyquist);
      throw Error(ErrorCode::InvalidArgument, buf);
    }
  }
  validate(p.spectrum);
  check_finite(p.choppiness, "choppiness");
  check_finite(p.depth, "depth");
  check_finite(p.time_scale, "time scale");
  check_finite(p.loop_period, "loop period");
  check_finite(p.foam_threshold, "foam threshold");
  check_finite(p.foam_softness, "foam softness");
  check_finite(p.foam_grow, "foam grow");
  check_finite(p.foam_lifetime, "foam lifetime");
  check_finite(p.foam_breaking_length, "foam breaking length");
  if (p.depth <= 0) throw Error(ErrorCode::InvalidArgument, "depth must be positive");
  if (p.loop_period < 0)
    throw Error(ErrorCode::InvalidArgument, "loop period must not be negative (0 = no loop)");
  if (p.foam_softness <= 0)
    throw Error(ErrorCode::InvalidArgument, "foam softness must be positive");
  if (p.foam_grow < 0) throw Error(ErrorCode::InvalidArgument, "foam grow must not be negative");
  if (p.foam_lifetime <= 0)
    throw Error(ErrorCode::InvalidArgument, "foam lifetime must be positive (peak periods)");
  if (p.foam_breaking_length <= 0)
    throw Error(ErrorCode::InvalidArgument, "foam breaking length must be positive (metres)");
}

}  // namespace oceanfft::ocean
