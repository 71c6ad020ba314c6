# check_diagnostics.cmake — `cnetc check SOURCE` must fail with exactly the diagnostics in EXPECTED (run from
# SOURCE's directory, so the paths in the messages are the bare file name).
# cmake -DCNETC=... -DSOURCE=... -DEXPECTED=... -P check_diagnostics.cmake
get_filename_component(dir ${SOURCE} DIRECTORY)
get_filename_component(name ${SOURCE} NAME)
execute_process(COMMAND ${CNETC} check ${name} WORKING_DIRECTORY ${dir}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "cnetc check ${name} succeeded; expected errors")
endif()
file(READ ${EXPECTED} expected)
if(NOT err STREQUAL expected)
  message(FATAL_ERROR "diagnostics of ${name} differ from ${EXPECTED}:\n--- got\n${err}--- expected\n${expected}")
endif()
