// SPDX-License-Identifier: MIT
// The FFT kernels' butterflies: forward DFTs of radix 2, 4, 8, 16 and 32 on separate registers
// (rx2 .. rx32, which fft/fast.glsl calls on v0..v31; rx32 only where P > 16), natural order in
// and out. Each vec4 holds two independent complex values (xy, zw). Where the including shader
// defines E and declares `vec4 x[E]` (fft/mixed.comp), also radix 3, 5, 7 and 9 and dft(R, o),
// which runs radix R on x[o .. o+R-1]; R is a constant at every call site once inlined, so its
// branch folds away.
#ifndef FFT_RADIX_GLSL
#define FFT_RADIX_GLSL

#include "common/complex.glsl"

vec4 rx_mul_mi(vec4 v) { return vec4(v.y, -v.x, v.w, -v.z); }  // * -i
const float RX_R8 = 0.70710678118654752;
vec4 rx_mul_w8(vec4 v) { return RX_R8 * vec4(v.x + v.y, v.y - v.x, v.z + v.w, v.w - v.z); }
vec4 rx_mul_w8_3(vec4 v) { return RX_R8 * vec4(v.y - v.x, -v.x - v.y, v.w - v.z, -v.z - v.w); }

void rx2(inout vec4 a0, inout vec4 a1) {
  vec4 d = a0 - a1;
  a0 += a1;
  a1 = d;
}

void rx4(inout vec4 a0, inout vec4 a1, inout vec4 a2, inout vec4 a3) {
  rx2(a0, a2);
  rx2(a1, a3);
  a3 = rx_mul_mi(a3);
  rx2(a0, a1);
  rx2(a2, a3);
  vec4 y2 = a1;
  a1 = a2;
  a2 = y2;
}

// Decimation in frequency: a radix-2 step with twiddles, then two radix-4 DFTs giving the even
// and the odd outputs.
void rx8(inout vec4 a0, inout vec4 a1, inout vec4 a2, inout vec4 a3, inout vec4 a4,
         inout vec4 a5, inout vec4 a6, inout vec4 a7) {
  rx2(a0, a4); rx2(a1, a5); rx2(a2, a6); rx2(a3, a7);
  a5 = rx_mul_w8(a5);
  a6 = rx_mul_mi(a6);
  a7 = rx_mul_w8_3(a7);
  rx4(a0, a1, a2, a3);
  rx4(a4, a5, a6, a7);
  vec4 e1 = a1, e2 = a2, e3 = a3, o0 = a4, o1 = a5, o2 = a6;
  a1 = o0; a2 = e1; a3 = o1; a4 = e2; a5 = o2; a6 = e3;
}

// Decimation in frequency: a radix-2 step with twiddles, then two radix-8 DFTs giving the even
// and the odd outputs.
const float RX_C16 = 0.92387953251128676, RX_S16 = 0.38268343236508977;
void rx16(inout vec4 a0, inout vec4 a1, inout vec4 a2, inout vec4 a3, inout vec4 a4,
          inout vec4 a5, inout vec4 a6, inout vec4 a7, inout vec4 a8, inout vec4 a9,
          inout vec4 a10, inout vec4 a11, inout vec4 a12, inout vec4 a13, inout vec4 a14,
          inout vec4 a15) {
  rx2(a0, a8); rx2(a1, a9); rx2(a2, a10); rx2(a3, a11);
  rx2(a4, a12); rx2(a5, a13); rx2(a6, a14); rx2(a7, a15);
  a9 = cmul(a9, vec2(RX_C16, -RX_S16));
  a10 = rx_mul_w8(a10);
  a11 = cmul(a11, vec2(RX_S16, -RX_C16));
  a12 = rx_mul_mi(a12);
  a13 = cmul(a13, vec2(-RX_S16, -RX_C16));
  a14 = rx_mul_w8_3(a14);
  a15 = cmul(a15, vec2(-RX_C16, -RX_S16));
  rx8(a0, a1, a2, a3, a4, a5, a6, a7);
  rx8(a8, a9, a10, a11, a12, a13, a14, a15);
  vec4 e1 = a1, e2 = a2, e3 = a3, e4 = a4, e5 = a5, e6 = a6, e7 = a7;
  vec4 o0 = a8, o1 = a9, o2 = a10, o3 = a11, o4 = a12, o5 = a13, o6 = a14;
  a1 = o0; a2 = e1; a3 = o1; a4 = e2; a5 = o2; a6 = e3; a7 = o3;
  a8 = e4; a9 = o4; a10 = e5; a11 = o5; a12 = e6; a13 = o6; a14 = e7;
}

#if defined(P) && P > 16
// Decimation in frequency: a radix-2 step with twiddles exp(-2 pi i k / 32), then two radix-16
// DFTs giving the even and the odd outputs. Only for fft/fast.glsl's P 32.
const vec2 RX_W32[16] = vec2[16](
    vec2(1.00000000000000000, 0.0), vec2(0.98078528040323043, -0.19509032201612825),
    vec2(0.92387953251128674, -0.38268343236508978), vec2(0.83146961230254524,
         -0.55557023301960218),
    vec2(0.70710678118654757, -0.70710678118654746), vec2(0.55557023301960229,
         -0.83146961230254524),
    vec2(0.38268343236508984, -0.92387953251128674), vec2(0.19509032201612833,
         -0.98078528040323043),
    vec2(0.00000000000000006, -1.00000000000000000), vec2(-0.19509032201612819,
         -0.98078528040323043),
    vec2(-0.38268343236508973, -0.92387953251128674), vec2(-0.55557023301960196,
         -0.83146961230254546),
    vec2(-0.70710678118654746, -0.70710678118654757), vec2(-0.83146961230254535,
         -0.55557023301960218),
    vec2(-0.92387953251128674, -0.38268343236508989), vec2(-0.98078528040323043,
         -0.19509032201612861));
void rx32(inout vec4 a0, inout vec4 a1, inout vec4 a2, inout vec4 a3,
          inout vec4 a4, inout vec4 a5, inout vec4 a6, inout vec4 a7,
          inout vec4 a8, inout vec4 a9, inout vec4 a10, inout vec4 a11,
          inout vec4 a12, inout vec4 a13, inout vec4 a14, inout vec4 a15,
          inout vec4 a16, inout vec4 a17, inout vec4 a18, inout vec4 a19,
          inout vec4 a20, inout vec4 a21, inout vec4 a22, inout vec4 a23,
          inout vec4 a24, inout vec4 a25, inout vec4 a26, inout vec4 a27,
          inout vec4 a28, inout vec4 a29, inout vec4 a30, inout vec4 a31) {
  rx2(a0, a16); rx2(a1, a17); rx2(a2, a18); rx2(a3, a19); rx2(a4, a20); rx2(a5, a21); rx2(a6, a22);
  rx2(a7, a23);
  rx2(a8, a24); rx2(a9, a25); rx2(a10, a26); rx2(a11, a27); rx2(a12, a28); rx2(a13, a29);
  rx2(a14, a30); rx2(a15, a31);
  a17 = cmul(a17, RX_W32[1]);
  a18 = cmul(a18, RX_W32[2]);
  a19 = cmul(a19, RX_W32[3]);
  a20 = rx_mul_w8(a20);
  a21 = cmul(a21, RX_W32[5]);
  a22 = cmul(a22, RX_W32[6]);
  a23 = cmul(a23, RX_W32[7]);
  a24 = rx_mul_mi(a24);
  a25 = cmul(a25, RX_W32[9]);
  a26 = cmul(a26, RX_W32[10]);
  a27 = cmul(a27, RX_W32[11]);
  a28 = rx_mul_w8_3(a28);
  a29 = cmul(a29, RX_W32[13]);
  a30 = cmul(a30, RX_W32[14]);
  a31 = cmul(a31, RX_W32[15]);
  rx16(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15);
  rx16(a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31);
  vec4 e1 = a1, e2 = a2, e3 = a3, e4 = a4, e5 = a5, e6 = a6, e7 = a7, e8 = a8, e9 = a9, e10 = a10,
       e11 = a11, e12 = a12, e13 = a13, e14 = a14, e15 = a15;
  vec4 o0 = a16, o1 = a17, o2 = a18, o3 = a19, o4 = a20, o5 = a21, o6 = a22, o7 = a23, o8 = a24,
       o9 = a25, o10 = a26, o11 = a27, o12 = a28, o13 = a29, o14 = a30;
  a1 = o0; a2 = e1; a3 = o1; a4 = e2; a5 = o2; a6 = e3; a7 = o3; a8 = e4; a9 = o4; a10 = e5;
  a11 = o5; a12 = e6; a13 = o6; a14 = e7; a15 = o7; a16 = e8; a17 = o8; a18 = e9; a19 = o9;
  a20 = e10;
  a21 = o10; a22 = e11; a23 = o11; a24 = e12; a25 = o12; a26 = e13; a27 = o13; a28 = e14;
  a29 = o14; a30 = e15;
}
#endif

#ifdef E
void rx3(inout vec4 a0, inout vec4 a1, inout vec4 a2) {
  const float S3 = 0.86602540378443865;
  vec4 s = a1 + a2;
  vec4 d = S3 * (a1 - a2);
  vec4 h = a0 - 0.5 * s;
  a0 += s;
  a1 = h + rx_mul_mi(d);
  a2 = h - rx_mul_mi(d);
}

// Odd radix R (5, 7, 9) by the symmetric pairs a_p +- a_{R-p}: half the multiplications of a
// plain DFT, exact constants cos/sin(2*pi*q/R) for q < R.
const float RX_C5[5] = float[5](1.0, 0.30901699437494742, -0.80901699437494742,
                                -0.80901699437494742, 0.30901699437494742);
const float RX_S5[5] = float[5](0.0, 0.95105651629515357, 0.58778525229247313,
                                -0.58778525229247313, -0.95105651629515357);
const float RX_C7[7] = float[7](1.0, 0.62348980185873353, -0.22252093395631440,
                                -0.90096886790241913, -0.90096886790241913,
                                -0.22252093395631440, 0.62348980185873353);
const float RX_S7[7] = float[7](0.0, 0.78183148246802981, 0.97492791218182361,
                                0.43388373911755812, -0.43388373911755812,
                                -0.97492791218182361, -0.78183148246802981);
const float RX_C9[9] = float[9](1.0, 0.76604444311897804, 0.17364817766693035,
                                -0.5, -0.93969262078590838, -0.93969262078590838, -0.5,
                                0.17364817766693035, 0.76604444311897804);
const float RX_S9[9] = float[9](0.0, 0.64278760968653933, 0.98480775301220806,
                                0.86602540378443865, 0.34202014332566873,
                                -0.34202014332566873, -0.86602540378443865,
                                -0.98480775301220806, -0.64278760968653933);

float rx_cos(int R, int q) { return R == 5 ? RX_C5[q] : R == 7 ? RX_C7[q] : RX_C9[q]; }
float rx_sin(int R, int q) { return R == 5 ? RX_S5[q] : R == 7 ? RX_S7[q] : RX_S9[q]; }

#if E >= 5
void rx_odd(int R, int o) {
  const int H = 4;  // (9 - 1) / 2, the largest half
  vec4 s[H], d[H];
  int h = (R - 1) / 2;
  for (int p = 1; p <= h; ++p) {
    s[p - 1] = x[o + p] + x[o + R - p];
    d[p - 1] = x[o + p] - x[o + R - p];
  }
  vec4 a0 = x[o];
  vec4 sum = a0;
  for (int p = 0; p < h; ++p) sum += s[p];
  for (int q = 1; q <= h; ++q) {
    vec4 re = a0, im = vec4(0.0);
    for (int p = 1; p <= h; ++p) {
      int pq = (p * q) % R;
      re += rx_cos(R, pq) * s[p - 1];
      im += rx_sin(R, pq) * d[p - 1];
    }
    // y_q = re - i*im, y_{R-q} = re + i*im
    x[o + q] = re + rx_mul_mi(im);
    x[o + R - q] = re - rx_mul_mi(im);
  }
  x[o] = sum;
}

#endif

// Guarded by E so that no branch indexes past the register array, even a dead one.
void dft(int R, int o) {
#if E >= 2
  if (R == 2) rx2(x[o], x[o + 1]);
#endif
#if E >= 3
  if (R == 3) rx3(x[o], x[o + 1], x[o + 2]);
#endif
#if E >= 4
  if (R == 4) rx4(x[o], x[o + 1], x[o + 2], x[o + 3]);
#endif
#if E >= 5
  if (R == 5 || (R == 7 && E >= 7) || (R == 9 && E >= 9)) rx_odd(R, o);
#endif
#if E >= 8
  if (R == 8) rx8(x[o], x[o + 1], x[o + 2], x[o + 3], x[o + 4], x[o + 5], x[o + 6], x[o + 7]);
#endif
}
#endif  // E

#endif
