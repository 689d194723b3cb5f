// SPDX-License-Identifier: MIT
// The demo script and the settings it drives: parsing, validation with line numbers, and that
// every key the panels offer round-trips through apply_setting. No GL needed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <fstream>
#include <random>
#include <set>

#include "gl/error.h"
#include "ui/app.h"
#include "scene/script.h"
#include "scene/sea_check.h"
#include "scene/settings.h"

using namespace oceanfft;
using namespace oceanfft::scene;
using namespace oceanfft::ui;

namespace {

ScriptCheck settings_check() { return script_check(); }

std::string error_of(std::string_view text) {
  try {
    Script::parse(text, "s.txt", settings_check());
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
    return e.what();
  }
  return "";
}

}  // namespace

TEST(UiScript, ParsesFramesKeysAndComments) {
  Script s = Script::parse(
      "# a comment\n"
      "\n"
      "200 size=512\n"
      "120 algorithm=cooley-tukey   # trailing comment\n"
      "  300 wind_speed=12 choppiness=0.5\r\n"
      "120 report=objects\n",
      "s.txt", settings_check());
  ASSERT_EQ(s.entries().size(), 5u);
  // Sorted by frame, file order kept within a frame.
  EXPECT_EQ(s.entries()[0].frame, 120);
  EXPECT_EQ(s.entries()[0].key, "algorithm");
  EXPECT_EQ(s.entries()[0].value, "cooley-tukey");
  EXPECT_EQ(s.entries()[0].line, 4);
  EXPECT_EQ(s.entries()[1].key, "report");
  EXPECT_EQ(s.entries()[2].frame, 200);
  EXPECT_EQ(s.entries()[3].key, "wind_speed");
  EXPECT_EQ(s.entries()[3].value, "12");
  EXPECT_EQ(s.entries()[4].key, "choppiness");
  EXPECT_EQ(s.entries()[4].line, 5);
  EXPECT_EQ(s.due(120).size(), 2u);
  EXPECT_EQ(s.due(121).size(), 0u);
  EXPECT_EQ(s.due(300).size(), 2u);
  EXPECT_EQ(s.last_frame(), 300);
}

TEST(UiScript, ErrorsNameTheLineAndTheProblem) {
  std::string e = error_of("10 size=256\n\n20 colour=red\n");
  EXPECT_NE(e.find("s.txt:3:"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown key 'colour'"), std::string::npos) << e;
  EXPECT_NE(e.find("wind_speed"), std::string::npos) << "the message should list known keys: " << e;

  e = error_of("1 algorithm=bogus\n");
  EXPECT_NE(e.find("s.txt:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("stockham-r4"), std::string::npos) << e;

  e = error_of("1 size=500\n");
  EXPECT_NE(e.find("power of two"), std::string::npos) << e;
  e = error_of("1 size=32\n");
  EXPECT_NE(e.find("power of two"), std::string::npos) << e;
  e = error_of("1 size=8192\n");
  EXPECT_NE(e.find("s.txt:1:"), std::string::npos) << e;
  e = error_of("1 wind_speed=fast\n");
  EXPECT_NE(e.find("wind_speed"), std::string::npos) << e;
  e = error_of("1 wind_speed=nan\n");
  EXPECT_NE(e.find("wind_speed"), std::string::npos) << e;
  e = error_of("1 depth=-5\n");
  EXPECT_NE(e.find("depth"), std::string::npos) << e;
  e = error_of("abc size=64\n");
  EXPECT_NE(e.find("frame number"), std::string::npos) << e;
  e = error_of("-3 size=64\n");
  EXPECT_NE(e.find("frame number"), std::string::npos) << e;
  e = error_of("12\n");
  EXPECT_NE(e.find("no key=value"), std::string::npos) << e;
  e = error_of("12 size\n");
  EXPECT_NE(e.find("key=value"), std::string::npos) << e;
  e = error_of("12 =64\n");
  EXPECT_NE(e.find("key=value"), std::string::npos) << e;
  e = error_of("12 size=\n");
  EXPECT_NE(e.find("key=value"), std::string::npos) << e;
  e = error_of("12 mode=photo\n");
  EXPECT_NE(e.find("ocean or viewer"), std::string::npos) << e;
  e = error_of("12 vsync=maybe\n");
  EXPECT_NE(e.find("on or off"), std::string::npos) << e;
  e = error_of("12 report=everything\n");
  EXPECT_NE(e.find("objects"), std::string::npos) << e;
}

TEST(UiScript, MissingFileIsAnIoError) {
  try {
    Script::load("/nonexistent/oceanfft-script.txt", settings_check());
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::Io);
    EXPECT_NE(std::string(e.what()).find("/nonexistent/oceanfft-script.txt"), std::string::npos);
  }
}

TEST(UiScriptSettings, EveryKeyAppliesAndBadValuesLeaveSettingsUnchanged) {
  Settings s;
  apply_setting(s, "algorithm", "cooley-tukey");
  EXPECT_EQ(s.ocean.algorithm, fft::Algorithm::CooleyTukey);
  apply_setting(s, "size", "128");
  EXPECT_EQ(s.ocean.size, 128);
  apply_setting(s, "wind_speed", "12.5");
  EXPECT_FLOAT_EQ(s.ocean.spectrum.wind.wind_speed, 12.5f);
  apply_setting(s, "wind_direction", "-45");
  EXPECT_FLOAT_EQ(s.ocean.spectrum.wind.direction_deg, -45.0f);
  apply_setting(s, "seed", "18446744073709551615");
  EXPECT_EQ(s.ocean.seed, 18446744073709551615ull);
  apply_setting(s, "mode", "viewer");
  EXPECT_EQ(s.mode, Mode::Viewer);
  apply_setting(s, "camera", "fly");
  EXPECT_EQ(s.camera, CameraMode::Fly);
  apply_setting(s, "wireframe", "on");
  EXPECT_TRUE(s.shading.wireframe);
  apply_setting(s, "vsync", "off");
  EXPECT_FALSE(s.vsync);

  const Settings before = s;
  EXPECT_THROW(apply_setting(s, "size", "100"), Error);
  EXPECT_THROW(apply_setting(s, "wind_speed", "1e9"), Error);
  EXPECT_THROW(apply_setting(s, "wind_speed", "12x"), Error);
  EXPECT_THROW(apply_setting(s, "seed", "-1"), Error);
  EXPECT_EQ(s.ocean.size, before.ocean.size);
  EXPECT_EQ(s.ocean.spectrum.wind.wind_speed, before.ocean.spectrum.wind.wind_speed);
  EXPECT_EQ(s.ocean.seed, before.ocean.seed);

}

// The table is the one home of each setting's range: the panel's slider, scripts, render and
// the soak all read it. Each row accepts its own bounds and its own formatted default, refuses
// values just outside, and the soak's random values stay inside.
TEST(UiScriptSettings, TheTableAcceptsItsOwnRangesDefaultsAndRandomValues) {
  const uint64_t seed = std::random_device{}();
  std::printf("seed %llu\n", (unsigned long long)seed);
  std::mt19937_64 rng(seed);
  std::set<std::string> keys, options;
  for (const Setting& row : settings_table()) {
    SCOPED_TRACE(row.key);
    EXPECT_TRUE(keys.insert(row.key).second) << "duplicate key";
    if (!row.option.empty()) EXPECT_TRUE(options.insert(row.option).second) << "duplicate option";
    EXPECT_FALSE(row.help.empty());
    EXPECT_EQ(find_setting(row.key), &row);
    if (!row.group.empty()) EXPECT_FALSE(row.label.empty()) << "a panel row needs a label";
    if (row.scope == Scope::Window) EXPECT_FALSE(row.soak) << "the soak has no window";
    if (row.kind == Kind::Choice) {
      EXPECT_TRUE(row.get_choice && row.set_choice);
      EXPECT_FALSE(row.choices.empty());
    } else {
      EXPECT_TRUE(bool(row.ref));
    }
    // The default round-trips exactly (the default sea is no preset: "custom" is shown, not set).
    Settings s;
    const std::string def = format_value(row, s);
    Settings t;
    if (!(row.kind == Kind::Choice && row.get_choice(s) < 0)) {
      EXPECT_NO_THROW(apply_setting(t, row.key, def)) << def;
      EXPECT_EQ(format_value(row, t), def);
    }
    // A patch size is only valid relative to its neighbours, so its bounds are not its own.
    const bool relative = row.key.rfind("patch_size_", 0) == 0;
    if ((row.kind == Kind::Number || row.kind == Kind::Integer) && !relative) {
      auto text = [&](double v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, row.kind == Kind::Integer ? "%.0f" : "%.9g", v);
        return std::string(buf);
      };
      for (double v : {row.min, row.max}) {
        Settings u;
        EXPECT_NO_THROW(apply_setting(u, row.key, text(v))) << text(v);
      }
      const double step = row.kind == Kind::Integer ? 1.0 : std::max(1e-3 * (row.max - row.min), 1e-6);
      for (double v : {row.min - step, row.max + step}) {
        Settings u;
        const Settings before = u;
        EXPECT_THROW(apply_setting(u, row.key, text(v)), Error) << text(v);
        EXPECT_EQ(format_value(row, u), format_value(row, before));
      }
    }
    for (int i = 0; i < 20; ++i) {
      const std::string v = random_value(row, rng);
      Settings u;
      if (relative) continue;
      EXPECT_NO_THROW(apply_setting(u, row.key, v)) << v;
    }
  }
  // The ranges the panel once disagreed on.
  EXPECT_EQ(find_setting("wind_speed")->max, 60.0);
  EXPECT_EQ(find_setting("mesh_segments")->min, 32.0);
  EXPECT_EQ(find_setting("mesh_segments")->max, 1024.0);
  // Numbers are decimal: no octal, no hex, no stray spaces.
  Settings s;
  apply_setting(s, "cascades", "02");
  EXPECT_EQ(s.ocean.cascades, 2);
  for (const char* v : {"0x2", " 2", "2 ", "+2"}) EXPECT_THROW(apply_setting(s, "cascades", v), Error) << v;
  for (const char* v : {"0x10", "1e", " 12"}) EXPECT_THROW(apply_setting(s, "wind_speed", v), Error) << v;
}

TEST(UiScriptSettings, DescribeNamesTheSeaAndNotTheWindow) {
  Settings s;
  apply_setting(s, "wind_speed", "15");
  apply_setting(s, "paused", "on");
  const std::string line = " " + describe_settings(s, {"Wind sea", "Swell", "Cascades", "Foam", "Time"}) + " ";
  EXPECT_NE(line.find(" wind_speed=15 "), std::string::npos) << line;
  EXPECT_NE(line.find(" cascades=3 "), std::string::npos) << line;
  EXPECT_EQ(line.find("paused"), std::string::npos) << line;
  EXPECT_EQ(line.find("exposure"), std::string::npos) << line;
}

TEST(UiScriptSettings, SeaStateKeysSetTheirFields) {
  Settings s;
  Script script = Script::parse(
      "1 spectrum=pierson-moskowitz spreading=donelan-banner fetch_km=50 gamma=2.5 spread=20\n"
      "2 swell_scale=0.5 swell_direction=-90 swell_spreading=cos2s swell_spread=60\n"
      "2 swell_wind_speed=18 swell_spectrum=jonswap swell_fetch_km=1500 swell_gamma=4\n"
      "3 tma=on depth=20 cascades=2 patch_size_1=200 loop_period=30 time_scale=0.5\n"
      "4 foam_grow=3 foam_lifetime=0.25 foam_threshold=0.6 foam_softness=0.2\n"
      "5 phillips_amplitude=0.004 small_wave_cutoff=0.1 choppiness=1.5\n",
      "s.txt", settings_check());
  for (const ScriptEntry& e : script.entries()) apply_setting(s, e.key, e.value);
  const ocean::Params& p = s.ocean;
  EXPECT_EQ(p.spectrum.wind.spectrum, ocean::SpectrumType::PiersonMoskowitz);
  EXPECT_EQ(p.spectrum.wind.spreading, ocean::Spreading::DonelanBanner);
  EXPECT_FLOAT_EQ(p.spectrum.wind.fetch_km, 50.0f);
  EXPECT_FLOAT_EQ(p.spectrum.wind.peak_enhancement, 2.5f);
  EXPECT_FLOAT_EQ(p.spectrum.wind.spread, 20.0f);
  EXPECT_FLOAT_EQ(p.spectrum.swell.scale, 0.5f);
  EXPECT_FLOAT_EQ(p.spectrum.swell.direction_deg, -90.0f);
  EXPECT_EQ(p.spectrum.swell.spreading, ocean::Spreading::Cos2s);
  EXPECT_FLOAT_EQ(p.spectrum.swell.spread, 60.0f);
  EXPECT_FLOAT_EQ(p.spectrum.swell.wind_speed, 18.0f);
  EXPECT_EQ(p.spectrum.swell.spectrum, ocean::SpectrumType::Jonswap);
  EXPECT_FLOAT_EQ(p.spectrum.swell.fetch_km, 1500.0f);
  EXPECT_FLOAT_EQ(p.spectrum.swell.peak_enhancement, 4.0f);
  EXPECT_TRUE(p.spectrum.tma);
  EXPECT_FLOAT_EQ(p.depth, 20.0f);
  EXPECT_EQ(p.cascades, 2);
  EXPECT_FLOAT_EQ(p.patch_sizes[1], 200.0f);
  EXPECT_FLOAT_EQ(p.loop_period, 30.0f);
  EXPECT_FLOAT_EQ(p.time_scale, 0.5f);
  EXPECT_FLOAT_EQ(p.foam_grow, 3.0f);
  EXPECT_FLOAT_EQ(p.foam_lifetime, 0.25f);
  EXPECT_FLOAT_EQ(p.foam_threshold, 0.6f);
  EXPECT_FLOAT_EQ(p.foam_softness, 0.2f);
  EXPECT_FLOAT_EQ(p.spectrum.phillips_amplitude, 0.004f);
  EXPECT_FLOAT_EQ(p.spectrum.small_wave_cutoff, 0.1f);
  EXPECT_FLOAT_EQ(p.choppiness, 1.5f);
  // The wind sea was not touched by the swell keys.
  EXPECT_FLOAT_EQ(p.spectrum.wind.wind_speed, ocean::Params{}.spectrum.wind.wind_speed);
}

TEST(UiScriptSettings, PresetSetsTheSeaStateAndLaterKeysOverrideIt) {
  for (const ocean::Preset& pr : ocean::presets()) {
    Settings s;
    s.ocean.cascades = 2;
    s.ocean.seed = 77;
    apply_setting(s, "preset", pr.name);
    EXPECT_TRUE(s.ocean.spectrum == pr.spectrum) << pr.name;
    EXPECT_FLOAT_EQ(s.ocean.choppiness, pr.choppiness) << pr.name;
    // One global foam threshold: a preset leaves it alone.
    EXPECT_FLOAT_EQ(s.ocean.foam_threshold, ocean::Params{}.foam_threshold) << pr.name;
    // Issue 12: a preset also picks the cascades that resolve its peak; the size stays.
    EXPECT_EQ(s.ocean.cascades, pr.cascades) << pr.name;
    EXPECT_TRUE(s.ocean.patch_sizes == pr.patch_sizes) << pr.name;
    EXPECT_EQ(s.ocean.size, Settings{}.ocean.size) << pr.name;
    EXPECT_EQ(s.ocean.seed, 77u);
  }
  Settings s;
  Script script = Script::parse("10 preset=storm wind_speed=30\n", "s.txt", settings_check());
  for (const ScriptEntry& e : script.entries()) apply_setting(s, e.key, e.value);
  const ocean::Preset& storm = ocean::find_preset("storm");
  EXPECT_FLOAT_EQ(s.ocean.spectrum.wind.wind_speed, 30.0f);
  EXPECT_FLOAT_EQ(s.ocean.spectrum.wind.fetch_km, storm.spectrum.wind.fetch_km);
  apply_setting(s, "preset", "beaufort-7");
  EXPECT_TRUE(s.ocean.spectrum == ocean::find_preset("beaufort-7").spectrum);
  const std::string e = error_of("1 preset=tsunami\n");
  EXPECT_NE(e.find("s.txt:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("tsunami"), std::string::npos) << e;
  EXPECT_NE(e.find("calm"), std::string::npos) << "the message should list the presets: " << e;
}

TEST(UiScriptSettings, BadSeaStateValuesAreRefusedAndChangeNothing) {
  struct Case {
    const char* key;
    const char* value;
    const char* expect;  // in the message
  } cases[] = {
      {"spectrum", "gaussian", "pierson-moskowitz"},
      {"spreading", "uniform", "donelan-banner"},
      {"swell_spectrum", "x", "jonswap"},
      {"cascades", "0", "cascades"},
      {"cascades", "5", "cascades"},
      {"cascades", "2.5", "cascades"},
      {"gamma", "0.5", "gamma"},
      {"fetch_km", "-3", "fetch_km"},
      {"swell_scale", "-1", "swell_scale"},
      {"tma", "maybe", "on or off"},
      {"loop_period", "-1", "loop_period"},
      {"foam_lifetime", "inf", "foam_lifetime"},
      {"foam_softness", "0", "foam_softness"},
      // Valid on its own, but not smaller than cascade 1's patch: the ocean refuses it.
      {"patch_size_0", "100", "cascade"},
      {"patch_size_1", "2000", "cascade"},
  };
  for (const Case& c : cases) {
    Settings s;
    const Settings before = s;
    try {
      apply_setting(s, c.key, c.value);
      ADD_FAILURE() << c.key << "=" << c.value << " was accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
      EXPECT_NE(std::string(e.what()).find(c.expect), std::string::npos)
          << c.key << "=" << c.value << ": " << e.what();
    }
    EXPECT_TRUE(same_sea(s.ocean, before.ocean)) << c.key;
    EXPECT_EQ(s.ocean.cascades, before.ocean.cascades) << c.key;
    EXPECT_EQ(s.ocean.loop_period, before.ocean.loop_period) << c.key;
    EXPECT_EQ(s.ocean.foam_lifetime, before.ocean.foam_lifetime) << c.key;
    EXPECT_EQ(s.ocean.foam_softness, before.ocean.foam_softness) << c.key;
  }
}

TEST(UiScriptSeaCheck, AveragesVariancesOverTheLastWindow) {
  SeaCheck check;
  check.reset(0.25);  // m0 = 0.25 m^2: Hs = 2 m
  EXPECT_DOUBLE_EQ(check.theory_hs(), 2.0);
  EXPECT_FALSE(check.measured_hs());
  EXPECT_FALSE(check.error_percent());
  // Variances average, heights don't: 0.16 and 0.36 give Hs = 4 sqrt(0.26), not 4 (0.4+0.6)/2.
  check.add_sample(0.16);
  check.add_sample(0.36);
  ASSERT_TRUE(check.measured_hs());
  EXPECT_NEAR(*check.measured_hs(), 4.0 * std::sqrt(0.26), 1e-12);
  EXPECT_NEAR(*check.error_percent(), (4.0 * std::sqrt(0.26) - 2.0) / 2.0 * 100.0, 1e-9);
  // A full window forgets the oldest samples.
  for (int i = 0; i < SeaCheck::kWindow; ++i) check.add_sample(0.2025);
  EXPECT_EQ(check.samples(), SeaCheck::kWindow);
  EXPECT_NEAR(*check.measured_hs(), 4.0 * 0.45, 1e-12);
  EXPECT_NEAR(*check.error_percent(), -10.0, 1e-9);
  check.reset(1.0);
  EXPECT_FALSE(check.measured_hs()) << "a new sea starts without samples";
  EXPECT_EQ(check.samples(), 0);
}

TEST(UiScriptSeaCheck, SameSeaIgnoresWhatDoesNotChangeTheHeights) {
  ocean::Params a;
  ocean::Params b = a;
  b.seed = 99;
  b.choppiness = 2.0f;
  b.foam_threshold = 0.1f;
  b.time_scale = 3.0f;
  b.loop_period = 20.0f;
  b.pack_pairs = !a.pack_pairs;
  b.patch_sizes[size_t(a.cascades)] = 5.0f;  // beyond the cascades in use
  EXPECT_TRUE(same_sea(a, b));
  auto differs = [&](auto change) {
    ocean::Params c = a;
    change(c);
    return !same_sea(a, c);
  };
  EXPECT_TRUE(differs([](ocean::Params& c) { c.size = 128; }));
  EXPECT_TRUE(differs([](ocean::Params& c) { c.cascades = 2; }));
  EXPECT_TRUE(differs([](ocean::Params& c) { c.patch_sizes[0] = 900.0f; }));
  EXPECT_TRUE(differs([](ocean::Params& c) { c.depth = 20.0f; }));
  EXPECT_TRUE(differs([](ocean::Params& c) { c.spectrum.tma = !c.spectrum.tma; }));
  EXPECT_TRUE(differs([](ocean::Params& c) { c.spectrum.wind.spreading = ocean::Spreading::Cos2s; }));
  EXPECT_TRUE(differs([](ocean::Params& c) { c.spectrum.swell.scale = 0.7f; }));
  EXPECT_TRUE(differs([](ocean::Params& c) { c.spectrum.wind.fetch_km *= 2.0f; }));
}

namespace {
// A script is checked by replaying it on the settings a run starts with, not line by line on
// the defaults: a line valid only after an earlier one is accepted, and a line a run would
// refuse fails at load with its file and line.
std::string replay_error(std::string_view text, const Settings& start = {}) {
  try {
    replay_script(Script::parse(text, "s.txt", script_syntax_check()), start);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
    return e.what();
  }
  return {};
}
}  // namespace

TEST(UiScriptReplay, LinesAreCheckedInTheStateTheRunReaches) {
  // Alone on the defaults (3 cascades), patch 100 m for cascade 0 clashes with cascade 1's.
  EXPECT_NE(error_of("1 patch_size_0=100\n"), "");
  EXPECT_EQ(replay_error("0 cascades=1\n1 patch_size_0=100\n"), "");
  // Frames, not file order, decide: the same lines the other way round fail at line 1.
  const std::string e = replay_error("1 patch_size_0=100\n0 cascades=3\n");
  EXPECT_EQ(e.rfind("s.txt:1: ", 0), 0u) << e;
  // An error only the sequence shows names its own line.
  const std::string e2 = replay_error("0 cascades=1\n5 patch_size_0=100\n9 cascades=3\n");
  EXPECT_EQ(e2.rfind("s.txt:3: ", 0), 0u) << e2;
  EXPECT_NE(e2.find("(at frame 9)"), std::string::npos) << e2;
  // The real start counts: a run that starts with one cascade takes the patch line alone.
  Settings one;
  apply_setting(one, "cascades", "1");
  EXPECT_EQ(replay_error("0 patch_size_0=100\n", one), "");
  // Syntax is still checked at parse with file:line: unknown keys, bad actions.
  EXPECT_EQ(replay_error("0 colour=red\n").rfind("s.txt:1: ", 0), 0u);
  EXPECT_EQ(replay_error("0 size=64\n2 window=10x10\n").rfind("s.txt:2: ", 0), 0u);
  EXPECT_EQ(replay_error("0 size=64\n2 wind_speed=abc\n").rfind("s.txt:2: ", 0), 0u);
}
