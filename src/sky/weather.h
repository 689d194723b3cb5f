// SPDX-License-Identifier: MIT
#pragma once
// The weather over the sea: the cloud layer's cover, type and thickness, the visibility of the
// air and the rain, and what each Beaufort force brings (docs/sky.md, "Weather"). Sky-side: the
// sea state's presets live in src/ocean, and the settings table maps a preset to both.
#include <string_view>
#include <vector>

namespace oceanfft::sky {

struct SkyParams;

// The cloud layer's shape: separate fair-weather heaps; larger, thicker building cloud; one
// low sheet of stratus (nimbostratus when thick), thinner and thicker in broad patches.
enum class CloudType { Cumulus, Congestus, Stratus };
const std::vector<std::string_view>& cloud_type_names();  // "cumulus", "congestus", "stratus"

struct Weather {
  float cloud_coverage = 0.35f;     // 0..1
  CloudType cloud_type = CloudType::Cumulus;
  float cloud_optical_depth = 25.0f;  // the layer's optical depth where it is densest
  float cloud_altitude_m = 2500.0f;  // the cloud base
  float visibility_km = 100.0f;      // meteorological optical range of the air, rain and spray aside
  float rain_mm_h = 0.0f;            // rain rate
};

// What a sea of Beaufort force 0..12 comes with (WMO practice): fair-weather cumulus at 2-5,
// building cloud at 6-8, a low dark overcast with rain from 9; the visibility falls from about
// 50 km to a few at 12 (spray, which the renderer adds from the wind, takes it below 1 km).
Weather beaufort_weather(int force);
void apply_weather(SkyParams& p, const Weather& w);

// Koschmieder: a black object's contrast falls to 2 % over the meteorological optical range V,
// so the extinction is -ln(0.02) / V = 3.912 / V.
constexpr float kKoschmieder = 3.912f;
inline float extinction_per_km(float visibility_km) { return kKoschmieder / visibility_km; }
// Extinction of visible light by rain of `mm_h`, per km: 0.25 R^0.66, an empirical fit of the
// kind used for optical links (light rain 1 mm/h: about 16 km visibility; heavy 25 mm/h: 2 km).
float rain_extinction_per_km(float mm_h);

}  // namespace oceanfft::sky
