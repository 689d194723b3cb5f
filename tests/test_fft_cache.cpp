// SPDX-License-Identifier: MIT
// The program cache (fft/cache.h): a second plan of a shape loads its programs instead of
// compiling them and still matches FFTW; garbage, truncated and foreign files are ignored with a
// notice and replaced; a driver with no binary format compiles every time.
#include <filesystem>
#include <fstream>
#include <string>

#include "fft/cache.h"
#include "fftref/data.h"
#include "fft/fft.h"
#include "gl_fixture.h"
#include "support/temp_dir.h"

using namespace oceanfft;
namespace fs = std::filesystem;

namespace {

class FftCache : public test::GlTest {
 protected:
  void SetUp() override {
    test::GlTest::SetUp();
    dir_ = tmp_.path();
    GLint formats = 0;
    glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &formats);
    supported_ = formats > 0;
    std::printf("[oceanfft] program binary formats: %d\n", formats);
  }
  // A forward FFT through a plan whose programs come from the cache, against FFTW.
  double run_plan(int w, int h, uint64_t seed) {
    fft::Options o;
    o.width = w;
    o.height = h;
    o.program_cache = dir_.string();
    fft::Plan plan(o, test::shaders());
    const auto x = fft::random_planes(w, h, 1, seed);
    gl::Texture tex = gl::make_complex_texture(test::context(), w, h, 1);
    fft::upload(tex, x);
    for (const gl::Texture& t : plan.targets()) fft::poison(t);
    return fft::relative_l2(fft::download(plan.execute(fft::Direction::Forward, tex)),
                            fft::reference(x, fft::Direction::Forward));
  }
  size_t files() const {
    size_t n = 0;
    for (auto& e : fs::directory_iterator(dir_)) n += e.path().extension() == ".glbin";
    return n;
  }
  test::TempDir tmp_{"cache"};
  fs::path dir_;
  bool supported_ = false;
};

const gl::Defines kDefines = {{"N", "8"}, {"AXIS", "0"}, {"LOCAL", "4"}};

TEST_F(FftCache, SecondPlanLoadsAndMatchesFftw) {
  const uint64_t seed = test::seed("cache plan");
  EXPECT_LE(run_plan(48, 20, seed), 3e-7);
  if (!supported_) {
    EXPECT_EQ(files(), 0u) << "nothing is stored without a binary format";
    GTEST_SKIP() << "the driver offers no program binary format: the plain-compile path ran";
  }
  EXPECT_GE(files(), 1u);
  const auto stamp = fs::last_write_time(*fs::directory_iterator(dir_));
  EXPECT_LE(run_plan(48, 20, seed + 1), 3e-7);
  EXPECT_EQ(fs::last_write_time(*fs::directory_iterator(dir_)), stamp) << "a hit rewrote its file";

  fft::ProgramCache cache(test::context(), dir_.string());
  gl::Program p = cache.compute(test::shaders(), "fft/cooley_tukey.comp", kDefines);
  EXPECT_TRUE(p);
  EXPECT_EQ(cache.stats().misses, 1);
  EXPECT_EQ(cache.stats().stored, 1);
  fft::ProgramCache again(test::context(), dir_.string());
  gl::Program q = again.compute(test::shaders(), "fft/cooley_tukey.comp", kDefines);
  EXPECT_TRUE(q);
  EXPECT_EQ(again.stats().hits, 1);
  EXPECT_EQ(again.stats().misses, 0);
  // The uniform table is read from the loaded program as from a linked one.
  EXPECT_GE(gl::uniform(q, "uStage"), 0);
}

TEST_F(FftCache, CorruptTruncatedAndForeignFilesAreIgnored) {
  if (!supported_) GTEST_SKIP() << "the driver offers no program binary format";
  const std::string file = [&] {
    fft::ProgramCache c(test::context(), dir_.string());
    return c.file_for(test::shaders().load("fft/cooley_tukey.comp", kDefines).text);
  }();
  std::vector<std::string> notices;
  test::context().set_log([&](const std::string& m) { notices.push_back(m); });
  const auto expect_rejected_then_fixed = [&](const std::string& what) {
    SCOPED_TRACE(what);
    notices.clear();
    fft::ProgramCache cache(test::context(), dir_.string());
    gl::Program p = cache.compute(test::shaders(), "fft/cooley_tukey.comp", kDefines);
    EXPECT_TRUE(p);
    EXPECT_EQ(cache.stats().rejected, 1);
    EXPECT_EQ(cache.stats().hits, 0);
    EXPECT_EQ(cache.stats().stored, 1) << "the bad file is replaced";
    ASSERT_FALSE(notices.empty());
    EXPECT_NE(notices[0].find("program cache: ignoring"), std::string::npos) << notices[0];
    fft::ProgramCache again(test::context(), dir_.string());
    gl::Program q = again.compute(test::shaders(), "fft/cooley_tukey.comp", kDefines);
    EXPECT_EQ(again.stats().hits, 1);
  };
  { std::ofstream(file, std::ios::binary) << std::string(4096, '\x5a'); }
  expect_rejected_then_fixed("garbage");
  const auto size = fs::file_size(file);
  fs::resize_file(file, size - 10);
  expect_rejected_then_fixed("truncated");
  {  // One byte of the binary flipped: the checksum no longer holds.
    std::fstream f(file, std::ios::binary | std::ios::in | std::ios::out);
    f.seekp(std::streamoff(size - 20));
    f.put('\x01');
  }
  expect_rejected_then_fixed("flipped byte");
  {  // A valid file of another program (another source, so another key) in this one's place.
    fft::ProgramCache other(test::context(), dir_.string());
    gl::Defines d = kDefines;
    d[0].second = "16";
    gl::Program p = other.compute(test::shaders(), "fft/cooley_tukey.comp", d);
    fs::copy_file(other.file_for(test::shaders().load("fft/cooley_tukey.comp", d).text), file,
                  fs::copy_options::overwrite_existing);
  }
  expect_rejected_then_fixed("foreign");
  test::context().set_log(nullptr);
}

TEST_F(FftCache, NoBinaryFormatCompilesWithOneNotice) {
  std::vector<std::string> notices;
  test::context().set_log([&](const std::string& m) { notices.push_back(m); });
  fft::ProgramCache cache(test::context(), dir_.string(), 0);
  test::context().set_log(nullptr);
  EXPECT_FALSE(cache.enabled());
  ASSERT_EQ(notices.size(), 1u);
  EXPECT_NE(notices[0].find("no program binary format"), std::string::npos) << notices[0];
  for (int i = 0; i < 2; ++i) {
    gl::Program p = cache.compute(test::shaders(), "fft/cooley_tukey.comp", kDefines);
    EXPECT_TRUE(p);
    EXPECT_GE(gl::uniform(p, "uStage"), 0);
  }
  EXPECT_EQ(cache.stats().hits + cache.stats().misses + cache.stats().stored, 0);
  EXPECT_EQ(files(), 0u);
}

TEST_F(FftCache, NoDirectoryMeansNoCache) {
  fft::ProgramCache cache(test::context(), "");
  EXPECT_FALSE(cache.enabled());
  gl::Program p = cache.compute(test::shaders(), "fft/cooley_tukey.comp", kDefines);
  EXPECT_TRUE(p);
  EXPECT_EQ(cache.stats().misses + cache.stats().hits, 0);
  EXPECT_EQ(files(), 0u);
}

}  // namespace
