// SPDX-License-Identifier: MIT
// The window app as a user drives it (issue 28), under xvfb-run through scripts that press keys
// (key=NAME) the way the keyboard does: the UI hides with no ImGui pixel left, the panels cover at
// most a quarter of a 1280x720 view, the help overlay lists every key of the table, F12 saves the
// scene without the UI, recordings have N files at fixed time steps and stop cleanly on a write
// error, Space pauses, the number keys choose presets, F11 goes fullscreen and back, and
// `demo --settings` refuses a malformed file before any window opens.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/png_image.h"
#include "support/temp_dir.h"
#include "window_app.h"

namespace fs = std::filesystem;
using namespace oceanfft::test;

namespace {

// The fraction of pixels that differ between two images of one size.
double differing(const Image& a, const Image& b) {
  if (a.width != b.width || a.height != b.height || a.rgb.empty()) return 1.0;
  size_t n = 0;
  for (size_t i = 0; i < a.rgb.size(); i += 3)
    n += a.rgb[i] != b.rgb[i] || a.rgb[i + 1] != b.rgb[i + 1] || a.rgb[i + 2] != b.rgb[i + 2];
  return double(n) / double(a.rgb.size() / 3);
}

std::vector<std::string> lines_starting(const std::string& output, const std::string& prefix) {
  std::vector<std::string> out;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0) out.push_back(line.substr(prefix.size()));
  return out;
}

// A window of `w`x`h` on a screen of its size, with a cheap sea. The app's exit status is
// echoed from inside xvfb-run, whose own status is 5 when its clean-up fails.
std::string demo(int w, int h, const std::string& args, int screen_w = 0, int screen_h = 0) {
  return "xvfb-run -a -s '-screen 0 " + std::to_string(screen_w ? screen_w : w) + "x" +
         std::to_string(screen_h ? screen_h : h) + "x24' sh -c '\"$0\" \"$@\"; echo app-exit=$?' '" +
         binary() + "' demo --width " + std::to_string(w) + " --height " + std::to_string(h) +
         " --size 64 --vsync off " + args;
}

// run() for demo(): the status is the app's.
Result run_demo(const std::string& command) {
  Result r = run(command);
  const size_t at = r.output.rfind("app-exit=");
  r.status = at == std::string::npos ? -1 : std::atoi(r.output.c_str() + at + 9);
  return r;
}

class DemoKeys : public ::testing::Test {
 protected:
  void SetUp() override {
    if (binary().empty()) GTEST_SKIP() << "OCEANFFT_BIN is not set";
    if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
    dir = tmp.path();
  }
  TempDir tmp{"keys"};
  fs::path dir;
};

}  // namespace

// At 1280x720: the default start covers only the menu bar, the Ocean panel a quarter of the
// view; Tab hides all of it (the frame equals one drawn with --hide-ui), and F12 saves that
// scene without the UI while the UI is shown.
TEST_F(DemoKeys, UiHidesWithNoPixelLeftAndCoversAQuarterAtMost) {
  const std::string script = "0 mesh_segments=32\n";
  write_file(dir / "plain.txt", script);
  write_file(dir / "ocean.txt", script + "0 panels=ocean\n");
  write_file(dir / "tab.txt", script + "0 panels=ocean,fft,camera,maps,profiler\n1 key=tab\n");
  write_file(dir / "f12.txt", script + "0 panels=ocean\n3 key=f12\n");
  auto shot = [&](const std::string& name, const std::string& extra) {
    const fs::path png = dir / (name + ".png");
    Result r = run_demo("cd '" + dir.string() + "' && " +
                   demo(1280, 720, "--frames 4 --screenshot '" + png.string() + "' " + extra));
    EXPECT_EQ(r.status, 0) << r.output;
    return std::make_pair(load_png(png), r.output);
  };
  const auto [hidden, o1] = shot("hidden", "--hide-ui --script '" + (dir / "plain.txt").string() + "'");
  const auto [plain, o2] = shot("plain", "--script '" + (dir / "plain.txt").string() + "'");
  const auto [ocean, o3] = shot("ocean", "--script '" + (dir / "ocean.txt").string() + "'");
  const auto [tab, o4] = shot("tab", "--script '" + (dir / "tab.txt").string() + "'");
  const auto [f12ui, o5] = shot("f12ui", "--script '" + (dir / "f12.txt").string() + "'");
  ASSERT_EQ(hidden.width, 1280);
  const double bar = differing(hidden, plain), panel = differing(hidden, ocean);
  std::printf("covered: default %.1f %%, with the Ocean panel %.1f %%\n", bar * 100, panel * 100);
  EXPECT_GT(bar, 0.005) << "the menu bar shows";
  EXPECT_LT(bar, 0.04) << "the default start shows the sea and a slim bar";
  EXPECT_GT(panel, 0.15) << "the Ocean panel shows";
  EXPECT_LT(panel, 0.28) << "one docked panel covers about a quarter of 1280x720";
  EXPECT_EQ(differing(hidden, tab), 0.0) << "Tab left ImGui pixels";
  // F12 at the last frame: the scene as --hide-ui draws it, while the window shows the panel.
  std::vector<fs::path> shots;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().rfind("oceanfft-", 0) == 0) shots.push_back(e.path());
  ASSERT_EQ(shots.size(), 1u) << o5;
  EXPECT_NE(lines_starting(o5, "screenshot " + shots[0].filename().string()).size() +
                lines_starting(o5, "screenshot ./" + shots[0].filename().string()).size(),
            0u)
      << o5;
  EXPECT_EQ(differing(hidden, load_png(shots[0])), 0.0) << "F12 saved UI pixels";
  EXPECT_GT(differing(hidden, f12ui), 0.15) << "the window itself showed the panel";
}

// The overlay draws one row per row of the key table, which `demo --list-keys` prints; and it
// shows over the sea.
TEST_F(DemoKeys, HelpOverlayListsEveryKeyOfTheTable) {
  Result list = run("'" + binary() + "' demo --list-keys");
  ASSERT_EQ(list.status, 0) << list.output;
  std::vector<std::string> table;
  std::istringstream in(list.output);
  for (std::string line; std::getline(in, line);) table.push_back(line);
  ASSERT_GT(table.size(), 20u);
  for (const char* k : {"Tab or F1", "? or H", "F11", "F12", "Space", "R ", "1 .. 9, 0", "Esc", "wheel", "drag"})
    EXPECT_NE(list.output.find(k), std::string::npos) << k << "\n" << list.output;

  write_file(dir / "help.txt", "0 mesh_segments=32\n1 key=?\n");
  Result r = run_demo(demo(320, 240, "--hide-ui --frames 3 --script '" + (dir / "help.txt").string() +
                                    "' --screenshot '" + (dir / "help.png").string() + "'"));
  ASSERT_EQ(r.status, 0) << r.output;
  const std::vector<std::string> drawn = lines_starting(r.output, "help: ");
  ASSERT_EQ(drawn.size(), table.size()) << r.output;
  for (size_t i = 0; i < table.size(); ++i) {
    // --list-keys pads the keys column; the overlay's log writes "KEYS: WHAT".
    const std::string keys = drawn[i].substr(0, drawn[i].find(": ", drawn[i].find_first_not_of("orbitfly: ")));
    EXPECT_EQ(table[i].rfind(keys, 0), 0u) << table[i] << " vs " << drawn[i];
    const std::string what = drawn[i].substr(keys.size() + 2);
    EXPECT_NE(table[i].find(what), std::string::npos) << table[i] << " vs " << drawn[i];
  }
  write_file(dir / "nohelp.txt", "0 mesh_segments=32\n");
  Result plain = run_demo(demo(320, 240, "--hide-ui --frames 3 --script '" + (dir / "nohelp.txt").string() +
                                        "' --screenshot '" + (dir / "plain.png").string() + "'"));
  ASSERT_EQ(plain.status, 0) << plain.output;
  EXPECT_GT(differing(load_png(dir / "help.png"), load_png(dir / "plain.png")), 0.2) << "the overlay shows";
}

// N frames, N files, each 1/fps of simulated time after the last whatever the frame took; Space
// stops time in the recording and Space again goes on. Progress and an ETA are printed, and the
// ffmpeg command (or, with ffmpeg on the PATH and --mp4, the MP4).
TEST_F(DemoKeys, RecordingHasNFilesAtFixedTimeSteps) {
  const fs::path rec = dir / "rec";
  // A stand-in ffmpeg that writes its last argument, so the test needs no real one.
  const fs::path bin = dir / "bin";
  fs::create_directories(bin);
  write_file(bin / "ffmpeg", "#!/bin/sh\nfor a; do last=$a; done\necho fake > \"$last\"\n");
  fs::permissions(bin / "ffmpeg", fs::perms::owner_all);
  write_file(dir / "r.txt", "0 mesh_segments=32\n4 key=space\n7 key=space\n");
  const int frames = 10, fps = 25;
  Result r = run_demo("PATH='" + bin.string() + "':$PATH " +
                 demo(160, 96, "--frames " + std::to_string(frames) + " --fps " + std::to_string(fps) +
                                   " --record '" + rec.string() + "' --mp4 --script '" +
                                   (dir / "r.txt").string() + "'"));
  ASSERT_EQ(r.status, 0) << r.output;
  int pngs = 0;
  for (const auto& e : fs::directory_iterator(rec)) pngs += e.path().extension() == ".png";
  EXPECT_EQ(pngs, frames) << r.output;
  for (int i = 0; i < frames; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "frame-%06d.png", i);
    EXPECT_EQ(load_png(rec / name).width, 160) << name;
  }
  std::ifstream times(rec / "frames.txt");
  std::vector<double> t;
  int index = 0;
  for (double v; times >> index >> v;) t.push_back(v);
  ASSERT_EQ(int(t.size()), frames) << r.output;
  for (int i = 1; i < frames; ++i) {
    // Paused from frame 4's key to frame 7's: time stands still there.
    const double step = (i >= 4 && i < 7) ? 0.0 : 1.0 / fps;
    EXPECT_NEAR(t[size_t(i)] - t[size_t(i - 1)], step, 1e-6) << "frame " << i;
  }
  EXPECT_FALSE(lines_starting(r.output, "recording " + rec.string() + ": ").empty()) << r.output;
  EXPECT_NE(r.output.find("ETA"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("recorded 10 frame(s)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("make an MP4 with: ffmpeg -framerate 25"), std::string::npos) << r.output;
  EXPECT_TRUE(fs::exists(rec / "recording.mp4")) << r.output;
  EXPECT_FALSE(fs::exists(rec / ".recording.mp4.part"));

  // Without ffmpeg the command is printed for later, and --mp4 fails (exit 3) after the frames.
  Result none = run_demo("PATH=/usr/bin:/bin " + demo(160, 96, "--frames 2 --record '" + (dir / "rec2").string() +
                                                              "' --mp4"));
  EXPECT_EQ(none.status, 3) << none.output;
  EXPECT_NE(none.output.find("ffmpeg is not on the PATH"), std::string::npos) << none.output;
  EXPECT_TRUE(fs::exists(dir / "rec2" / "frame-000001.png"));
}

// A write that fails mid-recording (here: a directory where frame 3 goes, as a full disk fails
// the same writer) stops it with a clear message, exit 3, and keeps frames 0..2. A folder that
// cannot be made fails before the first frame; so does one holding an earlier recording.
TEST_F(DemoKeys, RecordingStopsCleanlyOnAWriteError) {
  const fs::path rec = dir / "rec";
  fs::create_directories(rec / "frame-000003.png");
  Result r = run_demo(demo(160, 96, "--frames 6 --record '" + rec.string() + "'"));
  EXPECT_EQ(r.status, 3) << r.output;
  EXPECT_NE(r.output.find("recording stopped after 3 frame(s)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("kept in"), std::string::npos) << r.output;
  for (int i = 0; i < 3; ++i) EXPECT_EQ(load_png(rec / ("frame-00000" + std::to_string(i) + ".png")).width, 160);
  EXPECT_FALSE(fs::exists(rec / "frame-000004.png"));

  write_file(dir / "file", "x");
  Result bad = run_demo(demo(160, 96, "--frames 2 --record '" + (dir / "file" / "sub").string() + "'"));
  EXPECT_EQ(bad.status, 3) << bad.output;
  EXPECT_NE(bad.output.find("cannot create the recording folder"), std::string::npos) << bad.output;
  Result again = run_demo(demo(160, 96, "--frames 2 --record '" + rec.string() + "'"));
  EXPECT_EQ(again.status, 3) << again.output;
  EXPECT_NE(again.output.find("frame-000000.png"), std::string::npos) << again.output;
}

// R starts a recording into oceanfft-rec-DATE-TIME/ in the working directory and R stops it:
// the frames between the presses, at the recording's fixed step (1/30 s by default).
TEST_F(DemoKeys, RKeyRecordsBetweenItsPresses) {
  write_file(dir / "r.txt", "0 mesh_segments=32\n2 key=r\n5 key=r\n");
  Result r = run_demo("cd '" + dir.string() + "' && " + demo(160, 96, "--frames 8 --script r.txt"));
  ASSERT_EQ(r.status, 0) << r.output;
  std::vector<fs::path> recs;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().rfind("oceanfft-rec-", 0) == 0) recs.push_back(e.path());
  ASSERT_EQ(recs.size(), 1u) << r.output;
  int pngs = 0;
  for (const auto& e : fs::directory_iterator(recs[0])) pngs += e.path().extension() == ".png";
  EXPECT_EQ(pngs, 3) << r.output;  // frames 2, 3 and 4
  std::ifstream times(recs[0] / "frames.txt");
  std::vector<double> t;
  int index = 0;
  for (double v; times >> index >> v;) t.push_back(v);
  ASSERT_EQ(t.size(), 3u);
  EXPECT_NEAR(t[2] - t[1], 1.0 / 30.0, 1e-6);
  EXPECT_NE(r.output.find("recorded 3 frame(s)"), std::string::npos) << r.output;
}

// The number keys choose the Beaufort presets (7: near gale, 0: calm); F11 goes fullscreen on
// the screen and back to the window's size; demo --settings loads a file and names unknown keys.
TEST_F(DemoKeys, PresetKeysFullscreenAndSettingsFiles) {
  write_file(dir / "k.txt", "0 mesh_segments=32\n1 key=7\n2 key=0\n3 key=f11\n5 key=f11\n");
  write_file(dir / "s.json", R"({"format": "oceanfft-settings", "version": 2, "settings":
      {"wind_speed": 13.25, "choppiness": 1.5, "sparkle": 3}})");
  Result r = run_demo(demo(320, 200, "--frames 7 --settings '" + (dir / "s.json").string() + "' --script '" +
                                         (dir / "k.txt").string() + "'", 800, 600));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("ignoring unknown key in " + (dir / "s.json").string() + ": settings.sparkle"),
            std::string::npos)
      << r.output;
  const std::vector<std::string> sea = lines_starting(r.output, "sea frame=");
  ASSERT_EQ(sea.size(), 2u) << r.output;
  EXPECT_EQ(sea[0].rfind("1 ", 0), 0u) << sea[0];
  EXPECT_NE(sea[0].find("wind_speed=15.5 "), std::string::npos) << "force 7: 13.9..17.1 m/s\n" << sea[0];
  EXPECT_NE(sea[1].find("wind_speed=1.8 "), std::string::npos) << "0: calm\n" << sea[1];
  EXPECT_NE(r.output.find("fullscreen on frame=3 window=800x600"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("fullscreen off frame=5 window=320x200"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("ran 7 frames"), std::string::npos) << r.output;

  // A malformed file: one line, exit 3, before any window (no display needed).
  write_file(dir / "bad.json", "{\"format\": \"oceanfft-settings\", \"settings\": {\"size\": 100}}");
  Result bad = run("env -u DISPLAY '" + binary() + "' demo --frames 2 --settings '" + (dir / "bad.json").string() + "'");
  EXPECT_EQ(bad.status, 3) << bad.output;
  EXPECT_NE(bad.output.find("bad.json: bad value '100' for size"), std::string::npos) << bad.output;
  EXPECT_EQ(std::count(bad.output.begin(), bad.output.end(), '\n'), 1) << bad.output;
}

// The new options' bad values: one line, the documented status, before any window or frame.
TEST(DemoKeysOptions, BadValuesAreOneLineErrors) {
  if (binary().empty()) GTEST_SKIP() << "OCEANFFT_BIN is not set";
  const TempDir tmp("options");
  const fs::path& dir = tmp.path();
  const std::string bin = "env -u DISPLAY -u WAYLAND_DISPLAY '" + binary() + "' ";
  struct Case {
    std::string args, expect;
    int status;
  } cases[] = {
      {"demo --frames 2 --record '" + (dir / "r").string() + "' --fps 0", "--fps", 2},
      {"demo --frames 2 --record '" + (dir / "r").string() + "' --fps nan", "--fps", 2},
      {"demo --frames 2 --record '" + (dir / "r").string() + "' --fps 1000", "--fps", 2},
      {"demo --frames 2 --mp4", "--mp4 needs --record", 2},
      {"demo --frames 2 --settings '" + (dir / "none.json").string() + "'", "none.json", 3},
      {"demo --record '" + (dir / "r").string() + "'", "need a window", 5},
      {"render --out '" + (dir / "a.png").string() + "' --settings '" + (dir / "none.json").string() + "'",
       "none.json", 3},
      {"render --gallery '" + (dir / "g").string() + "' --save-settings '" + (dir / "s.json").string() + "'",
       "--save-settings needs --out", 2},
      {"render --out '" + (dir / "a.png").string() + "' --save-settings '" + (dir / "no" / "s.json").string() + "'",
       "s.json", 3},
  };
  for (const Case& c : cases) {
    Result r = run(bin + c.args);
    EXPECT_EQ(r.status, c.status) << c.args << "\n" << r.output;
    EXPECT_NE(r.output.find(c.expect), std::string::npos) << c.args << "\n" << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << c.args << "\n" << r.output;
  }
  EXPECT_FALSE(fs::exists(dir / "r"));
  EXPECT_FALSE(fs::exists(dir / "a.png"));
  EXPECT_FALSE(fs::exists(dir / "g"));
  fs::remove_all(dir);
}
