// SPDX-License-Identifier: MIT
// `oceanfft bench` end to end on this driver: tiny sizes write JSON with every documented field
// (docs/bench/README.md), and bad arguments fail with a clear message and no output file.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <set>
#include <string>

#include "support/cli_run.h"
#include "support/scoped_env.h"
#include "support/temp_dir.h"

namespace fs = std::filesystem;

namespace {

class CliBench : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(std::getenv("OCEANFFT_BIN")) << "OCEANFFT_BIN must name the oceanfft executable (ctest sets it)";
    dir_ = tmp_.path();
  }
  oceanfft::test::TempDir tmp_{"bench"};
  fs::path dir_;
};

void expect_summary(const nlohmann::json& s, const std::string& where, int samples) {
  for (const char* k : {"median_ms", "min_ms", "p90_ms", "mean_ms", "max_ms"}) {
    ASSERT_TRUE(s.contains(k) && s[k].is_number()) << where << " lacks " << k;
    EXPECT_GE(s[k].get<double>(), 0.0) << where << "." << k;
  }
  EXPECT_LE(s["min_ms"].get<double>(), s["median_ms"].get<double>()) << where;
  EXPECT_LE(s["median_ms"].get<double>(), s["p90_ms"].get<double>()) << where;
  EXPECT_LE(s["p90_ms"].get<double>(), s["max_ms"].get<double>()) << where;
  EXPECT_EQ(s["samples"].get<int>(), samples) << where;
}

}  // namespace

TEST_F(CliBench, TinyRunWritesJsonWithEveryField) {
  const fs::path json = dir_ / "bench.json", csv = dir_ / "bench.csv";
  const clitest::Result r = clitest::run_line("bench --sizes 16,64 --reps 3 --warmup 1 --layers 2 --seed 7 --json " +
                        json.string() + " --csv " + csv.string(),
                    dir_);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("renderer:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("vendor:"), std::string::npos);
  EXPECT_NE(r.out.find("GL version:"), std::string::npos);
  EXPECT_NE(r.err.find("bench: ["), std::string::npos) << "no progress line: " << r.err;
  EXPECT_FALSE(fs::exists(json.string() + ".tmp"));

  const nlohmann::json j = nlohmann::json::parse(clitest::slurp(json));
  EXPECT_EQ(j["schema"], "oceanfft-bench/1");
  EXPECT_TRUE(j["date_utc"].is_string());
  for (const char* k : {"vendor", "renderer", "gl_version", "glsl_version", "context"})
    EXPECT_FALSE(j["device"][k].get<std::string>().empty()) << k;
  EXPECT_TRUE(j["device"]["timestamp_bits"].is_number());
  const std::string timer = j["timer"];
  EXPECT_TRUE(timer == "gpu" || timer == "cpu-glfinish") << timer;
  EXPECT_NE(r.out.find("timer: " + timer), std::string::npos);
  EXPECT_FALSE(j["timer_note"].get<std::string>().empty());
  EXPECT_TRUE(j["bytes_formula"].is_string());
  const auto& c = j["config"];
  EXPECT_EQ(c["sizes"], nlohmann::json({16, 64}));
  EXPECT_EQ(c["layers"], 2);
  EXPECT_EQ(c["planes"], 4);
  EXPECT_EQ(c["reps"], 3);
  EXPECT_EQ(c["warmup"], 1);
  EXPECT_EQ(c["seed"], 7);
  EXPECT_EQ(c["direction"], "forward");
  EXPECT_TRUE(c["ocean"].get<bool>());
  const auto algorithms = c["algorithms"];
  ASSERT_GE(algorithms.size(), 3u);

  ASSERT_EQ(j["copy"].size(), 2u);
  for (const auto& cp : j["copy"]) {
    const int n = cp["size"];
    EXPECT_EQ(cp["bytes"].get<uint64_t>(), uint64_t(n) * n * 2 * 16 * 2);
    expect_summary(cp["compute"], "copy.compute", 3);
    expect_summary(cp["copy_image"], "copy.copy_image", 3);
    const std::string best = cp["best_method"];
    EXPECT_TRUE(best == "compute" || best == "copy-image");
    EXPECT_GT(cp["best_gbps"].get<double>(), 0.0);
    EXPECT_DOUBLE_EQ(cp["best_gbps"].get<double>(),
                     std::max(cp["compute_gbps"].get<double>(), cp["copy_image_gbps"].get<double>()));
  }

  ASSERT_EQ(j["results"].size(), algorithms.size() * 2);
  // Each case's host phases on stderr, one line after its progress line, every phase named.
  size_t fft_lines = 0, copy_lines = 0;
  std::istringstream err(r.err);
  for (std::string line; std::getline(err, line);) {
    if (line.rfind("bench:   plan ", 0) == 0) {
      ++fft_lines;
      size_t at = 0;
      for (const char* phase : {"plan ", ", input ", ", upload ", ", warm-up ", ", timed ", ", check run ",
                                ", reference ", ", compare "}) {
        const size_t found = line.find(phase, at);
        ASSERT_NE(found, std::string::npos) << "'" << phase << "' not in order in: " << line;
        at = found + 1;
      }
    } else if (line.rfind("bench:   input ", 0) == 0) {
      ++copy_lines;
      EXPECT_NE(line.find(", copies "), std::string::npos) << line;
      EXPECT_NE(line.find(", check "), std::string::npos) << line;
    }
  }
  EXPECT_EQ(fft_lines, j["results"].size()) << r.err;
  EXPECT_EQ(copy_lines, j["copy"].size()) << r.err;
  size_t i = 0;
  for (const auto& alg : algorithms)
    for (int n : {16, 64}) {
      const auto& e = j["results"][i++];
      const std::string where = alg.get<std::string>() + " " + std::to_string(n);
      EXPECT_EQ(e["algorithm"], alg) << where;
      EXPECT_EQ(e["size"], n);
      EXPECT_EQ(e["width"], n);
      EXPECT_EQ(e["height"], n);
      EXPECT_EQ(e["layers"], 2);
      EXPECT_NE(e["plan"].get<std::string>().find(alg.get<std::string>()), std::string::npos);
      EXPECT_GE(e["dispatches"].get<int>(), 2);
      EXPECT_EQ(e["bytes"].get<uint64_t>(), uint64_t(n) * n * 2 * 16 * 2 * 2) << where;
      expect_summary(e["fft"], where, 3);
      const double median = e["fft"]["median_ms"];
      ASSERT_GT(median, 0.0) << where;
      EXPECT_NEAR(e["gbps"].get<double>(), double(e["bytes"].get<uint64_t>()) / (median * 1e6),
                  1e-9 * e["gbps"].get<double>() + 1e-12);
      EXPECT_GT(e["copy_gbps"].get<double>(), 0.0);
      EXPECT_NEAR(e["copy_fraction"].get<double>(),
                  e["gbps"].get<double>() / e["copy_gbps"].get<double>(), 1e-9);
      // fp32 against FFTW in double: a real error, small, and not a NaN turned into 0.
      EXPECT_GT(e["rel_l2"].get<double>(), 0.0) << where;
      EXPECT_LT(e["rel_l2"].get<double>(), 1e-5) << where;
      ASSERT_TRUE(e.contains("ocean")) << where;
      if (n < 64) {
        EXPECT_TRUE(e["ocean"].is_null()) << where;
        EXPECT_FALSE(e["ocean_note"].get<std::string>().empty()) << where;
      } else {
        ASSERT_TRUE(e["ocean"].is_object()) << where << ": " << e["ocean_note"];
        expect_summary(e["ocean"]["step"], where + " ocean", 3);
        EXPECT_GT(e["ocean"]["step"]["median_ms"].get<double>(), 0.0);
        EXPECT_GT(e["ocean"]["bytes"].get<uint64_t>(), 0u);
        EXPECT_GE(e["ocean"]["layers"].get<int>(), 1);
        EXPECT_GT(e["ocean"]["gbps"].get<double>(), 0.0);
        // fast runs the fused step first and the other paths beside it, with their own passes.
        const bool fast = e["algorithm"] == "fast";
        EXPECT_EQ(e["ocean"]["fusion"], fast ? "full" : "none") << where;
        auto names = [](const nlohmann::json& o) {
          std::vector<std::string> v;
          for (const auto& p : o["pass_median_ms"]) v.push_back(p["pass"].get<std::string>());
          return v;
        };
        const std::vector<std::string> unfused = {"ocean.spectrum", "fft.horizontal", "fft.vertical",
                                                  "ocean.assemble", "ocean.mipmaps", "ocean.foam",
                                                  "ocean.foam.mipmaps"};
        if (fast) {
          EXPECT_EQ(names(e["ocean"]), (std::vector<std::string>{"ocean.spectrum+fft.rows",
                                                                 "ocean.fft.columns+assemble",
                                                                 "ocean.mipmaps", "ocean.foam",
                                                                 "ocean.foam.mipmaps"}))
              << where;
          ASSERT_TRUE(e["ocean_spectrum_fused"].is_object()) << where;
          EXPECT_EQ(e["ocean_spectrum_fused"]["fusion"], "spectrum") << where;
          expect_summary(e["ocean_spectrum_fused"]["step"], where + " spectrum-fused ocean", 3);
          EXPECT_EQ(names(e["ocean_spectrum_fused"]),
                    (std::vector<std::string>{"ocean.spectrum+fft.rows", "fft.vertical",
                                              "ocean.assemble", "ocean.mipmaps", "ocean.foam",
                                              "ocean.foam.mipmaps"}))
              << where;
          ASSERT_TRUE(e["ocean_unfused"].is_object()) << where;
          EXPECT_EQ(e["ocean_unfused"]["fusion"], "none") << where;
          expect_summary(e["ocean_unfused"]["step"], where + " unfused ocean", 3);
          EXPECT_EQ(names(e["ocean_unfused"]), unfused) << where;
        } else {
          EXPECT_TRUE(e["ocean_unfused"].is_null()) << where;
          EXPECT_TRUE(e["ocean_spectrum_fused"].is_null()) << where;
          if (e["algorithm"] != "cooley-tukey") EXPECT_EQ(names(e["ocean"]), unfused) << where;
        }
      }
    }

  // CSV: a header and one row per result, same numbers as the JSON.
  std::istringstream rows(clitest::slurp(csv));
  std::string line;
  std::getline(rows, line);
  EXPECT_EQ(line.rfind("algorithm,size,layers,timer,median_ms,", 0), 0u) << line;
  size_t n = 0;
  while (std::getline(rows, line)) {
    ++n;
    EXPECT_EQ(std::count(line.begin(), line.end(), ','), 17) << line;
  }
  EXPECT_EQ(n, j["results"].size());
}

// --frame: whole frames headless, per-pass medians under the window profiler's pass names.
TEST_F(CliBench, FrameRunReportsEveryPassOfTheFrame) {
  const fs::path json = dir_ / "frame.json";
  const clitest::Result r = clitest::run_line("bench --frame 96x54 --sizes 64 --samples 1 --reps 3 --warmup 1 "
                       "--warmup-ms 0 --preset storm --json " + json.string(),
                       dir_);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("renderer:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("preset storm"), std::string::npos) << r.out;
  const nlohmann::json j = nlohmann::json::parse(clitest::slurp(json));
  EXPECT_EQ(j["schema"], "oceanfft-bench-frame/1");
  EXPECT_EQ(j["config"]["width"], 96);
  EXPECT_EQ(j["config"]["height"], 54);
  EXPECT_EQ(j["config"]["frames"], 3);
  std::set<std::string> names;
  double outermost = 0;
  for (const auto& p : j["passes"]) {
    names.insert(p["pass"].get<std::string>());
    EXPECT_GE(p["median_ms"].get<double>(), 0.0) << p;
    if (p["depth"] == 0) outermost += p["median_ms"].get<double>();
    EXPECT_NE(r.out.find(p["pass"].get<std::string>()), std::string::npos) << p;
  }
  for (const char* must : {"ocean.spectrum+fft.rows", "ocean.fft.columns+assemble",
                           "ocean.mipmaps", "render", "render.sky", "render.water", "render.spray"})
    EXPECT_TRUE(names.count(must)) << must << " missing from " << j["passes"];
  EXPECT_GT(j["gpu_frame_median_ms"].get<double>(), 0.0);
  EXPECT_GT(outermost, 0.0);
}

TEST_F(CliBench, BadArgumentsFailClearlyAndWriteNothing) {
  const fs::path json = dir_ / "out.json";
  // Every case fails before any GPU work, so the defaults (100 reps) cost nothing.
  const std::string tail = " --json " + json.string();
  struct Case {
    std::string args, message;
    int status;
  };
  const Case cases[] = {
      {"bench --sizes 100", "power of two", 2},
      {"bench --sizes 65537", "outside", 2},
      {"bench --sizes 4099 --algorithms fast", "no split", 2},
      {"bench --sizes 16,abc", "'abc' is not a decimal integer", 2},
      {"bench --sizes ''", "is not a decimal integer", 2},
      {"bench --sizes 16 --algorithms all,nope", "unknown algorithm 'all'", 2},
      {"bench --sizes 16 --algorithms nope", "unknown algorithm 'nope'", 2},
      {"bench --sizes 16 --reps 0", "--reps must be at least 1", 2},
      {"bench --sizes 16 --reps -5", "--reps must be at least 1", 2},
      {"bench --sizes 16 --layers 0", "--layers must be at least 1", 2},
      {"bench --sizes 16 --warmup -1", "--warmup", 2},
      {"bench --sizes 16 --timer sometimes", "--timer must be", 2},
      {"bench --frame 640by480", "--frame '640by480' must be WxH", 2},
      {"bench --frame 0x480", "must be WxH", 2},
      {"bench --frame 64x64 --preset nope", "--preset", 2},
      {"bench --frame 64x64 --samples 0", "--samples", 2},
      {"bench --sizes 16 --set spray=0", "--set applies to whole frames", 2},
      {"bench --frame 64x64 --set nokey=1", "nokey", 2},
      {"bench --frame 64x64 --set spray=9", "--set spray=9", 2},
      {"bench --frame 64x64 --set spray", "spray", 2},
  };
  for (const Case& c : cases) {
    const clitest::Result r = clitest::run_line(c.args + tail, dir_);
    EXPECT_EQ(r.status, c.status) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_FALSE(fs::exists(json)) << c.args;
  }
  const clitest::Result r = clitest::run_line("bench --sizes 16 --reps 1 --json " + (dir_ / "missing" / "x.json").string(), dir_);
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find("does not exist"), std::string::npos) << r.err;
  // A flag CLI11 cannot convert is still a failure, not a run with a default.
  EXPECT_NE(clitest::run_line("bench --sizes 16 --reps many" + tail, dir_).status, 0);
  EXPECT_FALSE(fs::exists(json));
}

// `oceanfft verify` compares natural order: a transposed spectrum (OCEANFFT_FFT_TRANSPOSE=spectrum,
// which bench checks against the transposed reference) is refused up front, not reported as a
// failed comparison; the transposed layout and radix-32 columns verify as the default does.
TEST_F(CliBench, VerifyRefusesATransposedSpectrum) {
  {
    oceanfft::test::ScopedEnv e("OCEANFFT_FFT_TRANSPOSE", "spectrum");
    const clitest::Result r = clitest::run_line("verify --sizes 16 --algorithms fast", dir_);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("OCEANFFT_FFT_TRANSPOSE=spectrum"), std::string::npos) << r.err;
  }
  // Every kind the variants reach: the plain plan, and the real transform's fused column pass
  // (fft/real_fused.comp) at 32 elements per invocation.
  oceanfft::test::ScopedEnv e("OCEANFFT_FFT_TRANSPOSE", "between");
  oceanfft::test::ScopedEnv p("OCEANFFT_FFT_COLUMN_P", "32");
  for (const char* kind : {"", " --real"}) {
    const clitest::Result r =
        clitest::run_line(std::string("verify --sizes 64 --algorithms fast") + kind, dir_);
    EXPECT_EQ(r.status, 0) << kind << "\n" << r.err;
    EXPECT_NE(r.out.find("all within tolerance"), std::string::npos) << kind << "\n" << r.out;
  }
}

// --passes on a four-step plan (the line limit lowered so 64 takes the path): a table of the
// plan's passes in the text and in the JSON, with how they were timed; --no-copy and
// --no-check leave the ceiling and the error out, marked, not zero.
TEST_F(CliBench, PassesReportEachFourStepPass) {
  const fs::path json = dir_ / "passes.json";
  oceanfft::test::ScopedEnv path("OCEANFFT_FFT_FOUR_STEP", "split");
  const clitest::Result r = clitest::run_line(
      "bench --sizes 64 --long-line-limit 16 --algorithms fast --reps 2 --warmup 0 --warmup-ms 0 "
      "--no-ocean --passes --no-copy --no-check --json " + json.string(), dir_);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("passes of fast 64 (4 dispatches)"), std::string::npos) << r.out;
  for (const char* name : {"rows N1=8", "rows N2=8", "columns N1=8", "columns N2=8"})
    EXPECT_NE(r.out.find(name), std::string::npos) << name << " missing: " << r.out;
  EXPECT_NE(r.out.find("rel L2: not checked (--no-check)"), std::string::npos) << r.out;
  const nlohmann::json j = nlohmann::json::parse(clitest::slurp(json));
  EXPECT_EQ(j["config"]["passes"], true);
  EXPECT_EQ(j["config"]["long_line_limit"], 16);
  EXPECT_TRUE(j["copy"].empty());
  const nlohmann::json& res = j["results"][0];
  EXPECT_TRUE(res["rel_l2"].is_null());
  ASSERT_EQ(res["passes"].size(), 4u);
  EXPECT_EQ(res["passes"][0]["pass"], "fft.four_step.rows N1=8");
  EXPECT_EQ(res["passes"][3]["pass"], "fft.four_step.columns N2=8");
  for (const auto& p : res["passes"]) {
    EXPECT_EQ(p["bytes"].get<uint64_t>(), 64u * 64 * 16 * 2) << p;
    EXPECT_GT(p["median_ms"].get<double>(), 0.0) << p;
  }
  EXPECT_TRUE(res["pass_timer"].is_string());
  if (j["device"]["renderer"].get<std::string>().find("llvmpipe") != std::string::npos)
    EXPECT_NE(res["pass_timer"].get<std::string>().find("CPU"), std::string::npos) << res["pass_timer"];
}
