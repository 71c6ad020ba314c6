// computational_graph.h — chainer.training.extensions.dump_graph and the DOT dump of a computational graph
// (chainer.computational_graph.build_computational_graph(...).dump()).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cnet/core/variable.h"
#include "cnet/training/extension.h"

namespace cnet {
namespace training {
namespace extensions {

/// DOT attributes of a node kind, in order (Chainer's style dicts).
using DotStyle = std::vector<std::pair<std::string, std::string>>;

/// {'shape': 'octagon', 'fillcolor': '#E0E0E0', 'style': 'filled'}
DotStyle DefaultVariableStyle();
/// {'shape': 'record', 'fillcolor': '#6495ED', 'style': 'filled'}
DotStyle DefaultFunctionStyle();

/// The graph backward-reachable from `outputs` in Chainer's DOT form:
/// `digraph graphname{rankdir=TB;<id> [label="...",shape="octagon",...];...<id> -> <id>;}`. Variables are
/// labelled "name: (2, 3), float32" (the name when set), functions by their label; ids are node addresses.
std::string DumpComputationalGraph(const std::vector<Variable>& outputs,
                                   const DotStyle& variable_style = DefaultVariableStyle(),
                                   const DotStyle& function_style = DefaultFunctionStyle(),
                                   const std::string& rankdir = "TB", bool show_name = true);

/// Writes the graph of observation[root_name] to `<out>/<out_name>` at the first iteration. Its initializer
/// turns config keep_graph_on_report on (so the reported variable keeps its creator chain); the flag is
/// restored after the dump. Default name "dump_graph".
std::shared_ptr<LambdaExtension> dump_graph(const std::string& root_name, const std::string& out_name = "cg.dot",
                                            const DotStyle& variable_style = DefaultVariableStyle(),
                                            const DotStyle& function_style = DefaultFunctionStyle());

}  // namespace extensions
}  // namespace training
}  // namespace cnet
