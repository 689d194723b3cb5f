#pragma once
// A GL context and everything tied to its lifetime. The only mutable state the program keeps
// outside objects it owns is "which context is current" (Context::current()).
#include <glad/gl.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace oceanfft::gl {

struct Limits {
  int max_shared_memory = 0;        // GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, bytes
  int max_invocations = 0;          // GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS
  int max_group_size[3] = {0, 0, 0};
  int max_group_count[3] = {0, 0, 0};
  int max_texture_size = 0;
  int max_array_layers = 0;
};

struct ContextInfo {
  int major = 0, minor = 0;
  std::string vendor, renderer, version, glsl_version;
  std::string provider;  // "egl-device", "egl-surfaceless", "glfw"
  bool debug = false;
};

// Live GL object counts, kept per context so leak checks need no global counters.
struct ObjectCounts {
  int64_t textures = 0, buffers = 0, programs = 0, shaders = 0, queries = 0, framebuffers = 0,
          vertex_arrays = 0, renderbuffers = 0;
  // Storage of the live gl::Texture objects (all levels and layers), not counted in total().
  int64_t texture_bytes = 0;
  int64_t total() const {
    return textures + buffers + programs + shaders + queries + framebuffers + vertex_arrays +
           renderbuffers;
  }
};

// Versions we ask for, newest first; below the last one we refuse to run.
inline constexpr int kRequestedVersions[][2] = {{4, 6}, {4, 5}, {4, 3}};

class Context {
 public:
  virtual ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const ContextInfo& info() const { return info_; }
  const Limits& limits() const { return limits_; }
  ObjectCounts& objects() { return objects_; }

  // Test seam for out-of-memory paths: gl::Texture refuses storage that would take this
  // context's live texture bytes past the budget, through the same path as a GL_OUT_OF_MEMORY
  // from the driver. Drivers differ in what they refuse (llvmpipe: one texture of 4 GiB or
  // more, a discrete GPU: more than the card holds), so a test that must fail at the N-th
  // allocation sets its own limit. Negative (the default): no budget.
  void set_texture_budget(int64_t bytes) { texture_budget_ = bytes; }
  int64_t texture_budget() const { return texture_budget_; }

  // Messages of high severity and GL errors seen through KHR_debug or check_errors().
  int64_t error_count() const { return error_count_; }
  void note_error(const std::string& message);
  // Polls glGetError; every error found is logged and counted. Returns the number found.
  int check_errors(const char* where);

  // Where KHR_debug and error messages go (stderr by default).
  void set_log(std::function<void(const std::string&)> log) { log_ = std::move(log); }
  void log(const std::string& message) const;

  static Context* current();

 protected:
  Context() = default;
  // Loads GL entry points through `load`, checks the version, reads limits, installs debug output.
  void initialise(GLADloadfunc load, std::string provider, bool debug);
  void make_current_record();

 private:
  ContextInfo info_;
  Limits limits_;
  ObjectCounts objects_;
  int64_t texture_budget_ = -1;
  int64_t error_count_ = 0;
  std::function<void(const std::string&)> log_;
};

struct HeadlessOptions {
  bool debug = false;  // KHR_debug context; forced on by OCEANFFT_GL_DEBUG builds
  bool quiet = false;  // no notice about the version fallback
  // For tests of the refusal path: pretend the driver offered at most this version.
  int max_version_major = 4, max_version_minor = 6;
};

// EGL on a device (EGL_EXT_platform_device) with a pbuffer-free context, or Mesa's surfaceless
// platform where no device enumerates. Works on llvmpipe and on NVIDIA without a display.
std::unique_ptr<Context> create_headless(const HeadlessOptions& options = {});

// Parses "4.6" style version strings from the GL_VERSION prefix; throws when below 4.3.
void require_version(int major, int minor, const std::string& version_string);

}  // namespace oceanfft::gl
