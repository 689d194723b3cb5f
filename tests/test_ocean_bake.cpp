// SPDX-License-Identifier: MIT
// `oceanfft bake` (OpenEXR frames read back equal the simulation's maps; the loop is seamless),
// `oceanfft probe` (JSON equal to the library's query) and `render --out x.exr` (refused).
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <thread>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli_run.h"
#include "support/temp_dir.h"
#include "gl_fixture.h"
#include "io/exr.h"
#include "io/file.h"
#include "ocean/ocean.h"
#include "ocean/simulation.h"
#include "scene/settings.h"

namespace oceanfft {
namespace {
namespace fs = std::filesystem;

using test::TempDir;

double max_abs(const std::vector<float>& v) {
  double m = 0;
  for (float x : v) m = std::max(m, double(std::abs(x)));
  return m;
}

ocean::Params sea(int size, uint64_t seed) {
  scene::Settings s;
  scene::apply_setting(s, "size", std::to_string(size));
  scene::apply_setting(s, "seed", std::to_string(seed));
  return s.ocean;
}

class OceanBake : public test::GlTest {};

TEST_F(OceanBake, FramesReadBackEqualToTheSimulationsMaps) {
  if (!io::have_exr()) GTEST_SKIP() << "built without OpenEXR";
  TempDir dir("bake");
  const uint64_t seed = test::seed("bake sea") % 1000 + 1;
  const int frames = 3, n = 64;
  const double fps = 6.0;
  const clitest::Result r = clitest::run_line(
      "bake --quiet --out " + (dir.path() / "seq").string() + " --frames " +
          std::to_string(frames) + " --fps 6 --size 64 --seed " + std::to_string(seed),
      dir.path());
  ASSERT_TRUE(r.exited && r.status == 0) << r.output();

  ocean::Params p = sea(n, seed);
  p.time_scale = 1.0f;
  p.loop_period = float(frames / fps);
  ocean::Simulation sim(test::shaders(), p);
  for (int i = 0; i < frames; ++i) sim.step(i / fps);
  for (int i = 0; i < frames; ++i) {
    sim.step(frames / fps + i / fps);
    char name[32];
    std::snprintf(name, sizeof name, "seq/ocean_%04d.exr", i);
    const io::ExrImage img = io::read_exr((dir.path() / name).string());
    ASSERT_EQ(img.width, n);
    ASSERT_EQ(img.channels.size(), size_t(9 * sim.cascades()));
    EXPECT_FALSE(img.half);
    EXPECT_EQ(img.floats.at("oceanfft.patchSize0"), p.patch_sizes[0]);
    EXPECT_EQ(img.floats.at("oceanfft.loopPeriod"), p.loop_period);
    for (int c = 0; c < sim.cascades(); ++c) {
      const std::string pre = "cascade" + std::to_string(c) + ".";
      const std::vector<float> d = ocean::Simulation::download_map(sim.displacement(), c);
      const std::vector<float> g = ocean::Simulation::download_map(sim.derivatives(), c);
      auto channel = [&](const std::string& nm) -> const std::vector<float>& {
        for (const io::ExrChannel& ch : img.channels)
          if (ch.name == nm) return ch.data;
        ADD_FAILURE() << "no channel " << nm;
        static const std::vector<float> none;
        return none;
      };
      const char* dn[] = {"x", "y", "z", "jxz"};
      const char* gn[] = {"hx", "hz", "jxx", "jzz"};
      for (int k = 0; k < 4; ++k) {
        const std::vector<float>& dc = channel(pre + "displacement." + dn[k]);
        const std::vector<float>& gc = channel(pre + "derivatives." + gn[k]);
        ASSERT_EQ(dc.size(), size_t(n) * n);
        ASSERT_EQ(gc.size(), size_t(n) * n);
        double worst = 0, scale = 0;
        for (size_t t = 0; t < dc.size(); ++t) {
          worst = std::max(worst, double(std::abs(dc[t] - d[t * 4 + k])));
          worst = std::max(worst, double(std::abs(gc[t] - g[t * 4 + k])));
          scale = std::max(scale, double(std::abs(d[t * 4 + k])));
        }
        EXPECT_GT(scale, 0.0) << pre << dn[k] << " holds a sea";
        EXPECT_LE(worst, 1e-6 * std::max(scale, 1.0)) << "frame " << i << " " << pre << dn[k];
      }
    }
  }
}

// Frame N (one loop period after frame 0) equals frame 0 to fp32 rounding; half a frame later
// the sea differs, so the comparison can fail.
TEST_F(OceanBake, TheLoopIsSeamless) {
  const int frames = 8;
  const double fps = 4.0, period = frames / fps;
  ocean::Params p = sea(64, test::seed("loop sea") % 1000 + 1);
  p.loop_period = float(period);
  ocean::Simulation sim(test::shaders(), p);
  for (int i = 0; i < frames; ++i) sim.step(i / fps);
  sim.step(period);
  const std::vector<float> first = ocean::Simulation::download_map(sim.displacement(), 0);
  for (int i = 1; i <= frames; ++i) sim.step(period + i / fps);
  const std::vector<float> last = ocean::Simulation::download_map(sim.displacement(), 0);
  sim.step(period + (frames + 0.5) / fps);
  const std::vector<float> between = ocean::Simulation::download_map(sim.displacement(), 0);
  const double scale = max_abs(first);
  double seam = 0, moved = 0;
  for (size_t t = 0; t < first.size(); ++t) {
    seam = std::max(seam, double(std::abs(last[t] - first[t])));
    moved = std::max(moved, double(std::abs(between[t] - first[t])));
  }
  std::printf("loop: max |frame N - frame 0| %.3e m of %.3f m; half a frame later %.3e m\n", seam,
              scale, moved);
  EXPECT_LE(seam, 1e-5 * scale);
  EXPECT_GT(moved, 1e-2 * scale);
}

class OceanBakeProbe : public test::GlTest {};

TEST_F(OceanBakeProbe, PrintsTheLibrarysQueryAsJson) {
  TempDir dir("bake");
  const clitest::Result r = clitest::run_line(
      "probe --points 0,0;12.5,-7;300,40 --time 2 --size 64 --seed 4",
      dir.path());
  ASSERT_TRUE(r.exited && r.status == 0) << r.output();
  const nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 3u);

  ocean::Ocean o(sea(64, 4), test::shaders());
  o.step(2.0 - 1.0 / 60.0);
  o.step(2.0);
  const std::vector<std::array<float, 2>> pts = {{0, 0}, {12.5f, -7}, {300, 40}};
  const std::vector<ocean::Sample> want = o.query(pts);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(j[i]["x"].get<float>(), pts[i][0]);
    EXPECT_EQ(j[i]["z"].get<float>(), pts[i][1]);
    EXPECT_NEAR(j[i]["height"].get<double>(), want[i].height, 1e-6);
    ASSERT_EQ(j[i]["normal"].size(), 3u);
    ASSERT_EQ(j[i]["velocity"].size(), 3u);
    EXPECT_NEAR(j[i]["normal"][1].get<double>(), want[i].normal[1], 1e-6);
    EXPECT_NEAR(j[i]["velocity"][1].get<double>(), want[i].velocity[1], 1e-5);
    EXPECT_NEAR(j[i]["residual"].get<double>(), want[i].residual, 1e-6);
  }
  EXPECT_NE(want[0].height, want[1].height);
}

TEST_F(OceanBakeProbe, BadPointsAndExrRendersAreRefused) {
  TempDir dir("bake");
  for (const std::string& pts : {"1,2;abc", "1,2,3", "nan,1", "1e9,0", ";"}) {
    const clitest::Result r =
        clitest::run({"probe", "--points", pts, "--size", "64"}, dir.path(),
                     dir.path());
    EXPECT_TRUE(r.exited && r.status == 2) << pts << ": " << r.output();
    EXPECT_NE(r.err.find("--points"), std::string::npos) << r.err;
  }
  const clitest::Result missing = clitest::run(
      {"probe", "--points", (dir.path() / "none.txt").string()}, dir.path(),
      dir.path());
  EXPECT_TRUE(missing.exited && missing.status == 3) << missing.output();

  const fs::path exr = dir.path() / "x.exr";
  const clitest::Result r = clitest::run(
      {"render", "--out", exr.string(), "--width", "16", "--height", "16"},
      dir.path(), dir.path());
  EXPECT_TRUE(r.exited && r.status == 2) << r.output();
  EXPECT_NE(r.err.find("PNG"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(exr));
}

}  // namespace
}  // namespace oceanfft

namespace oceanfft {
namespace {

// Every file in `dir` (hidden ones too) with its bytes.
std::map<std::string, std::string> folder(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out[e.path().filename().string()] = clitest::slurp(e.path());
  return out;
}

// The bake folder is one loop: a shorter bake removes the longer loop's extra frames (and only
// those), and a bake killed part-way (kill -9, once the folder first changes) leaves, after the
// next run looks at the folder, the whole old loop and nothing else.
TEST(OceanBakeSet, TheFolderHoldsOneLoop) {
  if (!io::have_exr()) GTEST_SKIP() << "built without OpenEXR";
  TempDir dir;
  const fs::path seq = dir.path() / "seq";
  auto bake = [&](int frames, const std::string& seed) {
    return "bake --quiet --out " + seq.string() + " --frames " + std::to_string(frames) +
           " --fps 4 --size 64 --seed " + seed;
  };
  clitest::Result r = clitest::run_line(bake(4, "1"), dir.path());
  ASSERT_TRUE(r.exited && r.status == 0) << r.output();
  clitest::spit(seq / "notes.txt", "mine");
  clitest::spit(seq / "ocean_00002.exr", "not a name bake writes");
  const auto old_loop = folder(seq);
  ASSERT_EQ(old_loop.size(), 6u);

  // Killed as soon as anything in the folder changes.
  const std::vector<std::string> words = clitest::words(bake(2, "2"));
  std::vector<char*> argv;
  const std::string exe = clitest::bin();
  argv.push_back(const_cast<char*>(exe.c_str()));
  for (const std::string& w : words) argv.push_back(const_cast<char*>(w.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::execv(exe.c_str(), argv.data());
    ::_exit(127);
  }
  bool changed = false;
  for (int i = 0; i < 60000 && !changed; ++i) {
    changed = folder(seq) != old_loop;
    if (!changed) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ::kill(pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(changed) << "the bake never touched its folder";
  io::resolve_output((seq / "ocean_0000.exr").string());  // what the next run does first
  const auto after = folder(seq);
  std::string differ;  // names, not bytes, in the message
  for (const auto& [k, v] : after)
    if (!old_loop.count(k) || old_loop.at(k) != v) differ += " " + k;
  for (const auto& [k, v] : old_loop)
    if (!after.count(k)) differ += " -" + k;
  EXPECT_EQ(differ, "") << "after the kill and the next run, files that are not the old loop's";

  // A shorter loop, completed: frames 2 and 3 go, the user's files stay.
  r = clitest::run_line(bake(2, "3"), dir.path());
  ASSERT_TRUE(r.exited && r.status == 0) << r.output();
  const auto now = folder(seq);
  std::vector<std::string> names;
  for (const auto& [k, v] : now) names.push_back(k);
  EXPECT_EQ(names, (std::vector<std::string>{"notes.txt", "ocean_0000.exr", "ocean_00002.exr", "ocean_0001.exr"}));
  EXPECT_NE(now.at("ocean_0000.exr"), old_loop.at("ocean_0000.exr")) << "a new seed gives a new frame";
}

}  // namespace
}  // namespace oceanfft
