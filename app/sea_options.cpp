// SPDX-License-Identifier: MIT
#include "sea_options.h"

#include "gl/error.h"
#include "ocean/simulation.h"

namespace oceanfft::app {

std::pair<const scene::Setting*, std::string> parse_set(const std::string& kv) {
  const size_t eq = kv.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == kv.size())
    throw Error(ErrorCode::InvalidArgument, "--set '" + kv + "': expected KEY=VALUE");
  const std::string key = kv.substr(0, eq);
  // The full key list would make a message of several hundred characters; point to it.
  const scene::Setting* row = scene::find_setting(key);
  if (!row)
    throw Error(ErrorCode::InvalidArgument, "--set: unknown key '" + key +
                                                "' (the keys: oceanfft demo --list-script-keys)");
  return {row, kv.substr(eq + 1)};
}

std::shared_ptr<SeaOptions> add_sea_options(CLI::App* cmd) {
  auto a = std::make_shared<SeaOptions>();
  const scene::Settings defaults;
  for (const scene::Setting& row : scene::settings_table())
    if (!row.option.empty() && row.scope != scene::Scope::Window) a->table.emplace_back(&row, std::string());
  for (auto& [row, text] : a->table) {
    if (row->kind == scene::Kind::Switch) {
      cmd->add_flag(row->option)->description(row->help + " (turns it on)");
    } else {
      cmd->add_option(row->option, text,
                      row->help + ": " + scene::accepted_values(*row) + " (default " +
                          scene::format_value(*row, defaults, false) + ")");
    }
  }
  cmd->add_option("--set", a->set,
                  "KEY=VALUE, repeatable: any setting by its script name "
                  "(`oceanfft demo --list-script-keys`), applied last");
  return a;
}

scene::Settings sea_settings(const CLI::App* cmd, const SeaOptions& a) {
  scene::Settings settings;
  auto set = [&](const std::string& option, std::string_view key, std::string_view value) {
    try {
      scene::apply_setting(settings, key, value);
    } catch (const Error& e) {
      throw Error(e.code(), option + ": " + e.what());
    }
  };
  // In table order: size before what is checked against the bands it sets, the preset before
  // the values that override it.
  for (const auto& [row, text] : a.table) {
    if (!cmd->count(row->option)) continue;
    set(row->option, row->key, row->kind == scene::Kind::Switch ? "on" : text);
  }
  for (const std::string& kv : a.set) {
    const auto [row, value] = parse_set(kv);
    set("--set", row->key, value);
  }
  ocean::validate(settings.ocean);
  return settings;
}

}  // namespace oceanfft::app
