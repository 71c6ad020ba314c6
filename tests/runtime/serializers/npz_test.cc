// npz_test.cc — save_npz/load_npz: Chainer's key scheme, every dtype and shape (0-d, None), compression,
// strict/path/ignore_names, and the errors for missing keys, bad shapes, bad casts and truncated files.
#include "cnet/serializers/npz.h"

#include <dirent.h>
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <set>
#include <string>

#include "cnet/np/math.h"
#include "serializers_test_util.h"
#include "test_util.h"

namespace cnet {
namespace {

using serializers::load_npz;
using serializers::NpzFile;
using serializers::save_npz;
using testing_util::Arange;
using testing_util::Arr;

// A two-level object like Classifier(MLP): l1/{W,b}, persistent scalars and a None-valued array.
struct Layer : Serializable {
    Array W, b;
    void serialize(Serializer& s) override {
        s.serialize("W", W);
        s.serialize("b", b);
    }
};
struct Model : Serializable {
    Layer l1, l2;
    int64_t t = 0;
    double lr = 0;
    bool flag = false;
    std::optional<double> previous;
    Array none_value;
    void serialize(Serializer& s) override {
        l1.serialize(*s["l1"]);
        l2.serialize(*s["/l2/"]);
        s.serialize("t", t);
        s.serialize("lr", lr);
        s.serialize("flag", flag);
        s.serialize("previous", previous);
        s.serialize("/none_value", none_value);
    }
};

Model MakeModel() {
    Model m;
    m.l1.W = Arange(6, {2, 3});
    m.l1.b = Arr({1, 2});
    m.l2.W = Arange(4, {1, 4}, Dtype::kFloat64);
    m.l2.b = Array::FromScalar(3, Dtype::kInt32);
    m.t = 42;
    m.lr = 0.125;
    m.flag = true;
    return m;
}

class NpzTest : public ::testing::Test {
protected:
    void SetUp() override { dir_ = testing_util::MakeTempDir("cnet_npz_test"); }
    void TearDown() override { std::system(("rm -rf '" + dir_ + "'").c_str()); }
    std::string Path(const std::string& name) const { return dir_ + "/" + name; }
    std::string dir_;
};

TEST_F(NpzTest, KeySchemeHasNoLeadingSlash) {
    Model m = MakeModel();
    save_npz(Path("m.npz"), m);
    const NpzFile f = NpzFile::Load(Path("m.npz"));
    EXPECT_EQ(f.files(), (std::vector<std::string>{"l1/W", "l1/b", "l2/W", "l2/b", "t", "lr", "flag", "previous",
                                                   "none_value"}));
    EXPECT_EQ(f.at("t").ndim(), 0);
    EXPECT_EQ(f.at("t").dtype(), Dtype::kInt64);
    EXPECT_EQ(f.at("lr").dtype(), Dtype::kFloat64);
    EXPECT_FALSE(f.at("previous").defined());
    EXPECT_FALSE(f.at("none_value").defined());
}

TEST_F(NpzTest, RoundTripRestoresEveryValue) {
    for (bool compression : {true, false}) {
        Model saved = MakeModel();
        saved.previous = 2.5;
        save_npz(Path("m.npz"), saved, compression);
        Model loaded;
        loaded.l1.W = Array::Zeros({2, 3});  // defined: copied in place
        const Array alias = loaded.l1.W;
        loaded.none_value = Arr({9});  // a saved None makes it undefined
        load_npz(Path("m.npz"), loaded);
        EXPECT_TRUE(np::array_equal(alias, saved.l1.W));
        EXPECT_TRUE(np::array_equal(loaded.l1.b, saved.l1.b));  // undefined: assigned (lazy parameter)
        EXPECT_EQ(loaded.l2.W.dtype(), Dtype::kFloat64);
        EXPECT_EQ(loaded.l2.b.ndim(), 0);
        EXPECT_EQ(loaded.l2.b.item<int32_t>(), 3);
        EXPECT_EQ(loaded.t, 42);
        EXPECT_EQ(loaded.lr, 0.125);
        EXPECT_TRUE(loaded.flag);
        EXPECT_EQ(loaded.previous, 2.5);
        EXPECT_FALSE(loaded.none_value.defined());
    }
}

TEST_F(NpzTest, WorksThroughSharedPointers) {
    auto m = std::make_shared<Model>(MakeModel());
    save_npz(Path("p.npz"), m);
    auto fresh = std::make_shared<Model>();
    load_npz(Path("p.npz"), fresh.get());
    EXPECT_EQ(fresh->t, 42);
}

TEST_F(NpzTest, CompressionShrinksRedundantData) {
    Model m = MakeModel();
    m.l1.W = Array::Zeros({100, 100});
    save_npz(Path("c.npz"), m, true);
    save_npz(Path("u.npz"), m, false);
    std::ifstream c(Path("c.npz"), std::ios::ate), u(Path("u.npz"), std::ios::ate);
    EXPECT_LT(static_cast<int64_t>(c.tellg()) * 10, static_cast<int64_t>(u.tellg()));
}

TEST_F(NpzTest, MissingKeyNamesKeyAndExpectedShape) {
    NpzFile f;
    f.set("l1/W", Arange(6, {2, 3}));
    f.Save(Path("partial.npz"));
    Model m;
    m.l1.W = Array::Zeros({2, 3});
    m.l1.b = Array::Zeros({2});
    try {
        load_npz(Path("partial.npz"), m);
        FAIL() << "expected MissingKeyError";
    } catch (const serializers::MissingKeyError& e) {
        EXPECT_EQ(e.key(), "l1/b");
        EXPECT_NE(std::string(e.what()).find("'l1/b' is not a file in the archive"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("(2,)"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("partial.npz"), std::string::npos) << e.what();
    }
    Model lenient;
    lenient.t = 7;
    load_npz(Path("partial.npz"), lenient, "", /*strict=*/false);
    EXPECT_TRUE(np::array_equal(lenient.l1.W, Arange(6, {2, 3})));
    EXPECT_EQ(lenient.t, 7);
}

TEST_F(NpzTest, ShapeMismatchNamesKeyAndBothShapes) {
    save_npz(Path("m.npz"), MakeModel());
    Model m;
    m.l1.W = Array::Zeros({3, 2});
    try {
        load_npz(Path("m.npz"), m);
        FAIL() << "expected SerializationError";
    } catch (const SerializationError& e) {
        EXPECT_NE(std::string(e.what()).find("shape mismatch for 'l1/W'"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("expected (3, 2), got (2, 3)"), std::string::npos) << e.what();
    }
}

TEST_F(NpzTest, SameKindCastRule) {
    Model saved = MakeModel();
    save_npz(Path("m.npz"), saved);
    Model m;
    m.l1.W = Array::Zeros({2, 3}, Dtype::kFloat64);  // float32 -> float64: fine
    load_npz(Path("m.npz"), m);
    EXPECT_EQ(m.l1.W.dtype(), Dtype::kFloat64);
    Model bad;
    bad.l1.W = Array::Zeros({2, 3}, Dtype::kInt32);  // float -> int: refused like numpy.copyto
    EXPECT_THROW(load_npz(Path("m.npz"), bad), SerializationError);
}

TEST_F(NpzTest, PathPrefixAndIgnoreNames) {
    NpzFile f;
    f.set("updater/model:main/l1/W", Arange(6, {2, 3}));
    f.set("updater/model:main/l1/b", Arr({5, 6}));
    f.Save(Path("snap.npz"));
    Layer layer;
    load_npz(Path("snap.npz"), layer, "updater/model:main/l1/");
    EXPECT_TRUE(np::array_equal(layer.b, Arr({5, 6})));
    Layer partial;
    load_npz(Path("snap.npz"), partial, "updater/model:main/l1/", true, "updater/model:main/l1/b");
    EXPECT_TRUE(partial.W.defined());
    EXPECT_FALSE(partial.b.defined());
}

TEST_F(NpzTest, TruncatedOrMissingFileIsACleanError) {
    save_npz(Path("m.npz"), MakeModel());
    std::ifstream in(Path("m.npz"), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (size_t cut : {size_t{0}, size_t{30}, bytes.size() / 2, bytes.size() - 5}) {
        std::ofstream(Path("cut.npz"), std::ios::binary) << bytes.substr(0, cut);
        Model m;
        try {
            load_npz(Path("cut.npz"), m);
            FAIL() << "cut at " << cut << " loaded";
        } catch (const SerializationError& e) {
            EXPECT_NE(std::string(e.what()).find("cut.npz"), std::string::npos) << e.what();
        }
    }
    Model m;
    EXPECT_THROW(load_npz(Path("does-not-exist.npz"), m), SerializationError);
}

// Any corruption of a saved file is a SerializationError naming the file (or, when the damage happens to
// leave a valid archive, a successful load); never a crash or another exception type.
TEST_F(NpzTest, CorruptedBytesAreACleanError) {
    for (bool compression : {true, false}) {
        save_npz(Path("m.npz"), MakeModel(), compression);
        std::ifstream in(Path("m.npz"), std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        uint32_t state = 12345;
        for (int trial = 0; trial < 400; ++trial) {
            std::string bad = bytes;
            for (int k = 0; k < 1 + trial % 4; ++k) {
                state = state * 1664525u + 1013904223u;
                bad[(state >> 8) % bad.size()] ^= static_cast<char>(1 + (state >> 24) % 255);
            }
            std::ofstream(Path("bad.npz"), std::ios::binary) << bad;
            Model m;
            try {
                load_npz(Path("bad.npz"), m);
            } catch (const SerializationError& e) {
                EXPECT_NE(std::string(e.what()).find("bad.npz"), std::string::npos) << e.what();
            }
        }
    }
}

TEST_F(NpzTest, NotAnArchiveNamesTheFile) {
    std::ofstream(Path("text.npz"), std::ios::binary) << "this is not a zip file at all, just some text";
    Model m;
    try {
        load_npz(Path("text.npz"), m);
        FAIL() << "loaded a text file";
    } catch (const SerializationError& e) {
        EXPECT_NE(std::string(e.what()).find("text.npz: not a zip archive"), std::string::npos) << e.what();
    }
}

TEST_F(NpzTest, WritesAtomicallyWithoutLeftovers) {
    save_npz(Path("a.npz"), MakeModel());
    save_npz(Path("a.npz"), MakeModel());  // overwrite
    EXPECT_THROW(save_npz(Path("no/such/dir/a.npz"), MakeModel()), SerializationError);
    std::set<std::string> names;
    DIR* d = opendir(dir_.c_str());
    while (dirent* e = readdir(d)) names.insert(e->d_name);
    closedir(d);
    EXPECT_EQ(names, (std::set<std::string>{".", "..", "a.npz"}));
}

}  // namespace
}  // namespace cnet
