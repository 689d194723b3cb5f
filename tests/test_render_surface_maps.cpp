// SPDX-License-Identifier: MIT
// The half-float maps the water's pixels read (src/render/surface_maps.h): every level of every
// cascade holds the simulation's values where the layout puts them, to half-float rounding; the
// copies are remade when the simulation's shape changes; an unwritten texel (poisoned first)
// fails.
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "gl_fixture.h"
#include "ocean/presets.h"
#include "ocean/simulation.h"
#include "render/surface_maps.h"
#include "support/preset_params.h"

using namespace oceanfft;

namespace {

std::vector<float> read_level(const gl::Texture& t, int level, int channels) {
  const int w = std::max(t.width() >> level, 1);
  std::vector<float> v(size_t(w) * w * channels * t.layers());
  glBindTexture(GL_TEXTURE_2D_ARRAY, t.id());
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glGetTexImage(GL_TEXTURE_2D_ARRAY, level, channels == 4 ? GL_RGBA : GL_RED, GL_FLOAT, v.data());
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
  return v;
}

// NaN in every texel of every level.
void poison(const gl::Texture& t, int channels) {
  glBindTexture(GL_TEXTURE_2D_ARRAY, t.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  for (int l = 0; l < t.levels(); ++l) {
    const int w = std::max(t.width() >> l, 1);
    const std::vector<float> nan(size_t(w) * w * channels * t.layers(),
                                 std::numeric_limits<float>::quiet_NaN());
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY, l, 0, 0, 0, w, w, t.layers(), channels == 4 ? GL_RGBA : GL_RED,
                    GL_FLOAT, nan.data());
  }
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
}

// Every level of `maps` against the simulation's: half floats keep 11 significant bits and the
// conversion may truncate (llvmpipe's does), so each value within one unit in the last place,
// 2^-10 of itself, or a little of the map's largest value where it is near zero (subnormal
// halves hold less).
void expect_copies(const ocean::Simulation& sim, const render::SurfaceMaps& maps) {
  const gl::Texture& d = sim.derivatives();
  ASSERT_EQ(maps.derivatives().levels(), d.levels());
  ASSERT_EQ(maps.foam().layers(), d.layers());
  ASSERT_EQ(maps.film().width(), d.width());
  for (int l = 0; l < d.levels(); ++l) {
    const std::vector<float> disp = read_level(sim.displacement(), l, 4);
    const std::vector<float> der = read_level(d, l, 4);
    const std::vector<float> fs = read_level(sim.foam_slopes(), l, 4);
    const std::vector<float> got_der = read_level(maps.derivatives(), l, 4);
    const std::vector<float> got_foam = read_level(maps.foam(), l, 4);
    const std::vector<float> got_film = read_level(maps.film(), l, 1);
    // The expected values in the copies' layout, one channel array per copy.
    std::vector<float> want_foam(got_foam.size()), want_film(got_film.size());
    for (size_t i = 0; i < want_film.size(); ++i) {
      for (int k = 0; k < 3; ++k) want_foam[4 * i + k] = fs[4 * i + k];
      want_foam[4 * i + 3] = disp[4 * i + 3];
      want_film[i] = fs[4 * i + 3];
    }
    const struct {
      const char* name;
      const std::vector<float>& got;
      const std::vector<float>& want;
      int channels;
    } checks[] = {{"derivatives", got_der, der, 4}, {"foam", got_foam, want_foam, 4}, {"film", got_film, want_film, 1}};
    for (const auto& c : checks) {
      ASSERT_EQ(c.got.size(), c.want.size());
      for (int ch = 0; ch < c.channels; ++ch) {
        double scale = 0.0;
        for (size_t i = ch; i < c.want.size(); i += c.channels) scale = std::max(scale, double(std::abs(c.want[i])));
        size_t bad = 0, first = 0;
        for (size_t i = ch; i < c.want.size(); i += c.channels) {
          const double tol = std::ldexp(std::abs(double(c.want[i])), -10) + std::ldexp(scale, -14) + 1e-7;
          if (!(std::abs(double(c.got[i]) - double(c.want[i])) <= tol)) {
            if (bad++ == 0) first = i;
          }
        }
        EXPECT_EQ(bad, 0u) << c.name << " level " << l << " channel " << ch << ": first at " << first
                           << " got " << c.got[first] << " want " << c.want[first];
      }
    }
  }
}

}  // namespace

class RenderSurfaceMaps : public test::GlTest {};

TEST_F(RenderSurfaceMaps, HoldTheSimulationsMapsInHalfFloats) {
  ocean::Params p = test::preset_params(ocean::find_preset("near-gale"), 64, test::seed("surface maps"));
  p.cascades = 2;
  ocean::Simulation sim(test::shaders(), p);
  for (int i = 0; i <= 40; ++i) sim.step(i / 10.0);  // whitecaps and film
  std::printf("whitecaps %.2f%%, film %.2f%%\n", 100.0 * sim.whitecap_coverage(), 100.0 * sim.residual_coverage());
  ASSERT_GT(sim.residual_coverage(), 0.0) << "the test needs film";
  render::SurfaceMaps maps(test::shaders());
  maps.update(sim);
  // Poisoned, then written by the next update: an unwritten texel stays NaN and fails.
  poison(maps.derivatives(), 4);
  poison(maps.foam(), 4);
  poison(maps.film(), 1);
  sim.step(4.1);
  maps.update(sim);
  expect_copies(sim, maps);

  // A simulation of another shape: the copies follow it.
  p.size = 128;
  p.cascades = 3;
  ocean::Simulation other(test::shaders(), p);
  other.step(1.0);
  maps.update(other);
  EXPECT_EQ(maps.foam().width(), 128);
  EXPECT_EQ(maps.film().layers(), 3);
  expect_copies(other, maps);
}
