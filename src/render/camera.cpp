// SPDX-License-Identifier: MIT
#include "render/camera.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

#include "gl/error.h"

namespace oceanfft::render {
namespace {

// Looking straight up or down makes the view matrix's up vector degenerate.
constexpr float kMaxPitch = 89.0f;
constexpr float kMinDistance = 1.0f;
constexpr float kMaxDistance = 20000.0f;

glm::vec3 direction(float yaw_deg, float pitch_deg) {
  const float y = glm::radians(yaw_deg), p = glm::radians(pitch_deg);
  return {std::cos(p) * std::cos(y), std::sin(p), std::cos(p) * std::sin(y)};
}

}  // namespace

glm::vec3 Camera::eye() const {
  if (mode == Mode::Fly) return position;
  // The eye looks at the target, so it sits opposite the view direction.
  return target - distance * direction(orbit_yaw_deg, -orbit_pitch_deg);
}

glm::vec3 Camera::forward() const {
  return mode == Mode::Fly ? direction(yaw_deg, pitch_deg)
                           : direction(orbit_yaw_deg, -orbit_pitch_deg);
}

glm::vec3 Camera::right() const {
  const float y = glm::radians(mode == Mode::Fly ? yaw_deg : orbit_yaw_deg);
  return {-std::sin(y), 0.0f, std::cos(y)};
}

glm::mat4 Camera::view() const {
  const glm::vec3 e = eye(), f = forward();
  glm::vec3 up(0.0f, 1.0f, 0.0f);
  if (mode == Mode::Fly && roll_deg != 0.0f) {
    const float r = glm::radians(roll_deg);
    const glm::vec3 true_up = glm::normalize(glm::cross(right(), f));
    up = std::cos(r) * true_up - std::sin(r) * right();
  }
  return glm::lookAt(e, e + f, up);
}

glm::mat4 Camera::projection(float aspect) const {
  return glm::perspective(glm::radians(fov_y_deg), std::max(aspect, 1e-3f), near_plane, far_plane);
}

void Camera::orbit(float dyaw_deg, float dpitch_deg) {
  on_boat = false;
  orbit_yaw_deg = std::fmod(orbit_yaw_deg + dyaw_deg, 360.0f);
  orbit_pitch_deg = std::clamp(orbit_pitch_deg + dpitch_deg, -kMaxPitch, kMaxPitch);
}

void Camera::zoom(float factor) {
  if (!(factor > 0.0f)) return;
  distance = std::clamp(distance * factor, kMinDistance, kMaxDistance);
}

void Camera::look(float dyaw_deg, float dpitch_deg) {
  on_boat = false;
  roll_deg = 0.0f;
  yaw_deg = std::fmod(yaw_deg + dyaw_deg, 360.0f);
  pitch_deg = std::clamp(pitch_deg + dpitch_deg, -kMaxPitch, kMaxPitch);
}

void Camera::move(const glm::vec3& d) {
  on_boat = false;
  roll_deg = 0.0f;
  position += d.x * right() + d.y * glm::vec3(0.0f, 1.0f, 0.0f) + d.z * forward();
}

void Camera::set_mode(Mode m) {
  if (m == mode) return;
  on_boat = false;
  roll_deg = 0.0f;
  const glm::vec3 e = eye(), f = forward();
  const float yaw = glm::degrees(std::atan2(f.z, f.x));
  const float pitch = glm::degrees(std::asin(std::clamp(f.y, -1.0f, 1.0f)));
  if (m == Mode::Fly) {
    position = e;
    yaw_deg = yaw;
    pitch_deg = pitch;
  } else {
    orbit_yaw_deg = yaw;
    orbit_pitch_deg = -pitch;
    target = e + distance * f;
  }
  mode = m;
}

const std::vector<CameraPreset>& camera_presets() {
  static const std::vector<CameraPreset> list = {
      {"deck", 6.0f, -112.0f, -4.0f},
      {"bridge", 20.0f, -112.0f, -8.0f},
      {"aerial", 300.0f, -112.0f, -30.0f},
      {"grazing", 1.5f, -112.0f, 0.0f},
      {"boat", 2.3f, -77.0f, -3.0f, true},
  };
  return list;
}

std::string camera_preset_list() {
  std::string out;
  for (const CameraPreset& p : camera_presets()) out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

const CameraPreset& find_camera_preset(std::string_view name) {
  for (const CameraPreset& p : camera_presets())
    if (name == p.name) return p;
  throw Error(ErrorCode::InvalidArgument, "unknown camera preset '" + std::string(name) +
                                              "' (valid: " + camera_preset_list() + ")");
}

void apply_camera_preset(Camera& camera, const CameraPreset& preset) {
  const glm::vec3 eye = camera.eye();
  camera.mode = Camera::Mode::Fly;
  camera.position = {eye.x, preset.height, eye.z};
  camera.yaw_deg = preset.yaw_deg;
  camera.pitch_deg = preset.pitch_deg;
  camera.roll_deg = 0.0f;
  camera.on_boat = preset.on_boat;
}

}  // namespace oceanfft::render
