// SPDX-License-Identifier: MIT
#pragma once
// One ocean frame rendered without a window, with the window's own simulation and renderer:
// what `oceanfft render` (and its gallery) and the no-display fallback draw. Returns data; the
// callers decide what to write and print.
#include <cstdint>
#include <string>
#include <vector>

#include "gl/context.h"
#include "gl/shader.h"
#include "ocean/simulation.h"
#include "render/camera.h"
#include "scene/foam_share.h"
#include "scene/settings.h"
#include "sky/sky.h"

namespace oceanfft::io {
class OutputSet;
}

namespace oceanfft::scene {

struct HeadlessFrame {
  Settings settings;
  render::Camera camera;
  int width = 1280, height = 720;
  int samples = 4;           // MSAA; more than the driver offers is refused (gl::require_targets)
  double time = 12.0;        // simulation seconds of the frame
  // Seconds simulated before `time` (ocean::foam_warmup_times), so foam has built up; with
  // foam_balance at least ocean::foam_balance_time, so the foam stands at its balance with the
  // sea, as on a sea that has blown so for minutes (false: the foam starts from none).
  double foam_warmup = 2.0;
  bool foam_balance = true;
  // Also draw the frame without foam and spray, and count as foam only what they brightened
  // (foam_share()).
  bool foam_against_bare = false;
};
// Seconds simulated before `time` at least, when there are floating bodies, so they settle.
constexpr double kBodyWarmup = 6.0;

// The significant wave height of a frame: 4 sqrt(sum of the cascades' mean h^2) measured on the
// maps, and 4 sqrt(m0) of the spectrum over the simulated band.
struct SeaState {
  double hs_measured = 0.0, hs_theory = 0.0;  // metres
  // Mean square slope E[hx^2 + hz^2]: the maps' (resolved) + the shading's sub-grid ripples,
  // against Cox & Munk's clean sea 0.003 + 5.12e-3 U10 at the wind sea's U10.
  double mss_resolved = 0.0, mss_subgrid = 0.0, mss_cox_munk = 0.0;
  // Active whitecap coverage (Simulation::whitecap_coverage) against Monahan &
  // O'Muircheartaigh (1980), 3.84e-6 U10^3.41, and the residual foam's (residual_coverage);
  // fractions of the sea's area.
  double coverage = 0.0, coverage_monahan = 0.0, residual = 0.0;
  double mss_total() const { return mss_resolved + mss_subgrid; }
  double hs_error_percent() const {
    return hs_theory > 0 ? (hs_measured - hs_theory) / hs_theory * 100.0 : 0.0;
  }
};
SeaState measure_sea(const ocean::Simulation& sim);

struct RenderedFrame {
  std::vector<uint8_t> rgba;  // width x height x 4, top row first
  SeaState sea;
  FoamShare foam;             // the share of the picture's sea that reads as foam
  // With HeadlessFrame::foam_against_bare: the share without the bare picture's reference.
  FoamShare foam_unreferenced;
  // The camera's light meter (sky::LightMeter) and the exposure the frame was drawn at: the
  // user's times the adaptation to that light.
  sky::LightMeter light;
  float exposure = 1.0f;
  std::string simulation;     // Simulation::describe()
  render::Camera camera;      // the frame's camera (the boat's deck for the boat preset)
  // Each floating body (buoys, then the boat): its centre of mass in the world, and the mean
  // water height the last query found under its hull.
  struct Body {
    float x = 0, y = 0, z = 0, water = 0;
  };
  std::vector<Body> bodies;
};

// Renders `frame` in the current headless context. `maps_dir`, when not empty, receives the
// simulation's maps (export_maps). Throws Error: GlRuntime when the driver reported errors
// (nothing is returned then), NonFinite when the sea is not finite.
// With `maps_set` the maps are staged into it instead, for the caller to commit with its other
// outputs (so a failing image write leaves the old maps).
RenderedFrame render_frame(const HeadlessFrame& frame, gl::Context& context,
                           const gl::ShaderLibrary& shaders, const std::string& maps_dir = "",
                           io::OutputSet* maps_set = nullptr);

// The simulation's maps per cascade as raw float32 files with PNG previews, and maps.json
// (layout: docs/formats.md). Creates `dir` and its cascade folders. The folder changes as one
// set: the cascade folders of an earlier export with more cascades lose the files this export
// writes (and go when that leaves them empty), only when every new file is in place.
void export_maps(const ocean::Simulation& sim, const SeaState& sea, const std::string& dir);
// The same, staged into `files` (not committed).
void stage_maps(const ocean::Simulation& sim, const SeaState& sea, const std::string& dir,
                io::OutputSet& files);

}  // namespace oceanfft::scene
