// SPDX-License-Identifier: MIT
// `oceanfft fft` for every kind of transform it takes (complex or --real, --dims 1, 2 or 3,
// through images or --buffer), forward and inverse, as a user runs it on raw files, against
// FFTW in double; and the output of images and buffers the same to the last bit. Runs the real
// binary (OCEANFFT_BIN).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <complex>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "support/cli_run.h"
#include "support/temp_dir.h"
#include "fftref/data.h"
#include "fft/fft.h"
#include "fftref/real_data.h"
#include "gl_fixture.h"

using namespace oceanfft;
namespace fs = std::filesystem;

namespace {

constexpr double kBound = 1e-6;  // the CLI tests' bound (Bluestein widths among the shapes)

class CliFftKinds : public ::testing::Test {
 protected:
  void SetUp() override {
    tmp_.emplace("cli-kinds");
    dir_ = tmp_->path();
    logs_ = dir_ / "logs";
    fs::create_directories(logs_);
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::optional<test::TempDir> tmp_;
  fs::path dir_, logs_;
};

// File order (volume 0's slices, then volume 1's) to and from the image order (2z + v) the
// references use; 2D planes are the same in both.
template <class V>
V reorder(const V& from, size_t plane, int depth, bool to_image) {
  if (!depth) return from;
  V to(from.size());
  for (int v = 0; v < 2; ++v)
    for (int z = 0; z < depth; ++z) {
      const size_t f = size_t(v * depth + z), g = size_t(2 * z + v);
      std::copy_n(from.begin() + plane * (to_image ? f : g), plane, to.begin() + plane * (to_image ? g : f));
    }
  return to;
}

double rel(const std::vector<float>& got, const std::vector<double>& ref) {
  if (got.size() != ref.size()) return INFINITY;
  double num = 0, den = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    num += (got[i] - ref[i]) * (got[i] - ref[i]);
    den += ref[i] * ref[i];
  }
  return std::isfinite(num) ? std::sqrt(num / den) : INFINITY;
}

std::vector<double> flat(const std::vector<std::complex<double>>& c) {
  std::vector<double> f;
  for (const auto& z : c) {
    f.push_back(z.real());
    f.push_back(z.imag());
  }
  return f;
}

std::vector<float> read_floats(const std::string& p) {
  const std::string bytes = clitest::slurp(p);
  std::vector<float> f(bytes.size() / 4);
  std::memcpy(f.data(), bytes.data(), f.size() * 4);
  return f;
}

void write_floats(const std::string& p, const std::vector<float>& f) {
  clitest::spit(p, std::string(reinterpret_cast<const char*>(f.data()), f.size() * 4));
}

TEST_F(CliFftKinds, EveryKindMatchesFftwThroughImagesAndBuffers) {
  std::mt19937_64 rng(test::seed("cli kinds"));
  struct Shape { int w, h, layers, dims, depth; };
  // Odd and even widths, a Bluestein length (13), a batch of lines, two volumes.
  const Shape shapes[] = {{13, 6, 2, 2, 0}, {24, 10, 1, 2, 0}, {50, 3, 1, 1, 0}, {9, 5, 1, 3, 4}, {10, 6, 1, 3, 7}};
  for (const Shape& s : shapes)
    for (bool real : {false, true}) {
      const int planes = 2 * (s.dims == 3 ? s.depth : s.layers), hw = s.w / 2 + 1;
      const int layers = s.dims == 3 ? s.depth : s.layers;
      const fft::Axes axes = s.dims == 1 ? fft::Axes::Rows : fft::Axes::Both;
      const size_t real_plane = size_t(s.w) * s.h, half_plane = size_t(hw) * s.h * 2;
      const size_t complex_plane = real_plane * 2;
      // Forward input and its reference, inverse input and its reference, in file order.
      std::vector<float> fin, iin;
      std::vector<double> fref, iref;
      if (real) {
        const fft::RealPlanes x = fft::random_real_planes(s.w, s.h, layers, rng());
        fin = reorder(x.data, real_plane, s.dims == 3 ? s.depth : 0, false);
        const auto r = s.dims == 3 ? fft::reference_r2c_3d(x) : fft::reference_r2c(x, axes);
        fref = reorder(flat(r), half_plane, s.dims == 3 ? s.depth : 0, false);
        fft::Planes half(hw, s.h, layers);
        for (size_t i = 0; i < r.size(); ++i) half.data[i] = {float(r[i].real()), float(r[i].imag())};
        iin.assign(fref.begin(), fref.end());
        iref = reorder(s.dims == 3 ? fft::reference_c2r_3d(half, s.w) : fft::reference_c2r(half, s.w, axes),
                       real_plane, s.dims == 3 ? s.depth : 0, false);
      } else {
        const fft::Planes x = fft::random_planes(s.w, s.h, layers, rng());
        std::vector<float> xf;
        for (const auto& c : x.data) {
          xf.push_back(c.real());
          xf.push_back(c.imag());
        }
        fin = iin = reorder(xf, complex_plane, s.dims == 3 ? s.depth : 0, false);
        for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
          const auto r = s.dims == 3 ? fft::reference_3d(x, d) : fft::reference_axes(x, d, axes);
          (d == fft::Direction::Forward ? fref : iref) =
              reorder(flat(r), complex_plane, s.dims == 3 ? s.depth : 0, false);
        }
      }
      ASSERT_EQ(fin.size(), size_t(planes) * (real ? real_plane : complex_plane));
      write_floats(path("f.in"), fin);
      write_floats(path("i.in"), iin);
      for (bool inverse : {false, true}) {
        std::vector<float> image;
        for (bool buffer : {false, true}) {
          std::vector<std::string> a = {"fft", "--width", std::to_string(s.w), "--height",
                                        std::to_string(s.h), "--dims", std::to_string(s.dims),
                                        "--input", path(inverse ? "i.in" : "f.in"), "--output",
                                        path("out"), "--no-program-cache"};
          if (s.dims == 3) a.insert(a.end(), {"--depth", std::to_string(s.depth)});
          else a.insert(a.end(), {"--layers", std::to_string(s.layers)});
          if (real) a.push_back("--real");
          if (inverse) a.push_back("--inverse");
          if (buffer) a.push_back("--buffer");
          std::string line;
          for (const auto& w : a) line += w.rfind(dir_.string(), 0) == 0 ? fs::path(w).filename().string() + " " : w + " ";
          SCOPED_TRACE(line);
          fs::remove(path("out"));
          const auto r = clitest::run(a, dir_, logs_, 600);
          ASSERT_TRUE(r.exited && r.status == 0) << r.err;
          const std::vector<float> got = read_floats(path("out"));
          const double e = rel(got, inverse ? iref : fref);
          std::printf("[oceanfft] %s: %.3g\n", line.c_str(), e);
          EXPECT_LE(e, kBound);
          if (!buffer) image = got;
          else EXPECT_EQ(got, image) << "images and buffers differ";
        }
      }
    }
}

// Four-step lines through buffers: the file's lines as they are, against FFTW and the image path.
TEST_F(CliFftKinds, LongLinesThroughBuffers) {
  const fft::Planes x = fft::random_planes(12288, 3, 1, test::seed("cli long buffer"));
  fft::write_raw(path("x.c64"), x);
  for (bool inverse : {false, true}) {
    std::vector<float> image;
    for (bool buffer : {false, true}) {
      std::vector<std::string> a = {"fft", "--width", "12288", "--height", "3", "--dims", "1",
                                    "--input", path("x.c64"), "--output", path("y.c64"),
                                    "--no-program-cache"};
      if (inverse) a.push_back("--inverse");
      if (buffer) a.push_back("--buffer");
      const auto r = clitest::run(a, dir_, logs_, 600);
      ASSERT_TRUE(r.exited && r.status == 0) << r.err;
      const auto d = inverse ? fft::Direction::Inverse : fft::Direction::Forward;
      EXPECT_LE(fft::relative_l2(fft::read_raw(path("y.c64"), 12288, 3, 1),
                                 fft::reference_axes(x, d, fft::Axes::Rows)),
                1e-6) << (buffer ? "buffer" : "image");
      const std::vector<float> got = read_floats(path("y.c64"));
      if (!buffer) image = got;
      else EXPECT_EQ(got, image) << "images and buffers differ";
    }
  }
}

// Refusals of the combinations that cannot run, each with one line, status 2 and no output.
TEST_F(CliFftKinds, ImpossibleCombinationsAreRefused) {
  write_floats(path("x"), std::vector<float>(2 * 16 * 8 * 2, 1.0f));
  const std::vector<std::vector<std::string>> bad = {
      {"--dims", "3"},                                      // no depth
      {"--dims", "3", "--depth", "4", "--layers", "2"},     // layers with volumes
      {"--dims", "3", "--depth", "12", "--algorithm", "stockham-r4"},  // depth not a power of two
      {"--dims", "1", "--width", "8192", "--real"},         // four-step lines are complex
      {"--dims", "4"},
  };
  for (const auto& extra : bad) {
    std::vector<std::string> a = {"fft", "--height", "8", "--input", path("x"), "--output", path("o")};
    if (std::find(extra.begin(), extra.end(), "--width") == extra.end()) a.insert(a.end(), {"--width", "16"});
    a.insert(a.end(), extra.begin(), extra.end());
    const auto r = clitest::run(a, dir_, logs_, 120);
    EXPECT_TRUE(r.exited && r.status == 2) << extra[0] << " " << extra[1] << ": " << r.status << " " << r.err;
    EXPECT_FALSE(r.err.empty());
    EXPECT_FALSE(fs::exists(path("o")));
  }
}

}  // namespace

// `oceanfft verify` takes every kind too: all pass at the default tolerance, and a tolerance no
// float transform meets fails them (status 7), so the comparison is real.
TEST_F(CliFftKinds, VerifyCoversEveryKind) {
  for (const std::string dims : {"1", "2", "3"})
    for (bool real : {false, true})
      for (bool buffer : {false, true}) {
        std::vector<std::string> a = {"verify", "--sizes", "6,8", "--algorithms", "fast", "--dims", dims,
                                      "--seed", "7"};
        if (real) a.push_back("--real");
        if (buffer) a.push_back("--buffer");
        SCOPED_TRACE("dims " + dims + (real ? " real" : "") + (buffer ? " buffer" : ""));
        auto r = clitest::run(a, dir_, logs_, 600);
        EXPECT_TRUE(r.exited && r.status == 0) << r.out << r.err;
        EXPECT_NE(r.out.find("all within tolerance"), std::string::npos) << r.out;
        a.insert(a.end(), {"--tolerance", "1e-30"});
        r = clitest::run(a, dir_, logs_, 600);
        EXPECT_TRUE(r.exited && r.status == 7) << r.out << r.err;
      }
}
