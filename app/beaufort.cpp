// SPDX-License-Identifier: MIT
#include "beaufort.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string_view>
#include <vector>

#include "gl/context.h"
#include "gl/error.h"
#include "gl/shader.h"
#include "io/file.h"
#include "io/image.h"
#include "ocean/params.h"
#include "ocean/presets.h"
#include "render/camera.h"
#include "scene/headless_frame.h"

namespace oceanfft::app {
namespace {
namespace fs = std::filesystem;

// The WMO's sea criteria per force (wave heights left out: the presets' own Hs is printed).
struct Force {
  int force;
  const char* preset;
  const char* wind;  // U10, m/s
  const char* seen;
};
constexpr Force kForces[13] = {
    {0, "glassy", "&lt; 0.3", "Sea like a mirror."},
    {1, "light-air", "0.3&ndash;1.5", "Ripples with the appearance of scales; no foam crests."},
    {2, "light-breeze", "1.6&ndash;3.3",
     "Small wavelets, still short but more pronounced; crests have a glassy appearance and do "
     "not break."},
    {3, "gentle-breeze", "3.4&ndash;5.4",
     "Large wavelets; crests begin to break; foam of glassy appearance; perhaps scattered white "
     "horses."},
    {4, "moderate-breeze", "5.5&ndash;7.9", "Small waves becoming longer; fairly frequent white horses."},
    {5, "fresh", "8.0&ndash;10.7",
     "Moderate waves taking a more pronounced long form; many white horses; chance of some spray."},
    {6, "strong-breeze", "10.8&ndash;13.8",
     "Large waves begin to form; white foam crests more extensive everywhere; probably some spray."},
    {7, "near-gale", "13.9&ndash;17.1",
     "Sea heaps up; white foam from breaking waves begins to be blown in streaks along the wind."},
    {8, "gale", "17.2&ndash;20.7",
     "Moderately high waves of greater length; edges of crests break into spindrift; foam blown "
     "in well-marked streaks along the wind."},
    {9, "strong-gale", "20.8&ndash;24.4",
     "High waves; dense streaks of foam along the wind; crests topple, tumble and roll over; "
     "spray may affect visibility."},
    {10, "storm", "24.5&ndash;28.4",
     "Very high waves with long overhanging crests; foam in great patches blown in dense white "
     "streaks; on the whole the surface takes a white appearance; visibility affected."},
    {11, "violent-storm", "28.5&ndash;32.6",
     "Exceptionally high waves; the sea is completely covered with long white patches of foam "
     "along the wind; everywhere the crest edges are blown into froth; visibility affected."},
    {12, "hurricane", "&ge; 32.7",
     "Air filled with foam and spray; sea completely white with driving spray; visibility very "
     "seriously affected."},
};

struct Shot {
  std::string file;  // PNG name
  const Force* force;
  const char* camera;
  const char* clock;  // time of day
  const char* label;
};

std::vector<Shot> shots() {
  std::vector<Shot> out;
  for (const Force& f : kForces)
    out.push_back({"force" + std::to_string(f.force) + "-deck.png", &f, "deck", "12:00", "deck, noon"});
  for (int force : {4, 8, 10, 12})
    out.push_back({"force" + std::to_string(force) + "-aerial.png", &kForces[force], "aerial", "12:00",
                   "aerial, noon"});
  out.push_back({"force6-low-sun.png", &kForces[6], "deck", "18:30", "deck, low sun"});
  return out;
}

// Chosen once for every shot: the same seed, time and foam warm-up. A minute of warm-up brings
// the foam to its balance between breaking and decay at every force (at storm force its active
// and residual lifetimes are 10-20 s): the sea as it looks after the wind has blown for hours.
constexpr const char* kSeed = "1";
constexpr double kTime = 12.0;
constexpr double kFoamWarmup = 60.0;

// Metres the deck shots' eye rises above the deck camera's 6 m: the sea's significant wave
// height, as on a ship that rides the sea, so that from force 9 on the eye looks over the
// crests rather than into the face of the next wave from a trough, as the observers whose
// descriptions the WMO collected did from ships' bridges.
double deck_rise(const scene::Settings& settings) {
  return 4.0 * std::sqrt(ocean::theoretical_variance(settings.ocean));
}

std::string duration(double seconds) {
  const int s = int(seconds + 0.5);
  char buf[32];
  if (s >= 60)
    std::snprintf(buf, sizeof buf, "%dm%02ds", s / 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%ds", s);
  return buf;
}

std::string html_row(const Shot& s, const scene::RenderedFrame& r) {
  char numbers[384];
  std::snprintf(numbers, sizeof numbers,
                "Hs %.2f m; whitecaps %.2f %% (Monahan %.2f %%), residual foam %.1f %%; white water "
                "(foam and spray) reads on %.1f %% of the picture's sea (%.1f %% by whiteness alone, "
                "haze included); eye %.1f m above the mean level",
                r.sea.hs_measured, r.sea.coverage * 100.0, r.sea.coverage_monahan * 100.0,
                r.sea.residual * 100.0, r.foam.share * 100.0, r.foam_unreferenced.share * 100.0,
                double(r.camera.eye().y));
  return "<tr><td class=f>" + std::to_string(s.force->force) + "</td><td><b>" + s.force->preset +
         "</b><br>U10 " + s.force->wind + " m/s<br><i>" + s.label + "</i></td><td>" +
         s.force->seen + "<p class=n>" + numbers + "</p></td><td><a href=\"" + s.file +
         "\"><img src=\"" + s.file + "\" width=640 alt=\"force " + std::to_string(s.force->force) +
         ", " + s.label + "\"></a></td></tr>\n";
}

}  // namespace

std::string beaufort_shot_names() {
  std::string out;
  for (const Shot& s : shots()) out += (out.empty() ? "" : ", ") + s.file;
  return out;
}

std::vector<scene::Settings> beaufort_shot_settings(const scene::Settings& base) {
  std::vector<scene::Settings> out;
  for (const Shot& s : shots()) {
    scene::Settings settings = base;
    for (const auto& [key, value] : {std::pair<std::string_view, std::string_view>{"preset", s.force->preset},
                                     {"seed", kSeed},
                                     {"foam_variation", "1"},
                                     {"time_of_day", s.clock}}) {
      try {
        scene::apply_setting(settings, key, value);
      } catch (const Error& e) {
        throw Error(e.code(), "--beaufort " + s.file + ": " + e.what());
      }
    }
    out.push_back(settings);
  }
  return out;
}

int render_beaufort(const BeaufortSheet& sheet) {
  // Every shot's settings are checked before the first is drawn.
  const std::vector<Shot> list = shots();
  const std::vector<scene::Settings> settings = beaufort_shot_settings(sheet.base);
  std::vector<scene::HeadlessFrame> frames;
  for (size_t i = 0; i < list.size(); ++i) {
    const Shot& s = list[i];
    scene::HeadlessFrame f;
    f.settings = settings[i];
    f.width = sheet.width;
    f.height = sheet.height;
    f.samples = sheet.samples;
    f.time = kTime;
    f.foam_warmup = kFoamWarmup;  // from none: a minute builds the balance, in the setup line
    f.foam_balance = false;
    f.foam_against_bare = true;
    render::apply_camera_preset(f.camera, render::find_camera_preset(s.camera));
    if (s.camera == std::string_view("deck")) f.camera.position.y += float(deck_rise(f.settings));
    frames.push_back(f);
  }
  // One set: the pictures and the sheet all new, or DIR as it was.
  io::OutputSet files;
  files.make_directory(sheet.dir, "the Beaufort directory");
  auto ctx = gl::create_headless();
  gl::ShaderLibrary shaders(*ctx);
  std::string deck, other;
  const auto start = std::chrono::steady_clock::now();
  for (size_t i = 0; i < list.size(); ++i) {
    const Shot& s = list[i];
    const scene::RenderedFrame r = scene::render_frame(frames[i], *ctx, shaders);
    const std::string path = (fs::path(sheet.dir) / s.file).string();
    files.put(path, io::encode_png(frames[i].width, frames[i].height, 4, r.rgba.data()));
    (s.camera == std::string_view("deck") && s.clock == std::string_view("12:00") ? deck : other) +=
        html_row(s, r);
    const double spent =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double left = spent / double(i + 1) * double(list.size() - i - 1);
    std::printf("[%2zu/%zu] %s: force %d, %s, Hs %.2f m, whitecaps %.2f%% (Monahan %.2f%%), "
                "white water on %.1f%% of the sea (%.1f%% by whiteness alone); about %s left\n",
                i + 1, list.size(), path.c_str(), s.force->force, s.label, r.sea.hs_measured,
                r.sea.coverage * 100.0, r.sea.coverage_monahan * 100.0, r.foam.share * 100.0,
                r.foam_unreferenced.share * 100.0, duration(left).c_str());
    std::fflush(stdout);
  }
  char setup[160];
  std::snprintf(setup, sizeof setup, "%dx%d, seed %s, t = %.0f s after %.0f s of foam warm-up",
                sheet.width, sheet.height, kSeed, kTime, kFoamWarmup);
  const std::string html =
      "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>oceanfft: the Beaufort "
      "scale</title>\n<style>body{font:15px sans-serif;max-width:1200px;margin:auto}"
      "td{vertical-align:top;padding:6px;border-bottom:1px solid #ccc}.f{font-size:28px;"
      "font-weight:bold}.n{color:#555;font-size:13px}</style></head><body>\n"
      "<h1>The Beaufort scale, rendered by oceanfft</h1>\n<p>Each force's sea criteria (World "
      "Meteorological Organization) beside its preset, " + std::string(setup) +
      ". Click a picture for full size.</p>\n<h2>From the deck at noon</h2>\n<p>The eye is 6 m "
      "plus the sea's significant wave height above the mean level, as on a ship riding the "
      "sea.</p>\n<table>\n" + deck +
      "</table>\n<h2>From the air, and at low sun</h2>\n<table>\n" + other +
      "</table>\n</body></html>\n";
  files.put((fs::path(sheet.dir) / "index.html").string(), html);
  files.commit();
  std::printf("%s: %zu pictures and index.html\n", sheet.dir.c_str(), list.size());
  return 0;
}

}  // namespace oceanfft::app
