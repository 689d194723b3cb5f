#pragma once
// Everything the panels and `demo --script` can change, as one plain struct. The script and
// the panels go through the same names, so a script line means exactly what the widget does.
#include <string>
#include <string_view>
#include <vector>

#include "ocean/simulation.h"
#include "render/ocean_renderer.h"

namespace oceanfft::ui {

enum class Mode { Ocean, Viewer };
enum class CameraMode { Orbit, Fly };

struct Settings {
  Mode mode = Mode::Ocean;
  ocean::Params ocean;
  bool vsync = true;
  bool paused = false;     // freezes simulation time; rendering goes on
  render::ShadingParams shading;  // includes the wireframe toggle
  CameraMode camera = CameraMode::Orbit;
  float camera_speed = 20.0f;  // free-fly metres per second
};

struct SettingInfo {
  std::string key;
  std::string help;  // accepted values
};
// Every key apply_setting() knows, in a stable order (for messages and --help).
const std::vector<SettingInfo>& setting_keys();
// "algorithm, size, ..." for error messages.
std::string setting_key_list();

// "calm, light, ..., storm": the names preset= and the panel's combo accept.
std::string preset_list();
// What choosing a preset sets: the whole sea state (wind sea, swell, TMA), the choppiness and
// the foam threshold. Size, cascades, time and seed stay as they are.
void apply_preset(ocean::Params& p, const ocean::Preset& preset);

// Sets one value by name; throws Error(InvalidArgument) naming the key and the accepted values
// for an unknown key or a bad value, leaving `s` unchanged.
void apply_setting(Settings& s, std::string_view key, std::string_view value);

}  // namespace oceanfft::ui
