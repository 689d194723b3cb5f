// SPDX-License-Identifier: MIT
#pragma once
// Each subcommand lives in its own cmd_*.cpp and registers itself here; main() only dispatches.
#include <CLI/CLI.hpp>

#include "fft/fft.h"

#include <functional>
#include <vector>

namespace oceanfft::app {

struct Command {
  CLI::App* cli = nullptr;
  std::function<int()> run;  // called after parsing when this subcommand was chosen
};
using Commands = std::vector<Command>;

void add_fft(CLI::App& app, Commands& out);
void add_verify(CLI::App& app, Commands& out);
void add_demo(CLI::App& app, Commands& out);
void add_viewer(CLI::App& app, Commands& out);
// What `oceanfft` with no subcommand runs: the demo with default options.
int run_default();
void add_roundtrip(CLI::App& app, Commands& out);
void add_bench(CLI::App& app, Commands& out);
void add_render(CLI::App& app, Commands& out);
void add_soak(CLI::App& app, Commands& out);
void add_probe(CLI::App& app, Commands& out);  // cmd_probe.cpp
void add_bake(CLI::App& app, Commands& out);   // cmd_bake.cpp

// "256,512" -> {256, 512}; used by several subcommands.
std::vector<int> parse_int_list(const std::string& text, const char* what);
// "all" or "cooley-tukey,fast" -> algorithms; an unknown name is an InvalidArgument error.
std::vector<fft::Algorithm> parse_algorithms(const std::string& text);
// Throws Io unless `path` could be created as a file (its directory exists and is writable and
// it is not itself a directory), so a command fails before doing the work it would discard.
void require_writable(const std::string& path, const char* what);

}  // namespace oceanfft::app
