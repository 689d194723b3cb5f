// SPDX-License-Identifier: MIT
// The shader loader: #include expansion, #define injection, errors that name file and line, and
// clear messages for everything missing. Each test builds its own little shader tree in a
// temporary directory so it depends on nothing in shaders/.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <algorithm>
#include <sstream>
#include <string>

#include "gl/error.h"
#include "gl/shader.h"
#include "gl_fixture.h"
#include "support/scoped_env.h"
#include "support/temp_dir.h"

using namespace oceanfft;
namespace fs = std::filesystem;

namespace {

// A fresh directory named "shaders" (the loader reports paths relative to the root's parent,
// so errors read "shaders/file:line:").
class TempShaders {
 public:
  TempShaders() : root_(base_ / "shaders") { fs::create_directories(root_); }
  void write(const std::string& rel, const std::string& text) const {
    fs::create_directories((root_ / rel).parent_path());
    std::ofstream(root_ / rel) << text;
  }
  std::string root() const { return root_.string(); }

 private:
  test::TempDir base_{"shader"};
  fs::path root_;
};

using test::ScopedEnv;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

template <typename F>
std::string error_of(F&& f, ErrorCode expected_code) {
  try {
    f();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), expected_code) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no oceanfft::Error thrown";
  return {};
}

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

const char* kKernel =
    "#version 430 core\n"                            // 1
    "#include \"lib/math.glsl\"\n"                   // 2
    "layout(local_size_x = 1) in;\n"                 // 3
    "layout(std430, binding = 0) buffer B { float v[]; };\n"  // 4
    "void main() {\n"                                // 5
    "  v[0] = twice(float(VALUE));\n"                // 6
    "}\n";                                           // 7

const char* kMath =
    "// shared helpers\n"
    "#include \"lib/inner.glsl\"\n"
    "float twice(float x) { return 2.0 * x; }\n";

const char* kInner = "const float kInner = 1.0;\n";

TEST(GlShaderLoader, IncludesExpandInPlaceWithLineTags) {
  TempShaders t;
  t.write("k.comp", kKernel);
  t.write("lib/math.glsl", kMath);
  t.write("lib/inner.glsl", kInner);
  gl::ShaderLibrary lib(test::context(), t.root());
  const gl::ShaderSource src = lib.load("k.comp", {{"VALUE", "3"}});
  ASSERT_EQ(src.files, (std::vector<std::string>{"k.comp", "lib/math.glsl", "lib/inner.glsl"}));
  const auto l = lines_of(src.text);
  // #version stays first, the defines follow at once, then a #line resets the numbering.
  ASSERT_GE(l.size(), 12u);
  EXPECT_EQ(l[0], "#version 430 core");
  EXPECT_EQ(l[1], "#define VALUE 3");
  EXPECT_EQ(l[2], "#line 2 0");
  EXPECT_EQ(l[3], "#line 1 1");
  EXPECT_EQ(l[4], "// shared helpers");
  EXPECT_EQ(l[5], "#line 1 2");
  EXPECT_EQ(l[6], "const float kInner = 1.0;");
  EXPECT_EQ(l[7], "#line 3 1");
  EXPECT_EQ(l[8], "float twice(float x) { return 2.0 * x; }");
  EXPECT_EQ(l[9], "#line 3 0");
  EXPECT_EQ(l[10], "layout(local_size_x = 1) in;");
  EXPECT_FALSE(contains(src.text, "#include")) << src.text;
}

TEST(GlShaderLoader, DefinesInOrderAndNoneWhenEmpty) {
  TempShaders t;
  t.write("k.comp", "#version 430 core\nvoid main() {}\n");
  gl::ShaderLibrary lib(test::context(), t.root());
  auto l = lines_of(lib.load("k.comp", {{"A", "1"}, {"B", "two words"}, {"C", ""}}).text);
  ASSERT_GE(l.size(), 5u);
  EXPECT_EQ(l[1], "#define A 1");
  EXPECT_EQ(l[2], "#define B two words");
  EXPECT_EQ(l[3], "#define C ");
  EXPECT_EQ(l[4], "#line 2 0");
  l = lines_of(lib.load("k.comp").text);
  ASSERT_GE(l.size(), 3u);
  EXPECT_EQ(l[1], "#line 2 0");
  EXPECT_EQ(l[2], "void main() {}");
}

// A name starting with '#' is a directive written as it is: #extension must precede any code,
// so a define set that needs one cannot leave it to the included files.
TEST(GlShaderLoader, DirectivesAmongTheDefines) {
  TempShaders t;
  t.write("k.comp", "#version 430 core\nvoid main() {}\n");
  gl::ShaderLibrary lib(test::context(), t.root());
  auto l = lines_of(
      lib.load("k.comp", {{"#extension", "GL_KHR_shader_subgroup_basic : enable"}, {"A", "1"}}).text);
  ASSERT_GE(l.size(), 4u);
  EXPECT_EQ(l[1], "#extension GL_KHR_shader_subgroup_basic : enable");
  EXPECT_EQ(l[2], "#define A 1");
  EXPECT_EQ(l[3], "#line 2 0");
}

// The driver compiles what the loader produced, and the injected define reaches the code.
TEST(GlShaderLoader, LoadedSourceCompilesAndRuns) {
  test::context();
  TempShaders t;
  t.write("k.comp", kKernel);
  t.write("lib/math.glsl", kMath);
  t.write("lib/inner.glsl", kInner);
  gl::ShaderLibrary lib(test::context(), t.root());
  gl::Program p = lib.compute("k.comp", {{"VALUE", "21"}});
  float zero = 0;
  gl::Buffer b = gl::make_buffer(test::context(), GL_SHADER_STORAGE_BUFFER, sizeof zero, &zero, GL_DYNAMIC_COPY);
  glUseProgram(p.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b.id());
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  float got = 0;
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, b.id());
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof got, &got);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  glUseProgram(0);
  EXPECT_EQ(got, 42.0f);
}

TEST(GlShaderLoader, CompileErrorNamesFileAndLine) {
  test::context();
  TempShaders t;
  t.write("broken.comp",
          "#version 430 core\n"       // 1
          "#include \"lib/ok.glsl\"\n"  // 2
          "layout(local_size_x = 1) in;\n"
          "\n"
          "void main() {\n"
          "  float a = 1.0;\n"
          "  a = undefined_name;\n"  // 7
          "}\n");
  t.write("lib/ok.glsl", "float f0() { return 0.0; }\nfloat f1() { return 1.0; }\n");
  gl::ShaderLibrary lib(test::context(), t.root());
  const std::string m =
      error_of([&] { lib.compute("broken.comp", {{"X", "1"}, {"Y", "2"}}); }, ErrorCode::ShaderCompile);
  EXPECT_TRUE(contains(m, "broken.comp")) << m;
  EXPECT_TRUE(contains(m, "\nshaders/broken.comp:7: ")) << m;
  EXPECT_TRUE(contains(m, "undefined_name")) << "the driver's message is kept: " << m;
}

TEST(GlShaderLoader, CompileErrorInIncludedFileNamesThatFile) {
  test::context();
  TempShaders t;
  t.write("main.comp",
          "#version 430 core\n"
          "layout(local_size_x = 1) in;\n"
          "#include \"lib/bad.glsl\"\n"
          "void main() { helper(); }\n");
  t.write("lib/bad.glsl", "// line 1\n// line 2\nvoid helper() { int x = \"str\"; }\n");
  gl::ShaderLibrary lib(test::context(), t.root());
  const std::string m = error_of([&] { lib.compute("main.comp"); }, ErrorCode::ShaderCompile);
  EXPECT_TRUE(contains(m, "\nshaders/lib/bad.glsl:3: ")) << m;
}

TEST(GlShaderLoader, TranslateLogFormats) {
  const std::vector<std::string> files = {"fft/a.comp", "common/b.glsl"};
  EXPECT_EQ(gl::ShaderLibrary::translate_log("0:12(5): error: `x' undeclared\n", files, "/x/shaders"),
            "shaders/fft/a.comp:12: error: `x' undeclared");
  EXPECT_EQ(gl::ShaderLibrary::translate_log("1(7) : error C0000: syntax error", files, "/y/shaders"),
            "shaders/common/b.glsl:7: error C0000: syntax error");
  // Unknown source numbers and unrelated lines pass through readably.
  EXPECT_EQ(gl::ShaderLibrary::translate_log("5:3(1): warning: w\nplain line\n\n", files, "/z/shaders"),
            "shaders/<source 5>:3: warning: w\nplain line");
}

TEST(GlShaderLoader, MissingFileIncludeAndDirectory) {
  TempShaders t;
  t.write("uses_missing.comp", "#version 430 core\n#include \"lib/nothere.glsl\"\nvoid main() {}\n");
  t.write("no_version.comp", "void main() {}\n");
  t.write("self.glsl", "#include \"self.glsl\"\n");
  t.write("loop.comp", "#version 430 core\n#include \"self.glsl\"\n");
  gl::ShaderLibrary lib(test::context(), t.root());

  std::string m = error_of([&] { lib.load("absent.comp"); }, ErrorCode::ShaderCompile);
  EXPECT_TRUE(contains(m, "not found")) << m;
  EXPECT_TRUE(contains(m, "absent.comp")) << m;

  m = error_of([&] { lib.load("uses_missing.comp"); }, ErrorCode::ShaderCompile);
  EXPECT_TRUE(contains(m, "lib/nothere.glsl")) << m;
  EXPECT_TRUE(contains(m, "not found")) << m;
  EXPECT_TRUE(contains(m, "uses_missing.comp:2")) << "says who included it: " << m;

  m = error_of([&] { lib.load("no_version.comp"); }, ErrorCode::ShaderCompile);
  EXPECT_TRUE(contains(m, "no_version.comp:1:")) << m;
  EXPECT_TRUE(contains(m, "#version")) << m;

  m = error_of([&] { lib.load("loop.comp"); }, ErrorCode::ShaderCompile);
  EXPECT_TRUE(contains(m, "self.glsl")) << m;
  EXPECT_TRUE(contains(m, "nested too deep")) << m;

  // A directory where a file is expected is "not found", not a crash or an empty shader.
  fs::create_directories(fs::path(t.root()) / "dir.comp");
  m = error_of([&] { lib.load("dir.comp"); }, ErrorCode::ShaderCompile);
  EXPECT_TRUE(contains(m, "dir.comp")) << m;

  const std::string nowhere = t.root() + "/does/not/exist";
  m = error_of([&] { gl::ShaderLibrary bad(test::context(), nowhere); }, ErrorCode::ShaderCompile);
  EXPECT_TRUE(contains(m, "shader directory not found")) << m;
  EXPECT_TRUE(contains(m, nowhere)) << m;
}

TEST(GlShaderLoader, EnvironmentOverride) {
  TempShaders t;
  t.write("fft/x.comp", "#version 430 core\nvoid main() {}\n");
  {
    ScopedEnv env("OCEANFFT_SHADER_DIR", t.root().c_str());
    EXPECT_EQ(gl::ShaderLibrary::override_dir(), t.root());
    EXPECT_EQ(gl::ShaderLibrary(test::context()).root(), t.root());
    EXPECT_FALSE(gl::ShaderLibrary(test::context()).builtin());
    // The override is the whole source: a built-in shader it lacks is not found.
    const std::string m =
        error_of([] { gl::ShaderLibrary(test::context()).load("fft/stockham.comp"); }, ErrorCode::ShaderCompile);
    EXPECT_TRUE(contains(m, "not found")) << m;
  }
  {
    const std::string nowhere = t.root() + "/missing";
    ScopedEnv env("OCEANFFT_SHADER_DIR", nowhere.c_str());
    const std::string m = error_of([] { gl::ShaderLibrary lib(test::context()); }, ErrorCode::ShaderCompile);
    EXPECT_TRUE(contains(m, "OCEANFFT_SHADER_DIR")) << m;
    EXPECT_TRUE(contains(m, nowhere)) << m;
    EXPECT_TRUE(contains(m, "not a directory")) << m;
  }
  {
    // A file is not a shader directory either.
    const std::string file = t.root() + "/fft/x.comp";
    ScopedEnv env("OCEANFFT_SHADER_DIR", file.c_str());
    const std::string m = error_of([] { gl::ShaderLibrary lib(test::context()); }, ErrorCode::ShaderCompile);
    EXPECT_TRUE(contains(m, file)) << m;
  }
  {
    // Empty means unset: the built-in shaders, whatever the working directory.
    ScopedEnv env("OCEANFFT_SHADER_DIR", "");
    EXPECT_EQ(gl::ShaderLibrary::override_dir(), "");
    gl::ShaderLibrary lib(test::context());
    EXPECT_TRUE(lib.builtin());
    EXPECT_EQ(lib.root(), "");
    EXPECT_NE(lib.load("fft/stockham.comp").text.find("#version"), std::string::npos);
  }
}

// Every file under the shader folders this binary links (gl's common/ and fft/) is compiled in,
// byte for byte, and nothing else is: the build step tracks added and edited files. The app's
// folders are covered by the CLI tests, which run the built-in shaders of every module.
TEST(GlShaderBuiltin, MatchesTheSourceTree) {
  const char* src = std::getenv("OCEANFFT_SOURCE_DIR");
  ASSERT_TRUE(src) << "OCEANFFT_SOURCE_DIR is not set";
  const fs::path root = fs::path(src) / "shaders";
  std::vector<std::string> on_disk;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) {
      const fs::path rel = fs::relative(e.path(), root);
      const std::string top = rel.begin()->string();
      static const std::set<std::string> kinds = {".glsl", ".comp", ".vert", ".frag",
                                                  ".geom", ".tesc", ".tese", ".h"};
      if ((top == "common" || top == "fft") && kinds.count(rel.extension().string()))
        on_disk.push_back(rel.generic_string());
    }
  std::sort(on_disk.begin(), on_disk.end());
  ASSERT_EQ(gl::EmbeddedShaders::paths(), on_disk);
  for (const std::string& rel : on_disk) {
    std::ifstream in(root / rel, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const gl::EmbeddedShader* e = gl::EmbeddedShaders::find(rel);
    ASSERT_NE(e, nullptr) << rel;
    EXPECT_EQ(std::string(e->text), ss.str()) << rel;
  }
  EXPECT_EQ(gl::EmbeddedShaders::find("fft/none.comp"), nullptr);
}

TEST(GlShaderUniforms, DeclaredNamesFromTheSource) {
  const char* glsl =
      "uniform float uA;\n"
      "layout(location = 3) uniform highp vec2 uB, uC[4];\n"
      "uniform float uD[2] = float[2](0.0, 1.0), uE = 2.0;\n"
      "// uniform float uComment;\n"
      "/* uniform float uBlockComment; */\n"
      "uniform Params { float uMember; } params;\n"
      "float uniformly = 1.0;  // not a declaration\n"
      "layout(binding = 0) uniform sampler2D uMap;\n";
  EXPECT_EQ(gl::ShaderLibrary::declared_uniforms(glsl),
            (std::vector<std::string>{"uA", "uB", "uC", "uD", "uE", "uMap"}));
}

// Locations come from the table read at link: an array answers by its bare name, a declared
// uniform the compiler dropped is -1 (setting it cannot matter), and a name the sources never
// declare, a misspelling, throws in a strict program and is -1 in a lenient one.
TEST(GlShaderUniforms, MisspeltNameFailsTheCheck) {
  test::context();
  TempShaders t;
  t.write("u.comp",
          "#version 430 core\n"
          "layout(local_size_x = 1) in;\n"
          "layout(std430, binding = 0) buffer B { float v[]; };\n"
          "uniform float uUsed;\n"
          "uniform float uArray[3];\n"
          "uniform float uUnused;\n"
          "void main() { v[0] = uUsed + uArray[2]; }\n");
  gl::ShaderLibrary lib(test::context(), t.root());
#ifdef NDEBUG
  EXPECT_FALSE(lib.check_uniforms());
#else
  EXPECT_TRUE(lib.check_uniforms());
#endif
  lib.set_check_uniforms(true);
  const gl::Program strict = lib.compute("u.comp");
  EXPECT_EQ(gl::uniform(strict, "uUsed"), glGetUniformLocation(strict.id(), "uUsed"));
  EXPECT_GE(gl::uniform(strict, "uUsed"), 0);
  EXPECT_EQ(gl::uniform(strict, "uArray"), glGetUniformLocation(strict.id(), "uArray[0]"));
  EXPECT_GE(gl::uniform(strict, "uArray"), 0);
  EXPECT_EQ(gl::uniform(strict, "uUnused"), -1);
  const std::string m =
      error_of([&] { gl::uniform(strict, "uUsd"); }, ErrorCode::InvalidArgument);
  EXPECT_TRUE(contains(m, "u.comp")) << m;
  EXPECT_TRUE(contains(m, "'uUsd'")) << m;

  lib.set_check_uniforms(false);
  const gl::Program lenient = lib.compute("u.comp");
  EXPECT_EQ(gl::uniform(lenient, "uUsd"), -1);
  EXPECT_GE(gl::uniform(lenient, "uUsed"), 0);
}

class GlShaderBuiltinGl : public test::GlTest {};

// The built-in FFT kernel compiles and links without any directory, and an error in a built-in
// shader's include still names file:line under shaders/.
TEST_F(GlShaderBuiltinGl, CompilesAndNamesFileLine) {
  ScopedEnv env("OCEANFFT_SHADER_DIR", nullptr);
  gl::ShaderLibrary lib(test::context());
  ASSERT_TRUE(lib.builtin());
  gl::Program p = lib.compute("fft/stockham.comp", {{"N", "16"}, {"AXIS", "0"}, {"RADIX", "2"},
                                                    {"THREADS", "8"}, {"LINES", "1"}, {"SPLIT", "0"}});
  EXPECT_TRUE(p);
  const std::string m = error_of([&] { lib.compute("fft/stockham.comp", {{"N", "16"}}); },
                                 ErrorCode::ShaderCompile);
  EXPECT_TRUE(std::regex_search(m, std::regex(R"(shaders/fft/[a-z_]+\.(comp|glsl):[0-9]+:)"))) << m;
  const std::string missing = error_of([&] { lib.load("fft/none.comp"); }, ErrorCode::ShaderCompile);
  EXPECT_TRUE(contains(missing, "built-in shaders/fft/none.comp")) << missing;
}

}  // namespace
