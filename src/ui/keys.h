// SPDX-License-Identifier: MIT
#pragma once
// Every key and mouse action of the window app, described once. The help overlay and
// `demo --list-keys` list this table, the camera and the app read their keys and buttons from
// it, and scripts press keys by the names it gives (`key=f12`), so none of them can disagree.
#include <string>
#include <string_view>
#include <vector>

namespace oceanfft::ui {

enum class Action {
  ToggleUi, Help, Fullscreen, Screenshot, Pause, Record, Preset, Quit,
  OrbitDrag, OrbitWheel, OrbitZoomIn, OrbitZoomOut, OrbitTurnLeft, OrbitTurnRight,
  FlyLook, FlyWheel, FlyForward, FlyBack, FlyLeft, FlyRight, FlyUp, FlyDown, Faster,
};

struct Binding {
  Action action;
  std::string context;     // "" anywhere, "orbit" or "fly": the camera mode it applies in
  std::string keys;        // as the help overlay shows them: "Tab or F1"
  std::string what;        // what it does
  std::vector<int> glfw_keys;  // GLFW_KEY_* that trigger it
  std::vector<unsigned> chars; // typed characters that trigger it ('?', layout-independent)
  std::vector<int> mouse;      // GLFW_MOUSE_BUTTON_* (held: drags)
  bool wheel = false;          // the mouse wheel
};

const std::vector<Binding>& key_table();
const Binding& binding(Action a);

// The action a key press or typed character triggers, if any (held camera keys are not
// "pressed" actions: the camera polls them).
const Binding* action_for_key(int glfw_key);
const Binding* action_for_char(unsigned codepoint);

// Names for scripts' key=NAME: the lower-case GLFW names of every key in the table ("tab",
// "f12", "space", "0".."9", "r") and "?" for the typed question mark.
std::string key_name(int glfw_key);
// The GLFW key for a name, or -1 (a name "?" returns -2: the typed character).
int parse_key_name(std::string_view name);
std::string key_name_list();

// The preset the number key selects: '1'..'9' Beaufort force 1..9, '0' calm.
std::string preset_for_key(int glfw_key);

// The help overlay's rows, in table order: {keys (with context), what}.
std::vector<std::pair<std::string, std::string>> help_rows();

}  // namespace oceanfft::ui
