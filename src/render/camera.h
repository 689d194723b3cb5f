// SPDX-License-Identifier: MIT
#pragma once
// Orbit and free-fly camera math; the window maps mouse and keys onto these calls.
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

namespace oceanfft::render {

struct Camera {
  enum class Mode { Orbit, Fly };
  Mode mode = Mode::Orbit;

  // Orbit: the eye sits on a sphere around `target`. Pitch > 0 puts it above the target.
  glm::vec3 target{0.0f, 0.0f, 0.0f};
  float distance = 80.0f;  // metres
  float orbit_yaw_deg = 210.0f;
  float orbit_pitch_deg = 14.0f;

  // Fly: position and look direction. Yaw 0 looks along +x, 90 along +z; pitch > 0 looks up.
  glm::vec3 position{0.0f, 15.0f, 0.0f};
  float yaw_deg = 30.0f;
  float pitch_deg = -6.0f;
  // Fly: the view turned about its direction, degrees, > 0 lifts the right-hand side.
  float roll_deg = 0.0f;
  // The "boat" preset: the eye rides the boat's deck (render/bodies.h, ride_boat) until a
  // control or another preset moves it.
  bool on_boat = false;

  float fov_y_deg = 55.0f;
  float near_plane = 0.25f;
  float far_plane = 60000.0f;

  glm::vec3 eye() const;
  glm::vec3 forward() const;  // unit view direction
  glm::vec3 right() const;    // unit, horizontal
  glm::mat4 view() const;
  glm::mat4 projection(float aspect) const;

  // Orbit controls (degrees, and a zoom factor > 0: < 1 moves closer).
  void orbit(float dyaw_deg, float dpitch_deg);
  void zoom(float factor);
  // Fly controls: turn (degrees) and move in the camera's frame, metres
  // (x right, y world up, z forward).
  void look(float dyaw_deg, float dpitch_deg);
  void move(const glm::vec3& local_delta);
  // Switches mode keeping the eye and view direction where they are.
  void set_mode(Mode m);
};

// Named free-fly views: a ship's deck at 6 m, its bridge at 20 m, an aerial view at
// 300 m and a grazing one at 1.5 m, all looking towards the default sun's azimuth so the
// glitter path shows; and a small boat's deck, about 2.3 m up, riding the waves with it.
struct CameraPreset {
  const char* name;
  float height, yaw_deg, pitch_deg;  // metres above the mean surface; degrees as in Camera
  bool on_boat = false;              // the eye follows the boat (Camera::on_boat)
};
const std::vector<CameraPreset>& camera_presets();
// Throws Error(InvalidArgument) naming the valid presets.
const CameraPreset& find_camera_preset(std::string_view name);
std::string camera_preset_list();  // "deck, bridge, aerial, grazing, boat"
// Puts `camera` in Fly mode at the preset's eye, keeping its horizontal position.
void apply_camera_preset(Camera& camera, const CameraPreset& preset);

}  // namespace oceanfft::render
