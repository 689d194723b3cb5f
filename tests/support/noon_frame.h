// SPDX-License-Identifier: MIT
#pragma once
// The headless frame the sky and weather tests draw: a small sea (N = 64, 48 mesh segments) of
// `preset` at noon on `seed`, the `extra` settings applied last, width x height pixels without
// MSAA or foam (it starts from none and has no warm-up), seen from the deck camera.
#include <string>
#include <utility>
#include <vector>

#include "render/camera.h"
#include "scene/headless_frame.h"
#include "scene/settings.h"

namespace oceanfft::test {

inline scene::HeadlessFrame noon_frame(
    const std::string& preset, const std::string& seed,
    const std::vector<std::pair<std::string, std::string>>& extra, int width, int height) {
  scene::HeadlessFrame f;
  scene::apply_setting(f.settings, "size", "64");
  scene::apply_setting(f.settings, "preset", preset);
  scene::apply_setting(f.settings, "time_of_day", "12:00");
  scene::apply_setting(f.settings, "seed", seed);
  for (const auto& [k, v] : extra) scene::apply_setting(f.settings, k, v);
  f.settings.shading.mesh_segments = 48;
  f.width = width;
  f.height = height;
  f.samples = 1;
  f.foam_warmup = 0.0;
  f.foam_balance = false;
  f.camera.mode = render::Camera::Mode::Fly;
  render::apply_camera_preset(f.camera, render::find_camera_preset("deck"));
  return f;
}

}  // namespace oceanfft::test
