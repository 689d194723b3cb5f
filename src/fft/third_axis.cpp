// SPDX-License-Identifier: MIT
#include "fft/third_axis.h"

#include "fft/bindings.h"
#include "fft/cache.h"
#include "gl/error.h"

namespace oceanfft::fft::detail {

void check_depth(int depth) {
  if (depth < 1 || depth > kMaxSize)
    throw Error(ErrorCode::InvalidArgument,
                "depth " + std::to_string(depth) + " is outside 1.." + std::to_string(kMaxSize));
}

Options along_z(const Options& o, int width, int depth) {
  Options z = o;
  z.width = width;
  z.height = depth;
  z.layers = o.height;
  z.axes = Axes::Columns;
  return z;
}

gl::Program transpose_yz_program(const gl::ShaderLibrary& shaders, const std::string& program_cache) {
  return ProgramCache(shaders.context(), program_cache).compute(shaders, "fft/transpose_yz.comp");
}

void transpose_yz(const gl::Program& program, const gl::Texture& src, const gl::Texture& dst,
                  gl::PassTimer* timer, uint64_t bytes) {
  gl::ScopedPass p(timer, "fft.transpose", bytes);
  const GLuint prog = program.id();
  glUseProgram(prog);
  glBindImageTexture(FFT_IMAGE_SRC, src.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_RGBA32F);
  glBindImageTexture(FFT_IMAGE_DST, dst.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA32F);
  glProgramUniform2i(prog, gl::uniform(program, "uDstSize"), dst.width(), dst.height());
  glDispatchCompute(GLuint((dst.width() + 7) / 8), GLuint((dst.height() + 7) / 8), GLuint(dst.layers()));
  glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
}

}  // namespace oceanfft::fft::detail
