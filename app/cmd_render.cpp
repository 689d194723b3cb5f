// SPDX-License-Identifier: MIT
// `oceanfft render`: one frame of the ocean through EGL, with the window's own code, to a PNG;
// optionally the simulation's maps as raw float32 files with PNG previews.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "beaufort.h"
#include "commands.h"
#include "gl/context.h"
#include "gl/error.h"
#include "io/file.h"
#include "io/image.h"
#include "io/number.h"
#include "io/outputs.h"
#include "render/offscreen.h"
#include "sky/sky.h"
#include "scene/headless_frame.h"
#include "scene/settings_file.h"
#include "sea_options.h"

namespace oceanfft::app {
namespace {
namespace fs = std::filesystem;

constexpr int kMaxImageSide = 16384;

const char* kMapsHelp =
    "write the simulation's maps into DIR (created if missing): for each cascade c a folder "
    "cascade<c>/ holding raw little-endian float32 files, N x N texels row-major (row = z, "
    "column = x; texel (x, z) is world (x, z) * L_c/N metres, L_c the cascade's patch size), "
    "channels interleaved: height.f32 (1: metres, y up), displacement.f32 (3: x, y, z metres, "
    "choppiness applied), derivatives.f32 (4: dh/dx, dh/dz, d(lambda Dx)/dx, d(lambda Dz)/dz), "
    "normal.f32 (3: unit normal x, y, z of the cascade's own displaced surface; y < 0 where it "
    "folds), jacobian.f32 (1: the cascade's determinant, < 0 where folded), foam.f32 (1: "
    "active whitecap coverage, the fraction of the texel's area that is white water), "
    "foam_residual.f32 (1: residual foam and streaks, the same units); plus a PNG preview of each; and DIR/maps.json with N, the "
    "cascades' patch sizes and k bands, Hs measured and theoretical, the mean square slope "
    "(maps + sub-grid) against Cox & Munk and the whitecap coverage against Monahan";

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// The gallery: fixed seas, seeds and cameras, each a list of setting overrides
// exactly as `--set` takes them, so a new look (a time of day, clouds) is one more string.
struct GalleryShot {
  std::string name;    // the PNG's name without .png
  const char* camera;  // a camera preset
  std::vector<std::string> set;
};

const std::vector<GalleryShot>& gallery() {
  static const std::vector<GalleryShot> shots = [] {
    std::vector<GalleryShot> out;
    const std::pair<const char*, const char*> seas[] = {
        {"calm", "deck"}, {"fresh", "bridge"}, {"gale", "bridge"}, {"storm", "deck"},
        {"hurricane", "bridge"}};
    const std::pair<const char*, const char*> times[] = {{"noon", "12:00"}, {"sunset", "18:40"}};
    for (const auto& [when, clock] : times)
      for (const auto& [sea, camera] : seas)
        out.push_back({std::string(sea) + "-" + when, camera,
                       {std::string("preset=") + sea, "seed=1", std::string("time_of_day=") + clock}});
    out.push_back({"aerial", "aerial", {"preset=strong-gale", "seed=1", "time_of_day=15:00"}});
    out.push_back({"grazing", "grazing", {"preset=near-gale", "seed=1", "time_of_day=17:30"}});
    return out;
  }();
  return shots;
}

std::string gallery_names() {
  std::string out;
  for (const GalleryShot& g : gallery()) out += (out.empty() ? "" : ", ") + std::string(g.name);
  return out;
}

}  // namespace

void add_render(CLI::App& app, Commands& out) {
  struct Args {
    std::string out, maps, sky;
    int width = 1280, height = 720, samples = 4;
    double time = 12.0, foam_warmup = 2.0;
    std::string foam_start = "balance";
    std::string patch_sizes;
    // The settings table's own options (--wind-speed, --preset, ...), as text: they go through
    // apply_setting, so they accept and refuse exactly what the panel and scripts do.
    std::vector<std::pair<const scene::Setting*, std::string>> table;
    std::vector<std::string> set;
    float cam_height = 16.0f, cam_yaw = -112.0f, cam_pitch = -7.0f;
    std::string camera, gallery, beaufort;
    std::string settings_in, settings_out;  // settings files (scene/settings_file.h)
  };
  auto a = std::make_shared<Args>();
  const scene::Settings defaults;
  CLI::App* cmd = app.add_subcommand("render", "render one frame of the ocean headless (EGL) to a PNG");
  cmd->add_option("--out", a->out, "output PNG (written to a temporary file, then renamed)");
  cmd->add_option("--width", a->width, "image width in pixels, 1 to 16384 and within the driver's limits "
                  "(GL_MAX_RENDERBUFFER_SIZE, its memory: checked before any work)")
      ->capture_default_str()
      ->check(CLI::Range(1, kMaxImageSide));
  cmd->add_option("--height", a->height, "image height in pixels, as --width")
      ->capture_default_str()
      ->check(CLI::Range(1, kMaxImageSide));
  cmd->add_option("--time", a->time, "simulation time in seconds")->capture_default_str();
  cmd->add_option("--foam-warmup", a->foam_warmup,
                  "seconds simulated before --time, so foam has accumulated (the last 8 at 20 steps/s, "
                  "those before at 4)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 600.0));
  cmd->add_option("--foam-start", a->foam_start,
                  "balance: the foam stands at its balance with the sea, as after minutes of this "
                  "wind (the warm-up lasts at least three times the foam's lifetimes: 75 s at storm "
                  "force, 5 s at force 4); calm: the foam starts from none, so only --foam-warmup's "
                  "seconds build it")
      ->capture_default_str()
      ->check(CLI::IsMember({"balance", "calm"}));
  for (const scene::Setting& row : scene::settings_table())
    if (!row.option.empty()) a->table.emplace_back(&row, std::string());
  for (size_t i = 0; i < a->table.size(); ++i) {
    const scene::Setting& row = *a->table[i].first;
    if (row.kind == scene::Kind::Switch) {
      cmd->add_flag(row.option)->description(row.help + " (turns it on)");
    } else {
      cmd->add_option(row.option, a->table[i].second,
                      row.help + ": " + scene::accepted_values(row) + " (default " +
                          scene::format_value(row, defaults, false) + ")");
    }
  }
  std::string sizes_default;
  for (int c = 0; c < ocean::kMaxCascades; ++c)
    sizes_default += (c ? "," : "") + number(defaults.ocean.patch_sizes[size_t(c)]);
  cmd->add_option("--patch-sizes", a->patch_sizes,
                  "metres per cascade, largest first, comma-separated (default " + sizes_default + ")");
  cmd->add_option("--settings", a->settings_in,
                  "load a settings file (JSON, as the demo's Settings menu saves it) first; the "
                  "options beside it override it; window settings in it are skipped");
  cmd->add_option("--save-settings", a->settings_out,
                  "write the settings the frame used to this file (JSON), after the frame");
  cmd->add_option("--set", a->set,
                  "KEY=VALUE, repeatable: any setting by its script name "
                  "(`oceanfft demo --list-script-keys`), applied last");
  cmd->add_option("--camera", a->camera,
                  "camera preset: " + render::camera_preset_list() +
                      " (height, yaw and pitch; --camera-height/-yaw/-pitch then override)");
  // Ranges where the picture means something: above 20 km (the orbit camera's farthest) float
  // precision flattens the sea to one colour, a pitch of +-90 degrees has no up direction, and
  // the direction of a yaw of 1e30 degrees is float rounding.
  cmd->add_option("--camera-height", a->cam_height, "eye height above the mean sea level, metres")
      ->capture_default_str()
      ->check(CLI::Range(0.0f, 20000.0f));
  cmd->add_option("--camera-yaw", a->cam_yaw, "view direction, degrees from +x towards +z")
      ->capture_default_str()
      ->check(CLI::Range(-360.0f, 360.0f));
  cmd->add_option("--camera-pitch", a->cam_pitch, "degrees, > 0 looks up (as the demo's camera, at most 89 either way)")
      ->capture_default_str()
      ->check(CLI::Range(-89.0f, 89.0f));
  cmd->add_option("--samples", a->samples, "MSAA samples (1 = off), at most what the driver offers (GL_MAX_SAMPLES: 4 on "
                  "Mesa llvmpipe)")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--export-maps", a->maps, kMapsHelp);
  cmd->add_option("--beaufort", a->beaufort,
                  "render the Beaufort contact sheet into DIR (created if missing), all or "
                  "nothing: forces 0-12 from the deck at noon, 4, 8, 10 and 12 from the air, 6 at "
                  "low sun, each beside the WMO's sea criteria in DIR/index.html (" +
                      beaufort_shot_names() + ", at --width x --height)");
  cmd->add_option("--gallery", a->gallery,
                  "render the fixed gallery into DIR (created if missing) instead of --out: " +
                      gallery_names() + " (.png each, at --width x --height)");
  cmd->add_option("--sky", a->sky,
                  "equirectangular Radiance .hdr, or PNG, JPEG, BMP or TGA (at most 4096x2048), that replaces the "
                  "computed sky and clouds and lights the water");

  out.push_back({cmd, [a, cmd]() -> int {
    // Every check that needs no GPU comes first, so bad input fails fast and writes nothing.
    if (!a->gallery.empty() && !a->out.empty())
      throw Error(ErrorCode::InvalidArgument, "--gallery and --out exclude each other");
    if (!a->beaufort.empty() && (!a->out.empty() || !a->gallery.empty()))
      throw Error(ErrorCode::InvalidArgument, "--beaufort excludes --out and --gallery");
    if (a->out.empty() && a->gallery.empty() && a->beaufort.empty())
      throw Error(ErrorCode::InvalidArgument, "--out (or --gallery DIR, or --beaufort DIR) is required");
    // render writes PNG only; an .exr name would hold PNG bytes under the wrong name.
    if (const std::string ext = fs::path(a->out).extension().string();
        ext.size() == 4 && (ext[1] | 0x20) == 'e' && (ext[2] | 0x20) == 'x' && (ext[3] | 0x20) == 'r')
      throw Error(ErrorCode::InvalidArgument,
                  "--out '" + a->out + "': render writes PNG images only (name it .png); "
                  "for the sea's maps as OpenEXR use `oceanfft bake`");
    // Outputs that land on one file, or a file inside the maps folder, fail before any work.
    io::require_distinct_outputs({{a->out, "the output (--out)", false},
                                  {a->maps, "the maps folder (--export-maps)", true},
                                  {a->gallery, "the gallery folder (--gallery)", true},
                                  {a->beaufort, "the contact sheet folder (--beaufort)", true},
                                  {a->settings_out, "the settings file (--save-settings)", false}});
    if (!std::isfinite(a->time)) throw Error(ErrorCode::InvalidArgument, "--time must be finite");
    if (!std::isfinite(a->cam_height) || !std::isfinite(a->cam_yaw) || !std::isfinite(a->cam_pitch))
      throw Error(ErrorCode::InvalidArgument, "camera values must be finite");
    const render::CameraPreset camera_preset =
        a->camera.empty() ? render::CameraPreset{} : [&] {
          try {
            return render::find_camera_preset(a->camera);
          } catch (const Error& e) {
            throw Error(e.code(), "--camera: " + std::string(e.what()));
          }
        }();
    scene::Settings settings;
    std::optional<scene::View> view;  // the file's camera, unless camera options say otherwise
    if (!a->settings_in.empty()) {
      const std::vector<std::string> ignored =
          scene::load_settings_file(a->settings_in, settings, scene::SettingsScope::Render, &view);
      if (!ignored.empty())
        std::fprintf(stderr, "oceanfft: %s\n", scene::ignored_message(a->settings_in, ignored).c_str());
    }
    if (!a->settings_out.empty() && a->beaufort.empty()) {
      if (!a->gallery.empty())
        throw Error(ErrorCode::InvalidArgument, "--save-settings needs --out (a gallery has a set per shot)");
      io::require_writable(a->settings_out, "the settings file");
    }
    auto set = [&](const std::string& option, std::string_view key, std::string_view value) {
      try {
        scene::apply_setting(settings, key, value);
      } catch (const Error& e) {
        throw Error(e.code(), option + ": " + e.what());
      }
    };
    // In table order: size before everything that is checked against the bands it sets, the
    // preset before the values that override it.
    for (size_t i = 0; i < a->table.size(); ++i) {
      const scene::Setting& row = *a->table[i].first;
      if (!cmd->count(row.option)) continue;
      set(row.option, row.key, row.kind == scene::Kind::Switch ? "on" : a->table[i].second);
    }
    ocean::Params& p = settings.ocean;
    if (cmd->count("--patch-sizes")) {
      // All at once: one at a time, a new size could be refused for clashing with an old one.
      const std::string& text = a->patch_sizes;
      scene::Settings trial = settings;
      const std::vector<std::string> items = io::split_list(text);
      const int given = int(items.size());
      for (size_t i = 0; i < items.size(); ++i) {
        const std::string& item = items[i];
        if (int(i) >= ocean::kMaxCascades)
          throw Error(ErrorCode::InvalidArgument, "--patch-sizes '" + text + "' lists more than " +
                                                      std::to_string(ocean::kMaxCascades) + " sizes");
        float v = 0.0f;
        const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
        if (item.empty() || ec != std::errc() || end != item.data() + item.size() ||
            !std::isfinite(v) || v <= 0.0f)
          throw Error(ErrorCode::InvalidArgument, "--patch-sizes '" + text + "': '" + item +
                                                      "' is not a positive number of metres");
        trial.ocean.patch_sizes[i] = v;
      }
      if (!cmd->count("--cascades")) trial.ocean.cascades = given;
      if (given < trial.ocean.cascades)
        throw Error(ErrorCode::InvalidArgument,
                    "--patch-sizes '" + text + "' gives " + std::to_string(given) + " size(s) for " +
                        std::to_string(trial.ocean.cascades) + " cascades");
      try {
        ocean::validate(trial.ocean);
      } catch (const Error& e) {
        throw Error(e.code(), "--patch-sizes: " + std::string(e.what()));
      }
      settings = trial;
    }
    for (const std::string& kv : a->set) {
      const auto [row, value] = parse_set(kv);
      if (row->scope == scene::Scope::Window)
        throw Error(ErrorCode::InvalidArgument,
                    "--set: '" + row->key + "' is a window setting; render has no use for it");
      set("--set", row->key, value);
    }
    ocean::validate(p);
    // A set of fixed shots (the gallery, the Beaufort sheet) sets its own camera, sea preset,
    // seed and time of day, and draws the computed sky without maps: an option it would
    // silently ignore is refused by name. Besides the fixed list, any setting option or --set
    // key whose value a shot overrides (a preset sets wind, swell, cascades and patches) is.
    auto refuse_ignored = [&](const char* set_name, std::vector<const char*> fixed,
                              const std::vector<scene::Settings>& shots) {
      auto refuse = [&](const std::string& o, const char* why = "its shots set their own") {
        throw Error(ErrorCode::InvalidArgument, o + " does not apply to " + set_name + " (" + why + ")");
      };
      for (const char* o : fixed)
        if (cmd->count(o)) refuse(o);
      const char* overridden = "a shot's preset, seed or time of day sets it";
      for (const scene::Settings& shot : shots) {
        for (const auto& [row, text] : a->table)
          if (cmd->count(row->option) &&
              scene::format_value(*row, shot) != scene::format_value(*row, settings))
            refuse(row->option, overridden);
        for (const std::string& kv : a->set) {
          const scene::Setting* row = parse_set(kv).first;
          if (scene::format_value(*row, shot) != scene::format_value(*row, settings)) refuse("--set " + row->key, overridden);
        }
        if (cmd->count("--patch-sizes") && (shot.ocean.cascades != p.cascades ||
                                             shot.ocean.patch_sizes != p.patch_sizes))
          refuse("--patch-sizes", overridden);
      }
    };
    const std::vector<const char*> fixed_shot_options = {
        "--sky", "--export-maps", "--camera", "--camera-height", "--camera-yaw", "--camera-pitch",
        "--preset", "--seed", "--time-of-day", "--sun-elevation", "--sun-azimuth"};
    if (!a->beaufort.empty()) {
      // The sheet also fixes the time and the foam warm-up, and has no one set of settings.
      std::vector<const char*> fixed = fixed_shot_options;
      fixed.insert(fixed.end(), {"--time", "--foam-warmup", "--foam-start", "--save-settings"});
      refuse_ignored("--beaufort", fixed, beaufort_shot_settings(settings));
      return render_beaufort({a->beaufort, a->width, a->height, a->samples, settings});
    }
    if (!a->gallery.empty()) {
      std::vector<scene::Settings> shots;
      for (const GalleryShot& g : gallery()) {
        scene::Settings shot = settings;
        for (const std::string& kv : g.set) {
          const size_t eq = kv.find('=');
          scene::apply_setting(shot, kv.substr(0, eq), kv.substr(eq + 1));
        }
        shots.push_back(shot);
      }
      refuse_ignored("--gallery", fixed_shot_options, shots);
      // Every shot's settings are checked before the first is drawn.
      std::vector<std::pair<const GalleryShot*, scene::HeadlessFrame>> frames;
      const scene::Settings base = settings;
      for (const GalleryShot& g : gallery()) {
        settings = base;  // `set` writes into it
        for (const std::string& kv : g.set) {
          const size_t eq = kv.find('=');
          set("--gallery " + g.name, kv.substr(0, eq), kv.substr(eq + 1));
        }
        scene::HeadlessFrame f;
        f.settings = settings;
        f.width = a->width;
        f.height = a->height;
        f.samples = a->samples;
        f.time = a->time;
        f.foam_warmup = a->foam_warmup;
        f.foam_balance = a->foam_start == "balance";
        render::apply_camera_preset(f.camera, render::find_camera_preset(g.camera));
        frames.emplace_back(&g, f);
      }
      // All shots or none (io::OutputSet): every image is made before any is written, so a
      // failing shot (a NaN sea, a full disk) leaves the old gallery and no folder it made.
      io::OutputSet files;
      files.make_directory(a->gallery, "the gallery directory");
      for (const auto& [g, f] : frames)
        files.add((fs::path(a->gallery) / (g->name + ".png")).string(), "the gallery image");
      auto ctx = gl::create_headless();
      gl::ShaderLibrary shaders(*ctx);
      std::vector<std::string> lines;
      for (const auto& [g, f] : frames) {
        const std::string path = (fs::path(a->gallery) / (g->name + ".png")).string();
        const scene::RenderedFrame r = scene::render_frame(f, *ctx, shaders);
        files.put(path, io::encode_png(f.width, f.height, 4, r.rgba.data()));
        char line[512];
        std::snprintf(line, sizeof line,
                      "%s: %s, Hs %.2f m, slope var %.4f (Cox-Munk %.4f), whitecaps %.2f%% "
                      "(Monahan %.2f%%)\n",
                      path.c_str(), r.simulation.c_str(), r.sea.hs_measured, r.sea.mss_total(),
                      r.sea.mss_cox_munk, r.sea.coverage * 100.0, r.sea.coverage_monahan * 100.0);
        lines.push_back(line);
      }
      files.commit();
      for (const std::string& l : lines) std::fputs(l.c_str(), stdout);
      return 0;
    }
    io::require_writable(a->out, "the output");
    // Decoded here once to fail before the GPU work; the renderer decodes it again.
    if (!a->sky.empty()) sky::load_sky_image(a->sky);

    scene::HeadlessFrame frame;
    frame.settings = settings;
    frame.settings.shading.sky.file = a->sky;
    frame.width = a->width;
    frame.height = a->height;
    frame.samples = a->samples;
    frame.time = a->time;
    frame.foam_warmup = a->foam_warmup;
    frame.foam_balance = a->foam_start == "balance";
    frame.camera.mode = render::Camera::Mode::Fly;
    frame.camera.position = {0.0f, a->cam_height, 0.0f};
    frame.camera.yaw_deg = a->cam_yaw;
    frame.camera.pitch_deg = a->cam_pitch;
    const bool camera_options = !a->camera.empty() || cmd->count("--camera-height") ||
                                cmd->count("--camera-yaw") || cmd->count("--camera-pitch");
    if (view && !camera_options) scene::apply_view(frame.camera, *view);
    if (!a->camera.empty()) {
      render::apply_camera_preset(frame.camera, camera_preset);
      if (cmd->count("--camera-height")) frame.camera.position.y = a->cam_height;
      if (cmd->count("--camera-yaw")) frame.camera.yaw_deg = a->cam_yaw;
      if (cmd->count("--camera-pitch")) frame.camera.pitch_deg = a->cam_pitch;
    }
    // The image and the maps folder are one set: committed together after everything is made,
    // so a failed image write leaves the old maps too.
    io::OutputSet files;
    files.add(a->out, "the output");
    auto ctx = gl::create_headless();
    gl::ShaderLibrary shaders(*ctx);
    const scene::RenderedFrame r = scene::render_frame(frame, *ctx, shaders, a->maps, &files);
    files.put(a->out, io::encode_png(a->width, a->height, 4, r.rgba.data()));
    files.commit();
    if (!a->settings_out.empty())
      scene::save_settings_file(a->settings_out, settings, scene::SettingsScope::Render, scene::view_of(frame.camera));
    std::printf("%s: %dx%d, %s, t=%.2f s, Hs measured %.3f m, theory %.3f m (%+.1f%%)\n",
                a->out.c_str(), a->width, a->height, r.simulation.c_str(), a->time,
                r.sea.hs_measured, r.sea.hs_theory, r.sea.hs_error_percent());
    std::printf("  mean square slope %.4f (maps %.4f + sub-grid %.4f), Cox-Munk %.4f (%+.1f%%); "
                "whitecap coverage %.2f%%, Monahan %.2f%%; residual foam %.2f%%\n",
                r.sea.mss_total(), r.sea.mss_resolved, r.sea.mss_subgrid, r.sea.mss_cox_munk,
                r.sea.mss_cox_munk > 0 ? (r.sea.mss_total() / r.sea.mss_cox_munk - 1.0) * 100.0 : 0.0,
                r.sea.coverage * 100.0, r.sea.coverage_monahan * 100.0, r.sea.residual * 100.0);
    std::printf("  foam reads on %.1f%% of the picture's sea (%d pixels)\n", r.foam.share * 100.0,
                r.foam.sea_pixels);
    std::printf("  light on the sea %.3g (%.0f%% of a clear noon's; sky %.3g, sun %.3g), exposure %.3g\n",
                double(r.light.total), double(r.light.relative) * 100.0, double(r.light.sky),
                double(r.light.sun), double(r.exposure));
    return 0;
  }});
}

}  // namespace oceanfft::app
