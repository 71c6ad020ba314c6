// ext_computational_graph.cc — the DOT dump of a computational graph and the dump_graph extension.
#include "cnet/training/extensions/computational_graph.h"

#include <cstdint>
#include <set>
#include <sstream>

#include "cnet/core/config.h"
#include "cnet/core/error.h"
#include "cnet/core/function_node.h"
#include "cnet/serializers/file_util.h"
#include "cnet/training/trainer.h"
#include "cnet/training/triggers/interval_trigger.h"
#include "training/internal.h"

namespace cnet {
namespace training {
namespace extensions {
namespace {

// VariableNode.label: "(2, 3), float32"; "(5), float32" for 1-d; the dtype alone for 0-d.
std::string VariableLabel(const VariableImpl& v) {
    if (!v.array.defined()) return "None";
    const Shape& shape = v.array.shape();
    std::string dtype = DtypeName(v.array.dtype());
    if (v.array.ndim() == 0) return dtype;
    std::string dims;
    for (int i = 0; i < v.array.ndim(); ++i) dims += (i ? ", " : "") + std::to_string(shape[i]);
    return "(" + dims + "), " + dtype;
}

// DotNode.label: '<id> [k="v",...];' with the base attributes updated by the style (order kept).
std::string DotNode(uintptr_t id, DotStyle attrs, const DotStyle& style) {
    for (const auto& [k, v] : style) {
        bool found = false;
        for (auto& a : attrs) {
            if (a.first == k) {
                a.second = v;
                found = true;
            }
        }
        if (!found) attrs.emplace_back(k, v);
    }
    std::string out = std::to_string(id) + " [";
    for (size_t i = 0; i < attrs.size(); ++i) out += (i ? "," : "") + attrs[i].first + "=\"" + attrs[i].second + "\"";
    return out + "];";
}

uintptr_t Id(const void* p) { return reinterpret_cast<uintptr_t>(p); }

}  // namespace

DotStyle DefaultVariableStyle() { return {{"shape", "octagon"}, {"fillcolor", "#E0E0E0"}, {"style", "filled"}}; }
DotStyle DefaultFunctionStyle() { return {{"shape", "record"}, {"fillcolor", "#6495ED"}, {"style", "filled"}}; }

std::string DumpComputationalGraph(const std::vector<Variable>& outputs, const DotStyle& variable_style,
                                   const DotStyle& function_style, const std::string& rankdir, bool show_name) {
    CNET_CHECK_AS(ValueError, rankdir == "TB" || rankdir == "BT" || rankdir == "LR" || rankdir == "RL",
                  "rankdir must be in TB, BT, LR or RL.");
    // Walk backward by rank (highest first), as build_computational_graph does; nodes and edges are listed in
    // discovery order so the dump is deterministic.
    std::vector<const VariableImpl*> var_nodes;
    std::vector<const FunctionNode*> func_nodes;
    std::set<const void*> seen_nodes;
    std::vector<std::pair<const void*, const void*>> edges;
    std::set<std::pair<const void*, const void*>> seen_edges;
    std::vector<std::shared_ptr<VariableImpl>> var_stack;
    auto add_var = [&](const std::shared_ptr<VariableImpl>& v) {
        if (seen_nodes.insert(v.get()).second) {
            var_nodes.push_back(v.get());
            var_stack.push_back(v);
        }
    };
    for (const auto& o : outputs) {
        if (o.defined()) add_var(o.impl_ptr());
    }
    while (!var_stack.empty()) {
        std::shared_ptr<VariableImpl> v = var_stack.back();
        var_stack.pop_back();
        const std::shared_ptr<FunctionNode>& creator = v->creator;
        if (!creator) continue;
        if (seen_edges.insert({creator.get(), v.get()}).second) edges.emplace_back(creator.get(), v.get());
        if (!seen_nodes.insert(creator.get()).second) continue;
        func_nodes.push_back(creator.get());
        for (const auto& input : creator->inputs()) {
            if (!input) continue;
            if (seen_edges.insert({input.get(), creator.get()}).second) edges.emplace_back(input.get(), creator.get());
            add_var(input);
        }
    }

    std::string ret = "digraph graphname{rankdir=" + rankdir + ";";
    for (const VariableImpl* v : var_nodes) {
        std::string label = VariableLabel(*v);
        if (show_name && !v->name.empty()) label = v->name + ": " + label;
        ret += DotNode(Id(v), {{"label", label}, {"shape", "oval"}}, variable_style);
    }
    for (const FunctionNode* f : func_nodes) ret += DotNode(Id(f), {{"label", f->label()}, {"shape", "box"}}, function_style);
    for (const auto& [head, tail] : edges) ret += std::to_string(Id(head)) + " -> " + std::to_string(Id(tail)) + ";";
    return ret + "}";
}

std::shared_ptr<LambdaExtension> dump_graph(const std::string& root_name, const std::string& out_name,
                                            const DotStyle& variable_style, const DotStyle& function_style) {
    auto original_flag = std::make_shared<bool>(false);
    auto fn = [=](Trainer& trainer) {
        struct Restore {
            std::shared_ptr<bool> flag;
            ~Restore() { config().Set("keep_graph_on_report", *flag); }
        } restore{original_flag};
        auto it = trainer.observation.find(root_name);
        CNET_CHECK_AS(ValueError, it != trainer.observation.end(), "KeyError: '", root_name, "'");
        CNET_CHECK_AS(ValueError, it->second.defined(), "root value is not a Variable");
        std::string cg = DumpComputationalGraph({it->second}, variable_style, function_style);
        training::internal::MakeDirs(trainer.out);
        serializers::WriteFileAtomically(training::internal::JoinPath(trainer.out, out_name), cg);
    };
    auto ext = make_extension(fn, TriggerArg([](Trainer& trainer) { return trainer.updater->iteration == 1; }),
                              std::string("dump_graph"));
    ext->initializer = [original_flag](Trainer&) {
        *original_flag = config().keep_graph_on_report();
        config().Set("keep_graph_on_report", true);
    };
    return ext;
}

}  // namespace extensions
}  // namespace training
}  // namespace cnet
