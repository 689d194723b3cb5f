// SPDX-License-Identifier: MIT
#pragma once
// How much of the sky a rough water surface reflects towards the eye: the directional albedo
// of a GGX microfacet surface with Schlick's Fresnel (F0 = 0.02 for water) and the
// height-correlated Smith masking-shadowing term, as a function of the cosine between the mean
// normal and the eye (mu) and the GGX alpha. At grazing angles it is far below the mean
// facet's own Fresnel: the eye sees mostly the facets turned towards it, which meet its ray
// more squarely, and the others hide behind them (at alpha 0.2 and 87 degrees from the
// normal: 0.22, where a mirror reflects 0.77). ocean.frag reads it from the table below.
#include <vector>

namespace oceanfft::render {

inline constexpr float kWaterF0 = 0.02f;  // reflectance at normal incidence; ocean.frag's WATER_F0

// The directional albedo at one (mu, alpha), by `samples` Hammersley points importance-sampling
// the GGX normal distribution. mu and alpha in (0, 1].
float water_reflectance(float mu, float alpha, int samples = 512);

// The table ocean.frag samples with linear filtering: `side` x `side` floats, row-major, texel
// (i, j) at u = (i + 0.5) / side = sqrt(mu), v = (j + 0.5) / side = sqrt(alpha): square roots,
// so that grazing angles and smooth water, where it changes fastest, get the most texels.
std::vector<float> water_reflectance_table(int side);

}  // namespace oceanfft::render
