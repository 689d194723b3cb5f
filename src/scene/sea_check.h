// SPDX-License-Identifier: MIT
#pragma once
// The Ocean panel's physical check: the significant wave height measured on the
// simulated maps, Hs = 4 sqrt(sum over cascades of the mean h^2), averaged over recent frames,
// against Hs = 4 sqrt(m0) of the selected spectrum over the simulated band.
#include <array>
#include <cmath>
#include <optional>

#include "ocean/simulation.h"

namespace oceanfft::scene {

// Whether two parameter sets describe the same sea for the check: same spectrum, depth and
// simulated band (size, cascades, their patch sizes). Time, foam, choppiness, seed, algorithm
// and packing do not change the height variance the spectrum predicts.
bool same_sea(const ocean::Params& a, const ocean::Params& b);

class SeaCheck {
 public:
  // A download every kEvery frames costs one GPU sync; kWindow of them cover ~60 frames.
  static constexpr int kEvery = 10;
  static constexpr int kWindow = 6;

  // Once per frame after Simulation::step(). Every kEvery-th call reads the height variance
  // back; a changed sea (same_sea) drops the old samples and recomputes the theory.
  void update(const ocean::Simulation& sim);

  // The pure part, for update() and the tests. reset() starts over with a new m0 (m^2).
  void reset(double theoretical_variance);
  void add_sample(double variance);  // sum over cascades of the mean h^2 of one frame, m^2

  int samples() const { return count_; }
  double theory_hs() const;
  std::optional<double> measured_hs() const;    // none until the first sample
  std::optional<double> error_percent() const;  // (measured - theory) / theory * 100

  // From the latest sample: the total mean square slope (maps + sub-grid ripples)
  // against Cox & Munk's clean sea, and the whitecap coverage (fraction) against Monahan &
  // O'Muircheartaigh 1980, both at the wind sea's U10. None until the first sample.
  std::optional<double> mss() const { return mss_; }
  double mss_cox_munk() const { return 0.003 + 5.12e-3 * wind_; }
  std::optional<double> coverage() const { return coverage_; }
  double coverage_monahan() const { return 3.84e-6 * std::pow(wind_, 3.41); }

 private:
  std::optional<ocean::Params> sea_;  // what the samples and the theory describe
  int frame_ = 0;
  double theory_variance_ = 0.0;
  std::array<double, kWindow> samples_{};
  int count_ = 0, next_ = 0;
  double wind_ = 0.0;
  std::optional<double> mss_, coverage_;
};

}  // namespace oceanfft::scene
