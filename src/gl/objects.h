// SPDX-License-Identifier: MIT
#pragma once
// RAII wrappers for GL names. Each one is made for a gl::Context, passed explicitly, and counts
// itself there, so a test can assert that re-planning or toggling leaves no object behind, and
// the count cannot land in another context whichever happens to be current. Create, move and
// destroy them only while their GL context is current on the calling thread (GL itself needs
// that; the engine does not check it).
#include "gl/gl_api.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gl/context.h"

namespace oceanfft::gl {

// Owns one GL name of the kind Traits describes; deletes it on destruction or reset(). Move-only.
template <typename Traits>
class Object {
 public:
  Object() = default;
  // Takes ownership of `name` (0: empty), a name of `context`, which must outlive the object.
  Object(Context& context, GLuint name) : context_(&context), name_(name) {
    if (name_) context_->objects().*Traits::counter += 1;
  }
  ~Object() { reset(); }
  Object(Object&& o) noexcept : context_(o.context_), name_(std::exchange(o.name_, 0)) {}
  Object& operator=(Object&& o) noexcept {
    if (this != &o) {
      reset();
      context_ = o.context_;
      name_ = std::exchange(o.name_, 0);
    }
    return *this;
  }
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;

  GLuint id() const { return name_; }
  explicit operator bool() const { return name_ != 0; }
  // The context the name belongs to; null for a default-constructed object.
  Context* context() const { return context_; }
  // Deletes the name now (glDelete*); the object is empty afterwards.
  void reset() {
    if (name_) {
      Traits::destroy(name_);
      context_->objects().*Traits::counter -= 1;
      name_ = 0;
    }
  }

 private:
  Context* context_ = nullptr;
  GLuint name_ = 0;
};

struct TextureTraits {
  static constexpr auto counter = &ObjectCounts::textures;
  static void destroy(GLuint n);
};
struct BufferTraits {
  static constexpr auto counter = &ObjectCounts::buffers;
  static void destroy(GLuint n);
};
struct ProgramTraits {
  static constexpr auto counter = &ObjectCounts::programs;
  static void destroy(GLuint n);
};
struct ShaderTraits {
  static constexpr auto counter = &ObjectCounts::shaders;
  static void destroy(GLuint n);
};
struct QueryTraits {
  static constexpr auto counter = &ObjectCounts::queries;
  static void destroy(GLuint n);
};
struct FramebufferTraits {
  static constexpr auto counter = &ObjectCounts::framebuffers;
  static void destroy(GLuint n);
};
struct VertexArrayTraits {
  static constexpr auto counter = &ObjectCounts::vertex_arrays;
  static void destroy(GLuint n);
};
struct RenderbufferTraits {
  static constexpr auto counter = &ObjectCounts::renderbuffers;
  static void destroy(GLuint n);
};
struct SamplerTraits {
  static constexpr auto counter = &ObjectCounts::samplers;
  static void destroy(GLuint n);
};

// Deleting a name that is bound unbinds it, as GL specifies; the wrappers do nothing more.
using Buffer = Object<BufferTraits>;
using Shader = Object<ShaderTraits>;
using Query = Object<QueryTraits>;
using Framebuffer = Object<FramebufferTraits>;
using VertexArray = Object<VertexArrayTraits>;
using Renderbuffer = Object<RenderbufferTraits>;
using Sampler = Object<SamplerTraits>;

// A linked program and its uniform locations, read once when it is adopted so that setting a
// uniform costs no name lookup in the driver. Made by ShaderLibrary; see gl::uniform.
class Program {
 public:
  Program() = default;
  // Takes ownership of the linked program `object` and reads its active uniforms (an array's
  // "u[0]" is filed as "u"). `declared` holds the uniform names its sources declare, which may
  // be inactive; `strict`: a name neither active nor declared throws; `label` names the program
  // in that error.
  Program(Object<ProgramTraits> object, std::vector<std::string> declared, bool strict,
          std::string label);
  Program(Program&&) noexcept = default;
  Program& operator=(Program&&) noexcept = default;

  GLuint id() const { return object_.id(); }
  explicit operator bool() const { return bool(object_); }
  void reset() { object_.reset(); }

 private:
  friend GLint uniform(const Program& program, std::string_view name);
  Object<ProgramTraits> object_;
  std::vector<std::pair<std::string, GLint>> active_;  // sorted by name
  std::vector<std::string> declared_;                  // sorted
  bool strict_ = false;
  std::string label_;
};

// The location of `name` in `program`: from the table read at link, so no driver call. -1 for a
// uniform the sources declare but the compiler dropped as unused (glUniform* ignores -1: the
// value cannot matter). A name the sources do not declare is a misspelling: a strict program
// (debug builds, ShaderLibrary::set_check_uniforms) throws Error(InvalidArgument) naming the
// program; otherwise it is -1 too.
GLint uniform(const Program& program, std::string_view name);

// A texture also remembers its shape, which every user of an FFT result needs, and its storage
// size, which the context adds up (ObjectCounts::texture_bytes) for its texture budget.
class Texture {
 public:
  Texture() = default;
  // Immutable storage (glTexStorage2D/3D) in `context` of the given shape, nearest filtering
  // (linear with mipmaps when levels > 1) and repeat wrapping; contents undefined.
  // GL state: binds the texture to `target` on the active texture unit, then binds 0 there.
  // Throws Error(GlRuntime) naming the shape and the bytes asked for when the driver (or the
  // context's texture budget) refuses the storage; nothing is left allocated then.
  Texture(Context& context, GLenum target, GLenum internal_format, int width, int height,
          int layers = 1, int levels = 1);
  ~Texture() { reset(); }
  Texture(Texture&& o) noexcept;
  Texture& operator=(Texture&& o) noexcept;
  Texture(const Texture&) = delete;
  Texture& operator=(const Texture&) = delete;

  GLuint id() const { return object_.id(); }
  explicit operator bool() const { return bool(object_); }
  Context* context() const { return object_.context(); }
  GLenum target() const { return target_; }
  GLenum format() const { return format_; }
  int width() const { return width_; }
  int height() const { return height_; }
  int layers() const { return layers_; }
  int levels() const { return levels_; }
  int64_t bytes() const { return bytes_; }
  // Deletes the texture now; the object is empty afterwards.
  void reset();

 private:
  Object<TextureTraits> object_;
  GLenum target_ = 0, format_ = 0;
  int width_ = 0, height_ = 0, layers_ = 0, levels_ = 0;
  int64_t bytes_ = 0;
};

// Bytes of storage a texture of this shape takes (all levels; formats the project does not use
// count as 16 bytes a texel, the largest colour format).
int64_t texture_bytes(GLenum internal_format, int width, int height, int layers, int levels);

// The FFT's data type: an rgba32f GL_TEXTURE_2D_ARRAY, two complex values per texel (plane 2l
// in .xy and 2l+1 in .zw of layer l). Same GL state and errors as the Texture constructor.
Texture make_complex_texture(Context& context, int width, int height, int layers);

// Host copies of an rgba32f GL_TEXTURE_2D_ARRAY's level `level` (the FFT's data, the ocean's
// maps): width x height x layers texels of 4 floats, row-major (x fastest), layer after layer.
// upload_texture() takes exactly that many floats. Both wait for the GPU (glGetTexImage /
// glTexSubImage3D); for tools and tests, not for every frame.
// GL state: bind the texture to GL_TEXTURE_2D_ARRAY on the active unit, then bind 0 there; set
// GL_PACK_ALIGNMENT / GL_UNPACK_ALIGNMENT to 4 and leave GL_PIXEL_PACK_BUFFER /
// GL_PIXEL_UNPACK_BUFFER at 0.
// Errors: Error(InvalidArgument) for another format or target, a level out of range or the
// wrong count of floats.
void upload_texture(const Texture& texture, std::span<const float> rgba, int level = 0);
std::vector<float> download_texture(const Texture& texture, int level = 0);

// A buffer of `bytes` filled from `data` (null: undefined contents).
// GL state: binds it to `target`'s generic binding, then binds 0 there.
Buffer make_buffer(Context& context, GLenum target, size_t bytes, const void* data,
                   GLenum usage = GL_STATIC_DRAW);
// Reads the buffer's first out.size() bytes into `out` (glGetBufferSubData, which waits for the
// GPU); read_buffer<T>(buffer, n) returns its first n values of type T. For tools and tests. A
// buffer shorter than that is a GL error (GL_INVALID_VALUE) and leaves `out` as it was.
// GL state: binds it to GL_SHADER_STORAGE_BUFFER's generic binding, then binds 0 there.
void read_buffer(const Buffer& buffer, std::span<std::byte> out);
template <class T>
std::vector<T> read_buffer(const Buffer& buffer, size_t count) {
  std::vector<T> values(count);
  read_buffer(buffer, std::as_writable_bytes(std::span<T>(values)));
  return values;
}
// A query object name (glGenQueries); no binding changes.
Query make_query(Context& context);
// A sampler object with these min and mag filters and this wrap mode on s and t; no binding
// changes.
Sampler make_sampler(Context& context, GLint min_filter, GLint mag_filter, GLint wrap);

}  // namespace oceanfft::gl
