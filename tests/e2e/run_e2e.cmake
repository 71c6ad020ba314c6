# run_e2e.cmake — one end-to-end case: cnetc build SOURCE, run it with ARGS, compare its stdout with
# EXPECTED (when given). cmake -DCNETC=... -DSOURCE=... -DOUT=... [-DEXPECTED=...] [-DARGS=...] -P run_e2e.cmake
# (more checks, each optional, below: OUTPUT_MATCH, LOG, DEVICE_LINE).
# -DNEEDS_FASHION_MNIST=ON: skipped (ctest's SKIP_REGULAR_EXPRESSION "SKIPPED:") where Debian's
# dataset-fashion-mnist is not installed and no directory is given.
if(NEEDS_FASHION_MNIST AND NOT EXISTS /usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz
   AND "$ENV{CNET_DATASET_ROOT}" STREQUAL "" AND "$ENV{FASHION_MNIST_DIR}" STREQUAL "")
  message("SKIPPED: Fashion-MNIST not found (apt-get install dataset-fashion-mnist)")
  return()
endif()
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
# -DOUTPUT_MATCH=<regex>: the output must match it (a run whose exact figures may vary with the thread count).
if(OUTPUT_MATCH AND NOT run_out MATCHES "${OUTPUT_MATCH}")
  message(FATAL_ERROR "output of ${SOURCE} does not match '${OUTPUT_MATCH}':\n${run_out}")
endif()
# -DLOG=<file written by the run, relative to OUT's directory> -DLOG_KEY=<key> -DLOG_MIN=<number>: the last
# entry of that LogReport JSON log must have LOG_KEY above LOG_MIN (a training run that learned something).
if(LOG)
  file(READ ${out_dir}/${LOG} log_json)
  string(JSON entries LENGTH "${log_json}")
  if(entries EQUAL 0)
    message(FATAL_ERROR "${LOG} has no entries")
  endif()
  math(EXPR last "${entries} - 1")
  string(JSON value GET "${log_json}" ${last} "${LOG_KEY}")
  if(NOT value GREATER LOG_MIN)
    message(FATAL_ERROR "${LOG}: final ${LOG_KEY} = ${value}, expected > ${LOG_MIN}\n${run_out}")
  endif()
  message(STATUS "${LOG}: final ${LOG_KEY} = ${value} (> ${LOG_MIN})")
endif()
# -DDEVICE_LINE=<text> -DDEVICE_ARGS=<args asking for CUDA device 0>: run again with DEVICE_ARGS, the program must
# stop at the first line containing DEVICE_LINE with "CUDA device 0 is not available" where no device can be used
# (device_unavailable.sh --built, on the program built above; a machine with a device skips this check).
if(DEVICE_LINE)
  separate_arguments(device_args UNIX_COMMAND "${DEVICE_ARGS}")
  execute_process(COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/device_unavailable.sh --built ${OUT} ${SOURCE}
                          "${DEVICE_LINE}" ${device_args}
                  RESULT_VARIABLE device_rc OUTPUT_VARIABLE device_out ERROR_VARIABLE device_err)
  if(NOT device_rc EQUAL 0 AND NOT device_rc EQUAL 77)
    message(FATAL_ERROR "${SOURCE} with ${DEVICE_ARGS}:\n${device_out}${device_err}")
  endif()
  message(STATUS "${DEVICE_ARGS}: ${device_out}")
endif()
# Passed: drop the program (sanitized builds are ~100 MB each and a suite has hundreds); its generated C++ stays in
# the .cnet-build directory, and a failing case keeps everything.
file(REMOVE ${OUT})
