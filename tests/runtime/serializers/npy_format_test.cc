// npy_format_test.cc — .npy bytes against numpy.save goldens; decoding of other byte orders, Fortran order,
// format 2.0, widened dtypes, pickled None; clean errors on corrupt input.
#include "cnet/serializers/npy_format.h"

#include <gtest/gtest.h>

#include <string>

#include "cnet/np/math.h"
#include "serializers_test_util.h"
#include "test_util.h"

namespace cnet {
namespace {

using serializers::DecodeNpy;
using serializers::EncodeNpy;
using testing_util::Arange;
using testing_util::Arr;
using testing_util::FromHex;

// Produced by numpy 1.24: np.save(f, np.arange(6, dtype=np.float32).reshape(2, 3)).
const char kFloat32x23[] =
    "934e554d5059010076007b276465736372273a20273c6634272c2027666f727472616e5f6f72646572273a2046616c73652c2027"
    "7368617065273a2028322c2033292c207d20202020202020202020202020202020202020202020202020202020202020202020"
    "2020202020202020202020202020202020202020202020200a000000000000803f0000004000004040000080400000a040";
// np.save(f, np.array(7, dtype=np.int64))
const char kInt64Scalar[] =
    "934e554d5059010076007b276465736372273a20273c6938272c2027666f727472616e5f6f72646572273a2046616c73652c2027"
    "7368617065273a2028292c207d202020202020202020202020202020202020202020202020202020202020202020202020202020"
    "20202020202020202020202020202020202020202020200a0700000000000000";
// np.save(f, np.array([True, False, True]))
const char kBool3[] =
    "934e554d5059010076007b276465736372273a20277c6231272c2027666f727472616e5f6f72646572273a2046616c73652c2027"
    "7368617065273a2028332c292c207d2020202020202020202020202020202020202020202020202020202020202020202020202020"
    "202020202020202020202020202020202020202020200a010001";
// np.save(f, np.asarray(None)): an object array holding a pickle.
const char kNone[] =
    "934e554d5059010076007b276465736372273a20277c4f272c2027666f727472616e5f6f72646572273a2046616c73652c2027"
    "7368617065273a2028292c207d2020202020202020202020202020202020202020202020202020202020202020202020202020"
    "202020202020202020202020202020202020202020202020200a8003636e756d70792e636f72652e6d756c746961727261790a5f"
    "7265636f6e7374727563740a7100636e756d70790a6e6461727261790a71014b008571024301627103877104527105284b012963"
    "6e756d70790a64747970650a710658020000004f3871078988877108527109284b0358010000007c710a4e4e4e4affffffff4aff"
    "ffffff4b3f74710b62895d710c4e6174710d622e";

std::string Header(const std::string& dict) {
    std::string h = std::string("\x93NUMPY\x01\x00", 8);
    std::string body = dict + "\n";
    h.push_back(static_cast<char>(body.size() & 0xff));
    h.push_back(static_cast<char>(body.size() >> 8));
    return h + body;
}

TEST(NpyFormatTest, EncodeMatchesNumpyBytes) {
    EXPECT_EQ(EncodeNpy(Arange(6, {2, 3})), FromHex(kFloat32x23));
    EXPECT_EQ(EncodeNpy(Array::FromScalar(7, Dtype::kInt64)), FromHex(kInt64Scalar));
    EXPECT_EQ(EncodeNpy(Array::FromVector<bool>({true, false, true})), FromHex(kBool3));
    EXPECT_EQ(EncodeNpy(Array()), FromHex(kNone));
}

TEST(NpyFormatTest, HeaderIsPaddedTo64Bytes) {
    for (int64_t n : {1, 10, 1000, 123456789}) {
        const std::string bytes = EncodeNpy(Array::Zeros({n, 0}, Dtype::kFloat64));
        EXPECT_EQ(bytes.size() % 64, 0u) << n;
        EXPECT_EQ(bytes.back(), '\n');
    }
}

TEST(NpyFormatTest, DecodeNumpyGoldens) {
    EXPECT_TRUE(np::array_equal(DecodeNpy(FromHex(kFloat32x23), "g"), Arange(6, {2, 3})));
    const Array s = DecodeNpy(FromHex(kInt64Scalar), "g");
    EXPECT_EQ(s.ndim(), 0);
    EXPECT_EQ(s.dtype(), Dtype::kInt64);
    EXPECT_EQ(s.item<int64_t>(), 7);
    EXPECT_EQ(DecodeNpy(FromHex(kBool3), "g").to_vector<bool>(), (std::vector<bool>{true, false, true}));
    EXPECT_FALSE(DecodeNpy(FromHex(kNone), "g").defined());
}

TEST(NpyFormatTest, RoundTripsEveryDtypeAndShape) {
    for (Dtype dtype : {Dtype::kBool, Dtype::kUint8, Dtype::kInt32, Dtype::kInt64, Dtype::kFloat16, Dtype::kFloat32,
                        Dtype::kFloat64}) {
        for (const Shape& shape : {Shape{}, Shape{0}, Shape{5}, Shape{2, 3}, Shape{2, 1, 4}, Shape{1, 2, 1, 2, 1}}) {
            const Array a = Arange(shape.prod(), shape, dtype);
            const Array b = DecodeNpy(EncodeNpy(a), "rt");
            EXPECT_EQ(b.dtype(), dtype);
            EXPECT_EQ(b.shape(), shape);
            EXPECT_TRUE(np::array_equal(a, b)) << DtypeName(dtype) << " " << shape;
        }
    }
}

TEST(NpyFormatTest, EncodesNonContiguousInCOrder) {
    const Array t = Arange(6, {2, 3}).T();
    EXPECT_TRUE(np::array_equal(DecodeNpy(EncodeNpy(t), "t"), t));
}

TEST(NpyFormatTest, DecodesBigEndianFortranAndVersion2) {
    std::string be = Header("{'descr': '>i4', 'fortran_order': False, 'shape': (2,), }");
    be += std::string("\x00\x00\x01\x02\xff\xff\xff\xfe", 8);
    EXPECT_EQ(DecodeNpy(be, "be").to_vector<int32_t>(), (std::vector<int32_t>{258, -2}));

    std::string f = Header("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }");
    for (double v : {0.0, 3.0, 1.0, 4.0, 2.0, 5.0}) f.append(reinterpret_cast<const char*>(&v), 8);
    const Array fa = DecodeNpy(f, "f");
    EXPECT_TRUE(fa.is_contiguous());
    EXPECT_TRUE(np::array_equal(fa, Arange(6, {2, 3}, Dtype::kFloat64)));

    const std::string dict = "{'descr': '<u2', 'fortran_order': False, 'shape': (3,), }\n";
    std::string v2 = std::string("\x93NUMPY\x02\x00", 8) + std::string(1, static_cast<char>(dict.size())) +
                     std::string(3, '\0') + dict + std::string("\x01\x00\xff\xff\x02\x00", 6);
    const Array w = DecodeNpy(v2, "v2");
    EXPECT_EQ(w.dtype(), Dtype::kInt32);
    EXPECT_EQ(w.to_vector<int32_t>(), (std::vector<int32_t>{1, 65535, 2}));
}

TEST(NpyFormatTest, WidensDtypesCnetLacks) {
    std::string i1 = Header("{'descr': '|i1', 'fortran_order': False, 'shape': (2,), }") + "\xff\x05";
    EXPECT_EQ(DecodeNpy(i1, "i1").to_vector<int32_t>(), (std::vector<int32_t>{-1, 5}));
    std::string u4 = Header("{'descr': '<u4', 'fortran_order': False, 'shape': (1,), }") + "\xff\xff\xff\xff";
    const Array a = DecodeNpy(u4, "u4");
    EXPECT_EQ(a.dtype(), Dtype::kInt64);
    EXPECT_EQ(a.item<int64_t>(), 4294967295);
}

TEST(NpyFormatTest, CorruptInputRaisesSerializationError) {
    const std::string good = FromHex(kFloat32x23);
    EXPECT_THROW(DecodeNpy("", "empty"), SerializationError);
    EXPECT_THROW(DecodeNpy("PK\x03\x04 not npy", "x"), SerializationError);
    EXPECT_THROW(DecodeNpy(good.substr(0, 40), "cut-header"), SerializationError);
    try {
        DecodeNpy(good.substr(0, good.size() - 3), "cut.npy");
        FAIL() << "expected a SerializationError";
    } catch (const SerializationError& e) {
        EXPECT_NE(std::string(e.what()).find("cut.npy: truncated .npy data"), std::string::npos) << e.what();
    }
    EXPECT_THROW(DecodeNpy(Header("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }") + "12345678", "c"),
                 SerializationError);
    EXPECT_THROW(DecodeNpy(Header("{'descr': '<U3', 'fortran_order': False, 'shape': (1,), }"), "u"),
                 SerializationError);
    EXPECT_THROW(DecodeNpy(Header("{'descr': '<f4', 'shape': (1,), }") + "1234", "no-order"), SerializationError);
    EXPECT_THROW(DecodeNpy(Header("{'descr': '|O', 'fortran_order': False, 'shape': (), }") + "\x80\x03K", "pk"),
                 SerializationError);
}

// An object array's pickle states its own shape: one whose element count overflows int64 ((2^62 + 1) * 784 wraps
// to 784, the number of elements given) or that has a negative dimension is corrupt, not a 784-element array.
TEST(NpyFormatTest, PickledShapeIsOverflowChecked) {
    const std::string none = FromHex(kNone);
    auto with = [&](const std::string& shape, int64_t elements) {
        std::string bytes = none;
        const size_t version_and_shape = bytes.find(std::string("\x4b\x01\x29", 3));  // 1, ()
        const size_t data = bytes.find(std::string("\x4e\x61\x74", 3));              // None, APPEND, TUPLE
        EXPECT_NE(version_and_shape, std::string::npos);
        EXPECT_NE(data, std::string::npos);
        bytes.replace(data, 2, "(" + std::string(static_cast<size_t>(elements), 'N') + "e");
        bytes.replace(version_and_shape + 2, 1, shape);
        return bytes;
    };
    auto error = [](const std::string& bytes) -> std::string {
        try {
            DecodeNpy(bytes, "obj.npy");
        } catch (const SerializationError& e) {
            return e.what();
        }
        return "";
    };
    // LONG1 8 bytes 2^62 + 1, BININT 784, TUPLE2
    const std::string huge = std::string("\x8a\x08\x01\x00\x00\x00\x00\x00\x00\x40", 10) +
                             std::string("\x4a\x10\x03\x00\x00\x86", 6);
    EXPECT_EQ(error(with(huge, 784)), "obj.npy: unsupported pickled object (the shape (4611686018427387905, 784) has "
                                      "more elements than fit in a 64-bit integer)");
    // BININT -1, TUPLE1
    EXPECT_EQ(error(with(std::string("\x4a\xff\xff\xff\xff\x85", 6), 1)), "obj.npy: unsupported pickled object (bad shape)");
    EXPECT_EQ(error(with(std::string("\x4b\x03\x85", 3), 2)),
              "obj.npy: unsupported pickled object (element count 2 does not match the shape (3,))");
}

}  // namespace
}  // namespace cnet
