// SPDX-License-Identifier: MIT
#include "scene/settings.h"

#include "ocean/fleet.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <type_traits>

#include "gl/error.h"
#include "io/number.h"
#include "sky/sky.h"

namespace oceanfft::scene {
namespace {

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

Error bad(std::string_view key, std::string_view value, const std::string& expected) {
  return Error(ErrorCode::InvalidArgument, "bad value '" + std::string(value) + "' for " +
                                               std::string(key) + ": expected " + expected);
}

// The one decimal rule of io/number.h (no prefixes, signs or blanks), the whole text, finite.
bool parse_double(std::string_view v, double& x) {
  if (!io::decimal_problem(v, io::NumberKind::Real).empty()) return false;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
  return ec == std::errc() && end == v.data() + v.size() && std::isfinite(x);
}

template <typename Int>
bool parse_integer(std::string_view v, Int& x) {
  const io::NumberKind kind = std::is_signed_v<Int> ? io::NumberKind::Signed : io::NumberKind::Unsigned;
  if (!io::decimal_problem(v, kind).empty()) return false;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), x, 10);
  return !v.empty() && ec == std::errc() && end == v.data() + v.size();
}

// "a, b or c"
std::string or_list(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return out;
}

template <typename Enum, size_t N>
std::vector<std::string> names_of(const Enum (&values)[N]) {
  std::vector<std::string> out;
  for (Enum v : values) out.emplace_back(ocean::name(v));
  return out;
}

constexpr ocean::SpectrumType kSpectra[] = {ocean::SpectrumType::Phillips,
                                            ocean::SpectrumType::PiersonMoskowitz,
                                            ocean::SpectrumType::Jonswap};
constexpr ocean::Spreading kSpreadings[] = {ocean::Spreading::Cos2s, ocean::Spreading::Hasselmann,
                                            ocean::Spreading::DonelanBanner};

template <typename Enum, size_t N>
int index_of(const Enum (&values)[N], Enum v) {
  for (size_t i = 0; i < N; ++i)
    if (values[i] == v) return int(i);
  return -1;
}

// Builders, so each row of the table reads as one line of facts.
struct Row {
  Setting s;
  Row& log() { s.log = true; return *this; }
  Row& option(std::string flag) { s.option = std::move(flag); return *this; }
  Row& window() { s.scope = Scope::Window; s.soak = false; return *this; }
  Row& no_soak() { s.soak = false; return *this; }
  Row& panel(std::string group, std::string label, std::string format = "") {
    s.group = std::move(group);
    s.label = std::move(label);
    s.format = std::move(format);
    return *this;
  }
  Row& shown(std::function<bool(const Settings&)> f) { s.shown = std::move(f); return *this; }
  operator Setting() const { return s; }
};

template <typename Field>
Row number_row(std::string key, double lo, double hi, std::string help, Field field) {
  Row r;
  r.s.key = std::move(key);
  r.s.kind = Kind::Number;
  r.s.min = lo;
  r.s.max = hi;
  r.s.help = std::move(help);
  r.s.format = "%.3g";
  r.s.ref = [field](Settings& s) -> SettingRef { return &field(s); };
  return r;
}

template <typename Field>
Row integer_row(std::string key, int lo, int hi, std::string help, Field field) {
  Row r;
  r.s.key = std::move(key);
  r.s.kind = Kind::Integer;
  r.s.min = lo;
  r.s.max = hi;
  r.s.help = std::move(help);
  r.s.ref = [field](Settings& s) -> SettingRef { return &field(s); };
  return r;
}

template <typename Field>
Row switch_row(std::string key, std::string help, Field field) {
  Row r;
  r.s.key = std::move(key);
  r.s.kind = Kind::Switch;
  r.s.help = std::move(help);
  r.s.ref = [field](Settings& s) -> SettingRef { return &field(s); };
  return r;
}

Row choice_row(std::string key, std::vector<std::string> choices, std::string help,
               std::function<int(const Settings&)> get, std::function<void(Settings&, int)> set) {
  Row r;
  r.s.key = std::move(key);
  r.s.kind = Kind::Choice;
  r.s.choices = std::move(choices);
  r.s.help = std::move(help);
  r.s.get_choice = std::move(get);
  r.s.set_choice = std::move(set);
  return r;
}

// The rows of one wave component: "" for the wind sea, "swell_" for the swell.
void add_component(std::vector<Setting>& e, const std::string& prefix,
                   ocean::WaveComponent ocean::SpectrumParams::*which) {
  auto comp = [which](Settings& s) -> ocean::WaveComponent& { return s.ocean.spectrum.*which; };
  auto ccomp = [which](const Settings& s) -> const ocean::WaveComponent& {
    return s.ocean.spectrum.*which;
  };
  const bool swell = !prefix.empty();
  const std::string group = swell ? "Swell" : "Wind sea";
  auto on = [swell](const Settings& s) { return !swell || s.ocean.spectrum.swell.scale > 0.0f; };
  e.push_back(choice_row(prefix + "spectrum", names_of(kSpectra),
                         swell ? "the swell's spectrum" : "the wind sea's spectrum",
                         [ccomp](const Settings& s) { return index_of(kSpectra, ccomp(s).spectrum); },
                         [comp](Settings& s, int i) { comp(s).spectrum = kSpectra[i]; })
                  .panel(group, "spectrum")
                  .option(swell ? "" : "--spectrum")
                  .shown(on));
  e.push_back(choice_row(prefix + "spreading", names_of(kSpreadings), "directional spreading",
                         [ccomp](const Settings& s) { return index_of(kSpreadings, ccomp(s).spreading); },
                         [comp](Settings& s, int i) { comp(s).spreading = kSpreadings[i]; })
                  .panel(group, "spreading")
                  .option(swell ? "" : "--spreading")
                  .shown(on));
  e.push_back(number_row(prefix + "wind_speed", 0.1, 60.0,
                         swell ? "U10 of the distant storm that raised the swell, m/s"
                               : "U10 of the wind sea, m/s",
                         [comp](Settings& s) -> float& { return comp(s).wind_speed; })
                  .log()
                  .panel(group, swell ? "storm wind (m/s)" : "wind speed (m/s)", "%.1f")
                  .option(swell ? "" : "--wind-speed")
                  .shown(on));
  // "wind_direction" from before the swell existed; the swell's is "swell_direction".
  e.push_back(number_row(swell ? prefix + "direction" : "wind_direction", -180.0, 180.0,
                         "degrees from +x towards +z the waves travel",
                         [comp](Settings& s) -> float& { return comp(s).direction_deg; })
                  .panel(group, "direction (deg)", "%.0f")
                  .option(swell ? "" : "--wind-direction")
                  .shown(on));
  e.push_back(number_row(prefix + "fetch_km", 0.1, 10000.0, "JONSWAP fetch, km",
                         [comp](Settings& s) -> float& { return comp(s).fetch_km; })
                  .log()
                  .panel(group, "fetch (km)", "%.0f")
                  .option(swell ? "" : "--fetch")
                  .shown([ccomp, on](const Settings& s) {
                    return on(s) && ccomp(s).spectrum == ocean::SpectrumType::Jonswap;
                  }));
  e.push_back(number_row(prefix + "gamma", 1.0, 10.0, "JONSWAP peak enhancement",
                         [comp](Settings& s) -> float& { return comp(s).peak_enhancement; })
                  .panel(group, "gamma", "%.2f")
                  .option(swell ? "" : "--gamma")
                  .shown([ccomp, on](const Settings& s) {
                    return on(s) && ccomp(s).spectrum == ocean::SpectrumType::Jonswap;
                  }));
  e.push_back(number_row(prefix + "spread", 0.1, 500.0, "s of cos^2s spreading",
                         [comp](Settings& s) -> float& { return comp(s).spread; })
                  .log()
                  .panel(group, "spread s", "%.1f")
                  .option(swell ? "" : "--spread")
                  .shown([ccomp, on](const Settings& s) {
                    return on(s) && ccomp(s).spreading == ocean::Spreading::Cos2s;
                  }));
}

std::vector<Setting> make_table() {
  std::vector<Setting> e;
  using ocean::Params;
  {
    std::vector<std::string> names;
    for (fft::Algorithm a : fft::all_algorithms()) names.emplace_back(fft::name(a));
    e.push_back(choice_row(
                    "algorithm", names, "FFT algorithm",
                    [](const Settings& s) {
                      const auto all = fft::all_algorithms();
                      return int(std::find(all.begin(), all.end(), s.ocean.algorithm) - all.begin());
                    },
                    [](Settings& s, int i) { s.ocean.algorithm = fft::all_algorithms()[size_t(i)]; })
                    .option("--algorithm"));  // the FFT panel draws it with the sizes that fit
  }
  {
    Row size = integer_row("size", ocean::kMinSize, ocean::kMaxSize,
                           "simulated waves per patch side N",
                           [](Settings& s) -> int& { return s.ocean.size; })
                   .option("--size");
    size.s.check = [](int n) {
      if (!std::has_single_bit(unsigned(n))) throw std::invalid_argument("a power of two");
    };
    e.push_back(std::move(size));  // the FFT panel draws it with the sizes that fit
  }
  {
    std::vector<std::string> names;
    for (const ocean::Preset& p : ocean::presets()) names.emplace_back(p.name);
    Row preset = choice_row(
        "preset", names,
        "sea state; sets spectrum, swell, choppiness, cascades and patches, which later settings "
        "then override (beaufort-N also accepted)",
        [](const Settings& s) {
          const ocean::Preset* p = ocean::preset_with(s.ocean.spectrum);
          return p ? int(p - ocean::presets().data()) : -1;
        },
        [](Settings& s, int i) {
          const ocean::Preset& p = ocean::presets()[size_t(i)];
          apply_preset(s.ocean, p);
          sky::apply_weather(s.shading.sky, sky::beaufort_weather(p.beaufort));
        });
    preset.s.parse_choice = [](std::string_view v) {
      // find_preset's message names the value and lists the presets.
      const ocean::Preset& p = ocean::find_preset(v);
      return int(&p - ocean::presets().data());
    };
    e.push_back(std::move(preset).panel("Sea", "preset").option("--preset"));
  }
  add_component(e, "", &ocean::SpectrumParams::wind);
  e.push_back(number_row("swell_scale", 0.0, 10.0, "strength of the swell (0 = off), multiplies its S",
                         [](Settings& s) -> float& { return s.ocean.spectrum.swell.scale; })
                  .panel("Swell", "strength", "%.2f")
                  .shown([](const Settings& s) { return s.ocean.spectrum.swell.scale > 0.0f; }));
  add_component(e, "swell_", &ocean::SpectrumParams::swell);
  e.push_back(switch_row("tma", "TMA shallow-water attenuation of the spectrum by the depth",
                         [](Settings& s) -> bool& { return s.ocean.spectrum.tma; })
                  .panel("Wind sea", "TMA")
                  .option("--tma"));
  e.push_back(number_row("depth", 0.1, 100000.0, "water depth, metres (dispersion and TMA)",
                         [](Settings& s) -> float& { return s.ocean.depth; })
                  .log()
                  .panel("Wind sea", "depth (m)", "%.1f")
                  .option("--depth"));
  e.push_back(number_row("phillips_amplitude", 1e-6, 1.0, "Phillips spectrum's A, m^2",
                         [](Settings& s) -> float& { return s.ocean.spectrum.phillips_amplitude; })
                  .log()
                  .panel("Wind sea", "Phillips A", "%.2e")
                  .shown([](const Settings& s) {
                    return s.ocean.spectrum.wind.spectrum == ocean::SpectrumType::Phillips;
                  }));
  e.push_back(number_row("small_wave_cutoff", 0.0, 10.0, "waves damped by exp(-k^2 l^2), l in metres",
                         [](Settings& s) -> float& { return s.ocean.spectrum.small_wave_cutoff; })
                  .panel("Wind sea", "small-wave cutoff (m)", "%.3f"));
  e.push_back(integer_row("cascades", 1, ocean::kMaxCascades, "number of cascades",
                          [](Settings& s) -> int& { return s.ocean.cascades; })
                  .panel("Cascades", "cascades")
                  .option("--cascades"));
  for (int c = 0; c < ocean::kMaxCascades; ++c)
    e.push_back(number_row("patch_size_" + std::to_string(c), 1.0, 100000.0,
                           "metres, cascade " + std::to_string(c) + "'s patch",
                           [c](Settings& s) -> float& { return s.ocean.patch_sizes[size_t(c)]; })
                    .log()
                    .panel("Cascades", "patch " + std::to_string(c) + " (m)", "%.1f")
                    .option(c == 0 ? "--patch-size" : "")
                    .shown([c](const Settings& s) { return c < s.ocean.cascades; }));
  e.push_back(number_row("choppiness", 0.0, 3.0, "horizontal displacement scale lambda",
                         [](Settings& s) -> float& { return s.ocean.choppiness; })
                  .panel("Cascades", "choppiness", "%.2f")
                  .option("--choppiness"));
  {
    Row seed;
    seed.s.key = "seed";
    seed.s.kind = Kind::Seed;
    seed.s.help = "random seed of the spectrum: same seed, same sea";
    seed.s.ref = [](Settings& s) -> SettingRef { return &s.ocean.seed; };
    e.push_back(std::move(seed).panel("Cascades", "seed").option("--seed"));
  }
  e.push_back(switch_row("pack_pairs", "two real fields per complex plane (off: twice the FFT work)",
                         [](Settings& s) -> bool& { return s.ocean.pack_pairs; })
                  .panel("Cascades", "pack two fields per complex plane"));
  e.push_back(choice_row("fused_step", {"off", "spectrum", "full"},
                         "how much of the step runs inside the FFT's passes (fast algorithm, "
                         "packed fields): spectrum = evolved in the row pass, full = also the "
                         "maps assembled in the column pass; the same maps either way",
                         [](const Settings& s) { return int(s.ocean.fusion); },
                         [](Settings& s, int i) { s.ocean.fusion = ocean::Fusion(i); })
                  .panel("Cascades", "fuse the step into the FFT"));
  e.push_back(number_row("foam_threshold", -2.0, 2.0,
                         "foam where the smaller eigenvalue of the sea's Jacobian at the breaking length falls below this (1 flat, 0 folding)",
                         [](Settings& s) -> float& { return s.ocean.foam_threshold; })
                  .panel("Foam", "threshold", "%.2f"));
  e.push_back(number_row("foam_softness", 0.01, 5.0, "eigenvalue range over which injection ramps to full",
                         [](Settings& s) -> float& { return s.ocean.foam_softness; })
                  .log()
                  .panel("Foam", "softness", "%.2f"));
  e.push_back(number_row("foam_grow", 0.0, 50.0, "foam coverage per second at full injection",
                         [](Settings& s) -> float& { return s.ocean.foam_grow; })
                  .panel("Foam", "grow (1/s)", "%.2f"));
  e.push_back(number_row("foam_lifetime", 0.05, 20.0,
                         "active foam lasts this many peak periods times U10 / 10 m/s (e-folding), then thins",
                         [](Settings& s) -> float& { return s.ocean.foam_lifetime; })
                  .log()
                  .panel("Foam", "lifetime (peak periods)", "%.2f"));
  e.push_back(number_row("foam_breaking_length", 0.1, 50.0,
                         "metres at U10 = 10 m/s, in proportion to U10 (and shorter below 9 m/s, docs/foam.md): shorter waves break without whitecaps",
                         [](Settings& s) -> float& { return s.ocean.foam_breaking_length; })
                  .log()
                  .panel("Foam", "breaking length (m)", "%.2f"));
  e.push_back(number_row("time_scale", 0.0, 10.0, "simulated seconds per second",
                         [](Settings& s) -> float& { return s.ocean.time_scale; })
                  .panel("Time", "time scale", "%.2f"));
  e.push_back(number_row("loop_period", 0.0, 3600.0,
                         "seconds after which the sea repeats exactly (0 = never)",
                         [](Settings& s) -> float& { return s.ocean.loop_period; })
                  .panel("Time", "loop period (s)", "%.1f"));
  e.push_back(switch_row("paused", "freeze simulation time (rendering goes on)",
                         [](Settings& s) -> bool& { return s.paused; })
                  .window()
                  .panel("Time", "paused"));

  using render::ShadingParams;
  {
    Row time = number_row("time_of_day", 0.0, 24.0,
                          "local solar time in hours at 30 deg N on the June solstice; sets "
                          "sun_elevation and sun_azimuth",
                          [](Settings& s) -> float& { return s.shading.sky.time_of_day_h; })
                   .panel("Sky", "time of day (h)", "%.2f")
                   .option("--time-of-day");
    time.s.parse_number = [](std::string_view v, double& x) {
      if (const auto t = sky::parse_time_of_day(v)) {
        x = *t;
        return true;
      }
      return parse_double(v, x);
    };
    time.s.spelling = "HH:MM";
    time.s.then = [](Settings& s) {
      const sky::SunAngles a = sky::sun_at(s.shading.sky.time_of_day_h);
      s.shading.sky.sun_elevation_deg = a.elevation_deg;
      s.shading.sky.sun_azimuth_deg = a.azimuth_deg;
    };
    e.push_back(std::move(time));
  }
  e.push_back(number_row("sun_elevation", -10.0, 90.0, "sun's height above the horizon, degrees",
                         [](Settings& s) -> float& { return s.shading.sky.sun_elevation_deg; })
                  .panel("Sky", "sun elevation (deg)", "%.1f")
                  .option("--sun-elevation"));
  e.push_back(number_row("sun_azimuth", 0.0, 360.0,
                         "sun's compass bearing, degrees (+x is north, +z east)",
                         [](Settings& s) -> float& { return s.shading.sky.sun_azimuth_deg; })
                  .panel("Sky", "sun azimuth (deg)", "%.0f")
                  .option("--sun-azimuth"));
  e.push_back(number_row("sun_illuminance", 0.0, 100.0,
                         "sun's illuminance above the atmosphere, in the renderer's units",
                         [](Settings& s) -> float& { return s.shading.sky.sun_illuminance; })
                  .panel("Sky", "sun illuminance", "%.1f"));
  e.push_back(number_row("turbidity", 0.0, 10.0, "aerosol (Mie) density, 1 = a clear day",
                         [](Settings& s) -> float& { return s.shading.sky.turbidity; })
                  .panel("Sky", "turbidity", "%.2f"));
  e.push_back(number_row("cloud_coverage", 0.0, 1.0, "fraction of the sky the cloud layer covers",
                         [](Settings& s) -> float& { return s.shading.sky.cloud_coverage; })
                  .panel("Sky", "cloud coverage", "%.2f")
                  .option("--cloud-coverage"));
  e.push_back(number_row("cloud_altitude", 300.0, 12000.0, "height of the cloud layer's base, metres",
                         [](Settings& s) -> float& { return s.shading.sky.cloud_altitude_m; })
                  .log()
                  .panel("Sky", "cloud altitude (m)", "%.0f"));
  e.push_back(number_row("cloud_speed", 0.0, 5.0, "cloud drift per m/s of wind speed",
                         [](Settings& s) -> float& { return s.shading.sky.cloud_speed; })
                  .panel("Sky", "cloud speed", "%.2f"));
  {
    std::vector<std::string> types(sky::cloud_type_names().begin(), sky::cloud_type_names().end());
    e.push_back(choice_row("cloud_type", types,
                           "the cloud layer's shape: fair-weather heaps, building cloud, or a "
                           "low sheet (overcast)",
                           [](const Settings& s) { return int(s.shading.sky.cloud_type); },
                           [](Settings& s, int i) { s.shading.sky.cloud_type = sky::CloudType(i); })
                    .panel("Sky", "cloud type")
                    .option("--cloud-type"));
  }
  e.push_back(number_row("cloud_optical_depth", 0.0, 300.0,
                         "optical depth of the cloud layer where densest: it dims the sun and "
                         "darkens the base (cumulus 15-30, building cloud 35-55, overcast 60-150)",
                         [](Settings& s) -> float& { return s.shading.sky.cloud_optical_depth; })
                  .log()
                  .panel("Sky", "cloud optical depth", "%.1f")
                  .option("--cloud-optical-depth"));
  e.push_back(number_row("visibility", 0.05, 200.0,
                         "meteorological optical range of the air, km (contrast falls to 2 %; "
                         "rain and spray lower it further)",
                         [](Settings& s) -> float& { return s.shading.sky.visibility_km; })
                  .log()
                  .panel("Sky", "visibility (km)", "%.1f")
                  .option("--visibility"));
  e.push_back(number_row("rain", 0.0, 100.0, "rain rate, mm/h (0 = dry)",
                         [](Settings& s) -> float& { return s.shading.sky.rain_mm_h; })
                  .panel("Sky", "rain (mm/h)", "%.1f")
                  .option("--rain"));
  e.push_back(switch_row("cloud_shadows",
                         "the clouds shade the sun on the water below them (off: the sun's mean "
                         "through the cover everywhere)",
                         [](Settings& s) -> bool& { return s.shading.sky.cloud_shadows; })
                  .panel("Sky", "cloud shadows"));
  e.push_back(switch_row("wireframe", "draw the mesh as lines",
                         [](Settings& s) -> bool& { return s.shading.wireframe; })
                  .panel("Shading", "wireframe")
                  .option("--wireframe")
                  .no_soak());
  e.push_back(number_row("scatter_strength", 0.0, 4.0, "strength of the light through thin crests",
                         [](Settings& s) -> float& { return s.shading.scatter_strength; })
                  .panel("Shading", "scatter strength", "%.2f"));
  e.push_back(number_row("foam_intensity", 0.0, 2.0, "brightness of foam",
                         [](Settings& s) -> float& { return s.shading.foam_intensity; })
                  .panel("Shading", "foam intensity", "%.2f"));
  e.push_back(switch_row("foam_variation",
                         "vary each cascade's foam by noise that does not repeat and move its "
                         "film, so no patch's lattice of whitecaps and film shows from the air "
                         "(off: every copy of a patch holds the same foam)",
                         [](Settings& s) -> bool& { return s.shading.foam_variation; })
                  .panel("Shading", "foam variation"));
  e.push_back(number_row("spray", 0.0, 4.0,
                         "spray and spindrift blown off the crests from force 8 (0 = off, 1 = "
                         "as the wind makes it)",
                         [](Settings& s) -> float& { return s.shading.spray; })
                  .panel("Sky", "spray", "%.2f")
                  .option("--spray"));
  e.push_back(number_row("rain_streaks", 0.0, 4.0,
                         "streaks of the drops near the eye where it rains (0 = off, 1 = as a "
                         "1/60 s exposure draws them)",
                         [](Settings& s) -> float& { return s.shading.rain_streaks; })
                  .panel("Sky", "rain streaks", "%.2f")
                  .option("--rain-streaks"));
  e.push_back(number_row("exposure", 0.05, 20.0, "exposure before tone mapping",
                         [](Settings& s) -> float& { return s.shading.exposure; })
                  .log()
                  .panel("Shading", "exposure", "%.2f"));
  e.push_back(number_row("exposure_adapt", 0.0, 1.0,
                         "how far the exposure follows the light on the sea below half a clear "
                         "noon's, as a camera's auto-exposure does: fully for an overcast's "
                         "diffuse light, little for a low sun's (0 = fixed; 1 = fully, up to x4)",
                         [](Settings& s) -> float& { return s.shading.exposure_adapt; })
                  .panel("Shading", "exposure adapt", "%.2f")
                  .option("--exposure-adapt"));
  e.push_back(number_row("anisotropy", 1.0, 16.0,
                         "anisotropic filtering of the slope maps (1 = off; slow on llvmpipe)",
                         [](Settings& s) -> float& { return s.shading.anisotropy; })
                  .panel("Shading", "anisotropy", "%.0f")
                  .option("--anisotropy")
                  .no_soak());
  e.push_back(integer_row("mesh_segments", 32, 1024,
                          "clipmap cells per level side (rounded down to a multiple of 4)",
                          [](Settings& s) -> int& { return s.shading.mesh_segments; })
                  .panel("Shading", "mesh segments")
                  .no_soak());
  e.push_back(number_row("view_distance", 500.0, 60000.0, "metres the mesh reaches from the eye",
                         [](Settings& s) -> float& { return s.shading.view_distance; })
                  .log()
                  .panel("Shading", "view distance (m)", "%.0f")
                  .no_soak());

  e.push_back(integer_row("buoys", 0, ocean::Fleet::kMaxBuoys,
                          "buoys riding the waves in front of the origin (0 = none)",
                          [](Settings& s) -> int& { return s.buoys; })
                  .panel("Floating", "buoys")
                  .option("--buoys"));
  e.push_back(switch_row("boat", "a small boat riding the waves (the boat camera rides it)",
                         [](Settings& s) -> bool& { return s.boat; })
                  .panel("Floating", "boat")
                  .option("--boat"));

  // The window's own: the menu bar and the camera panel draw these.
  e.push_back(choice_row(
                  "mode", {"ocean", "viewer"}, "what the window shows",
                  [](const Settings& s) { return s.mode == Mode::Ocean ? 0 : 1; },
                  [](Settings& s, int i) { s.mode = i == 0 ? Mode::Ocean : Mode::Viewer; })
                  .window());
  e.push_back(switch_row("vsync", "wait for the display's refresh",
                         [](Settings& s) -> bool& { return s.vsync; })
                  .window());
  e.push_back(choice_row(
                  "camera", {"orbit", "fly"}, "how mouse and keys move the camera",
                  [](const Settings& s) { return s.camera == CameraMode::Orbit ? 0 : 1; },
                  [](Settings& s, int i) { s.camera = i == 0 ? CameraMode::Orbit : CameraMode::Fly; })
                  .window());
  e.push_back(number_row("camera_speed", 0.1, 1000.0, "free-fly metres per second",
                         [](Settings& s) -> float& { return s.camera_speed; })
                  .log()
                  .window()
                  .panel("Camera", "fly speed (m/s)", "%.1f"));
  return e;
}

void set_from_text(const Setting& d, Settings& s, std::string_view v) {
  const std::string expected = accepted_values(d);
  switch (d.kind) {
    case Kind::Number: {
      double x = 0;
      const bool parsed = d.parse_number ? d.parse_number(v, x) : parse_double(v, x);
      if (!parsed || x < d.min || x > d.max) throw bad(d.key, v, expected);
      *std::get<float*>(d.ref(s)) = float(x);
      return;
    }
    case Kind::Integer: {
      int x = 0;
      if (!parse_integer(v, x) || x < d.min || x > d.max) throw bad(d.key, v, expected);
      if (d.check) {
        try {
          d.check(x);
        } catch (const std::invalid_argument&) {
          throw bad(d.key, v, expected);
        }
      }
      *std::get<int*>(d.ref(s)) = x;
      return;
    }
    case Kind::Switch: {
      bool& b = *std::get<bool*>(d.ref(s));
      if (v == "on" || v == "true" || v == "1" || v == "yes")
        b = true;
      else if (v == "off" || v == "false" || v == "0" || v == "no")
        b = false;
      else
        throw bad(d.key, v, expected);
      return;
    }
    case Kind::Choice: {
      int i = -1;
      for (size_t c = 0; c < d.choices.size(); ++c)
        if (d.choices[c] == v) i = int(c);
      if (i < 0 && d.parse_choice) i = d.parse_choice(v);
      if (i < 0) throw bad(d.key, v, expected);
      d.set_choice(s, i);
      return;
    }
    case Kind::Seed: {
      uint64_t x = 0;
      if (!parse_integer(v, x)) throw bad(d.key, v, expected);
      *std::get<uint64_t*>(d.ref(s)) = x;
      return;
    }
  }
}

}  // namespace

const std::vector<Setting>& settings_table() {
  static const std::vector<Setting> table = make_table();
  return table;
}

const Setting* find_setting(std::string_view key) {
  for (const Setting& s : settings_table())
    if (s.key == key) return &s;
  return nullptr;
}

std::string setting_key_list() {
  std::string out;
  for (const Setting& s : settings_table()) out += (out.empty() ? "" : ", ") + s.key;
  return out;
}

std::string accepted_values(const Setting& s) {
  switch (s.kind) {
    case Kind::Number:
      return (s.spelling.empty() ? "" : s.spelling + " or ") + "a number in [" + number(s.min) +
             ", " + number(s.max) + "]";
    case Kind::Integer:
      if (s.check) return "a power of two in " + number(s.min) + ".." + number(s.max);  // size
      return "an integer in [" + number(s.min) + ", " + number(s.max) + "]";
    case Kind::Switch:
      return "on or off";
    case Kind::Choice:
      return or_list(s.choices);
    case Kind::Seed:
      return "a non-negative integer";
  }
  return "";
}

std::string format_value(const Setting& d, const Settings& from, bool exact) {
  Settings s = from;  // ref() hands out mutable pointers; read through a copy
  // Exact: the shortest text that reads back as the same float, so a written value
  // round-trips. Otherwise %g, for people.
  auto shortest = [exact](float v) {
    if (!exact) return number(v);
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
  };
  switch (d.kind) {
    case Kind::Number:
      return shortest(*std::get<float*>(d.ref(s)));
    case Kind::Integer:
      return std::to_string(*std::get<int*>(d.ref(s)));
    case Kind::Switch:
      return *std::get<bool*>(d.ref(s)) ? "on" : "off";
    case Kind::Choice: {
      const int i = d.get_choice(s);
      return i >= 0 ? d.choices[size_t(i)] : "custom";
    }
    case Kind::Seed:
      return std::to_string(*std::get<uint64_t*>(d.ref(s)));
  }
  return "";
}

std::string describe_settings(const Settings& s, std::initializer_list<std::string_view> groups) {
  std::string out;
  for (const Setting& row : settings_table())
    if (row.scope == Scope::Everywhere &&
        std::find(groups.begin(), groups.end(), row.group) != groups.end())
      out += (out.empty() ? "" : " ") + row.key + "=" + format_value(row, s, false);
  return out;
}

std::string preset_list() {
  std::string out;
  for (const ocean::Preset& p : ocean::presets()) out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

void apply_preset(ocean::Params& p, const ocean::Preset& preset) {
  p.spectrum = preset.spectrum;
  p.choppiness = preset.choppiness;
  p.cascades = preset.cascades;
  p.patch_sizes = preset.patch_sizes;
}

void apply_setting(Settings& s, std::string_view key, std::string_view value) {
  const Setting* d = find_setting(key);
  if (!d)
    throw Error(ErrorCode::InvalidArgument,
                "unknown key '" + std::string(key) + "'; known keys: " + setting_key_list());
  Settings next = s;
  set_from_text(*d, next, value);
  if (d->then) d->then(next);
  ocean::validate(next.ocean);
  s = next;
}

void apply_settings(Settings& s, const std::vector<std::pair<std::string, std::string>>& values) {
  for (const auto& [key, value] : values)
    if (!find_setting(key))
      throw Error(ErrorCode::InvalidArgument,
                  "unknown key '" + key + "'; known keys: " + setting_key_list());
  Settings next = s;
  for (const Setting& row : settings_table())
    for (const auto& [key, value] : values)
      if (key == row.key) {
        set_from_text(row, next, value);
        if (row.then) row.then(next);
      }
  ocean::validate(next.ocean);
  s = next;
}

std::string random_value(const Setting& s, std::mt19937_64& rng) {
  auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  auto in_range = [&]() {
    // Log settings spread over decades; a zero lower end starts the decades at max / 1e4.
    if (s.log) {
      const double lo = s.min > 0 ? s.min : s.max * 1e-4;
      return std::exp(uniform(std::log(lo), std::log(s.max)));
    }
    return uniform(s.min, s.max);
  };
  switch (s.kind) {
    case Kind::Number:
      return number(float(in_range()));
    case Kind::Integer: {
      int v = int(std::lround(in_range()));
      if (s.check) v = int(std::bit_floor(unsigned(std::max(v, 1))));
      return std::to_string(std::clamp(v, int(s.min), int(s.max)));
    }
    case Kind::Switch:
      return rng() % 2 ? "on" : "off";
    case Kind::Choice:
      return s.choices[size_t(rng() % s.choices.size())];
    case Kind::Seed:
      return std::to_string(rng());
  }
  return "";
}

}  // namespace oceanfft::scene
