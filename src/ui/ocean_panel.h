// SPDX-License-Identifier: MIT
#pragma once
// The Ocean panel: the sea state, cascades, foam, time and shading, every widget generated from
// the settings table (settings.h), plus what the table cannot say: the Hs check, the S(w) and
// D(theta) plots, the cascades' k bands and the mesh's size.
#include <string>
#include <string_view>

#include "ocean/simulation.h"
#include "render/ocean_renderer.h"
#include "scene/sea_check.h"
#include "ui/setting_widgets.h"

namespace oceanfft::ui {

class OceanPanel {
 public:
  // What the panel shows beside the settings; all read-only.
  struct View {
    const ocean::Simulation& sim;
    const scene::SeaCheck& check;
    const render::OceanRenderer& renderer;
    const std::string& status;  // the last error, "" for none
    double time;                // the window's simulation clock, seconds
  };
  // One ImGui window; edits go into `next`, which the app applies (and may refuse) afterwards.
  void draw(scene::Settings& next, const View& view);

 private:
  float swell_strength_ = 1.0f;  // what the swell checkbox restores after switching it off
};

}  // namespace oceanfft::ui
