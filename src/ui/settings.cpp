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

// A float setting with the range the panel's slider also uses; `field` picks it out of Settings.
template <typename Field>
Entry float_entry(const std::string& key, float lo, float hi, Field field) {
  std::string help = "number in [" + number(lo) + ", " + number(hi) + "]";
  return {{key, help}, [=](Settings& s, std::string_view k, std::string_view v) {
            field(s) = parse_float(k, v, lo, hi);
          }};
}

// "a, b or c" from the names of an enum's values, for help texts and messages.
template <typename Enum, size_t N>
std::string choices(const Enum (&values)[N]) {
  std::string out;
  for (size_t i = 0; i < N; ++i)
    out += (i == 0 ? "" : i + 1 == N ? " or " : ", ") + std::string(ocean::name(values[i]));
  return out;
}

constexpr ocean::SpectrumType kSpectra[] = {ocean::SpectrumType::Phillips,
                                            ocean::SpectrumType::PiersonMoskowitz,
                                            ocean::SpectrumType::Jonswap};
constexpr ocean::Spreading kSpreadings[] = {ocean::Spreading::Cos2s, ocean::Spreading::Hasselmann,
                                            ocean::Spreading::DonelanBanner};

// The keys of one wave component ("" for the wind sea, "swell_" for the swell).
void add_component(std::vector<Entry>& e, const std::string& prefix,
                   ocean::WaveComponent ocean::SpectrumParams::*which) {
  auto comp = [which](Settings& s) -> ocean::WaveComponent& { return s.ocean.spectrum.*which; };
  const std::string spectra = choices(kSpectra), spreadings = choices(kSpreadings);
  e.push_back({{prefix + "spectrum", spectra},
               [comp, spectra](Settings& s, std::string_view k, std::string_view v) {
                 try {
                   comp(s).spectrum = ocean::parse_spectrum(v);
                 } catch (const Error&) {
                   throw bad(k, v, spectra);
                 }
               }});
  e.push_back({{prefix + "spreading", spreadings},
               [comp, spreadings](Settings& s, std::string_view k, std::string_view v) {
                 try {
                   comp(s).spreading = ocean::parse_spreading(v);
                 } catch (const Error&) {
                   throw bad(k, v, spreadings);
                 }
               }});
  e.push_back(float_entry(prefix + "wind_speed", 0.1f, 100.0f,
                          [comp](Settings& s) -> float& { return comp(s).wind_speed; }));
  // "wind_direction" from before the swell existed; the swell's is "swell_direction".
  e.push_back(float_entry(prefix.empty() ? "wind_direction" : prefix + "direction", -360.0f, 360.0f,
                          [comp](Settings& s) -> float& { return comp(s).direction_deg; }));
  e.push_back(float_entry(prefix + "fetch_km", 0.1f, 10000.0f,
                          [comp](Settings& s) -> float& { return comp(s).fetch_km; }));
  e.push_back(float_entry(prefix + "gamma", 1.0f, 20.0f,
                          [comp](Settings& s) -> float& { return comp(s).peak_enhancement; }));
  e.push_back(float_entry(prefix + "spread", 0.1f, 500.0f,
                          [comp](Settings& s) -> float& { return comp(s).spread; }));
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
    // First, so that a line "preset=storm wind_speed=30" reads as "storm, but with 30 m/s".
    e.push_back({{"preset", preset_list() + " or beaufort-N"},
                 [](Settings& s, std::string_view, std::string_view v) {
                   // find_preset's message names the value and lists the presets.
                   apply_preset(s.ocean, ocean::find_preset(v));
                 }});
    add_component(e, "", &ocean::SpectrumParams::wind);
    e.push_back(float_entry("swell_scale", 0.0f, 10.0f,
                            [](Settings& s) -> float& { return s.ocean.spectrum.swell.scale; }));
    add_component(e, "swell_", &ocean::SpectrumParams::swell);
    e.push_back({{"tma", "on or off"},
                 [](Settings& s, std::string_view k, std::string_view v) {
                   s.ocean.spectrum.tma = parse_bool(k, v);
                 }});
    e.push_back(float_entry("phillips_amplitude", 0.0f, 1.0f,
                            [](Settings& s) -> float& { return s.ocean.spectrum.phillips_amplitude; }));
    e.push_back(float_entry("small_wave_cutoff", 0.0f, 10.0f,
                            [](Settings& s) -> float& { return s.ocean.spectrum.small_wave_cutoff; }));
    e.push_back({{"cascades", "integer in [1, " + std::to_string(ocean::kMaxCascades) + "]"},
                 [](Settings& s, std::string_view k, std::string_view v) {
                   s.ocean.cascades = parse_int<int>(
                       k, v, 1, ocean::kMaxCascades,
                       "an integer in [1, " + std::to_string(ocean::kMaxCascades) + "]");
                 }});
    for (int c = 0; c < ocean::kMaxCascades; ++c)
      e.push_back(float_entry("patch_size_" + std::to_string(c), 1.0f, 100000.0f,
                              [c](Settings& s) -> float& { return s.ocean.patch_sizes[size_t(c)]; }));
    e.push_back(float_entry("choppiness", 0.0f, 5.0f, [](Settings& s) -> float& { return s.ocean.choppiness; }));
    e.push_back(float_entry("depth", 0.1f, 100000.0f, [](Settings& s) -> float& { return s.ocean.depth; }));
    e.push_back(float_entry("time_scale", 0.0f, 100.0f, [](Settings& s) -> float& { return s.ocean.time_scale; }));
    e.push_back(float_entry("loop_period", 0.0f, 100000.0f,
                            [](Settings& s) -> float& { return s.ocean.loop_period; }));
    e.push_back(float_entry("foam_threshold", -2.0f, 2.0f,
                            [](Settings& s) -> float& { return s.ocean.foam_threshold; }));
    e.push_back(float_entry("foam_softness", 0.001f, 5.0f,
                            [](Settings& s) -> float& { return s.ocean.foam_softness; }));
    e.push_back(float_entry("foam_grow", 0.0f, 100.0f, [](Settings& s) -> float& { return s.ocean.foam_grow; }));
    e.push_back(float_entry("foam_decay", 0.0f, 100.0f, [](Settings& s) -> float& { return s.ocean.foam_decay; }));
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

std::string preset_list() {
  std::string out;
  for (const ocean::Preset& p : ocean::presets()) out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

void apply_preset(ocean::Params& p, const ocean::Preset& preset) {
  p.spectrum = preset.spectrum;
  p.choppiness = preset.choppiness;
  p.foam_threshold = preset.foam_threshold;
}

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
