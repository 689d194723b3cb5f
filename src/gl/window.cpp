// SPDX-License-Identifier: MIT
#include "gl/window.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdio>
#include <cstdlib>

#include "gl/error.h"

namespace oceanfft::gl {
namespace {

std::string last_glfw_error() {
  const char* description = nullptr;
  int code = glfwGetError(&description);
  if (code == GLFW_NO_ERROR) return "no GLFW error reported";
  return description ? description : "unknown GLFW error";
}

}  // namespace

bool Window::display_available(std::string* why) {
  const char* x = std::getenv("DISPLAY");
  const char* wl = std::getenv("WAYLAND_DISPLAY");
  if ((!x || !*x) && (!wl || !*wl)) {
    if (why) *why = "no display (DISPLAY and WAYLAND_DISPLAY are unset)";
    return false;
  }
  if (!glfwInit()) {
    if (why) *why = "GLFW could not connect to the display: " + last_glfw_error();
    return false;
  }
  return true;  // glfwInit stays in effect; Window reuses it.
}

Window::Window(const WindowOptions& options) {
  if (!glfwInit())
    throw Error(ErrorCode::GlUnsupported, "GLFW could not initialise: " + last_glfw_error());
  bool debug = options.debug;
#ifdef OCEANFFT_GL_DEBUG
  debug = true;
#endif
  const GlVersion got = request_versions([&](int major, int minor) {
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, major);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, minor);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, debug ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_VISIBLE, options.visible ? GLFW_TRUE : GLFW_FALSE);
    window_ = glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
    return window_ != nullptr;
  });
  if (!window_)
    throw Error(ErrorCode::GlUnsupported,
                "no OpenGL 4.3+ core window could be created: " + last_glfw_error());
  notice_version(got);
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(options.vsync ? 1 : 0);
  initialise(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress), "glfw", debug);
}

Window::~Window() {
  release();
  if (window_) glfwDestroyWindow(window_);
  glfwTerminate();
}

void Window::make_current() {
  glfwMakeContextCurrent(window_);
  Context::make_current();
}

void Window::release() {
  if (window_ && glfwGetCurrentContext() == window_) glfwMakeContextCurrent(nullptr);
  Context::release();
}

bool Window::should_close() const { return glfwWindowShouldClose(window_); }
void Window::swap_buffers() { glfwSwapBuffers(window_); }
void Window::set_vsync(bool on) { glfwSwapInterval(on ? 1 : 0); }
void Window::framebuffer_size(int& width, int& height) const {
  glfwGetFramebufferSize(window_, &width, &height);
}

}  // namespace oceanfft::gl
