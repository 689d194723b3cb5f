// SPDX-License-Identifier: MIT
#include "ui/help_overlay.h"

#include <imgui.h>

#include "ui/keys.h"

namespace oceanfft::ui {

std::vector<std::string> draw_help_overlay(bool& open) {
  std::vector<std::string> drawn;
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowBgAlpha(0.88f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove;
  if (ImGui::Begin("Keys and mouse###help", &open, flags)) {
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
      for (const auto& [keys, what] : help_rows()) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(keys.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(what.c_str());
        drawn.push_back(keys + ": " + what);
      }
      ImGui::EndTable();
    }
    ImGui::TextDisabled("Panels: the toggles in the menu bar; hover a control for its script key.");
  }
  ImGui::End();
  return drawn;
}

}  // namespace oceanfft::ui
