// SPDX-License-Identifier: MIT
#pragma once
// The text of one shader file as the tests' shader library holds it: built into the binary, or
// under OCEANFFT_SHADER_DIR when that is set. For probe kernels that include the real file from
// a folder of their own. Empty when there is no such file.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "gl/shader.h"
#include "gl_fixture.h"

namespace oceanfft::test {

inline std::string shader_text(const std::string& name) {
  const gl::ShaderLibrary& lib = shaders();
  if (lib.builtin()) {
    const gl::EmbeddedShader* s = gl::EmbeddedShaders::find(name.c_str());
    return s ? std::string(s->text) : std::string();
  }
  std::ifstream in(std::filesystem::path(lib.root()) / name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace oceanfft::test
