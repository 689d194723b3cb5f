// SPDX-License-Identifier: MIT
#include "gl/objects.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include "gl/error.h"

namespace oceanfft::gl {

// Out of line so that the installed headers call no GL function (gl/gl_api.h).
void TextureTraits::destroy(GLuint n) { glDeleteTextures(1, &n); }
void BufferTraits::destroy(GLuint n) { glDeleteBuffers(1, &n); }
void ProgramTraits::destroy(GLuint n) { glDeleteProgram(n); }
void ShaderTraits::destroy(GLuint n) { glDeleteShader(n); }
void QueryTraits::destroy(GLuint n) { glDeleteQueries(1, &n); }
void FramebufferTraits::destroy(GLuint n) { glDeleteFramebuffers(1, &n); }
void VertexArrayTraits::destroy(GLuint n) { glDeleteVertexArrays(1, &n); }
void RenderbufferTraits::destroy(GLuint n) { glDeleteRenderbuffers(1, &n); }
void SamplerTraits::destroy(GLuint n) { glDeleteSamplers(1, &n); }

namespace {

int texel_bytes(GLenum format) {
  switch (format) {
    case GL_R8: return 1;
    case GL_RG8: case GL_R16F: return 2;
    case GL_RGBA8: case GL_SRGB8_ALPHA8: case GL_RG16F: case GL_R32F: case GL_R32I: case GL_R32UI:
    case GL_DEPTH_COMPONENT24: case GL_DEPTH_COMPONENT32F: case GL_DEPTH24_STENCIL8: return 4;
    case GL_RGBA16F: case GL_RGBA16: case GL_RG32F: return 8;
    default: return 16;
  }
}

std::string human_bytes(int64_t b) {
  char buf[32];
  if (b >= (int64_t(1) << 30))
    std::snprintf(buf, sizeof buf, "%.1f GiB", double(b) / double(int64_t(1) << 30));
  else if (b >= (int64_t(1) << 20))
    std::snprintf(buf, sizeof buf, "%.1f MiB", double(b) / double(1 << 20));
  else if (b >= (int64_t(1) << 10))
    std::snprintf(buf, sizeof buf, "%.1f KiB", double(b) / 1024.0);
  else
    std::snprintf(buf, sizeof buf, "%lld bytes", (long long)b);
  return buf;
}

}  // namespace

int64_t texture_bytes(GLenum internal_format, int width, int height, int layers, int levels) {
  int64_t texels = 0;
  for (int l = 0; l < std::max(levels, 1); ++l)
    texels += int64_t(std::max(width >> l, 1)) * std::max(height >> l, 1);
  return texels * std::max(layers, 1) * texel_bytes(internal_format);
}

Texture::Texture(Context& context, GLenum target, GLenum internal_format, int width, int height,
                 int layers, int levels)
    : target_(target), format_(internal_format), width_(width), height_(height), layers_(layers),
      levels_(levels) {
  context.check_errors("before texture allocation");  // don't blame the texture for old errors
  const int64_t bytes = texture_bytes(internal_format, width, height, layers, levels);
  // Bind-to-edit rather than DSA: DSA is 4.5 and we promise to run on 4.3.
  GLuint name = 0;
  glGenTextures(1, &name);
  object_ = Object<TextureTraits>(context, name);
  glBindTexture(target, name);
  std::string budget_note;
  GLenum err = GL_NO_ERROR;
  if (context.texture_budget() >= 0 &&
      context.objects().texture_bytes + bytes > context.texture_budget()) {
    // The budget stands in for a full card: the same refusal, without asking the driver.
    err = GL_OUT_OF_MEMORY;
    budget_note = "; the context's texture budget of " + human_bytes(context.texture_budget()) +
                  " has " + human_bytes(context.texture_budget() - context.objects().texture_bytes) +
                  " left";
  } else {
    if (target == GL_TEXTURE_2D_ARRAY)
      glTexStorage3D(target, levels, internal_format, width, height, layers);
    else
      glTexStorage2D(target, levels, internal_format, width, height);
    err = glGetError();
  }
  if (err != GL_NO_ERROR) {
    glBindTexture(target, 0);
    object_.reset();
    const std::string shape = std::to_string(width) + "x" + std::to_string(height) + "x" +
                              std::to_string(layers) + " texture";
    if (err == GL_OUT_OF_MEMORY)
      throw Error(ErrorCode::GlRuntime, "out of GPU memory: could not allocate a " + shape +
                                            " of " + human_bytes(bytes) + budget_note);
    throw Error(ErrorCode::InvalidArgument,
                "could not allocate a " + shape + " (GL error " + std::to_string(err) + ")");
  }
  bytes_ = bytes;
  context.objects().texture_bytes += bytes_;
  const bool mip = levels > 1;
  glTexParameteri(target, GL_TEXTURE_MIN_FILTER, mip ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_MAG_FILTER, mip ? GL_LINEAR : GL_NEAREST);
  glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_REPEAT);
  glBindTexture(target, 0);
}

Texture::Texture(Texture&& o) noexcept
    : object_(std::move(o.object_)), target_(o.target_), format_(o.format_), width_(o.width_),
      height_(o.height_), layers_(o.layers_), levels_(o.levels_),
      bytes_(std::exchange(o.bytes_, 0)) {}

Texture& Texture::operator=(Texture&& o) noexcept {
  if (this != &o) {
    reset();
    object_ = std::move(o.object_);
    target_ = o.target_;
    format_ = o.format_;
    width_ = o.width_;
    height_ = o.height_;
    layers_ = o.layers_;
    levels_ = o.levels_;
    bytes_ = std::exchange(o.bytes_, 0);
  }
  return *this;
}

void Texture::reset() {
  if (object_ && bytes_) object_.context()->objects().texture_bytes -= bytes_;
  bytes_ = 0;
  object_.reset();
}

Texture make_complex_texture(Context& context, int width, int height, int layers) {
  return Texture(context, GL_TEXTURE_2D_ARRAY, GL_RGBA32F, width, height, layers);
}

namespace {
// Floats in level `level` of an rgba32f 2D array texture; throws for anything else.
size_t level_floats(const Texture& t, int level, const char* what) {
  if (!t || t.target() != GL_TEXTURE_2D_ARRAY || t.format() != GL_RGBA32F)
    throw Error(ErrorCode::InvalidArgument,
                std::string(what) + " takes an rgba32f GL_TEXTURE_2D_ARRAY");
  if (level < 0 || level >= t.levels())
    throw Error(ErrorCode::InvalidArgument, std::string(what) + ": level " +
                                                std::to_string(level) + " is not in 0.." +
                                                std::to_string(t.levels() - 1));
  const size_t w = size_t(std::max(1, t.width() >> level));
  const size_t h = size_t(std::max(1, t.height() >> level));
  return w * h * size_t(t.layers()) * 4;
}
}  // namespace

void upload_texture(const Texture& texture, std::span<const float> rgba, int level) {
  const size_t n = level_floats(texture, level, "gl::upload_texture");
  if (rgba.size() != n)
    throw Error(ErrorCode::InvalidArgument, "gl::upload_texture: " + std::to_string(rgba.size()) +
                                                " floats for a level of " + std::to_string(n));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D_ARRAY, texture.id());
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, level, 0, 0, 0, std::max(1, texture.width() >> level),
                  std::max(1, texture.height() >> level), texture.layers(), GL_RGBA, GL_FLOAT,
                  rgba.data());
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
}

std::vector<float> download_texture(const Texture& texture, int level) {
  std::vector<float> out(level_floats(texture, level, "gl::download_texture"));
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D_ARRAY, texture.id());
  glGetTexImage(GL_TEXTURE_2D_ARRAY, level, GL_RGBA, GL_FLOAT, out.data());
  glBindTexture(GL_TEXTURE_2D_ARRAY, 0);
  return out;
}

Buffer make_buffer(Context& context, GLenum target, size_t bytes, const void* data, GLenum usage) {
  GLuint name = 0;
  glGenBuffers(1, &name);
  Buffer b(context, name);
  glBindBuffer(target, name);
  glBufferData(target, GLsizeiptr(bytes), data, usage);
  GLenum err = glGetError();
  glBindBuffer(target, 0);
  if (err == GL_OUT_OF_MEMORY)
    throw Error(ErrorCode::GlRuntime, "out of GPU memory allocating a buffer of " +
                                          std::to_string(bytes) + " bytes");
  return b;
}

void read_buffer(const Buffer& buffer, std::span<std::byte> out) {
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer.id());
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, GLsizeiptr(out.size()), out.data());
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

Program::Program(Object<ProgramTraits> object, std::vector<std::string> declared, bool strict,
                 std::string label)
    : object_(std::move(object)), declared_(std::move(declared)), strict_(strict), label_(std::move(label)) {
  const GLuint name = object_.id();
  GLint count = 0, longest = 0;
  glGetProgramiv(name, GL_ACTIVE_UNIFORMS, &count);
  glGetProgramiv(name, GL_ACTIVE_UNIFORM_MAX_LENGTH, &longest);
  std::string buf(size_t(std::max(longest, 1)), '\0');
  for (GLint i = 0; i < count; ++i) {
    GLsizei len = 0;
    GLint size = 0;
    GLenum type = 0;
    glGetActiveUniform(name, GLuint(i), GLsizei(buf.size()), &len, &size, &type, buf.data());
    std::string n(buf.data(), size_t(len));
    // Block members are active uniforms without a location; they are not set by name.
    const GLint loc = glGetUniformLocation(name, n.c_str());
    if (loc < 0) continue;
    if (n.size() > 3 && n.ends_with("[0]")) n.resize(n.size() - 3);
    active_.emplace_back(std::move(n), loc);
  }
  std::sort(active_.begin(), active_.end());
  std::sort(declared_.begin(), declared_.end());
}

GLint uniform(const Program& program, std::string_view name) {
  const auto& a = program.active_;
  auto it = std::lower_bound(a.begin(), a.end(), name,
                             [](const auto& e, std::string_view n) { return e.first < n; });
  if (it != a.end() && it->first == name) return it->second;
  if (program.strict_ &&
      !std::binary_search(program.declared_.begin(), program.declared_.end(), name))
    throw Error(ErrorCode::InvalidArgument, "program " + program.label_ +
                                                " declares no uniform '" + std::string(name) + "'");
  return -1;
}

Query make_query(Context& context) {
  GLuint name = 0;
  glGenQueries(1, &name);
  return Query(context, name);
}

Sampler make_sampler(Context& context, GLint min_filter, GLint mag_filter, GLint wrap) {
  GLuint name = 0;
  glGenSamplers(1, &name);
  Sampler s(context, name);
  glSamplerParameteri(name, GL_TEXTURE_MIN_FILTER, min_filter);
  glSamplerParameteri(name, GL_TEXTURE_MAG_FILTER, mag_filter);
  glSamplerParameteri(name, GL_TEXTURE_WRAP_S, wrap);
  glSamplerParameteri(name, GL_TEXTURE_WRAP_T, wrap);
  return s;
}

}  // namespace oceanfft::gl
