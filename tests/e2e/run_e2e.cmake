# run_e2e.cmake — one end-to-end case: cnetc build SOURCE, run it with ARGS, compare its stdout with
# EXPECTED (when given). cmake -DCNETC=... -DSOURCE=... -DOUT=... [-DEXPECTED=...] [-DARGS=...] -P run_e2e.cmake
execute_process(COMMAND ${CNETC} build ${SOURCE} -o ${OUT}
                RESULT_VARIABLE build_rc OUTPUT_VARIABLE build_out ERROR_VARIABLE build_err)
if(NOT build_rc EQUAL 0)
  message(FATAL_ERROR "cnetc build ${SOURCE} failed (${build_rc}):\n${build_out}${build_err}")
endif()
separate_arguments(run_args UNIX_COMMAND "${ARGS}")
get_filename_component(out_dir ${OUT} DIRECTORY)
execute_process(COMMAND ${OUT} ${run_args} WORKING_DIRECTORY ${out_dir}
                RESULT_VARIABLE run_rc OUTPUT_VARIABLE run_out ERROR_VARIABLE run_err)
if(NOT run_rc EQUAL 0)
  message(FATAL_ERROR "${OUT} exited with ${run_rc}:\n${run_out}${run_err}")
endif()
if(EXPECTED)
  file(READ ${EXPECTED} expected)
  if(NOT run_out STREQUAL expected)
    message(FATAL_ERROR "output of ${SOURCE} differs from ${EXPECTED}:\n--- got\n${run_out}--- expected\n${expected}")
  endif()
endif()
