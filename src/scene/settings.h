// SPDX-License-Identifier: MIT
#pragma once
// Everything the panels, `demo --script`, `render` and the soak can change, as one plain struct,
// and ONE table that describes each setting once: its script key, type, range, default (the
// struct's initialiser), help, panel widget and scope. The Ocean panel's widgets, the script
// keys and --list-script-keys, render's options and --set, validation and the soak's random
// changes are all generated from that table, so a range or a name cannot disagree between them.
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <random>
#include <string>
#include <string_view>
#include <variant>
#include <vector>


#include "ocean/presets.h"
#include "ocean/simulation.h"
#include "render/ocean_renderer.h"

namespace oceanfft::scene {

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
  int buoys = 0;               // floating buoys, 0..ocean::Fleet::kMaxBuoys (ocean/fleet.h)
  bool boat = false;           // the small boat (the "boat" camera rides it)
};

enum class Kind {
  Number,   // float within [min, max]
  Integer,  // int within [min, max]
  Switch,   // on/off
  Choice,   // one of `choices`
  Seed,     // any uint64
};

enum class Scope {
  Everywhere,  // the window, scripts, render (--set and its own option, if any) and the soak
  Window,      // the window app only (render refuses it with a message saying so)
};

// Where a number or switch lives inside Settings.
using SettingRef = std::variant<float*, int*, bool*, uint64_t*>;

struct Setting {
  std::string key;   // script key and `render --set KEY=`
  Kind kind = Kind::Number;
  double min = 0.0, max = 0.0;  // Number, Integer: the one accepted range
  bool log = false;             // the slider (and the soak) spread values logarithmically
  std::vector<std::string> choices;  // Choice: the accepted names, in the panel's order
  std::string help;    // one line: what it is, with unit
  std::string group;   // the panel section that draws it ("" = drawn by hand, or nowhere)
  std::string label;   // the widget's label in that section
  std::string format;  // the slider's printf format
  Scope scope = Scope::Everywhere;
  std::string option;  // render's own option ("--wind-speed"), or "" for --set only
  bool soak = true;    // the soak changes it at random

  // Numbers, integers, switches, seeds and colours: the field in Settings.
  std::function<SettingRef(Settings&)> ref;
  // Choices: the index of the current value in `choices` (-1: none, e.g. a "custom" sea for
  // preset) and how to select one.
  std::function<int(const Settings&)> get_choice;
  std::function<void(Settings&, int)> set_choice;
  // Choices that accept more names than they list (preset's beaufort-N); returns the index or
  // throws Error(InvalidArgument) with its own message.
  std::function<int(std::string_view)> parse_choice;
  // Integers with more rules than a range (size: a power of two); throws with the reason.
  std::function<void(int)> check;
  // Numbers that also accept another spelling (time_of_day's "HH:MM"); true when `v` parsed.
  // `spelling` names it for messages.
  std::function<bool(std::string_view v, double& x)> parse_number;
  std::string spelling;
  // Runs after the value changed, from text or the panel: a setting that sets others
  // (time_of_day moves the sun).
  std::function<void(Settings&)> then;
  // The panel shows the widget only when this holds (e.g. fetch only for JONSWAP).
  std::function<bool(const Settings&)> shown;
};

// Every setting, in the order render applies its options and --help lists them: the ones
// others depend on first (algorithm, size, then preset, so "preset=storm wind_speed=30" reads
// as "storm, but with 30 m/s").
const std::vector<Setting>& settings_table();
const Setting* find_setting(std::string_view key);
// "algorithm, size, ..." for error messages.
std::string setting_key_list();
// What the setting accepts, for --help and --list-script-keys: "number in [0.1, 60] (m/s ...)".
std::string accepted_values(const Setting& s);
// The current value as a script would write it. Exact: apply_setting(format_value(...)) gives
// back the same float; otherwise %g's six digits, for logs and help.
std::string format_value(const Setting& s, const Settings& from, bool exact = true);
// "key=value key=value ..." of every row in `groups` (%g numbers): one line that says what
// sea a run is simulating, for logs.
std::string describe_settings(const Settings& s, std::initializer_list<std::string_view> groups);

// "calm, light-air, ..., hurricane": the names preset= and the panel's combo accept.
std::string preset_list();
// What choosing a preset sets: the whole sea state (wind sea, swell, TMA), the choppiness, and
// the cascades and patch sizes that resolve its peak. Size, time, seed and the (global) foam
// settings stay as they are.
void apply_preset(ocean::Params& p, const ocean::Preset& preset);

// Sets one value by name; throws Error(InvalidArgument) naming the key and the accepted values
// for an unknown key or a bad value, leaving `s` unchanged. The whole ocean is validated.
void apply_setting(Settings& s, std::string_view key, std::string_view value);

// Sets several values in the table's order (not the list's), validating the ocean once at the
// end, so values that only fit together (cascades and their patch sizes) load as a set. Throws
// like apply_setting, leaving `s` unchanged.
void apply_settings(Settings& s, const std::vector<std::pair<std::string, std::string>>& values);

// A random value the setting accepts, as text (uniform over its range, or log-uniform for log
// settings; any choice; a random seed), for the soak. apply_setting may still refuse it where
// the whole ocean decides (a patch size against its neighbours).
std::string random_value(const Setting& s, std::mt19937_64& rng);

}  // namespace oceanfft::scene
