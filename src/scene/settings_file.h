// SPDX-License-Identifier: MIT
#pragma once
// The settings table as a file and as a command line, so a sea can be kept and shared.
// The file is JSON (nlohmann-json), human-readable, one key per table row in table order:
//   { "format": "oceanfft-settings", "version": 1, "settings": { "algorithm": "fast", ... } }
// Numbers are written in their shortest exact form, so save -> load -> save is byte-identical.
// No ImGui here: `render` reads and writes the same files.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "render/camera.h"
#include "scene/settings.h"

namespace oceanfft::scene {

// Which rows a file holds and a load applies: every row, or the ones render uses
// (Scope::Everywhere; a window row in a file given to render is known and skipped).
enum class SettingsScope { All, Render };

// Where the camera looks from, kept beside the table in a file's "view" object:
//   "view": { "eye": [x, y, z], "yaw_deg": Y, "pitch_deg": P, "fov_deg": F }
// (free-fly terms: metres, yaw from +x towards +z, pitch > 0 up), so a shared file shows the
// same picture. The demo and render write it; loading it puts the camera in free-fly there.
struct View {
  float eye[3] = {0.0f, 15.0f, 0.0f};
  float yaw_deg = 30.0f, pitch_deg = -6.0f, fov_deg = 55.0f;
};
View view_of(const render::Camera& camera);
void apply_view(render::Camera& camera, const View& view);

// The file's text for `s` (and the view, when given).
std::string settings_to_json(const Settings& s, SettingsScope scope = SettingsScope::All,
                             const std::optional<View>& view = std::nullopt);

// Applies a file's text to `s`, all or nothing: a malformed file, a value of the wrong type or
// out of range throws Error(Io) naming `source` and the key, and leaves `s` unchanged. Keys it
// does not know (from a newer version) are skipped; their names are returned, in file order.
// `view` (when given) receives the file's view, or nullopt when it has none; it is checked
// (finite, pitch within +-89 degrees, field of view 20..100) with the rest.
std::vector<std::string> load_settings_json(std::string_view text, const std::string& source,
                                            Settings& s, SettingsScope scope = SettingsScope::All,
                                            std::optional<View>* view = nullptr);

// The same through files: reading refuses anything but a regular file of at most 1 MiB;
// writing goes through the atomic writer.
std::vector<std::string> load_settings_file(const std::string& path, Settings& s,
                                            SettingsScope scope = SettingsScope::All,
                                            std::optional<View>* view = nullptr);
void save_settings_file(const std::string& path, const Settings& s,
                        SettingsScope scope = SettingsScope::All,
                        const std::optional<View>& view = std::nullopt);

// "oceanfft render --set key=value ..." that gives render the same sea, sky and shading: the
// rows (Scope::Everywhere) that differ from what the earlier --set values leave, in table order.
std::string settings_command_line(const Settings& s);

// "ignoring unknown keys in FILE: a, b" (empty when nothing was ignored).
std::string ignored_message(const std::string& source, const std::vector<std::string>& ignored);

}  // namespace oceanfft::scene
