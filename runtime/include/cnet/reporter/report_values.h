// report_values.h — chainer.report / chainer.reporter.report as a .cnet program calls them: a dict of
// Variables (or arrays) by name, and the link that reports as the observer.
//
//   chainer.report({'loss': loss}, observer=self)   =>   reporter::report_values(values, self_ptr)
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "cnet/core/array.h"
#include "cnet/core/variable.h"
#include "cnet/py/dict.h"

namespace cnet {

class Link;

namespace reporter {

/// Reports `values` in the dict's order to the current reporter (nothing when there is none, as in Chainer).
/// With an observer, the keys are prefixed by the name the trainer or evaluator registered the link under
/// (`main/loss`); an observer that was never registered is an error, Chainer's KeyError.
void report_values(const py::Dict<std::string, Variable>& values, const std::shared_ptr<Link>& observer = nullptr);
void report_values(const py::Dict<std::string, Array>& values, const std::shared_ptr<Link>& observer = nullptr);
/// Python floats (seq2seq's BLEU score), reported as float64 scalars.
void report_values(const py::Dict<std::string, double>& values, const std::shared_ptr<Link>& observer = nullptr);
/// Python ints (pos's word counts for MicroAverage), reported as int64 scalars.
void report_values(const py::Dict<std::string, int64_t>& values, const std::shared_ptr<Link>& observer = nullptr);

}  // namespace reporter
}  // namespace cnet
