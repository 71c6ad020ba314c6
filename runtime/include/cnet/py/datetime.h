// datetime.h — Python's datetime.datetime as a value: today()/now() in local time, str() and print as CPython
// writes it ("2024-05-01 12:03:04.000005", the fraction left out when it is 0), isoformat(), strftime() and
// the fields. Naive (no time zone), as CPython's today() and now() without tz.
#pragma once

#include <cstdint>
#include <string>

namespace cnet {
namespace py {

/// One datetime.datetime. The fields are read-only, as in Python.
class DateTime {
 public:
    /// datetime.datetime(year, month, day, ...): ValueError with CPython's message for a field out of range.
    DateTime(int64_t year, int64_t month, int64_t day, int64_t hour = 0, int64_t minute = 0, int64_t second = 0,
             int64_t microsecond = 0);

    int64_t year() const { return year_; }
    int64_t month() const { return month_; }
    int64_t day() const { return day_; }
    int64_t hour() const { return hour_; }
    int64_t minute() const { return minute_; }
    int64_t second() const { return second_; }
    int64_t microsecond() const { return microsecond_; }

    /// "YYYY-MM-DDTHH:MM:SS[.ffffff]", `sep` between the date and the time.
    std::string isoformat(const std::string& sep = "T") const;
    /// strftime(3) of the fields, with Python's own directives first: %f the microseconds (6 digits), %z and %Z
    /// empty (a naive datetime).
    std::string strftime(const std::string& format) const;

 private:
    int64_t year_, month_, day_, hour_, minute_, second_, microsecond_;
};

/// str(d), print(d), '{}'.format(d): isoformat(' ').
std::string str(const DateTime& d);
/// repr(d): "datetime.datetime(2024, 5, 1, 12, 3, 4, 5)", trailing zero microsecond and second left out.
std::string repr(const DateTime& d);
/// '{:%Y-%m-%d}'.format(d): a datetime's format spec is a strftime format (an empty one gives str(d)).
std::string format_value(const DateTime& d, const std::string& spec);

namespace datetime {
/// datetime.datetime.today() / now(): the local date and time, to the microsecond.
DateTime today();
DateTime now();
}  // namespace datetime

}  // namespace py
}  // namespace cnet
