// SPDX-License-Identifier: MIT
#pragma once
// ImGui widgets generated from the settings table (settings.h): every panel draws a setting
// through these, so its range, scale and help are the table's.
#include <string_view>

#include "scene/settings.h"

namespace oceanfft::ui {

// The widget of one table row into the current ImGui window, with the row's range, log scale
// and help as tooltip. Returns true when the user changed the value in `s`.
bool draw_setting(const scene::Setting& row, scene::Settings& s);
// Every row of a panel section whose `shown` holds, in table order.
bool draw_setting_group(std::string_view group, scene::Settings& s);

}  // namespace oceanfft::ui
