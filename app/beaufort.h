// SPDX-License-Identifier: MIT
#pragma once
// `oceanfft render --beaufort DIR`: every Beaufort force from the deck at noon, four from the
// air and one at low sun, each beside the WMO's words for that force, as one contact sheet
// (DIR/index.html) and its pictures, written as one set.
#include <string>
#include <vector>

#include "scene/settings.h"

namespace oceanfft::app {

struct BeaufortSheet {
  std::string dir;
  int width = 1280, height = 720, samples = 4;
  // Settings under every shot (the command line's); each shot sets its preset, seed, time of
  // day and camera over them.
  scene::Settings base;
};

// Renders the sheet; returns the process exit status. Throws Error on bad input or GL failure,
// and then leaves DIR as it was.
int render_beaufort(const BeaufortSheet& sheet);

// Each shot's settings: `base` with the shot's preset, seed and time of day applied (Error
// naming the shot when one is refused). render checks against them which of its options a
// shot would override, to refuse those by name.
std::vector<scene::Settings> beaufort_shot_settings(const scene::Settings& base);

// "force 0 ... 12 deck, 4 8 10 12 aerial, 6 low sun": the shots' file names, for --help.
std::string beaufort_shot_names();

}  // namespace oceanfft::app
