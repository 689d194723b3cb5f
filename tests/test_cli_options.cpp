// SPDX-License-Identifier: MIT
// Every numeric option of every subcommand, and every numeric setting `--set` takes, parses with
// the one decimal rule of io/number.h, whatever validators it carries. The options come from the
// real executable (`oceanfft --list-options`), so an option added later is walked too.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "support/cli_run.h"
#include "support/temp_dir.h"

namespace {
using namespace clitest;

struct CliOptions : ::testing::Test {
  void SetUp() override {
    dir_ = tmp_.path();
  }
  Result oceanfft(const std::vector<std::string>& args) { return run(args, dir_, dir_, 60); }
  static int lines(const std::string& s) { return int(std::count(s.begin(), s.end(), '\n')); }
  oceanfft::test::TempDir tmp_{"options"};
  fs::path dir_;
};

struct Opt {
  std::vector<std::string> sub;  // subcommand path
  std::string name, type;
};

std::vector<Opt> numeric_options(const std::string& listing) {
  std::vector<Opt> out;
  std::istringstream in(listing);
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::istringstream cols(line);
    for (std::string c; std::getline(cols, c, '\t');) f.push_back(c);
    if (f.size() != 3 || (f[2] != "INT" && f[2] != "UINT" && f[2] != "FLOAT")) continue;
    Opt o;
    std::istringstream subs(f[0]);
    for (std::string s; subs >> s;) o.sub.push_back(s);
    o.name = f[1];
    o.type = f[2];
    out.push_back(o);
  }
  return out;
}

TEST_F(CliOptions, EveryNumericOptionRefusesWhatIsNotDecimal) {
  const Result list = oceanfft({"--list-options"});
  ASSERT_TRUE(list.exited && list.status == 0) << list.err;
  const std::vector<Opt> opts = numeric_options(list.out);
  // The walk must reach the options that carry a CLI::Range, the ones that once slipped through.
  int ranged = 0;
  for (const Opt& o : opts)
    ranged += (o.sub == std::vector<std::string>{"render"} && (o.name == "--width" || o.name == "--samples" ||
                                                                o.name == "--foam-warmup"));
  ASSERT_EQ(ranged, 3) << list.out;
  ASSERT_GE(opts.size(), 30u) << list.out;
  std::vector<std::string> bad = {"0x10", "+5", " 5", "5 ", "0b1", "0o7", "", "5x"};
  const std::vector<std::string> bad_int = {"1e3", "1.5", "0x1p3", "nan"};
  const std::vector<std::string> bad_real = {"0x1p3", "nan", "inf", "-inf", "1e999"};
  int runs = 0;
  for (const Opt& o : opts) {
    std::vector<std::string> values = bad;
    for (const std::string& v : o.type == "FLOAT" ? bad_real : bad_int) values.push_back(v);
    if (o.type == "UINT") values.push_back("-1");
    for (const std::string& v : values) {
      std::vector<std::string> args = o.sub;
      args.push_back(o.name);
      args.push_back(v);
      std::string shown;
      for (const auto& a : args) shown += a + " ";
      SCOPED_TRACE("oceanfft " + shown);
      const Result r = oceanfft(args);
      ++runs;
      ASSERT_TRUE(r.exited) << "signal " << r.status;
      EXPECT_EQ(r.status, 2) << r.err;
      EXPECT_EQ(lines(r.err), 1) << r.err;
      EXPECT_NE(r.err.find(o.name), std::string::npos) << r.err;
      // The decimal validator's own form, "'VALUE': why": a range check or CLI11's reader that
      // saw the value first words it differently ("Value 8 not in range").
      EXPECT_NE(r.err.find("'" + v + "': "), std::string::npos) << r.err;
    }
  }
  std::printf("%zu numeric options, %d runs\n", opts.size(), runs);
}

TEST_F(CliOptions, LeadingZerosAreDecimalBehindARangeCheck) {
  // --samples takes 1..64: 0100 is one hundred and refused; read as octal it was 64, accepted.
  const Result r = oceanfft({"render", "--samples", "0100", "--out", "o.png"});
  ASSERT_TRUE(r.exited) << r.status;
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("100"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "o.png"));
}

TEST_F(CliOptions, EveryNumericSettingRefusesWhatIsNotDecimal) {
  const Result keys = oceanfft({"demo", "--list-script-keys"});
  ASSERT_TRUE(keys.exited && keys.status == 0) << keys.err;
  std::istringstream in(keys.out);
  int numeric = 0;
  for (std::string line; std::getline(in, line);) {
    const std::string key = line.substr(0, line.find(' '));
    const bool is_number = line.find(" a number in ") != std::string::npos ||
                           line.find(" an integer ") != std::string::npos ||
                           line.find(" a non-negative integer") != std::string::npos ||
                           line.find(" a power of two") != std::string::npos;
    if (!is_number || line.find("(window only)") != std::string::npos) continue;
    ++numeric;
    for (const std::string v : {"0x10", "+5", " 5", "0x1p3", "nan", "inf", "1e999", "5 "}) {
      SCOPED_TRACE("--set " + key + "='" + v + "'");
      const Result r = oceanfft({"render", "--out", "o.png", "--set", key + "=" + v});
      ASSERT_TRUE(r.exited) << r.status;
      EXPECT_EQ(r.status, 2) << r.err;
      EXPECT_EQ(lines(r.err), 1) << r.err;
      EXPECT_NE(r.err.find("bad value '" + v + "' for " + key), std::string::npos) << r.err;
    }
  }
  EXPECT_GE(numeric, 30) << keys.out;
  EXPECT_FALSE(fs::exists(dir_ / "o.png"));
}

TEST_F(CliOptions, FrameSizesAreDecimalAndDoNotWrap) {
  for (const std::string v : {"4294967360x48", "+48x+32", " 48x 32", "48x32 ", "0x10x16", "48x", "x48", "48"}) {
    SCOPED_TRACE("bench --frame '" + v + "'");
    const Result r = oceanfft({"bench", "--frame", v});
    ASSERT_TRUE(r.exited) << r.status;
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("--frame '" + v + "'"), std::string::npos) << r.err;
  }
}

TEST_F(CliOptions, DemoFrameCountZeroIsRefused) {
  for (const std::string v : {"0", "-0", "-1"}) {
    SCOPED_TRACE("demo --frames " + v);
    const Result r = oceanfft({"demo", "--frames", v});
    ASSERT_TRUE(r.exited && !r.timed_out) << r.status;
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("--frames must be at least 1"), std::string::npos) << r.err;
  }
}

}  // namespace
