// lstm_lm_interop.cc — the cnet half of lstm_lm_interop.py: an LSTM language model (EmbedID -> L.LSTM ->
// Linear) and an NStepLSTM saved by Chainer 7.8.1 are loaded with strict key matching, run on fixed inputs,
// trained one SGD step, and saved for Chainer to load back.
//
//   lstm_lm_interop DIR   reads DIR/chainer_lm.npz, prints one JSON object {"logits": [...], "nstep": [...],
//                         "loss": ...} (before the step), writes DIR/cnet_lm.npz (after one SGD(0.1) step on
//                         the summed cross entropy of the 3 steps), prints {"logits_after": [...]}.
#include <cstdio>
#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "cnet/functions/basic_math.h"
#include "cnet/functions/loss.h"
#include "cnet/functions/reduction.h"
#include "cnet/links/embed_id.h"
#include "cnet/links/linear.h"
#include "cnet/links/lstm.h"
#include "cnet/links/n_step_rnn.h"
#include "cnet/optimizers/sgd.h"
#include "cnet/serializers/npz.h"

namespace {

namespace F = cnet::functions;
namespace L = cnet::links;
using cnet::Array;
using cnet::Shape;
using cnet::Variable;

constexpr int64_t kVocab = 20, kUnits = 8;

// The same structure as the Python side's RNNLM: keys embed/W, lstm/upward/W, lstm/upward/b, lstm/lateral/W,
// out/W, out/b, rnn/0/w0 .. rnn/0/b7.
class RNNLM : public cnet::Chain {
public:
    RNNLM() {
        auto scope = init_scope();
        embed = add_link("embed", std::make_shared<L::EmbedID>(kVocab, kUnits));
        lstm = add_link("lstm", std::make_shared<L::LSTM>(kUnits, kUnits));
        out = add_link("out", std::make_shared<L::Linear>(kUnits, kVocab));
        rnn = add_link("rnn", std::make_shared<L::NStepLSTM>(1, kUnits, kUnits, 0.0));
    }
    std::shared_ptr<L::EmbedID> embed;
    std::shared_ptr<L::LSTM> lstm;
    std::shared_ptr<L::Linear> out;
    std::shared_ptr<L::NStepLSTM> rnn;
};

// tokens[t] for t = 0..3: batch 2.
std::vector<Array> Tokens() {
    std::vector<Array> ts;
    for (int t = 0; t < 4; ++t) ts.push_back(Array::FromVector(std::vector<int32_t>{3 * t + 1, 3 * t + 2}));
    return ts;
}

nlohmann::json Flat(const Array& a) { return a.astype(cnet::Dtype::kFloat64).to_vector<double>(); }

// Runs the 3 LM steps; returns the summed loss and appends the logits.
Variable Run(RNNLM& m, nlohmann::json& logits) {
    const std::vector<Array> ts = Tokens();
    m.lstm->reset_state();
    Variable loss;
    for (int t = 0; t < 3; ++t) {
        Variable y = (*m.out)((*m.lstm)((*m.embed)(ts[t])));
        for (double v : Flat(y.array())) logits.push_back(v);
        Variable l = F::softmax_cross_entropy(y, ts[t + 1]);
        loss = loss.defined() ? loss + l : l;
    }
    return loss;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    const std::string dir = argv[1];
    auto model = std::make_shared<RNNLM>();
    cnet::serializers::load_npz(dir + "/chainer_lm.npz", model);
    nlohmann::json out;
    out["logits"] = nlohmann::json::array();
    Variable loss = Run(*model, out["logits"]);
    out["loss"] = loss.array().item<float>();
    // NStepLSTM on two sequences of lengths 2 and 3 built from the embeddings.
    cnet::VarList xs{(*model->embed)(Array::FromVector(std::vector<int32_t>{1, 2})),
                             (*model->embed)(Array::FromVector(std::vector<int32_t>{3, 4, 5}))};
    auto [hy, cy, ys] = (*model->rnn)(Variable(), Variable(), xs);
    out["nstep"] = nlohmann::json::array();
    for (const Variable& y : ys)
        for (double v : Flat(y.array())) out["nstep"].push_back(v);
    for (double v : Flat(hy.array())) out["nstep"].push_back(v);

    auto opt = std::make_shared<cnet::optimizers::SGD>(0.1);
    opt->setup(model);
    Variable total = loss + F::sum(ys[0]) * 0.5 + F::sum(ys[1]) + F::sum(cy);
    model->cleargrads();
    total.backward();
    opt->update();
    cnet::serializers::save_npz(dir + "/cnet_lm.npz", model);
    out["logits_after"] = nlohmann::json::array();
    Run(*model, out["logits_after"]);
    std::printf("%s\n", out.dump().c_str());
    return 0;
}
