/// The locale a process's environment asks for, as POSIX orders it: the
/// first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty
/// decides (one locale serves widget text, amounts and dates alike).
///
/// `de_DE.UTF-8` and `de_DE@euro` give `de_DE` (the code set and modifier
/// are the C library's business); `C`, `POSIX` and a value that is not a
/// well-formed locale identifier give `nil`, as the C library then falls
/// back to its default locale.
package enum EnvironmentLocale {
    /// The variables, in the order POSIX reads them for messages.
    static let variables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// - Parameter variable: Looks one environment variable up (`nil` when unset).
    /// - Returns: A locale identifier `WidgetRequest` takes, or `nil` for the default.
    package static func identifier(variable: (String) -> String?) -> String? {
        guard let value = variables.lazy.compactMap(variable).first(where: { !$0.isEmpty }) else { return nil }
        let name = String(value.prefix { $0 != "." && $0 != "@" })
        guard name != "C", name != "POSIX", WidgetRequest.isValidLocaleIdentifier(name) else { return nil }
        return name
    }
}
