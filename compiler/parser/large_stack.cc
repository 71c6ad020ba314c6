// large_stack.cc — a pthread with a chosen stack size, with exception forwarding.
#include "compiler/parser/large_stack.h"

#include <pthread.h>

#include <exception>

namespace cnet::compiler {
namespace {

struct Job {
    const std::function<void()>* fn;
    std::exception_ptr error;
};

void* RunJob(void* arg) {
    auto* job = static_cast<Job*>(arg);
    try {
        (*job->fn)();
    } catch (...) {
        job->error = std::current_exception();
    }
    return nullptr;
}

}  // namespace

void RunWithLargeStack(const std::function<void()>& fn, std::size_t stack_bytes) {
    Job job{&fn, nullptr};
    pthread_attr_t attr;
    pthread_t thread;
    const bool started = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, stack_bytes) == 0 &&
                         pthread_create(&thread, &attr, &RunJob, &job) == 0;
    pthread_attr_destroy(&attr);
    if (!started) {
        fn();  // e.g. thread limits in a sandbox: the ordinary stack still handles realistic input
        return;
    }
    pthread_join(thread, nullptr);
    if (job.error) std::rethrow_exception(job.error);
}

}  // namespace cnet::compiler
