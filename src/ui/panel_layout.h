// SPDX-License-Identifier: MIT
#pragma once
// Where the window app's panels sit: docked at the sides of the view, the sea in the middle.
// All panels start closed behind the menu bar's toggles; an opened panel docks at its side
// (Ocean, FFT and Camera on the left, Maps and Profiler on the right), a quarter of the width
// at 1280x720. The layout follows the window size and the UI scale: when either (or the set of
// open panels) changes, the open panels dock again; in between, they can be moved and resized.
#include <array>
#include <cstddef>

struct ImVec2;

namespace oceanfft::ui {

enum class Panel { Ocean, Fft, Camera, Maps, Profiler };
constexpr int kPanels = 5;
const char* panel_name(Panel p);

class PanelLayout {
 public:
  bool& open(Panel p) { return open_[std::size_t(p)]; }
  bool is_open(Panel p) const { return open_[std::size_t(p)]; }
  // Once per frame, before the panels: the display size, the UI scale and the menu bar's height.
  void begin_frame(float width, float height, float scale, float top);
  // Places the next ImGui window where panel `p` docks (when it must be docked again).
  void place(Panel p) const;
  // The docked rectangle of `p` given what is open now: x, y, width, height.
  std::array<float, 4> rect(Panel p) const;

 private:
  std::array<bool, kPanels> open_{};
  std::array<bool, kPanels> last_open_{};
  float width_ = 0, height_ = 0, scale_ = 0, top_ = 0;
  bool redock_ = true;
};

// The UI scale for a window: the monitor's content scale, times the window height against
// 720 pixels (clamped to 0.85 .. 1.6), so a 4K fullscreen gets larger text and a small
// window keeps readable text.
float ui_scale(float content_scale, float window_height);

}  // namespace oceanfft::ui
