// SPDX-License-Identifier: MIT
#pragma once
// Maps mouse and keys onto render::Camera, and draws the Camera panel.
//   Orbit: left-drag turns around the target, wheel or W/S zooms, A/D turn.
//   Fly:   left- or right-drag looks, W/A/S/D move, Q/E down/up, Shift is 4x faster.
// Input that ImGui claims (a panel under the mouse, a focused text field) is left alone.
#include "render/camera.h"
#include "scene/settings.h"

struct GLFWwindow;

namespace oceanfft::ui {

class CameraControl {
 public:
  CameraControl();
  const render::Camera& camera() const { return camera_; }
  // A view from a settings file; `update` then follows settings.camera as usual.
  void set_camera(const render::Camera& camera) { camera_ = camera; }

  // Follows settings.camera / camera_speed, then applies this frame's input (dt seconds,
  // `scroll` wheel steps since the last frame).
  void update(GLFWwindow* window, const scene::Settings& settings, float dt, double scroll);
  // The Camera panel; a mode change goes through `next` so scripts and widgets agree.
  void draw_panel(scene::Settings& next);

 private:
  render::Camera camera_;
  bool dragging_ = false;
  double last_x_ = 0, last_y_ = 0;
};

}  // namespace oceanfft::ui
