// SPDX-License-Identifier: MIT
// The cloud layer's shape (shaders/sky/sky.glsl's cloud_layer), evaluated along directions of
// the sky by a probe kernel: fair-weather cumulus and building cloud stand as heaps on a flat
// base, a stratus sheet lies flat, and every opacity is a number in [0, 1].
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gl/error.h"
#include "gl/objects.h"
#include "gl_fixture.h"
#include "sky/sky.h"
#include "sky/weather.h"
#include "support/shader_text.h"
#include "support/temp_dir.h"

using namespace oceanfft;

namespace {

class SkyClouds : public test::GlTest {};

constexpr int kAzimuths = 512, kElevations = 64;

// The start of every probe kernel: one invocation per direction d (azimuth a from uAzimuth0
// over uSpan degrees, elevation e in degrees between uLow and uHigh).
const std::string kProbeHead =
    "#version 430 core\n"
    "#include \"sky/sky.glsl\"\n"
    "layout(local_size_x = 16, local_size_y = 16) in;\n"
    "layout(std430, binding = 0) buffer Out { vec2 v[]; };\n"
    "uniform float uLow, uHigh, uAzimuth0, uSpan;\n"
    "uniform vec2 uOffset;\n"
    "void main() {\n"
    "  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
    "  float a = radians(uAzimuth0 + (float(p.x) + 0.5) * uSpan / 512.0);\n"
    "  float e = radians(mix(uLow, uHigh, (float(p.y) + 0.5) / 64.0));\n"
    "  vec3 d = vec3(cos(e) * cos(a), sin(e), cos(e) * sin(a));\n";

// x the layer's opacity as drawn, y a flat layer's opacity at the base the ray meets (the layer
// as it was before heaps: the base's density through the whole optical depth).
const std::string kProbe = kProbeHead +
    "  float drawn = cloud_layer(d, 10.0, uOffset, 6).a;\n"
    "  float r0 = uGroundR * 1000.0 + 10.0, rc = uGroundR * 1000.0 + uCloudAltitude;\n"
    "  float t = shell_distance(r0, d.y, rc);\n"
    "  float flat_layer = 1.0 - exp(-uCloudTau * cloud_density(d.xz * t + uOffset, 6, t * 0.0015 / max(d.y, 0.02)));\n"
    "  v[p.y * 512 + p.x] = vec2(drawn, flat_layer);\n"
    "}\n";

// The same directions: x the luminance of the sky as the water reflects it (sky_background:
// the clouds, the air under them and the haze, without the sun disc), y zero.
const std::string kRadianceProbe = kProbeHead +
    "  vec3 c = sky_background(d, 10.0, uOffset, 6);\n"
    "  v[p.y * 512 + p.x] = vec2(dot(c, vec3(0.2126, 0.7152, 0.0722)), 0.0);\n"
    "}\n";

// The probe's program, built from the real sky.glsl and atmosphere.glsl beside the probe.
class Probe {
 public:
  explicit Probe(const std::string& kernel = kProbe) : dir_("sky-probe") {
    std::filesystem::create_directories(dir_ / "sky");
    for (const char* name : {"sky/sky.glsl", "sky/atmosphere.glsl"}) {
      const std::string text = test::shader_text(name);
      if (text.empty()) throw std::runtime_error(std::string(name) + " not found");
      std::ofstream(dir_ / name) << text;
    }
    std::ofstream(dir_ / "probe.comp") << kernel;
    gl::ShaderLibrary lib(test::context(), dir_.path().string());
    program_ = lib.compute("probe.comp");
  }
  // Opacities (drawn, flat) over kAzimuths x kElevations directions from elevation low to
  // high degrees, the azimuths starting at azimuth0 and spanning `span` degrees, with the
  // layer shifted by `offset` metres; poisoned with NaN first.
  std::vector<float> run(const sky::Sky& sky, float low, float high, float azimuth0,
                         glm::vec2 offset = glm::vec2(0.0f), float span = 360.0f) {
    std::vector<float> poison(size_t(kAzimuths) * kElevations * 2,
                              std::numeric_limits<float>::quiet_NaN());
    gl::Buffer out = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER,
                                     poison.size() * sizeof(float), poison.data());
    glUseProgram(program_.id());
    sky.bind(program_, 0);
    glUniform1f(gl::uniform(program_, "uLow"), low);
    glUniform1f(gl::uniform(program_, "uHigh"), high);
    glUniform1f(gl::uniform(program_, "uAzimuth0"), azimuth0);
    glUniform1f(gl::uniform(program_, "uSpan"), span);
    glUniform2f(gl::uniform(program_, "uOffset"), offset.x, offset.y);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out.id());
    glDispatchCompute(kAzimuths / 16, kElevations / 16, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
    sky::Sky::unbind(0);
    glUseProgram(0);
    return gl::read_buffer<float>(out, poison.size());
  }

 private:
  test::TempDir dir_;
  gl::Program program_;
};

// The share of directions where the drawn (which 0) or flat (1) layer hides more than half the
// sky, or with `mean` its mean opacity; -1 if any value is NaN or outside [0, 1].
double hidden_share(const std::vector<float>& v, int which, bool mean = false) {
  double hits = 0;
  for (size_t i = 0; i < v.size(); i += 2) {
    const float a = v[i + which];
    if (!(a >= 0.0f && a <= 1.0f)) return -1.0;
    hits += mean ? a : double(a > 0.5f);
  }
  return hits / double(v.size() / 2);
}

sky::SkyParams weather(int force) {
  sky::SkyParams p;
  sky::apply_weather(p, sky::beaufort_weather(force));
  p.sun_elevation_deg = 60.0f;
  return p;
}

}  // namespace

// Looking up, a heap hides as much of the sky as a flat layer of its density would (its column
// holds the same optical depth): the mean opacity 80-89.5 deg up is the flat layer's. Towards the
// horizon each ray runs through the sides of many heaps, so they crowd together and hide most
// of the sky, where a flat layer leaves its gaps (and, beyond its finest octaves' reach, fades)
// as thin slivers: 1-4 deg up the heaps leave at most half the sky the flat layer leaves, and
// from a cover of a third (mediocris, a kilometre tall) they hide more than half the sky in 85 %
// of directions. Cumulus at force 4 (a fifth of the sky, lower heaps) and at a cover of a third,
// building cloud at force 7, each over 64 random places of the layer (overhead, a view spans
// about one heap).
TEST_F(SkyClouds, HeapsStandOnAFlatBaseAndCrowdTheHorizon) {
  Probe probe;
  sky::Sky sky(test::shaders());
  std::mt19937 rng(uint32_t(test::seed("heaps")));
  std::uniform_real_distribution<float> place(-50000.0f, 50000.0f), turn(0.0f, 360.0f);
  constexpr int kPlaces = 64;
  struct Case {
    const char* name;
    sky::SkyParams p;
    bool crowded;  // a cover of a third or more
  };
  sky::SkyParams third = weather(4);
  third.cloud_coverage = 0.35f;
  for (const Case& c : {Case{"force 4", weather(4), false}, Case{"cumulus at 0.35", third, true},
                        Case{"force 7", weather(7), true}}) {
    const sky::SkyParams& p = c.p;
    sky.update(p, {0.0f, 0.0f});
    double up_drawn = 0, up_flat = 0, low_drawn = 0, low_flat = 0;
    for (int k = 0; k < kPlaces; ++k) {
      const glm::vec2 offset(place(rng), place(rng));
      const float azimuth0 = turn(rng);
      const auto up = probe.run(sky, 80.0f, 89.5f, azimuth0, offset);
      const auto low = probe.run(sky, 1.0f, 4.0f, azimuth0, offset);
      const double shares[4] = {hidden_share(up, 0, true), hidden_share(up, 1, true),
                                hidden_share(low, 0), hidden_share(low, 1)};
      ASSERT_GE(*std::min_element(shares, shares + 4), 0.0) << "an opacity is NaN or outside [0, 1]";
      up_drawn += shares[0] / kPlaces;
      up_flat += shares[1] / kPlaces;
      low_drawn += shares[2] / kPlaces;
      low_flat += shares[3] / kPlaces;
    }
    std::printf("%s (%s, cover %.2f): mean opacity 80-89.5 deg %.3f (flat layer %.3f); sky "
                "hidden 1-4 deg %.1f %% (flat layer %.1f %%)\n",
                c.name, std::string(sky::cloud_type_names()[int(p.cloud_type)]).c_str(),
                double(p.cloud_coverage), up_drawn, up_flat, low_drawn * 100, low_flat * 100);
    ASSERT_GT(up_flat, 0.05) << c.name << ": the flat layer has clouds overhead";
    EXPECT_NEAR(up_drawn / up_flat, 1.0, 0.2) << c.name << ": overhead the heaps hide what the flat layer does";
    if (c.crowded) EXPECT_GT(low_drawn, 0.85) << c.name << ": the heaps crowd the horizon";
    EXPECT_LT(1.0 - low_drawn, 0.5 * (1.0 - low_flat))
        << c.name << ": the heaps hide at least half of the sky a flat layer leaves near the horizon";
  }
}

// A stratus sheet has no heaps: above the band where the layer fades into the horizon it is
// drawn as the flat layer.
TEST_F(SkyClouds, AStratusSheetIsFlat) {
  Probe probe;
  sky::Sky sky(test::shaders());
  sky.update(weather(10), {0.0f, 0.0f});
  const auto v = probe.run(sky, 5.0f, 80.0f, 0.0f);
  double worst = 0.0;
  for (size_t i = 0; i < v.size(); i += 2) {
    ASSERT_TRUE(std::isfinite(v[i]) && std::isfinite(v[i + 1])) << "unwritten or NaN";
    worst = std::max(worst, std::abs(double(v[i]) - double(v[i + 1])));
  }
  std::printf("stratus at 5-80 deg: largest difference from the flat layer %.2g\n", worst);
  EXPECT_LT(worst, 1e-4);
}

// The heaps' edges are smooth at the scale of a pixel: swept in steps of a tenth of a
// milliradian (a 4K frame's pixels are about 0.3), the opacity's second differences stay small
// against its first, as a curve's do, where grain (a value that jumps from one small patch of
// sky to the next) makes them as large or larger. Over the heaps' edges (opacity 0.02-0.98)
// where rays graze their sides, 2-8 deg up: cumulus, and building cloud at a lower cover than
// force 7's (which hides nearly all the sky there); 96 random places and headings each.
TEST_F(SkyClouds, HeapEdgesAreSmoothNotGrainy) {
  Probe probe;
  sky::Sky sky(test::shaders());
  std::mt19937 rng(uint32_t(test::seed("heap edges")));
  std::uniform_real_distribution<float> place(-50000.0f, 50000.0f), turn(0.0f, 360.0f);
  const float step = float(0.1e-3 * 180.0 / 3.14159265358979);  // degrees
  for (int force : {4, 7}) {
    sky::SkyParams p = weather(force);
    if (force == 7) p.cloud_coverage = 0.45f;  // gaps between the heaps, so edges, low down
    sky.update(p, {0.0f, 0.0f});
    std::uniform_real_distribution<float> up(2.0f, 8.0f);
    double first = 0.0, second = 0.0;
    for (int k = 0; k < 96; ++k) {
      const float low = up(rng);
      const auto v = probe.run(sky, low, low + step * kElevations, turn(rng),
                               glm::vec2(place(rng), place(rng)), step * kAzimuths);
      for (int row = 0; row < kElevations; ++row)
        for (int i = 1; i + 1 < kAzimuths; ++i) {
          const size_t at = (size_t(row) * kAzimuths + size_t(i)) * 2;
          const float a = v[at - 2], b = v[at], c = v[at + 2];
          ASSERT_TRUE(a >= 0.0f && a <= 1.0f && b >= 0.0f && b <= 1.0f) << "unwritten or NaN";
          if (b < 0.02f || b > 0.98f) continue;
          first += std::abs(double(c) - double(b));
          second += std::abs(double(c) - 2.0 * double(b) + double(a));
        }
    }
    std::printf("force %d: edges swept at 0.1 mrad: total variation %.1f, second differences %.3f "
                "of it\n", force, first, second / first);
    ASSERT_GT(first, 5.0) << "the sweeps crossed no heap's edge";
    EXPECT_LT(second / first, 0.25) << "grain at the heaps' edges";
  }
}

// Under an overcast the sky is brightest overhead and a third as bright at the horizon (the
// CIE standard overcast sky: L = Lz (1 + 2 sin e) / 3). Overhead the water sees the sheet's
// base; at the horizon the air under it, lit by the base from above, whose in-scattered light
// is what the air scatters rather than absorbs of the light it takes out of the ray. Forces 9
// and 10 (bases at 700 and 600 m), the sky overhead (85-89.5 deg) averaged over 64 random
// places of the sheet, the horizon at 0.2-0.8 deg up; within 30 % of the CIE's ratio there
// (0.339). Not force 12: under its base at 400 m the air along the horizon reaches only 36 km
// before it meets the sheet's height, and beyond that the sky shows the clear sky's horizon
// where the sheet's far base should be, so its horizon reads about half as bright as overhead.
TEST_F(SkyClouds, AnOvercastIsAThirdAsBrightAtTheHorizonAsOverhead) {
  Probe probe(kRadianceProbe);
  sky::Sky sky(test::shaders());
  std::mt19937 rng(uint32_t(test::seed("overcast gradation")));
  std::uniform_real_distribution<float> place(-50000.0f, 50000.0f), turn(0.0f, 360.0f);
  auto mean = [](const std::vector<float>& v) {
    double sum = 0.0;
    for (size_t i = 0; i < v.size(); i += 2) {
      if (!(std::isfinite(v[i]) && v[i] >= 0.0f)) return -1.0;
      sum += v[i];
    }
    return sum / double(v.size() / 2);
  };
  const double cie = (1.0 + 2.0 * std::sin(0.5 * M_PI / 180.0)) / 3.0;
  for (int force : {9, 10}) {
    // The sheet without the rain and the haze the preset brings: they fill the air under it
    // with the horizon's grey and even the sky out.
    sky::SkyParams p = weather(force);
    p.rain_mm_h = 0.0f;
    p.visibility_km = 40.0f;
    sky.update(p, {0.0f, 0.0f});
    double up = 0.0, horizon = 0.0;
    constexpr int kPlaces = 64;
    for (int k = 0; k < kPlaces; ++k) {
      const glm::vec2 offset(place(rng), place(rng));
      const float azimuth0 = turn(rng);
      const double u = mean(probe.run(sky, 85.0f, 89.5f, azimuth0, offset));
      const double h = mean(probe.run(sky, 0.2f, 0.8f, azimuth0, offset));
      ASSERT_GT(u, 0.0) << "unwritten, NaN or black overhead";
      ASSERT_GT(h, 0.0) << "unwritten, NaN or black at the horizon";
      up += u / kPlaces;
      horizon += h / kPlaces;
    }
    std::printf("force %d overcast: horizon / overhead %.3f (CIE standard overcast %.3f)\n", force,
                horizon / up, cie);
    EXPECT_NEAR(horizon / up, cie, 0.3 * cie);
  }
}
