// datetime.cc — datetime.datetime's text forms and the local clock (localtime_r, as CPython's today()).
#include "cnet/py/datetime.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <vector>

#include "cnet/core/error.h"

namespace cnet {
namespace py {
namespace {

bool IsLeap(int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int64_t DaysInMonth(int64_t y, int64_t m) {
    static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && IsLeap(y) ? 29 : kDays[m - 1];
}

std::string Pad(int64_t v, int width) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%0*lld", width, static_cast<long long>(v));
    return buf;
}

}  // namespace

DateTime::DateTime(int64_t year, int64_t month, int64_t day, int64_t hour, int64_t minute, int64_t second,
                   int64_t microsecond)
    : year_(year), month_(month), day_(day), hour_(hour), minute_(minute), second_(second), microsecond_(microsecond) {
    if (year < 1 || year > 9999) throw ValueError("year " + std::to_string(year) + " is out of range");
    if (month < 1 || month > 12) throw ValueError("month must be in 1..12");
    if (day < 1 || day > DaysInMonth(year, month)) throw ValueError("day is out of range for month");
    if (hour < 0 || hour > 23) throw ValueError("hour must be in 0..23");
    if (minute < 0 || minute > 59) throw ValueError("minute must be in 0..59");
    if (second < 0 || second > 59) throw ValueError("second must be in 0..59");
    if (microsecond < 0 || microsecond > 999999) throw ValueError("microsecond must be in 0..999999");
}

std::string DateTime::isoformat(const std::string& sep) const {
    std::string out = Pad(year_, 4) + "-" + Pad(month_, 2) + "-" + Pad(day_, 2) + sep + Pad(hour_, 2) + ":" +
                      Pad(minute_, 2) + ":" + Pad(second_, 2);
    if (microsecond_ != 0) out += "." + Pad(microsecond_, 6);
    return out;
}

std::string DateTime::strftime(const std::string& format) const {
    // CPython's _wrap_strftime: its own directives are replaced before the C library sees the format.
    std::string expanded;
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%' || i + 1 == format.size()) {
            expanded += format[i];
            continue;
        }
        const char c = format[++i];
        if (c == 'f')
            expanded += Pad(microsecond_, 6);
        else if (c != 'z' && c != 'Z')
            expanded += std::string("%") + c;
    }
    std::tm tm{};
    tm.tm_year = static_cast<int>(year_ - 1900);
    tm.tm_mon = static_cast<int>(month_ - 1);
    tm.tm_mday = static_cast<int>(day_);
    tm.tm_hour = static_cast<int>(hour_);
    tm.tm_min = static_cast<int>(minute_);
    tm.tm_sec = static_cast<int>(second_);
    std::tm calendar = tm;
    ::timegm(&calendar);  // fills the weekday and the day of the year (%a, %A, %j, %U, ...)
    tm.tm_wday = calendar.tm_wday;
    tm.tm_yday = calendar.tm_yday;
    tm.tm_isdst = -1;
    // A trailing character tells an empty result from a buffer too small (strftime returns 0 for both).
    const std::string with_end = expanded + "!";
    for (std::size_t size = 64 + 4 * with_end.size();; size *= 2) {
        std::vector<char> buf(size);
        const std::size_t n = std::strftime(buf.data(), size, with_end.c_str(), &tm);
        if (n > 0) return std::string(buf.data(), n - 1);
        if (size > (1u << 24)) throw ValueError("strftime: the result of '" + format + "' is too long");
    }
}

std::string str(const DateTime& d) { return d.isoformat(" "); }

std::string repr(const DateTime& d) {
    std::string out = "datetime.datetime(" + std::to_string(d.year()) + ", " + std::to_string(d.month()) + ", " +
                      std::to_string(d.day()) + ", " + std::to_string(d.hour()) + ", " + std::to_string(d.minute());
    if (d.second() != 0 || d.microsecond() != 0) out += ", " + std::to_string(d.second());
    if (d.microsecond() != 0) out += ", " + std::to_string(d.microsecond());
    return out + ")";
}

std::string format_value(const DateTime& d, const std::string& spec) {
    return spec.empty() ? str(d) : d.strftime(spec);
}

namespace datetime {

DateTime today() {
    using namespace std::chrono;
    const int64_t us = duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
    int64_t secs = us / 1000000, micro = us % 1000000;
    if (micro < 0) {  // before 1970: floor division
        micro += 1000000;
        secs -= 1;
    }
    const std::time_t t = static_cast<std::time_t>(secs);
    std::tm local{};
    if (::localtime_r(&t, &local) == nullptr) throw ValueError("timestamp out of range for platform localtime()");
    return DateTime(local.tm_year + 1900, local.tm_mon + 1, local.tm_mday, local.tm_hour, local.tm_min,
                    local.tm_sec > 59 ? 59 : local.tm_sec, micro);  // a leap second reads as :59, as in CPython
}

DateTime now() { return today(); }

}  // namespace datetime
}  // namespace py
}  // namespace cnet
