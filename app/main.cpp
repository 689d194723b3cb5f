// SPDX-License-Identifier: MIT
// oceanfft: one executable, one subcommand per job (see app/cmd_*.cpp).
#include <csignal>
#include <cstdio>
#include <new>
#include <string>
#ifdef __GLIBC__  // defined by the headers above
#include <malloc.h>
#endif

#include "commands.h"
#include "gl/error.h"
#include "io/file.h"
#include "io/number.h"
#include "oceanfft/version.h"

namespace {
namespace io = oceanfft::io;
// Every failure is one stderr line, so scripts can show it as is: control bytes escaped (a file
// name cannot forge a second line or reach the terminal), capped in length, and a driver log's
// lines (shader compile errors: file:line per error) joined with "; ".
void print_error(const std::string& text) {
  std::fprintf(stderr, "oceanfft: error: %s\n", io::one_line(text, 1000).c_str());
}

// CLI11 reads integers with strtoll(..., 0): "0100" would be octal 64 and "0x40" hex. Every
// numeric option of every subcommand gets the one decimal rule of io/number.h instead.
// CLI11's type name of an option, without the validators' descriptions it appends after ':'
// ("INT:INT in [1 - 64]" for an option with a CLI::Range is an INT).
std::string value_type(const CLI::Option* opt) {
  const std::string full = opt->get_type_name();
  return full.substr(0, full.find(':'));
}

void decimal_only(CLI::App& app) {
  for (CLI::Option* opt : app.get_options([](CLI::Option* o) { return o->get_type_size() != 0; })) {
    const std::string type = value_type(opt);
    io::NumberKind kind;
    if (type == "INT") kind = io::NumberKind::Signed;
    else if (type == "UINT") kind = io::NumberKind::Unsigned;
    else if (type == "FLOAT") kind = io::NumberKind::Real;
    else continue;
    // CLI11 names a hidden option (no group) as "" in its messages; name it here instead.
    const std::string name =
        opt->get_group().empty() && !opt->get_lnames().empty() ? "--" + opt->get_lnames().front() + " " : "";
    opt->transform(CLI::Validator(
        [kind, name](std::string& value) -> std::string {
          std::string why = io::decimal_problem(value, kind);
          if (!why.empty()) return name + "'" + value + "': " + why;
          if (kind != io::NumberKind::Real) value = io::strip_leading_zeros(value);
          // Overflow: CLI11 would wrap an unsigned value, saturate a signed one and make a
          // real one infinite; refuse instead.
          try {
            if (kind == io::NumberKind::Signed) io::parse_int(value, "number");
            else if (kind == io::NumberKind::Unsigned) io::parse_uint(value, "number");
            else io::parse_real(value, "number");
          } catch (const std::exception&) {
            return name + "'" + value + "': out of range";
          }
          return {};
        },
        "", "decimal"));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) decimal_only(*sub);
}

// Every named option that takes a value, one per line: "SUBCOMMAND<TAB>--name<TAB>TYPE". The
// bad-input test walks this list, so an option added later is checked without editing the test.
void list_options(const CLI::App& app, const std::string& path) {
  for (const CLI::Option* opt : app.get_options([](const CLI::Option* o) { return o->get_type_size() != 0; })) {
    const std::string name = !opt->get_lnames().empty()   ? "--" + opt->get_lnames().front()
                             : !opt->get_snames().empty() ? "-" + opt->get_snames().front()
                                                          : std::string();
    if (name.empty()) continue;  // a positional
    std::printf("%s\t%s\t%s\n", path.c_str(), name.c_str(), value_type(opt).c_str());
  }
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    list_options(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name());
}
}  // namespace

int main(int argc, char** argv) {
  using namespace oceanfft;
#ifdef __GLIBC__
  // Software GL drivers keep textures in malloc'd memory. glibc raises its mmap threshold each
  // time such a block is freed, so later textures come from the heap and stay there after
  // they are freed, so a long run of size changes grows RSS with no leak. Pinning the threshold
  // returns freed texture memory to the system.
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
  CLI::App app{"oceanfft: a GPU FFT in GLSL compute shaders, and a real-time ocean built on it"};
  app.require_subcommand(0, 1);
  app.set_version_flag("--version", std::string("oceanfft ") + OCEANFFT_VERSION_STRING);
  app::Commands commands;
  app::add_fft(app, commands);
  app::add_verify(app, commands);
  app::add_demo(app, commands);
  app::add_viewer(app, commands);
  app::add_roundtrip(app, commands);
  app::add_bench(app, commands);
  app::add_render(app, commands);
  app::add_soak(app, commands);
  app::add_probe(app, commands);
  app::add_bake(app, commands);
  decimal_only(app);
  // Hidden (no group): for the tests, not for users.
  bool list = false;
  app.add_flag("--list-options", list)->group("");
  // A file size limit (ulimit -f) must fail a write with EFBIG, which io reports and cleans up
  // after, instead of killing the process half-way through a file.
  std::signal(SIGXFSZ, SIG_IGN);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version arrive as "errors" with status 0; they print to stdout as usual.
    if (e.get_exit_code() == 0) return app.exit(e);
    // Real parse errors get the same single stderr line as every other failure.
    print_error(std::string(e.what()) + " (see --help)");
    return static_cast<int>(ErrorCode::InvalidArgument);
  }
  if (list) {
    list_options(app, "");
    return 0;
  }
  try {
    for (auto& c : commands)
      if (c.cli->parsed()) return c.run();
    return app::run_default();
  } catch (const Error& e) {
    print_error(e.what());
    return e.exit_status();
  } catch (const std::bad_alloc&) {
    print_error("out of memory");
    return static_cast<int>(ErrorCode::GlRuntime);
  } catch (const std::exception& e) {
    print_error(e.what());
    return 1;
  }
}
