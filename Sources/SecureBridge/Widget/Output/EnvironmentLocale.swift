/// The locale the environment asks for: the first non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG`, less code set
/// and modifier; `nil` for `C`, `POSIX` or a malformed value, as the C library then uses its default.
package enum EnvironmentLocale {
    static let variables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// `variable` looks one environment variable up; `nil` means the default locale.
    package static func identifier(variable: (String) -> String?) -> String? {
        guard let value = variables.lazy.compactMap(variable).first(where: { !$0.isEmpty }) else { return nil }
        let name = String(value.prefix { $0 != "." && $0 != "@" })
        guard name != "C", name != "POSIX", WidgetRequest.isValidLocaleIdentifier(name) else { return nil }
        return name
    }
}
