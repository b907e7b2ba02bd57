import Foundation

/// What a rule text leaves to where it is spoken, as ICU does: the decimal separator (it picks
/// `x,x:` over `x.x:` where a rule set has both, so es-AR says "uno coma cinco" and es-MX "uno
/// punto cinco") and the CLDR plural rules behind `$(cardinal,one{…}other{…})$` (Portuguese
/// "milhão"/"milhões", Russian "тысяча"/"тысячи"/"тысяч"). Both come from the region's data.
struct SpellOutLocale: Sendable {
    enum PluralType: Sendable { case cardinal, ordinal }

    let decimalSeparator: Unicode.Scalar
    let plurals: PluralRules?

    /// The CLDR plural category of a whole number (the only kind RBNF asks about). Ordinal
    /// categories are not carried: every ordinal pattern takes its `other` form.
    func category(of value: Int64, _ type: PluralType) -> PluralCategory {
        guard type == .cardinal, let plurals else { return .other }
        return plurals.category(for: PluralOperands(Decimal(value), visibleFractionDigits: 0))
    }
}
