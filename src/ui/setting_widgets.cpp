// SPDX-License-Identifier: MIT
#include "ui/setting_widgets.h"

#include <imgui.h>

namespace oceanfft::ui {

bool draw_setting(const scene::Setting& row, scene::Settings& s) {
  ImGui::PushID(row.key.c_str());
  bool changed = false;
  const char* label = row.label.c_str();
  switch (row.kind) {
    case scene::Kind::Number: {
      // Ctrl+click typing is clamped too, so the panel accepts exactly what a script does.
      ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp;
      if (row.log) flags |= ImGuiSliderFlags_Logarithmic;
      changed = ImGui::SliderFloat(label, std::get<float*>(row.ref(s)), float(row.min), float(row.max),
                                   row.format.empty() ? "%.3g" : row.format.c_str(), flags);
      break;
    }
    case scene::Kind::Integer:
      changed = ImGui::SliderInt(label, std::get<int*>(row.ref(s)), int(row.min), int(row.max), "%d",
                                 ImGuiSliderFlags_AlwaysClamp);
      break;
    case scene::Kind::Switch:
      changed = ImGui::Checkbox(label, std::get<bool*>(row.ref(s)));
      break;
    case scene::Kind::Seed:
      changed = ImGui::InputScalar(label, ImGuiDataType_U64, std::get<uint64_t*>(row.ref(s)));
      break;
    case scene::Kind::Choice: {
      const int current = row.get_choice(s);
      const char* preview = current >= 0 ? row.choices[size_t(current)].c_str() : "custom";
      if (ImGui::BeginCombo(label, preview)) {
        for (size_t i = 0; i < row.choices.size(); ++i) {
          const bool selected = int(i) == current;
          if (ImGui::Selectable(row.choices[i].c_str(), selected) && !selected) {
            row.set_choice(s, int(i));
            changed = true;
          }
          if (selected) ImGui::SetItemDefaultFocus();
        }
        ImGui::EndCombo();
      }
      break;
    }
  }
  if (changed && row.then) row.then(s);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s\n%s", row.key.c_str(), row.help.c_str(),
                                                scene::accepted_values(row).c_str());
  ImGui::PopID();
  return changed;
}

bool draw_setting_group(std::string_view group, scene::Settings& s) {
  bool changed = false;
  for (const scene::Setting& row : scene::settings_table())
    if (row.group == group && (!row.shown || row.shown(s))) changed |= draw_setting(row, s);
  return changed;
}

}  // namespace oceanfft::ui
