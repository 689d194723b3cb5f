#pragma once
// The settings table as a file and as a command line, so a sea can be kept and shared.
// The file is JSON (nlohmann-json), human-readable, one key per table row in table order:
//   { "format": "oceanfft-settings", "version": 1, "settings": { "algorithm": "fast", ... } }
// Numbers are written in their shortest exact form, so save -> load -> save is byte-identical.
// No ImGui here: `render` reads and writes the same files.
#include <string>
#include <string_view>
#include <vector>

#include "ui/settings.h"

namespace oceanfft::ui {

// Which rows a file holds and a load applies: every row, or the ones render uses
// (Scope::Everywhere; a window row in a file given to render is known and skipped).
enum class SettingsScope { All, Render };

// The file's text for `s`.
std::string settings_to_json(const Settings& s, SettingsScope scope = SettingsScope::All);

// Applies a file's text to `s`, all or nothing: a malformed file, a value of the wrong type or
// out of range throws Error(Io) naming `source` and the key, and leaves `s` unchanged. Keys it
// does not know (from a newer version) are skipped; their names are returned, in file order.
std::vector<std::string> load_settings_json(std::string_view text, const std::string& source,
                                            Settings& s, SettingsScope scope = SettingsScope::All);

// The same through files: reading refuses anything but a regular file of at most 1 MiB;
// writing goes through the atomic writer.
std::vector<std::string> load_settings_file(const std::string& path, Settings& s,
                                            SettingsScope scope = SettingsScope::All);
void save_settings_file(const std::string& path, const Settings& s,
                        SettingsScope scope = SettingsScope::All);

// "oceanfft render --set key=value ..." that gives render the same sea, sky and shading: the
// rows (Scope::Everywhere) that differ from what the earlier --set values leave, in table order.
std::string settings_command_line(const Settings& s);

// "ignoring unknown keys in FILE: a, b" (empty when nothing was ignored).
std::string ignored_message(const std::string& source, const std::vector<std::string>& ignored);

}  // namespace oceanfft::ui
