// SPDX-License-Identifier: MIT
#include "ui/keys.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>

namespace oceanfft::ui {
namespace {

std::vector<Binding> make_table() {
  std::vector<int> digits;
  for (int k = GLFW_KEY_0; k <= GLFW_KEY_9; ++k) digits.push_back(k);
  const int left = GLFW_MOUSE_BUTTON_LEFT, right = GLFW_MOUSE_BUTTON_RIGHT;
  return {
      {Action::ToggleUi, "", "Tab or F1", "hide or show all panels", {GLFW_KEY_TAB, GLFW_KEY_F1}, {}, {}},
      {Action::Help, "", "? or H", "show or hide this help", {GLFW_KEY_H}, {'?'}, {}},
      {Action::Fullscreen, "", "F11", "fullscreen on the current monitor, and back", {GLFW_KEY_F11}, {}, {}},
      {Action::Screenshot, "", "F12", "screenshot without panels: oceanfft-DATE-TIME.png here",
       {GLFW_KEY_F12}, {}, {}},
      {Action::Pause, "", "Space", "pause or resume time", {GLFW_KEY_SPACE}, {}, {}},
      {Action::Record, "", "R", "start or stop recording frames (fixed time step) to oceanfft-rec-DATE-TIME/",
       {GLFW_KEY_R}, {}, {}},
      {Action::Preset, "", "1 .. 9, 0", "sea of Beaufort force 1 .. 9; 0: calm", digits, {}, {}},
      {Action::Quit, "", "Esc", "close the help, or quit", {GLFW_KEY_ESCAPE}, {}, {}},
      {Action::OrbitDrag, "orbit", "left drag", "turn around the target", {}, {}, {left}},
      {Action::OrbitWheel, "orbit", "wheel", "zoom", {}, {}, {}, true},
      {Action::OrbitZoomIn, "orbit", "W", "zoom in", {GLFW_KEY_W}, {}, {}},
      {Action::OrbitZoomOut, "orbit", "S", "zoom out", {GLFW_KEY_S}, {}, {}},
      {Action::OrbitTurnLeft, "orbit", "A", "turn left", {GLFW_KEY_A}, {}, {}},
      {Action::OrbitTurnRight, "orbit", "D", "turn right", {GLFW_KEY_D}, {}, {}},
      {Action::FlyLook, "fly", "left or right drag", "look around", {}, {}, {left, right}},
      {Action::FlyWheel, "fly", "wheel", "move forward or back", {}, {}, {}, true},
      {Action::FlyForward, "fly", "W", "move forward", {GLFW_KEY_W}, {}, {}},
      {Action::FlyBack, "fly", "S", "move back", {GLFW_KEY_S}, {}, {}},
      {Action::FlyLeft, "fly", "A", "move left", {GLFW_KEY_A}, {}, {}},
      {Action::FlyRight, "fly", "D", "move right", {GLFW_KEY_D}, {}, {}},
      {Action::FlyUp, "fly", "E", "move up", {GLFW_KEY_E}, {}, {}},
      {Action::FlyDown, "fly", "Q", "move down", {GLFW_KEY_Q}, {}, {}},
      {Action::Faster, "", "Shift", "camera keys 4x faster", {GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT}, {}, {}},
  };
}

bool is_pressed_action(Action a) {
  switch (a) {
    case Action::ToggleUi: case Action::Help: case Action::Fullscreen: case Action::Screenshot:
    case Action::Pause: case Action::Record: case Action::Preset: case Action::Quit:
      return true;
    default:
      return false;
  }
}

}  // namespace

const std::vector<Binding>& key_table() {
  static const std::vector<Binding> table = make_table();
  return table;
}

const Binding& binding(Action a) {
  for (const Binding& b : key_table())
    if (b.action == a) return b;
  return key_table().front();  // every Action has a row (the keys test checks it)
}

const Binding* action_for_key(int glfw_key) {
  for (const Binding& b : key_table())
    if (is_pressed_action(b.action) &&
        std::find(b.glfw_keys.begin(), b.glfw_keys.end(), glfw_key) != b.glfw_keys.end())
      return &b;
  return nullptr;
}

const Binding* action_for_char(unsigned c) {
  for (const Binding& b : key_table())
    if (std::find(b.chars.begin(), b.chars.end(), c) != b.chars.end()) return &b;
  return nullptr;
}

std::string key_name(int k) {
  if (k >= GLFW_KEY_0 && k <= GLFW_KEY_9) return std::string(1, char('0' + k - GLFW_KEY_0));
  if (k >= GLFW_KEY_A && k <= GLFW_KEY_Z) return std::string(1, char('a' + k - GLFW_KEY_A));
  if (k >= GLFW_KEY_F1 && k <= GLFW_KEY_F25) return "f" + std::to_string(k - GLFW_KEY_F1 + 1);
  switch (k) {
    case GLFW_KEY_TAB: return "tab";
    case GLFW_KEY_SPACE: return "space";
    case GLFW_KEY_ESCAPE: return "escape";
    case GLFW_KEY_LEFT_SHIFT: return "left_shift";
    case GLFW_KEY_RIGHT_SHIFT: return "right_shift";
    default: return "key" + std::to_string(k);
  }
}

int parse_key_name(std::string_view name) {
  if (name == "?") return -2;
  for (const Binding& b : key_table())
    for (int k : b.glfw_keys)
      if (key_name(k) == name) return k;
  return -1;
}

std::string key_name_list() {
  std::vector<std::string> names;
  for (const Binding& b : key_table()) {
    if (!is_pressed_action(b.action)) continue;
    for (int k : b.glfw_keys) names.push_back(key_name(k));
    if (!b.chars.empty()) names.push_back("?");
  }
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string preset_for_key(int k) {
  if (k == GLFW_KEY_0) return "calm";
  if (k >= GLFW_KEY_1 && k <= GLFW_KEY_9) return "beaufort-" + std::to_string(k - GLFW_KEY_0);
  return "";
}

std::vector<std::pair<std::string, std::string>> help_rows() {
  std::vector<std::pair<std::string, std::string>> rows;
  for (const Binding& b : key_table())
    rows.emplace_back(b.context.empty() ? b.keys : b.context + ": " + b.keys, b.what);
  return rows;
}

}  // namespace oceanfft::ui
