// SPDX-License-Identifier: MIT
#pragma once
// The windowed context provider: a GLFW window with the same Context interface as headless EGL.
#include <memory>
#include <string>

#include "gl/context.h"

struct GLFWwindow;

namespace oceanfft::gl {

struct WindowOptions {
  int width = 1280, height = 720;
  std::string title = "oceanfft";
  bool vsync = true;
  bool visible = true;
  bool debug = false;
};

class Window final : public Context {
 public:
  explicit Window(const WindowOptions& options);
  ~Window() override;
  void make_current() override;
  void release() override;

  GLFWwindow* handle() const { return window_; }
  bool should_close() const;
  void swap_buffers();
  void set_vsync(bool on);
  void framebuffer_size(int& width, int& height) const;

  // True when a display can be opened at all; false means "fall back to headless".
  static bool display_available(std::string* why = nullptr);

 private:
  GLFWwindow* window_ = nullptr;
};

}  // namespace oceanfft::gl
