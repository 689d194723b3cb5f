// SPDX-License-Identifier: MIT
#include "ui/viewer_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "gl/error.h"
#include "viewer/image.h"

namespace oceanfft::ui {
namespace fs = std::filesystem;
namespace {

using Kind = viewer::Filter::Kind;
constexpr Kind kKinds[] = {Kind::None, Kind::LowPass, Kind::HighPass, Kind::Gauss, Kind::Band};
constexpr const char* kKindNames = "none\0ideal low-pass\0ideal high-pass\0Gaussian low-pass\0band-pass\0\0";
enum SaveWhat { kSpectrum, kReconstruction, kDifference };

void copy_to(char* dst, size_t size, const std::string& src) {
  std::snprintf(dst, size, "%s", src.c_str());
}

}  // namespace

ViewerPanel::ViewerPanel(const gl::ShaderLibrary& shaders) : roundtrip_(shaders) {
  copy_to(save_dir_, sizeof save_dir_, ".");
  settings_ = roundtrip_.settings();
}

ViewerPanel::~ViewerPanel() = default;

void ViewerPanel::load(const std::string& path) {
  try {
    viewer::Image image = viewer::load_image(path);
    roundtrip_.set_image(std::move(image));
    path_ = path;
    copy_to(path_field_, sizeof path_field_, path);
    error_.clear();
    status_ = "loaded " + path;
  } catch (const std::exception& e) {
    error_ = e.what();
  } catch (...) {
    error_ = "unknown error while loading '" + path + "'";
  }
}

void ViewerPanel::apply(const viewer::Settings& settings) {
  if (settings == roundtrip_.settings() || (has_failed_ && settings == failed_)) return;
  try {
    roundtrip_.configure(settings);
    has_failed_ = false;
  } catch (const std::exception& e) {
    error_ = e.what();
    failed_ = settings;
    has_failed_ = true;
  }
}

void ViewerPanel::save(int what) {
  const char* suffix = what == kSpectrum ? "spectrum" : what == kReconstruction ? "reconstruction" : "difference";
  const std::string stem = path_.empty() ? "image" : fs::path(path_).stem().string();
  const std::string out = (fs::path(save_dir_) / (stem + "-" + suffix + ".png")).string();
  try {
    if (what == kSpectrum) roundtrip_.save_spectrum(out);
    else if (what == kReconstruction) roundtrip_.save_reconstruction(out);
    else roundtrip_.save_difference(out);
    status_ = "saved " + out;
    error_.clear();
  } catch (const std::exception& e) {
    error_ = e.what();
  }
}

void ViewerPanel::draw(fft::Algorithm algorithm) {
  // Work first, widgets after: every texture the views below name stays alive until the frame
  // has been rendered. The previous frame has been rendered by now, so the textures of an
  // image replaced since (by load() from a drop or a script, even mid-frame) can go.
  roundtrip_.release_retired();
  if (!pending_load_.empty()) {
    std::string path;
    path.swap(pending_load_);
    load(path);
  }
  settings_.algorithm = algorithm;
  apply(settings_);

  ImGui::SetNextWindowPos(ImVec2(346, 28), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(920, 680), ImGuiCond_FirstUseEver);
  if (ImGui::Begin("Image FFT")) {
    ImGui::SetNextItemWidth(-120.0f);
    const bool enter = ImGui::InputTextWithHint("##path", "image path (PNG, JPEG, BMP, TGA)", path_field_,
                                                sizeof path_field_, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("Load") || enter) && path_field_[0]) pending_load_ = path_field_;
    if (!error_.empty()) ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.35f, 1.0f), "error: %s", error_.c_str());
    else if (!status_.empty()) ImGui::TextDisabled("%s", status_.c_str());

    if (!roundtrip_.loaded()) {
      ImGui::TextDisabled("No image: type a path above or drop an image file on the window.");
    } else {
      draw_controls();
      draw_views();
    }
  }
  ImGui::End();
}

void ViewerPanel::draw_controls() {
  viewer::Settings& s = settings_;
  const viewer::Image& img = roundtrip_.image();
  const int pw = roundtrip_.padded_width(), ph = roundtrip_.padded_height();

  if (ImGui::BeginTable("##controls", 2, ImGuiTableFlags_SizingStretchSame)) {
    ImGui::TableNextColumn();
    ImGui::TextUnformatted("padding");
    ImGui::SameLine();
    if (ImGui::RadioButton("none", s.padding == viewer::Padding::None)) s.padding = viewer::Padding::None;
    ImGui::SameLine();
    if (ImGui::RadioButton("zero", s.padding == viewer::Padding::Zero)) s.padding = viewer::Padding::Zero;
    ImGui::SameLine();
    if (ImGui::RadioButton("mirror", s.padding == viewer::Padding::Mirror)) s.padding = viewer::Padding::Mirror;
    ImGui::TextUnformatted("spectrum");
    ImGui::SameLine();
    if (ImGui::RadioButton("per channel", !s.luminance)) s.luminance = false;
    ImGui::SameLine();
    if (ImGui::RadioButton("luminance", s.luminance)) s.luminance = true;
    ImGui::SliderFloat("spectrum gain", &s.spectrum_gain, 0.25f, 4.0f, "%.2f", ImGuiSliderFlags_Logarithmic);
    ImGui::Checkbox("auto difference gain", &auto_difference_gain_);
    if (!auto_difference_gain_)
      ImGui::SliderFloat("difference gain", &difference_gain_, 1.0f, 1e7f, "%.3g", ImGuiSliderFlags_Logarithmic);
    s.difference_gain = auto_difference_gain_ ? 0.0f : difference_gain_;

    ImGui::TableNextColumn();
    // Radii are in bins on the padded grid; the corner bin is the farthest from DC.
    const float max_r = std::hypot(float(pw / 2), float(ph / 2));
    ImGui::Combo("filter", &filter_index_, kKindNames);
    viewer::Filter f;
    f.kind = kKinds[std::clamp(filter_index_, 0, 4)];
    switch (f.kind) {
      case Kind::None: break;
      case Kind::LowPass:
      case Kind::HighPass:
        ImGui::SliderFloat("radius (bins)", &radius_, 0.0f, max_r, "%.1f");
        f.r1 = radius_;
        break;
      case Kind::Gauss:
        ImGui::SliderFloat("sigma (bins)", &sigma_, 0.5f, max_r, "%.1f", ImGuiSliderFlags_Logarithmic);
        f.r1 = std::max(sigma_, 0.5f);
        break;
      case Kind::Band:
        ImGui::SliderFloat("inner radius", &band_inner_, 0.0f, max_r, "%.1f");
        ImGui::SliderFloat("outer radius", &band_outer_, 0.0f, max_r, "%.1f");
        band_outer_ = std::max(band_outer_, band_inner_);
        f.r1 = band_inner_;
        f.r2 = band_outer_;
        break;
    }
    s.filter = f;

    const viewer::Errors& e = roundtrip_.errors();
    if (roundtrip_.padding_used() == viewer::Padding::None)
      ImGui::Text("%dx%d, %d channel(s), %d-bit; transformed at its own size", img.width,
                  img.height, img.channels, img.bits);
    else if (roundtrip_.padding_used() != roundtrip_.settings().padding)
      ImGui::Text("%dx%d, %d channel(s), %d-bit; zero-padded to %dx%d (%s takes powers of two)",
                  img.width, img.height, img.channels, img.bits, pw, ph,
                  std::string(fft::name(roundtrip_.settings().algorithm)).c_str());
    else
      ImGui::Text("%dx%d, %d channel(s), %d-bit; padded %dx%d", img.width, img.height,
                  img.channels, img.bits, pw, ph);
    if (std::isinf(e.psnr_db))
      ImGui::Text("max |err| %.3g   RMS %.3g   PSNR exact", e.max_abs, e.rms);
    else
      ImGui::Text("max |err| %.3g   RMS %.3g   PSNR %.2f dB", e.max_abs, e.rms, e.psnr_db);
    ImGui::EndTable();
  }

  ImGui::SetNextItemWidth(260.0f);
  ImGui::InputTextWithHint("##savedir", "folder to save into", save_dir_, sizeof save_dir_);
  ImGui::SameLine();
  if (ImGui::Button("Save spectrum")) save(kSpectrum);
  ImGui::SameLine();
  if (ImGui::Button("Save reconstruction")) save(kReconstruction);
  ImGui::SameLine();
  if (ImGui::Button("Save difference")) save(kDifference);
}

void ViewerPanel::draw_views() {
  const int pw = roundtrip_.padded_width(), ph = roundtrip_.padded_height();
  const viewer::Image& img = roundtrip_.image();
  struct View {
    const char* caption;
    const gl::Texture& tex;
    bool spectral;
  } views[] = {
      {"original", roundtrip_.original_view(), false},
      {"log-magnitude spectrum (DC centred)", roundtrip_.spectrum_view(), true},
      {"phase", roundtrip_.phase_view(), true},
      {"reconstruction", roundtrip_.reconstruction_view(), false},
      {"difference (amplified)", roundtrip_.difference_view(), false},
  };
  if (!ImGui::BeginTable("##views", 3, ImGuiTableFlags_SizingStretchSame)) return;
  for (const View& v : views) {
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(v.caption);
    const float w = ImGui::GetContentRegionAvail().x;
    const float aspect = float(v.tex.height()) / float(std::max(v.tex.width(), 1));
    const ImVec2 size(w, w * aspect);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::Image((ImTextureID)(intptr_t)v.tex.id(), size);
    if (ImGui::IsItemHovered() && size.x > 0 && size.y > 0) {
      const ImVec2 m = ImGui::GetIO().MousePos;
      const float u = (m.x - origin.x) / size.x, t = (m.y - origin.y) / size.y;
      if (v.spectral) {
        // The view is centred: pixel (W/2, H/2) is DC.
        const int kx = std::clamp(int(u * pw), 0, pw - 1) - pw / 2;
        const int ky = std::clamp(int(t * ph), 0, ph - 1) - ph / 2;
        ImGui::SetTooltip("bin (%d, %d), radius %.1f", kx, ky, std::hypot(float(kx), float(ky)));
      } else {
        ImGui::SetTooltip("pixel (%d, %d)", std::clamp(int(u * img.width), 0, img.width - 1),
                          std::clamp(int(t * img.height), 0, img.height - 1));
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace oceanfft::ui
