// Crash reports. Everything a report needs is prepared in normal code (ModuleTable: the mapped
// ranges and demangled function symbols of the executable and each plugin, the plugin of each
// entity type); the handler only reads it and writes with write(2). Nothing here allocates,
// locks or calls stdio once a fatal signal has arrived.
#include "mobserver/server/crash_report.hpp"

#include <cxxabi.h>
#include <elf.h>
#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <semaphore.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
#include <mutex>
#include <string_view>

namespace mobsdk::server {

namespace fs = std::filesystem;

namespace {

// --- what a handler reads -------------------------------------------------------------------

struct Symbol {
    std::uintptr_t start = 0;  // run-time address
    std::uintptr_t size = 0;
    std::string name;  // demangled
};

struct Module {
    std::string path;   // as mapped
    std::string shown;  // as a report names it (the plugins-folder file for a plugin copy)
    int plugin = -1;    // index into ModuleTable::plugins, or -1
    std::vector<std::pair<std::uintptr_t, std::uintptr_t>> ranges;  // PT_LOAD [lo, hi)
    std::vector<Symbol> symbols;                                    // sorted by start
};

struct TypeOwner {
    std::string type;  // e.g. crashtest:segfaulter
    int plugin = -1;   // index into ModuleTable::plugins, or -1 (built-in / no AI plugin)
};

struct ModuleTable {
    std::vector<LoadedPluginInfo> plugins;
    std::vector<Module> modules;
    std::vector<TypeOwner> types;  // by entity type index
};

// Reads the function symbols of an ELF file (.symtab, else .dynsym), shifted by `base`.
std::vector<Symbol> read_symbols(const std::string& path, std::uintptr_t base) {
    std::vector<Symbol> out;
    std::ifstream in(path, std::ios::binary);
    if (!in) return out;
    Elf64_Ehdr eh{};
    if (!in.read(reinterpret_cast<char*>(&eh), sizeof eh) || std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
        eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_shentsize != sizeof(Elf64_Shdr) || eh.e_shnum == 0 ||
        eh.e_shnum > 4096)
        return out;
    std::vector<Elf64_Shdr> sections(eh.e_shnum);
    in.seekg(static_cast<std::streamoff>(eh.e_shoff));
    if (!in.read(reinterpret_cast<char*>(sections.data()),
                 static_cast<std::streamsize>(sections.size() * sizeof(Elf64_Shdr))))
        return out;
    const Elf64_Shdr* table = nullptr;
    for (const auto& s : sections)
        if (s.sh_type == SHT_SYMTAB) table = &s;
    if (!table)
        for (const auto& s : sections)
            if (s.sh_type == SHT_DYNSYM) table = &s;
    if (!table || table->sh_link >= sections.size() || table->sh_entsize != sizeof(Elf64_Sym)) return out;
    const Elf64_Shdr& strings = sections[table->sh_link];
    constexpr std::uint64_t limit = 256u << 20;
    if (table->sh_size > limit || strings.sh_size > limit) return out;
    std::vector<Elf64_Sym> syms(table->sh_size / sizeof(Elf64_Sym));
    std::vector<char> names(strings.sh_size + 1, '\0');
    in.seekg(static_cast<std::streamoff>(table->sh_offset));
    if (!in.read(reinterpret_cast<char*>(syms.data()), static_cast<std::streamsize>(syms.size() * sizeof(Elf64_Sym))))
        return {};
    in.seekg(static_cast<std::streamoff>(strings.sh_offset));
    if (!in.read(names.data(), static_cast<std::streamsize>(strings.sh_size))) return {};
    out.reserve(syms.size() / 2);
    for (const auto& s : syms) {
        if (ELF64_ST_TYPE(s.st_info) != STT_FUNC || s.st_value == 0 || s.st_name >= strings.sh_size) continue;
        const char* raw = names.data() + s.st_name;
        int status = 0;
        char* demangled = abi::__cxa_demangle(raw, nullptr, nullptr, &status);
        out.push_back(Symbol{base + s.st_value, s.st_size, status == 0 && demangled ? demangled : raw});
        std::free(demangled);
    }
    std::sort(out.begin(), out.end(), [](const Symbol& a, const Symbol& b) { return a.start < b.start; });
    return out;
}

struct PhdrVisit {
    ModuleTable* table;
    const std::vector<LoadedPluginInfo>* plugins;
};

int visit_object(dl_phdr_info* info, std::size_t, void* data) {
    auto* v = static_cast<PhdrVisit*>(data);
    Module m;
    const bool main_program = !info->dlpi_name || !*info->dlpi_name;
    if (main_program) {
        char self[4096];
        const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
        m.path = n > 0 ? std::string(self, static_cast<std::size_t>(n)) : std::string("mobserver");
    } else {
        m.path = info->dlpi_name;
    }
    m.shown = m.path;
    for (std::size_t i = 0; i < v->plugins->size(); ++i)
        if ((*v->plugins)[i].loaded_from == m.path) {
            m.plugin = static_cast<int>(i);
            m.shown = (*v->plugins)[i].file.string();
        }
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr)& ph = info->dlpi_phdr[i];
        if (ph.p_type != PT_LOAD) continue;
        const std::uintptr_t lo = info->dlpi_addr + ph.p_vaddr;
        m.ranges.emplace_back(lo, lo + ph.p_memsz);
    }
    if (m.ranges.empty()) return 0;
    // Full symbols for the program and the plugins; other libraries by name and offset only.
    if (main_program || m.plugin >= 0) m.symbols = read_symbols(m.path, info->dlpi_addr);
    v->table->modules.push_back(std::move(m));
    return 0;
}

// --- state -------------------------------------------------------------------------------

constexpr std::size_t kPathMax = 4096;
constexpr int kMaxFrames = 64;

struct State {
    std::atomic<ModuleTable*> table{nullptr};
    std::vector<std::unique_ptr<ModuleTable>> tables;  // all kept: a handler may hold an old one
    std::mutex tables_mutex;                           // guards tables and alt_stacks
    std::vector<std::unique_ptr<char[]>> alt_stacks;   // every thread's alternate signal stack
    PluginCodeProbe probe;
    char reports_dir[kPathMax] = {};
    char version[256] = {};
    char report_path[kPathMax + 80] = {};  // the handler's path buffers (one report at a time)
    char pending_path[kPathMax + 32] = {};
    int log_fd = -1;
    long utc_offset = 0;  // seconds east of UTC, for the log's local time
    std::atomic<bool> reporting{false};
    // The watchdog's request for another thread's backtrace.
    sem_t remote_done;
    void* remote_frames[kMaxFrames] = {};
    int remote_count = 0;
    std::uintptr_t remote_pc = 0;
    bool installed = false;
};

State& state() {
    static State* s = new State();  // never destroyed: a handler may run during exit
    return *s;
}

// The alternate stack prepare_thread() replaced on this thread, for release_thread().
thread_local stack_t t_previous_stack{};
thread_local bool t_replaced_stack = false;

const int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
int backtrace_signal() { return SIGRTMIN + 3; }

// --- async-signal-safe output ----------------------------------------------------------------

class Out {
public:
    void add_fd(int fd) {
        if (fd >= 0 && fds_count_ < 3) fds_[fds_count_++] = fd;
    }
    Out& s(std::string_view text) {
        for (char c : text) {
            if (len_ == sizeof buf_) {
                if (fds_count_ == 0) return *this;  // text only: cut at the buffer's size
                flush();
            }
            buf_[len_++] = c;
        }
        return *this;
    }
    // What an Out without descriptors has collected.
    std::string_view text() const noexcept { return {buf_, len_}; }
    // Digits are written from the end of a small buffer, then appended in one piece.
    Out& u(std::uint64_t v, int width = 0) {
        char tmp[24];
        std::size_t i = sizeof tmp;
        do {
            tmp[--i] = static_cast<char>('0' + v % 10);
            v /= 10;
        } while (v != 0 && i > 0);
        while (sizeof tmp - i < static_cast<std::size_t>(std::max(width, 0)) && i > 0) tmp[--i] = '0';
        return s(std::string_view(tmp + i, sizeof tmp - i));
    }
    Out& hex(std::uint64_t v) {
        char tmp[18];
        std::size_t i = sizeof tmp;
        do {
            tmp[--i] = "0123456789abcdef"[v & 15];
            v >>= 4;
        } while (v != 0 && i > 0);
        s("0x");
        return s(std::string_view(tmp + i, sizeof tmp - i));
    }
    void flush() {
        for (int k = 0; k < fds_count_; ++k) {
            std::size_t done = 0;
            while (done < len_) {
                const ssize_t w = ::write(fds_[k], buf_ + done, len_ - done);
                if (w < 0 && errno == EINTR) continue;
                if (w <= 0) break;
                done += static_cast<std::size_t>(w);
            }
        }
        len_ = 0;
    }

private:
    int fds_[3] = {-1, -1, -1};
    int fds_count_ = 0;
    char buf_[1024] = {};  // small: a handler may run on a small alternate stack
    std::size_t len_ = 0;
};

struct CivilTime {
    std::int64_t year;
    unsigned month, day, hour, minute, second;
};

// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm): no tz lock, no stdio.
CivilTime civil(std::int64_t t) {
    std::int64_t days = t / 86400;
    std::int64_t secs = t % 86400;
    if (secs < 0) {
        secs += 86400;
        --days;
    }
    days += 719468;
    const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    const auto doe = static_cast<unsigned>(days - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return {static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2),
            m,
            d,
            static_cast<unsigned>(secs / 3600),
            static_cast<unsigned>(secs % 3600 / 60),
            static_cast<unsigned>(secs % 60)};
}

std::int64_t now_seconds() {
    timespec ts{};
    ::clock_gettime(CLOCK_REALTIME, &ts);
    return ts.tv_sec;
}

// Copies into a fixed buffer, cut to fit.
void copy_into(char* dst, std::size_t cap, std::string_view src) {
    const std::size_t n = std::min(cap - 1, src.size());
    std::memcpy(dst, src.data(), n);
    dst[n] = '\0';
}

const Module* module_of(const ModuleTable* t, std::uintptr_t pc) {
    if (!t) return nullptr;
    for (const Module& m : t->modules)
        for (const auto& [lo, hi] : m.ranges)
            if (pc >= lo && pc < hi) return &m;
    return nullptr;
}

const Symbol* symbol_of(const Module* m, std::uintptr_t pc) {
    if (!m || m->symbols.empty()) return nullptr;
    const auto it = std::upper_bound(m->symbols.begin(), m->symbols.end(), pc,
                                     [](std::uintptr_t a, const Symbol& s) { return a < s.start; });
    if (it == m->symbols.begin()) return nullptr;
    const Symbol& s = *std::prev(it);
    if (s.size != 0 && pc >= s.start + s.size) return nullptr;
    return &s;
}

const char* signal_name(int sig) {
    switch (sig) {
        case SIGSEGV: return "SIGSEGV (segmentation fault: an invalid memory access)";
        case SIGBUS: return "SIGBUS (bus error: a bad memory access)";
        case SIGILL: return "SIGILL (illegal instruction)";
        case SIGFPE: return "SIGFPE (arithmetic error, e.g. an integer division by zero)";
        case SIGABRT: return "SIGABRT (abort: a failed assertion, std::terminate or an uncaught exception)";
    }
    return "a fatal signal";
}

std::uintptr_t pc_of(void* context) {
    if (!context) return 0;
    const auto* uc = static_cast<const ucontext_t*>(context);
#if defined(__x86_64__)
    return static_cast<std::uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
    return static_cast<std::uintptr_t>(uc->uc_mcontext.pc);
#else
    (void)uc;
    return 0;
#endif
}

void write_frame(Out& o, const ModuleTable* t, int index, std::uintptr_t pc) {
    const Module* m = module_of(t, pc);
    o.s("\t#").u(static_cast<std::uint64_t>(index)).s(" ").hex(pc).s(" ");
    if (!m) {
        o.s("(unknown)\n");
        return;
    }
    if (const Symbol* sym = symbol_of(m, pc)) o.s(sym->name).s(" + ").hex(pc - sym->start).s(" ");
    o.s("in ").s(m->shown);
    if (m->plugin >= 0) o.s(" (plugin ").s(t->plugins[static_cast<std::size_t>(m->plugin)].id).s(")");
    if (!m->ranges.empty()) o.s(" +").hex(pc - m->ranges.front().first);
    o.s("\n");
}

// The plugin to blame: the faulting instruction's library, else the innermost plugin frame on
// the stack, else the plugin giving AI to the mob being ticked. -1 when none.
int suspect(const ModuleTable* t, std::uintptr_t pc, void* const* frames, int count, const char** why) {
    if (!t) return -1;
    if (const Module* m = module_of(t, pc); m && m->plugin >= 0) {
        *why = "the faulting instruction is in its library";
        return m->plugin;
    }
    for (int k = 0; k < count; ++k)
        if (const Module* m = module_of(t, reinterpret_cast<std::uintptr_t>(frames[k])); m && m->plugin >= 0) {
            *why = "its code is on the stack of the thread";
            return m->plugin;
        }
    const std::int32_t type = state().probe.type_index.load(std::memory_order_relaxed);
    if (type >= 0 && static_cast<std::size_t>(type) < t->types.size() &&
        t->types[static_cast<std::size_t>(type)].plugin >= 0) {
        *why = "the world was running the AI it gives to the mob below";
        return t->types[static_cast<std::size_t>(type)].plugin;
    }
    return -1;
}

void put_report_name(Out& o, const CivilTime& utc) {
    o.s("crash-").u(static_cast<std::uint64_t>(utc.year), 4).s("-").u(utc.month, 2).s("-").u(utc.day, 2);
    o.s("_").u(utc.hour, 2).s(".").u(utc.minute, 2).s(".").u(utc.second, 2).s("-server.txt");
}

// Writes a whole report to the report file, stdout and latest.log, and the note for the next
// start. Async-signal-safe.
void write_report(const char* description, std::string_view headline, std::uintptr_t pc, void* const* frames,
                  int count) {
    State& st = state();
    const ModuleTable* t = st.table.load(std::memory_order_acquire);
    const std::int64_t now = now_seconds();
    const CivilTime utc = civil(now);
    const CivilTime local = civil(now + st.utc_offset);

    // crash-reports/crash-YYYY-MM-DD_HH.MM.SS-server.txt
    Out name_text;
    put_report_name(name_text, utc);
    char name[64];
    copy_into(name, sizeof name, name_text.text());
    char* path = st.report_path;  // static: the handler's stack may be small
    std::size_t plen = std::strlen(st.reports_dir);
    std::memcpy(path, st.reports_dir, plen);
    path[plen++] = '/';
    std::memcpy(path + plen, name, std::strlen(name) + 1);
    ::mkdir(st.reports_dir, 0755);
    const int file = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);

    const char* why = "";
    const int blamed = suspect(t, pc, frames, count, &why);
    const char* blamed_id = blamed >= 0 ? t->plugins[static_cast<std::size_t>(blamed)].id.c_str() : "";

    // The log line vanilla prints first, then the report itself.
    {
        Out log;
        log.add_fd(STDOUT_FILENO);
        log.add_fd(st.log_fd);
        auto prefix = [&] {  // vanilla's log line prefix, in local time
            log.s("[").u(local.hour, 2).s(":").u(local.minute, 2).s(":").u(local.second, 2);
            log.s("] [Server thread/ERROR]: ");
        };
        prefix();
        log.s(description).s(": ").s(headline).s("\n");
        prefix();
        log.s("This crash report has been saved to: ").s(path).s("\n");
        log.flush();
    }
    Out o;
    o.add_fd(file);
    o.add_fd(STDOUT_FILENO);
    o.add_fd(st.log_fd);
    o.s("---- Minecraft Crash Report ----\n");
    o.s("// mobsdk reference server\n\n");
    o.s("Time: ").u(static_cast<std::uint64_t>(utc.year), 4).s("-").u(utc.month, 2).s("-").u(utc.day, 2).s(" ");
    o.u(utc.hour, 2).s(":").u(utc.minute, 2).s(":").u(utc.second, 2).s(" UTC\n");
    o.s("Description: ").s(description).s("\n\n");
    o.s(headline).s("\n");
    if (pc) {
        o.s("At instruction ").hex(pc);
        if (const Module* m = module_of(t, pc)) {
            if (const Symbol* sym = symbol_of(m, pc)) o.s(" in ").s(sym->name);
            o.s(" of ").s(m->shown);
        }
        o.s("\n");
    }
    o.s("\n-- Plugin --\n");
    if (blamed >= 0) {
        const LoadedPluginInfo& p = t->plugins[static_cast<std::size_t>(blamed)];
        o.s("Suspected plugin: ").s(p.id).s(" ").s(p.version).s(" (").s(p.file.c_str()).s(")\n");
        o.s("Why: ").s(why).s("\n");
        o.s("To start without it, add its id to plugins-disabled in server.properties "
            "(plugins-disabled=")
            .s(p.id);
        o.s("), or start once with --safe-mode.\n");
    } else {
        o.s("Suspected plugin: none (no plugin code was running)\n");
    }
    o.s("\n-- Entity being ticked --\n");
    const std::int32_t type = st.probe.type_index.load(std::memory_order_relaxed);
    if (type >= 0 && t && static_cast<std::size_t>(type) < t->types.size()) {
        const TypeOwner& owner = t->types[static_cast<std::size_t>(type)];
        o.s("Entity type: ").s(owner.type).s("\n");
        o.s("AI from plugin: ")
            .s(owner.plugin >= 0 ? t->plugins[static_cast<std::size_t>(owner.plugin)].id.c_str() : "(none)")
            .s("\n");
    } else {
        o.s("None: no mob's plugin code was running\n");
    }
    o.s("\n-- Stack trace of the thread --\n");
    for (int k = 0; k < count; ++k) write_frame(o, t, k, reinterpret_cast<std::uintptr_t>(frames[k]));
    if (count == 0) o.s("\t(not available)\n");
    o.s("\n-- Loaded plugins --\n");
    if (t && !t->plugins.empty()) {
        for (const auto& p : t->plugins) o.s("\t").s(p.id).s(" ").s(p.version).s(" from ").s(p.file.c_str()).s("\n");
    } else {
        o.s("\t(none)\n");
    }
    o.s("\n-- System Details --\n");
    o.s("\tVersion: ").s(st.version).s("\n");
    utsname uts{};
    if (::uname(&uts) == 0)
        o.s("\tOperating System: ").s(uts.sysname).s(" ").s(uts.release).s(" (").s(uts.machine).s(")\n");
    o.s("\tProcess: ").u(static_cast<std::uint64_t>(::getpid())).s("\n");
    o.flush();
    if (file >= 0) {
        ::fsync(file);
        ::close(file);
    }
    // The note the next start reads: the report, and the plugin to disable.
    char* pending = st.pending_path;
    plen = std::strlen(st.reports_dir);
    std::memcpy(pending, st.reports_dir, plen);
    std::memcpy(pending + plen, "/.pending", 10);
    const int note = ::open(pending, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (note >= 0) {
        Out n;
        n.add_fd(note);
        n.s("crash-reports/").s(name).s("\n").s(blamed_id).s("\n");
        n.flush();
        ::fsync(note);
        ::close(note);
    }
}

void on_fatal_signal(int sig, siginfo_t* info, void* context) {
    State& st = state();
    if (st.reporting.exchange(true)) {
        // A second fault while reporting (or another thread crashing meanwhile): stop here.
        ::signal(sig, SIG_DFL);
        ::raise(sig);
        return;
    }
    void* frames[kMaxFrames];
    const int count = ::backtrace(frames, kMaxFrames);
    Out head;  // "Signal SIGSEGV (...) at address 0x0"
    head.s("Signal ").s(signal_name(sig));
    if (info && (sig == SIGSEGV || sig == SIGBUS))
        head.s(" at address ").hex(reinterpret_cast<std::uintptr_t>(info->si_addr));
    write_report("Exception in server tick loop", head.text(), pc_of(context), frames, count);
    // Ends the process with the signal's default action (a core dump where the system keeps them).
    ::signal(sig, SIG_DFL);
    ::raise(sig);
}

void on_backtrace_request(int, siginfo_t*, void* context) {
    State& st = state();
    st.remote_count = ::backtrace(st.remote_frames, kMaxFrames);
    st.remote_pc = pc_of(context);
    ::sem_post(&st.remote_done);
}

}  // namespace

CrashReporter& CrashReporter::instance() {
    static CrashReporter reporter;
    return reporter;
}

PluginCodeProbe& CrashReporter::probe() noexcept { return state().probe; }

std::string CrashReporter::report_name(std::int64_t unix_seconds) {
    Out o;
    put_report_name(o, civil(unix_seconds));
    return std::string(o.text());
}

void CrashReporter::install(const fs::path& server_dir, int log_fd, const std::string& version_line) {
    State& st = state();
    std::error_code ec;
    const fs::path dir = fs::absolute(server_dir, ec);
    copy_into(st.reports_dir, sizeof st.reports_dir, ((ec ? server_dir : dir) / "crash-reports").string());
    copy_into(st.version, sizeof st.version, version_line);
    st.log_fd = log_fd;
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    localtime_r(&now, &tm);
    st.utc_offset = tm.tm_gmtoff;
    if (st.installed) return;
    st.installed = true;
    ::sem_init(&st.remote_done, 0, 0);
    // backtrace() loads libgcc's unwinder on first use (a malloc and a dlopen): do it now.
    void* warm[4];
    (void)::backtrace(warm, 4);
    if (!st.table.load()) set_plugins({}, nullptr);
    prepare_thread();
    struct sigaction sa {};
    sa.sa_sigaction = on_fatal_signal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    for (int sig : kFatalSignals) ::sigaction(sig, &sa, nullptr);
    struct sigaction bt {};
    bt.sa_sigaction = on_backtrace_request;
    bt.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigemptyset(&bt.sa_mask);
    ::sigaction(backtrace_signal(), &bt, nullptr);
}

void CrashReporter::prepare_thread() {
    // Big enough for backtrace() and the report's frames; one per thread that asks (a few per run).
    constexpr std::size_t size = 256 * 1024;
    // One there already (a test framework's, say) is kept only if it is as big as ours.
    stack_t current{};
    if (::sigaltstack(nullptr, &current) == 0 && !(current.ss_flags & SS_DISABLE) && current.ss_size >= size) return;
    auto stack = std::make_unique<char[]>(size);
    stack_t ss{};
    ss.ss_sp = stack.get();
    ss.ss_size = size;
    if (::sigaltstack(&ss, &t_previous_stack) != 0) return;
    t_replaced_stack = true;
    // Kept for the process's life (a thread may end while a handler still could run on its stack),
    // and kept reachable, so that a leak checker does not count it.
    State& st = state();
    std::lock_guard lock(st.tables_mutex);
    st.alt_stacks.push_back(std::move(stack));
}

void CrashReporter::release_thread() {
    // The stack that was there goes back: its owner (AddressSanitizer's per-thread stack, say)
    // frees whatever is installed when the thread ends.
    if (!t_replaced_stack) return;
    ::sigaltstack(&t_previous_stack, nullptr);
    t_replaced_stack = false;
}

void CrashReporter::set_plugins(const std::vector<LoadedPluginInfo>& plugins,
                                const Registry<EntityTypeInfo>* entity_types) {
    auto table = std::make_unique<ModuleTable>();
    table->plugins = plugins;
    PhdrVisit visit{table.get(), &table->plugins};
    ::dl_iterate_phdr(visit_object, &visit);
    if (entity_types) {
        table->types.resize(entity_types->size());
        for (const auto& e : *entity_types) {
            TypeOwner& o = table->types[e.handle.index()];
            o.type = e.id.str();
            const std::string& owner = !e.value.ai_registrant.empty() ? e.value.ai_registrant : e.registrant;
            for (std::size_t i = 0; i < plugins.size(); ++i)
                if (plugins[i].id == owner) o.plugin = static_cast<int>(i);
        }
    }
    State& st = state();
    std::lock_guard lock(st.tables_mutex);
    st.table.store(table.get(), std::memory_order_release);
    st.tables.push_back(std::move(table));
}

void CrashReporter::fail_stuck_tick(pid_t tick_tid, std::int64_t tick_ms, std::int64_t max_tick_ms, const char* why) {
    State& st = state();
    if (st.reporting.exchange(true)) {
        // A fatal signal is being reported on another thread: let it finish.
        for (;;) ::pause();
    }
    int count = 0;
    std::uintptr_t pc = 0;
    void* frames[kMaxFrames];
    if (tick_tid > 0 && ::syscall(SYS_tgkill, ::getpid(), tick_tid, backtrace_signal()) == 0) {
        timespec deadline{};
        ::clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += 2;
        while (::sem_timedwait(&st.remote_done, &deadline) != 0 && errno == EINTR) {}
        count = st.remote_count;
        pc = st.remote_pc;
        std::memcpy(frames, st.remote_frames, sizeof(void*) * static_cast<std::size_t>(count));
    }
    char head[256];
    std::snprintf(head, sizeof head,
                  "A single server tick took %lld.%02lld seconds (should be max 0.05); %s "
                  "(max-tick-time=%lld)",
                  static_cast<long long>(tick_ms / 1000), static_cast<long long>(tick_ms % 1000 / 10), why,
                  static_cast<long long>(max_tick_ms));
    write_report("Watching Server", head, pc, frames, count);
    ::_exit(1);
}

std::optional<PendingCrash> CrashReporter::take_pending(const fs::path& server_dir) {
    const fs::path note = server_dir / "crash-reports" / ".pending";
    std::ifstream in(note);
    if (!in) return std::nullopt;
    PendingCrash p;
    std::getline(in, p.report);
    std::getline(in, p.plugin);
    in.close();
    std::error_code ec;
    fs::remove(note, ec);
    if (p.report.size() > 512 || p.plugin.size() > 256) return std::nullopt;  // not ours
    return p;
}

}  // namespace mobsdk::server
