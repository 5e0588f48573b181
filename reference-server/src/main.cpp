// mobserver: the reference server. See docs/server.md, or run `mobserver --help`.
#include <cstdio>
#include <string>

#include "mobserver/server/server.hpp"

int main(int argc, char** argv) {
    auto launch = mobsdk::server::parse_launch_arguments(argc, argv);
    if (!launch) {
        const std::string& e = launch.error();
        if (e.rfind("help:", 0) == 0) {
            std::fputs(e.c_str() + 5, stdout);
            return 0;
        }
        if (e.rfind("version:", 0) == 0) {
            std::printf("%s\n", e.c_str() + 8);
            return 0;
        }
        std::fprintf(stderr, "mobserver: %s\n", e.c_str());
        return 2;
    }
    mobsdk::server::MinecraftServer server(std::move(*launch));
    return server.run();
}
