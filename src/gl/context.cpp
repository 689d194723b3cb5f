// SPDX-License-Identifier: MIT
#include "gl/context.h"

#include <glad/egl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

#include "gl/error.h"

namespace oceanfft::gl {

GlVersion request_versions(const std::function<bool(int, int)>& create, GlVersion max) {
  for (auto& v : kRequestedVersions) {
    if (v[0] > max.major || (v[0] == max.major && v[1] > max.minor)) continue;
    if (create(v[0], v[1])) return {v[0], v[1]};
  }
  return {};
}

void notice_version(GlVersion got) {
  if (got.major * 10 + got.minor < 46)
    std::fprintf(stdout, "oceanfft: OpenGL 4.6 core is not available; using %d.%d core\n", got.major,
                 got.minor);
}
namespace {

const char* debug_source(GLenum s) {
  switch (s) {
    case GL_DEBUG_SOURCE_API: return "api";
    case GL_DEBUG_SOURCE_SHADER_COMPILER: return "shader-compiler";
    case GL_DEBUG_SOURCE_WINDOW_SYSTEM: return "window-system";
    case GL_DEBUG_SOURCE_THIRD_PARTY: return "third-party";
    case GL_DEBUG_SOURCE_APPLICATION: return "application";
    default: return "other";
  }
}

void GLAPIENTRY on_debug_message(GLenum source, GLenum type, GLuint id, GLenum severity,
                                 GLsizei length, const GLchar* message, const void* user) {
  auto* ctx = static_cast<Context*>(const_cast<void*>(user));
  if (severity == GL_DEBUG_SEVERITY_NOTIFICATION) return;
  std::string text = std::string("GL debug [") + debug_source(source) + "] " +
                     std::string(message, length > 0 ? size_t(length) : std::strlen(message));
  // Compiler output is not a GL error: a failed compile already throws with the translated log,
  // and Mesa sends even its warnings at high severity (and only when its shader cache misses,
  // so counting them would make error checks depend on the cache).
  if (source == GL_DEBUG_SOURCE_SHADER_COMPILER)
    ctx->log(text);
  else if (type == GL_DEBUG_TYPE_ERROR || severity == GL_DEBUG_SEVERITY_HIGH)
    ctx->note_error(text);
  else
    ctx->log(text);
}

const char* egl_error_name(EGLint e) {
  switch (e) {
    case EGL_SUCCESS: return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
    default: return "EGL error";
  }
}

}  // namespace

Context::~Context() { Context::release(); }

void Context::make_current() {}

void Context::release() {}

void Context::log(const std::string& message) const {
  if (log_)
    log_(message);
  else
    std::fprintf(stderr, "%s\n", message.c_str());
}

void Context::note_error(const std::string& message) {
  ++error_count_;
  log(message);
}

int Context::check_errors(const char* where) {
  int found = 0;
  for (GLenum e; (e = glGetError()) != GL_NO_ERROR && found < 16; ++found) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "GL error 0x%04x after %s", e, where);
    note_error(buf);
  }
  return found;
}

void require_version(int major, int minor, const std::string& version_string) {
  if (major < 4 || (major == 4 && minor < 3))
    throw Error(ErrorCode::GlUnsupported,
                "OpenGL 4.3 or newer is required for compute shaders; the driver offers " +
                    std::to_string(major) + "." + std::to_string(minor) + " (\"" + version_string +
                    "\")");
}

void Context::initialise(LoadFunction load, std::string provider, bool debug) {
  int version = gladLoadGL(load);
  if (!version)
    throw Error(ErrorCode::GlUnsupported,
                "could not load OpenGL entry points (is an OpenGL context current on this thread?)");
  auto str = [](GLenum e) {
    const GLubyte* s = glGetString(e);
    return s ? std::string(reinterpret_cast<const char*>(s)) : std::string();
  };
  glGetIntegerv(GL_MAJOR_VERSION, &info_.major);
  glGetIntegerv(GL_MINOR_VERSION, &info_.minor);
  info_.vendor = str(GL_VENDOR);
  info_.renderer = str(GL_RENDERER);
  info_.version = str(GL_VERSION);
  info_.glsl_version = str(GL_SHADING_LANGUAGE_VERSION);
  info_.provider = std::move(provider);
  require_version(info_.major, info_.minor, info_.version);

  glGetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &limits_.max_shared_memory);
  glGetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &limits_.max_invocations);
  for (int i = 0; i < 3; ++i) {
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &limits_.max_group_size[i]);
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &limits_.max_group_count[i]);
  }
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &limits_.max_texture_size);
  glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &limits_.max_array_layers);
  glGetIntegerv(GL_MAX_COMPUTE_IMAGE_UNIFORMS, &limits_.max_compute_images);
  GLint extensions = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &extensions);
  for (GLint i = 0; i < extensions; ++i) {
    const char* e = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i)));
    if (e && std::string_view(e) == "GL_KHR_shader_subgroup") {
      GLint stages = 0, features = 0;
      glGetIntegerv(GL_SUBGROUP_SIZE_KHR, &limits_.subgroup_size);
      glGetIntegerv(GL_SUBGROUP_SUPPORTED_STAGES_KHR, &stages);
      glGetIntegerv(GL_SUBGROUP_SUPPORTED_FEATURES_KHR, &features);
      const GLint need = GL_SUBGROUP_FEATURE_BASIC_BIT_KHR | GL_SUBGROUP_FEATURE_SHUFFLE_BIT_KHR;
      limits_.subgroup_shuffle = (stages & GL_COMPUTE_SHADER_BIT) && (features & need) == need &&
                                 limits_.subgroup_size > 0;
    }
  }

  GLint flags = 0;
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  info_.debug = debug && (flags & GL_CONTEXT_FLAG_DEBUG_BIT);
  if (info_.debug) {
    glEnable(GL_DEBUG_OUTPUT);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(on_debug_message, this);
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_NOTIFICATION, 0, nullptr,
                          GL_FALSE);
  }
  check_errors("context initialisation");
}

namespace {

class HeadlessContext final : public Context {
 public:
  explicit HeadlessContext(const HeadlessOptions& options) {
    // A throwaway load gives us eglGetProcAddress and the client extensions.
    if (!gladLoaderLoadEGL(EGL_NO_DISPLAY))
      throw Error(ErrorCode::GlUnsupported, "could not load libEGL (is libegl1 installed?)");
    const char* client_ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    std::string ext = client_ext ? client_ext : "";
    // glad resolves extension entry points only for a display; client extensions come by hand.
    // Without a display glad assumes EGL 1.4, so eglGetPlatformDisplay (1.5) is resolved here too.
    if (!eglGetPlatformDisplay)
      glad_eglGetPlatformDisplay =
          reinterpret_cast<PFNEGLGETPLATFORMDISPLAYPROC>(eglGetProcAddress("eglGetPlatformDisplay"));
    if (!eglGetPlatformDisplay)
      throw Error(ErrorCode::GlUnsupported, "the EGL library lacks eglGetPlatformDisplay (EGL 1.5)");
    if (!eglQueryDevicesEXT)
      glad_eglQueryDevicesEXT =
          reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
    std::string provider;
    // A platform display is one per device per process, so a second headless context gets the
    // first one's. Counted references make eglTerminate end it only with the last context;
    // without them it is never terminated, rather than pulled from under the other context.
    constexpr EGLAttrib kTrackReferences = 0x3352;  // EGL_TRACK_REFERENCES_KHR
    const bool can_track = ext.find("EGL_KHR_display_reference") != std::string::npos;
    // An initialised display of that platform, counted where the driver offers it.
    auto open = [&](EGLenum platform, void* native) {
      const EGLAttrib counted[] = {kTrackReferences, EGL_TRUE, EGL_NONE};
      for (const EGLAttrib* attribs : {can_track ? counted : nullptr, (const EGLAttrib*)nullptr}) {
        EGLDisplay d = eglGetPlatformDisplay(platform, native, attribs);
        if (d != EGL_NO_DISPLAY && eglInitialize(d, nullptr, nullptr)) {
          display_ = d;
          tracked_ = attribs != nullptr;
          return;
        }
        if (!attribs) return;
      }
    };

    if (ext.find("EGL_EXT_platform_device") != std::string::npos && eglQueryDevicesEXT) {
      EGLDeviceEXT devices[16];
      EGLint count = 0;
      if (eglQueryDevicesEXT(16, devices, &count) && count > 0) {
        // The first device that initialises wins; on NVIDIA that is the GPU, on Mesa llvmpipe.
        for (EGLint i = 0; i < count && display_ == EGL_NO_DISPLAY; ++i)
          open(EGL_PLATFORM_DEVICE_EXT, devices[i]);
        provider = "egl-device";
      }
    }
    if (display_ == EGL_NO_DISPLAY && ext.find("EGL_MESA_platform_surfaceless") != std::string::npos) {
      open(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY);
      provider = "egl-surfaceless";
    }
    if (display_ == EGL_NO_DISPLAY)
      throw Error(ErrorCode::GlUnsupported,
                  std::string("no EGL display could be initialised for headless rendering (") +
                      egl_error_name(eglGetError()) + ")");
    // Reload with the display so display extensions are resolved.
    gladLoaderLoadEGL(display_);
    if (!eglBindAPI(EGL_OPENGL_API))
      throw Error(ErrorCode::GlUnsupported, "EGL cannot bind the desktop OpenGL API");

    EGLConfig config = nullptr;
    const EGLint config_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                     EGL_OPENGL_BIT, EGL_NONE};
    EGLint n = 0;
    if (!eglChooseConfig(display_, config_attribs, &config, 1, &n) || n < 1) config = nullptr;

    bool debug = options.debug;
#ifdef OCEANFFT_GL_DEBUG
    debug = true;
#endif
    int tried = 0;
    const GlVersion got = request_versions(
        [&](int major, int minor) {
          ++tried;
          const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, major, EGL_CONTEXT_MINOR_VERSION, minor,
                                    EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                    EGL_CONTEXT_OPENGL_DEBUG, debug ? EGL_TRUE : EGL_FALSE, EGL_NONE};
          context_ = eglCreateContext(display_, config, EGL_NO_CONTEXT, attribs);
          return context_ != EGL_NO_CONTEXT;
        },
        {options.max_version_major, options.max_version_minor});
    if (!tried)
      throw Error(ErrorCode::GlUnsupported,
                  "OpenGL 4.3 or newer is required for compute shaders; the driver offers at most " +
                      std::to_string(options.max_version_major) + "." +
                      std::to_string(options.max_version_minor));
    if (context_ == EGL_NO_CONTEXT)
      throw Error(ErrorCode::GlUnsupported,
                  "the EGL driver offers no OpenGL 4.3+ core context (" +
                      std::string(egl_error_name(eglGetError())) + "); compute shaders need 4.3");
    if (config) {
      const EGLint pb[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
      surface_ = eglCreatePbufferSurface(display_, config, pb);
    }
    if (!eglMakeCurrent(display_, surface_, surface_, context_))
      throw Error(ErrorCode::GlUnsupported,
                  std::string("eglMakeCurrent failed: ") + egl_error_name(eglGetError()));
    // Headless, only debug contexts say so: on Mesa the notice would come with every command.
    if (!options.quiet && debug) notice_version(got);
    initialise(reinterpret_cast<GLADloadfunc>(eglGetProcAddress), provider, debug);
  }

  void make_current() override {
    if (!eglMakeCurrent(display_, surface_, surface_, context_))
      throw Error(ErrorCode::GlRuntime,
                  std::string("eglMakeCurrent failed: ") + egl_error_name(eglGetError()));
    Context::make_current();
  }

  void release() override {
    // Only this context: unbinding whatever is current would strand another one still in use.
    if (context_ != EGL_NO_CONTEXT && eglGetCurrentContext() == context_)
      eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    Context::release();
  }

  ~HeadlessContext() override {
    if (display_ != EGL_NO_DISPLAY) {
      release();
      if (surface_ != EGL_NO_SURFACE) eglDestroySurface(display_, surface_);
      if (context_ != EGL_NO_CONTEXT) eglDestroyContext(display_, context_);
      if (tracked_) eglTerminate(display_);
    }
  }

 private:
  EGLDisplay display_ = EGL_NO_DISPLAY;
  EGLContext context_ = EGL_NO_CONTEXT;
  EGLSurface surface_ = EGL_NO_SURFACE;
  bool tracked_ = false;  // display references are counted (EGL_KHR_display_reference)
};

class CallerContext final : public Context {
 public:
  explicit CallerContext(LoadFunction get_proc_address) {
    if (!get_proc_address)
      throw Error(ErrorCode::InvalidArgument,
                  "attach_current needs the context's getProcAddress (eglGetProcAddress, "
                  "glfwGetProcAddress, SDL_GL_GetProcAddress, ...)");
    // Debug output stays the caller's: installing our callback would replace theirs.
    initialise(get_proc_address, "caller", false);
  }
};

}  // namespace

std::unique_ptr<Context> attach_current(LoadFunction get_proc_address) {
  return std::make_unique<CallerContext>(get_proc_address);
}

std::unique_ptr<Context> create_headless(const HeadlessOptions& options) {
  return std::make_unique<HeadlessContext>(options);
}

}  // namespace oceanfft::gl
