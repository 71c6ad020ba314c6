// npz_interop.cc — the cnet half of the npz interoperability test with real Chainer (chainer_npz.py is the
// other half; CTest runs `chainer_npz.py run --exe npz_interop --workdir DIR`).
//
//   npz_interop DIR
//
// 1. Chainer -> cnet: reads the files `chainer_npz.py export DIR` wrote (chainer_model*.npz,
//    chainer_optimizer*.npz, chainer_snapshot*.npz; savez and savez_compressed) and its reference
//    (chainer_reference.npz written with np.savez + chainer_reference.json: every key with dtype and shape,
//    strings, Nones). For each file:
//    - the archive itself: every key Chainer wrote is read with the dtype, shape and value Chainer wrote;
//    - load_npz(strict=true) into the same structure built with cnet's links/optimizers/trainer;
//    - the loaded object saved again (DictionarySerializer): exactly Chainer's keys, dtypes, shapes, values;
//    - continuation: one more Adam step (model + optimizer), or the resumed trainer run to iteration 8,
//      compared with Chainer's continuation (rtol 1e-5, atol 1e-6).
// 2. cnet -> Chainer: trains the same structure in cnet and writes cnet_model*.npz, cnet_optimizer*.npz,
//    cnet_snapshot*.npz (snapshot extension: compressed; save_npz(compression=false): *_raw) plus
//    cnet_reference.npz / cnet_reference.json (every saved value, and the continuation results) for
//    `chainer_npz.py verify DIR`.
//
// Every difference is printed as "MISMATCH: <file>: <key>: ..."; the exit status is 1 when any was found.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cnet/core/array.h"
#include "cnet/core/random.h"
#include "cnet/core/variable.h"
#include "cnet/datasets/tuple_dataset.h"
#include "cnet/functions/activation.h"
#include "cnet/iterators/serial_iterator.h"
#include "cnet/links/classifier.h"
#include "cnet/links/linear.h"
#include "cnet/links/link.h"
#include "cnet/optimizers/adam.h"
#include "cnet/serializers/dictionary_serializer.h"
#include "cnet/serializers/npz.h"
#include "cnet/serializers/npz_file.h"
#include "cnet/training/training.h"

namespace {

using namespace cnet;  // NOLINT(build/namespaces)
namespace E = training::extensions;
namespace fs = std::filesystem;
using json = nlohmann::json;
using serializers::NpzFile;

// Must agree with chainer_npz.py.
constexpr int64_t kBatch = 8;
constexpr int64_t kExamples = 32;
constexpr double kAlpha = 0.01;
constexpr int kTrainSteps = 3;
constexpr int kNextBatch = 3;
constexpr int64_t kSnapshotIter = 6;
constexpr int64_t kResumeToIter = 8;
constexpr int64_t kLogTrigger = 4;
constexpr double kRtol = 1e-5, kAtol = 1e-6;

// Chainer >= 6 names the extension returned by extensions.snapshot() "_Snapshot" (its class name); cnet
// follows Chainer v4 ("snapshot"). The trainer's snapshot holds `extension_triggers/<name>/...`, so the name
// is given explicitly to make the two trainers' layouts the same (see the list of differences in
// chainer_npz.py's docstring).
const char kSnapshotName[] = "_Snapshot";

// ---- the structure (mirrors chainer_npz.py)

class MLP : public Chain {
public:
    MLP() {
        auto scope = init_scope();
        l1 = add_link("l1", std::make_shared<links::Linear>(784, 50));
        l2 = add_link("l2", std::make_shared<links::Linear>(50, 10));
    }
    Variable call(const std::vector<Variable>& args) override {
        return (*l2)(functions::relu((*l1)(args.at(0))));
    }
    std::shared_ptr<links::Linear> l1, l2;
};

std::shared_ptr<links::Classifier> MakeModel(uint64_t seed) {
    random::seed(seed);
    return std::make_shared<links::Classifier>(std::make_shared<MLP>());
}

std::shared_ptr<optimizers::Adam> MakeOptimizer(const std::shared_ptr<Link>& model) {
    auto opt = std::make_shared<optimizers::Adam>(kAlpha);
    opt->setup(model);
    return opt;
}

struct Data {
    Array x, t;
    std::pair<Variable, Variable> batch(int i) const {
        i %= static_cast<int>(kExamples / kBatch);
        Array xb = x[Slice(i * kBatch, (i + 1) * kBatch)].copy();
        Array tb = t[Slice(i * kBatch, (i + 1) * kBatch)].copy();
        return {Variable(xb, false), Variable(tb, false)};
    }
};

void Step(links::Classifier& model, optimizers::Adam& opt, const Data& data, int i) {
    auto [xb, tb] = data.batch(i);
    opt.update([&] { return model(xb, tb); });
}

struct TrainerRun {
    std::shared_ptr<links::Classifier> model;
    std::shared_ptr<optimizers::Adam> optimizer;
    std::shared_ptr<iterators::SerialIterator> iterator;
    std::shared_ptr<training::updaters::StandardUpdater> updater;
    std::unique_ptr<training::Trainer> trainer;
    std::shared_ptr<E::LogReport> log_report;

    /// `on_snapshot`: called after the snapshot extension saved the trainer (with Chainer's default savefun).
    TrainerRun(const Data& data, uint64_t seed, int64_t stop_iter, const std::string& out,
               std::function<void(training::Trainer&)> on_snapshot = nullptr) {
        model = MakeModel(seed);
        optimizer = MakeOptimizer(model);
        iterator = std::make_shared<iterators::SerialIterator>(std::make_shared<datasets::TupleDataset>(data.x, data.t),
                                                               kBatch, true, false);
        updater = std::make_shared<training::updaters::StandardUpdater>(iterator, optimizer);
        trainer = std::make_unique<training::Trainer>(updater, training::TriggerArg(stop_iter, "iteration"), out);
        log_report = std::make_shared<E::LogReport>(std::nullopt, training::TriggerArg(kLogTrigger, "iteration"));
        trainer->extend(log_report);
        E::TrainerSaveFun savefun;
        if (on_snapshot) {
            savefun = [on_snapshot](const std::string& path, training::Trainer& t) {
                serializers::save_npz(path, t);
                on_snapshot(t);
            };
        }
        trainer->extend(E::snapshot(savefun), std::string(kSnapshotName),
                        training::TriggerArg(kSnapshotIter, "iteration"));
    }
};

// ---- helpers

std::string Descr(Dtype d) {
    switch (d) {
        case Dtype::kBool: return "|b1";
        case Dtype::kUint8: return "|u1";
        case Dtype::kInt32: return "<i4";
        case Dtype::kInt64: return "<i8";
        case Dtype::kFloat16: return "<f2";
        case Dtype::kFloat32: return "<f4";
        case Dtype::kFloat64: return "<f8";
    }
    return "?";
}

std::string ShapeStr(const Shape& s) {
    std::string out = "[";
    for (int i = 0; i < s.ndim(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
    return out + "]";
}

std::string ShapeStr(const json& s) {
    std::string out = "[";
    for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i].get<int64_t>());
    return out + "]";
}

bool SameShape(const Shape& s, const json& j) {
    if (static_cast<size_t>(s.ndim()) != j.size()) return false;
    for (int i = 0; i < s.ndim(); ++i)
        if (s[i] != j[static_cast<size_t>(i)].get<int64_t>()) return false;
    return true;
}

bool BitEqual(const Array& a, const Array& b) {
    if (a.dtype() != b.dtype() || !(a.shape() == b.shape())) return false;
    Array ca = a.as_contiguous(), cb = b.as_contiguous();
    return std::memcmp(ca.raw_data(), cb.raw_data(), ca.nbytes()) == 0;
}

std::string Utf8(const Array& bytes) {
    std::vector<uint8_t> v = bytes.astype(Dtype::kUint8).to_vector<uint8_t>();
    return std::string(v.begin(), v.end());
}

std::string Join(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
    return "[" + out + "]";
}

bool IsTimeKey(const std::string& key) {
    return key == "_snapshot_elapsed_time" || (key.size() > 23 && key.rfind("/_snapshot_elapsed_time") ==
                                                                      key.size() - 23);
}


// Random generator states cnet adds to snapshots (Chainer never asks for them; see chainer_npz.py's docstring).
bool IsCnetOnlyKey(const std::string& key) {
    const std::string last = key.substr(key.find_last_of('/') == std::string::npos ? 0 : key.find_last_of('/') + 1);
    return last.size() >= 13 && last.compare(last.size() - 13, 13, "_random_state") == 0;
}

NpzFile SaveState(const std::function<void(Serializer&)>& serialize) {
    serializers::DictionarySerializer s;
    serialize(s);
    return *s.target();
}

std::map<std::string, Array> Params(Link& link) {
    std::map<std::string, Array> out;
    for (auto& [name, p] : link.namedparams()) out[name] = p.array().copy();
    return out;
}

class Checker {
public:
    int failures = 0;
    int checked = 0;

    void Fail(const std::string& msg) {
        ++failures;
        std::cout << "MISMATCH: " << msg << std::endl;
    }
    bool Check(bool cond, const std::string& msg) {
        ++checked;
        if (!cond) Fail(msg);
        return cond;
    }
    // np.allclose(got, want, rtol, atol), naming the largest difference.
    void Close(const std::string& what, const Array& got, const Array& want) {
        ++checked;
        if (!got.defined() || !want.defined()) {
            Fail(what + ": " + (got.defined() ? "expected" : "got") + " None");
            return;
        }
        if (!(got.shape() == want.shape())) {
            Fail(what + ": shape " + ShapeStr(got.shape()) + ", expected " + ShapeStr(want.shape()));
            return;
        }
        std::vector<double> g = got.astype(Dtype::kFloat64).to_vector<double>();
        std::vector<double> w = want.astype(Dtype::kFloat64).to_vector<double>();
        double worst = -1;
        size_t at = 0;
        bool ok = true;
        for (size_t i = 0; i < g.size(); ++i) {
            double d = std::fabs(g[i] - w[i]);
            if (!(d <= kAtol + kRtol * std::fabs(w[i]))) ok = false;
            if (!(d <= worst)) worst = d, at = i;
        }
        if (!ok) {
            std::ostringstream s;
            s.precision(9);
            s << what << ": max |diff| " << worst << " at flat index " << at << " (got " << g[at] << ", expected "
              << w[at] << ")";
            Fail(s.str());
        }
    }
};

// The Chainer reference: arrays (np.savez) + metadata (JSON).
struct Reference {
    NpzFile arrays;
    json meta;

    bool is_none(const std::string& full) const {
        for (const auto& k : meta["none"])
            if (k.get<std::string>() == full) return true;
        return false;
    }
    const json* string(const std::string& full) const {
        auto it = meta["strings"].find(full);
        return it == meta["strings"].end() ? nullptr : &*it;
    }
};

void Note(const std::string& msg);

// Compares one archive (`npz`: a file read with NpzFile::Load, or an object saved again with
// DictionarySerializer) with Chainer's record of role `role`: the same keys, and per key the dtype, shape
// and value Chainer saved. `in_memory`: strings are cnet's in-memory form (UTF-8 bytes), not the file's.
void CompareWithChainer(Checker& chk, const std::string& what, const NpzFile& npz, const std::string& role,
                        const Reference& ref) {
    const json& keys = ref.meta["files"][role];
    std::set<std::string> want;
    for (const auto& e : keys) want.insert(e["key"].get<std::string>());
    std::vector<std::string> missing, extra;
    for (const auto& k : want)
        if (!npz.contains(k)) missing.push_back(k);
    for (const auto& k : npz.files())
        if (!want.count(k) && !IsCnetOnlyKey(k)) extra.push_back(k);
    chk.Check(missing.empty(), what + ": keys Chainer wrote that are missing here: " + Join(missing));
    chk.Check(extra.empty(), what + ": keys here that Chainer did not write: " + Join(extra));
    for (const auto& e : keys) {
        const std::string key = e["key"].get<std::string>();
        if (!npz.contains(key)) continue;
        const std::string full = role + "::" + key;
        const std::string at = what + ": " + key;
        const Array& value = npz.at(key);
        if (ref.is_none(full)) {
            chk.Check(!value.defined(), at + ": expected None (Chainer wrote a pickled None), got an array");
            continue;
        }
        if (const json* s = ref.string(full)) {
            if (!chk.Check(value.defined() && value.dtype() == Dtype::kUint8 && npz.is_string(key),
                           at + ": expected a str (Chainer wrote " + e["dtype"].get<std::string>() + "), got " +
                               (value.defined() ? std::string(DtypeName(value.dtype())) + " " +
                                                      ShapeStr(value.shape()) + (npz.is_string(key) ? " str" : "")
                                                : std::string("None"))))
                continue;
            const std::string got = Utf8(value), want = s->get<std::string>();
            // JSON texts (LogReport's log, DictSummary's names): the same value; a different text is a note.
            const json gj = json::parse(got, nullptr, false), wj = json::parse(want, nullptr, false);
            if (!gj.is_discarded() && !wj.is_discarded()) {
                if (chk.Check(gj == wj, at + ": JSON " + got + ", Chainer wrote " + want) && got != want)
                    Note(at + ": same JSON value, different text: cnet " + got + ", Chainer " + want);
            } else {
                chk.Check(got == want, at + ": string '" + got + "', Chainer wrote '" + want + "'");
            }
            continue;
        }
        if (!chk.Check(value.defined(), at + ": None here, Chainer wrote an array")) continue;
        const std::string dt = e["dtype"].get<std::string>();
        chk.Check(Descr(value.dtype()) == dt, at + ": dtype " + Descr(value.dtype()) + ", Chainer wrote " + dt);
        if (!chk.Check(SameShape(value.shape(), e["shape"]),
                       at + ": shape " + ShapeStr(value.shape()) + ", Chainer wrote " + ShapeStr(e["shape"])))
            continue;
        if (IsTimeKey(key)) continue;
        if (!ref.arrays.contains(full)) {
            chk.Fail(full + ": missing from chainer_reference.npz");
            continue;
        }
        const Array& expected = ref.arrays.at(full);
        if (!BitEqual(value.astype(expected.dtype()), expected)) {
            const int before = chk.failures;
            chk.Close(at, value, expected);  // names the largest difference
            if (chk.failures == before) chk.Fail(at + ": close to, but not bit-identical with, Chainer's value");
        } else {
            ++chk.checked;
        }
    }
}

std::set<std::string>& Notes() {
    static std::set<std::string> notes;
    return notes;
}

void Note(const std::string& msg) {
    if (Notes().insert(msg).second) std::cout << "NOTE: " << msg << std::endl;
}

std::string Path(const std::string& dir, const std::string& name) { return (fs::path(dir) / name).string(); }

// ---- Chainer -> cnet

void ChainerToCnet(Checker& chk, const std::string& dir, const Reference& ref, const Data& data) {
    const json& sc = ref.meta["scalars"];
    for (const std::string suffix : {"", "_raw"}) {
        const std::string mfile = "chainer_model" + suffix + ".npz";
        const std::string ofile = "chainer_optimizer" + suffix + ".npz";
        for (const auto& [file, role] : {std::pair{mfile, "model"}, std::pair{ofile, "optimizer"}}) {
            try {
                CompareWithChainer(chk, file + " (as read)", NpzFile::Load(Path(dir, file)), role, ref);
            } catch (const std::exception& e) {
                chk.Fail(file + ": cannot read the archive: " + e.what());
            }
        }
        auto model = MakeModel(11);
        auto opt = MakeOptimizer(model);
        try {
            serializers::load_npz(Path(dir, mfile), model);
            serializers::load_npz(Path(dir, ofile), *opt);
        } catch (const std::exception& e) {
            chk.Fail(mfile + " / " + ofile + ": load_npz(strict=true) failed: " + e.what());
            continue;
        }
        CompareWithChainer(chk, mfile + " (loaded, saved again)", SaveState([&](Serializer& s) { model->serialize(s); }),
                           "model", ref);
        CompareWithChainer(chk, ofile + " (loaded, saved again)", SaveState([&](Serializer& s) { opt->serialize(s); }),
                           "optimizer", ref);
        for (auto& [name, value] : Params(*model))
            chk.Close(mfile + ": param " + name + " (namedparams)", value, ref.arrays.at("model::" + name.substr(1)));
        chk.Check(opt->t == sc["optimizer.t"].get<int64_t>(),
                  ofile + ": optimizer.t " + std::to_string(opt->t) + ", Chainer " + sc["optimizer.t"].dump());
        Step(*model, *opt, data, kNextBatch);
        for (auto& [name, value] : Params(*model))
            chk.Close(mfile + " + one Adam step in cnet: " + name + " vs Chainer", value, ref.arrays.at("step::" + name));
    }

    for (const std::string suffix : {"", "_raw"}) {  // pickled None: an uninitialized Linear(None, 3)
        const std::string lfile = "chainer_lazy" + suffix + ".npz";
        try {
            CompareWithChainer(chk, lfile + " (as read)", NpzFile::Load(Path(dir, lfile)), "lazy", ref);
            auto lazy = std::make_shared<links::Linear>(std::nullopt, 3);
            serializers::load_npz(Path(dir, lfile), lazy);
            CompareWithChainer(chk, lfile + " (loaded, saved again)",
                               SaveState([&](Serializer& s) { lazy->serialize(s); }), "lazy", ref);
            chk.Check(!lazy->W.array().defined(), lfile + ": W should stay uninitialized (None)");
        } catch (const std::exception& e) {
            chk.Fail(lfile + ": " + e.what());
        }
    }

    for (const std::string suffix : {"", "_raw"}) {
        const std::string sfile = "chainer_snapshot" + suffix + ".npz";
        try {
            CompareWithChainer(chk, sfile + " (as read)", NpzFile::Load(Path(dir, sfile)), "snapshot" + suffix, ref);
        } catch (const std::exception& e) {
            chk.Fail(sfile + ": cannot read the archive: " + e.what());
        }
        TrainerRun run(data, 12, kResumeToIter, Path(dir, "cnet_resumes_chainer" + suffix));
        try {
            serializers::load_npz(Path(dir, sfile), *run.trainer);
        } catch (const std::exception& e) {
            chk.Fail(sfile + ": load_npz(trainer, strict=true) failed: " + e.what());
            continue;
        }
        CompareWithChainer(chk, sfile + " (loaded, saved again)",
                           SaveState([&](Serializer& s) { run.trainer->serialize(s); }), "snapshot" + suffix, ref);
        auto& up = *run.updater;
        chk.Check(up.iteration == sc["snapshot.iteration"].get<int64_t>(),
                  sfile + ": resumed iteration " + std::to_string(up.iteration) + ", Chainer " +
                      sc["snapshot.iteration"].dump());
        chk.Check(up.epoch() == sc["snapshot.epoch"].get<int64_t>(),
                  sfile + ": resumed epoch " + std::to_string(up.epoch()) + ", Chainer " + sc["snapshot.epoch"].dump());
        chk.Check(std::fabs(up.epoch_detail() - sc["snapshot.epoch_detail"].get<double>()) < 1e-12,
                  sfile + ": resumed epoch_detail " + std::to_string(up.epoch_detail()) + ", Chainer " +
                      sc["snapshot.epoch_detail"].dump());
        chk.Check(run.iterator->current_position() == sc["snapshot.current_position"].get<int64_t>(),
                  sfile + ": resumed iterator position " + std::to_string(run.iterator->current_position()) +
                      ", Chainer " + sc["snapshot.current_position"].dump());
        chk.Check(run.optimizer->t == sc["snapshot.optimizer_t"].get<int64_t>(),
                  sfile + ": resumed optimizer.t " + std::to_string(run.optimizer->t) + ", Chainer " +
                      sc["snapshot.optimizer_t"].dump());
        chk.Check(static_cast<int64_t>(run.log_report->log().size()) == sc["snapshot.log_len"].get<int64_t>(),
                  sfile + ": LogReport has " + std::to_string(run.log_report->log().size()) + " entries, Chainer " +
                      sc["snapshot.log_len"].dump());
        std::cout << "npz_interop: cnet resumed " << sfile << " at iteration " << up.iteration << ", epoch "
                  << up.epoch() << " (epoch_detail " << up.epoch_detail() << ")" << std::endl;
        try {
            run.trainer->run();
        } catch (const std::exception& e) {
            chk.Fail(sfile + ": the resumed cnet trainer failed: " + e.what());
            continue;
        }
        chk.Check(up.iteration == kResumeToIter, sfile + ": cnet stopped at iteration " + std::to_string(up.iteration));
        for (auto& [name, value] : Params(*run.model))
            chk.Close(sfile + " resumed to iteration " + std::to_string(kResumeToIter) + " in cnet: " + name +
                          " vs Chainer",
                      value, ref.arrays.at("resumed::" + name));
        chk.Check(run.optimizer->t == sc["resumed.optimizer_t"].get<int64_t>(),
                  sfile + ": optimizer.t after resume " + std::to_string(run.optimizer->t) + ", Chainer " +
                      sc["resumed.optimizer_t"].dump());
        chk.Check(static_cast<int64_t>(run.log_report->log().size()) == sc["resumed.log_len"].get<int64_t>(),
                  sfile + ": LogReport after resume has " + std::to_string(run.log_report->log().size()) +
                      " entries, Chainer " + sc["resumed.log_len"].dump());
    }
}

// ---- cnet -> Chainer

struct CnetReference {
    NpzFile arrays;
    json meta = {{"files", json::object()}, {"strings", json::object()}, {"none", json::array()},
                 {"scalars", json::object()}};

    void AddFile(const std::string& role, const NpzFile& state) {
        json keys = json::array();
        for (const auto& [key, value] : state.entries()) {
            const std::string full = role + "::" + key;
            if (!value.defined()) {
                keys.push_back({{"key", key}, {"dtype", "|O"}, {"shape", json::array()}});
                meta["none"].push_back(full);
            } else if (state.is_string(key)) {
                keys.push_back({{"key", key}, {"dtype", "str"}, {"shape", json::array()}});
                meta["strings"][full] = Utf8(value);
            } else {
                json shape = json::array();
                for (int i = 0; i < value.ndim(); ++i) shape.push_back(value.shape()[i]);
                keys.push_back({{"key", key}, {"dtype", Descr(value.dtype())}, {"shape", shape}});
                arrays.set(full, value.copy());  // DictionarySerializer keeps the live arrays
            }
        }
        meta["files"][role] = keys;
    }
    void AddArrays(const std::string& prefix, const std::map<std::string, Array>& values) {
        for (const auto& [k, v] : values) arrays.set(prefix + "::" + k, v);
    }
};

void CnetToChainer(Checker& chk, const std::string& dir, const Data& data) {
    CnetReference ref;
    ref.AddArrays("data", {{"x", data.x}, {"t", data.t}});

    auto model = MakeModel(21);
    auto opt = MakeOptimizer(model);
    for (int i = 0; i < kTrainSteps; ++i) Step(*model, *opt, data, i);
    for (const auto& [suffix, compression] : {std::pair{"", true}, std::pair{"_raw", false}}) {
        serializers::save_npz(Path(dir, std::string("cnet_model") + suffix + ".npz"), model, compression);
        serializers::save_npz(Path(dir, std::string("cnet_optimizer") + suffix + ".npz"), *opt, compression);
    }
    ref.AddFile("model", SaveState([&](Serializer& s) { model->serialize(s); }));
    ref.AddFile("optimizer", SaveState([&](Serializer& s) { opt->serialize(s); }));
    ref.AddArrays("direct", Params(*model));
    ref.meta["scalars"]["optimizer.t"] = opt->t;
    Step(*model, *opt, data, kNextBatch);
    ref.AddArrays("step", Params(*model));

    auto lazy = std::make_shared<links::Linear>(std::nullopt, 3);  // W: None
    serializers::save_npz(Path(dir, "cnet_lazy.npz"), lazy);
    serializers::save_npz(Path(dir, "cnet_lazy_raw.npz"), lazy, false);
    ref.AddFile("lazy", SaveState([&](Serializer& s) { lazy->serialize(s); }));

    {
        TrainerRun run(data, 22, kSnapshotIter, Path(dir, "cnet_result"), [&](training::Trainer& t) {
            ref.AddFile("snapshot", SaveState([&](Serializer& s) { t.serialize(s); }));
        });
        run.trainer->run();
        const std::string snap = Path(dir, "cnet_result/snapshot_iter_" + std::to_string(kSnapshotIter));
        if (!chk.Check(fs::is_regular_file(snap), "cnet's snapshot extension wrote no " + snap)) return;
        fs::rename(snap, Path(dir, "cnet_snapshot.npz"));
        serializers::save_npz(Path(dir, "cnet_snapshot_raw.npz"), *run.trainer, false);
        // after run() (the stop trigger has been asked once more: its state differs from the extension's file)
        ref.AddFile("snapshot_raw", SaveState([&](Serializer& s) { run.trainer->serialize(s); }));
        auto& sc = ref.meta["scalars"];
        sc["snapshot.iteration"] = run.updater->iteration;
        sc["snapshot.epoch"] = run.updater->epoch();
        sc["snapshot.epoch_detail"] = run.updater->epoch_detail();
        sc["snapshot.current_position"] = run.iterator->current_position();
        sc["snapshot.optimizer_t"] = run.optimizer->t;
        sc["snapshot.log_len"] = run.log_report->log().size();
    }
    {
        TrainerRun run(data, 23, kResumeToIter, Path(dir, "cnet_result_resumed"));
        serializers::load_npz(Path(dir, "cnet_snapshot.npz"), *run.trainer);
        run.trainer->run();
        ref.AddArrays("resumed", Params(*run.model));
        ref.meta["scalars"]["resumed.optimizer_t"] = run.optimizer->t;
        ref.meta["scalars"]["resumed.log_len"] = run.log_report->log().size();
    }
    ref.arrays.Save(Path(dir, "cnet_reference.npz"), false);
    std::ofstream(Path(dir, "cnet_reference.json")) << ref.meta.dump(1);
    std::cout << "npz_interop: wrote cnet's files to " << dir << " (model " << ref.meta["files"]["model"].size()
              << " keys, optimizer " << ref.meta["files"]["optimizer"].size() << " keys, snapshot "
              << ref.meta["files"]["snapshot"].size() << " keys)" << std::endl;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: npz_interop DIR  (DIR: written by `chainer_npz.py export DIR`)\n";
        return 2;
    }
    const std::string dir = argv[1];
    Checker chk;
    try {
        Reference ref;
        ref.arrays = NpzFile::Load(Path(dir, "chainer_reference.npz"));
        std::ifstream meta(Path(dir, "chainer_reference.json"));
        ref.meta = json::parse(meta);
        Data data{ref.arrays.at("data::x"), ref.arrays.at("data::t")};
        ChainerToCnet(chk, dir, ref, data);
        std::cout << "npz_interop: Chainer -> cnet: " << chk.checked << " checks, " << chk.failures << " failed"
                  << std::endl;
        CnetToChainer(chk, dir, data);
    } catch (const std::exception& e) {
        chk.Fail(std::string("npz_interop: ") + e.what());
    }
    if (chk.failures) {
        std::cout << "npz_interop: FAILED: " << chk.failures << " of " << chk.checked << " checks" << std::endl;
        return 1;
    }
    std::cout << "npz_interop: OK: " << chk.checked << " checks" << std::endl;
    return 0;
}
