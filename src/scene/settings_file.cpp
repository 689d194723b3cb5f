// SPDX-License-Identifier: MIT
#include "scene/settings_file.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "gl/error.h"
#include "io/file.h"

namespace oceanfft::scene {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kFormat = "oceanfft-settings";
constexpr int kVersion = 1;
constexpr uint64_t kMaxBytes = 1 << 20;

bool in_scope(const Setting& row, SettingsScope scope) {
  return scope == SettingsScope::All || row.scope == Scope::Everywhere;
}

Json to_json(const Setting& row, const std::string& text) {
  switch (row.kind) {
    case Kind::Number: {
      double x = 0;
      std::from_chars(text.data(), text.data() + text.size(), x);
      return x;  // the float's shortest text, as a double: dumped back as the same text
    }
    case Kind::Integer:
      return std::stoi(text);
    case Kind::Switch:
      return text == "on";
    case Kind::Seed:
      return uint64_t(std::stoull(text));
    case Kind::Choice:
      return text;
  }
  return text;
}

// The text apply_settings reads for a JSON value, or "" when the type cannot be the row's.
std::string to_text(const Setting& row, const Json& v) {
  switch (row.kind) {
    case Kind::Number:
      if (v.is_number()) return v.dump();
      if (v.is_string() && row.parse_number) return v.get<std::string>();  // "18:40"
      return "";
    case Kind::Integer:
    case Kind::Seed:
      return v.is_number_integer() ? v.dump() : "";
    case Kind::Switch:
      return v.is_boolean() ? (v.get<bool>() ? "on" : "off") : "";
    case Kind::Choice:
      return v.is_string() ? v.get<std::string>() : "";
  }
  return "";
}

std::string shell_word(const std::string& w) {
  const bool plain = std::all_of(w.begin(), w.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_-.=:,+/").find(c) != std::string_view::npos;
  });
  if (plain && !w.empty()) return w;
  std::string out = "'";
  for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// A float for the view, written as the shortest text that reads back the same.
Json exact(float v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  double x = 0;
  std::from_chars(buf, r.ptr, x);
  return x;
}

Json view_json(const View& v) {
  Json j = Json::object();
  j["eye"] = Json::array({exact(v.eye[0]), exact(v.eye[1]), exact(v.eye[2])});
  j["yaw_deg"] = exact(v.yaw_deg);
  j["pitch_deg"] = exact(v.pitch_deg);
  j["fov_deg"] = exact(v.fov_deg);
  return j;
}

// The view of a file, or an error message.
std::optional<View> parse_view(const Json& j, std::string& error) {
  auto number = [&](const Json& x, float lo, float hi, float& out) {
    if (!x.is_number()) return false;
    const double d = x.get<double>();
    if (!std::isfinite(d) || d < lo || d > hi) return false;
    out = float(d);
    return true;
  };
  View v;
  const float far = 1e6f;
  if (!j.is_object() || !j.contains("eye") || !j["eye"].is_array() || j["eye"].size() != 3 ||
      !number(j["eye"][0], -far, far, v.eye[0]) || !number(j["eye"][1], -far, far, v.eye[1]) ||
      !number(j["eye"][2], -far, far, v.eye[2]) || !j.contains("yaw_deg") ||
      !number(j["yaw_deg"], -1e4f, 1e4f, v.yaw_deg) || !j.contains("pitch_deg") ||
      !number(j["pitch_deg"], -89.0f, 89.0f, v.pitch_deg) || !j.contains("fov_deg") ||
      !number(j["fov_deg"], 20.0f, 100.0f, v.fov_deg)) {
    error = "bad \"view\": expected {\"eye\": [x, y, z], \"yaw_deg\": Y, \"pitch_deg\": -89..89, "
            "\"fov_deg\": 20..100}, finite numbers";
    return std::nullopt;
  }
  return v;
}

}  // namespace

View view_of(const render::Camera& camera) {
  render::Camera fly = camera;
  if (fly.mode != render::Camera::Mode::Fly) fly.set_mode(render::Camera::Mode::Fly);
  View v;
  v.eye[0] = fly.position.x;
  v.eye[1] = fly.position.y;
  v.eye[2] = fly.position.z;
  v.yaw_deg = fly.yaw_deg;
  v.pitch_deg = fly.pitch_deg;
  v.fov_deg = fly.fov_y_deg;
  return v;
}

void apply_view(render::Camera& camera, const View& v) {
  camera.set_mode(render::Camera::Mode::Fly);
  camera.position = {v.eye[0], v.eye[1], v.eye[2]};
  camera.yaw_deg = v.yaw_deg;
  camera.pitch_deg = v.pitch_deg;
  camera.fov_y_deg = v.fov_deg;
}

std::string settings_to_json(const Settings& s, SettingsScope scope, const std::optional<View>& view) {
  Json values = Json::object();
  for (const Setting& row : settings_table()) {
    if (!in_scope(row, scope)) continue;
    const std::string text = format_value(row, s);
    if (row.kind == Kind::Choice && row.get_choice(s) < 0) continue;  // a "custom" preset
    values[row.key] = to_json(row, text);
  }
  Json file = Json::object();
  file["format"] = kFormat;
  file["version"] = kVersion;
  file["settings"] = std::move(values);
  if (view) file["view"] = view_json(*view);
  return file.dump(2) + "\n";
}

std::vector<std::string> load_settings_json(std::string_view text, const std::string& source,
                                            Settings& s, SettingsScope scope, std::optional<View>* view) {
  auto fail = [&](const std::string& why) { return Error(ErrorCode::Io, source + ": " + why); };
  Json file;
  try {
    file = Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {
    // nlohmann's message names the line and column; its "[json.exception.parse_error.101]"
    // prefix says nothing to a user.
    std::string what = e.what();
    if (const size_t p = what.find("] "); p != std::string::npos) what = what.substr(p + 2);
    throw fail("not valid JSON: " + io::one_line(what, 300));
  }
  if (!file.is_object() || !file.contains("format") || file["format"] != kFormat)
    throw fail(std::string("not an oceanfft settings file (expected \"format\": \"") + kFormat + "\")");
  if (!file.contains("settings") || !file["settings"].is_object())
    throw fail("expected an object \"settings\"");
  std::vector<std::string> ignored;
  for (const auto& [key, value] : file.items())
    if (key != "format" && key != "version" && key != "settings" && key != "view") ignored.push_back(key);
  std::optional<View> file_view;
  if (file.contains("view")) {
    std::string error;
    file_view = parse_view(file["view"], error);
    if (!file_view) throw fail(error);
  }
  std::vector<std::pair<std::string, std::string>> values;
  for (const auto& [key, value] : file["settings"].items()) {
    const Setting* row = find_setting(key);
    if (!row) {
      ignored.push_back("settings." + key);
      continue;
    }
    const std::string v = to_text(*row, value);
    if (v.empty())
      throw fail("bad value " + io::one_line(value.dump(), 80) + " for " + key + ": expected " +
                 accepted_values(*row));
    if (in_scope(*row, scope)) values.emplace_back(key, v);
  }
  try {
    apply_settings(s, values);
  } catch (const Error& e) {
    throw fail(e.what());
  }
  if (view) *view = file_view;
  return ignored;
}

std::vector<std::string> load_settings_file(const std::string& path, Settings& s, SettingsScope scope,
                                            std::optional<View>* view) {
  const std::vector<uint8_t> bytes = io::read_file(path, "the settings file", kMaxBytes);
  return load_settings_json(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
                            path, s, scope, view);
}

void save_settings_file(const std::string& path, const Settings& s, SettingsScope scope,
                        const std::optional<View>& view) {
  io::write_file(path, settings_to_json(s, scope, view), "the settings file");
}

std::string settings_command_line(const Settings& s) {
  Settings given;  // what render starts from, then each --set in turn
  std::vector<const Setting*> rows;
  for (const Setting& row : settings_table())
    if (row.scope == Scope::Everywhere && !(row.kind == Kind::Choice && row.get_choice(s) < 0))
      rows.push_back(&row);
  // Render applies each --set alone and checks the whole ocean each time, so a value that only
  // fits beside a later one (a patch size against its neighbour) goes after it: rounds in table
  // order, each taking the rows that fit now, until nothing changes.
  std::string out = "oceanfft render";
  // The cascades' patch sizes go first and together (render's --patch-sizes): each must fit
  // its neighbours, so two that change a lot cannot be set one at a time.
  // Render applies its own options (--size) before --patch-sizes, and which patch sizes fit
  // depends on the size.
  const ocean::Params& p = s.ocean;
  if (p.size != given.ocean.size) {
    apply_setting(given, "size", std::to_string(p.size));
    out += " --size " + std::to_string(p.size);
  }
  bool patches_differ = p.cascades != given.ocean.cascades;
  for (int c = 0; c < p.cascades; ++c) patches_differ |= p.patch_sizes[size_t(c)] != given.ocean.patch_sizes[size_t(c)];
  if (patches_differ) {
    Settings trial = given;
    trial.ocean.cascades = p.cascades;
    std::string list;
    for (int c = 0; c < p.cascades; ++c) {
      trial.ocean.patch_sizes[size_t(c)] = p.patch_sizes[size_t(c)];
      list += (c ? "," : "") + format_value(*find_setting("patch_size_" + std::to_string(c)), s);
    }
    try {
      ocean::validate(trial.ocean);
      given = trial;
      out += " --patch-sizes " + list;
    } catch (const Error&) {
      // Left to the rounds below (the sea may resolve them with a new size first).
    }
  }
  for (bool progress = true; progress;) {
    progress = false;
    for (const Setting* row : rows) {
      const std::string v = format_value(*row, s);
      if (v == format_value(*row, given)) continue;
      try {
        apply_setting(given, row->key, v);
      } catch (const Error&) {
        continue;
      }
      out += " --set " + shell_word(row->key + "=" + v);
      progress = true;
    }
  }
  return out;
}

std::string ignored_message(const std::string& source, const std::vector<std::string>& ignored) {
  if (ignored.empty()) return "";
  std::string out = "ignoring unknown key" + std::string(ignored.size() > 1 ? "s" : "") + " in " + source + ": ";
  for (size_t i = 0; i < ignored.size(); ++i) out += (i ? ", " : "") + ignored[i];
  return out;
}

}  // namespace oceanfft::scene
