// SPDX-License-Identifier: MIT
// Every shader under shaders/ passes the Khronos reference compiler (glslangValidator), not just
// the driver the tests happen to run on: llvmpipe accepts things NVIDIA or AMD reject and the
// other way round. Entry points are expanded by the project's own loader first (includes,
// injected defines), so what glslang sees is what a driver would see. The directory is globbed
// when the test runs, so new shaders are covered without touching this file; those that need
// defines get a row in kDefines.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fft/anysize.h"
#include "fft/fast.h"
#include "gl/shader.h"
#include "gl_fixture.h"
#include "support/temp_dir.h"

using namespace oceanfft;
namespace fs = std::filesystem;

namespace {

// mixed.comp's defines come from its planner: mixed radix with every exchange width, Bluestein
// unpadded, the scratch-image exchange, and the one-element line.
std::vector<gl::Defines> mixed_sets() {
  gl::Limits limits;
  limits.max_invocations = 1024;
  limits.max_group_size[0] = limits.max_group_size[1] = 1024;
  struct Case {
    int n, axis, lines, shared;
  };
  std::vector<gl::Defines> out;
  for (Case c : {Case{1000, 0, 3, 65536}, Case{360, 1, 64, 8192}, Case{2187, 0, 5, 10000},
                 Case{997, 1, 7, 8192}, Case{97, 0, 5, 100}, Case{1, 1, 9, 0}}) {
    limits.max_shared_memory = c.shared;
    fft::Options o;
    const fft::AxisStrategy s = fft::detail::plan_any_axis(c.n, c.axis, c.lines, limits, o);
    out.push_back(fft::detail::any_defines(s, c.axis, c.lines));
  }
  return out;
}

// The fast kernel's subgroup-shuffle variant as its planner defines it, with real shuffles (a
// driver with 32-lane subgroups) and emulated ones: every exchange pattern (a first stage of
// radix R1 < P and R1 = P), rows and columns. `axis` -1: both of the given sizes' axes.
std::vector<gl::Defines> shuffle_sets(int only_axis) {
  gl::Limits limits;
  limits.max_invocations = 1024;
  limits.max_group_size[0] = limits.max_group_size[1] = 1024;
  limits.max_shared_memory = 49152;
  limits.subgroup_size = 32;
  limits.subgroup_shuffle = true;
  std::vector<gl::Defines> out;
  for (int emulate : {0, 32})
    for (int n : {64, 256, 512})
      for (int axis = 0; axis < 2; ++axis) {
        if (only_axis >= 0 && axis != only_axis) continue;
        fft::Options o;
        o.fast.shuffle = 3;
        o.fast.emulate_subgroup = emulate;
        const auto s = fft::detail::plan_fast_axis(n, axis, n, limits, o);
        if (s && s->subgroup > 0) out.push_back(fft::detail::fast_defines(*s, axis));
      }
  return out;
}

// The fast kernel with the transposed layout between the axes (Options::FastTuning::transpose 1
// and 2), both passes, as the planner defines them; and the radix-32 column pass.
std::vector<gl::Defines> transposed_sets() {
  gl::Limits limits;
  limits.max_invocations = 1024;
  limits.max_group_size[0] = limits.max_group_size[1] = 1024;
  limits.max_shared_memory = 49152;
  std::vector<gl::Defines> out;
  for (int transpose : {1, 2})
    for (int n : {256, 1024}) {
      fft::Options o;
      o.width = o.height = n;
      o.fast.transpose = transpose;
      o.fast.column_per_thread = n == 1024 ? 32 : 0;
      auto rows = fft::detail::plan_fast_axis(n, 0, n, limits, o);
      auto columns = fft::detail::plan_fast_axis(n, 1, n, limits, o);
      for (fft::AxisStrategy* s : {&*rows, &*columns}) {
        s->via_buffer = true;
        s->width = s->height = n;
      }
      fft::detail::transpose_fast_axes(*rows, *columns, limits, o);
      out.push_back(fft::detail::fast_defines(*rows, 0));
      out.push_back(fft::detail::fast_defines(*columns, 1));
    }
  return out;
}

std::vector<gl::Defines> with(std::vector<gl::Defines> a, const std::vector<gl::Defines>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Representative define sets per entry point (path relative to shaders/). A file without a row
// is checked once with no defines. Pick sets that reach every #if branch.
const std::map<std::string, std::vector<gl::Defines>> kDefines = {
    {"fft/mixed.comp", mixed_sets()},
    {"fft/stockham.comp",
     {
         {{"N", "256"}, {"AXIS", "0"}, {"RADIX", "4"}, {"THREADS", "64"}, {"LINES", "2"}, {"SPLIT", "0"}},
         {{"N", "256"}, {"AXIS", "1"}, {"RADIX", "4"}, {"THREADS", "64"}, {"LINES", "2"}, {"SPLIT", "1"}},
         {{"N", "512"}, {"AXIS", "0"}, {"RADIX", "2"}, {"THREADS", "256"}, {"LINES", "1"}, {"SPLIT", "0"}},
         {{"N", "2"}, {"AXIS", "1"}, {"RADIX", "4"}, {"THREADS", "1"}, {"LINES", "64"}, {"SPLIT", "1"}},
     }},
    {"fft/cooley_tukey.comp",
     {
         {{"N", "256"}, {"AXIS", "0"}, {"LOCAL", "64"}},
         {{"N", "2"}, {"AXIS", "1"}, {"LOCAL", "1"}},
     }},
    {"fft/fast.comp", with(with(shuffle_sets(-1), transposed_sets()),
     {
         {{"N", "1024"}, {"AXIS", "1"}, {"P", "32"}, {"T", "32"}, {"L", "2"}, {"R1", "32"}, {"STAGES", "2"}, {"EX", "2"}},
         {{"N", "64"}, {"AXIS", "0"}, {"P", "32"}, {"T", "2"}, {"L", "4"}, {"R1", "2"}, {"STAGES", "2"}, {"EX", "1"}},
         {{"N", "256"}, {"AXIS", "0"}, {"P", "8"}, {"T", "32"}, {"L", "4"}, {"R1", "4"}, {"STAGES", "3"}, {"EX", "4"}},
         {{"N", "256"}, {"AXIS", "1"}, {"P", "8"}, {"T", "32"}, {"L", "4"}, {"R1", "4"}, {"STAGES", "3"}, {"EX", "2"}},
         {{"N", "1024"}, {"AXIS", "0"}, {"P", "16"}, {"T", "64"}, {"L", "1"}, {"R1", "4"}, {"STAGES", "3"}, {"EX", "1"}},
         {{"N", "8"}, {"AXIS", "1"}, {"P", "8"}, {"T", "1"}, {"L", "16"}, {"R1", "8"}, {"STAGES", "1"}, {"EX", "4"}},
     })},
    // The ocean's fused passes carry the fast kernel's defines (any strategy the planner picks).
    {"ocean/fused_rows.comp", with(shuffle_sets(0),
     {
         {{"N", "256"}, {"AXIS", "0"}, {"P", "4"}, {"T", "64"}, {"L", "2"}, {"R1", "4"}, {"STAGES", "4"}, {"EX", "2"}, {"TL", "128"}},
         {{"N", "64"}, {"AXIS", "0"}, {"P", "4"}, {"T", "16"}, {"L", "4"}, {"R1", "4"}, {"STAGES", "3"}, {"EX", "4"}, {"TL", "64"}},
     })},
    {"ocean/fused_columns.comp", with(shuffle_sets(1),
     {
         {{"N", "512"}, {"AXIS", "1"}, {"P", "4"}, {"T", "128"}, {"L", "2"}, {"R1", "2"}, {"STAGES", "5"}, {"EX", "2"}, {"TL", "256"}, {"LEVEL1", "1"}},
         {{"N", "1024"}, {"AXIS", "1"}, {"P", "16"}, {"T", "64"}, {"L", "2"}, {"R1", "4"}, {"STAGES", "3"}, {"EX", "1"}, {"TL", "128"}, {"LEVEL1", "1"}},
         {{"N", "1024"}, {"AXIS", "1"}, {"P", "32"}, {"T", "32"}, {"L", "2"}, {"R1", "32"}, {"STAGES", "2"}, {"EX", "2"}, {"TL", "64"}, {"LEVEL1", "1"}},
         {{"N", "256"}, {"AXIS", "1"}, {"P", "4"}, {"T", "64"}, {"L", "4"}, {"R1", "4"}, {"STAGES", "4"}, {"EX", "4"}, {"TL", "256"}, {"LEVEL1", "1"}},
         {{"N", "2048"}, {"AXIS", "1"}, {"P", "8"}, {"T", "256"}, {"L", "1"}, {"R1", "4"}, {"STAGES", "4"}, {"EX", "2"}, {"TL", "256"}, {"LEVEL1", "0"}},
         {{"N", "4096"}, {"AXIS", "1"}, {"P", "4"}, {"T", "1024"}, {"L", "1"}, {"R1", "4"}, {"STAGES", "6"}, {"EX", "2"}, {"TL", "1024"}, {"LEVEL1", "0"}},
     })},
    // The real transform's split and join in the register kernel's loads, along either axis.
    {"fft/real_fused.comp", with(shuffle_sets(0),
     {
         {{"N", "256"}, {"AXIS", "0"}, {"P", "8"}, {"T", "32"}, {"L", "4"}, {"R1", "4"}, {"STAGES", "3"}, {"EX", "4"}, {"TL", "128"}},
         {{"N", "512"}, {"AXIS", "1"}, {"P", "4"}, {"T", "128"}, {"L", "2"}, {"R1", "2"}, {"STAGES", "5"}, {"EX", "2"}, {"TL", "256"}},
     })},
    // The four-step path's natural-layout passes: the fast kernel as a column pass.
    {"fft/four_step_pass.comp",
     {
         {{"N", "128"}, {"AXIS", "1"}, {"P", "8"}, {"T", "16"}, {"L", "16"}, {"R1", "2"}, {"STAGES", "3"}, {"EX", "4"}, {"TL", "256"}},
         {{"N", "64"}, {"AXIS", "1"}, {"P", "8"}, {"T", "8"}, {"L", "32"}, {"R1", "8"}, {"STAGES", "2"}, {"EX", "2"}, {"TL", "256"}},
         {{"N", "8"}, {"AXIS", "1"}, {"P", "8"}, {"T", "1"}, {"L", "3"}, {"R1", "8"}, {"STAGES", "1"}, {"EX", "4"}, {"TL", "3"}},
         // A whole row of 8192 in one group (where 34 KiB of shared memory fit).
         {{"N", "8192"}, {"AXIS", "1"}, {"P", "16"}, {"T", "512"}, {"L", "1"}, {"R1", "2"}, {"STAGES", "4"}, {"EX", "1"}, {"TL", "512"}},
     }},
    {"ocean/foam.comp", {{{"INJECTION_GRID", "0"}}, {{"INJECTION_GRID", "1"}}}},
    {"ocean/spectrum.comp", {{{"PACKED", "0"}}, {{"PACKED", "1"}}}},
    {"render/ocean.frag", {{{"WATER_F0", "0.02"}}}},
    {"ocean/assemble.comp", {{{"PACKED", "0"}}, {{"PACKED", "1"}}}},
};

const std::set<std::string> kStages = {".comp", ".vert", ".frag", ".geom", ".tesc", ".tese"};

fs::path shader_root() {
  if (const char* d = std::getenv("OCEANFFT_SHADER_DIR"); d && *d) return d;
  if (const char* s = std::getenv("OCEANFFT_SOURCE_DIR"); s && *s) return fs::path(s) / "shaders";
  // The files themselves are needed (the built-in copies are checked by test_gl_shader).
  throw std::runtime_error("set OCEANFFT_SOURCE_DIR or OCEANFFT_SHADER_DIR to find shaders/");
}

std::string glslang() {
  const char* g = std::getenv("OCEANFFT_GLSLANG");
  return g && *g ? g : "glslangValidator";
}

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

struct Outcome {
  int status = -1;  // exit code, or -1 when it did not exit normally
  std::string output;
};

Outcome run(const std::string& command) {
  Outcome r;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) r.output.append(buf, n);
  const int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

// glslang reports "ERROR: 1:12: ..." with the source-string number our #line directives set;
// show it as file:line like the loader does for the driver.
std::string readable(const std::string& log, const std::vector<std::string>& files) {
  static const std::regex re(R"((ERROR|WARNING): (\d+):(\d+): )");
  std::string out;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, re)) {
      const size_t id = std::stoul(m[2].str());
      const std::string file = id < files.size() ? files[id] : "<source " + m[2].str() + ">";
      line = m.prefix().str() + m[1].str() + ": " + file + ":" + m[3].str() + ": " + m.suffix().str();
    }
    out += line + "\n";
  }
  return out;
}

std::string describe(const gl::Defines& d) {
  std::string s;
  for (auto& [k, v] : d) s += (s.empty() ? "" : " ") + k + "=" + v;
  return s.empty() ? "(no defines)" : s;
}

using oceanfft::test::TempDir;

std::vector<std::string> files_with(const fs::path& root, bool entry_points) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file()) continue;
    const std::string ext = e.path().extension().string();
    if (entry_points ? kStages.count(ext) > 0 : ext == ".glsl")
      out.push_back(fs::relative(e.path(), root).generic_string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Shaders, ReferenceCompilerAcceptsEveryEntryPoint) {
  const fs::path root = shader_root();
  ASSERT_TRUE(fs::is_directory(root / "fft")) << root;
  const Outcome version = run(quote(glslang()) + " --version");
  ASSERT_EQ(version.status, 0) << "glslangValidator is needed for this test (Debian package "
                                  "glslang-tools): " << version.output;

  gl::ShaderLibrary lib(test::context(), root.string());
  TempDir tmp;
  const auto entries = files_with(root, true);
  // The FFT's own kernels must be among them: an empty glob would pass vacuously.
  for (const char* must : {"fft/stockham.comp", "fft/cooley_tukey.comp"})
    EXPECT_NE(std::find(entries.begin(), entries.end(), must), entries.end()) << must;

  int checked = 0;
  for (const std::string& rel : entries) {
    const auto row = kDefines.find(rel);
    const std::vector<gl::Defines> sets = row != kDefines.end() ? row->second
                                                                : std::vector<gl::Defines>{{}};
    for (size_t i = 0; i < sets.size(); ++i) {
      SCOPED_TRACE(rel + " with " + describe(sets[i]));
      gl::ShaderSource src;
      try {
        src = lib.load(rel, sets[i]);
      } catch (const std::exception& e) {
        ADD_FAILURE() << "loader: " << e.what();
        continue;
      }
      // glslang picks the stage from the extension; keep it and make the name unique.
      std::string flat = rel;
      std::replace(flat.begin(), flat.end(), '/', '_');
      const fs::path file = tmp.path() / (std::to_string(i) + "_" + flat);
      std::ofstream(file, std::ios::binary) << src.text;
      const Outcome r = run(quote(glslang()) + " " + quote(file.string()));
      EXPECT_EQ(r.status, 0) << readable(r.output, src.files);
      ++checked;
    }
  }
  EXPECT_GE(checked, 2 + 2 + 4);  // at least the FFT kernels' own rows
  RecordProperty("variants_checked", checked);
}

// Include files are checked through their includers, so each must have one; an orphan would
// never be validated (nor used).
TEST(Shaders, EveryIncludeFileIsReachedFromAnEntryPoint) {
  const fs::path root = shader_root();
  gl::ShaderLibrary lib(test::context(), root.string());
  std::set<std::string> reached;
  for (const std::string& rel : files_with(root, true)) {
    const auto row = kDefines.find(rel);
    try {
      const auto src = lib.load(rel, row != kDefines.end() ? row->second.front() : gl::Defines{});
      reached.insert(src.files.begin(), src.files.end());
    } catch (const std::exception&) {
      // Reported by the test above.
    }
  }
  for (const std::string& inc : files_with(root, false))
    EXPECT_TRUE(reached.count(inc)) << inc << " is not included by any shader under " << root;
}

// fft/fast.glsl is generated from fft/fast.glsl.in by fft/gen_fast_shader.py: an edit of one
// without the other would run code nobody reviewed as such.
TEST(Shaders, GeneratedFastKernelMatchesItsTemplate) {
  const fs::path root = shader_root();
  TempDir tmp;
  const fs::path out = tmp.path() / "fast.glsl";
  const Outcome r = run("python3 " + quote((root / "fft/gen_fast_shader.py").string()) + " --out " +
                        quote(out.string()));
  ASSERT_EQ(r.status, 0) << r.output;
  auto slurp = [](const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  const std::string fresh = slurp(out), committed = slurp(root / "fft/fast.glsl");
  ASSERT_FALSE(fresh.empty());
  EXPECT_EQ(fresh.rfind("// GENERATED by shaders/fft/gen_fast_shader.py", 0), 0u) << "no banner";
  EXPECT_TRUE(fresh == committed)
      << "shaders/fft/fast.glsl differs from what gen_fast_shader.py writes: run it";
}

// The #line directives the loader emits ("#line N S") are the GLSL form glslang understands:
// an error in an included file must come back with that file's number and line.
TEST(Shaders, ReferenceCompilerMapsErrorsThroughLoaderLines) {
  TempDir tmp;
  fs::create_directories(tmp.path() / "shaders/lib");
  std::ofstream(tmp.path() / "shaders/main.comp")
      << "#version 430 core\n#include \"lib/bad.glsl\"\nlayout(local_size_x = 1) in;\nvoid main() {}\n";
  std::ofstream(tmp.path() / "shaders/lib/bad.glsl") << "// 1\n// 2\nfloat f() { return undeclared_x; }\n";
  gl::ShaderLibrary lib(test::context(), (tmp.path() / "shaders").string());
  const auto src = lib.load("main.comp", {{"A", "1"}});
  const fs::path file = tmp.path() / "main.comp";
  std::ofstream(file) << src.text;
  const Outcome r = run(quote(glslang()) + " " + quote(file.string()));
  EXPECT_NE(r.status, 0) << r.output;
  const std::string shown = readable(r.output, src.files);
  EXPECT_NE(shown.find("ERROR: lib/bad.glsl:3: "), std::string::npos) << shown;
}

}  // namespace
