// SPDX-License-Identifier: MIT
#include "ocean/spectrum_uniforms.h"

#include <cmath>
#include <numbers>

#include "ocean/constants.h"

namespace oceanfft::ocean {

void set_spectrum_uniforms(const gl::Program& program, const SpectrumParams& s, float depth) {
  auto loc = [&program](const char* name) { return gl::uniform(program, name); };
  auto set1f = [&](const char* name, float v) {
    if (GLint l = loc(name); l >= 0) glUniform1f(l, v);
  };
  auto set1i = [&](const char* name, int v) {
    if (GLint l = loc(name); l >= 0) glUniform1i(l, v);
  };
  auto set2f = [&](const char* name, const float(&v)[2]) {
    if (GLint l = loc(name); l >= 0) glUniform1fv(l, 2, v);
  };
  auto set2i = [&](const char* name, const int(&v)[2]) {
    if (GLint l = loc(name); l >= 0) glUniform1iv(l, 2, v);
  };
  const WaveComponent* comps[2] = {&s.wind, &s.swell};
  int type[2], spread_type[2];
  float scale[2], wind[2], peak[2], alpha[2], log_gamma[2], dir[4], spread[2], q[2];
  for (int i = 0; i < 2; ++i) {
    const WaveComponent& c = *comps[i];
    type[i] = int(c.spectrum);
    spread_type[i] = int(c.spreading);
    scale[i] = active(c) ? c.scale : 0.0f;
    wind[i] = c.wind_speed;
    const double wp = peak_omega(c);
    peak[i] = float(wp);
    alpha[i] = float(spectrum_alpha(c));
    log_gamma[i] = float(std::log(double(c.peak_enhancement)));
    const double heading = double(c.direction_deg) * std::numbers::pi / 180.0;
    dir[2 * i] = float(std::cos(heading));
    dir[2 * i + 1] = float(std::sin(heading));
    spread[i] = c.spread;
    // cos2s with a fixed s: its normalisation in double here rather than by series on the GPU.
    q[i] = float(cos2s_normalisation(c.spread));
  }
  set2i("uSpecType", type);
  set2i("uSpecSpreading", spread_type);
  set2f("uSpecScale", scale);
  set2f("uSpecWindSpeed", wind);
  set2f("uSpecPeakOmega", peak);
  set2f("uSpecAlpha", alpha);
  set2f("uSpecLogGamma", log_gamma);
  if (GLint l = loc("uSpecDirection"); l >= 0) glUniform2fv(l, 2, dir);
  set2f("uSpecSpread", spread);
  set2f("uSpecSpreadNorm", q);
  set1f("uSpecPhillips", s.phillips_amplitude);
  set1f("uSpecCutoff", s.small_wave_cutoff);
  set1f("uSpecDepth", depth);
  set1i("uSpecTma", s.tma ? 1 : 0);
  set1f("uSpecGravity", kGravity);
}

}  // namespace oceanfft::ocean
