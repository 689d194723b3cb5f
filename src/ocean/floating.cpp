// SPDX-License-Identifier: MIT
#include "ocean/floating.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "gl/error.h"

namespace oceanfft::ocean {
namespace {

constexpr double kMaxStep = 1.0 / 240.0;

void require(bool ok, const std::string& message) {
  if (!ok) throw Error(ErrorCode::InvalidArgument, "floating body: " + message);
}
bool positive(float v) { return std::isfinite(v) && v > 0; }

}  // namespace

FloatingBody::FloatingBody(const BodyOptions& o, const BodyState& start)
    : options_(o), state_(start) {
  require(!o.hull.empty(), "no hull points");
  require(positive(o.mass), "mass must be positive");
  require(positive(o.column_height), "column_height must be positive");
  require(std::isfinite(o.damping) && o.damping >= 0 && o.damping <= 10, "damping must be 0..10");
  require(positive(o.water_density) && positive(o.gravity), "density and gravity must be positive");
  for (const HullPoint& p : o.hull)
    require(positive(p.area) && std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z),
            "hull points need finite positions and positive areas");
  double ix = 0, iz = 0;
  for (const HullPoint& p : o.hull) {
    area_ += p.area;
    ix += double(p.y) * p.y + double(p.z) * p.z;
    iz += double(p.x) * p.x + double(p.y) * p.y;
  }
  const double per_point = o.mass / double(o.hull.size());
  roll_inertia_ = o.roll_inertia > 0 ? o.roll_inertia : float(std::max(ix * per_point, 1e-3 * o.mass));
  pitch_inertia_ = o.pitch_inertia > 0 ? o.pitch_inertia : float(std::max(iz * per_point, 1e-3 * o.mass));
  // Critical heave damping 2 sqrt(k m), with the waterplane's stiffness k = rho g A.
  damping_coeff_ = float(o.damping * 2.0 * std::sqrt(double(o.water_density) * o.gravity * area_ * o.mass));
}

std::array<float, 3> FloatingBody::to_world(const std::array<float, 3>& l) const {
  // Roll about the body's x, then pitch about its z, then heading about y.
  const double cr = std::cos(state_.roll), sr = std::sin(state_.roll);
  const double cp = std::cos(state_.pitch), sp = std::sin(state_.pitch);
  const double h = state_.heading_deg * std::numbers::pi / 180.0, ch = std::cos(h), sh = std::sin(h);
  // Roll: starboard (+z) up is a rotation about x taking +z towards +y.
  const double x1 = l[0], y1 = l[1] * cr + l[2] * sr, z1 = -l[1] * sr + l[2] * cr;
  // Pitch: bow (+x) up takes +x towards +y.
  const double x2 = x1 * cp - y1 * sp, y2 = x1 * sp + y1 * cp, z2 = z1;
  // Heading: +x towards +z.
  const double x3 = x2 * ch - z2 * sh, z3 = x2 * sh + z2 * ch;
  return {float(state_.x + x3), float(state_.heave + y2), float(state_.z + z3)};
}

std::vector<std::array<float, 2>> FloatingBody::query_points() const {
  std::vector<std::array<float, 2>> out;
  out.reserve(options_.hull.size());
  for (const HullPoint& p : options_.hull) {
    const auto w = to_world({p.x, p.y, p.z});
    out.push_back({w[0], w[2]});
  }
  return out;
}

float FloatingBody::still_water_draught() const {
  return options_.mass / (options_.water_density * area_);
}

void FloatingBody::advance(double dt, std::span<const Sample> water) {
  require(std::isfinite(dt) && dt > 0 && dt <= 1.0, "a step must be in (0, 1] s");
  require(water.size() == options_.hull.size(), "one water sample per hull point");
  const int steps = std::max(1, int(std::ceil(dt / kMaxStep - 1e-9)));
  const double h = dt / steps;
  const double rho_g = double(options_.water_density) * options_.gravity;
  for (int s = 0; s < steps; ++s) {
    double force = -double(options_.mass) * options_.gravity, roll_torque = 0, pitch_torque = 0;
    for (size_t i = 0; i < water.size(); ++i) {
      const HullPoint& p = options_.hull[i];
      const auto w = to_world({p.x, p.y, p.z});
      const double depth = std::clamp(double(water[i].height) - w[1], 0.0, double(options_.column_height));
      if (depth <= 0) continue;
      // The column's lever arms in the body's (level) frame.
      const double rx = p.x * std::cos(state_.pitch), rz = p.z * std::cos(state_.roll);
      const double point_rate = state_.heave_rate + rx * state_.pitch_rate + rz * state_.roll_rate;
      const double share = p.area / area_;
      const double f = rho_g * p.area * depth -
                       damping_coeff_ * share * (point_rate - double(water[i].velocity[1]));
      force += f;
      pitch_torque += rx * f;
      roll_torque += rz * f;
    }
    // Semi-implicit Euler: rates first, then positions from the new rates.
    state_.heave_rate += float(h * force / options_.mass);
    state_.pitch_rate += float(h * pitch_torque / pitch_inertia_);
    state_.roll_rate += float(h * roll_torque / roll_inertia_);
    state_.heave += float(h * state_.heave_rate);
    state_.pitch = std::clamp(state_.pitch + float(h * state_.pitch_rate), -1.2f, 1.2f);
    state_.roll = std::clamp(state_.roll + float(h * state_.roll_rate), -1.2f, 1.2f);
  }
}

BodyOptions buoy(float radius, float mass, float depth_below_centre, int rings) {
  BodyOptions o;
  o.mass = mass;
  o.column_height = 4.0f * depth_below_centre + radius;
  rings = std::max(rings, 1);
  // Ring r (6 r points at the middle radius of its annulus) stands for the annulus from
  // (r - 1) / rings to r / rings of the radius, so the areas sum to the disc's.
  for (int r = 1; r <= rings; ++r) {
    const int count = 6 * r;
    const double rad = radius * (r - 0.5) / rings;
    const double annulus = std::numbers::pi * radius * radius * (double(r * r) - double((r - 1) * (r - 1))) /
                           double(rings * rings);
    for (int k = 0; k < count; ++k) {
      const double a = 2 * std::numbers::pi * k / count;
      o.hull.push_back({float(rad * std::cos(a)), -depth_below_centre, float(rad * std::sin(a)),
                        float(annulus / count)});
    }
  }
  return o;
}

BodyOptions boat(float length, float beam, float mass, float depth_below_centre) {
  BodyOptions o;
  o.mass = mass;
  o.column_height = 2.0f * depth_below_centre + 1.0f;
  const int nx = 7, nz = 3;
  const float area = length * beam / float(nx * nz);
  for (int i = 0; i < nx; ++i)
    for (int k = 0; k < nz; ++k)
      o.hull.push_back({length * ((i + 0.5f) / nx - 0.5f), -depth_below_centre,
                        beam * ((k + 0.5f) / nz - 0.5f), area});
  return o;
}

}  // namespace oceanfft::ocean
