// SPDX-License-Identifier: MIT
#include "ocean/presets.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "gl/error.h"
#include "ocean/constants.h"

namespace oceanfft::ocean {
namespace {

constexpr double kG = double(kGravity);

}  // namespace

SpectrumParams wind_sea(float wind_speed) {
  const double u = wind_speed;
  // A sea is fully developed (JONSWAP's peak reaches PM's) at g F / U^2 ~ 1.7e4. Every preset
  // takes 40% of that fetch: the fetch grows as U^2 with force, and each sea is still
  // developing, as JONSWAP describes.
  const float fetch_km =
      std::max(float(std::round(0.4 * 1.7e4 * u * u / kG / 10.0) / 100.0), 0.1f);
  SpectrumParams s;
  s.wind.spectrum = SpectrumType::Jonswap;
  s.wind.wind_speed = wind_speed;
  s.wind.fetch_km = fetch_km;
  s.wind.peak_enhancement = 3.3f;
  s.wind.spreading = Spreading::Hasselmann;
  return s;
}

namespace {

std::vector<Preset> make_presets() {
  struct Force {
    const char* name;
    float low, high;  // WMO wind speed range at 10 m, m/s
  };
  // Force 12 has no upper bound; 36.9 puts its "mid-point" 4.2 m/s above the threshold, the
  // half-width of force 11.
  constexpr Force kForces[12] = {
      {"light-air", 0.3f, 1.5f},       {"light-breeze", 1.6f, 3.3f},
      {"gentle-breeze", 3.4f, 5.4f},   {"moderate-breeze", 5.5f, 7.9f},
      {"fresh", 8.0f, 10.7f},   {"strong-breeze", 10.8f, 13.8f},
      {"near-gale", 13.9f, 17.1f},     {"gale", 17.2f, 20.7f},
      {"strong-gale", 20.8f, 24.4f},   {"storm", 24.5f, 28.4f},
      {"violent-storm", 28.5f, 32.6f}, {"hurricane", 32.7f, 41.1f},
  };
  std::vector<Preset> out;
  for (int i = 0; i < 12; ++i) {
    const int force = i + 1;
    const float u = 0.5f * (kForces[i].low + kForces[i].high);
    Preset p{kForces[i].name, force, wind_sea(u), 0.0f};
    // More chop with force (the picture's lambda; the foam reads the physical displacement).
    p.choppiness = 0.5f + 0.08f * float(force);
    out.push_back(p);
  }
  Preset calm = out[1];
  calm.name = "calm";
  calm.spectrum.wind.wind_speed = 1.8f;
  // A long low swell keeps the calm sea from being a mirror: its Hs is set to about 0.4 m below.
  WaveComponent& swell = calm.spectrum.swell;
  swell = WaveComponent{};
  swell.wind_speed = 10.0f;  // with the fetch below, a 15 s peak period
  swell.direction_deg = -60.0f;
  swell.fetch_km = 1500.0f;
  swell.peak_enhancement = 5.0f;
  swell.spreading = Spreading::Cos2s;
  swell.spread = 40.0f;
  SpectrumParams swell_only = calm.spectrum;
  swell_only.wind.scale = 0.0f;
  const double deep = std::numeric_limits<double>::infinity();
  const double unit = band_variance(swell_only, deep, 0.0, deep);
  const double hs = 0.4;
  swell.scale = float(hs * hs / 16.0 / unit);
  out.push_back(calm);
  // Force 0: a breath of air over a sea like a mirror (WMO: U10 < 0.3 m/s).
  Preset glassy{"glassy", 0, wind_sea(0.2f), 0.5f};
  out.push_back(glassy);
  for (Preset& p : out) {
    const CascadeLayout layout = cascade_layout(p.spectrum);
    p.cascades = layout.cascades;
    p.patch_sizes = layout.patch_sizes;
  }
  // "storm" is already the standard name of force 10.
  std::stable_sort(out.begin(), out.end(), [](const Preset& a, const Preset& b) {
    return a.spectrum.wind.wind_speed < b.spectrum.wind.wind_speed;
  });
  return out;
}

}  // namespace

const std::vector<Preset>& presets() {
  static const std::vector<Preset> list = make_presets();  // immutable once built
  return list;
}

const Preset* preset_with(const SpectrumParams& spectrum) {
  for (const Preset& p : presets())
    if (p.spectrum == spectrum) return &p;
  return nullptr;
}

const Preset& find_preset(std::string_view name) {
  const auto& list = presets();
  for (const Preset& p : list)
    if (name == p.name) return p;
  constexpr std::string_view kPrefix = "beaufort-";
  if (name.substr(0, kPrefix.size()) == kPrefix) {
    const std::string digits(name.substr(kPrefix.size()));
    if (!digits.empty() && digits.size() <= 2 &&
        digits.find_first_not_of("0123456789") == std::string::npos) {
      const int force = std::stoi(digits);
      for (const Preset& p : list)
        if (p.beaufort == force && std::string_view(p.name) != "calm")
          return p;
    }
  }
  std::string names;
  for (const Preset& p : list) names += (names.empty() ? "" : ", ") + std::string(p.name);
  throw Error(ErrorCode::InvalidArgument, "unknown sea-state preset '" + std::string(name) +
                                              "' (valid: " + names + ", beaufort-0..beaufort-12)");
}

}  // namespace oceanfft::ocean
