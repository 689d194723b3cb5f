// SPDX-License-Identifier: MIT
#include "ui/panel_layout.h"

#include <imgui.h>

#include <algorithm>

namespace oceanfft::ui {

const char* panel_name(Panel p) {
  switch (p) {
    case Panel::Ocean: return "Ocean";
    case Panel::Fft: return "FFT";
    case Panel::Camera: return "Camera";
    case Panel::Maps: return "Maps";
    case Panel::Profiler: return "Profiler";
  }
  return "";
}

float ui_scale(float content_scale, float window_height) {
  const float cs = content_scale > 0.1f && content_scale < 8.0f ? content_scale : 1.0f;
  return cs * std::clamp(window_height / 720.0f, 0.85f, 1.6f);
}

void PanelLayout::begin_frame(float width, float height, float scale, float top) {
  if (width != width_ || height != height_ || scale != scale_ || top != top_ || open_ != last_open_)
    redock_ = true;
  else
    redock_ = false;
  width_ = width;
  height_ = height;
  scale_ = scale;
  top_ = top;
  last_open_ = open_;
}

std::array<float, 4> PanelLayout::rect(Panel p) const {
  const float side = std::clamp(width_ * 0.25f, std::min(width_, 240.0f * scale_), 480.0f * scale_);
  const float avail = std::max(height_ - top_, 1.0f);
  const float line = ImGui::GetFrameHeightWithSpacing();
  // Left: FFT and Camera take the rows they need, the Ocean panel the rest of the height.
  const float fft_h = std::min(avail, line * 5.0f);
  const float camera_h = std::min(avail, line * 8.0f);
  if (p == Panel::Ocean || p == Panel::Fft || p == Panel::Camera) {
    float fixed = 0;
    if (is_open(Panel::Fft)) fixed += fft_h;
    if (is_open(Panel::Camera)) fixed += camera_h;
    const float ocean_h = std::max(avail - fixed, std::min(avail, line * 8.0f));
    float y = top_;
    for (Panel q : {Panel::Ocean, Panel::Fft, Panel::Camera}) {
      const float h = q == Panel::Ocean ? ocean_h : q == Panel::Fft ? fft_h : camera_h;
      if (q == p) return {0.0f, std::min(y, height_ - h), side, h};
      if (is_open(q)) y += h;
    }
  }
  // Right: Maps above the Profiler, halving the height when both are open. The profiler's
  // table needs more width than a quarter of the view to show its pass names whole.
  const bool both = is_open(Panel::Maps) && is_open(Panel::Profiler);
  const float h = both ? avail * 0.5f : avail;
  if (p == Panel::Maps) return {width_ - side, top_, side, h};
  const float w = std::min(width_, std::max(side, 500.0f * scale_));
  return {width_ - w, both ? top_ + h : top_, w, h};
}

void PanelLayout::place(Panel p) const {
  const auto r = rect(p);
  const ImGuiCond cond = redock_ ? ImGuiCond_Always : ImGuiCond_Appearing;
  ImGui::SetNextWindowPos(ImVec2(r[0], r[1]), cond);
  ImGui::SetNextWindowSize(ImVec2(r[2], r[3]), cond);
}

}  // namespace oceanfft::ui
