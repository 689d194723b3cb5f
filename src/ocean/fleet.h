// SPDX-License-Identifier: MIT
#pragma once
// Buoys and a small boat moored in front of the origin, riding a Simulation's sea: each frame
// the water at their hull points is queried on the GPU (QueryPass) and the bodies advance with
// the answer of an earlier frame, so nothing waits for the GPU. What the demo and `render`
// float. Not installed.
#include <optional>
#include <vector>

#include "ocean/floating.h"
#include "ocean/query_pass.h"

namespace oceanfft::ocean {

class Fleet {
 public:
  static constexpr int kMaxBuoys = 16;
  explicit Fleet(const gl::ShaderLibrary& shaders);

  // Re-moors the bodies (at rest on the mean level) when the count or the boat changes.
  // buoys: 0..kMaxBuoys (Error(InvalidArgument) otherwise).
  void set_layout(int buoys, bool boat);
  // Call just before sim.step(t).
  void before_step(const Simulation& sim, double t);
  // After sim.step: takes the water of the query an earlier frame submitted if the GPU has
  // finished it, advances every body by dt seconds (clamped to 1 s) with the latest water it
  // has, and submits this frame's query. Never waits.
  void update(const Simulation& sim, double dt);
  // The same, waiting for this step's water (tools, `render` and tests).
  void update_now(const Simulation& sim, double dt);

  const std::vector<FloatingBody>& buoys() const { return buoys_; }
  const FloatingBody* boat() const { return boat_ ? &*boat_ : nullptr; }
  bool empty() const { return buoys_.empty() && !boat_; }
  // The mean water height under body i's hull points (buoys first, then the boat) in the
  // latest answer; NaN before the first.
  float water_under(size_t i) const;

 private:
  std::vector<std::array<float, 2>> points() const;
  void advance(double dt);

  QueryPass queries_;
  std::vector<FloatingBody> buoys_;
  std::optional<FloatingBody> boat_;
  std::vector<Sample> water_;  // the latest answer, in points()' order; empty: none yet
  std::optional<Ticket> pending_;
};

// Where the bodies lie: the boat's and buoy i's mooring, for the camera and tests.
BodyState boat_mooring();
BodyState buoy_mooring(int i);

}  // namespace oceanfft::ocean
