// SPDX-License-Identifier: MIT
// Settings files (src/scene/settings_file.cpp): every row of the settings table saved and loaded,
// save -> load -> save byte-identical, unknown keys named, malformed files changing nothing,
// the "copy as command line" text giving render the same settings; and render's --settings and
// --save-settings through the real binary.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "gl/error.h"
#include "scene/settings.h"
#include "scene/settings_file.h"
#include "support/temp_dir.h"
#include "window_app.h"

namespace fs = std::filesystem;
using namespace oceanfft;
using namespace oceanfft::scene;

namespace {

uint64_t test_seed() {
  const uint64_t seed = std::random_device{}() | (uint64_t(std::random_device{}()) << 32);
  std::printf("seed %llu\n", (unsigned long long)seed);
  return seed;
}

// Random values for every row, one after another as a script would set them (a value the
// whole ocean refuses is skipped).
Settings random_settings(std::mt19937_64& rng) {
  Settings s;
  for (int round = 0; round < 2; ++round)
    for (const Setting& row : settings_table()) {
      if (row.key == "mode") continue;
      try {
        apply_setting(s, row.key, random_value(row, rng));
      } catch (const Error&) {
      }
    }
  return s;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST(UiSettingsFile, EveryRowIsSavedAndSaveLoadSaveIsByteIdentical) {
  std::mt19937_64 rng(test_seed());
  for (int trial = 0; trial < 20; ++trial) {
    const Settings s = random_settings(rng);
    const std::string first = settings_to_json(s);
    for (const Setting& row : settings_table()) {
      if (row.kind == Kind::Choice && row.get_choice(s) < 0) continue;  // a custom preset
      EXPECT_NE(first.find("\"" + row.key + "\": "), std::string::npos) << row.key << "\n" << first;
    }
    Settings loaded;
    const std::vector<std::string> ignored = load_settings_json(first, "first.json", loaded);
    EXPECT_TRUE(ignored.empty());
    const std::string second = settings_to_json(loaded);
    ASSERT_EQ(first, second);
    for (const Setting& row : settings_table())
      EXPECT_EQ(format_value(row, s), format_value(row, loaded)) << row.key;
  }
}

// The camera's view rides beside the table and comes back exactly.
TEST(UiSettingsFile, ViewRoundTrips) {
  std::mt19937_64 rng(test_seed());
  std::uniform_real_distribution<float> u(-1000.0f, 1000.0f);
  for (int trial = 0; trial < 20; ++trial) {
    View v;
    v.eye[0] = u(rng);
    v.eye[1] = std::abs(u(rng)) / 10;
    v.eye[2] = u(rng);
    v.yaw_deg = u(rng) / 5;
    v.pitch_deg = u(rng) / 20;
    v.fov_deg = 20 + std::abs(u(rng)) / 20;
    const Settings s = random_settings(rng);
    const std::string first = settings_to_json(s, SettingsScope::All, v);
    Settings loaded;
    std::optional<View> back;
    load_settings_json(first, "v.json", loaded, SettingsScope::All, &back);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(settings_to_json(loaded, SettingsScope::All, back), first);
    EXPECT_EQ(back->eye[0], v.eye[0]);
    EXPECT_EQ(back->pitch_deg, v.pitch_deg);
    render::Camera c;
    apply_view(c, *back);
    const View again = view_of(c);
    EXPECT_EQ(again.eye[1], v.eye[1]);
    EXPECT_EQ(again.yaw_deg, v.yaw_deg);
  }
}

TEST(UiSettingsFile, FilesRoundTripThroughTheAtomicWriter) {
  std::mt19937_64 rng(test_seed());
  const test::TempDir tmp("sf-files");
  const fs::path& dir = tmp.path();
  const Settings s = random_settings(rng);
  save_settings_file((dir / "a.json").string(), s);
  Settings loaded;
  load_settings_file((dir / "a.json").string(), loaded);
  save_settings_file((dir / "b.json").string(), loaded);
  EXPECT_EQ(read(dir / "a.json"), read(dir / "b.json"));
  EXPECT_EQ(read(dir / "a.json").find("\n  \"settings\": {\n"), read(dir / "a.json").find("\n  \"settings\""))
      << "indented, one key a line";
}

TEST(UiSettingsFile, UnknownKeysLoadWhatIsKnownAndNameTheRest) {
  const std::string text = R"({"format": "oceanfft-settings", "version": 7, "weather": {"rain": 1},
    "settings": {"wind_speed": 21.5, "hologram": "on", "seed": 42, "wireframe": true,
                 "choppiness": 1.25, "time_of_day": "18:30"}})";
  Settings s;
  const std::vector<std::string> ignored = load_settings_json(text, "new.json", s);
  EXPECT_EQ(ignored, (std::vector<std::string>{"weather", "settings.hologram"}));
  EXPECT_EQ(s.ocean.spectrum.wind.wind_speed, 21.5f);
  EXPECT_EQ(s.ocean.seed, 42u);
  EXPECT_TRUE(s.shading.wireframe);
  EXPECT_EQ(s.ocean.choppiness, 1.25f);
  EXPECT_EQ(s.shading.sky.time_of_day_h, 18.5f);
  EXPECT_NE(ignored_message("new.json", ignored).find("new.json: weather, settings.hologram"), std::string::npos);
}

TEST(UiSettingsFile, MalformedFilesAreClearErrorsAndChangeNothing) {
  std::mt19937_64 rng(test_seed());
  const Settings start = random_settings(rng);
  const std::string before = settings_to_json(start);
  const std::string cut = before.substr(0, before.size() / 2);
  const std::string good_head = R"({"format": "oceanfft-settings", "version": 1, "settings": )";
  struct Case {
    std::string text, expect;
  } cases[] = {
      {cut, "not valid JSON"},
      {"", "not valid JSON"},
      {"[1, 2]", "not an oceanfft settings file"},
      {R"({"format": "something-else", "settings": {}})", "not an oceanfft settings file"},
      {R"({"format": "oceanfft-settings", "settings": 3})", "expected an object"},
      // A good value first: nothing of a file may land when a later value is bad.
      {good_head + R"({"wind_speed": 5, "choppiness": 99})" + "}", "choppiness"},
      {good_head + R"({"wind_speed": 5, "size": 100})" + "}", "size"},
      {good_head + R"({"wind_speed": "fast"})" + "}", "wind_speed"},
      {good_head + R"({"wind_speed": 5, "wireframe": "maybe"})" + "}", "wireframe"},
      {good_head + R"({"wind_speed": 5, "algorithm": 3})" + "}", "algorithm"},
      {good_head + R"({"wind_speed": 5, "seed": -1})" + "}", "seed"},
      {good_head + R"({"wind_speed": 5, "cascades": 4, "patch_size_0": 10, "patch_size_1": 100})" + "}", "patch"},
      {good_head + R"({"wind_speed": 5}, "view": {"eye": [0, 10, 0], "yaw_deg": 0, "pitch_deg": 95, "fov_deg": 50}})",
       "bad \"view\""},
      {good_head + R"({"wind_speed": 5}, "view": {"eye": [0, 10], "yaw_deg": 0, "pitch_deg": 5, "fov_deg": 50}})",
       "bad \"view\""},
  };
  for (const Case& c : cases) {
    Settings s = start;
    try {
      load_settings_json(c.text, "bad.json", s);
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::Io) << c.text;
      const std::string what = e.what();
      EXPECT_EQ(what.rfind("bad.json: ", 0), 0u) << what;
      EXPECT_NE(what.find(c.expect), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
    EXPECT_EQ(settings_to_json(s), before) << c.text;
  }
  Settings s = start;
  EXPECT_THROW(load_settings_file("/nonexistent/settings.json", s), Error);
  EXPECT_EQ(settings_to_json(s), before);
}

// The command line's --set values, applied in order as render applies them, give the same
// render settings.
TEST(UiSettingsFile, CommandLineGivesRenderTheSameSettings) {
  std::mt19937_64 rng(test_seed());
  for (int trial = 0; trial < 200; ++trial) {
    const Settings s = random_settings(rng);
    const std::string line = settings_command_line(s);
    ASSERT_EQ(line.rfind("oceanfft render", 0), 0u) << line;
    std::istringstream words(line);
    Settings given;
    std::string w;
    words >> w >> w;
    while (words >> w) {
      if (w == "--size") {
        ASSERT_TRUE(words >> w) << line;
        apply_setting(given, "size", w);
        continue;
      }
      if (w == "--patch-sizes") {  // all at once, as render sets them, before any --set
        ASSERT_TRUE(words >> w) << line;
        std::istringstream list(w);
        int c = 0;
        for (std::string item; std::getline(list, item, ','); ++c)
          given.ocean.patch_sizes[size_t(c)] = std::stof(item);
        given.ocean.cascades = c;
        ocean::validate(given.ocean);
        continue;
      }
      ASSERT_EQ(w, "--set") << line;
      ASSERT_TRUE(words >> w) << line;
      const size_t eq = w.find('=');
      ASSERT_NE(eq, std::string::npos) << w;
      apply_setting(given, w.substr(0, eq), w.substr(eq + 1));
    }
    EXPECT_EQ(settings_to_json(given, SettingsScope::Render), settings_to_json(s, SettingsScope::Render))
        << line;
  }
}

// render --save-settings writes what the frame used; --settings reads it back, and saving
// again gives the same bytes. A malformed file fails with exit 3 and writes nothing.
TEST(UiSettingsFile, RenderSavesAndLoadsSettingsFiles) {
  const std::string bin = oceanfft::test::binary();
  if (bin.empty()) GTEST_SKIP() << "OCEANFFT_BIN is not set";
  const test::TempDir tmp("sf-render");
  const fs::path& dir = tmp.path();
  const std::string common = "'" + bin + "' render --width 64 --height 48 --samples 1 --size 64 --time 1 ";
  auto r = oceanfft::test::run(common + "--out '" + (dir / "a.png").string() +
                               "' --wind-speed 7.5 --set cloud_coverage=0.25 --camera-height 40 --camera-pitch -12 "
                               "--save-settings '" +
                               (dir / "a.json").string() + "'");
  ASSERT_EQ(r.status, 0) << r.output;
  const std::string a = read(dir / "a.json");
  EXPECT_NE(a.find("\"wind_speed\": 7.5,"), std::string::npos) << a;
  EXPECT_NE(a.find("\"cloud_coverage\": 0.25,"), std::string::npos) << a;
  EXPECT_EQ(a.find("\"vsync\""), std::string::npos) << "render writes no window settings\n" << a;
  EXPECT_NE(a.find("\"pitch_deg\": -12.0"), std::string::npos) << "the frame's view\n" << a;
  r = oceanfft::test::run(common + "--out '" + (dir / "b.png").string() + "' --settings '" +
                          (dir / "a.json").string() + "' --save-settings '" + (dir / "b.json").string() + "'");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(read(dir / "b.json"), a);
  EXPECT_EQ(read(dir / "b.png"), read(dir / "a.png")) << "the same settings and view draw the same frame";

  std::ofstream(dir / "bad.json") << "{\"format\": \"oceanfft-settings\", \"settings\": {\"wind_speed\": ";
  r = oceanfft::test::run(common + "--out '" + (dir / "c.png").string() + "' --settings '" +
                          (dir / "bad.json").string() + "'");
  EXPECT_EQ(r.status, 3) << r.output;
  EXPECT_NE(r.output.find("bad.json: not valid JSON"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "c.png"));
}
