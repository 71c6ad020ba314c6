// library_bases.cc — the table of Note [Library base classes].
#include "compiler/sema/library_bases.h"

#include <algorithm>

#include "compiler/ir/program.h"
#include "compiler/sema/cpp_names.h"

namespace cnet::compiler::sema {
namespace {

const std::vector<LibraryBase>& Bases() {
    static const std::vector<LibraryBase> kBases = {
        // chainer.dataset.Iterator: the runtime reads the epoch attributes and calls __next__ (or next), and
        // serialize when a snapshot is saved or loaded.
        {"Iterator",
         {{"__next__", {}}, {"next", {}}, {"epoch", {}}, {"epoch_detail", {}}, {"previous_epoch_detail", {}},
          {"is_new_epoch", {}}, {"batch_size", {}}, {"reset", {}}, {"finalize", {}}, {"serialize", {"Serializer"}}},
         {"next", "batch_size", "epoch", "epoch_detail", "previous_epoch_detail", "is_new_epoch", "reset",
          "finalize", "serialize", "begin", "end", "BatchIterator", "has_reset", "copy"}},
        // chainer.dataset.DatasetMixin: len(dataset) and dataset[i].
        {"Dataset", {{"__len__", {}}, {"get_example", {"int"}}}, {"size", "get_example", "len", "slice"}},
        // chainer.FunctionNode: forward on arrays (or forward_cpu / forward_gpu), backward on Variables.
        {"FunctionNode",
         {{"forward", {"list[ndarray]"}},
          {"forward_cpu", {"list[ndarray]"}},
          {"forward_gpu", {"list[ndarray]"}},
          {"backward", {"list[int]", "list[Variable]"}}},
         {"label", "check_type_forward", "forward", "backward", "apply", "rank", "num_inputs", "num_outputs",
          "inputs", "outputs", "unchain", "input_shape", "input_dtype", "output_shape", "output_dtype",
          "retain_inputs", "retain_outputs", "get_retained_inputs", "get_retained_outputs", "input_array",
          "retained_output_array"}},
        // chainer.Function (v1 style): forward and backward on arrays.
        {"Function",
         {{"forward", {"list[ndarray]"}},
          {"forward_cpu", {"list[ndarray]"}},
          {"forward_gpu", {"list[ndarray]"}},
          {"backward", {"list[ndarray]", "list[ndarray]"}},
          {"backward_cpu", {"list[ndarray]", "list[ndarray]"}},
          {"backward_gpu", {"list[ndarray]", "list[ndarray]"}}},
         {"label", "check_type_forward", "forward", "backward", "apply", "rank", "num_inputs", "num_outputs",
          "inputs", "outputs", "unchain", "input_shape", "input_dtype", "output_shape", "output_dtype",
          "retain_inputs", "retain_outputs", "get_retained_inputs", "get_retained_outputs", "input_array",
          "retained_output_array", "forward_arrays", "backward_arrays", "call", "node"}},
        // training.StandardUpdater: the trainer calls update(), which calls update_core().
        {"StandardUpdater",
         {{"update_core", {}}, {"serialize", {"Serializer"}}},  // serialize: rejected for now (CheckLibraryClass)
         {"update", "update_core", "finalize", "serialize", "get_optimizer", "get_all_optimizers", "get_iterator",
          "get_all_iterators", "epoch", "epoch_detail", "previous_epoch_detail", "is_new_epoch", "iteration",
          "connect_trainer", "converter", "device", "loss_func", "loss_scale", "iterators_", "optimizers_",
          "main_iterator"}},
        // training.Extension: called with the trainer when its trigger fires; serialized with the trainer.
        {"Extension",
         {{"__call__", {"Trainer"}}, {"initialize", {"Trainer"}}, {"finalize", {}}, {"serialize", {"Serializer"}}},
         {"initialize", "finalize", "serialize", "default_name", "trigger", "priority", "name"}},
    };
    return kBases;
}

}  // namespace

const LibraryBase* FindLibraryBase(const std::string& type) {
    for (const LibraryBase& b : Bases()) {
        if (b.type == type) return &b;
    }
    return nullptr;
}

const LibraryHook* FindLibraryHook(const LibraryBase& base, const std::string& name) {
    for (const LibraryHook& h : base.hooks) {
        if (h.name == name) return &h;
    }
    return nullptr;
}

const LibraryBase* LibraryBaseOf(const ir::ClassInfo* cls) {
    for (const ir::ClassInfo* c = cls; c != nullptr; c = c->user_base) {
        if (c->lib_base != nullptr) return FindLibraryBase(c->lib_base->name);
    }
    return nullptr;
}

std::string LibraryMemberName(const LibraryBase* base, const std::string& name) {
    const std::string cpp = CppIdentifier(name);
    if (base == nullptr) return cpp;
    const auto& members = base->cpp_members;
    // Only plain names can equal a runtime member, and "py_" + a plain name is a plain temporary base.
    if (std::find(members.begin(), members.end(), cpp) != members.end()) return GeneratedName("py_" + cpp);
    return cpp;
}

}  // namespace cnet::compiler::sema
