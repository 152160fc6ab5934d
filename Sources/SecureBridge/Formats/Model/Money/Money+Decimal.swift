extension Money {
    /// The amount as an exact decimal string in major units (`"4675.00"`, `"500"` for JPY), without grouping or symbol.
    public var decimalString: String {
        let digits = Self.clampedDigits(currency.minorUnitDigits)
        let magnitude = minorUnits.magnitude
        let sign = minorUnits < 0 ? "-" : ""
        guard digits > 0 else { return sign + String(magnitude) }
        let scale = Self.powerOfTen(digits)
        let fraction = String(magnitude % scale)
        return sign + String(magnitude / scale) + "."
            + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// The largest magnitude in minor units: 10^15 major units, capped at 10^18 so every amount fits `Int64`.
    static func maximumMinorUnits(digits: Int) -> Int64 {
        Int64(powerOfTen(min(15 + clampedDigits(digits), 18)))
    }

    /// The largest magnitude SecureBridge accepts in `currency`, e.g. 10^17 minor units of EUR.
    public static func maximumMagnitude(in currency: Currency) -> Money {
        Money(minorUnits: maximumMinorUnits(digits: currency.minorUnitDigits), currency: currency)
    }

    static func majorUnitsText(_ money: Money) -> String {
        String(money.minorUnits.magnitude / powerOfTen(clampedDigits(money.currency.minorUnitDigits))) + " " + money.currency.code
    }

    /// Reads a decimal string exactly into minor units (`-` only when `allowsNegative`).
    /// - Throws: `PortfolioRules.Violation` with an `.amount` problem.
    static func parse(decimal text: String, currency: Currency, allowsNegative: Bool) throws -> Money {
        let bytes = Array(text.utf8)
        func isDigit(_ index: Int) -> Bool {
            index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
        }
        func fail(_ problem: AmountProblem) -> PortfolioRules.Violation {
            PortfolioRules.Violation(.amount(problem))
        }
        // Name the most likely mistake before the generic one.
        func malformed() -> PortfolioRules.Violation {
            if bytes.first == UInt8(ascii: "+") { return fail(.plusSign) }
            if bytes.contains(UInt8(ascii: ",")) { return fail(.comma) }
            if bytes.contains(where: { $0 == 0x20 || (0x09...0x0D).contains($0) }) { return fail(.whitespace) }
            if let e = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
                e > 0, isDigit(e - 1), isDigit(e + 1)
                    || (e + 2 < bytes.count && (bytes[e + 1] == UInt8(ascii: "+") || bytes[e + 1] == UInt8(ascii: "-"))
                        && isDigit(e + 2))
            {
                return fail(.exponent)
            }
            return fail(.malformed)
        }

        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        let integerStart = index
        while isDigit(index) { index += 1 }
        let integerDigits = bytes[integerStart..<index]
        guard !integerDigits.isEmpty else { throw malformed() }
        if integerDigits.count > 1 && integerDigits.first == UInt8(ascii: "0") { throw fail(.leadingZeros) }
        var fractionDigits = bytes[index..<index]
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while isDigit(index) { index += 1 }
            fractionDigits = bytes[fractionStart..<index]
            guard !fractionDigits.isEmpty else { throw malformed() }
        }
        guard index == bytes.count else { throw malformed() }
        if negative && !allowsNegative { throw fail(.negative) }

        let digits = currency.minorUnitDigits
        guard (0...4).contains(digits) else { throw PortfolioRules.Violation(.unknownCurrency) }
        guard fractionDigits.count <= digits else {
            throw fail(.tooManyDecimals(currency: currency.code, allowed: digits))
        }
        // Compare with the limit (at most 10^18) after every digit, so UInt64 cannot overflow.
        let limit = UInt64(maximumMinorUnits(digits: digits))
        var value: UInt64 = 0
        func append(_ digit: UInt8) throws {
            value = value * 10 + UInt64(digit - UInt8(ascii: "0"))
            guard value <= limit else { throw fail(.tooLarge(limit: maximumMagnitude(in: currency))) }
        }
        for digit in integerDigits { try append(digit) }
        for position in 0..<digits {
            try append(position < fractionDigits.count
                ? fractionDigits[fractionDigits.startIndex + position] : UInt8(ascii: "0"))
        }
        return Money(minorUnits: negative ? -Int64(value) : Int64(value), currency: currency)
    }

    private static func clampedDigits(_ digits: Int) -> Int {
        min(max(digits, 0), 18)
    }

    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
