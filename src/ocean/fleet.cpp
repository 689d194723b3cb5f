// SPDX-License-Identifier: MIT
#include "ocean/fleet.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "gl/error.h"

namespace oceanfft::ocean {
namespace {

// The bodies lie along the default view (towards the afternoon sun's azimuth, -112 degrees
// from +x), so the default render and camera presets see them.
constexpr float kViewYawDeg = -112.0f;

BodyState moored(float along, float across, float heading_deg) {
  const float a = kViewYawDeg * std::numbers::pi_v<float> / 180.0f;
  BodyState s;
  s.x = along * std::cos(a) - across * std::sin(a);
  s.z = along * std::sin(a) + across * std::cos(a);
  s.heading_deg = heading_deg;
  return s;
}

// A 1.6 m navigation buoy floating 0.6 m deep, and an 8 m x 3 m boat floating 0.5 m deep
// (masses from the draughts: rho A d).
BodyOptions buoy_body() { return buoy(0.8f, 1025.0f * std::numbers::pi_v<float> * 0.64f * 0.6f, 0.8f); }
BodyOptions boat_body() {
  BodyOptions o = boat(8.0f, 3.0f, 1025.0f * 24.0f * 0.5f, 0.6f);
  o.damping = 0.5f;
  return o;
}

}  // namespace

BodyState boat_mooring() { return moored(42.0f, 14.0f, kViewYawDeg + 35.0f); }
BodyState buoy_mooring(int i) {
  const float along = 26.0f + 13.0f * float(i);
  const float across = (i % 2 ? 1.0f : -1.0f) * (7.0f + 2.5f * float(i));
  return moored(along, across, 0.0f);
}

Fleet::Fleet(const gl::ShaderLibrary& shaders) : queries_(shaders) {}

void Fleet::set_layout(int buoys, bool boat) {
  if (buoys < 0 || buoys > kMaxBuoys)
    throw Error(ErrorCode::InvalidArgument,
                "buoys " + std::to_string(buoys) + " must be in 0.." + std::to_string(kMaxBuoys));
  if (int(buoys_.size()) == buoys && boat_.has_value() == boat) return;
  buoys_.clear();
  for (int i = 0; i < buoys; ++i) buoys_.emplace_back(buoy_body(), buoy_mooring(i));
  boat_.reset();
  if (boat) boat_.emplace(boat_body(), boat_mooring());
  water_.clear();
  if (pending_) queries_.cancel(*pending_);
  pending_.reset();
}

void Fleet::before_step(const Simulation& sim, double t) {
  if (!empty()) queries_.before_step(sim, t);
}

std::vector<std::array<float, 2>> Fleet::points() const {
  std::vector<std::array<float, 2>> out;
  for (const FloatingBody& b : buoys_)
    for (const auto& p : b.query_points()) out.push_back(p);
  if (boat_)
    for (const auto& p : boat_->query_points()) out.push_back(p);
  return out;
}

void Fleet::advance(double dt) {
  dt = std::min(dt, 1.0);
  if (water_.empty() || !(dt > 0)) return;
  size_t at = 0;
  auto step = [&](FloatingBody& b) {
    const size_t n = b.options().hull.size();
    b.advance(dt, std::span<const Sample>(water_).subspan(at, n));
    at += n;
  };
  for (FloatingBody& b : buoys_) step(b);
  if (boat_) step(*boat_);
}

float Fleet::water_under(size_t i) const {
  size_t at = 0;
  for (size_t k = 0; k <= buoys_.size(); ++k) {
    const FloatingBody* b = k < buoys_.size() ? &buoys_[k] : boat();
    if (!b) break;
    const size_t n = b->options().hull.size();
    if (k == i) {
      if (water_.size() < at + n) break;
      double sum = 0;
      for (size_t j = 0; j < n; ++j) sum += water_[at + j].height;
      return float(sum / double(n));
    }
    at += n;
  }
  return std::nanf("");
}

void Fleet::update(const Simulation& sim, double dt) {
  if (empty()) return;
  if (pending_ && queries_.fetch(*pending_, water_)) pending_.reset();
  advance(dt);
  if (!pending_) pending_ = queries_.submit(sim, points());
}

void Fleet::update_now(const Simulation& sim, double dt) {
  if (empty()) return;
  if (pending_) queries_.cancel(*pending_);
  pending_.reset();
  water_ = queries_.query(sim, points());
  advance(dt);
}

}  // namespace oceanfft::ocean
