// large_stack.h — runs a function on a thread with a large stack (deeply nested input recurses deeply).
#pragma once

#include <cstddef>
#include <functional>

namespace cnet::compiler {

/// The recursive-descent parser and the AST builder recurse once per nesting level of the input.
/// The lexer bounds nesting (see IndentLexer's limits), and this stack size covers those bounds
/// with a wide margin; the memory is reserved, not committed, until used.
inline constexpr std::size_t kParserStackBytes = std::size_t{256} << 20;

/// Runs `fn` to completion on a new thread whose stack is `stack_bytes` large and rethrows whatever
/// it threw in the calling thread. Falls back to calling `fn` directly if no thread can be created.
void RunWithLargeStack(const std::function<void()>& fn, std::size_t stack_bytes = kParserStackBytes);

}  // namespace cnet::compiler
