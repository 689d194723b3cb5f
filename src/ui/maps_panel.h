// SPDX-License-Identifier: MIT
#pragma once
// The Maps panel: one cascade of the simulation's height, displacement, normal and foam maps
// as images.
// The maps are float data in metres and slopes; a compute pass maps each into an RGBA8
// preview with its own scale, so the panel shows structure instead of saturated colour.
#include <optional>

#include "gl/objects.h"
#include "gl/shader.h"
#include "ocean/simulation.h"

namespace oceanfft::ui {

class MapsPanel {
 public:
  static constexpr int kPreviewSize = 256;

  explicit MapsPanel(const gl::ShaderLibrary& shaders);
  // One ImGui window; the previews are recomputed only while it is open and not collapsed.
  void draw(const ocean::Simulation& sim);

 private:
  void update(const ocean::Simulation& sim);

  gl::Program program_;
  // Fixed size whatever N is, so toggling sizes allocates nothing here.
  gl::Texture height_, displacement_, normal_, foam_;
  float height_range_ = 3.0f;        // metres shown as the full colour range
  float displacement_range_ = 3.0f;  // metres per axis
  float slope_scale_ = 2.0f;         // exaggerates the normal so gentle slopes show
  int cascade_ = 0;                  // the array layer shown
  // Auto: the height and displacement ranges follow the shown cascade's theoretical standard
  // deviation (cascades differ by orders of magnitude, and so do calm and storm).
  bool auto_scale_ = true;
  std::optional<ocean::Params> scaled_for_;  // the sea and cascade the ranges were set for
  int scaled_cascade_ = -1;
};

}  // namespace oceanfft::ui
