// SPDX-License-Identifier: MIT
#pragma once
// 1D complex FFTs of lines longer than one work group holds (up to 65536), by the four-step
// method: a line of N = N1 x N2 is folded row-major into an N2-wide, N1-tall image, its columns
// transformed (length N1), multiplied by twiddles exp(-+2 pi i n2 k1 / N) computed in double on
// the host, its rows transformed (length N2), and the result gathered back to natural order
// through global memory. Installed as <oceanfft/fft/long.h>.
//
// Layout: an rgba32f GL_TEXTURE_2D_ARRAY of fold_width() x fold_height() x lines layers, where
// `lines` = options.height * options.layers: layer (l * height + y) holds row y of planes 2l
// (.xy) and 2l+1 (.zw), element n of the line at texel (n mod fold_width, n / fold_width). The
// result has the same layout. Forward unscaled, inverse scaled by 1/N.
#include "fft/fft.h"

namespace oceanfft::fft {

class LongPlan {
 public:
  // options.width: the line length N in 2..65536, a product of two factors the complex plan
  // takes (each <= 4096; powers of two for the algorithms other than fast); options.height:
  // lines per plane; options.axes is ignored. Error(InvalidArgument) when N has no such split or
  // the image exceeds the driver's texture or layer limits (checked before anything is made).
  LongPlan(const Options& options, const gl::ShaderLibrary& shaders);
  ~LongPlan();
  LongPlan(LongPlan&&) noexcept;
  LongPlan& operator=(LongPlan&&) noexcept;

  int fold_width() const { return n2_; }   // N2, the row length
  int fold_height() const { return n1_; }  // N1, the column length
  std::string describe() const;

  // Returns the plan-owned result, valid until the next execute(). Barriers and GL state as
  // Plan::execute.
  const gl::Texture& execute(Direction direction, const gl::Texture& input,
                             gl::PassTimer* timer = nullptr);
  std::vector<const gl::Texture*> targets() const;

 private:
  void pass(int mode, int inverse, const gl::Texture& src, const gl::Texture& dst);

  int n1_ = 0, n2_ = 0;
  Options options_;
  Plan columns_, rows_;
  gl::Program program_;
  gl::Buffer twiddles_;  // exp(-2 pi i n2 k1 / N), k1 * N2 + n2
  gl::Texture twiddled_, result_;
};

// The split N = N1 x N2 a LongPlan uses (N1 <= N2, both as near sqrt(N) as the algorithm
// allows), or {0, 0} when there is none.
std::pair<int, int> long_split(int n, Algorithm a);

}  // namespace oceanfft::fft
