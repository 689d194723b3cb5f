// SPDX-License-Identifier: MIT
#include "ui/camera_control.h"

#include "ui/setting_widgets.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <cmath>

namespace oceanfft::ui {
namespace {

constexpr float kDegreesPerPixel = 0.25f;
constexpr float kZoomPerStep = 0.9f;

render::Camera::Mode to_render(CameraMode m) {
  return m == CameraMode::Fly ? render::Camera::Mode::Fly : render::Camera::Mode::Orbit;
}

}  // namespace

CameraControl::CameraControl() = default;

void CameraControl::update(GLFWwindow* window, const Settings& settings, float dt, double scroll) {
  if (camera_.mode != to_render(settings.camera)) camera_.set_mode(to_render(settings.camera));
  const ImGuiIO& io = ImGui::GetIO();
  const bool fly = camera_.mode == render::Camera::Mode::Fly;

  double x = 0, y = 0;
  glfwGetCursorPos(window, &x, &y);
  const bool left = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
  const bool right = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
  const bool button = left || (fly && right);
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
  auto down = [&](int key) { return glfwGetKey(window, key) == GLFW_PRESS; };
  const bool fast = down(GLFW_KEY_LEFT_SHIFT) || down(GLFW_KEY_RIGHT_SHIFT);
  if (fly) {
    glm::vec3 d(0.0f);
    if (down(GLFW_KEY_W)) d.z += 1;
    if (down(GLFW_KEY_S)) d.z -= 1;
    if (down(GLFW_KEY_D)) d.x += 1;
    if (down(GLFW_KEY_A)) d.x -= 1;
    if (down(GLFW_KEY_E)) d.y += 1;
    if (down(GLFW_KEY_Q)) d.y -= 1;
    if (d != glm::vec3(0.0f))
      camera_.move(glm::normalize(d) * settings.camera_speed * dt * (fast ? 4.0f : 1.0f));
  } else {
    const float turn = 60.0f * dt * (fast ? 4.0f : 1.0f);  // degrees per second
    if (down(GLFW_KEY_A)) camera_.orbit(turn, 0);
    if (down(GLFW_KEY_D)) camera_.orbit(-turn, 0);
    const float zoom = std::pow(0.5f, dt * (fast ? 4.0f : 1.0f));  // halves per second
    if (down(GLFW_KEY_W)) camera_.zoom(zoom);
    if (down(GLFW_KEY_S)) camera_.zoom(1.0f / zoom);
  }
}

void CameraControl::draw_panel(Settings& next) {
  ImGui::SetNextWindowPos(ImVec2(8, 552), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(330, 185), ImGuiCond_FirstUseEver);
  if (ImGui::Begin("Camera")) {
    int mode = next.camera == CameraMode::Fly ? 1 : 0;
    ImGui::RadioButton("orbit", &mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton("free-fly", &mode, 1);
    next.camera = mode == 1 ? CameraMode::Fly : CameraMode::Orbit;
    // The named views put the camera in free-fly at their height.
    for (const render::CameraPreset& p : render::camera_presets()) {
      if (&p != &render::camera_presets().front()) ImGui::SameLine();
      if (ImGui::Button(p.name)) {
        render::apply_camera_preset(camera_, p);
        next.camera = CameraMode::Fly;
        mode = 1;
      }
    }
    ImGui::PushItemWidth(170);
    draw_setting_group("Camera", next);
    ImGui::SliderFloat("field of view", &camera_.fov_y_deg, 20.0f, 100.0f, "%.0f deg");
    ImGui::PopItemWidth();
    const glm::vec3 eye = camera_.eye();
    ImGui::Text("eye (%.1f, %.1f, %.1f)", eye.x, eye.y, eye.z);
    ImGui::TextDisabled(mode == 1 ? "drag: look  WASD: move  Q/E: down/up  Shift: 4x"
                                  : "drag: orbit  wheel or W/S: zoom  A/D: turn");
  }
  ImGui::End();
}

}  // namespace oceanfft::ui
