// surface_program_main.cc — writes the every-entry program and the list of the tables' library types
// (compiler/codegen/surface_program.h) for tests/surface.
#include <fstream>
#include <iostream>

#include "compiler/codegen/surface_program.h"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: cnet_surface_program EVERY_ENTRY.cc TYPES.txt\n";
        return 2;
    }
    std::ofstream program(argv[1]);
    program << cnet::compiler::codegen::SurfaceProgram();
    std::ofstream types(argv[2]);
    types << cnet::compiler::codegen::SurfaceTypeNames();
    if (!program || !types) {
        std::cerr << "cnet_surface_program: cannot write " << argv[1] << " or " << argv[2] << "\n";
        return 1;
    }
    return 0;
}
