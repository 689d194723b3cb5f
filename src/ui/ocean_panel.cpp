// SPDX-License-Identifier: MIT
#include "ui/ocean_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include <glm/glm.hpp>

namespace oceanfft::ui {

namespace {

// The physical check, one line at the top of the panel so it stays in view while editing.
void draw_sea_check(const scene::SeaCheck& check) {
  const auto measured = check.measured_hs();
  const auto error = check.error_percent();
  if (measured && error) {
    ImGui::Text("Hs %.3f m measured, %.3f m theory", *measured, check.theory_hs());
    ImGui::SameLine();
    const bool ok = std::abs(*error) <= 5.0;
    ImGui::TextColored(ok ? ImVec4(0.5f, 0.9f, 0.5f, 1.0f) : ImVec4(1.0f, 0.7f, 0.3f, 1.0f), "%+.1f%%",
                       *error);
  } else {
    ImGui::Text("Hs - measured, %.3f m theory", check.theory_hs());
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "measured: 4 sqrt(sum over cascades of the mean h^2), averaged over the last %d frames\n"
        "(%d samples, one every %d frames); theory: 4 sqrt(m0) of the spectrum over the\n"
        "simulated k band. Within 5%% shows green.",
        scene::SeaCheck::kEvery * std::max(check.samples(), 1), check.samples(), scene::SeaCheck::kEvery);
  if (const auto mss = check.mss()) {
    ImGui::Text("slope var %.4f, Cox-Munk %.4f (%+.0f%%)", *mss, check.mss_cox_munk(),
                check.mss_cox_munk() > 0 ? (*mss / check.mss_cox_munk() - 1.0) * 100.0 : 0.0);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("mean square slope: the cascades' (measured on the maps) + the sub-grid\n"
                        "ripples the shading adds (Elfouhaily 1997's short waves beyond the last\n"
                        "cascade); Cox & Munk 1954 clean sea: 0.003 + 5.12e-3 U10.");
  }
  if (const auto cov = check.coverage()) {
    ImGui::Text("whitecaps %.2f%%, Monahan %.2f%%", *cov * 100.0, check.coverage_monahan() * 100.0);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("active whitecap coverage: the mean over the sea of the cascades'\n"
                        "active foam maps summed (the white water's share of the area);\n"
                        "Monahan & O'Muircheartaigh 1980: 3.84e-6 U10^3.41.");
  }
}

void draw_peak(const ocean::WaveComponent& c) {
  const double wp = ocean::peak_omega(c);
  if (wp > 0) ImGui::Text("peak: %.3f rad/s, period %.1f s", wp, 2.0 * std::numbers::pi / wp);
}

// S(w) summed over the components up to 4 peak frequencies, and the wind sea's D(theta).
void draw_spectrum_plots(const ocean::Params& p) {
  const ocean::SpectrumParams& sp = p.spectrum;
  double wp = ocean::peak_omega(sp.wind);
  if (sp.swell.scale > 0.0f) wp = std::max(wp, ocean::peak_omega(sp.swell));
  const double w_max = 4.0 * (wp > 0 ? wp : 1.0);
  constexpr int kPoints = 96;
  const std::vector<float> s = ocean::plot_frequency_spectrum(sp, p.depth, w_max, kPoints);
  const std::vector<float> d = ocean::plot_spreading(sp, kPoints);
  const float width = ImGui::GetContentRegionAvail().x;
  if (!s.empty()) {
    const float peak = *std::max_element(s.begin(), s.end());
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "S(w), w to %.2f rad/s", w_max);
    ImGui::PlotLines("##S", s.data(), int(s.size()), 0, overlay, 0.0f, peak * 1.1f + 1e-12f,
                     ImVec2(width, 50));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("peak %.3g m^2 s/rad", double(peak));
  }
  if (!d.empty()) {
    const float peak = *std::max_element(d.begin(), d.end());
    ImGui::PlotLines("##D", d.data(), int(d.size()), 0, "D(theta), -pi..pi", 0.0f, peak * 1.1f + 1e-12f,
                     ImVec2(width, 40));
  }
}

}  // namespace

void OceanPanel::draw(scene::Settings& next, const View& view) {
  if (ImGui::Begin("Ocean")) {
    ocean::SpectrumParams& sp = next.ocean.spectrum;
    if (!view.status.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", view.status.c_str());
    ImGui::PushItemWidth(ImGui::GetFontSize() * 10);
    if (draw_setting_group("Sea", next) && sp.swell.scale > 0.0f) swell_strength_ = sp.swell.scale;
    draw_sea_check(view.check);

    if (ImGui::CollapsingHeader("Wind sea", ImGuiTreeNodeFlags_DefaultOpen)) {
      draw_setting_group("Wind sea", next);
      draw_peak(sp.wind);
      draw_spectrum_plots(next.ocean);
    }

    if (ImGui::CollapsingHeader("Swell")) {
      bool on = sp.swell.scale > 0.0f;
      if (ImGui::Checkbox("swell on", &on)) sp.swell.scale = on ? swell_strength_ : 0.0f;
      if (draw_setting_group("Swell", next) && sp.swell.scale > 0.0f) swell_strength_ = sp.swell.scale;
      if (on) draw_peak(sp.swell);
    }

    if (ImGui::CollapsingHeader("Cascades")) {
      draw_setting_group("Cascades", next);
      for (const ocean::CascadeBand& b : view.sim.bands())
        ImGui::TextDisabled("%.4g m: k in [%.3g, %.3g) rad/m, %.3g .. %.3g m waves", b.patch_size, b.k_lo,
                            b.k_hi, 2.0 * std::numbers::pi / b.k_hi,
                            b.k_lo > 0 ? 2.0 * std::numbers::pi / b.k_lo : INFINITY);
    }

    if (ImGui::CollapsingHeader("Foam")) draw_setting_group("Foam", next);

    if (ImGui::CollapsingHeader("Time")) {
      draw_setting_group("Time", next);
      ImGui::Text("t = %.2f s (simulated %.2f s)", view.time, view.sim.simulated_time());
    }

    if (ImGui::CollapsingHeader("Sky")) draw_setting_group("Sky", next);
    if (ImGui::CollapsingHeader("Floating")) draw_setting_group("Floating", next);
    if (ImGui::CollapsingHeader("Shading")) {
      draw_setting_group("Shading", next);
      ImGui::Text("%d vertices, %d triangles", view.renderer.vertex_count(), view.renderer.triangle_count());
    }
    ImGui::PopItemWidth();
  }
  ImGui::End();
}

}  // namespace oceanfft::ui
