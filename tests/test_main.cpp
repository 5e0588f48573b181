// The Boost.Test entry point shared by every unit-test executable.
#define BOOST_TEST_MODULE mobsdk
#include <boost/test/unit_test.hpp>
