// SPDX-License-Identifier: MIT
// The image round trip on the GPU: layouts, padding, known spectra against FFTW, channel
// isolation, filters against the host definition, views, and the PSNR of every algorithm.
#include <cmath>
#include <complex>
#include <numbers>

#include "fftref/data.h"
#include "gl/error.h"
#include "gl_fixture.h"
#include "test_viewer_util.h"
#include "viewer/roundtrip.h"

using namespace oceanfft;
using viewer::Filter;
using viewer::Image;

namespace {

class ViewerCore : public test::GlTest {
 protected:
  viewer::RoundTrip& rt() {
    if (!rt_) rt_ = std::make_unique<viewer::RoundTrip>(test::shaders());
    return *rt_;
  }
  std::unique_ptr<viewer::RoundTrip> rt_;
};

Image make_image(int w, int h, int channels, auto&& value) {
  Image img;
  img.width = w;
  img.height = h;
  img.channels = channels;
  img.pixels.resize(size_t(w) * h * channels);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < channels; ++c) img.at(x, y, c) = float(value(x, y, c));
  return img;
}

// The padded channels as the CPU sees them: plane c holds channel c, imaginary part 0.
fft::Planes padded_planes(const Image& img, int pw, int ph, bool mirror) {
  fft::Planes p(pw, ph, (img.channels + 1) / 2);
  auto reflect = [](int i, int n) { return i < n ? i : 2 * n - 1 - i; };
  for (int c = 0; c < img.channels; ++c)
    for (int y = 0; y < ph; ++y)
      for (int x = 0; x < pw; ++x) {
        float v = 0.0f;
        if (x < img.width && y < img.height)
          v = img.at(x, y, c);
        else if (mirror)
          v = img.at(reflect(x, img.width), reflect(y, img.height), c);
        p.plane(c)[size_t(y) * pw + x] = {v, 0.0f};
      }
  return p;
}

int signed_bin(int i, int n) { return i <= n / 2 ? i : i - n; }  // as shaders/viewer/filter.glsl

}  // namespace

// Every channel layout at 8 and 16 bits, odd sizes, through a real PNG file: the decoded floats
// are the file's levels, the round trip is at float precision and 8-bit output is lossless.
TEST_F(ViewerCore, LayoutsAndBitDepthsRoundTrip) {
  test::TempDir dir("layouts");
  const int sizes[][2] = {{37, 61}, {5, 3}, {1, 1}};
  for (int bits : {8, 16})
    for (int channels = 1; channels <= 4; ++channels)
      for (auto& sz : sizes) {
        SCOPED_TRACE(::testing::Message() << sz[0] << "x" << sz[1] << " channels " << channels
                                          << " bits " << bits);
        Image src = test::random_image(sz[0], sz[1], channels, bits, test::seed("layout image"));
        const auto path = dir.path() / "in.png";
        test::write_file(path, test::encode_png(src));
        Image img = viewer::load_image(path.string());
        ASSERT_EQ(img.width, src.width);
        ASSERT_EQ(img.height, src.height);
        ASSERT_EQ(img.channels, channels);
        ASSERT_EQ(img.bits, bits);
        ASSERT_EQ(img.pixels, src.pixels);  // exact levels, not just close

        rt().set_image(img);
        // By default the image is transformed at its own size.
        EXPECT_EQ(rt().padded_width(), sz[0]);
        EXPECT_EQ(rt().padded_height(), sz[1]);
        const auto& e = rt().errors();
        EXPECT_GE(e.psnr_db, 100.0);
        EXPECT_LE(e.max_abs, 2e-6);
        EXPECT_FALSE(std::isnan(e.rms));
        Image r = rt().reconstruction();
        ASSERT_EQ(r.pixels.size(), src.pixels.size());
        EXPECT_EQ(viewer::quantise8(r), viewer::quantise8(src));
        if (bits == 16) {
          double worst = 0;
          for (size_t i = 0; i < r.pixels.size(); ++i)
            worst = std::max(worst, std::abs(double(r.pixels[i]) * 65535.0 - src.pixels[i] * 65535.0));
          EXPECT_LT(worst, 0.5) << "16-bit levels must survive the round trip";
        }
      }
}

TEST_F(ViewerCore, PsnrAtLeast100DbForEveryAlgorithm) {
  Image img = test::random_image(37, 61, 3, 8, test::seed("psnr image"));
  for (fft::Algorithm a : fft::all_algorithms()) {
    for (auto pad : {viewer::Padding::None, viewer::Padding::Zero, viewer::Padding::Mirror}) {
      viewer::Settings s;
      s.algorithm = a;
      s.padding = pad;
      rt().configure(s);
      rt().set_image(img);
      // 37x61 unpadded is for fast only; the others zero-pad and say so.
      const bool any = a == fft::Algorithm::Fast || pad != viewer::Padding::None;
      EXPECT_EQ(rt().padding_used(), any ? pad : viewer::Padding::Zero) << fft::name(a);
      EXPECT_EQ(rt().padded_width(), pad == viewer::Padding::None && any ? 37 : 64);
      EXPECT_GE(rt().errors().psnr_db, 100.0) << fft::name(a) << " " << viewer::name(pad);
      EXPECT_EQ(viewer::quantise8(rt().reconstruction()), viewer::quantise8(img)) << fft::name(a);
      EXPECT_TRUE(rt().real_transforms()) << fft::name(a);  // R2C / C2R, not complex planes
    }
  }
}

// A 2-wide image with a power-of-two algorithm has no real plan (its complex half would be 1
// wide): the complex plan takes it, with the same results as the real path of `fast`.
TEST_F(ViewerCore, ComplexPlanWhereTheRealOneCannotRun) {
  Image img = test::random_image(2, 16, 3, 8, test::seed("two wide"));
  viewer::Settings s;
  rt().configure(s);
  rt().set_image(img);
  EXPECT_TRUE(rt().real_transforms());
  const fft::Planes real = rt().spectrum();
  s.algorithm = fft::Algorithm::StockhamR4;
  rt().configure(s);
  EXPECT_FALSE(rt().real_transforms());
  EXPECT_GE(rt().errors().psnr_db, 100.0);
  EXPECT_LE(fft::relative_l2(rt().spectrum(), std::vector<std::complex<double>>(real.data.begin(), real.data.end())),
            1e-6);
}

// The spectrum of each channel equals FFTW's of that channel alone, for every padding: with
// none (the default) it is the odd-sized image's own spectrum.
TEST_F(ViewerCore, EachChannelSpectrumMatchesFftw) {
  Image img = test::random_image(37, 61, 4, 8, test::seed("channel spectra"));
  EXPECT_EQ(viewer::Settings{}.padding, viewer::Padding::None);
  for (auto pad : {viewer::Padding::None, viewer::Padding::Zero, viewer::Padding::Mirror}) {
    viewer::Settings s;
    s.padding = pad;
    rt().configure(s);
    rt().set_image(img);
    fft::Planes got = rt().spectrum();
    const int n[2] = {pad == viewer::Padding::None ? 37 : 64, pad == viewer::Padding::None ? 61 : 64};
    ASSERT_EQ(got.width, n[0]);
    ASSERT_EQ(got.height, n[1]);
    ASSERT_EQ(got.layers, 2);
    fft::Planes in = padded_planes(img, n[0], n[1], pad == viewer::Padding::Mirror);
    auto ref = fft::reference(in, fft::Direction::Forward);
    for (int c = 0; c < 4; ++c) {
      // One channel alone against FFTW of that channel alone.
      fft::Planes one(n[0], n[1], 1), mine(n[0], n[1], 1);
      std::copy(in.plane(c), in.plane(c) + in.plane_size(), one.plane(0));
      std::copy(got.plane(c), got.plane(c) + got.plane_size(), mine.plane(0));
      auto ref1 = fft::reference(one, fft::Direction::Forward);
      EXPECT_LE(fft::relative_l2(mine, ref1), 1e-6) << "channel " << c << " " << viewer::name(pad);
    }
    EXPECT_LE(fft::relative_l2(got, ref), 1e-6);
  }
}

// Red only: the green and blue spectra are exactly zero, not just small.
TEST_F(ViewerCore, RedOnlyImageHasZeroGreenAndBlueSpectra) {
  const uint64_t seed = test::seed("red only");
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  Image img = make_image(45, 29, 3, [&](int, int, int c) { return c == 0 ? u(rng) : 0.0f; });
  rt().set_image(img);
  fft::Planes sp = rt().spectrum();
  double red = 0, others = 0;
  for (size_t i = 0; i < sp.plane_size(); ++i) {
    red = std::max(red, double(std::abs(sp.plane(0)[i])));
    for (int p : {1, 2, 3}) others = std::max(others, double(std::abs(sp.plane(p)[i])));
  }
  EXPECT_GT(red, 1.0);
  EXPECT_EQ(others, 0.0);
  // An empty spectrum has no phase: the phase view shows it as mid grey, not as atan(0,0).
  auto phase = rt().view_pixels(rt().phase_view());
  int grey = 0, pixels = 0;
  for (size_t i = 0; i < phase.size(); i += 4, ++pixels)
    grey += std::abs(phase[i + 1] - 127.5) < 1 && std::abs(phase[i + 2] - 127.5) < 1;
  EXPECT_EQ(grey, pixels);
}

TEST_F(ViewerCore, ConstantImageHasOnlyDc) {
  const float level[] = {0.25f, 0.5f, 0.75f, 1.0f};
  // Mirror padding keeps a constant constant, so odd sizes work too; zero padding needs a
  // power-of-two size to stay constant; no padding keeps any size constant, and the view's DC
  // sits at (W/2, H/2) rounded down for odd sizes, as numpy's fftshift puts it.
  struct Case { int w, h; viewer::Padding pad; } cases[] = {
      {32, 16, viewer::Padding::Zero}, {37, 61, viewer::Padding::Mirror},
      {37, 61, viewer::Padding::None}, {33, 20, viewer::Padding::None}};
  for (auto& k : cases) {
    viewer::Settings s;
    s.padding = k.pad;
    rt().configure(s);
    rt().set_image(make_image(k.w, k.h, 4, [&](int, int, int c) { return level[c]; }));
    fft::Planes sp = rt().spectrum();
    const double n = double(sp.width) * sp.height;
    for (int c = 0; c < 4; ++c) {
      EXPECT_NEAR(sp.plane(c)[0].real(), level[c] * n, 1e-5 * n);
      EXPECT_NEAR(sp.plane(c)[0].imag(), 0.0, 1e-5 * n);
      double rest = 0;
      for (size_t i = 1; i < sp.plane_size(); ++i) rest = std::max(rest, double(std::abs(sp.plane(c)[i])));
      EXPECT_LE(rest, 1e-5 * n) << "channel " << c << " " << k.w << "x" << k.h;
    }
    // The centred spectrum view puts DC in the middle; a level-1 channel is full white there.
    auto px = rt().view_pixels(rt().spectrum_view());
    const size_t centre = (size_t(sp.height / 2) * sp.width + sp.width / 2) * 4;
    for (int c = 0; c < 3; ++c) {
      const double want = 255.0 * std::log1p(level[c] * n) / std::log1p(n);
      EXPECT_NEAR(px[centre + c], want, 1.0) << "channel " << c;
      EXPECT_EQ(px[c], 0) << "no energy away from DC";
    }
  }
}

// A cosine per channel gives exactly two peaks at +-k (plus the DC of its offset).
TEST_F(ViewerCore, CosineGivesTwoPeaksAtPlusMinusK) {
  const int W = 64, H = 32;
  const int k[4][2] = {{3, 0}, {0, 5}, {7, -2}, {12, 9}};
  Image img = make_image(W, H, 4, [&](int x, int y, int c) {
    return 0.5 + 0.4 * std::cos(2.0 * std::numbers::pi * (double(k[c][0]) * x / W + double(k[c][1]) * y / H));
  });
  rt().configure({});
  rt().set_image(img);
  fft::Planes sp = rt().spectrum();
  const double n = double(W) * H;
  for (int c = 0; c < 4; ++c) {
    const int px = (k[c][0] + W) % W, py = (k[c][1] + H) % H;
    const int mx = (W - px) % W, my = (H - py) % H;
    int peaks = 0;
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        const double m = std::abs(sp.plane(c)[size_t(y) * W + x]);
        const bool dc = x == 0 && y == 0;
        const bool peak = (x == px && y == py) || (x == mx && y == my);
        if (peak) {
          EXPECT_NEAR(m, 0.2 * n, 1e-5 * n) << "channel " << c << " bin " << x << "," << y;
          ++peaks;
        } else if (dc) {
          EXPECT_NEAR(m, 0.5 * n, 1e-5 * n);
        } else {
          EXPECT_LE(m, 1e-5 * n) << "channel " << c << " bin " << x << "," << y;
        }
      }
    EXPECT_EQ(peaks, 2) << "channel " << c;
  }
}

// The GPU mask equals the host definition bin by bin, for every kind, on a non-square grid with
// an odd axis (no padding: bins k and W-k must get the same radius, or a real image turns
// complex).
TEST_F(ViewerCore, FilteredSpectrumIsSpectrumTimesGain) {
  Image img = test::random_image(51, 20, 3, 8, test::seed("filter mask"));
  rt().set_image(img);
  const Filter filters[] = {{Filter::Kind::None},         {Filter::Kind::LowPass, 5.0f},
                            {Filter::Kind::HighPass, 5.0f}, {Filter::Kind::Gauss, 4.0f},
                            {Filter::Kind::Band, 3.0f, 9.5f}, {Filter::Kind::LowPass, 0.0f}};
  const fft::Planes full = rt().spectrum();
  const int W = full.width, H = full.height;
  ASSERT_EQ(W, 51);
  ASSERT_EQ(H, 20);
  for (const Filter& f : filters) {
    viewer::Settings s;
    s.filter = f;
    rt().configure(s);
    fft::Planes got = rt().filtered_spectrum();
    double worst = 0;
    for (int p = 0; p < 4; ++p)
      for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
          const float r = std::hypot(float(signed_bin(x, W)), float(signed_bin(y, H)));
          const size_t i = size_t(y) * W + x;
          const auto want = full.plane(p)[i] * viewer::filter_gain(f, r);
          worst = std::max(worst, double(std::abs(got.plane(p)[i] - want)));
        }
    EXPECT_LE(worst, 1e-3) << viewer::describe(f);  // |spectrum| up to ~W*H, float rounding
    EXPECT_EQ(rt().spectrum().data, full.data) << "the unfiltered spectrum must be kept";
  }
}

TEST_F(ViewerCore, LowPassKeepsLowStripesAndRemovesHighOnes) {
  const int W = 128, H = 64;
  auto low = [&](int x) { return 0.2 * std::cos(2.0 * std::numbers::pi * 3.0 * x / W); };
  auto high = [&](int x) { return 0.2 * std::cos(2.0 * std::numbers::pi * 40.0 * x / W); };
  Image img = make_image(W, H, 1, [&](int x, int, int) { return 0.5 + low(x) + high(x); });
  rt().set_image(img);
  struct Case { std::string filter; std::function<double(int)> want; } cases[] = {
      {"lowpass:10", [&](int x) { return 0.5 + low(x); }},
      {"highpass:10", [&](int x) { return high(x); }},
      {"band:2:5", [&](int x) { return low(x); }},
      {"band:39:41", [&](int x) { return high(x); }},
      {"gauss:20", [&](int x) {
         return 0.5 + low(x) * std::exp(-9.0 / 800.0) + high(x) * std::exp(-1600.0 / 800.0);
       }},
      {"none", [&](int x) { return 0.5 + low(x) + high(x); }},
  };
  for (auto& k : cases) {
    viewer::Settings s;
    s.filter = viewer::parse_filter(k.filter);
    rt().configure(s);
    Image r = rt().reconstruction();
    double worst = 0;
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) worst = std::max(worst, std::abs(r.at(x, y, 0) - k.want(x)));
    EXPECT_LE(worst, 1e-5) << k.filter;
    if (k.filter != "none") {
      EXPECT_LT(rt().errors().psnr_db, 40.0) << k.filter;
    }
  }
}

TEST_F(ViewerCore, LowPassOfConstantKeepsItHighPassRemovesIt) {
  Image img = make_image(37, 61, 3, [](int, int, int c) { return 0.2 + 0.3 * c; });
  viewer::Settings s;
  s.padding = viewer::Padding::Mirror;  // padding that keeps the image constant
  rt().configure(s);
  rt().set_image(img);
  for (const char* f : {"lowpass:0", "lowpass:3", "gauss:2"}) {
    s.filter = viewer::parse_filter(f);
    rt().configure(s);
    EXPECT_GE(rt().errors().psnr_db, 100.0) << f;
  }
  s.filter = viewer::parse_filter("highpass:0");
  rt().configure(s);
  Image r = rt().reconstruction();
  double worst = 0;
  for (float v : r.pixels) worst = std::max(worst, double(std::abs(v)));
  EXPECT_LE(worst, 1e-6);
}

TEST_F(ViewerCore, ViewsShowTheImageAndTheDifference) {
  Image img = test::random_image(21, 13, 3, 8, test::seed("views"));
  rt().configure({});
  rt().set_image(img);
  auto q = viewer::quantise8(img);
  auto orig = rt().view_pixels(rt().original_view());
  auto recon = rt().view_pixels(rt().reconstruction_view());
  ASSERT_EQ(orig.size(), size_t(21) * 13 * 4);
  for (size_t i = 0; i < size_t(21) * 13; ++i)
    for (int c = 0; c < 3; ++c) {
      ASSERT_EQ(orig[4 * i + c], q[3 * i + c]) << i;
      ASSERT_EQ(recon[4 * i + c], q[3 * i + c]) << i;
    }
  // Automatic difference gain: the largest error shows (nearly) white.
  auto diff = rt().view_pixels(rt().difference_view());
  EXPECT_GE(*std::max_element(diff.begin(), diff.end()), 254);
  // With a filter the difference is real: a fixed small gain shows something but not all.
  viewer::Settings s;
  s.filter = viewer::parse_filter("lowpass:2");
  s.difference_gain = 1.0f;
  rt().configure(s);
  diff = rt().view_pixels(rt().difference_view());
  int lit = 0;
  for (size_t i = 0; i < diff.size(); i += 4) lit += diff[i] > 10;
  EXPECT_GT(lit, 0);
  auto spec = rt().view_pixels(rt().spectrum_view());
  EXPECT_EQ(spec.size(), size_t(rt().padded_width()) * rt().padded_height() * 4);
}

TEST_F(ViewerCore, FailedLoadKeepsThePreviousImage) {
  viewer::RoundTrip small(test::shaders(), 64);
  Image ok = test::random_image(40, 30, 1, 8, test::seed("keep"));
  small.set_image(ok);
  const double psnr = small.errors().psnr_db;
  const auto before = small.view_pixels(small.reconstruction_view());
  try {
    small.set_image(test::random_image(65, 10, 1, 8, 1));
    FAIL() << "a padded size above the texture limit must be refused";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
    EXPECT_NE(std::string(e.what()).find("texture limit"), std::string::npos) << e.what();
  }
  EXPECT_EQ(small.image().width, 40);
  EXPECT_EQ(small.errors().psnr_db, psnr);
  EXPECT_EQ(small.view_pixels(small.reconstruction_view()), before);
  Image bad;
  EXPECT_THROW(small.set_image(bad), Error);
  EXPECT_EQ(small.image().width, 40);
}

TEST_F(ViewerCore, AlgorithmAndPaddingChangesReplan) {
  Image img = test::random_image(33, 17, 2, 8, test::seed("replan"));
  viewer::Settings zs;
  zs.padding = viewer::Padding::Zero;
  rt().configure(zs);
  rt().set_image(img);
  const fft::Planes zero = rt().spectrum();
  for (fft::Algorithm a : fft::all_algorithms()) {
    viewer::Settings s;
    s.padding = viewer::Padding::Zero;
    s.algorithm = a;
    rt().configure(s);
    fft::Planes sp = rt().spectrum();
    std::vector<std::complex<double>> ref(zero.data.begin(), zero.data.end());
    EXPECT_LE(fft::relative_l2(sp, ref), 1e-6) << fft::name(a);
    EXPECT_GE(rt().errors().psnr_db, 100.0);
  }
  viewer::Settings s;
  s.padding = viewer::Padding::Mirror;
  rt().configure(s);
  EXPECT_NE(rt().spectrum().data, zero.data);
  EXPECT_EQ(rt().settings().padding, viewer::Padding::Mirror);
}
