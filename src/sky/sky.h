// SPDX-License-Identifier: MIT
#pragma once
// A physically based sky: single-scattering Rayleigh + Mie with ozone absorption over a
// spherical Earth, precomputed into lookup tables in the style of Hillaire (2020, "A scalable
// and production ready sky and atmosphere rendering technique"), a procedural cloud layer, and
// a small prefiltered environment map the water reflects. Or a user's equirectangular image in
// place of the computed sky. docs/sky.md gives the model, the constants and their sources.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/glm.hpp>

#include "gl/objects.h"
#include "gl/shader.h"
#include "gl/timing.h"
#include "sky/weather.h"

namespace oceanfft::sky {

// Earth and atmosphere, per kilometre (the shaders work in km). Values of Hillaire 2020 /
// Bruneton 2017: Rayleigh for 680, 550, 440 nm; Mie of a clear day; ozone of the US standard
// atmosphere as a tent 30 km wide centred at 25 km.
struct Atmosphere {
  float ground_radius_km = 6360.0f;
  float top_radius_km = 6460.0f;
  glm::vec3 rayleigh_scattering{5.802e-3f, 13.558e-3f, 33.1e-3f};
  float rayleigh_scale_height_km = 8.0f;
  float mie_scattering = 3.996e-3f;
  float mie_absorption = 4.40e-3f;
  float mie_scale_height_km = 1.2f;
  float mie_g = 0.8f;
  glm::vec3 ozone_absorption{0.650e-3f, 1.881e-3f, 0.085e-3f};
  float ozone_center_km = 25.0f;
  float ozone_half_width_km = 15.0f;
  bool operator==(const Atmosphere&) const = default;
};

// What a user (panel, script, `render`) controls.
struct SkyParams {
  // Above the horizon (below it is night), and the compass bearing with +x north and +z east
  // (so, as the wind's direction, degrees from +x towards +z). The default is time_of_day_h's
  // sun_at(17.0).
  float sun_elevation_deg = 23.86f;
  float sun_azimuth_deg = 284.29f;
  // The time the panel and scripts last set the sun from (time_of_day); informational here.
  float time_of_day_h = 17.0f;
  // Top-of-atmosphere sun illuminance in the renderer's units: at 10 and exposure 1 a noon sky
  // is a mid blue overhead.
  float sun_illuminance = 10.0f;
  // Multiplies the aerosol (Mie) density of a clear day. 3 (about 60 km visibility) is a
  // typical sea-level haze over the open ocean.
  float turbidity = 3.0f;
  float cloud_coverage = 0.35f;      // 0..1, fraction of the sky the cloud layer covers
  float cloud_altitude_m = 2500.0f;  // height of the cloud layer's base
  float cloud_speed = 1.5f;          // cloud drift per m/s of U10 (winds aloft are faster)
  // The weather (weather.h; each Beaufort preset sets these): the layer's shape, its optical
  // depth where densest (it attenuates the sun and darkens the base), the air's visibility
  // (meteorological optical range, km) and the rain rate (mm/h).
  CloudType cloud_type = CloudType::Cumulus;
  float cloud_optical_depth = 25.0f;  // a mediocris cumulus heap (force 4's)
  float visibility_km = 100.0f;
  float rain_mm_h = 0.0f;
  // Whether the cloud layer shades the sun on the water below each cloud (else the water gets
  // the sun's mean through the cover everywhere).
  bool cloud_shadows = true;
  // An equirectangular .hdr or .png that replaces the computed sky (no clouds, no analytic
  // sun then: the image is the whole sky). Empty: the computed sky.
  std::string file;
  bool operator==(const SkyParams&) const = default;
};

// Unit vector towards the sun (y up).
glm::vec3 sun_direction(float elevation_deg, float azimuth_deg);

// Time of day at a fixed place and date: latitude 30 deg N on the June solstice (declination
// +23.44 deg), local apparent solar time, world +x pointing north and +z east, refraction
// ignored. The sun rises near 05:02 (bearing 63 deg), stands 83.4 deg high due south at noon,
// and sets near 18:58 (bearing 297 deg).
struct SunAngles {
  float elevation_deg, azimuth_deg;
};
constexpr double kLatitudeDeg = 30.0;
constexpr double kDeclinationDeg = 23.44;
SunAngles sun_at(double hours);
// "HH:MM" (00:00..23:59, or 24:00) to hours; nullopt for anything else.
std::optional<double> parse_time_of_day(std::string_view text);

// An equirectangular image as linear RGB floats, rows top (zenith) first.
struct SkyImage {
  int width = 0, height = 0;
  std::vector<float> rgb;
};
constexpr int kMaxSkyImageSide = 4096;
// A user sky's values are kept to here (fp32 throughout; above it sums would overflow).
constexpr float kMaxSkyRadiance = 1e30f;
constexpr int64_t kMaxSkyImagePixels = int64_t(4096) * 2048;
// Reads a Radiance .hdr (linear) or a PNG (sRGB, converted to linear). Throws Error(Io) with
// one line naming the file for a missing, unreadable, truncated or oversized file; the size is
// checked from the header before anything is decoded.
SkyImage load_sky_image(const std::string& path);

// The camera's light meter (shaders/sky/meter.comp), an incident-light meter as a
// photographer uses one, in luminance of the renderer's units: the sky's light falling on a
// level patch of sea (the environment map the water reflects, integrated with cos(theta) over
// the hemisphere) plus the sun's on a surface facing it, through the cloud cover. The sun's
// part faces the sun because that is how the dome is pointed for a sunlit subject (the sunlit
// faces of the waves, their glitter and crests): as the "sunny 16" rule has it, sunlight takes
// one exposure at any height of the sun, less only what the longer path through the air takes
// from it. A level meter would read a clear sky at 18:30 (sun 5.5 deg) as darker than the
// force-12 overcast at noon and open the camera up further for the sunset than for the storm.
// `relative` is the total over kClearNoonIlluminance, 1 for a user's sky (the image's scale is
// its own: `exposure` sets it).
struct LightMeter {
  float total = 0.0f, sky = 0.0f, sun = 0.0f, relative = 1.0f;
};
// The meter's reading under a clear sky at noon (SkyParams' defaults without clouds, at
// time_of_day 12:00; test_sky_exposure holds it to this): the light the renderer's units and
// an exposure of 1 were chosen for.
constexpr float kClearNoonIlluminance = 9.03f;
// The camera adapts its exposure to the metered light in part, as an auto-exposed camera or
// the eye do: by (E_ref / E)^(adapt x the diffuse share sky / total) within
// [kMinAdaptedExposure, kMaxAdaptedExposure], where E_ref is kAdaptBelow of a clear noon's
// light. This is the photographer's "sunny 16" rule: a sea in sunshine under fair-weather
// cloud (the meter reads 60-80 % of a clear noon at forces 2-5) takes a clear noon's
// exposure; in diffuse light the exposure follows the light (overcast one to two stops, heavy
// overcast three); in direct light it barely does, since a low sun still lights the scene
// with its full contrast (its glitter, the glow around it) and a sunset exposed up to a
// storm's level loses its colour to the tone curve. tonemap() in sky.glsl; adapted_exposure()
// is its CPU twin.
constexpr float kAdaptBelow = 0.5f;
constexpr float kMinAdaptedExposure = 1.0f, kMaxAdaptedExposure = 4.0f;
float adapted_exposure(const LightMeter& m, float adapt);

// Sizes of the tables. Modest: they are rebuilt on llvmpipe in the tests.
constexpr int kTransmittanceWidth = 256, kTransmittanceHeight = 64;
constexpr int kSkyViewWidth = 192, kSkyViewHeight = 108;
constexpr int kEnvSize = 128, kEnvLevels = 6;  // hemi-octahedral, one roughness per level

class Sky {
 public:
  explicit Sky(const gl::ShaderLibrary& shaders);

  // Brings the tables and the environment map up to `p`, recomputing only what changed. The
  // cloud layer is shifted by `cloud_offset_m` (the wind's drift); the environment map follows
  // it in steps (kCloudStepM), not every frame. Passes: "sky.transmittance", "sky.view",
  // "sky.envmap". Throws Error(Io) when p.file cannot be loaded.
  void update(const SkyParams& p, glm::vec2 cloud_offset_m, gl::PassTimer* timer = nullptr);

  // The spray the wind tears off the crests, as a haze over the sea: extinction per km at the
  // surface, falling off with height over `height_m` (the renderer sets it from the wind).
  void set_surface_haze(float extinction_per_km, float height_m);

  // What reaches the sea of the sun's direct light through the cloud cover, on average (1
  // clear, near 0 under an overcast): the layer's mean transmittance along the sun's path.
  float sun_visible() const;

  // The light meter's last reading, read back from the GPU (a stall: for reports and tests, not
  // for every frame; the shaders read it where it lies). Zeros before the first update().
  LightMeter meter() const;
  int meter_builds() const { return meter_builds_; }

  // Sets sky.glsl's uniforms of `program` and binds its textures to units first_unit.. +4.
  void bind(const gl::Program& program, int first_unit) const;
  static void unbind(int first_unit);

  const gl::Texture& transmittance() const { return transmittance_; }
  const gl::Texture& sky_view() const { return sky_view_; }
  const gl::Texture& environment() const { return envmap_; }
  // How many times each table was rebuilt: a frame where nothing changed adds nothing.
  int transmittance_builds() const { return transmittance_builds_; }
  int view_builds() const { return view_builds_; }
  int envmap_builds() const { return envmap_builds_; }
  bool user_sky() const { return !image_path_.empty(); }
  const Atmosphere& atmosphere() const { return atmosphere_; }

  static constexpr float kCloudStepM = 20.0f;

 private:
  const gl::ShaderLibrary* shaders_;
  Atmosphere atmosphere_;
  gl::Program transmittance_program_, view_program_, env_program_, prefilter_program_, meter_program_;
  gl::Texture transmittance_, sky_view_, radiance_, envmap_, user_image_;
  // 1 x 1: the LightMeter's four values, written by meter.comp, read by tonemap().
  gl::Texture meter_;
  float user_sky_lod_ = 0.0f;  // the user image's mip level the environment pass reads
  SkyParams params_;
  glm::vec2 cloud_offset_{0.0f};  // of the environment map, in kCloudStepM steps
  glm::vec2 draw_offset_{0.0f};   // of the sky pass, exact
  bool have_transmittance_ = false, have_view_ = false, have_env_ = false;
  float built_turbidity_ = -1.0f;
  float surface_haze_ = 0.0f, surface_haze_height_ = 10.0f;
  std::string image_path_;
  int transmittance_builds_ = 0, view_builds_ = 0, envmap_builds_ = 0, meter_builds_ = 0;
};

}  // namespace oceanfft::sky
