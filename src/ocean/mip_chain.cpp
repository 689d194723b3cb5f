// SPDX-License-Identifier: MIT
#include "ocean/mip_chain.h"

#include <algorithm>
#include <vector>

#include "ocean/params.h"

namespace oceanfft::ocean {
namespace {

// A round's work groups reduce 32 x 32 tiles to kMipRoundLevels levels; up to
// kMipTailLevels more are made by each layer's last group (ocean/downsample.comp: together 8
// images, which is all NVIDIA's GL allows a compute shader).
constexpr int kMipRoundLevels = 5;
constexpr int kMipTailLevels = 3;
// Counters of ocean/downsample.comp's tails: one per layer of every map of a round.
constexpr int kMipCounters = 2 * kMaxCascades;

}  // namespace

MipChain::MipChain(const gl::ShaderLibrary& shaders)
    : program_(shaders.compute("ocean/downsample.comp")) {
  const std::vector<GLuint> zeros(kMipCounters, 0u);
  counters_ = gl::make_buffer(shaders.context(), GL_SHADER_STORAGE_BUFFER,
                              zeros.size() * sizeof(GLuint), zeros.data(), GL_DYNAMIC_DRAW);
}

int MipChain::levels(int n) {
  int levels = 1;
  while ((n >> levels) > 0) ++levels;
  return levels;
}

void MipChain::make(std::initializer_list<const gl::Texture*> maps, int first,
                    GLbitfield last_barrier) const {
  if (maps.size() == 0) return;
  const gl::Program& prog = program_;
  glUseProgram(prog.id());
  glUniform1i(gl::uniform(prog, "uSource"), 0);
  glActiveTexture(GL_TEXTURE0);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, counters_.id());
  const int levels = (*maps.begin())->levels();
  const int n = (*maps.begin())->width();
  // Round by round (levels 1-5, then 6-10), every map per round: the maps are independent,
  // so only a round's dispatches wait for the previous round: a barrier costs several times a
  // small dispatch. Where at most kMipTailLevels
  // remain after a round, its last group per layer makes them instead of another round.
  for (int base = first; base + 1 < levels; base += kMipRoundLevels) {
    const int count = std::min(kMipRoundLevels, levels - 1 - base);
    const int rest = levels - 1 - base - count;
    const int tail = count == kMipRoundLevels && rest <= kMipTailLevels ? rest : 0;
    const int size = std::max(n >> base, 1);
    glUniform1i(gl::uniform(prog, "uBase"), base);
    glUniform1i(gl::uniform(prog, "uLevels"), count);
    glUniform1i(gl::uniform(prog, "uSize"), size);
    glUniform1i(gl::uniform(prog, "uTail"), tail);
    const GLuint groups = GLuint((std::max(size / 2, 1) + 15) / 16);
    int counter = 0;
    for (const gl::Texture* map : maps) {
      glBindTexture(GL_TEXTURE_2D_ARRAY, map->id());
      // Units past the last level stay empty; the shader's stores through them are ignored.
      // The last round level is read back by the tail, so it is bound for reading too.
      for (int k = 1; k <= kMipRoundLevels + kMipTailLevels; ++k) {
        const bool used = k <= count || (k > kMipRoundLevels && k <= kMipRoundLevels + tail);
        glBindImageTexture(GLuint(k - 1), used ? map->id() : 0, used ? base + k : 0, GL_TRUE, 0,
                           k == kMipRoundLevels ? GL_READ_WRITE : GL_WRITE_ONLY, GL_RGBA32F);
      }
      glUniform1i(gl::uniform(prog, "uCounter"), counter);
      counter += map->layers();
      glDispatchCompute(groups, groups, GLuint(map->layers()));
    }
    if (tail > 0) base += tail;
    // The next round fetches what this one stored; after the last, whoever reads the chain (and
    // the next step's tails their reset counters).
    glMemoryBarrier(base + kMipRoundLevels + 1 < levels
                        ? GL_TEXTURE_FETCH_BARRIER_BIT
                        : last_barrier | (tail > 0 ? GL_SHADER_STORAGE_BARRIER_BIT : 0));
  }
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
}

}  // namespace oceanfft::ocean
