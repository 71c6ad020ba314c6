// main.cc — the cnetc executable: everything lives in cnet_compiler_lib; this only forwards argv.
#include <iostream>

#include "compiler/driver/driver.h"

int main(int argc, char** argv) { return cnet::compiler::RunDriver(argc, argv, std::cout, std::cerr); }
