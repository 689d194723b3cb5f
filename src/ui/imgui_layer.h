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

  void begin_frame();
  // Renders the frame's draw lists into the currently bound framebuffer.
  void end_frame();

 private:
  ImGuiContext* context_ = nullptr;
  bool glfw_ready_ = false, gl_ready_ = false;
};

}  // namespace oceanfft::ui
