#include "mobsdk/brain/schedule.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace mobsdk::brain {

Activity Schedule::activity_at(std::int64_t day_time) const noexcept {
    if (keyframes.empty()) return {};
    const auto t = static_cast<std::int32_t>(((day_time % 24000) + 24000) % 24000);
    // The last keyframe at or before t; before the first one, the day wraps to the last.
    auto it = std::upper_bound(keyframes.begin(), keyframes.end(), t,
                               [](std::int32_t v, const Keyframe& k) { return v < k.time; });
    return it == keyframes.begin() ? keyframes.back().activity : std::prev(it)->activity;
}

ScheduleBuilder& ScheduleBuilder::change_activity_at(std::int32_t time, Activity activity) {
    keyframes_.push_back({time, activity});
    return *this;
}

Schedule ScheduleBuilder::build() const {
    Schedule s{keyframes_};
    for (const auto& k : s.keyframes)
        if (k.time < 0 || k.time >= 24000)
            throw std::invalid_argument("schedule keyframe at " + std::to_string(k.time) +
                                        ": times are day times 0..23999");
    std::stable_sort(s.keyframes.begin(), s.keyframes.end(),
                     [](const auto& a, const auto& b) { return a.time < b.time; });
    for (std::size_t i = 1; i < s.keyframes.size(); ++i)
        if (s.keyframes[i].time == s.keyframes[i - 1].time)
            throw std::invalid_argument("schedule has two keyframes at " + std::to_string(s.keyframes[i].time));
    return s;
}

VanillaSchedules register_vanilla_schedules(Registry<Schedule>& r, const VanillaActivities& a) {
    VanillaSchedules s;
    s.empty = r.register_entry("empty", ScheduleBuilder().change_activity_at(0, a.idle).build());
    s.simple = r.register_entry(
        "simple", ScheduleBuilder().change_activity_at(5000, a.work).change_activity_at(11000, a.rest).build());
    s.villager_baby = r.register_entry("villager_baby", ScheduleBuilder()
                                                            .change_activity_at(10, a.idle)
                                                            .change_activity_at(3000, a.play)
                                                            .change_activity_at(6000, a.idle)
                                                            .change_activity_at(10000, a.play)
                                                            .change_activity_at(12000, a.rest)
                                                            .build());
    s.villager_default = r.register_entry("villager_default", ScheduleBuilder()
                                                                  .change_activity_at(10, a.idle)
                                                                  .change_activity_at(2000, a.work)
                                                                  .change_activity_at(9000, a.meet)
                                                                  .change_activity_at(11000, a.idle)
                                                                  .change_activity_at(12000, a.rest)
                                                                  .build());
    return s;
}

Result<Schedule, std::string> parse_schedule_json(std::string_view text, const Registry<ActivityInfo>& activities) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        return unexpected(std::string("not valid JSON: ") + e.what());
    }
    if (!j.is_object() || !j.contains("keyframes") || !j["keyframes"].is_array())
        return unexpected(std::string("expected an object with a \"keyframes\" array"));
    ScheduleBuilder b;
    const auto& frames = j["keyframes"];
    if (frames.empty()) return unexpected(std::string("keyframes: at least one keyframe is needed"));
    for (std::size_t i = 0; i < frames.size(); ++i) {
        const auto& k = frames[i];
        const std::string where = "keyframes[" + std::to_string(i) + "]";
        if (!k.is_object()) return unexpected(where + ": expected an object");
        if (!k.contains("time") || !k["time"].is_number_integer())
            return unexpected(where + ".time: expected an integer");
        // Unsigned JSON integers above INT64_MAX would wrap if read as signed: check them as read.
        const bool too_big = k["time"].is_number_unsigned() && k["time"].get<std::uint64_t>() >= 24000;
        const auto time = too_big ? std::int64_t{24000} : k["time"].get<std::int64_t>();
        if (too_big || time < 0 || time >= 24000)
            return unexpected(where + ".time: " + k["time"].dump() + " is outside 0..23999");
        for (std::size_t prev = 0; prev < i; ++prev)
            if (frames[prev]["time"] == k["time"])
                return unexpected(where + ".time: keyframes[" + std::to_string(prev) + "] is already at " +
                                  std::to_string(time));
        if (!k.contains("activity") || !k["activity"].is_string())
            return unexpected(where + ".activity: expected a string");
        const auto name = k["activity"].get<std::string>();
        auto a = activities.find(name);
        if (!a) return unexpected(where + ".activity: unknown activity " + name);
        b.change_activity_at(static_cast<std::int32_t>(time), *a);
    }
    try {
        return b.build();
    } catch (const std::invalid_argument& e) {
        return unexpected(std::string(e.what()));
    }
}

std::vector<ScheduleLoadError> load_schedules(const std::filesystem::path& root, Registry<Schedule>& schedules,
                                              const Registry<ActivityInfo>& activities) {
    namespace fs = std::filesystem;
    std::vector<ScheduleLoadError> errors;
    const fs::path data = root / "data";
    std::error_code ec;
    if (!fs::is_directory(data, ec)) return errors;
    std::vector<fs::path> files;
    for (const auto& ns : fs::directory_iterator(data, ec)) {
        const fs::path dir = ns.path() / "schedules";
        if (!fs::is_directory(dir, ec)) continue;
        for (auto it = fs::recursive_directory_iterator(dir, ec); it != fs::recursive_directory_iterator(); ++it)
            if (it->is_regular_file() && it->path().extension() == ".json") files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());  // deterministic order
    constexpr std::uintmax_t kMaxFile = 1u << 20;
    for (const auto& file : files) {
        const std::string ns = file.parent_path().lexically_relative(data).begin()->string();
        const fs::path rel = file.lexically_relative(data / ns / "schedules").replace_extension();
        auto id = ResourceLocation::from_parts(ns, rel.generic_string());
        if (!id) {
            errors.push_back({file.string(), "bad schedule id: " + id.error().message});
            continue;
        }
        if (fs::file_size(file, ec) > kMaxFile) {
            errors.push_back({file.string(), "larger than 1 MiB"});
            continue;
        }
        std::ifstream in(file, std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        auto schedule = parse_schedule_json(text, activities);
        if (!schedule) {
            errors.push_back({file.string(), schedule.error()});
            continue;
        }
        try {
            if (auto existing = schedules.find(*id)) schedules.mutable_value(*existing) = std::move(*schedule);
            else schedules.register_entry(*id, std::move(*schedule), "datapack");
        } catch (const RegistryError& e) {
            errors.push_back({file.string(), e.what()});
        }
    }
    return errors;
}

}  // namespace mobsdk::brain
