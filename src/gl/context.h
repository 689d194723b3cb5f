// SPDX-License-Identifier: MIT
#pragma once
// A GL context and everything tied to its lifetime. The engine keeps no record of which context
// is current: every engine object is made for a Context passed to it (directly, or through the
// gl::ShaderLibrary it takes), so counts, limits and errors go to that context even while
// another one is current.
//
// GL entry points: the engine carries its own glad (GL 4.6 core, third_party/glad), whose
// function pointers are loaded by attach_current() or create_headless() through the context's
// getProcAddress. glad's pointers are process-wide: with several GL contexts, they must share
// one driver (the usual case: pointers from one ICD serve all its contexts). The installed
// headers need only GL's types and enums: they take them from the program's own GL header where
// one is included first or named by OCEANFFT_GL_HEADER, else from the bundled <glad/gl.h>
// (gl/gl_api.h).
#include "gl/gl_api.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace oceanfft::gl {

// Implementation limits read once when the context is attached or created.
struct Limits {
  int max_shared_memory = 0;        // GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, bytes
  int max_invocations = 0;          // GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS
  int max_group_size[3] = {0, 0, 0};
  int max_group_count[3] = {0, 0, 0};
  int max_texture_size = 0;
  int max_array_layers = 0;
  int max_compute_images = 0;       // GL_MAX_COMPUTE_IMAGE_UNIFORMS (at least 8)
  // GL_KHR_shader_subgroup: GL_SUBGROUP_SIZE_KHR, and whether compute shaders have the basic
  // and shuffle operations (0 / false without the extension).
  int subgroup_size = 0;
  bool subgroup_shuffle = false;
};

// What the driver reported when the context was attached or created.
struct ContextInfo {
  int major = 0, minor = 0;
  std::string vendor, renderer, version, glsl_version;
  std::string provider;  // "egl-device", "egl-surfaceless", "glfw", "caller"
  bool debug = false;
};

// Live GL object counts, kept per context so leak checks need no global counters.
struct ObjectCounts {
  int64_t textures = 0, buffers = 0, programs = 0, shaders = 0, queries = 0, framebuffers = 0,
          vertex_arrays = 0, renderbuffers = 0, samplers = 0;
  // Storage of the live gl::Texture objects (all levels and layers), not counted in total().
  int64_t texture_bytes = 0;
  int64_t total() const {
    return textures + buffers + programs + shaders + queries + framebuffers + vertex_arrays +
           renderbuffers + samplers;
  }
};

// Versions create_headless and the app's window ask for, newest first; below the last one they
// refuse to run.
inline constexpr int kRequestedVersions[][2] = {{4, 6}, {4, 5}, {4, 3}};

struct GlVersion {
  int major = 0, minor = 0;  // 0.0: none could be created
  bool operator==(const GlVersion&) const = default;
};
// The one version-fallback loop both providers use: tries kRequestedVersions newest first,
// skipping those above `max`, until `create(major, minor)` returns true.
GlVersion request_versions(const std::function<bool(int major, int minor)>& create,
                           GlVersion max = {4, 6});
// The one notice for a context older than 4.6, on stdout: stderr is kept for the one line a
// failing command prints.
void notice_version(GlVersion got);

// The engine's record of one GL context: driver info, limits, live object counts and an error
// log. Every engine object (gl::Object, gl::Texture, fft::Plan) is made for one Context and must
// be created, used and destroyed while that context is current on the calling thread (GL needs
// it; the engine does not check), and destroyed before the Context object. Not thread-safe.
class Context {
 public:
  // Forgets the context. A Context from attach_current() leaves the GL context alive; one from
  // create_headless() (or a gl::Window) destroys it.
  virtual ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const ContextInfo& info() const { return info_; }
  const Limits& limits() const { return limits_; }
  // Live engine objects made for this context; adjusted by the RAII wrappers.
  ObjectCounts& objects() { return objects_; }

  // Test seam for out-of-memory paths: gl::Texture refuses storage that would take this
  // context's live texture bytes past the budget, through the same path as a GL_OUT_OF_MEMORY
  // from the driver. Drivers differ in what they refuse (llvmpipe: one texture of 4 GiB or
  // more, a discrete GPU: more than the card holds), so a test that must fail at the N-th
  // allocation sets its own limit. Negative (the default): no budget.
  void set_texture_budget(int64_t bytes) { texture_budget_ = bytes; }
  int64_t texture_budget() const { return texture_budget_; }

  // How many GL errors and high-severity debug messages were seen (through check_errors(),
  // note_error(), or the debug callback of a debug context the engine created).
  int64_t error_count() const { return error_count_; }
  // Counts one error and logs `message`.
  void note_error(const std::string& message);
  // Polls glGetError; every error found is logged and counted. Returns the number found.
  int check_errors(const char* where);

  // Where KHR_debug and error messages go (stderr by default; an empty function restores that).
  void set_log(std::function<void(const std::string&)> log) { log_ = std::move(log); }
  // Sends one line to the log.
  void log(const std::string& message) const;

  // Makes this context current on the calling thread (eglMakeCurrent, glfwMakeContextCurrent).
  // A context from attach_current() belongs to the caller, who makes it current with their own
  // toolkit; here that does nothing.
  virtual void make_current();
  // Releases this context from the calling thread if it is current there (a caller's context
  // is left to the caller).
  virtual void release();

 protected:
  Context() = default;
  // Loads GL entry points through `load`, checks the version, reads limits, installs debug output.
  void initialise(LoadFunction load, std::string provider, bool debug);

 private:
  ContextInfo info_;
  Limits limits_;
  ObjectCounts objects_;
  int64_t texture_budget_ = -1;
  int64_t error_count_ = 0;
  std::function<void(const std::string&)> log_;
};

// Makes the engine work in a GL context the caller created and made current on this thread
// (GLFW, SDL, Qt, EGL, GLX...). Loads the engine's GL entry points through `get_proc_address`
// (glfwGetProcAddress, SDL_GL_GetProcAddress, eglGetProcAddress, or a wrapper around
// QOpenGLContext::getProcAddress), then checks the version and reads the limits.
//
// Needs: a current OpenGL 4.3+ context (core or compatibility) on this thread for as long as
// engine objects live; nothing else (no window, no default framebuffer, no debug context).
// GL state: glGetError is read until it returns GL_NO_ERROR (at most 16 times), so errors the
// caller left pending are logged and counted here; nothing else changes. Debug output is left
// alone.
// Errors: Error(InvalidArgument) when `get_proc_address` is null, Error(GlUnsupported) when no
// context is current or its version is below 4.3.
std::unique_ptr<Context> attach_current(LoadFunction get_proc_address);

struct HeadlessOptions {
  bool debug = false;  // KHR_debug context; forced on by OCEANFFT_GL_DEBUG builds
  bool quiet = false;  // no notice about the version fallback
  // For tests of the refusal path: pretend the driver offered at most this version.
  int max_version_major = 4, max_version_minor = 6;
};

// Creates and makes current a context of its own, for programs that have none (tools, tests):
// EGL on a device (EGL_EXT_platform_device) with a pbuffer-free context, or Mesa's surfaceless
// platform where no device enumerates. Works on llvmpipe and on NVIDIA without a display.
// libEGL is opened at run time (no link dependency). Throws Error(GlUnsupported) when no EGL
// display initialises or no 4.3+ core context can be made.
std::unique_ptr<Context> create_headless(const HeadlessOptions& options = {});

// Throws Error(GlUnsupported), quoting `version_string`, when major.minor is below 4.3.
void require_version(int major, int minor, const std::string& version_string);

}  // namespace oceanfft::gl
