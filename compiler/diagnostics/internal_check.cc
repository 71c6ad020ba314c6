// internal_check.cc — formatting and throwing of internal compiler errors.
#include "compiler/diagnostics/internal_check.h"

#include <exception>

namespace cnet::compiler {

InternalCompilerError::InternalCompilerError(std::string message, std::string file, int line)
    : std::logic_error(message), message_(std::move(message)), file_(std::move(file)), line_(line) {}

std::string InternalCompilerError::Format() const {
    return "internal compiler error: " + message_ + " (" + file_ + ":" + std::to_string(line_) + ")";
}

namespace internal {

InternalCheckFailure::InternalCheckFailure(const char* file, int line, const char* condition)
    : file_(file), line_(line), condition_(condition) {}

InternalCheckFailure::~InternalCheckFailure() noexcept(false) {
    std::string message = "check '" + std::string(condition_) + "' failed";
    const std::string context = stream_.str();
    if (!context.empty()) message = context + "; " + message;
    // Throwing while another exception unwinds would terminate; the first error is the one to report.
    if (std::uncaught_exceptions() > 0) return;
    throw InternalCompilerError(std::move(message), file_, line_);
}

}  // namespace internal
}  // namespace cnet::compiler
