// SPDX-License-Identifier: MIT
#include "gl/targets.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string_view>

#include "gl/error.h"
#include "gl/objects.h"

namespace oceanfft::gl {
namespace {

// Extension enums glad's core profile leaves out.
constexpr GLenum kNvxAvailableVidmem = 0x9049;  // GPU_MEMORY_INFO_CURRENT_AVAILABLE_VIDMEM_NVX, KiB
constexpr GLenum kAtiRenderbufferFree = 0x87FD; // RENDERBUFFER_FREE_MEMORY_ATI, 4 values, KiB

bool has_extension(std::string_view name) {
  GLint n = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &n);
  for (GLint i = 0; i < n; ++i) {
    const char* e = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i)));
    if (e && name == e) return true;
  }
  return false;
}

int64_t mem_available() {
  std::ifstream in("/proc/meminfo");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("MemAvailable:", 0) == 0) {
      std::istringstream s(line.substr(13));
      int64_t kib = -1;
      if (s >> kib && kib >= 0) return kib * 1024;
    }
  return -1;
}

std::string gib(int64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f GiB", double(bytes) / double(int64_t(1) << 30));
  return buf;
}

std::string picture(const TargetRequest& r) {
  return "the picture " + std::to_string(r.width) + "x" + std::to_string(r.height) + " at " +
         std::to_string(r.samples) + (r.samples == 1 ? " sample" : " samples");
}

// The largest single target: some drivers refuse one resource above a size they do not report.
int64_t largest(const TargetRequest& r) {
  int64_t most = 0;
  for (const TargetRequest::Attachment& a : r.attachments)
    most = std::max(most, int64_t(r.width) * r.height * a.bytes * r.samples);
  return most;
}

[[noreturn]] void too_large(const TargetRequest& r, const std::string& why) {
  throw Error(ErrorCode::InvalidArgument, picture(r) + ": " + why);
}

}  // namespace

std::string framebuffer_status_name(GLenum status) {
  switch (status) {
    case GL_FRAMEBUFFER_COMPLETE: return "GL_FRAMEBUFFER_COMPLETE";
    case GL_FRAMEBUFFER_UNDEFINED: return "GL_FRAMEBUFFER_UNDEFINED";
    case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT";
    case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT";
    case GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER: return "GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER";
    case GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER: return "GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER";
    case GL_FRAMEBUFFER_UNSUPPORTED: return "GL_FRAMEBUFFER_UNSUPPORTED";
    case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE";
    case GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS: return "GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS";
    default: {
      char buf[16];
      std::snprintf(buf, sizeof buf, "0x%04X", unsigned(status));
      return buf;
    }
  }
}

int64_t target_bytes(const TargetRequest& r) {
  const int64_t pixels = int64_t(r.width) * int64_t(r.height);
  int64_t bytes = 0;
  for (const TargetRequest::Attachment& a : r.attachments) bytes += pixels * a.bytes * r.samples;
  if (r.samples > 1 && !r.attachments.empty()) bytes += pixels * r.attachments.front().bytes;
  return bytes;
}

TargetLimits query_target_limits(Context& context, const TargetRequest& request) {
  TargetLimits l;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &l.max_renderbuffer_size);
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &l.max_texture_size);
  glGetIntegerv(GL_MAX_FRAMEBUFFER_WIDTH, &l.max_framebuffer_width);
  glGetIntegerv(GL_MAX_FRAMEBUFFER_HEIGHT, &l.max_framebuffer_height);
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, l.max_viewport);
  glGetIntegerv(GL_MAX_SAMPLES, &l.max_samples);
  for (const TargetRequest::Attachment& a : request.attachments) {
    GLint n = 0;
    glGetInternalformativ(GL_RENDERBUFFER, a.format, GL_NUM_SAMPLE_COUNTS, 1, &n);
    std::vector<GLint> counts(size_t(std::max(n, 1)), 0);
    if (n > 0) glGetInternalformativ(GL_RENDERBUFFER, a.format, GL_SAMPLES, n, counts.data());
    // Listed in descending order; a format without multisampling still has one sample.
    l.format_max_samples.push_back(std::max(1, *std::max_element(counts.begin(), counts.end())));
  }
  const std::string& renderer = context.info().renderer;
  l.host_free = mem_available();
  if (has_extension("GL_NVX_gpu_memory_info")) {
    GLint kib = 0;
    glGetIntegerv(kNvxAvailableVidmem, &kib);
    l.device_free = int64_t(kib) * 1024;
    l.device_source = "GL_NVX_gpu_memory_info";
  } else if (has_extension("GL_ATI_meminfo")) {
    GLint kib[4] = {0, 0, 0, 0};
    glGetIntegerv(kAtiRenderbufferFree, kib);
    l.device_free = int64_t(kib[0]) * 1024;
    l.device_source = "GL_ATI_meminfo";
  } else if (renderer.find("llvmpipe") != std::string::npos || renderer.find("softpipe") != std::string::npos) {
    l.device_is_host = true;
    l.device_free = l.host_free;
    l.device_source = "system memory (software renderer)";
  } else {
    l.device_free = kTargetCap;
    l.device_source = "the cap for drivers that report no free memory";
  }
  while (glGetError() != GL_NO_ERROR) {
  }  // an enum the driver does not know leaves an error behind; it is not the caller's
  return l;
}

void check_targets(const TargetRequest& r, const TargetLimits& l) {
  if (r.width < 1 || r.height < 1) too_large(r, "each side must be at least 1 pixel");
  struct Side {
    int limit;
    const char* name;
  };
  const Side sides[] = {{l.max_renderbuffer_size, "GL_MAX_RENDERBUFFER_SIZE"},
                        {l.max_texture_size, "GL_MAX_TEXTURE_SIZE"}};
  for (const Side& s : sides)
    if (r.width > s.limit || r.height > s.limit)
      too_large(r, "a side exceeds the driver's " + std::string(s.name) + " (" + std::to_string(s.limit) + ")");
  if (r.width > l.max_framebuffer_width)
    too_large(r, "the width exceeds the driver's GL_MAX_FRAMEBUFFER_WIDTH (" +
                     std::to_string(l.max_framebuffer_width) + ")");
  if (r.height > l.max_framebuffer_height)
    too_large(r, "the height exceeds the driver's GL_MAX_FRAMEBUFFER_HEIGHT (" +
                     std::to_string(l.max_framebuffer_height) + ")");
  if (r.width > l.max_viewport[0] || r.height > l.max_viewport[1])
    too_large(r, "it exceeds the driver's GL_MAX_VIEWPORT_DIMS (" + std::to_string(l.max_viewport[0]) + "x" +
                     std::to_string(l.max_viewport[1]) + ")");
  if (r.samples < 1) too_large(r, "the sample count must be at least 1");
  if (r.samples > l.max_samples)
    too_large(r, "the driver offers at most " + std::to_string(l.max_samples) + " samples (GL_MAX_SAMPLES)");
  for (size_t i = 0; i < r.attachments.size() && i < l.format_max_samples.size(); ++i)
    if (r.samples > l.format_max_samples[i])
      too_large(r, "the driver offers at most " + std::to_string(l.format_max_samples[i]) + " samples for " +
                       r.attachments[i].name + " (GL_SAMPLES of the format)");
  const int64_t device = target_bytes(r);
  if (l.device_is_host) {
    if (l.device_free >= 0 && device + r.host_bytes > l.device_free)
      too_large(r, "needs about " + gib(device + r.host_bytes) + " (" + gib(device) + " of render targets, " +
                       gib(r.host_bytes) + " to read back and encode), more than the " + gib(l.device_free) +
                       " free of " + l.device_source + "; lower the size or the samples");
    return;
  }
  if (l.device_free >= 0 && device > l.device_free)
    too_large(r, "its render targets need about " + gib(device) + ", more than the " + gib(l.device_free) +
                     " free (" + l.device_source + "); lower the size or the samples");
  if (l.host_free >= 0 && r.host_bytes > l.host_free)
    too_large(r, "reading it back and encoding it needs about " + gib(r.host_bytes) + ", more than the " +
                     gib(l.host_free) + " of system memory available; lower the size");
}

void require_targets(Context& context, const TargetRequest& r) {
  check_targets(r, query_target_limits(context, r));
  while (glGetError() != GL_NO_ERROR) {
  }
  std::vector<Renderbuffer> buffers;
  auto storage = [&](const TargetRequest::Attachment& a, int samples) {
    GLuint name = 0;
    glGenRenderbuffers(1, &name);
    buffers.emplace_back(context, name);
    glBindRenderbuffer(GL_RENDERBUFFER, name);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples > 1 ? samples : 0, a.format, r.width, r.height);
    glBindRenderbuffer(GL_RENDERBUFFER, 0);
    if (const GLenum e = glGetError(); e != GL_NO_ERROR)
      throw Error(ErrorCode::GlRuntime,
                  picture(r) + ": the driver refused the " + a.name + " target (" +
                      (e == GL_OUT_OF_MEMORY ? std::string("GL_OUT_OF_MEMORY") : "GL error " + std::to_string(e)) +
                      "); lower the size or the samples");
    return name;
  };
  auto framebuffer = [&](const std::vector<std::pair<GLuint, const TargetRequest::Attachment*>>& parts) {
    GLuint name = 0;
    glGenFramebuffers(1, &name);
    Framebuffer fb(context, name);
    glBindFramebuffer(GL_FRAMEBUFFER, name);
    int color = 0;
    for (const auto& [rb, a] : parts) {
      const bool depth = a->format == GL_DEPTH_COMPONENT32F || a->format == GL_DEPTH_COMPONENT24 ||
                         a->format == GL_DEPTH_COMPONENT16 || a->format == GL_DEPTH24_STENCIL8 ||
                         a->format == GL_DEPTH32F_STENCIL8;
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, depth ? GL_DEPTH_ATTACHMENT : GLenum(GL_COLOR_ATTACHMENT0 + color++),
                                GL_RENDERBUFFER, rb);
    }
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    while (glGetError() != GL_NO_ERROR) {
    }
    if (status != GL_FRAMEBUFFER_COMPLETE)
      throw Error(ErrorCode::GlRuntime,
                  picture(r) + ": the driver cannot make its framebuffer (" + framebuffer_status_name(status) +
                      (status == GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT
                           ? ": it gave no storage; the largest target holds " + gib(largest(r)) +
                                 ", " + gib(target_bytes(r)) + " in all"
                           : std::string()) +
                      "); lower the size or the samples");
  };
  std::vector<std::pair<GLuint, const TargetRequest::Attachment*>> draw;
  for (const TargetRequest::Attachment& a : r.attachments) draw.emplace_back(storage(a, r.samples), &a);
  framebuffer(draw);
  if (r.samples > 1 && !r.attachments.empty())
    framebuffer({{storage(r.attachments.front(), 1), &r.attachments.front()}});
}

}  // namespace oceanfft::gl
