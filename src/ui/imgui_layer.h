// SPDX-License-Identifier: MIT
#pragma once
// Dear ImGui bound to one GLFW window: context, GLFW input backend and OpenGL 3 renderer
// backend, created and destroyed together so no frame can run on a half-initialised UI.
struct GLFWwindow;
struct ImGuiContext;

namespace oceanfft::ui {

class ImGuiLayer {
 public:
  // Install the window's own GLFW callbacks before this: the GLFW backend chains to them.
  explicit ImGuiLayer(GLFWwindow* window);
  ~ImGuiLayer();
  ImGuiLayer(const ImGuiLayer&) = delete;
  ImGuiLayer& operator=(const ImGuiLayer&) = delete;

  // Sizes the text and the style for a UI scale (ui/panel_layout.h's ui_scale). The font is
  // rasterised at a whole multiple of its 13-pixel design size, so 2x stays crisp; the rest
  // is ImGui's font scaling. Call between frames.
  void set_scale(float scale);

  void begin_frame();
  // Renders the frame's draw lists into the currently bound framebuffer.
  void end_frame();

 private:
  ImGuiContext* context_ = nullptr;
  bool glfw_ready_ = false, gl_ready_ = false;
  bool started_ = false;  // the backend has made its font texture (on the first frame)
  int font_multiple_ = 1;
};

}  // namespace oceanfft::ui
