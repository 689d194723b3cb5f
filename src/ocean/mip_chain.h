// SPDX-License-Identifier: MIT
#pragma once
// The mip chains of the ocean's maps (rgba32f 2D arrays), made by ocean/downsample.comp: each
// round's work groups reduce 32 x 32 tiles to five levels, and the last round's last group per
// layer makes up to three more, so a 4096^2 chain above level 1 takes two rounds.
#include <initializer_list>

#include "gl/objects.h"
#include "gl/shader.h"

namespace oceanfft::ocean {

class MipChain {
 public:
  explicit MipChain(const gl::ShaderLibrary& shaders);

  // Levels first+1 .. of every map (all of one size and level count) from level `first`, round
  // by round, then `last_barrier` for their next readers.
  void make(std::initializer_list<const gl::Texture*> maps, int first,
            GLbitfield last_barrier) const;

  // Levels of a full chain for an n x n map.
  static int levels(int n);

 private:
  gl::Program program_;
  gl::Buffer counters_;  // ocean/downsample.comp's tail counters, zero between dispatches
};

}  // namespace oceanfft::ocean
