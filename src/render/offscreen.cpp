// SPDX-License-Identifier: MIT
#include "render/offscreen.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "gl/error.h"

#include "io/image.h"

namespace oceanfft::render {

namespace {

gl::Renderbuffer make_renderbuffer(gl::Context& ctx, GLenum format, int width, int height, int samples) {
  GLuint name = 0;
  glGenRenderbuffers(1, &name);
  gl::Renderbuffer rb(ctx, name);
  glBindRenderbuffer(GL_RENDERBUFFER, name);
  if (samples > 1)
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, width, height);
  else
    glRenderbufferStorage(GL_RENDERBUFFER, format, width, height);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  return rb;
}

gl::Framebuffer make_framebuffer(gl::Context& ctx, GLuint color, GLuint depth) {
  GLuint name = 0;
  glGenFramebuffers(1, &name);
  gl::Framebuffer fb(ctx, name);
  glBindFramebuffer(GL_FRAMEBUFFER, name);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  if (depth) glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE)
    throw Error(ErrorCode::GlRuntime,
                "offscreen framebuffer incomplete (status " + std::to_string(status) + ")");
  return fb;
}

}  // namespace

Offscreen::Offscreen(gl::Context& context, int width, int height, int samples)
    : width_(width), height_(height), samples_(samples) {
  GLint max_size = 0, max_samples = 1;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_size);
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  if (width < 1 || height < 1 || width > max_size || height > max_size)
    throw Error(ErrorCode::InvalidArgument,
                "image size " + std::to_string(width) + "x" + std::to_string(height) +
                    " must be within 1.." + std::to_string(max_size) + " on each side");
  samples_ = std::max(1, std::min(samples, int(max_samples)));
  color_ = make_renderbuffer(context, GL_RGBA8, width, height, samples_);
  depth_ = make_renderbuffer(context, GL_DEPTH_COMPONENT32F, width, height, samples_);
  draw_fbo_ = make_framebuffer(context, color_.id(), depth_.id());
  if (samples_ > 1) {
    resolved_ = make_renderbuffer(context, GL_RGBA8, width, height, 1);
    resolve_fbo_ = make_framebuffer(context, resolved_.id(), 0);
  }
  if (context.check_errors("offscreen framebuffer"))
    throw Error(ErrorCode::GlRuntime, "GL error while creating the offscreen framebuffer");
}

void Offscreen::bind() const {
  glBindFramebuffer(GL_FRAMEBUFFER, draw_fbo_.id());
  glViewport(0, 0, width_, height_);
}

std::vector<uint8_t> Offscreen::read_rgba8() const {
  GLuint src = draw_fbo_.id();
  if (samples_ > 1) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, draw_fbo_.id());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve_fbo_.id());
    glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    src = resolve_fbo_.id();
  }
  std::vector<uint8_t> bottom_up(size_t(width_) * height_ * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  // GL's first row is the bottom one; images start at the top.
  std::vector<uint8_t> out(bottom_up.size());
  const size_t row = size_t(width_) * 4;
  for (int y = 0; y < height_; ++y)
    std::copy_n(bottom_up.data() + row * (height_ - 1 - y), row, out.data() + row * y);
  return out;
}

void write_png(const std::string& path, int width, int height, int channels,
               const std::vector<uint8_t>& pixels) {
  io::write_png(path, width, height, channels, pixels);
}

}  // namespace oceanfft::render
