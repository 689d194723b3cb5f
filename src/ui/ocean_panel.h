#pragma once
// The Ocean panel: the sea state, cascades, foam, time and shading, every widget generated from
// the settings table (settings.h), plus what the table cannot say: the Hs check, the S(w) and
// D(theta) plots, the cascades' k bands and the mesh's size.
#include <string>
#include <string_view>

#include "ocean/simulation.h"
#include "render/ocean_renderer.h"
#include "ui/sea_check.h"
#include "ui/settings.h"

namespace oceanfft::ui {

// The widget of one table row into the current ImGui window, with the row's range, log scale
// and help as tooltip. Returns true when the user changed the value in `s`.
bool draw_setting(const Setting& row, Settings& s);
// Every row of a panel section whose `shown` holds, in table order.
bool draw_setting_group(std::string_view group, Settings& s);

class OceanPanel {
 public:
  // What the panel shows beside the settings; all read-only.
  struct View {
    const ocean::Simulation& sim;
    const SeaCheck& check;
    const render::OceanRenderer& renderer;
    const std::string& status;  // the last error, "" for none
    double time;                // the window's simulation clock, seconds
  };
  // One ImGui window; edits go into `next`, which the app applies (and may refuse) afterwards.
  void draw(Settings& next, const View& view);

 private:
  float swell_strength_ = 1.0f;  // what the swell checkbox restores after switching it off
};

}  // namespace oceanfft::ui
