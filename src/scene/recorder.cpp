// SPDX-License-Identifier: MIT
#include "scene/recorder.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <vector>

#include "gl/error.h"
#include "io/file.h"
#include "io/image.h"

extern char** environ;

namespace oceanfft::scene {
namespace fs = std::filesystem;

namespace {

std::string frame_path(const std::string& dir, int i) {
  char name[32];
  std::snprintf(name, sizeof name, "frame-%06d.png", i);
  return (fs::path(dir) / name).string();
}

std::string shell_quote(const std::string& w) {
  std::string out = "'";
  for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::string timestamp() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

std::string dated_name(const std::string& dir, const std::string& stem, const std::string& suffix) {
  const std::string base = (fs::path(dir) / (stem + "-" + timestamp())).string();
  std::string name = base + suffix;
  for (int i = 2; fs::exists(fs::symlink_status(name)); ++i) {
    if (i > 999) throw Error(ErrorCode::Io, "no free name for " + base + suffix);
    name = base + "-" + std::to_string(i) + suffix;
  }
  return name;
}

std::string save_dated_screenshot(const std::string& dir, const Pixels& p) {
  const std::string path = dated_name(dir, "oceanfft", ".png");
  io::write_new_file(path, io::encode_png(p.width, p.height, 4, p.rgba.data()), "the screenshot");
  return path;
}

bool on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string list = path;
  size_t start = 0;
  while (start <= list.size()) {
    const size_t end = std::min(list.find(':', start), list.size());
    const std::string dir = list.substr(start, end - start);
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / name;
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec) && access(candidate.c_str(), X_OK) == 0) return true;
    start = end + 1;
  }
  return false;
}

void Recorder::start(const std::string& dir, double fps, int expected_frames) {
  if (!(fps >= 1.0 && fps <= 240.0))
    throw Error(ErrorCode::InvalidArgument, "--fps must be in 1..240, got " + std::to_string(fps));
  if (dir.empty()) throw Error(ErrorCode::InvalidArgument, "the recording needs a folder");
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir, ec))
    throw Error(ErrorCode::Io, "cannot create the recording folder " + io::quote(dir) +
                                   (ec ? ": " + ec.message() : ""));
  if (access(dir.c_str(), W_OK) != 0)
    throw Error(ErrorCode::Io, "the recording folder " + io::quote(dir) + " is not writable");
  io::require_new(frame_path(dir, 0), "the recording's first frame");
  dir_ = dir;
  fps_ = fps;
  expected_ = expected_frames;
  frames_ = 0;
  times_.clear();
  error_.clear();
  active_ = true;
  started_ = std::chrono::steady_clock::now();
}

bool Recorder::add(const Pixels& p, double time) {
  if (!active_) return false;
  try {
    io::write_new_file(frame_path(dir_, frames_), io::encode_png(p.width, p.height, 4, p.rgba.data()),
                       "the recording's frame");
  } catch (const Error& e) {
    error_ = "recording stopped after " + std::to_string(frames_) + " frame(s): " + e.what() +
             "; the frames written are kept in " + dir_;
    active_ = false;
    write_times();
    return false;
  }
  times_.push_back(time);
  ++frames_;
  return true;
}

void Recorder::write_times() {
  std::string text;
  char line[64];
  for (size_t i = 0; i < times_.size(); ++i) {
    std::snprintf(line, sizeof line, "%06zu %.9f\n", i, times_[i]);
    text += line;
  }
  try {
    io::write_file((fs::path(dir_) / "frames.txt").string(), text, "the recording's frame times");
  } catch (const Error& e) {
    if (error_.empty()) error_ = e.what();
  }
}

std::string Recorder::stop() {
  if (active_) write_times();
  active_ = false;
  std::string out = "recorded " + std::to_string(frames_) + " frame(s) at " + std::to_string(int(fps_)) +
                    " fps (" + std::to_string(frames_ / fps_).substr(0, 5) + " s) in " + dir_;
  if (frames_ == 0) return out;
  if (on_path("ffmpeg"))
    out += "\nmake an MP4 with: " + ffmpeg_command();
  else
    out += "\nffmpeg is not on the PATH; with it, make an MP4 with: " + ffmpeg_command();
  return out;
}

std::string Recorder::progress() const {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  const double rate = seconds > 0 ? frames_ / seconds : 0.0;
  char buf[512];
  if (expected_ > 0) {
    const double eta = rate > 0 ? (expected_ - frames_) / rate : 0.0;
    std::snprintf(buf, sizeof buf, "recording %s: %d/%d frames (%d%%), %.1f frames/s, ETA %.0f s",
                  dir_.c_str(), frames_, expected_, int(100.0 * frames_ / expected_), rate, eta);
  } else {
    std::snprintf(buf, sizeof buf, "recording %s: %d frames, %.1f frames/s", dir_.c_str(), frames_, rate);
  }
  return buf;
}

std::string Recorder::ffmpeg_command() const {
  return "ffmpeg -framerate " + std::to_string(int(fps_)) + " -i " +
         shell_quote((fs::path(dir_) / "frame-%06d.png").string()) +
         " -c:v libx264 -pix_fmt yuv420p -crf 18 " + shell_quote((fs::path(dir_) / "recording.mp4").string());
}

std::string Recorder::make_mp4() const {
  if (!on_path("ffmpeg")) throw Error(ErrorCode::Io, "ffmpeg is not on the PATH");
  const std::string out = (fs::path(dir_) / "recording.mp4").string();
  const std::string part = (fs::path(dir_) / ".recording.mp4.part").string();
  const std::string fps = std::to_string(int(fps_));
  const std::string input = (fs::path(dir_) / "frame-%06d.png").string();
  std::vector<std::string> args = {"ffmpeg", "-y", "-loglevel", "error", "-framerate", fps, "-i", input,
                                   "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", "-f", "mp4", part};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawnp(&pid, "ffmpeg", nullptr, nullptr, argv.data(), environ) != 0)
    throw Error(ErrorCode::Io, "cannot run ffmpeg");
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  std::error_code ec;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !fs::is_regular_file(part, ec)) {
    fs::remove(part, ec);
    throw Error(ErrorCode::Io, "ffmpeg failed making " + out + " (run it yourself: " + ffmpeg_command() + ")");
  }
  fs::rename(part, out, ec);
  if (ec) {
    fs::remove(part, ec);
    throw Error(ErrorCode::Io, "cannot rename the MP4 to " + out);
  }
  return out;
}

}  // namespace oceanfft::scene
