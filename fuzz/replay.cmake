# SPDX-License-Identifier: MIT
# The fuzz targets built with fuzz/replay_main.cpp instead of libFuzzer, with the compiler of
# the ordinary build, and run over their seed corpora (fuzz/seeds/, made by make_seeds.py) as
# ctests: FuzzReplay.sky, FuzzReplay.script, FuzzReplay.raw. The libFuzzer build is
# fuzz/CMakeLists.txt (OCEANFFT_FUZZ=ON, clang); docs/reliability.md says how to run it longer.
set(_fuzz "${CMAKE_SOURCE_DIR}/fuzz")
foreach(_t sky script raw)
  add_executable(fuzz_${_t}_replay "${_fuzz}/fuzz_${_t}.cpp" "${_fuzz}/replay_main.cpp")
  target_include_directories(fuzz_${_t}_replay PRIVATE "${CMAKE_SOURCE_DIR}/src")
  add_test(NAME FuzzReplay.${_t} COMMAND fuzz_${_t}_replay "${_fuzz}/seeds/${_t}")
  set_tests_properties(FuzzReplay.${_t} PROPERTIES TIMEOUT 300)
endforeach()
target_link_libraries(fuzz_sky_replay PRIVATE oceanfft_sky oceanfft_io)
target_link_libraries(fuzz_script_replay PRIVATE oceanfft_scene)
target_link_libraries(fuzz_raw_replay PRIVATE oceanfft_io)
