// internal_check.h — CNET_INTERNAL_CHECK: assertions on compiler invariants (bugs, never user errors).
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

namespace cnet::compiler {

/// A compiler bug. Thrown only by CNET_INTERNAL_CHECK and caught only by the driver, which prints
/// Format() and exits with code 3. User errors go to the DiagnosticEngine instead (see STYLE.md).
class InternalCompilerError : public std::logic_error {
public:
    InternalCompilerError(std::string message, std::string file, int line);

    const std::string& message() const { return message_; }
    const std::string& file() const { return file_; }
    int line() const { return line_; }

    /// "internal compiler error: <message> (<file>:<line>)".
    std::string Format() const;

private:
    std::string message_;
    std::string file_;
    int line_;
};

namespace internal {

/// Collects the streamed message of a failed check and throws InternalCompilerError when destroyed
/// at the end of the full expression.
class InternalCheckFailure {
public:
    InternalCheckFailure(const char* file, int line, const char* condition);
    InternalCheckFailure(const InternalCheckFailure&) = delete;
    InternalCheckFailure& operator=(const InternalCheckFailure&) = delete;
    ~InternalCheckFailure() noexcept(false);

    std::ostream& stream() { return stream_; }

private:
    const char* file_;
    int line_;
    const char* condition_;
    std::ostringstream stream_;
};

/// Turns `stream << ...` into void so it can sit in the false arm of ?: (the glog idiom).
struct Voidify {
    void operator&(std::ostream&) {}
};

}  // namespace internal
}  // namespace cnet::compiler

/// CNET_INTERNAL_CHECK(cond) << "context"; fails with an internal compiler error when `cond` is false.
/// Always on (user input can reach it through bugs); safe inside if/else without braces.
#define CNET_INTERNAL_CHECK(cond)                          \
    (cond) ? (void)0                                       \
           : ::cnet::compiler::internal::Voidify() &       \
                 ::cnet::compiler::internal::InternalCheckFailure(__FILE__, __LINE__, #cond).stream()
