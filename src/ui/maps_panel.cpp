// SPDX-License-Identifier: MIT
#include "ui/maps_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <glm/glm.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "scene/sea_check.h"

namespace oceanfft::ui {
MapsPanel::MapsPanel(const gl::ShaderLibrary& shaders)
    : program_(shaders.compute("ui/map_view.comp")),
      height_(shaders.context(), GL_TEXTURE_2D, GL_RGBA8, kPreviewSize, kPreviewSize),
      displacement_(shaders.context(), GL_TEXTURE_2D, GL_RGBA8, kPreviewSize, kPreviewSize),
      normal_(shaders.context(), GL_TEXTURE_2D, GL_RGBA8, kPreviewSize, kPreviewSize),
      foam_(shaders.context(), GL_TEXTURE_2D, GL_RGBA8, kPreviewSize, kPreviewSize) {
  // Previews are shown at their own size or smaller; linear looks better than nearest there.
  for (const gl::Texture* t : {&height_, &displacement_, &normal_, &foam_}) {
    glBindTexture(GL_TEXTURE_2D, t->id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  }
  glBindTexture(GL_TEXTURE_2D, 0);
}

void MapsPanel::update(const ocean::Simulation& sim) {
  glUseProgram(program_.id());
  // Average the map down to the preview through its mipmaps rather than skipping texels.
  const float lod = std::max(0.0f, std::log2(float(sim.size()) / kPreviewSize));
  // The cascade count may have dropped since the selector was last drawn.
  cascade_ = std::clamp(cascade_, 0, sim.cascades() - 1);
  glUniform1i(gl::uniform(program_, "u_layer"), cascade_);
  auto run = [&](const gl::Texture& source, const gl::Texture& target, int mode, const glm::mat4& m,
                 const float bias[4]) {
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D_ARRAY, source.id());
    glBindImageTexture(0, target.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    glUniform1i(gl::uniform(program_, "u_mode"), mode);
    glUniformMatrix4fv(gl::uniform(program_, "u_matrix"), 1, GL_FALSE, glm::value_ptr(m));
    glUniform4fv(gl::uniform(program_, "u_bias"), 1, bias);
    glUniform1f(gl::uniform(program_, "u_slope_scale"), slope_scale_);
    glUniform1f(gl::uniform(program_, "u_lod"), lod);
    glDispatchCompute(kPreviewSize / 8, kPreviewSize / 8, 1);
  };
  const float half[4] = {0.5f, 0.5f, 0.5f, 1.0f};
  // Height: dark blue troughs to white crests.
  {
    glm::mat4 m(0.0f);  // colour = m * texel + bias; m[column][row]
    const float s = 0.5f / height_range_;
    m[1][0] = s;
    m[1][1] = s;
    m[1][2] = 0.6f * s;
    const float bias[4] = {0.5f, 0.5f, 0.7f, 1.0f};
    run(sim.displacement(), height_, 0, m, bias);
  }
  {
    glm::mat4 m(0.0f);  // colour = m * texel + bias; m[column][row]
    const float s = 0.5f / displacement_range_;
    m[0][0] = s;
    m[1][1] = s;
    m[2][2] = s;
    run(sim.displacement(), displacement_, 0, m, half);
  }
  // derivatives().xy are the cascade's own slopes dh/dx, dh/dz.
  run(sim.derivatives(), normal_, 1, glm::mat4(0.0f), half);
  {
    glm::mat4 m(0.0f);  // colour = m * texel + bias; m[column][row]
    m[0][0] = 1.0f;
    m[0][1] = 1.0f;
    m[0][2] = 1.0f;
    const float bias[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    run(sim.foam_slopes(), foam_, 0, m, bias);
  }
  glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
  glUseProgram(0);
  // ImGui samples the previews in its fragment shader.
  glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
}

void MapsPanel::draw(const ocean::Simulation& sim) {
  if (ImGui::Begin("Maps")) {
    if (sim.cascades() > 1) {
      ImGui::PushItemWidth(120);
      ImGui::SliderInt("cascade", &cascade_, 0, sim.cascades() - 1);
      ImGui::PopItemWidth();
    }
    cascade_ = std::clamp(cascade_, 0, sim.cascades() - 1);
    if (auto_scale_ && (scaled_cascade_ != cascade_ || !scaled_for_ || !scene::same_sea(*scaled_for_, sim.params()))) {
      const ocean::Params& p = sim.params();
      const ocean::CascadeBand& b = sim.bands()[size_t(cascade_)];
      // 2.5 standard deviations fill the colour range: crests of most waves stay unclipped.
      const double sigma = std::sqrt(std::max(0.0, ocean::band_variance(p.spectrum, p.depth, b.k_lo, b.k_hi)));
      height_range_ = std::clamp(float(2.5 * sigma), 0.01f, 50.0f);
      displacement_range_ = height_range_;
      scaled_for_ = p;
      scaled_cascade_ = cascade_;
    }
    update(sim);
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    // Two rows of two images, each with a label, plus the two info lines and the scales node.
    const float w = std::max(32.0f, std::min((avail.x - 8) / 2, (avail.y - 5 * line - 12) / 2));
    auto image = [&](const char* label, const gl::Texture& t) {
      ImGui::BeginGroup();
      ImGui::TextUnformatted(label);
      ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(t.id())), ImVec2(w, w));
      ImGui::EndGroup();
    };
    image("height", height_);
    ImGui::SameLine();
    image("displacement xyz", displacement_);
    image("normal", normal_);
    ImGui::SameLine();
    image("foam", foam_);
    const ocean::CascadeBand& band = sim.bands()[size_t(cascade_)];
    ImGui::Text("%d x %d, %.1f m patch", sim.size(), sim.size(), band.patch_size);
    ImGui::Text("k in [%.3g, %.3g) rad/m", band.k_lo, band.k_hi);
    if (ImGui::TreeNode("scales")) {
      ImGui::PushItemWidth(120);
      if (ImGui::Checkbox("auto (2.5 sigma of the band)", &auto_scale_) && auto_scale_) scaled_cascade_ = -1;
      bool edited = ImGui::SliderFloat("height (m)", &height_range_, 0.01f, 50.0f, "%.2f", ImGuiSliderFlags_Logarithmic);
      edited |= ImGui::SliderFloat("displacement (m)", &displacement_range_, 0.01f, 50.0f, "%.2f",
                                   ImGuiSliderFlags_Logarithmic);
      if (edited) auto_scale_ = false;
      ImGui::SliderFloat("normal x", &slope_scale_, 0.1f, 10.0f, "%.1f", ImGuiSliderFlags_Logarithmic);
      ImGui::PopItemWidth();
      ImGui::TreePop();
    }
  }
  ImGui::End();
}

}  // namespace oceanfft::ui
