// SPDX-License-Identifier: MIT
#include "ui/imgui_layer.h"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "gl/error.h"

namespace oceanfft::ui {

ImGuiLayer::ImGuiLayer(GLFWwindow* window) {
  IMGUI_CHECKVERSION();
  context_ = ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  // No imgui.ini: runs under test must not depend on (or litter) the working directory.
  io.IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGui::GetStyle().WindowRounding = 3.0f;
  ImGui::GetStyle().Colors[ImGuiCol_WindowBg].w = 0.85f;
  glfw_ready_ = ImGui_ImplGlfw_InitForOpenGL(window, true);
  // The backend picks its shader variant from this string; 4.3 core is what we require anyway.
  gl_ready_ = glfw_ready_ && ImGui_ImplOpenGL3_Init("#version 430 core");
  if (!gl_ready_) {
    if (glfw_ready_) ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext(context_);
    throw Error(ErrorCode::GlUnsupported, "Dear ImGui could not initialise its GLFW/OpenGL3 backends");
  }
}

ImGuiLayer::~ImGuiLayer() {
  ImGui::SetCurrentContext(context_);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext(context_);
}

void ImGuiLayer::set_scale(float scale) {
  ImGuiIO& io = ImGui::GetIO();
  const int multiple = std::max(1, int(std::lround(scale)));
  if (multiple != font_multiple_) {
    font_multiple_ = multiple;
    io.Fonts->Clear();
    ImFontConfig config;
    config.SizePixels = 13.0f * float(multiple);
    io.Fonts->AddFontDefault(&config);
    // Before the first frame the backend makes the texture itself.
    if (started_) {
      ImGui_ImplOpenGL3_DestroyFontsTexture();
      ImGui_ImplOpenGL3_CreateFontsTexture();
    }
  }
  io.FontGlobalScale = scale / float(font_multiple_);
}

void ImGuiLayer::begin_frame() {
  started_ = true;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
}

void ImGuiLayer::end_frame() {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace oceanfft::ui
