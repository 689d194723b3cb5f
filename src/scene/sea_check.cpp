// SPDX-License-Identifier: MIT
#include "scene/sea_check.h"

#include <algorithm>
#include <cmath>

namespace oceanfft::scene {
bool same_sea(const ocean::Params& a, const ocean::Params& b) {
  if (a.size != b.size || a.cascades != b.cascades || a.depth != b.depth ||
      a.spectrum != b.spectrum)
    return false;
  for (int c = 0; c < a.cascades; ++c)
    if (a.patch_sizes[size_t(c)] != b.patch_sizes[size_t(c)]) return false;
  return true;
}

void SeaCheck::update(const ocean::Simulation& sim) {
  if (!sea_ || !same_sea(*sea_, sim.params())) {
    sea_ = sim.params();
    reset(ocean::theoretical_variance(sim.params()));
    frame_ = 0;  // the first frame of a new sea is sampled at once
  }
  if (frame_++ % kEvery != 0) return;
  double variance = 0.0, slopes = 0.0;
  for (int c = 0; c < sim.cascades(); ++c) {
    variance += sim.height_variance(c);
    slopes += sim.slope_variance(c);
  }
  add_sample(variance);
  const ocean::WaveComponent& wind = sim.params().spectrum.wind;
  wind_ = wind.scale > 0 ? double(wind.wind_speed) : 0.0;
  mss_ = slopes + sim.subgrid_slope_variance();
  coverage_ = sim.whitecap_coverage();
}

void SeaCheck::reset(double theoretical_variance) {
  theory_variance_ = theoretical_variance;
  count_ = next_ = 0;
  mss_.reset();
  coverage_.reset();
}

void SeaCheck::add_sample(double variance) {
  samples_[size_t(next_)] = variance;
  next_ = (next_ + 1) % kWindow;
  if (count_ < kWindow) ++count_;
}

double SeaCheck::theory_hs() const { return 4.0 * std::sqrt(std::max(theory_variance_, 0.0)); }

std::optional<double> SeaCheck::measured_hs() const {
  if (count_ == 0) return std::nullopt;
  double sum = 0.0;
  for (int i = 0; i < count_; ++i) sum += samples_[size_t(i)];
  // Variances average; heights do not (Hs is the square root of the mean).
  return 4.0 * std::sqrt(std::max(sum / count_, 0.0));
}

std::optional<double> SeaCheck::error_percent() const {
  const auto m = measured_hs();
  const double t = theory_hs();
  if (!m || !(t > 0.0)) return std::nullopt;
  return (*m - t) / t * 100.0;
}

}  // namespace oceanfft::scene
