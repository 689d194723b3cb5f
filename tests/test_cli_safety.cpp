// SPDX-License-Identifier: MIT
// Data safety end to end (issue 14), through the real executable: outputs that never clobber
// (symlinks, a full disk, sets cut by an error or a signal), inputs checked before they cost
// memory, numbers that parse one way, and results that are never NaN with exit 0. Each test
// failed on the code before src/io existed.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>

#include "support/cli_run.h"
#include "support/temp_dir.h"

namespace {
using namespace clitest;

std::string source(const std::string& rel) {
  const char* src = std::getenv("OCEANFFT_SOURCE_DIR");
  return (fs::path(src ? src : ".") / rel).string();
}

class CliSafety : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = tmp_.path();
    logs_ = logs_tmp_.path();
    std::string raw(size_t(16) * 16 * 2 * 8, '\0');
    std::mt19937 rng(7);
    for (size_t i = 0; i < raw.size(); i += 4) {  // finite floats in [-1, 1)
      const float f = std::uniform_real_distribution<float>(-1.0f, 1.0f)(rng);
      std::memcpy(&raw[i], &f, 4);
    }
    spit(dir_ / "good.raw", raw);
  }
  // Mesa's shader cache would also be cut short by a file-size limit; keep it out of the way.
  Result oceanfft(const std::vector<std::string>& args, const std::vector<std::pair<int, rlim_t>>& limits = {},
                  int term_after_ms = -1) {
    return run(args, dir_, logs_, 120, {"MESA_SHADER_CACHE_DISABLE=true"}, limits, term_after_ms);
  }
  // Temporaries and backups io might leave: none may survive a run, however it ended.
  std::vector<std::string> leftovers() const {
    std::vector<std::string> out;
    for (auto& e : fs::recursive_directory_iterator(dir_)) {
      const std::string n = e.path().filename().string();
      if (n.rfind(".oceanfft-", 0) == 0 || n.size() > 4 && n.substr(n.size() - 4) == ".tmp") out.push_back(n);
    }
    return out;
  }
  static int lines(const std::string& s) { return int(std::count(s.begin(), s.end(), '\n')); }

  oceanfft::test::TempDir tmp_{"safety"}, logs_tmp_{"safety-logs"};
  fs::path dir_, logs_;
};

const std::vector<std::string> kFft = {"fft", "--width", "16", "--height", "16", "--input", "good.raw", "--output"};
std::vector<std::string> fft_to(const std::string& out) {
  auto a = kFft;
  a.push_back(out);
  return a;
}

TEST_F(CliSafety, SymlinkOutputIsWrittenAtItsTargetAndStaysALink) {
  fs::create_directories(dir_ / "real");
  spit(dir_ / "real" / "out.raw", "old");
  fs::create_symlink("real/out.raw", dir_ / "link.raw");
  fs::create_symlink("real/new.raw", dir_ / "dangling.raw");  // a link to a file not made yet
  for (const char* name : {"link.raw", "dangling.raw"}) {
    const Result r = oceanfft(fft_to(name));
    ASSERT_TRUE(r.exited && r.status == 0) << name << ": " << r.err;
    EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir_ / name))) << name << " was replaced by a file";
  }
  EXPECT_EQ(fs::file_size(dir_ / "real" / "out.raw"), 4096u);
  EXPECT_EQ(fs::file_size(dir_ / "real" / "new.raw"), 4096u);
  EXPECT_TRUE(leftovers().empty());
}

TEST_F(CliSafety, FullDiskKeepsTheOldFileLeavesNoTemporaryAndFails) {
  spit(dir_ / "o.raw", "the old contents");
  // RLIMIT_FSIZE fails any write past 1 KiB with EFBIG, as a full disk fails it with ENOSPC.
  const Result r = oceanfft(fft_to("o.raw"), {{RLIMIT_FSIZE, 1024}});
  ASSERT_TRUE(r.exited) << "killed by signal " << r.status;
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("o.raw"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir_ / "o.raw"), "the old contents");
  EXPECT_TRUE(leftovers().empty());
}

std::vector<std::string> roundtrip_files() {
  return {"spectrum.png", "reconstruction.png", "difference.png", "report.json"};
}

TEST_F(CliSafety, FullDiskDuringARoundTripKeepsTheWholeOldSet) {
  fs::create_directories(dir_ / "rt");
  for (const auto& f : roundtrip_files()) spit(dir_ / "rt" / f, "old " + f);
  // 256 bytes: some of the four files fit, the others do not.
  const Result r = oceanfft({"roundtrip", source("assets/shapes.png"), "--out", "rt"}, {{RLIMIT_FSIZE, 256}});
  ASSERT_TRUE(r.exited) << "killed by signal " << r.status;
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_EQ(lines(r.err), 1) << r.err;
  for (const auto& f : roundtrip_files()) EXPECT_EQ(slurp(dir_ / "rt" / f), "old " + f) << f;
  EXPECT_TRUE(leftovers().empty());
}

// SIGTERM at moments spread over a run: whenever it lands, the set is all old or all new, and
// a folder the run made is gone or complete. The assertion does not depend on timing.
TEST_F(CliSafety, SignalDuringARoundTripLeavesAllOldOrAllNew) {
  // One undisturbed run gives the span to spread the signals over (the machine's load decides it).
  const auto t0 = std::chrono::steady_clock::now();
  const Result whole = oceanfft({"roundtrip", source("assets/shapes.png"), "--out", "timing"});
  ASSERT_TRUE(whole.exited && whole.status == 0) << whole.err;
  const int span = int(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count());
  int old_sets = 0, new_sets = 0;
#if defined(__SANITIZE_ADDRESS__)
  const std::vector<int> tenths = {2, 6, 10};  // each run is ~10x slower there
#else
  const std::vector<int> tenths = {1, 4, 7, 9, 11};
#endif
  for (int tenth : tenths) {
    const int ms = span * tenth / 10;
    SCOPED_TRACE("SIGTERM after " + std::to_string(ms) + " ms");
    fs::remove_all(dir_ / "rt");
    fs::remove_all(dir_ / "fresh");
    fs::create_directories(dir_ / "rt");
    for (const auto& f : roundtrip_files()) spit(dir_ / "rt" / f, "old " + f);
    Result r = oceanfft({"roundtrip", source("assets/shapes.png"), "--out", "rt"}, {}, ms);
    ASSERT_FALSE(r.timed_out);
    int olds = 0;
    for (const auto& f : roundtrip_files()) olds += slurp(dir_ / "rt" / f) == "old " + f;
    EXPECT_TRUE(olds == 0 || olds == 4) << olds << " of 4 files are old; exit " << r.status;
    if (r.exited && r.status == 0) EXPECT_EQ(olds, 0);
    (olds == 4 ? old_sets : new_sets)++;
    EXPECT_TRUE(leftovers().empty());

    r = oceanfft({"roundtrip", source("assets/shapes.png"), "--out", "fresh/a/b"}, {}, ms);
    if (fs::exists(dir_ / "fresh")) {
      int present = 0;
      for (const auto& f : roundtrip_files()) present += fs::exists(dir_ / "fresh" / "a" / "b" / f);
      EXPECT_EQ(present, 4) << "a folder was left with " << present << " of 4 files";
    }
    EXPECT_TRUE(leftovers().empty());
  }
  std::printf("sets left old: %d, new: %d\n", old_sets, new_sets);
}

TEST_F(CliSafety, NonFiniteResultsFailWithTheirOwnStatusAndWriteNothing) {
  Result r = oceanfft({"roundtrip", source("assets/shapes.png"), "--out", "rt", "--filter", "gauss:1e-30"});
  EXPECT_TRUE(r.exited && r.status == 8) << r.status << " " << r.err;
  EXPECT_NE(r.err.find("non-finite"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "rt")) << "the output folder was left behind";
  r = oceanfft({"render", "--out", "r.png", "--width", "32", "--height", "32", "--size", "64", "--time", "1e100"});
  EXPECT_TRUE(r.exited && r.status == 8) << r.status << " " << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "r.png"));
}

// `oceanfft fft`: finite input that overflows float32 fails with status 8 and the count; NaN or
// infinite input is refused unless the flag that says so is given.
TEST_F(CliSafety, FftRefusesNonFiniteInputAndResults) {
  std::string big(size_t(16) * 16 * 2 * 8, '\0');
  for (size_t i = 0; i < big.size(); i += 4) {
    const float f = 3e38f;
    std::memcpy(&big[i], &f, 4);
  }
  spit(dir_ / "big.raw", big);
  Result r = oceanfft({"fft", "--width", "16", "--height", "16", "--input", "big.raw", "--output", "o.raw"});
  EXPECT_TRUE(r.exited && r.status == 8) << r.status << " " << r.err;
  EXPECT_NE(r.err.find("NaN or infinite value(s)"), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "o.raw"));
  std::string nan = slurp(dir_ / "good.raw");
  const float q = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  std::memcpy(&nan[40], &q, 4);
  std::memcpy(&nan[400], &inf, 4);
  spit(dir_ / "nan.raw", nan);
  r = oceanfft({"fft", "--width", "16", "--height", "16", "--input", "nan.raw", "--output", "o.raw"});
  EXPECT_TRUE(r.exited && r.status == 2) << r.status << " " << r.err;
  EXPECT_NE(r.err.find("holds 2 NaN or infinite value(s)"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "o.raw"));
  r = oceanfft({"fft", "--width", "16", "--height", "16", "--input", "nan.raw", "--output", "o.raw",
                "--allow-non-finite-input"});
  EXPECT_TRUE(r.exited && r.status == 0) << r.status << " " << r.err;
  EXPECT_EQ(fs::file_size(dir_ / "o.raw"), 4096u);
}

// --export-maps changes its folder as one set: an export of fewer cascades leaves no cascade of
// an earlier, larger one (maps.json would describe a mix), and a render whose image cannot be
// written leaves the old maps.
TEST_F(CliSafety, ExportFolderChangesAsOneSet) {
  const std::vector<std::string> base = {"render", "--size", "64", "--width", "32", "--height", "32",
                                         "--samples", "1", "--foam-warmup", "0", "--export-maps", "maps"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = base;
    a.insert(a.end(), extra.begin(), extra.end());
    return a;
  };
  Result r = oceanfft(with({"--cascades", "3", "--out", "a.png"}));
  ASSERT_TRUE(r.exited && r.status == 0) << r.err;
  ASSERT_TRUE(fs::exists(dir_ / "maps" / "cascade2" / "height.f32"));
  spit(dir_ / "maps" / "cascade2" / "notes.txt", "the user's own file");
  r = oceanfft(with({"--cascades", "1", "--patch-sizes", "500", "--out", "b.png"}));
  ASSERT_TRUE(r.exited && r.status == 0) << r.err;
  EXPECT_TRUE(fs::exists(dir_ / "maps" / "cascade0" / "height.f32"));
  EXPECT_FALSE(fs::exists(dir_ / "maps" / "cascade1")) << "a stale cascade folder was left";
  EXPECT_FALSE(fs::exists(dir_ / "maps" / "cascade2" / "height.f32")) << "a stale map was left";
  EXPECT_EQ(slurp(dir_ / "maps" / "cascade2" / "notes.txt"), "the user's own file");
  const std::string json = slurp(dir_ / "maps" / "maps.json");
  EXPECT_EQ(json.find("cascade1"), std::string::npos) << json;
  // A 768 x 768 image (hundreds of KiB as PNG) cannot be written under a 256 KiB file limit; the
  // maps at size 64 (at most 64 KiB a file) could: none of them may change.
  const std::string old_height = slurp(dir_ / "maps" / "cascade0" / "height.f32");
  r = oceanfft({"render", "--size", "64", "--width", "768", "--height", "768", "--samples", "1",
                "--foam-warmup", "0", "--export-maps", "maps", "--cascades", "2", "--patch-sizes", "500,100",
                "--seed", "9", "--out", "c.png"},
               {{RLIMIT_FSIZE, 256 * 1024}});
  ASSERT_TRUE(r.exited) << "signal " << r.status;
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_EQ(slurp(dir_ / "maps" / "cascade0" / "height.f32"), old_height) << "the maps were committed";
  EXPECT_FALSE(fs::exists(dir_ / "maps" / "cascade1"));
  EXPECT_FALSE(fs::exists(dir_ / "c.png"));
  EXPECT_TRUE(leftovers().empty());
}

// `--out /dev/stdout` with stdout a pipe: refused before the work, as the FIFO it is (it was
// "No such file or directory": the link chain ends in "pipe:[N]").
TEST_F(CliSafety, OutputToAPipeIsRefusedUpFrontWithItsReason) {
  const std::string err = (logs_ / "pipe_err.txt").string();
  const std::string cmd = "cd '" + dir_.string() + "' && '" + bin() +
                          "' render --size 64 --width 32 --height 32 --out /dev/stdout 2>'" + err + "' | cat >/dev/null";
  FILE* p = ::popen(("bash -o pipefail -c \"" + cmd + "\"").c_str(), "r");
  ASSERT_NE(p, nullptr);
  const int status = ::pclose(p);
  ASSERT_TRUE(WIFEXITED(status)) << status;
  EXPECT_EQ(WEXITSTATUS(status), 3);
  const std::string msg = slurp(err);
  EXPECT_NE(msg.find("'/dev/stdout': it is a FIFO"), std::string::npos) << msg;
  EXPECT_EQ(lines(msg), 1) << msg;
}

TEST_F(CliSafety, RawShapeIsCheckedBeforeAnythingIsAllocated) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "ASan reserves terabytes of address space; an RLIMIT_AS child cannot start";
#endif
  // 4096 x 4096 x 16 layers would be 4 GiB; under a 1 GiB address-space limit only a check made
  // before the allocation can give the size message instead of std::bad_alloc.
  const Result r = oceanfft({"fft", "--width", "4096", "--height", "4096", "--layers", "16", "--input",
                             "good.raw", "--output", "o.raw"},
                            {{RLIMIT_AS, rlim_t(1) << 30}});
  ASSERT_TRUE(r.exited) << "killed by signal " << r.status;
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("holds 4096 bytes"), std::string::npos) << r.err;
}

TEST_F(CliSafety, LeadingZerosAreDecimal) {
  // 016 is sixteen: the file matches and the transform runs (as octal it was 14, and refused).
  const Result r = oceanfft({"fft", "--width", "016", "--height", "0016", "--input", "good.raw", "--output", "o.raw"});
  EXPECT_TRUE(r.exited && r.status == 0) << r.err;
  EXPECT_EQ(fs::file_size(dir_ / "o.raw"), 4096u);
}

}  // namespace
