// A shared library that is not a plugin: it has no entry point.
extern "C" __attribute__((visibility("default"))) int some_function(void) { return 42; }
