// SPDX-License-Identifier: MIT
// The window app end to end: the oceanfft binary ($OCEANFFT_BIN) under xvfb-run, driven by
// `demo --frames --script`, the way a user's live toggles are exercised without a person.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "fft/fft.h"
#include "support/png_image.h"
#include "support/temp_dir.h"
#include "window_app.h"

namespace fs = std::filesystem;
using namespace oceanfft;
using namespace oceanfft::test;

namespace {

// Distinct colours, and the spread of luminance, over the image.
void expect_non_uniform(const Image& img) {
  ASSERT_GT(img.width, 0);
  std::map<int, int> colours;
  double lo = 1e9, hi = -1e9;
  for (size_t i = 0; i + 2 < img.rgb.size(); i += 3) {
    colours[img.rgb[i] << 16 | img.rgb[i + 1] << 8 | img.rgb[i + 2]]++;
    double y = 0.2126 * img.rgb[i] + 0.7152 * img.rgb[i + 1] + 0.0722 * img.rgb[i + 2];
    lo = std::min(lo, y);
    hi = std::max(hi, y);
  }
  EXPECT_GT(colours.size(), 100u) << "the image is (nearly) uniform";
  EXPECT_GT(hi - lo, 40.0) << "luminance spread too small";
}

class DemoWindow : public ::testing::Test {
 protected:
  void SetUp() override {
    if (binary().empty()) GTEST_SKIP() << "OCEANFFT_BIN is not set";
  }
};

}  // namespace

// Every algorithm at several sizes, toggled live, twice over. The second cycle must end with
// exactly the GL objects the first left, and the debug context must report no error.
TEST_F(DemoWindow, ScriptedTogglesLeakNothingAndRaiseNoGlErrors) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const TempDir tmp("toggles");
  const fs::path& dir = tmp.path();
  const std::vector<int> sizes = {64, 128, 256};
  const int hold = 6;  // frames per configuration, so each runs more than once
  std::ostringstream script;
  script << "0 mesh_segments=32\n";
  int frame = 1;
  // Every change of configuration the script makes, as the app's "applied" line must show it.
  std::vector<std::string> expected_applied;
  std::string config = "algorithm=" + std::string(fft::name(fft::kDefaultAlgorithm)) + " size=256";
  auto toggle = [&](fft::Algorithm a, int size) {
    std::string next = "algorithm=" + std::string(fft::name(a)) + " size=" + std::to_string(size);
    script << frame << " " << next << "\n";
    if (next != config) expected_applied.push_back("applied frame=" + std::to_string(frame) + " " + next);
    config = next;
    frame += hold;
  };
  auto cycle = [&] {
    for (int size : sizes)
      for (fft::Algorithm a : fft::all_algorithms()) toggle(a, size);
    // Back to where the run started, so both reports describe the same configuration.
    toggle(fft::all_algorithms()[0], sizes[0]);
    script << frame - 1 << " report=objects\n";
  };
  cycle();
  // Parameter and mode changes between the cycles must not leak either.
  script << frame << " wind_speed=12 choppiness=0.8 seed=9 wireframe=on\n";
  frame += hold;
  script << frame << " wind_speed=20 wireframe=off camera=fly vsync=on window=224x126\n";
  frame += hold;
  cycle();
  const int frames = std::max(frame, 300);
  write_file(dir / "toggles.txt", script.str());

  Result r = run(xvfb("demo --width 192 --height 108 --vsync off --gl-debug --report-objects "
                      "--script '" + (dir / "toggles.txt").string() + "' --frames " +
                      std::to_string(frames)));
  ASSERT_EQ(r.status, 0) << r.output;
  auto reports = object_reports(r.output);
  ASSERT_EQ(reports.size(), 3u) << r.output;  // after each cycle, and at exit
  const auto& first = reports[0];
  const auto& second = reports[1];
  const auto& exit = reports[2];
  for (const char* key : {"textures", "programs", "buffers", "framebuffers", "vertex_arrays"}) {
    EXPECT_EQ(first.at(key), second.at(key)) << key << "\n" << r.output;
    EXPECT_EQ(second.at(key), exit.at(key)) << key << "\n" << r.output;
  }
  EXPECT_GT(first.at("textures"), 0);
  EXPECT_GT(first.at("programs"), 0);
  for (const auto& rep : reports) {
    EXPECT_EQ(rep.at("gl_errors"), 0) << r.output;
    EXPECT_EQ(rep.at("debug"), 1) << "--gl-debug must give a KHR_debug context\n" << r.output;
  }
  EXPECT_NE(r.output.find("ran " + std::to_string(frames) + " frames"), std::string::npos) << r.output;
  // Each toggle re-planned on the frame it was scripted for, and nothing else did.
  std::vector<std::string> applied;
  std::istringstream lines(r.output);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("applied ", 0) == 0) applied.push_back(line);
  EXPECT_EQ(applied, expected_applied) << r.output;
  fs::remove_all(dir);
}

TEST_F(DemoWindow, ScreenshotIsANonUniformPng) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const TempDir tmp("shot");
  const fs::path& dir = tmp.path();
  const fs::path png = dir / "shot.png";
  // The resize lands after the events of the next frame; the last frame shows the new size.
  write_file(dir / "s.txt", "0 mesh_segments=48\n1 window=256x144\n");
  Result r = run(xvfb("demo --width 320 --height 200 --size 64 --frames 4 --script '" +
                      (dir / "s.txt").string() + "' --screenshot '" + png.string() + "'"));
  ASSERT_EQ(r.status, 0) << r.output;
  Image img = load_png(png);
  EXPECT_EQ(img.width, 256);
  EXPECT_EQ(img.height, 144);
  expect_non_uniform(img);
  fs::remove_all(dir);
}

// Bad scripts fail before any window opens, naming the file and line; no display needed.
TEST_F(DemoWindow, BadScriptLinesAreClearErrors) {
  const TempDir tmp("badscript");
  const fs::path& dir = tmp.path();
  struct Case {
    std::string text, expect;
  } cases[] = {
      {"10 size=256\n20 colour=red\n", ":2: unknown key 'colour'"},
      {"# header\n5 algorithm=quantum\n", ":2: bad value 'quantum' for algorithm"},
      {"5 size=100\n", ":1: bad value '100' for size"},
      {"later size=64\n", ":1: expected a frame number"},
      {"5 wind_speed\n", ":1: expected key=value"},
      {"5 report=all\n", ":1: bad value 'all' for report"},
      {"5 window=big\n", ":1: bad value 'big' for window"},
  };
  for (const Case& c : cases) {
    write_file(dir / "bad.txt", c.text);
    Result r = run("'" + binary() + "' demo --frames 2 --script '" + (dir / "bad.txt").string() + "'");
    EXPECT_NE(r.status, 0) << c.text;
    EXPECT_NE(r.output.find("bad.txt" + c.expect), std::string::npos) << c.text << "\n" << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << "one line: " << r.output;
  }
  Result missing = run("'" + binary() + "' demo --frames 2 --script '" + (dir / "none.txt").string() + "'");
  EXPECT_NE(missing.status, 0);
  EXPECT_NE(missing.output.find("none.txt"), std::string::npos) << missing.output;
  Result vsync = run("'" + binary() + "' demo --frames 2 --vsync sometimes");
  EXPECT_NE(vsync.status, 0);
  EXPECT_NE(vsync.output.find("--vsync"), std::string::npos) << vsync.output;
  fs::remove_all(dir);
}

// With no display the main command says so in one line and renders one frame headless, into
// oceanfft-headless.png in the working directory, never over an existing one: a second run
// takes the next free name (oceanfft-headless-2.png) and leaves the first alone. A scripted run
// (--frames, --script, --screenshot) cannot keep its meaning there and is refused (exit 5).
TEST_F(DemoWindow, NoDisplayFallsBackToAHeadlessRender) {
  const TempDir tmp("nodisplay");
  const fs::path& dir = tmp.path();
  const fs::path png = dir / "oceanfft-headless.png";
  const std::string cmd = "cd '" + dir.string() + "' && env -u DISPLAY -u WAYLAND_DISPLAY '" + binary() +
                          "' demo --width 160 --height 96 --size 64";
  Result r = run(cmd);
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("no display"), std::string::npos) << r.output;
  Image img = load_png(png);
  EXPECT_EQ(img.width, 160);
  EXPECT_EQ(img.height, 96);
  expect_non_uniform(img);
  const auto before = fs::last_write_time(png);
  const auto size = fs::file_size(png);
  Result again = run(cmd);
  EXPECT_EQ(again.status, 0) << again.output;
  EXPECT_NE(again.output.find("oceanfft-headless-2.png"), std::string::npos) << again.output;
  EXPECT_EQ(fs::last_write_time(png), before);
  EXPECT_EQ(fs::file_size(png), size);
  expect_non_uniform(load_png(dir / "oceanfft-headless-2.png"));
  Result scripted = run("env -u DISPLAY -u WAYLAND_DISPLAY '" + binary() + "' demo --size 64 --frames 1 --screenshot '" +
                        (dir / "s.png").string() + "'");
  EXPECT_EQ(scripted.status, 5) << scripted.output;
  EXPECT_NE(scripted.output.find("need a window"), std::string::npos) << scripted.output;
  EXPECT_FALSE(fs::exists(dir / "s.png"));
  fs::remove_all(dir);
}

// The Image FFT mode: `viewer IMAGE`, switching to the ocean and back, and a second image by
// script (the path drag-and-drop takes). A missing image in a script fails the run by line.
TEST_F(DemoWindow, ViewerModeLoadsImagesAndSwitchesModes) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const char* src = std::getenv("OCEANFFT_SOURCE_DIR");
  if (!src) GTEST_SKIP() << "OCEANFFT_SOURCE_DIR is not set";
  const fs::path assets = fs::path(src) / "assets";
  ASSERT_TRUE(fs::exists(assets / "shapes.png"));
  ASSERT_TRUE(fs::exists(assets / "rings.png"));
  const TempDir tmp("viewer");
  const fs::path& dir = tmp.path();
  write_file(dir / "v.txt", "0 mesh_segments=32\n2 mode=ocean\n5 mode=viewer\n7 image=" +
                                (assets / "rings.png").string() + "\n");
  const fs::path png = dir / "viewer.png";
  Result r = run(xvfb("viewer '" + (assets / "shapes.png").string() +
                      "' --width 480 --height 320 --frames 10 --gl-debug --report-objects --script '" +
                      (dir / "v.txt").string() + "' --screenshot '" + png.string() + "'"));
  ASSERT_EQ(r.status, 0) << r.output;
  auto reports = object_reports(r.output);
  ASSERT_EQ(reports.size(), 1u) << r.output;
  EXPECT_EQ(reports[0].at("gl_errors"), 0) << r.output;
  Image img = load_png(png);
  EXPECT_EQ(img.width, 480);
  expect_non_uniform(img);

  write_file(dir / "bad.txt", "1 size=64\n3 image=" + (dir / "missing.png").string() + "\n");
  Result bad = run(xvfb("viewer --width 320 --height 240 --frames 6 --script '" +
                        (dir / "bad.txt").string() + "'"));
  EXPECT_NE(bad.status, 0) << bad.output;
  EXPECT_NE(bad.output.find("bad.txt:2:"), std::string::npos) << bad.output;
  EXPECT_NE(bad.output.find("missing.png"), std::string::npos) << bad.output;
  fs::remove_all(dir);
}
