// SPDX-License-Identifier: MIT
#pragma once
// Floating bodies riding the sea: a body given as hull sample points with mass and damping
// turns the water at those points (Ocean::query / submit) into heave, pitch and roll each
// frame. Installed as <oceanfft/ocean/floating.h>; CPU only, no GL.
#include <array>
#include <span>
#include <vector>

#include "ocean/ocean.h"

namespace oceanfft::ocean {

// One column of the hull, in the body's frame (x forward, y up, z to starboard, metres, origin
// at the centre of mass): its bottom at (x, y, z), standing for `area` m^2 of waterplane. It
// gives buoyancy rho g area d for its submerged depth d, 0..column_height.
struct HullPoint {
  float x = 0, y = 0, z = 0;
  float area = 0;
};

struct BodyOptions {
  std::vector<HullPoint> hull;
  float mass = 1000.0f;          // kg
  float column_height = 2.0f;    // m: a column's buoyancy stops growing above its bottom + this
  // Heave damping as a fraction of critical (1: no overshoot), against the water's velocity;
  // pitch and roll get the same fraction from the same columns.
  float damping = 0.3f;
  // Moments of inertia about the body's x (roll) and z (pitch) axes through the centre of mass,
  // kg m^2; 0: the mass spread evenly over the hull points.
  float roll_inertia = 0.0f, pitch_inertia = 0.0f;
  float water_density = 1025.0f;  // kg/m^3
  float gravity = 9.81f;          // m/s^2
};

// Where the body is: moored at (x, z) with a fixed heading; heave is the centre of mass's y.
struct BodyState {
  float x = 0, z = 0;
  float heading_deg = 0;  // the body's +x towards world +x rotated by this towards +z
  float heave = 0;        // m
  float pitch = 0;        // rad, bow (+x) up
  float roll = 0;         // rad, starboard (+z) up
  float heave_rate = 0, pitch_rate = 0, roll_rate = 0;
};

class FloatingBody {
 public:
  // Throws Error(InvalidArgument) for no hull points, a non-positive or non-finite mass, area,
  // column height, or damping outside 0..10.
  FloatingBody(const BodyOptions& options, const BodyState& start);

  // The world (x, z) of each hull point at the body's present attitude: query the water there.
  std::vector<std::array<float, 2>> query_points() const;
  // Advances the body by `dt` seconds (0 < dt <= 1) with the water at query_points()' points,
  // in their order. Internally in steps of at most 1/240 s, so any frame rate from 20 Hz up
  // integrates the same way; the water is held for the frame.
  void advance(double dt, std::span<const Sample> water);

  const BodyState& state() const { return state_; }
  const BodyOptions& options() const { return options_; }
  // World position of a point given in the body's frame.
  std::array<float, 3> to_world(const std::array<float, 3>& local) const;
  // The draught the body floats at in still water, m below the surface for the hull's lowest
  // bottom, if the columns all reach that deep (analytic: mass / (rho * total area)).
  float still_water_draught() const;

 private:
  BodyOptions options_;
  BodyState state_;
  float area_ = 0, roll_inertia_ = 0, pitch_inertia_ = 0, damping_coeff_ = 0;
};

// A round buoy: `rings` rings of hull points over a disc of `radius`, its bottom `depth` m
// below the centre of mass.
BodyOptions buoy(float radius, float mass, float depth_below_centre, int rings = 3);
// A small boat: a length x beam box hull of points, bottom `depth` m below the centre of mass.
BodyOptions boat(float length, float beam, float mass, float depth_below_centre);

}  // namespace oceanfft::ocean
