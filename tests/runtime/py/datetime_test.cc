// datetime_test.cc — datetime.datetime's text forms against CPython 3.11's for the same values, its range
// errors, and today()/now() against the clock read independently (time(2), gmtime_r and a fixed POSIX TZ).
#include "cnet/py/datetime.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <ctime>
#include <optional>
#include <string>

#include "cnet/core/error.h"
#include "cnet/py/format.h"

namespace cnet {
namespace py {
namespace {

TEST(DateTimeTest, StrIsoformatRepr) {
    const DateTime d(2024, 2, 29, 13, 5, 9, 42), z(1999, 12, 31), s(7, 1, 2, 3, 4, 5);
    EXPECT_EQ(str(d), "2024-02-29 13:05:09.000042");
    EXPECT_EQ(d.isoformat(), "2024-02-29T13:05:09.000042");
    EXPECT_EQ(d.isoformat(" "), "2024-02-29 13:05:09.000042");
    EXPECT_EQ(repr(d), "datetime.datetime(2024, 2, 29, 13, 5, 9, 42)");
    EXPECT_EQ(str(z), "1999-12-31 00:00:00");  // no fraction when the microseconds are 0
    EXPECT_EQ(z.isoformat(), "1999-12-31T00:00:00");
    EXPECT_EQ(repr(z), "datetime.datetime(1999, 12, 31, 0, 0)");
    EXPECT_EQ(str(s), "0007-01-02 03:04:05");
    EXPECT_EQ(repr(s), "datetime.datetime(7, 1, 2, 3, 4, 5)");
    EXPECT_EQ(repr(DateTime(2023, 1, 1, 0, 0, 1)), "datetime.datetime(2023, 1, 1, 0, 0, 1)");
}

TEST(DateTimeTest, FormatAndPrintUseStr) {
    const DateTime d(2024, 2, 29, 13, 5, 9, 42);
    EXPECT_EQ(format("{}", d), "2024-02-29 13:05:09.000042");
    EXPECT_EQ(format("run {0} at {0:%d/%m/%Y}", d), "run 2024-02-29 13:05:09.000042 at 29/02/2024");
    EXPECT_EQ(format("{}", DateTime(1999, 12, 31)), "1999-12-31 00:00:00");
}

TEST(DateTimeTest, Strftime) {
    const std::string fmt = "%Y-%m-%d %H:%M:%S.%f %a %A %b %j %U %w %% %z|%Z|%f";
    EXPECT_EQ(DateTime(2024, 2, 29, 13, 5, 9, 42).strftime(fmt),
              "2024-02-29 13:05:09.000042 Thu Thursday Feb 060 08 4 % ||000042");
    EXPECT_EQ(DateTime(1999, 12, 31).strftime(fmt), "1999-12-31 00:00:00.000000 Fri Friday Dec 365 52 5 % ||000000");
    EXPECT_EQ(DateTime(1999, 12, 31).strftime(""), "");
    EXPECT_EQ(DateTime(2000, 1, 1).strftime(std::string(5000, 'x')).size(), 5000u);
}

TEST(DateTimeTest, FieldsOutOfRange) {
    auto message = [](auto make) -> std::string {
        try {
            make();
        } catch (const ValueError& e) {
            return e.what();
        }
        return "(no error)";
    };
    EXPECT_EQ(message([] { DateTime(0, 1, 1); }), "year 0 is out of range");
    EXPECT_EQ(message([] { DateTime(10000, 1, 1); }), "year 10000 is out of range");
    EXPECT_EQ(message([] { DateTime(2023, 13, 1); }), "month must be in 1..12");
    EXPECT_EQ(message([] { DateTime(2023, 2, 29); }), "day is out of range for month");
    EXPECT_EQ(message([] { DateTime(2023, 4, 31); }), "day is out of range for month");
    EXPECT_EQ(message([] { DateTime(2023, 1, 1, 24); }), "hour must be in 0..23");
    EXPECT_EQ(message([] { DateTime(2023, 1, 1, 0, 60); }), "minute must be in 0..59");
    EXPECT_EQ(message([] { DateTime(2023, 1, 1, 0, 0, 60); }), "second must be in 0..59");
    EXPECT_EQ(message([] { DateTime(2023, 1, 1, 0, 0, 0, 1000000); }), "microsecond must be in 0..999999");
    EXPECT_EQ(DateTime(2000, 2, 29).day(), 29);  // 2000 is a leap year, 1900 is not
    EXPECT_EQ(message([] { DateTime(1900, 2, 29); }), "day is out of range for month");
}

// today() in a zone 5:30 east of UTC (a POSIX TZ rule, no tz database needed) is UTC + 5:30: its fields, read
// back as UTC and less 5:30, fall between two readings of time(2).
TEST(DateTimeTest, TodayIsLocalTime) {
    const char* old = std::getenv("TZ");
    const std::optional<std::string> saved = old != nullptr ? std::optional<std::string>(old) : std::nullopt;
    ::setenv("TZ", "XST-05:30", 1);
    ::tzset();
    const std::time_t before = std::time(nullptr);
    const DateTime d = datetime::today();
    const DateTime n = datetime::now();
    const std::time_t after = std::time(nullptr);
    if (saved)
        ::setenv("TZ", saved->c_str(), 1);
    else
        ::unsetenv("TZ");
    ::tzset();
    for (const DateTime& x : {d, n}) {
        std::tm tm{};
        tm.tm_year = static_cast<int>(x.year() - 1900);
        tm.tm_mon = static_cast<int>(x.month() - 1);
        tm.tm_mday = static_cast<int>(x.day());
        tm.tm_hour = static_cast<int>(x.hour());
        tm.tm_min = static_cast<int>(x.minute());
        tm.tm_sec = static_cast<int>(x.second());
        const std::time_t utc = ::timegm(&tm) - (5 * 3600 + 30 * 60);
        EXPECT_GE(utc, before) << str(x);
        EXPECT_LE(utc, after) << str(x);
        EXPECT_GE(x.microsecond(), 0);
        EXPECT_LT(x.microsecond(), 1000000);
    }
}

}  // namespace
}  // namespace py
}  // namespace cnet
