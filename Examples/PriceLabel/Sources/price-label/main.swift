// Prints what a screen reader should say for a price in a region, as an app would set it:
//
//     swift run price-label                      # $ 1.299.900 in es-AR
//     swift run price-label pt-BR 'R$ 1.299,90'
import Foundation
import LocutorCore

let arguments = CommandLine.arguments.dropFirst()
let region = arguments.first ?? "es-AR"
let text = arguments.dropFirst().first ?? "$ 1.299.900"

do {
    let locutor = try Locutor(region: region)
    let utterance = try locutor.utterance(for: text)
    print("accessibilityLabel: \(utterance.label)")
    print("words: \(utterance.words)")
    print("ssml: \(utterance.ssml)")
    for segment in utterance.segments where segment.ipa != nil {
        print("hint: \(segment.words) /\(segment.ipa ?? "")/")
    }
} catch let error as DataError {
    for diagnostic in error.diagnostics { print("error: \(diagnostic)") }
    exit(2)
} catch {
    print("error: \(error)")
    exit(1)
}
