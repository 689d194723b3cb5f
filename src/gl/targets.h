// SPDX-License-Identifier: MIT
#pragma once
// Render targets checked against the driver before they are made: a size or sample count the
// driver cannot give, or targets that cannot fit its memory, is one clear message naming the
// limit, before any simulation work, instead of an incomplete framebuffer after it.
#include <cstdint>
#include <string>
#include <vector>

#include "gl/context.h"

namespace oceanfft::gl {

// The targets of one offscreen picture: each attachment at width x height, multisampled when
// samples > 1, plus a one-sample copy of the first one to resolve into when samples > 1.
struct TargetRequest {
  int width = 0, height = 0, samples = 1;
  struct Attachment {
    GLenum format;    // a sized renderbuffer format
    int bytes;        // per sample
    const char* name; // "RGBA8"
  };
  std::vector<Attachment> attachments;
  // Host memory the caller needs for the picture (read back, encoded), bytes.
  int64_t host_bytes = 0;
};

// What the driver and the machine allow.
struct TargetLimits {
  int max_renderbuffer_size = 0;          // GL_MAX_RENDERBUFFER_SIZE
  int max_texture_size = 0;               // GL_MAX_TEXTURE_SIZE (the resolve is read back)
  int max_framebuffer_width = 0;          // GL_MAX_FRAMEBUFFER_WIDTH
  int max_framebuffer_height = 0;         // GL_MAX_FRAMEBUFFER_HEIGHT
  int max_viewport[2] = {0, 0};           // GL_MAX_VIEWPORT_DIMS
  int max_samples = 0;                    // GL_MAX_SAMPLES
  std::vector<int> format_max_samples;    // per attachment: the largest of GL_SAMPLES
  // Memory free for the targets, bytes, and where the number comes from
  // ("GL_NVX_gpu_memory_info", "GL_ATI_meminfo", "system memory (software renderer)", or the
  // stated cap kTargetCap when the driver reports nothing). Negative: unknown.
  int64_t device_free = -1;
  std::string device_source;
  bool device_is_host = false;            // a software renderer: its targets live in host memory
  int64_t host_free = -1;                 // MemAvailable of /proc/meminfo; negative: unknown
};

// The cap on the targets' memory where the driver reports no free memory.
inline constexpr int64_t kTargetCap = int64_t(8) << 30;

// Reads the limits for `request`'s formats from the current context.
TargetLimits query_target_limits(Context& context, const TargetRequest& request);

// Bytes the request's targets take on the device (every sample of every attachment, and the
// resolve copy).
int64_t target_bytes(const TargetRequest& request);

// Throws Error(InvalidArgument) naming the first limit the request exceeds. Pure: tests hand
// it any limits.
void check_targets(const TargetRequest& request, const TargetLimits& limits);

// check_targets against the current context, then makes the framebuffers once and frees them:
// a driver that refuses storage it does not report as a limit (llvmpipe: one resource of
// 4 GiB or more) is Error(GlRuntime) with the status's name and what to lower.
void require_targets(Context& context, const TargetRequest& request);

// "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT" and so on, or the number in hex.
std::string framebuffer_status_name(GLenum status);

}  // namespace oceanfft::gl
