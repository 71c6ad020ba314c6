// source_location.h — the .cnet statement being executed, so runtime errors can name the model line.
#pragma once

namespace cnet {

struct SourceLocation {
    const char* file = nullptr;
    int line = 0;
};

/// This thread's current .cnet location (set by generated code before each statement).
SourceLocation& current_source_location();

/// Generated code: `CNET_LINE("mlp.cnet", 12);` before statement 12.
#define CNET_LINE(file_, line_)                                   \
    do {                                                          \
        ::cnet::SourceLocation& cnet_loc_ = ::cnet::current_source_location(); \
        cnet_loc_.file = (file_);                                 \
        cnet_loc_.line = (line_);                                 \
    } while (0)

}  // namespace cnet
