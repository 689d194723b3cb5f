// SPDX-License-Identifier: MIT
#include "fft/anysize.h"

#include <algorithm>
#include <bit>
#include <complex>
#include <numbers>

#include "gl/error.h"

namespace oceanfft::fft::detail {
namespace {

using cd = std::complex<double>;

int floor_pow2(int v) { return int(std::bit_floor(unsigned(std::max(v, 1)))); }
int ceil_div(int a, int b) { return (a + b - 1) / b; }

// More registers than this per invocation spill on every vendor; only a driver (or a test)
// with a tiny invocation limit gets near it.
constexpr int kMaxRegisters = 64;
// Invocations per work group the planner aims for: enough to hide latency, few enough to leave
// several groups per compute unit.
constexpr int kGroupTarget = 256;
constexpr int kMinColumnLines = 4;  // 64 bytes of one row per warp access

// Registers one invocation needs with T invocations per line: the widest stage's B * R.
int registers_for(const std::vector<int>& radices, int m, int t) {
  int e = 1;
  for (int r : radices) e = std::max(e, ceil_div(m / r, t) * r);
  return e;
}
// Butterfly slots issued over all stages, idle ones included: the planner's cost.
long work_for(const std::vector<int>& radices, int m, int t) {
  long w = 0;
  for (int r : radices) w += long(ceil_div(m / r, t)) * r * t;
  return w;
}

int shared_bytes(int m, int lines, int exchange, bool pad) {
  return lines * (pad ? m + (m >> 4) : m) * exchange * 4;
}

// In-place radix-2 FFT in double (n a power of two), forward.
void fft_double(std::vector<cd>& a) {
  const size_t n = a.size();
  for (size_t i = 1, j = 0; i < n; ++i) {
    size_t bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) std::swap(a[i], a[j]);
  }
  for (size_t len = 2; len <= n; len <<= 1) {
    for (size_t k = 0; k < len / 2; ++k) {
      // Each twiddle straight from cos/sin, not by repeated multiplication, so the table's error
      // stays at double rounding.
      const double ph = -2.0 * std::numbers::pi * double(k) / double(len);
      const cd w(std::cos(ph), std::sin(ph));
      for (size_t i = 0; i < n; i += len) {
        const cd u = a[i + k], v = a[i + k + len / 2] * w;
        a[i + k] = u + v;
        a[i + k + len / 2] = u - v;
      }
    }
  }
}

// exp(-i*pi*k^2/n) with k^2 reduced mod 2n first, so the phase stays exact for large k.
cd chirp(int k, int n) {
  const uint64_t r = (uint64_t(k) * uint64_t(k)) % (2 * uint64_t(n));
  const double ph = -std::numbers::pi * double(r) / double(n);
  return {std::cos(ph), std::sin(ph)};
}

}  // namespace

std::vector<int> smooth_radices(int n) {
  if (n == 1) return {1};
  int e[8] = {};  // exponents of 2, 3, 5, 7 at e[2], e[3], e[5], e[7]
  for (int p : {2, 3, 5, 7})
    while (n % p == 0) {
      n /= p;
      ++e[p];
    }
  if (n != 1) return {};
  // Radix 8 at most: a radix-16 stage compiled 5x slower on llvmpipe (twice the registers per
  // invocation) for one exchange saved, and beside a radix-3 stage it leaves most of that
  // stage's registers idle.
  std::vector<int> r;
  int k = e[2];
  while (k >= 3 && k != 4) {
    r.push_back(8);
    k -= 3;
  }
  if (k == 4) r.insert(r.end(), {4, 4});
  else if (k > 0) r.push_back(1 << k);
  for (; e[3] >= 2; e[3] -= 2) r.push_back(9);
  if (e[3]) r.push_back(3);
  r.insert(r.end(), e[5], 5);
  r.insert(r.end(), e[7], 7);
  return r;
}

int bluestein_length(int n) {
  int m = 1;
  while (m < 2 * n - 1) m *= 2;
  return m;
}

AxisStrategy plan_any_axis(int n, int axis, int lines_total, const gl::Limits& limits,
                           const Options& o) {
  AxisStrategy s{AxisStrategy::Kind::MixedRadix, n, 0, 0, 1};
  s.transform = n;
  s.radices = smooth_radices(n);
  if (s.radices.empty()) {
    s.kind = AxisStrategy::Kind::Bluestein;
    s.transform = bluestein_length(n);
    s.radices = smooth_radices(s.transform);
  }
  const int m = s.transform;
  s.elements_per_invocation = *std::max_element(s.radices.begin(), s.radices.end());

  // The line's invocations run along local_size_x for rows and local_size_y for columns.
  const int inv = std::min(o.invocation_limit > 0 ? o.invocation_limit : limits.max_invocations,
                           limits.max_group_size[axis == 0 ? 0 : 1]);
  // Candidates: one butterfly of some stage's radix per invocation; the least total work wins,
  // then the most invocations.
  int best_t = 0;
  long best_w = 0;
  for (int r : s.radices) {
    const int t = std::max(1, std::min(m / r, inv));
    if (registers_for(s.radices, m, t) > kMaxRegisters) continue;
    const long w = work_for(s.radices, m, t);
    if (!best_t || w < best_w || (w == best_w && t > best_t)) best_t = t, best_w = w;
  }
  if (!best_t)
    throw Error(ErrorCode::GlUnsupported,
                "an FFT of length " + std::to_string(n) + " needs work groups of at least " +
                    std::to_string(ceil_div(m, kMaxRegisters)) + " invocations; the limit is " +
                    std::to_string(inv));
  s.threads = best_t;

  // Columns want several adjacent lines per group, so that a warp's image access covers a run
  // of texels in one row (as fast.comp's column pass); rows are contiguous anyway. The Fast
  // tuning overrides apply here too, for sweeps on a device.
  const int other_max = limits.max_group_size[axis == 0 ? 1 : 0];
  const int tuned = axis == 0 ? o.fast.row_lines : o.fast.column_lines;
  int lines = tuned > 0 ? tuned
                        : std::max(floor_pow2(std::max(1, kGroupTarget / s.threads)),
                                   axis == 0 ? 1 : kMinColumnLines);
  lines = std::min({floor_pow2(lines), floor_pow2(std::max(1, inv / s.threads)),
                    floor_pow2(lines_total), floor_pow2(std::max(other_max, 1))});
  lines = std::max(lines, 1);

  const int shared = o.shared_memory_limit > 0 ? o.shared_memory_limit : limits.max_shared_memory;
  int ex = o.fast.exchange == 1 || o.fast.exchange == 2 ? o.fast.exchange : 4;
  bool pad = true;
  const bool exchanges = s.radices.size() > 1 || s.kind == AxisStrategy::Kind::Bluestein;
  if (exchanges) {
    // As in fast.cpp: narrow the exchange before giving up lines, and give up the padding last
    // (an unpadded 8192-point line of floats is exactly GL's guaranteed 32 KiB).
    while (shared_bytes(m, lines, ex, pad) > shared && ex > 1) ex /= 2;
    while (shared_bytes(m, lines, ex, pad) > shared && lines > 1) lines /= 2;
    if (shared_bytes(m, lines, ex, pad) > shared) pad = false;
    if (shared_bytes(m, lines, ex, pad) > shared) {
      s.scratch = true;
      ex = 4;
      pad = true;
    }
  }
  s.lines = lines;
  s.exchange = ex;
  s.padded = pad;
  return s;
}

gl::Defines any_defines(const AxisStrategy& s, int axis, int lines_total) {
  const int m = s.transform;
  const int stages = int(s.radices.size());
  gl::Defines d = {{"N", std::to_string(s.length)},
                   {"M", std::to_string(m)},
                   {"AXIS", std::to_string(axis)},
                   {"T", std::to_string(s.threads)},
                   {"L", std::to_string(s.lines)},
                   {"TL", std::to_string(s.threads * s.lines)},
                   {"LINES", std::to_string(lines_total)},
                   {"NSTAGES", std::to_string(stages)},
                   {"E", std::to_string(registers_for(s.radices, m, s.threads))},
                   {"EX", std::to_string(s.exchange)},
                   {"PAD", s.padded ? "1" : "0"},
                   {"SCRATCH", s.scratch ? "1" : "0"},
                   {"BLUESTEIN", s.kind == AxisStrategy::Kind::Bluestein ? "1" : "0"}};
  int ns = 1;
  for (int i = 0; i < stages; ++i) {
    const int r = s.radices[size_t(i)];
    const std::string b = std::to_string(ceil_div(m / r, s.threads));
    const std::string si = std::to_string(i);
    d.push_back({"R" + si, std::to_string(r)});
    d.push_back({"NS" + si, std::to_string(ns)});
    d.push_back({"B" + si, b});
    if (i == stages - 1) {
      d.push_back({"RL", std::to_string(r)});
      d.push_back({"NSL", std::to_string(ns)});
      d.push_back({"BL", b});
    }
    ns *= r;
  }
  return d;
}

void any_dispatch_size(const AxisStrategy& s, int axis, const Options& o, unsigned out[3]) {
  if (axis == 0) {
    out[0] = 1;
    out[1] = unsigned(ceil_div(o.height, s.lines));
  } else {
    out[0] = unsigned(ceil_div(o.width, s.lines));
    out[1] = 1;
  }
  out[2] = unsigned(o.layers);
}

std::vector<float> twiddle_table(int n) {
  std::vector<float> t(size_t(n) * 2);
  for (int k = 0; k < n; ++k) {
    const double phase = -2.0 * std::numbers::pi * double(k) / double(n);
    t[2 * size_t(k)] = float(std::cos(phase));
    t[2 * size_t(k) + 1] = float(std::sin(phase));
  }
  return t;
}

std::vector<float> bluestein_chirp(int n) {
  std::vector<float> t(size_t(n) * 2);
  for (int k = 0; k < n; ++k) {
    const cd w = chirp(k, n);
    t[2 * size_t(k)] = float(w.real());
    t[2 * size_t(k) + 1] = float(w.imag());
  }
  return t;
}

std::vector<float> bluestein_kernel(int n, int m) {
  std::vector<cd> b(size_t(m), cd(0.0, 0.0));
  for (int k = 0; k < n; ++k) {
    b[size_t(k)] = std::conj(chirp(k, n));
    if (k > 0) b[size_t(m - k)] = b[size_t(k)];
  }
  fft_double(b);
  std::vector<float> t(size_t(m) * 2);
  for (int k = 0; k < m; ++k) {
    t[2 * size_t(k)] = float(b[size_t(k)].real() / m);
    t[2 * size_t(k) + 1] = float(b[size_t(k)].imag() / m);
  }
  return t;
}

}  // namespace oceanfft::fft::detail
