// SPDX-License-Identifier: MIT
// scene::foam_share on synthetic pictures: grey bright pixels count as foam; with the picture
// drawn without foam beside it, only those the foam brightened count, so a pale hazy far sea
// does not.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "gl_fixture.h"
#include "scene/foam_share.h"

using namespace oceanfft;

namespace {

constexpr int kW = 64, kH = 48;

// An eye looking straight down: every pixel is sea.
render::Camera down_camera() {
  render::Camera cam;
  cam.mode = render::Camera::Mode::Fly;
  cam.position = {0.0f, 100.0f, 0.0f};
  cam.pitch_deg = -89.0f;
  return cam;
}

void put(std::vector<uint8_t>& px, int i, uint8_t r, uint8_t g, uint8_t b) {
  px[size_t(i) * 4 + 0] = r;
  px[size_t(i) * 4 + 1] = g;
  px[size_t(i) * 4 + 2] = b;
  px[size_t(i) * 4 + 3] = 255;
}

}  // namespace

TEST(SceneFoamShare, BrightenedGreyPixelsCountAndHazeDoesNot) {
  const uint64_t seed = test::seed("foam share");
  std::mt19937_64 rng(seed);
  // Blue water; a random fifth of it pale grey haze in both pictures; a random tenth white
  // foam in the foamed picture only (on water or haze alike).
  std::vector<uint8_t> bare(size_t(kW) * kH * 4), foamed;
  std::vector<int> haze(size_t(kW) * kH), foam(size_t(kW) * kH);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int foam_pixels = 0, hazy_water = 0;
  for (int i = 0; i < kW * kH; ++i) {
    haze[size_t(i)] = u(rng) < 0.2;
    foam[size_t(i)] = u(rng) < 0.1;
    if (haze[size_t(i)]) put(bare, i, 180, 185, 195);
    else put(bare, i, 20, 40, 90);
    foam_pixels += foam[size_t(i)];
    hazy_water += haze[size_t(i)] && !foam[size_t(i)];
  }
  foamed = bare;
  for (int i = 0; i < kW * kH; ++i)
    if (foam[size_t(i)]) put(foamed, i, 240, 242, 245);
  const render::Camera cam = down_camera();
  const scene::FoamShare with = scene::foam_share(foamed, kW, kH, cam, &bare);
  const scene::FoamShare without = scene::foam_share(foamed, kW, kH, cam);
  ASSERT_EQ(with.sea_pixels, kW * kH);
  ASSERT_EQ(without.sea_pixels, kW * kH);
  EXPECT_DOUBLE_EQ(with.share, double(foam_pixels) / (kW * kH));
  // Alone, whiteness counts the haze too (it is grey and above 0.6 of the brightest).
  EXPECT_DOUBLE_EQ(without.share, double(foam_pixels + hazy_water) / (kW * kH));
  // No foam drawn: nothing reads as foam against the bare picture.
  EXPECT_EQ(scene::foam_share(bare, kW, kH, cam, &bare).share, 0.0);
}

TEST(SceneFoamShare, FoamThatBarelyBrightensIsNotCounted) {
  std::vector<uint8_t> bare(size_t(kW) * kH * 4), foamed;
  for (int i = 0; i < kW * kH; ++i) put(bare, i, 150, 155, 160);
  foamed = bare;
  // A lift of 0.05 in luminance on half the pixels, 0.2 on a quarter.
  for (int i = 0; i < kW * kH / 2; ++i) put(foamed, i, 163, 168, 173);
  for (int i = kW * kH / 2; i < kW * kH * 3 / 4; ++i) put(foamed, i, 201, 206, 211);
  const scene::FoamShare s = scene::foam_share(foamed, kW, kH, down_camera(), &bare);
  EXPECT_DOUBLE_EQ(s.share, 0.25);
}

TEST(SceneFoamShare, MismatchedPicturesMeasureNothing) {
  std::vector<uint8_t> foamed(size_t(kW) * kH * 4, 255), short_bare(16, 0);
  const scene::FoamShare s = scene::foam_share(foamed, kW, kH, down_camera(), &short_bare);
  EXPECT_EQ(s.sea_pixels, 0);
  EXPECT_EQ(s.share, 0.0);
  EXPECT_EQ(scene::foam_share(foamed, kW, kH + 1, down_camera()).sea_pixels, 0);
}
