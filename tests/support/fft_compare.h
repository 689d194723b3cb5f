// SPDX-License-Identifier: MIT
#pragma once
// The FFT tests' one comparison against FFTW: random planes of the plan's shape through the plan
// forward and inverse, each onto NaN-poisoned targets (an unwritten texel gives +inf), against
// FFTW in double along the options' axes.
#include <algorithm>
#include <cstdint>

#include "fft/fft.h"
#include "fftref/data.h"
#include "gl_fixture.h"

namespace oceanfft::test {

// The larger relative L2 error of the forward and the inverse transform.
inline double forward_inverse_error(fft::Plan& plan, const fft::Options& o, uint64_t seed) {
  const auto x = fft::random_planes(o.width, o.height, o.layers, seed);
  gl::Texture tex = gl::make_complex_texture(context(), o.width, o.height, o.layers);
  fft::upload(tex, x);
  double err = 0;
  for (auto d : {fft::Direction::Forward, fft::Direction::Inverse}) {
    for (const gl::Texture& t : plan.targets()) fft::poison(t);
    const auto got = fft::download(plan.execute(d, tex));
    err = std::max(err, fft::relative_l2(got, fft::reference_axes(x, d, o.axes)));
  }
  return err;
}

}  // namespace oceanfft::test
