#!/usr/bin/env python3
"""class_coverage.py INCLUDE_DIR TYPES.txt — fails when a public runtime class has no CNET_TYPE row.

A public runtime class is a `class` declared at namespace scope in a cnet namespace (not `internal` or
`detail`) in a header of a family .cnet programs use. TYPES.txt lists the C++ names of the tables' library
types (written by cnet_surface_program). Classes that are C++ machinery, not Chainer API, are listed in
CPP_ONLY with the reason.
"""
import os
import re
import sys

FAMILIES = ["links", "optimizers", "optimizer_hooks", "initializers", "training", "datasets", "iterators", "utils",
            "reporter", "dataset", "serializers", "chainermn", "plot", "pil", "nltk", "progressbar"]

CPP_ONLY = {
    "cnet::training::NamedObjects": "StandardUpdater's iterator/optimizer argument: one object or a dict of them",
    "cnet::InitScope": "the RAII guard behind `with self.init_scope():`, lowered by codegen",
    "cnet::UpdateRule": "per-parameter state of an optimizer; Chainer programs reach it only through hooks",
    "cnet::GradientMethod": "C++ base of the gradient optimizers (Optimizer is the .cnet type)",
    "cnet::Serializable": "C++ interface of what serializers visit (links, optimizers, the trainer)",
    "cnet::serializers::DictionarySerializer": "the writer behind save_npz",
    "cnet::serializers::NpzDeserializer": "the reader behind load_npz",
    "cnet::serializers::IgnoreNames": "load_npz's ignore_names predicate",
    "cnet::serializers::NpzFile": "the npz container behind save_npz/load_npz/np.load",
    "cnet::serializers::ZipReader": "the zip reader behind NpzFile",
    "cnet::serializers::ZipWriter": "the zip writer behind NpzFile",
    "cnet::serializers::MissingKeyError": "the C++ exception load_npz raises (a KeyError in .cnet)",
    "cnet::reporter::ReportScope": "the RAII guard behind `with reporter.scope(...)`",
    "cnet::training::LambdaExtension": "an extension made from a C++ callable (make_extension)",
    "cnet::initializers::InitializerArg": "the C++ parameter type that takes an initializer, an array or a scalar",
    "cnet::training::ConverterArg": "the C++ parameter type that takes a converter",
    "cnet::training::LambdaTrigger": "a trigger made from a C++ callable",
    "cnet::training::extensions::LogEntry": "one row of LogReport's log, read by its C++ consumers",
    "cnet::ScaledInitializer": "C++ base of the scaled initializers (Initializer is the .cnet type)",
    "cnet::iterators::FinalizeOnExit": "the RAII guard behind `with SerialIterator(...) as it:`, lowered by codegen",
    "cnet::nltk::bleu_score::Weights": "the C++ parameter type of corpus_bleu's weights: a list or a tuple of any length",
    "cnet::nltk::corpus::Selection": "the C++ parameter type of a corpus reader's fileids and categories: None, a str or a list",
}


# Not yet reachable from .cnet (issue 9): each must get its CNET_TYPE row; this list only shrinks.
NOT_YET = {
    "cnet::datasets::ConcatenatedDataset",
    "cnet::datasets::DictDataset",
    "cnet::datasets::SubDataset",
    "cnet::iterators::ShuffleOrderSampler",
    "cnet::reporter::DictSummary",
    "cnet::reporter::Reporter",
    "cnet::reporter::Summary",
}

# C++ bases of link families (ConvolutionLinkBase, LSTMBase, ...) and per-parameter update rules (AdamRule,
# ...) are C++ structure, not Chainer API.
CPP_ONLY_SUFFIXES = ("Base", "Rule")

CLASS = re.compile(r"^class (\w+)\b(?!;)")
NAMESPACE = re.compile(r"^namespace ([\w:]+) \{")
NAMESPACE_END = re.compile(r"^\}\s*// namespace")


def public_classes(include_dir):
    found = {}
    for family in FAMILIES:
        root = os.path.join(include_dir, "cnet", family)
        for dirpath, _, files in os.walk(root):
            for name in sorted(files):
                if not name.endswith(".h"):
                    continue
                path = os.path.join(dirpath, name)
                stack = []
                with open(path, encoding="utf-8") as f:
                    for line in f:
                        m = NAMESPACE.match(line)
                        if m:
                            stack.append(m.group(1))
                            continue
                        if NAMESPACE_END.match(line) and stack:
                            stack.pop()
                            continue
                        m = CLASS.match(line)
                        if not m or line.rstrip().endswith(";"):
                            continue
                        ns = "::".join(stack)
                        if not ns.startswith("cnet") or re.search(r"\b(internal|detail)\b", ns):
                            continue
                        found[ns + "::" + m.group(1)] = os.path.relpath(path, include_dir)
    return found


def main():
    include_dir, types_file = sys.argv[1], sys.argv[2]
    with open(types_file, encoding="utf-8") as f:
        types = {line.strip() for line in f if line.strip()}
    classes = public_classes(include_dir)
    missing = [(c, h) for c, h in sorted(classes.items())
               if c not in types and c not in CPP_ONLY and c not in NOT_YET and not c.endswith(CPP_ONLY_SUFFIXES)]
    stale = [c for c in list(CPP_ONLY) + list(NOT_YET) if c not in classes]
    stale += [c for c in NOT_YET if c in types]
    for c, h in missing:
        print(f"{h}: public class {c} has no CNET_TYPE row in its family's surface.def "
              f"(add it, or to CPP_ONLY in {os.path.basename(__file__)} with the reason)")
    for c in stale:
        print(f"{c} is listed in CPP_ONLY or NOT_YET but is no public class or has a row now: remove it there")
    print(f"{len(classes)} public classes, {len(types)} library types, {len(missing)} missing")
    return 1 if missing or stale else 0


if __name__ == "__main__":
    sys.exit(main())
