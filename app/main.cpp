// oceanfft: one executable, one subcommand per job (see app/cmd_*.cpp).
#include <cstdio>
#include <string>
#ifdef __GLIBC__  // defined by the headers above
#include <malloc.h>
#endif

#include "commands.h"
#include "gl/error.h"

namespace {
// Every failure is one stderr line, so scripts can show it as is. Messages that carry a driver
// log (shader compile errors: file:line per error) have their lines joined with "; ".
std::string one_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r') continue;
    if (text[i] != '\n') {
      out += text[i];
      continue;
    }
    while (!out.empty() && (out.back() == ' ' || out.back() == ':')) out.pop_back();
    out += "; ";
  }
  return out;
}
}  // namespace

int main(int argc, char** argv) {
  using namespace oceanfft;
#ifdef __GLIBC__
  // Software GL drivers keep textures in malloc'd memory. glibc raises its mmap threshold each
  // time such a block is freed, so later textures come from the heap and stay there after
  // they are freed: a long session of size changes grew RSS by 68% with no leak. Pinning the
  // threshold returns freed texture memory to the system.
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
  CLI::App app{"oceanfft: a GPU FFT in GLSL compute shaders, and a real-time ocean built on it"};
  app.require_subcommand(0, 1);
  app::Commands commands;
  app::add_fft(app, commands);
  app::add_verify(app, commands);
  app::add_demo(app, commands);
  app::add_viewer(app, commands);
  app::add_roundtrip(app, commands);
  app::add_bench(app, commands);
  app::add_render(app, commands);
  app::add_soak(app, commands);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version arrive as "errors" with status 0; they print to stdout as usual.
    if (e.get_exit_code() == 0) return app.exit(e);
    // Real parse errors get the same single stderr line as every other failure.
    std::fprintf(stderr, "oceanfft: error: %s (see --help)\n", one_line(e.what()).c_str());
    return static_cast<int>(ErrorCode::InvalidArgument);
  }
  try {
    for (auto& c : commands)
      if (c.cli->parsed()) return c.run();
    return app::run_default();
  } catch (const Error& e) {
    std::fprintf(stderr, "oceanfft: error: %s\n", one_line(e.what()).c_str());
    return e.exit_status();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "oceanfft: error: %s\n", one_line(e.what()).c_str());
    return 1;
  }
}
