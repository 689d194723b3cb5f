// SPDX-License-Identifier: MIT
#pragma once
// The help overlay (? or H): every row of the key table (ui/keys.h), drawn in the middle of the
// view over the sea.
#include <string>
#include <vector>

namespace oceanfft::ui {

// Draws the overlay; returns its rows as drawn, "KEYS: WHAT" each, so scripted runs can log
// what a user sees. `open` turns false when its close button is clicked.
std::vector<std::string> draw_help_overlay(bool& open);

}  // namespace oceanfft::ui
