// SPDX-License-Identifier: MIT
#include "ui/camera_control.h"

#include "ui/keys.h"
#include "ui/setting_widgets.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cmath>

namespace oceanfft::ui {
namespace {

constexpr float kDegreesPerPixel = 0.25f;
constexpr float kZoomPerStep = 0.9f;

render::Camera::Mode to_render(scene::CameraMode m) {
  return m == scene::CameraMode::Fly ? render::Camera::Mode::Fly : render::Camera::Mode::Orbit;
}

}  // namespace

CameraControl::CameraControl() = default;

void CameraControl::update(GLFWwindow* window, const scene::Settings& settings, float dt, double scroll) {
  if (camera_.mode != to_render(settings.camera)) camera_.set_mode(to_render(settings.camera));
  const ImGuiIO& io = ImGui::GetIO();
  const bool fly = camera_.mode == render::Camera::Mode::Fly;

  double x = 0, y = 0;
  glfwGetCursorPos(window, &x, &y);
  // Keys and buttons come from the key table, which the help overlay lists.
  auto held = [&](Action a) {
    const Binding& b = binding(a);
    for (int m : b.mouse)
      if (glfwGetMouseButton(window, m) == GLFW_PRESS) return true;
    return false;
  };
  const bool button = held(fly ? Action::FlyLook : Action::OrbitDrag);
  // A drag belongs to the scene only if it started outside the panels.
  if (button && !dragging_ && !io.WantCaptureMouse) dragging_ = true;
  if (!button) dragging_ = false;
  if (dragging_) {
    const float dx = float(x - last_x_), dy = float(y - last_y_);
    if (fly)
      camera_.look(-dx * kDegreesPerPixel, -dy * kDegreesPerPixel);
    else
      camera_.orbit(-dx * kDegreesPerPixel, dy * kDegreesPerPixel);
  }
  last_x_ = x;
  last_y_ = y;
  if (scroll != 0 && !io.WantCaptureMouse) {
    if (fly)
      camera_.move({0.0f, 0.0f, float(scroll) * settings.camera_speed * 0.25f});
    else
      camera_.zoom(std::pow(kZoomPerStep, float(scroll)));
  }

  if (io.WantCaptureKeyboard) return;
  auto down = [&](Action a) {
    for (int k : binding(a).glfw_keys)
      if (glfwGetKey(window, k) == GLFW_PRESS) return true;
    return false;
  };
  const bool fast = down(Action::Faster);
  if (fly) {
    glm::vec3 d(0.0f);
    if (down(Action::FlyForward)) d.z += 1;
    if (down(Action::FlyBack)) d.z -= 1;
    if (down(Action::FlyRight)) d.x += 1;
    if (down(Action::FlyLeft)) d.x -= 1;
    if (down(Action::FlyUp)) d.y += 1;
    if (down(Action::FlyDown)) d.y -= 1;
    if (d != glm::vec3(0.0f))
      camera_.move(glm::normalize(d) * settings.camera_speed * dt * (fast ? 4.0f : 1.0f));
  } else {
    const float turn = 60.0f * dt * (fast ? 4.0f : 1.0f);  // degrees per second
    if (down(Action::OrbitTurnLeft)) camera_.orbit(turn, 0);
    if (down(Action::OrbitTurnRight)) camera_.orbit(-turn, 0);
    const float zoom = std::pow(0.5f, dt * (fast ? 4.0f : 1.0f));  // halves per second
    if (down(Action::OrbitZoomIn)) camera_.zoom(zoom);
    if (down(Action::OrbitZoomOut)) camera_.zoom(1.0f / zoom);
  }
}

void CameraControl::draw_panel(scene::Settings& next) {
  if (ImGui::Begin("Camera")) {
    int mode = next.camera == scene::CameraMode::Fly ? 1 : 0;
    ImGui::RadioButton("orbit", &mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton("free-fly", &mode, 1);
    next.camera = mode == 1 ? scene::CameraMode::Fly : scene::CameraMode::Orbit;
    // The named views put the camera in free-fly at their height.
    for (const render::CameraPreset& p : render::camera_presets()) {
      if (&p != &render::camera_presets().front()) ImGui::SameLine();
      if (ImGui::Button(p.name)) {
        render::apply_camera_preset(camera_, p);
        next.camera = scene::CameraMode::Fly;
        mode = 1;
      }
    }
    ImGui::PushItemWidth(ImGui::GetFontSize() * 11);
    draw_setting_group("Camera", next);
    ImGui::SliderFloat("field of view", &camera_.fov_y_deg, 20.0f, 100.0f, "%.0f deg");
    ImGui::PopItemWidth();
    const glm::vec3 eye = camera_.eye();
    ImGui::Text("eye (%.1f, %.1f, %.1f)", eye.x, eye.y, eye.z);
    ImGui::TextDisabled("keys and mouse: press ? or H");
  }
  ImGui::End();
}

}  // namespace oceanfft::ui
