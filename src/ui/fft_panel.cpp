// SPDX-License-Identifier: MIT
#include "ui/fft_panel.h"

#include <imgui.h>

#include <string>

namespace oceanfft::ui {

std::vector<int> offered_sizes(const gl::Limits& limits, int layers) {
  std::vector<int> sizes;
  for (int n = kMinOceanSize; n <= fft::kMaxSize; n *= 2) {
    fft::Options o;
    o.width = o.height = n;
    o.layers = layers;
    if (n <= kMaxDefaultOceanSize || fft::validate(o, limits) == fft::Status::Ok) sizes.push_back(n);
  }
  return sizes;
}

bool draw_fft_widgets(FftChoice& choice, std::span<const int> sizes) {
  bool changed = false;
  std::string current(fft::name(choice.algorithm));
  if (ImGui::BeginCombo("algorithm", current.c_str())) {
    for (fft::Algorithm a : fft::all_algorithms()) {
      std::string label(fft::name(a));
      bool selected = a == choice.algorithm;
      if (ImGui::Selectable(label.c_str(), selected) && !selected) {
        choice.algorithm = a;
        changed = true;
      }
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
  if (!sizes.empty()) {
    std::string label = std::to_string(choice.size) + " x " + std::to_string(choice.size);
    if (ImGui::BeginCombo("size", label.c_str())) {
      for (int n : sizes) {
        std::string item = std::to_string(n) + " x " + std::to_string(n);
        bool selected = n == choice.size;
        if (ImGui::Selectable(item.c_str(), selected) && !selected) {
          choice.size = n;
          changed = true;
        }
        if (selected) ImGui::SetItemDefaultFocus();
      }
      ImGui::EndCombo();
    }
  }
  return changed;
}

}  // namespace oceanfft::ui
