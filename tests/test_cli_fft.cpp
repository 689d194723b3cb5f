// SPDX-License-Identifier: MIT
// The `oceanfft` executable as a user runs it: round trips through files against FFTW, and every
// kind of bad input ends in a non-zero exit with a message on stderr, no crash and no output
// file. Runs the real binary (OCEANFFT_BIN) in a child process.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fftref/data.h"
#include "fft/fft.h"
#include "support/cli_run.h"
#include "support/temp_dir.h"
#include "gl_fixture.h"

using namespace oceanfft;
namespace fs = std::filesystem;

namespace {

struct Result {
  bool exited = false;  // false: killed by a signal (a crash)
  int code = -1;        // exit status when exited
  int signal = 0;
  std::string out, err;
  std::string describe() const {
    std::ostringstream s;
    if (exited)
      s << "exit " << code;
    else
      s << "killed by signal " << signal;
    s << "\n--- stdout:\n" << out << "--- stderr:\n" << err;
    return s.str();
  }
};

class CliFft : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* bin = std::getenv("OCEANFFT_BIN");
    ASSERT_TRUE(bin && *bin) << "OCEANFFT_BIN must name the oceanfft executable (set by ctest)";
    bin_ = bin;
    ASSERT_TRUE(fs::is_regular_file(bin_)) << bin_;
    dir_ = tmp_.path();
    logs_ = logs_tmp_.path();
  }
  // A test may take the folder's write permission away: it comes back here, so TempDir can
  // remove the folder.
  void TearDown() override {
    std::error_code ec;
    fs::permissions(dir_, fs::perms::owner_all, fs::perm_options::add, ec);
  }

  // The streams go to a directory of their own: tests list dir_ to prove nothing was written.
  Result run(const std::vector<std::string>& args) {
    const clitest::Result c = clitest::run(args, dir_, logs_, 600);
    Result r;
    r.exited = c.exited && !c.timed_out;
    r.code = r.exited ? c.status : -1;
    r.signal = c.exited ? 0 : c.status;
    r.out = c.out;
    r.err = c.err;
    return r;
  }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // Every refusal: a normal non-zero exit, something said on stderr, nothing at `output` (not
  // even the writer's temporary).
  void expect_refusal(const std::vector<std::string>& args, const std::string& output,
                      const std::string& stderr_mentions = {}) {
    std::string cmd;
    for (auto& a : args) cmd += " " + a;
    SCOPED_TRACE("oceanfft" + cmd);
    const Result r = run(args);
    EXPECT_TRUE(r.exited) << "crashed: " << r.describe();
    EXPECT_NE(r.code, 0) << r.describe();
    EXPECT_FALSE(r.err.empty()) << "no message on stderr: " << r.describe();
    // One clear line (CLI11's own parse errors may add a "Run with --help" hint).
    EXPECT_LE(std::count(r.err.begin(), r.err.end(), '\n'), 3) << r.describe();
    if (!stderr_mentions.empty())
      EXPECT_NE(r.err.find(stderr_mentions), std::string::npos)
          << "stderr should mention '" << stderr_mentions << "': " << r.describe();
    if (!output.empty()) {
      EXPECT_FALSE(fs::exists(output)) << "output left behind: " << output;
      EXPECT_FALSE(fs::exists(output + ".tmp")) << "temporary left behind: " << output << ".tmp";
    }
  }

  std::vector<std::string> fft_args(const std::string& in, const std::string& out, int w, int h,
                                    const std::vector<std::string>& extra = {}) {
    std::vector<std::string> a = {"fft",     "--width",  std::to_string(w), "--height",
                                  std::to_string(h), "--input", in,     "--output", out};
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  }

  std::string bin_;
  oceanfft::test::TempDir tmp_{"cli"}, logs_tmp_{"cli-logs"};
  fs::path dir_, logs_;
};

TEST_F(CliFft, ListAlgorithms) {
  const Result r = run({"fft", "--list-algorithms"});
  ASSERT_TRUE(r.exited && r.code == 0) << r.describe();
  std::string expect;
  for (fft::Algorithm a : fft::all_algorithms()) expect += std::string(fft::name(a)) + "\n";
  EXPECT_EQ(r.out, expect);
}

// Forward through the file format against FFTW, then the inverse of that output back to the
// input, for every algorithm, with several layers (planes p -> layer p/2, channel pair p%2).
TEST_F(CliFft, RoundTripMatchesFftw) {
  const int w = 32, h = 8, layers = 2;
  const auto x = fft::random_planes(w, h, layers, test::seed("cli round trip"));
  const std::string in = path("in.raw"), fwd = path("fwd.raw"), back = path("back.raw");
  fft::write_raw(in, x);
  const auto ref = fft::reference(x, fft::Direction::Forward);
  std::vector<std::complex<double>> xd(x.data.begin(), x.data.end());
  for (fft::Algorithm a : fft::all_algorithms()) {
    SCOPED_TRACE(std::string(fft::name(a)));
    const std::string L = std::to_string(layers);
    Result r = run(fft_args(in, fwd, w, h, {"--layers", L, "--algorithm", std::string(fft::name(a))}));
    ASSERT_TRUE(r.exited && r.code == 0) << r.describe();
    const auto X = fft::read_raw(fwd, w, h, layers);
    EXPECT_LE(fft::relative_l2(X, ref), 1e-6);
    r = run(fft_args(fwd, back, w, h,
                     {"--layers", L, "--algorithm", std::string(fft::name(a)), "--inverse"}));
    ASSERT_TRUE(r.exited && r.code == 0) << r.describe();
    EXPECT_LE(fft::relative_l2(fft::read_raw(back, w, h, layers), xd), 1e-6);
    fs::remove(fwd);
    fs::remove(back);
  }
}

// No --algorithm: the library's default (fast), which takes any length, so a shape that is no
// power of two transforms too.
TEST_F(CliFft, DefaultAlgorithmAndInPlaceOutput) {
  const int w = 24, h = 17;
  const auto x = fft::random_planes(w, h, 1, test::seed("cli in place"));
  const std::string f = path("data.raw");
  fft::write_raw(f, x);
  // The output may be the input file itself: it is read completely before anything is written.
  const Result r = run(fft_args(f, f, w, h));
  ASSERT_TRUE(r.exited && r.code == 0) << r.describe();
  EXPECT_LE(fft::relative_l2(fft::read_raw(f, w, h, 1), fft::reference(x, fft::Direction::Forward)),
            1e-6);
}

// Axes above 4096 (the four-step path) through the file format, both ways, and through verify.
TEST_F(CliFft, LongAxesMatchFftw) {
  const uint64_t seed = test::seed("cli long axes");
  for (auto [w, h] : {std::pair{8192, 4}, std::pair{3, 12288}}) {
    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h));
    const auto x = fft::random_planes(w, h, 1, seed + uint64_t(w));
    const std::string in = path("long.raw"), fwd = path("long_fwd.raw"), back = path("long_back.raw");
    fft::write_raw(in, x);
    Result r = run(fft_args(in, fwd, w, h));
    ASSERT_TRUE(r.exited && r.code == 0) << r.describe();
    EXPECT_LE(fft::relative_l2(fft::read_raw(fwd, w, h, 1), fft::reference(x, fft::Direction::Forward)), 3e-7);
    r = run(fft_args(fwd, back, w, h, {"--inverse"}));
    ASSERT_TRUE(r.exited && r.code == 0) << r.describe();
    EXPECT_LE(fft::relative_l2(fft::read_raw(back, w, h, 1),
                               std::vector<std::complex<double>>(x.data.begin(), x.data.end())), 3e-7);
  }
  const Result r = run({"verify", "--sizes", "8192,4104", "--height", "4", "--algorithms", "fast",
                        "--tolerance", "3e-7"});
  EXPECT_TRUE(r.exited && r.code == 0) << r.describe();
  EXPECT_NE(r.out.find("8192"), std::string::npos) << r.out;
}

// The bench's JSON: a four-step size in the FFT table, and --transforms rows in their own schema.
TEST_F(CliFft, BenchJsonHoldsFourStepAndTransformRows) {
  const std::string fft_json = path("fft.json"), tr_json = path("transforms.json");
  Result r = run({"bench", "--sizes", "8192x4", "--algorithms", "fast", "--reps", "2", "--warmup", "1",
                  "--warmup-ms", "0", "--no-ocean", "--json", fft_json});
  ASSERT_TRUE(r.exited && r.code == 0) << r.describe();
  const auto f = nlohmann::json::parse(std::ifstream(fft_json));
  ASSERT_EQ(f["results"].size(), 1u);
  EXPECT_EQ(f["results"][0]["width"], 8192);
  EXPECT_NE(f["results"][0]["plan"].get<std::string>().find("four-step"), std::string::npos);
  EXPECT_LE(f["results"][0]["rel_l2"].get<double>(), 3e-7);
  r = run({"bench", "--transforms", "16;4;", "--reps", "2", "--warmup", "1", "--warmup-ms", "0",
           "--json", tr_json});
  ASSERT_TRUE(r.exited && r.code == 0) << r.describe();
  const auto t = nlohmann::json::parse(std::ifstream(tr_json));
  EXPECT_EQ(t["schema"], "oceanfft-bench-transforms/1");
  std::vector<std::string> kinds;
  for (const auto& row : t["rows"]) {
    kinds.push_back(row["kind"]);
    EXPECT_GT(row["round_trip"]["median_ms"].get<double>(), 0.0);
    EXPECT_LE(row["rel_l2"].get<double>(), 1e-5);
  }
  EXPECT_EQ(kinds, (std::vector<std::string>{"c2c-2d", "r2c-2d", "r2c-2d-sep", "c2c-1d", "c2c-3d", "r2c-3d"}));
  expect_refusal({"bench", "--transforms", "16;;", "--csv", path("t.csv")}, path("t.csv"), "CSV");
}

TEST_F(CliFft, BadInputsAreRefusedCleanly) {
  const int w = 16, h = 8;
  const std::string in = path("in.raw"), out = path("out.raw");
  fft::write_raw(in, fft::random_planes(w, h, 1, 1));

  // Wrong file size: one byte short, one plane too many, and a shape that does not match.
  {
    const std::string shortf = path("short.raw");
    std::string bytes = clitest::slurp(in);
    std::ofstream(shortf, std::ios::binary) << bytes.substr(0, bytes.size() - 1);
    expect_refusal(fft_args(shortf, out, w, h), out, "bytes");
    expect_refusal(fft_args(in, out, w, h, {"--layers", "2"}), out, "bytes");
    expect_refusal(fft_args(in, out, w * 2, h), out, "bytes");
    const std::string empty = path("empty.raw");
    std::ofstream(empty, std::ios::binary).flush();
    expect_refusal(fft_args(empty, out, w, h), out, "bytes");
  }
  // Sizes: not a power of two (for an algorithm that needs one; the default takes any length),
  // zero, negative, too big, on either axis.
  const std::vector<std::string> r4 = {"--algorithm", "stockham-r4"};
  expect_refusal(fft_args(in, out, 12, h, r4), out, "power of two");
  expect_refusal(fft_args(in, out, w, 6, r4), out, "power of two");
  expect_refusal(fft_args(in, out, 0, h), out, "width 0 is outside");
  expect_refusal(fft_args(in, out, w, 0), out, "height 0 is outside");
  expect_refusal(fft_args(in, out, -16, h), out);
  expect_refusal(fft_args(in, out, w, -8), out);
  expect_refusal(fft_args(in, out, 65537, h), out, "65537");
  expect_refusal(fft_args(in, out, w, 65537), out, "65537");
  expect_refusal(fft_args(in, out, 4099, h), out, "no split");
  expect_refusal(fft_args(in, out, 1, h, r4), out, "width");
  expect_refusal(fft_args(in, out, w, h, {"--layers", "0"}), out, "layers");
  expect_refusal(fft_args(in, out, w, h, {"--layers", "-1"}), out);
  // Algorithms.
  expect_refusal(fft_args(in, out, w, h, {"--algorithm", "nope"}), out, "nope");
  expect_refusal(fft_args(in, out, w, h, {"--algorithm", ""}), out);
  // Files.
  expect_refusal(fft_args(path("missing.raw"), out, w, h), out, "missing.raw");
  fs::create_directories(path("a_dir"));
  expect_refusal(fft_args(path("a_dir"), out, w, h), out, "a_dir");
  expect_refusal(fft_args(in, path("no/such/dir/out.raw"), w, h), path("no/such/dir/out.raw"));
  // A regular file where a directory is needed fails even for root, unlike a chmod.
  expect_refusal(fft_args(in, in + "/out.raw", w, h), in + "/out.raw");
  expect_refusal(fft_args(in, path("a_dir"), w, h), "");
  EXPECT_TRUE(fs::is_directory(path("a_dir"))) << "the directory must survive";
  EXPECT_FALSE(fs::exists(path("a_dir.tmp")));
  // Options.
  expect_refusal({"fft", "--width", "16", "--height", "8", "--input", in, "--output", out, "--bogus"}, out);
  expect_refusal({"fft", "--width", "16", "--height", "8", "--input", in, "--output"}, out);
  expect_refusal({"fft", "--width"}, out);
  expect_refusal({"fft", "--width", "abc", "--height", "8", "--input", in, "--output", out}, out);
  expect_refusal({"fft", "--height", "8", "--input", in, "--output", out}, out, "required");
  expect_refusal({"fft", "--width", "16", "--height", "8", "--output", out}, out, "input");
  expect_refusal({"fft", "--width", "16", "--height", "8", "--input", in}, "", "output");
  expect_refusal({"nosuchcommand"}, "");
  // The input must survive every refusal untouched.
  EXPECT_EQ(fs::file_size(in), size_t(w) * h * 2 * 8);
}

TEST_F(CliFft, VerifyPrintsTableAndPasses) {
  const Result r = run({"verify", "--sizes", "4,8"});
  ASSERT_TRUE(r.exited) << r.describe();
  EXPECT_EQ(r.code, 0) << r.describe();
  // One row per algorithm and size, each with two errors and "ok".
  for (fft::Algorithm a : fft::all_algorithms())
    for (int n : {4, 8}) {
      std::istringstream in(r.out);
      bool found = false;
      for (std::string line; std::getline(in, line);) {
        std::istringstream row(line);
        std::string name, status;
        int size = 0;
        double fwd = -1, inv = -1;
        if ((row >> name >> size >> fwd >> inv >> status) && name == fft::name(a) && size == n) {
          found = true;
          EXPECT_LE(fwd, 1e-6) << line;
          EXPECT_LE(inv, 1e-6) << line;
          EXPECT_EQ(status, "ok") << line;
        }
      }
      EXPECT_TRUE(found) << "no row for " << fft::name(a) << " " << n << " in:\n" << r.out;
    }
}

TEST_F(CliFft, VerifyRefusesBadArguments) {
  expect_refusal({"verify", "--sizes", "3"}, "", "power of two");
  expect_refusal({"verify", "--sizes", "4,abc"}, "", "abc");
  expect_refusal({"verify", "--sizes", "65537"}, "", "65537");
  expect_refusal({"verify", "--sizes", "4099", "--algorithms", "fast"}, "", "no split");
  expect_refusal({"verify", "--sizes", "8", "--height", "-2"}, "", "--height");
  expect_refusal({"verify", "--sizes", ""}, "");
  expect_refusal({"verify", "--algorithms", "nope", "--sizes", "4"}, "", "nope");
  expect_refusal({"verify", "--layers", "0", "--sizes", "4"}, "", "layers");
}

// A tolerance no fp32 transform can meet must make verify fail: the exit status is not
// hard-wired to success.
TEST_F(CliFft, VerifyFailsWhenTheToleranceIsImpossible) {
  const Result r = run({"verify", "--sizes", "64", "--tolerance", "1e-30"});
  ASSERT_TRUE(r.exited) << r.describe();
  EXPECT_NE(r.code, 0) << r.describe();
  EXPECT_NE(r.out.find("FAIL"), std::string::npos) << r.describe();
}

}  // namespace
