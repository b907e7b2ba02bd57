import LocutorCore

extension RegionLibrary {
    /// The IPA → eSpeak NG mnemonic table of a voice (`voices/espeak/<voice>.yaml`), nil when
    /// there is none.
    ///
    /// - Throws: `DataError` when the table is there but broken.
    package func mnemonicTable(forVoice voice: String) throws(DataError) -> MnemonicTable? {
        let path = "espeak/\(voice).yaml"
        return try cached(path) { source throws(DataError) -> MnemonicTable? in
            guard let text = try source.read(path) else { return nil }
            return try MnemonicTable(yaml: text, origin: source.displayName(path))
        }
    }
}
