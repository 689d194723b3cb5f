# SPDX-License-Identifier: MIT
# Tests of the build itself (not gtest): the installed package, the API doc's snippets, and the
# layering of the modules' include paths.

set(_flags "")
if(OCEANFFT_SANITIZE)
  set(_flags -fsanitize=address,undefined -fno-omit-frame-pointer)
endif()
add_test(NAME package.example
         COMMAND bash "${CMAKE_SOURCE_DIR}/cmake/check_package.sh" "${CMAKE_BINARY_DIR}"
                 "${CMAKE_SOURCE_DIR}" "${CMAKE_CXX_COMPILER}" tree ${_flags})
set_tests_properties(package.example PROPERTIES TIMEOUT 300)
# The libraries built alone (-DOCEANFFT_BUILD_APP=OFF) in a scratch tree, installed, and the
# examples built against them: the build compiles gl, fft and ocean once more.
add_test(NAME package.library_only
         COMMAND bash "${CMAKE_SOURCE_DIR}/cmake/check_package.sh" "${CMAKE_BINARY_DIR}"
                 "${CMAKE_SOURCE_DIR}" "${CMAKE_CXX_COMPILER}" library-only ${_flags})
set_tests_properties(package.library_only PROPERTIES TIMEOUT 900 LABELS slow)

find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  # Every source file names the licence (tools/spdx_headers.py adds the line).
  add_test(NAME license.headers
           COMMAND "${Python3_EXECUTABLE}" "${CMAKE_SOURCE_DIR}/tools/spdx_headers.py" --check)
  add_test(NAME package.api_snippets
           COMMAND "${Python3_EXECUTABLE}" "${CMAKE_SOURCE_DIR}/cmake/check_api_snippets.py"
                   "${CMAKE_SOURCE_DIR}")
endif()

# Layering: a probe source per case, compiled as part of a module (it sees exactly what the
# module's own sources see). An upward or sideways include must fail with "not found"; the
# downward ones must compile, so the failures cannot come from a broken probe.
set(OCEANFFT_LAYERING_CASES
    # module    header                      expect
    "io         gl/context.h                fail"
    "io         gl/error.h                  pass"
    "gl         fft/fft.h                   fail"
    "fft        ocean/simulation.h          fail"
    "ocean      render/camera.h             fail"
    "viewer     ocean/simulation.h          fail"
    "profiler   fft/fft.h                   fail"
    "render     ui/app.h                    fail"
    "gl         io/file.h                   fail"
    "fft        io/file.h                   fail"
    "fftref     io/raw.h                    pass"
    "scene      ui/app.h                    fail"
    "bench      ui/app.h                    fail"
    "bench      scene/headless_frame.h      pass"
    "fft        gl/objects.h                pass"
    "ocean      fft/fft.h                   pass"
    "ui         render/camera.h             pass")
foreach(_case IN LISTS OCEANFFT_LAYERING_CASES)
  string(REGEX REPLACE " +" ";" _case "${_case}")
  list(GET _case 0 _module)
  list(GET _case 1 _header)
  list(GET _case 2 _expect)
  string(MAKE_C_IDENTIFIER "${_module}_includes_${_header}" _id)
  set(_probe "${CMAKE_BINARY_DIR}/layering/${_id}.cpp")
  file(GENERATE OUTPUT "${_probe}" CONTENT "#include \"${_header}\"\n")
  add_library(layering_${_id} OBJECT EXCLUDE_FROM_ALL "${_probe}")
  target_link_libraries(layering_${_id} PRIVATE oceanfft_${_module})
  add_test(NAME layering.${_id}
           COMMAND "${CMAKE_COMMAND}" --build "${CMAKE_BINARY_DIR}" --target layering_${_id})
  # One ninja at a time in the build tree.
  set_tests_properties(layering.${_id} PROPERTIES RESOURCE_LOCK build_tree)
  if(_expect STREQUAL "fail")
    string(REPLACE "." "\\." _re "${_header}")
    set_tests_properties(layering.${_id} PROPERTIES
                         PASS_REGULAR_EXPRESSION "${_re}: No such file|'${_re}' file not found")
  endif()
endforeach()

# The docs hold current facts: design.md's module table is the build's module graph, and the
# README's performance figures are those docs/performance.md holds (cmake/check_docs.py).
if(Python3_FOUND)
  foreach(_what IN ITEMS layering figures)
    add_test(NAME docs.${_what}
             COMMAND "${Python3_EXECUTABLE}" "${CMAKE_SOURCE_DIR}/cmake/check_docs.py"
                     "${CMAKE_SOURCE_DIR}" ${_what})
  endforeach()
endif()

# Every test suite is named after its file (test_cli_fft.cpp: CliFft...), so a failing test's
# name says where it lives (cmake/check_docs.py).
if(Python3_FOUND)
  add_test(NAME tests.names
           COMMAND "${Python3_EXECUTABLE}" "${CMAKE_SOURCE_DIR}/cmake/check_docs.py"
                   "${CMAKE_SOURCE_DIR}" names)
endif()
