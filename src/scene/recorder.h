// SPDX-License-Identifier: MIT
#pragma once
// Recording what the window shows as a numbered PNG sequence (frame-000000.png, ...) at a fixed
// time step, so a recording plays smoothly whatever the frame rate was; and screenshots named by
// date and time. Every file goes through the atomic writers and never replaces one: a folder
// that already holds frame-000000.png is refused. No ImGui here.
#include <chrono>
#include <string>
#include <vector>

#include "scene/screenshot.h"

namespace oceanfft::scene {

// "20261127-023015", local time.
std::string timestamp();
// `dir`/`stem`-TIMESTAMP`suffix`, or with -2, -3, ... until the name is free.
std::string dated_name(const std::string& dir, const std::string& stem, const std::string& suffix);

// Writes `pixels` as a new PNG named oceanfft-TIMESTAMP.png in `dir`; returns the path.
std::string save_dated_screenshot(const std::string& dir, const Pixels& pixels);

class Recorder {
 public:
  // Creates `dir` and its parents. Throws Error(Io) when it cannot, or when the folder already
  // holds a recording's first frame; InvalidArgument for an fps outside 1..240.
  void start(const std::string& dir, double fps, int expected_frames = 0);
  bool active() const { return active_; }
  double fps() const { return fps_; }
  double step() const { return 1.0 / fps_; }  // simulated seconds per recorded frame
  int frames() const { return frames_; }
  const std::string& dir() const { return dir_; }

  // Writes the next frame. A failed write (disk full, folder removed or unwritable) stops the
  // recording; the frames written so far stay. Returns false then, with error() saying why.
  // `time` is the simulation time the frame shows, listed in DIR/frames.txt when it stops.
  bool add(const Pixels& pixels, double time);
  const std::string& error() const { return error_; }

  // Ends the recording and writes DIR/frames.txt ("FRAME TIME" lines, the simulation time of
  // each frame); returns what was written and how to make a video of it.
  std::string stop();

  // "recording DIR: 12/100 frames (12%), 4.1 frames/s, ETA 21 s" (no total: no percentage/ETA).
  std::string progress() const;

  // The ffmpeg command that makes DIR/recording.mp4 from the frames.
  std::string ffmpeg_command() const;
  // Runs it (ffmpeg writes a temporary that is renamed when it succeeds); returns the MP4's
  // path. Throws Error(Io) when ffmpeg fails or is missing.
  std::string make_mp4() const;

 private:
  bool active_ = false;
  std::string dir_, error_;
  double fps_ = 30.0;
  int frames_ = 0, expected_ = 0;
  std::chrono::steady_clock::time_point started_;
  std::vector<double> times_;
  void write_times();
};

// Whether an executable named `name` is on the PATH.
bool on_path(const std::string& name);

}  // namespace oceanfft::scene
