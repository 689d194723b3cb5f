// SPDX-License-Identifier: MIT
// `oceanfft roundtrip`: an image through forward FFT, optional filter and inverse FFT, headless.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>

#include <nlohmann/json.hpp>

#include "commands.h"
#include "fft/fft.h"
#include "gl/context.h"
#include "gl/error.h"
#include "io/file.h"
#include "viewer/roundtrip.h"

namespace oceanfft::app {
namespace fs = std::filesystem;

void add_roundtrip(CLI::App& app, Commands& out) {
  struct Args {
    std::string image, out_dir, algorithm = std::string(fft::name(fft::kDefaultAlgorithm));
    std::string pad = "none", filter = "none";
    bool luminance = false;
    float gain = 1.0f, difference_gain = 0.0f;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "roundtrip", "FFT an image per channel, filter, transform back, and report the error");
  cmd->add_option("image", args->image, "PNG, JPEG, BMP or TGA (8 or 16 bits)")->required();
  cmd->add_option("--out", args->out_dir,
                  "directory for spectrum.png, reconstruction.png, difference.png, report.json")
      ->required();
  cmd->add_option("--algorithm", args->algorithm, "FFT algorithm: " + fft::algorithm_list());
  cmd->add_option("--pad", args->pad,
                  "none (transform at the image's own size), or zero or mirror to powers of two");
  cmd->add_option("--filter", args->filter,
                  "none, lowpass:R, highpass:R, gauss:S or band:R1:R2 (radii in frequency bins)");
  cmd->add_flag("--luminance", args->luminance, "spectrum of the luminance instead of per channel");
  cmd->add_option("--gain", args->gain, "spectrum view gain on the normalised log magnitude");
  cmd->add_option("--difference-gain", args->difference_gain, "amplification of difference.png; 0: the largest error shows white");
  out.push_back({cmd, [args]() -> int {
    viewer::Settings settings;
    auto algorithm = fft::parse_algorithm(args->algorithm);
    if (!algorithm)
      throw Error(ErrorCode::InvalidArgument, "unknown algorithm '" + args->algorithm +
                                                  "'; choose one of: " + fft::algorithm_list());
    auto pad = viewer::parse_padding(args->pad);
    if (!pad)
      throw Error(ErrorCode::InvalidArgument, "unknown padding '" + args->pad + "'; use none, zero or mirror");
    if (!std::isfinite(args->gain) || args->gain <= 0.0f || !std::isfinite(args->difference_gain) ||
        args->difference_gain < 0.0f)
      throw Error(ErrorCode::InvalidArgument,
                  "--gain must be positive and --difference-gain positive or 0 (automatic)");
    settings.algorithm = *algorithm;
    settings.padding = *pad;
    settings.filter = viewer::parse_filter(args->filter);
    settings.luminance = args->luminance;
    settings.spectrum_gain = args->gain;
    settings.difference_gain = args->difference_gain;

    // Decode (and refuse bad files) before paying for a GL context.
    viewer::Image image = viewer::load_image(args->image);
    // The four files are one set: all new or all old, and a folder made for them is removed
    // again when the run fails (or is interrupted) before they are written.
    const fs::path dir(args->out_dir);
    io::OutputSet files;
    files.make_directory(args->out_dir);
    const std::string spectrum = (dir / "spectrum.png").string(),
                      reconstruction = (dir / "reconstruction.png").string(),
                      difference = (dir / "difference.png").string(), report_path = (dir / "report.json").string();
    for (const std::string& f : {spectrum, reconstruction, difference, report_path}) files.add(f);

    auto ctx = gl::create_headless();
    gl::ShaderLibrary shaders(*ctx);
    viewer::RoundTrip rt(shaders);
    rt.configure(settings);
    rt.set_image(std::move(image));
    if (ctx->check_errors("roundtrip") || ctx->error_count())
      throw Error(ErrorCode::GlRuntime, "the GL driver reported errors; no output written");

    const viewer::Image& img = rt.image();
    const viewer::Errors& e = rt.errors();
    // psnr_db is +inf for an exact reconstruction; anything else non-finite means the transform
    // produced NaN or infinity somewhere, and pictures of that are not a result.
    if (!std::isfinite(e.max_abs) || !std::isfinite(e.rms) || std::isnan(e.psnr_db))
      throw Error(ErrorCode::NonFinite,
                  "the round trip with filter " + viewer::describe(settings.filter) +
                      " produced a non-finite error (max |err| " + std::to_string(e.max_abs) + ", RMS " +
                      std::to_string(e.rms) + "); no output written");
    files.put(spectrum, rt.spectrum_png());
    files.put(reconstruction, rt.reconstruction_png());
    files.put(difference, rt.difference_png());
    nlohmann::json report = {
        {"image", args->image},
        {"width", img.width},
        {"height", img.height},
        {"padded_width", rt.padded_width()},
        {"padded_height", rt.padded_height()},
        {"channels", img.channels},
        {"bits", img.bits},
        {"algorithm", std::string(fft::name(settings.algorithm))},
        // The padding used: a power-of-two algorithm zero-pads where "none" was asked for.
        {"padding", std::string(viewer::name(rt.padding_used()))},
        {"padding_requested", std::string(viewer::name(settings.padding))},
        {"filter", viewer::describe(settings.filter)},
        {"max_abs_error", e.max_abs},
        {"rms_error", e.rms},
        // JSON has no infinity: null means the reconstruction matched exactly (MSE 0).
        {"psnr_db", std::isfinite(e.psnr_db) ? nlohmann::json(e.psnr_db) : nlohmann::json(nullptr)},
    };
    // A file name need not be UTF-8; JSON must be (U+FFFD stands in for a bad byte).
    files.put(report_path, report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    files.commit();
    std::printf("%s: %dx%d (padded %dx%d), %d channel(s), %s, filter %s: max |err| %.3g, RMS %.3g, "
                "PSNR %.2f dB\n",
                args->image.c_str(), img.width, img.height, rt.padded_width(), rt.padded_height(),
                img.channels, std::string(fft::name(settings.algorithm)).c_str(),
                viewer::describe(settings.filter).c_str(), e.max_abs, e.rms, e.psnr_db);
    return 0;
  }});
}

}  // namespace oceanfft::app
