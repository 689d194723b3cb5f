// SPDX-License-Identifier: MIT
#include "render/surface_maps.h"

#include "ocean/simulation.h"

namespace oceanfft::render {

namespace {
constexpr int kGroup = 8;  // render/surface_maps.comp's local size in x and y
}

SurfaceMaps::SurfaceMaps(const gl::ShaderLibrary& shaders)
    : shaders_(&shaders), program_(shaders.compute("render/surface_maps.comp")) {}

void SurfaceMaps::update(const ocean::Simulation& sim) {
  const gl::Texture& disp = sim.displacement();
  const gl::Texture& derivs = sim.derivatives();
  const gl::Texture& foam_slopes = sim.foam_slopes();
  const int n = derivs.width(), layers = derivs.layers(), levels = derivs.levels();
  if (!derivatives_ || derivatives_.width() != n || derivatives_.layers() != layers ||
      derivatives_.levels() != levels) {
    gl::Context& ctx = shaders_->context();
    // All three before any is replaced, so a refused allocation leaves the old set whole.
    gl::Texture d(ctx, GL_TEXTURE_2D_ARRAY, GL_RGBA16F, n, n, layers, levels);
    gl::Texture f(ctx, GL_TEXTURE_2D_ARRAY, GL_RGBA16F, n, n, layers, levels);
    gl::Texture r(ctx, GL_TEXTURE_2D_ARRAY, GL_R16F, n, n, layers, levels);
    derivatives_ = std::move(d);
    foam_ = std::move(f);
    film_ = std::move(r);
  }
  glUseProgram(program_.id());
  const gl::Texture* sources[3] = {&disp, &derivs, &foam_slopes};
  const char* names[3] = {"uDisplacement", "uDerivatives", "uFoamSlopes"};
  for (int i = 0; i < 3; ++i) {
    glActiveTexture(GLenum(GL_TEXTURE0 + i));
    glBindTexture(GL_TEXTURE_2D_ARRAY, sources[i]->id());
    glUniform1i(gl::uniform(program_, names[i]), i);
  }
  const GLint level_uniform = gl::uniform(program_, "uLevel");
  // The levels are independent of one another: one barrier after the last.
  for (int level = 0; level < levels; ++level) {
    const int side = std::max(n >> level, 1);
    glUniform1i(level_uniform, level);
    glBindImageTexture(0, derivatives_.id(), level, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA16F);
    glBindImageTexture(1, foam_.id(), level, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA16F);
    glBindImageTexture(2, film_.id(), level, GL_TRUE, 0, GL_WRITE_ONLY, GL_R16F);
    const GLuint groups = GLuint((side + kGroup - 1) / kGroup);
    glDispatchCompute(groups, groups, GLuint(layers));
  }
  glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
  for (int i = 2; i >= 0; --i) {
    glActiveTexture(GLenum(GL_TEXTURE0 + i));
    glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
    glBindImageTexture(GLuint(i), 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R16F);
  }
  glUseProgram(0);
}

}  // namespace oceanfft::render
