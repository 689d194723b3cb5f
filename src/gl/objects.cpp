#include "gl/objects.h"

#include <string>

#include "gl/error.h"

namespace oceanfft::gl {

Texture::Texture(GLenum target, GLenum internal_format, int width, int height, int layers,
                 int levels)
    : target_(target), format_(internal_format), width_(width), height_(height), layers_(layers),
      levels_(levels) {
  Context* ctx = Context::current();
  if (ctx) ctx->check_errors("before texture allocation");  // don't blame the texture for old errors
  // Bind-to-edit rather than DSA: DSA is 4.5 and we promise to run on 4.3.
  GLuint name = 0;
  glGenTextures(1, &name);
  object_ = Object<TextureTraits>(name);
  glBindTexture(target, name);
  if (target == GL_TEXTURE_2D_ARRAY)
    glTexStorage3D(target, levels, internal_format, width, height, layers);
  else
    glTexStorage2D(target, levels, internal_format, width, height);
  GLenum err = glGetError();
  if (err != GL_NO_ERROR) {
    object_.reset();
    throw Error(err == GL_OUT_OF_MEMORY ? ErrorCode::GlRuntime : ErrorCode::InvalidArgument,
                "could not allocate a " + std::to_string(width) + "x" + std::to_string(height) +
                    "x" + std::to_string(layers) + " texture (" +
                    (err == GL_OUT_OF_MEMORY ? std::string("out of GPU memory")
                                             : "GL error " + std::to_string(err)) +
                    ")");
  }
  const bool mip = levels > 1;
  glTexParameteri(target, GL_TEXTURE_MIN_FILTER, mip ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_MAG_FILTER, mip ? GL_LINEAR : GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_REPEAT);
  glBindTexture(target, 0);
}

Texture make_complex_texture(int width, int height, int layers) {
  return Texture(GL_TEXTURE_2D_ARRAY, GL_RGBA32F, width, height, layers);
}

Buffer make_buffer(GLenum target, size_t bytes, const void* data, GLenum usage) {
  GLuint name = 0;
  glGenBuffers(1, &name);
  Buffer b(name);
  glBindBuffer(target, name);
  glBufferData(target, GLsizeiptr(bytes), data, usage);
  GLenum err = glGetError();
  glBindBuffer(target, 0);
  if (err == GL_OUT_OF_MEMORY)
    throw Error(ErrorCode::GlRuntime, "out of GPU memory allocating a buffer of " +
                                          std::to_string(bytes) + " bytes");
  return b;
}

Query make_query() {
  GLuint name = 0;
  glGenQueries(1, &name);
  return Query(name);
}

}  // namespace oceanfft::gl
