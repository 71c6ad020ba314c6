// internal.cc — Python arithmetic and formatting helpers for the training sources.
#include "training/internal.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "cnet/core/error.h"
#include "cnet/py/format.h"
#include "cnet/training/trainer.h"

namespace cnet {
namespace training {
namespace internal {

double PyFloorDiv(double a, double b) {
    // CPython's float_floor_div (Objects/floatobject.c: _float_div_mod)
    CNET_CHECK_AS(ValueError, b != 0.0, "float divmod()");
    double mod = std::fmod(a, b);
    double div = (a - mod) / b;
    if (mod != 0.0) {
        if ((b < 0) != (mod < 0)) div -= 1.0;
    }
    if (div != 0.0) {
        double floordiv = std::floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
        return floordiv;
    }
    return std::copysign(0.0, a / b);
}

int64_t PyFloorDiv(int64_t a, int64_t b) {
    CNET_CHECK_AS(ValueError, b != 0, "integer division or modulo by zero");
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

std::string FormatFields(const std::string& templ,
                         const std::function<std::string(const std::string&, const std::string&)>& lookup) {
    std::string out;
    for (size_t i = 0; i < templ.size(); ++i) {
        char c = templ[i];
        if (c == '{' && i + 1 < templ.size() && templ[i + 1] == '{') {
            out += '{';
            ++i;
        } else if (c == '}' && i + 1 < templ.size() && templ[i + 1] == '}') {
            out += '}';
            ++i;
        } else if (c == '{') {
            size_t close = templ.find('}', i);
            CNET_CHECK_AS(ValueError, close != std::string::npos, "Single '{' encountered in format string");
            std::string field = templ.substr(i + 1, close - i - 1);
            std::string spec;
            size_t colon = field.find(':');
            if (colon != std::string::npos) {
                spec = field.substr(colon + 1);
                field = field.substr(0, colon);
            }
            out += lookup(field, spec);
            i = close;
        } else {
            CNET_CHECK_AS(ValueError, c != '}', "Single '}' encountered in format string");
            out += c;
        }
    }
    return out;
}

std::string FormatWithTrainer(const std::string& templ, Trainer& trainer) {
    return FormatFields(templ, [&](const std::string& field, const std::string& spec) -> std::string {
        std::string attr = field;
        if (!attr.empty() && attr[0] == '0') attr = attr.substr(1);
        const Updater& updater = *trainer.updater;
        if (attr == ".updater.iteration") return py::format_value(updater.iteration, spec);
        if (attr == ".updater.epoch") return py::format_value(updater.epoch(), spec);
        if (attr == ".updater.epoch_detail") {
            return spec.empty() ? py::str(updater.epoch_detail()) : py::format_value(updater.epoch_detail(), spec);
        }
        if (attr == ".updater.is_new_epoch") return py::format_value(updater.is_new_epoch(), spec);
        if (attr == ".out") return py::format_value(trainer.out, spec);
        if (attr == ".elapsed_time") {
            return spec.empty() ? py::str(trainer.elapsed_time()) : py::format_value(trainer.elapsed_time(), spec);
        }
        throw ValueError("unsupported field '{" + field + "}' in a filename template (the trainer's fields are "
                         "{.updater.iteration}, {.updater.epoch}, {.updater.epoch_detail}, "
                         "{.updater.is_new_epoch}, {.out} and {.elapsed_time})");
    });
}

void MakeDirs(const std::string& path) {
    std::error_code ec;
    std::filesystem::create_directories(path, ec);
    CNET_CHECK(!ec || std::filesystem::is_directory(path), "cannot create directory '", path, "': ", ec.message());
}

std::string JoinPath(const std::string& a, const std::string& b) {
    if (a.empty() || (!b.empty() && b[0] == '/')) return b;
    return a.back() == '/' ? a + b : a + "/" + b;
}

std::string TimedeltaStr(double seconds) {
    // timedelta(seconds=s) rounds to microseconds, half to even
    double us_total = std::nearbyint(seconds * 1e6);
    int64_t us = static_cast<int64_t>(us_total);
    int64_t days = PyFloorDiv(us, int64_t{86400000000});
    int64_t rem = us - days * 86400000000;
    int64_t secs = rem / 1000000;
    int64_t micro = rem % 1000000;
    char buf[64];
    std::string out;
    if (days != 0) {
        out = std::to_string(days) + (std::llabs(days) != 1 ? " days, " : " day, ");
    }
    std::snprintf(buf, sizeof(buf), "%d:%02d:%02d", static_cast<int>(secs / 3600), static_cast<int>(secs / 60 % 60),
                  static_cast<int>(secs % 60));
    out += buf;
    if (micro != 0) {
        std::snprintf(buf, sizeof(buf), ".%06d", static_cast<int>(micro));
        out += buf;
    }
    return out;
}

}  // namespace internal
}  // namespace training
}  // namespace cnet
