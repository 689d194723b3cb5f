// SPDX-License-Identifier: MIT
// `oceanfft soak`: binds options to scene::run_soak (src/scene/soak.h) and prints its report.
#include <chrono>
#include <cstdio>
#include <string>

#include "commands.h"
#include "gl/error.h"
#include "scene/soak.h"

namespace oceanfft::app {

void add_soak(CLI::App& app, Commands& out) {
  auto a = std::make_shared<scene::SoakOptions>();
  a->seed = 0;
  CLI::App* cmd = app.add_subcommand(
      "soak", "headless ocean + FFT frames with random live changes; checks GL errors, leaks, RSS trend");
  cmd->add_option("--frames", a->frames, "frames after warm-up (at least 1)")->capture_default_str();
  cmd->add_option("--seed", a->seed, "random seed (0: time-based; always printed)");
  cmd->add_option("--size-max", a->size_max, "largest ocean size, a power of two in 64..4096")
      ->capture_default_str();
  cmd->add_option("--change-every", a->change_every, "a random change every this many frames on average")
      ->capture_default_str();
  cmd->add_option("--check-every", a->check_every, "frames between numeric checks")
      ->capture_default_str();
  cmd->add_option("--rss-every", a->rss_every,
                  "frames between memory samples at the baseline configuration (0: frames/20, at least 10)")
      ->capture_default_str();
  // Test only (no group: not in --help): shows that the memory check catches a real leak.
  cmd->add_option("--test-leak-kib", a->test_leak_kib, "")->group("");
  out.push_back({cmd, [a]() -> int {
    scene::SoakOptions o = *a;
    if (o.seed == 0) o.seed = uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
    std::printf("soak: seed %llu (replay: %s)\n", (unsigned long long)o.seed, scene::replay_command(o).c_str());
    std::fflush(stdout);
    const scene::SoakReport r = scene::run_soak(o, [](const std::string& line) {
      std::printf("%s\n", line.c_str());
      std::fflush(stdout);
    });
    const double mib = 1 << 20;
    std::printf(
        "soak: %d frames (+%d warm-up) in %.1f s, %d changes, %d FFT re-plans, %d round-trip checks "
        "(worst rel. error %.2e); GL objects %lld -> %lld; RSS at the baseline %.1f -> %.1f MiB over %d "
        "samples, trend %+.0f bytes/frame (noise bound %.1f MiB over the run), peak %.1f MiB incl. warm-up; GL errors %lld\n",
        o.frames, r.warmup_frames, r.seconds, r.changes, r.replans, r.checks, r.worst_error,
        (long long)r.base_objects.total(), (long long)r.end_objects.total(), double(r.rss.front().bytes) / mib,
        double(r.rss.back().bytes) / mib, r.trend.samples, r.trend.slope, r.trend.bound / mib,
        double(r.peak_rss) / mib, (long long)r.gl_errors);
    std::string samples;
    for (const scene::RssSample& s : r.rss) samples += " " + std::to_string(s.frame) + ":" + std::to_string(s.bytes >> 10);
    std::printf("soak: RSS at the baseline (frame:KiB):%s\n", samples.c_str());
    if (!r.rss_enforced) std::printf("soak: RSS trend not enforced under AddressSanitizer\n");
    if (const std::string why = scene::soak_failure(r); !why.empty()) throw Error(ErrorCode::Verification, why);
    std::printf("soak: passed\n");
    return 0;
  }});
}

}  // namespace oceanfft::app
