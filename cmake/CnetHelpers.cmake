# CnetHelpers.cmake — shared warning flags and the one test helper used by every test directory.

set(CNET_WARNINGS -Wall -Wextra -Wno-unused-parameter)
if(CNET_WERROR)
  # GCC 12's middle-end warnings give false positives inside inlined Eigen/libstdc++ code that depend on
  # the host's -march=native (seen on CI hosts with AVX-512); they stay warnings, everything else is an error.
  list(APPEND CNET_WARNINGS -Werror -Wno-error=maybe-uninitialized -Wno-error=array-bounds
       -Wno-error=stringop-overflow -Wno-error=stringop-overread -Wno-error=restrict)
endif()

# cnet_add_test(NAME n SOURCES a.cc ... [LIBS l ...] [LABELS unit ...])
# One GoogleTest binary, discovered at test time (PRE_TEST) so a binary that cannot start
# never breaks the build.
function(cnet_add_test)
  cmake_parse_arguments(T "" "NAME" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE ${T_LIBS} GTest::gtest GTest::gtest_main)
  target_compile_options(${T_NAME} PRIVATE ${CNET_WARNINGS})
  gtest_discover_tests(${T_NAME} DISCOVERY_MODE PRE_TEST
                       PROPERTIES LABELS "${T_LABELS}"
                       WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR})
endfunction()
