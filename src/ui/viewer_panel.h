// SPDX-License-Identifier: MIT
#pragma once
// The Image FFT mode's ImGui panel: load an image, pick padding, filter and views, and see the
// spectrum, reconstruction and round-trip error. The app owns the window and the algorithm
// choice (shared with the ocean) and calls draw() once per frame inside an ImGui frame.
#include <memory>
#include <string>

#include "fft/fft.h"
#include "gl/shader.h"
#include "viewer/roundtrip.h"

namespace oceanfft::ui {

class ViewerPanel {
 public:
  // Works in shaders.context(), which must be current; compiles the viewer's shaders (throws
  // oceanfft::Error if they fail).
  explicit ViewerPanel(const gl::ShaderLibrary& shaders);
  ~ViewerPanel();
  ViewerPanel(const ViewerPanel&) = delete;
  ViewerPanel& operator=(const ViewerPanel&) = delete;

  // Loads and transforms an image (command line, path field, drag-and-drop). Never throws: a
  // failure sets error() and the previous image stays loaded. Call it outside an ImGui frame
  // or before draw(): it replaces the textures the previous frame's views showed.
  void load(const std::string& path);
  // One ImGui window ("Image FFT"). Control changes take effect at the start of the next
  // draw(), before any view is submitted, so no texture dies while ImGui still refers to it.
  void draw(fft::Algorithm algorithm);

  const std::string& error() const { return error_; }
  const std::string& status() const { return status_; }
  bool has_image() const { return roundtrip_.loaded(); }
  const viewer::RoundTrip& roundtrip() const { return roundtrip_; }

 private:
  void apply(const viewer::Settings& settings);
  void save(int what);
  void draw_controls();
  void draw_views();

  viewer::RoundTrip roundtrip_;
  viewer::Settings settings_;
  std::string path_;         // last loaded image
  char path_field_[1024] = {};
  char save_dir_[1024] = {};
  int filter_index_ = 0;     // combo selection
  float radius_ = 16.0f, sigma_ = 16.0f, band_inner_ = 8.0f, band_outer_ = 32.0f;
  bool auto_difference_gain_ = true;
  float difference_gain_ = 1e5f;
  std::string pending_load_;  // from the Load button, done at the next draw()
  bool has_failed_ = false;   // settings that failed once are not retried every frame
  viewer::Settings failed_;
  std::string error_;
  std::string status_;
};

}  // namespace oceanfft::ui
