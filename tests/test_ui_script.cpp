// The demo script and the settings it drives: parsing, validation with line numbers, and that
// every key the panels offer round-trips through apply_setting. No GL needed.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "gl/error.h"
#include "ui/app.h"
#include "ui/script.h"
#include "ui/settings.h"

using namespace oceanfft;
using namespace oceanfft::ui;

namespace {

ScriptCheck settings_check() { return script_check(); }

std::string error_of(std::string_view text) {
  try {
    Script::parse(text, "s.txt", settings_check());
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::InvalidArgument);
    return e.what();
  }
  return "";
}

}  // namespace

TEST(UiScript, ParsesFramesKeysAndComments) {
  Script s = Script::parse(
      "# a comment\n"
      "\n"
      "200 size=512\n"
      "120 algorithm=cooley-tukey   # trailing comment\n"
      "  300 wind_speed=12 choppiness=0.5\r\n"
      "120 report=objects\n",
      "s.txt", settings_check());
  ASSERT_EQ(s.entries().size(), 5u);
  // Sorted by frame, file order kept within a frame.
  EXPECT_EQ(s.entries()[0].frame, 120);
  EXPECT_EQ(s.entries()[0].key, "algorithm");
  EXPECT_EQ(s.entries()[0].value, "cooley-tukey");
  EXPECT_EQ(s.entries()[0].line, 4);
  EXPECT_EQ(s.entries()[1].key, "report");
  EXPECT_EQ(s.entries()[2].frame, 200);
  EXPECT_EQ(s.entries()[3].key, "wind_speed");
  EXPECT_EQ(s.entries()[3].value, "12");
  EXPECT_EQ(s.entries()[4].key, "choppiness");
  EXPECT_EQ(s.entries()[4].line, 5);
  EXPECT_EQ(s.due(120).size(), 2u);
  EXPECT_EQ(s.due(121).size(), 0u);
  EXPECT_EQ(s.due(300).size(), 2u);
  EXPECT_EQ(s.last_frame(), 300);
}

TEST(UiScript, ErrorsNameTheLineAndTheProblem) {
  std::string e = error_of("10 size=256\n\n20 colour=red\n");
  EXPECT_NE(e.find("s.txt:3:"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown key 'colour'"), std::string::npos) << e;
  EXPECT_NE(e.find("wind_speed"), std::string::npos) << "the message should list known keys: " << e;

  e = error_of("1 algorithm=bogus\n");
  EXPECT_NE(e.find("s.txt:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("stockham-r4"), std::string::npos) << e;

  e = error_of("1 size=500\n");
  EXPECT_NE(e.find("power of two"), std::string::npos) << e;
  e = error_of("1 size=32\n");
  EXPECT_NE(e.find("power of two"), std::string::npos) << e;
  e = error_of("1 size=8192\n");
  EXPECT_NE(e.find("s.txt:1:"), std::string::npos) << e;
  e = error_of("1 wind_speed=fast\n");
  EXPECT_NE(e.find("wind_speed"), std::string::npos) << e;
  e = error_of("1 wind_speed=nan\n");
  EXPECT_NE(e.find("wind_speed"), std::string::npos) << e;
  e = error_of("1 depth=-5\n");
  EXPECT_NE(e.find("depth"), std::string::npos) << e;
  e = error_of("abc size=64\n");
  EXPECT_NE(e.find("frame number"), std::string::npos) << e;
  e = error_of("-3 size=64\n");
  EXPECT_NE(e.find("frame number"), std::string::npos) << e;
  e = error_of("12\n");
  EXPECT_NE(e.find("no key=value"), std::string::npos) << e;
  e = error_of("12 size\n");
  EXPECT_NE(e.find("key=value"), std::string::npos) << e;
  e = error_of("12 =64\n");
  EXPECT_NE(e.find("key=value"), std::string::npos) << e;
  e = error_of("12 size=\n");
  EXPECT_NE(e.find("key=value"), std::string::npos) << e;
  e = error_of("12 mode=photo\n");
  EXPECT_NE(e.find("ocean or viewer"), std::string::npos) << e;
  e = error_of("12 vsync=maybe\n");
  EXPECT_NE(e.find("on or off"), std::string::npos) << e;
  e = error_of("12 report=everything\n");
  EXPECT_NE(e.find("objects"), std::string::npos) << e;
}

TEST(UiScript, MissingFileIsAnIoError) {
  try {
    Script::load("/nonexistent/oceanfft-script.txt", settings_check());
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::Io);
    EXPECT_NE(std::string(e.what()).find("/nonexistent/oceanfft-script.txt"), std::string::npos);
  }
}

TEST(UiSettings, EveryKeyAppliesAndBadValuesLeaveSettingsUnchanged) {
  Settings s;
  apply_setting(s, "algorithm", "cooley-tukey");
  EXPECT_EQ(s.ocean.algorithm, fft::Algorithm::CooleyTukey);
  apply_setting(s, "size", "128");
  EXPECT_EQ(s.ocean.size, 128);
  apply_setting(s, "wind_speed", "12.5");
  EXPECT_FLOAT_EQ(s.ocean.wind_speed, 12.5f);
  apply_setting(s, "wind_direction", "-45");
  EXPECT_FLOAT_EQ(s.ocean.wind_direction_deg, -45.0f);
  apply_setting(s, "seed", "18446744073709551615");
  EXPECT_EQ(s.ocean.seed, 18446744073709551615ull);
  apply_setting(s, "mode", "viewer");
  EXPECT_EQ(s.mode, Mode::Viewer);
  apply_setting(s, "camera", "fly");
  EXPECT_EQ(s.camera, CameraMode::Fly);
  apply_setting(s, "wireframe", "on");
  EXPECT_TRUE(s.shading.wireframe);
  apply_setting(s, "vsync", "off");
  EXPECT_FALSE(s.vsync);

  const Settings before = s;
  EXPECT_THROW(apply_setting(s, "size", "100"), Error);
  EXPECT_THROW(apply_setting(s, "wind_speed", "1e9"), Error);
  EXPECT_THROW(apply_setting(s, "wind_speed", "12x"), Error);
  EXPECT_THROW(apply_setting(s, "seed", "-1"), Error);
  EXPECT_EQ(s.ocean.size, before.ocean.size);
  EXPECT_EQ(s.ocean.wind_speed, before.ocean.wind_speed);
  EXPECT_EQ(s.ocean.seed, before.ocean.seed);

  // Every advertised key accepts at least one value (the first word of its help, or a number).
  for (const SettingInfo& k : setting_keys()) {
    Settings t;
    std::string value = k.help.substr(0, k.help.find_first_of(" ,"));
    if (k.key == "size") value = "64";
    if (k.help.rfind("number in [", 0) == 0) value = k.help.substr(11, k.help.find(',') - 11);
    if (k.key == "seed") value = "7";
    if (k.key == "mesh_segments") value = "64";
    EXPECT_NO_THROW(apply_setting(t, k.key, value)) << k.key << "=" << value;
  }
}
