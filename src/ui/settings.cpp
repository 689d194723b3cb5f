#include "ui/settings.h"

#include <charconv>
#include <cstdio>
#include <cmath>
#include <functional>
#include <limits>

#include "gl/error.h"

namespace oceanfft::ui {
namespace {

std::string number(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", double(v));
  return buf;
}

Error bad(std::string_view key, std::string_view value, const std::string& expected) {
  return Error(ErrorCode::InvalidArgument, "bad value '" + std::string(value) + "' for " +
                                               std::string(key) + ": expected " + expected);
}

float parse_float(std::string_view key, std::string_view v, float lo, float hi) {
  std::string expected = "a number in [" + number(lo) + ", " + number(hi) + "]";
  float x = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec != std::errc() || end != v.data() + v.size() || !std::isfinite(x) || x < lo || x > hi)
    throw bad(key, v, expected);
  return x;
}

template <typename Int>
Int parse_int(std::string_view key, std::string_view v, Int lo, Int hi, const std::string& expected) {
  Int x = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  if (ec != std::errc() || end != v.data() + v.size() || x < lo || x > hi) throw bad(key, v, expected);
  return x;
}

bool parse_bool(std::string_view key, std::string_view v) {
  if (v == "on" || v == "true" || v == "1" || v == "yes") return true;
  if (v == "off" || v == "false" || v == "0" || v == "no") return false;
  throw bad(key, v, "on or off");
}

struct Entry {
  SettingInfo info;
  std::function<void(Settings&, std::string_view key, std::string_view value)> set;
};

// A float field of ocean::Params with the range the panel's slider also uses.
Entry ocean_float(const char* key, float ocean::Params::*field, float lo, float hi) {
  std::string help = "number in [" + number(lo) + ", " + number(hi) + "]";
  return {{key, help}, [=](Settings& s, std::string_view k, std::string_view v) {
            s.ocean.*field = parse_float(k, v, lo, hi);
          }};
}

const std::vector<Entry>& table() {
  static const std::vector<Entry> entries = [] {
    std::vector<Entry> e;
    e.push_back({{"algorithm", fft::algorithm_list()},
                 [](Settings& s, std::string_view k, std::string_view v) {
                   auto a = fft::parse_algorithm(v);
                   if (!a) throw bad(k, v, "one of " + fft::algorithm_list());
                   s.ocean.algorithm = *a;
                 }});
    e.push_back({{"size", "power of two in 64..4096"},
                 [](Settings& s, std::string_view k, std::string_view v) {
                   const std::string expected = "a power of two in " +
                                                std::to_string(ocean::kMinSize) + ".." +
                                                std::to_string(ocean::kMaxSize);
                   int n = parse_int<int>(k, v, ocean::kMinSize, ocean::kMaxSize, expected);
                   if (n & (n - 1)) throw bad(k, v, expected);
                   s.ocean.size = n;
                 }});
    e.push_back(ocean_float("patch_size", &ocean::Params::patch_size, 1.0f, 10000.0f));
    e.push_back(ocean_float("wind_speed", &ocean::Params::wind_speed, 0.1f, 100.0f));
    e.push_back(ocean_float("wind_direction", &ocean::Params::wind_direction_deg, -360.0f, 360.0f));
    e.push_back(ocean_float("amplitude", &ocean::Params::amplitude, 0.0f, 100.0f));
    e.push_back(ocean_float("small_wave_cutoff", &ocean::Params::small_wave_cutoff, 0.0f, 10.0f));
    e.push_back(ocean_float("opposing_waves", &ocean::Params::opposing_waves, 0.0f, 1.0f));
    e.push_back(ocean_float("choppiness", &ocean::Params::choppiness, 0.0f, 5.0f));
    e.push_back(ocean_float("depth", &ocean::Params::depth, 0.1f, 100000.0f));
    e.push_back(ocean_float("time_scale", &ocean::Params::time_scale, 0.0f, 100.0f));
    e.push_back(ocean_float("foam_threshold", &ocean::Params::foam_threshold, -2.0f, 2.0f));
    e.push_back(ocean_float("foam_softness", &ocean::Params::foam_softness, 0.001f, 5.0f));
    e.push_back({{"seed", "non-negative integer"},
                 [](Settings& s, std::string_view k, std::string_view v) {
                   s.ocean.seed = parse_int<uint64_t>(k, v, 0, std::numeric_limits<uint64_t>::max(),
                                                      "a non-negative integer");
                 }});
    e.push_back({{"pack_pairs", "on or off"},
                 [](Settings& s, std::string_view k, std::string_view v) {
                   s.ocean.pack_pairs = parse_bool(k, v);
                 }});
    e.push_back({{"mode", "ocean or viewer"},
                 [](Settings& s, std::string_view k, std::string_view v) {
                   if (v == "ocean")
                     s.mode = Mode::Ocean;
                   else if (v == "viewer")
                     s.mode = Mode::Viewer;
                   else
                     throw bad(k, v, "ocean or viewer");
                 }});
    e.push_back({{"vsync", "on or off"},
                 [](Settings& s, std::string_view k, std::string_view v) { s.vsync = parse_bool(k, v); }});
    e.push_back({{"paused", "on or off"},
                 [](Settings& s, std::string_view k, std::string_view v) { s.paused = parse_bool(k, v); }});
    e.push_back({{"wireframe", "on or off"},
                 [](Settings& s, std::string_view k, std::string_view v) {
                   s.shading.wireframe = parse_bool(k, v);
                 }});
    e.push_back({{"mesh_segments", "integer in [8, 2048]"},
                 [](Settings& s, std::string_view k, std::string_view v) {
                   s.shading.mesh_segments = parse_int<int>(k, v, 8, 2048, "an integer in [8, 2048]");
                 }});
    e.push_back({{"exposure", "number in [0.01, 100]"},
                 [](Settings& s, std::string_view k, std::string_view v) {
                   s.shading.exposure = parse_float(k, v, 0.01f, 100.0f);
                 }});
    e.push_back({{"camera", "orbit or fly"},
                 [](Settings& s, std::string_view k, std::string_view v) {
                   if (v == "orbit")
                     s.camera = CameraMode::Orbit;
                   else if (v == "fly")
                     s.camera = CameraMode::Fly;
                   else
                     throw bad(k, v, "orbit or fly");
                 }});
    e.push_back({{"camera_speed", "number in [0.1, 1000]"},
                 [](Settings& s, std::string_view k, std::string_view v) {
                   s.camera_speed = parse_float(k, v, 0.1f, 1000.0f);
                 }});
    return e;
  }();
  return entries;
}

}  // namespace

const std::vector<SettingInfo>& setting_keys() {
  static const std::vector<SettingInfo> keys = [] {
    std::vector<SettingInfo> k;
    for (const Entry& e : table()) k.push_back(e.info);
    return k;
  }();
  return keys;
}

std::string setting_key_list() {
  std::string out;
  for (const Entry& e : table()) out += (out.empty() ? "" : ", ") + e.info.key;
  return out;
}

void apply_setting(Settings& s, std::string_view key, std::string_view value) {
  for (const Entry& e : table()) {
    if (e.info.key != key) continue;
    Settings next = s;
    e.set(next, key, value);
    ocean::validate(next.ocean);
    s = next;
    return;
  }
  throw Error(ErrorCode::InvalidArgument,
              "unknown key '" + std::string(key) + "'; known keys: " + setting_key_list());
}

}  // namespace oceanfft::ui
