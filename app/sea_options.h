// SPDX-License-Identifier: MIT
#pragma once
// The sea options the subcommands that make an ocean without drawing it share (probe, bake):
// the settings table's ocean rows as options (--preset, --seed, --size, --wind-speed, ...) and
// --set KEY=VALUE, applied as `render` applies them.
#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "scene/settings.h"

namespace oceanfft::app {

struct SeaOptions {
  std::vector<std::pair<const scene::Setting*, std::string>> table;
  std::vector<std::string> set;
};

// One --set value split into its settings-table row and its value text. Throws
// Error(InvalidArgument) for a value that is not KEY=VALUE or a key that is no row.
std::pair<const scene::Setting*, std::string> parse_set(const std::string& kv);

// Adds the options to `cmd`; the returned object receives them.
std::shared_ptr<SeaOptions> add_sea_options(CLI::App* cmd);
// The settings they make (table order, then --set), validated. Throws Error(InvalidArgument)
// naming the option.
scene::Settings sea_settings(const CLI::App* cmd, const SeaOptions& options);

}  // namespace oceanfft::app
