// SPDX-License-Identifier: MIT
#include "ui/profiler_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace oceanfft::ui {
namespace {

void stat_row(const char* label, const profiler::SlidingStats& w) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(label);
  ImGui::TableNextColumn();
  ImGui::Text("%.3f", w.last());
  ImGui::TableNextColumn();
  ImGui::Text("%.3f", w.average());
  ImGui::TableNextColumn();
  ImGui::Text("%.3f", w.min());
  ImGui::TableNextColumn();
  ImGui::Text("%.3f", w.max());
}

void frame_graph(const char* label, const std::vector<float>& values) {
  if (values.empty()) return;
  const float top = *std::max_element(values.begin(), values.end());
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, "%s: %.2f ms (max %.2f)", label, values.back(), top);
  ImGui::PlotLines((std::string("##") + label).c_str(), values.data(), int(values.size()), 0,
                   overlay, 0.0f, top * 1.1f + 1e-3f,
                   // 1.86's PlotEx takes the size literally (no "-1 = fill"), so ask for the width.
                   ImVec2(ImGui::GetContentRegionAvail().x, 60.0f));
}

}  // namespace

void draw_profiler_panel(const profiler::Profiler& p) {
  if (!ImGui::Begin("Profiler")) {
    ImGui::End();
    return;
  }
  if (p.gpu_timers_unavailable()) {
    ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.2f, 1.0f),
                       "GPU timers unavailable: CPU timings with glFinish");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.unavailable_reason().c_str());
  } else {
    ImGui::Text("timer: %s", p.timer_label());
  }
  ImGui::Text("frames: %lld collected, %d in flight, %lld dropped",
              (long long)p.frames_collected(), p.frames_pending(), (long long)p.frames_dropped());

  // cooley-tukey at 4096 has 26 passes: long tables scroll inside a box, short ones take
  // only the room they need.
  const int rows = int(p.passes().size()) + 1;
  const bool scroll = rows > 16;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit |
                                (scroll ? ImGuiTableFlags_ScrollY : ImGuiTableFlags_None);
  const ImVec2 size(0.0f, scroll ? ImGui::GetTextLineHeightWithSpacing() * 16.0f : 0.0f);
  if (ImGui::BeginTable("passes", 6, flags, size)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("pass", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("last ms");
    ImGui::TableSetupColumn("avg ms");
    ImGui::TableSetupColumn("min ms");
    ImGui::TableSetupColumn("max ms");
    ImGui::TableSetupColumn("GB/s");
    ImGui::TableHeadersRow();
    for (const profiler::PassStats& s : p.passes()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Indent(float(s.depth) * 12.0f + 1e-3f);
      ImGui::TextUnformatted(s.name.c_str());
      ImGui::Unindent(float(s.depth) * 12.0f + 1e-3f);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", s.ms.last());
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", s.ms.average());
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", s.ms.min());
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", s.ms.max());
      ImGui::TableNextColumn();
      if (s.bytes > 0)
        ImGui::Text("%.1f", s.gbps());
      else
        ImGui::TextDisabled("-");
    }
    ImGui::EndTable();
  }

  if (ImGui::BeginTable("totals", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("total", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("last ms");
    ImGui::TableSetupColumn("avg ms");
    ImGui::TableSetupColumn("min ms");
    ImGui::TableSetupColumn("max ms");
    ImGui::TableHeadersRow();
    // The fused ocean step runs the FFT inside its own passes, whose time the FFT total leaves
    // out: those passes get a row of their own, labelled as FFT and ocean work together.
    if (p.fft_in_fused_passes()) {
      stat_row("FFT (outside fused passes)", p.fft_total());
      stat_row("fused passes (FFT + ocean)", p.fused_total());
    } else {
      stat_row("FFT", p.fft_total());
    }
    stat_row("frame (passes)", p.frame_total());
    stat_row("frame (CPU wall)", p.cpu_frame());
    ImGui::EndTable();
  }
  const std::vector<profiler::Comparison> table = p.comparisons();
  if (ImGui::CollapsingHeader("Comparison", ImGuiTreeNodeFlags_DefaultOpen)) {
    if (table.empty()) {
      ImGui::TextDisabled("switch algorithm or size; each steady setting adds a row");
    } else if (ImGui::BeginTable("comparison", 4,
                                 ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
      ImGui::TableSetupColumn("algorithm", ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableSetupColumn("N");
      ImGui::TableSetupColumn("FFT ms");
      ImGui::TableSetupColumn("timer");
      ImGui::TableHeadersRow();
      for (const profiler::Comparison& c : table) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(c.algorithm.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d", c.size);
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", c.fft_ms);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(c.timer == profiler::TimerKind::Gpu ? "gpu" : "cpu-glfinish");
      }
      ImGui::EndTable();
    }
  }
  // The graphs last: the comparison table is what users toggle algorithms to fill.
  frame_graph("CPU frame", p.cpu_history());
  frame_graph(p.timer() == profiler::TimerKind::Gpu ? "GPU passes" : "passes (CPU+glFinish)",
              p.gpu_history());

  ImGui::End();
}

}  // namespace oceanfft::ui
