// SPDX-License-Identifier: MIT
// The ViewerPanel through real Dear ImGui frames, rendered by the OpenGL3 backend into an
// offscreen framebuffer of the headless context (no window system needed).
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <filesystem>

#include "gl/error.h"
#include "gl/shader.h"
#include "gl_fixture.h"
#include "test_viewer_util.h"
#include "ui/viewer_panel.h"

using namespace oceanfft;
namespace fs = std::filesystem;

namespace {

constexpr int kW = 1280, kH = 720;


class ViewerPanelFrames : public test::GlTest {
 protected:
  void SetUp() override {
    test::GlTest::SetUp();
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no imgui.ini left behind by a test
    io.DisplaySize = ImVec2(float(kW), float(kH));
    ASSERT_TRUE(ImGui_ImplOpenGL3_Init("#version 430 core"));
    target_ = gl::Texture(test::context(), GL_TEXTURE_2D, GL_RGBA8, kW, kH);
    GLuint fb = 0;
    glGenFramebuffers(1, &fb);
    fbo_ = gl::Framebuffer(test::context(), fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_.id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target_.id(), 0);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }
  void TearDown() override {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext();
    fbo_.reset();
    target_.reset();
    test::GlTest::TearDown();
  }

  // One whole frame: widgets, then rendering, as the app's loop does it.
  void frame(ui::ViewerPanel& panel, fft::Algorithm a) {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    panel.draw(a);
    ImGui::Render();
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_.id());
    glViewport(0, 0, kW, kH);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }

  std::vector<uint8_t> pixels() {
    std::vector<uint8_t> px(size_t(kW) * kH * 4);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_.id());
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, kW, kH, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return px;
  }

  // Pixels of the rendered frame within `tolerance` of a colour.
  int count_colour(uint8_t r, uint8_t g, uint8_t b, int tolerance) {
    const std::vector<uint8_t> px = pixels();
    int n = 0;
    for (size_t i = 0; i < px.size(); i += 4)
      n += std::abs(px[i] - r) <= tolerance && std::abs(px[i + 1] - g) <= tolerance &&
           std::abs(px[i + 2] - b) <= tolerance;
    return n;
  }

  gl::Texture target_;
  gl::Framebuffer fbo_;
};

fs::path asset(const char* name) {
  const char* src = std::getenv("OCEANFFT_SOURCE_DIR");
  return (src ? fs::path(src) : fs::current_path()) / "assets" / name;
}

}  // namespace

TEST_F(ViewerPanelFrames, ShowsTheImageAndKeepsItWhenALoadFails) {
  ui::ViewerPanel panel(test::shaders());
  frame(panel, fft::kDefaultAlgorithm);  // no image yet: a hint, no crash
  EXPECT_FALSE(panel.has_image());
  EXPECT_EQ(count_colour(230, 64, 51, 2), 0);

  panel.load(asset("shapes.png").string());
  ASSERT_TRUE(panel.error().empty()) << panel.error();
  ASSERT_TRUE(panel.has_image());
  for (int i = 0; i < 3; ++i) frame(panel, fft::kDefaultAlgorithm);
  // The red disc of shapes.png (0.9, 0.25, 0.2) shows in the original and the reconstruction.
  const int red = count_colour(230, 64, 51, 2);
  EXPECT_GT(red, 400);
  EXPECT_GE(panel.roundtrip().errors().psnr_db, 100.0);
  if (const char* shot = std::getenv("OCEANFFT_VIEWER_SCREENSHOT")) {
    // For the docs: the frame as the app would show it (GL rows run bottom-up).
    std::vector<uint8_t> px = pixels(), flipped(px.size());
    for (int y = 0; y < kH; ++y)
      std::copy_n(px.begin() + long(y) * kW * 4, kW * 4, flipped.begin() + long(kH - 1 - y) * kW * 4);
    viewer::write_png(shot, kW, kH, 4, flipped);
  }

  test::TempDir dir("panel");
  test::write_file(dir.path() / "junk.png", {0x89, 'P', 'N', 'G', 1, 2, 3});
  for (const fs::path& bad : {dir.path() / "missing.png", dir.path() / "junk.png", dir.path()}) {
    panel.load(bad.string());
    EXPECT_FALSE(panel.error().empty()) << bad;
    EXPECT_TRUE(panel.has_image());
    EXPECT_EQ(panel.roundtrip().image().width, 333);
    frame(panel, fft::kDefaultAlgorithm);
    EXPECT_GT(count_colour(230, 64, 51, 2), 400) << "the previous image stays on screen";
  }
  panel.load(asset("rings.png").string());
  EXPECT_TRUE(panel.error().empty()) << "a good load clears the error line";
  EXPECT_EQ(panel.roundtrip().image().width, 301);
  frame(panel, fft::kDefaultAlgorithm);
  EXPECT_EQ(count_colour(230, 64, 51, 2), 0) << "the new image replaced the old one";
}

TEST_F(ViewerPanelFrames, AlgorithmFromTheAppReplans) {
  ui::ViewerPanel panel(test::shaders());
  panel.load(asset("noise.png").string());
  ASSERT_TRUE(panel.error().empty()) << panel.error();
  for (fft::Algorithm a : fft::all_algorithms()) {
    frame(panel, a);
    EXPECT_EQ(panel.roundtrip().settings().algorithm, a);
    EXPECT_GE(panel.roundtrip().errors().psnr_db, 100.0) << fft::name(a);
    EXPECT_TRUE(panel.error().empty()) << panel.error();
  }
}

// The app may load (drag-and-drop, a script) between the panel's draw() and the frame's
// rendering: the textures that frame names must still exist when the backend binds them.
TEST_F(ViewerPanelFrames, LoadBetweenDrawAndRenderKeepsTexturesAlive) {
  ui::ViewerPanel panel(test::shaders());
  panel.load(asset("shapes.png").string());
  ASSERT_TRUE(panel.error().empty()) << panel.error();
  frame(panel, fft::kDefaultAlgorithm);
  const int64_t errors = test::context().error_count();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
  panel.draw(fft::kDefaultAlgorithm);
  panel.load(asset("rings.png").string());  // replaces every view texture
  ASSERT_TRUE(panel.error().empty()) << panel.error();
  ImGui::Render();
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_.id());
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  test::context().check_errors("render after load");
  EXPECT_EQ(test::context().error_count(), errors);
  EXPECT_GT(count_colour(230, 64, 51, 2), 400) << "the frame still shows the image it was built with";
  frame(panel, fft::kDefaultAlgorithm);
  EXPECT_EQ(count_colour(230, 64, 51, 2), 0) << "the next frame shows the new image";
  EXPECT_EQ(panel.roundtrip().image().width, 301);
}
