import ArgumentParser
import Foundation
import MarketApp
import MarketFeatures
import Settings
import TerminalCurses

/// The steps every command that reaches a market shares with the browser: reading the settings file and
/// running the launch resolver, each failure said as the command line says it.
public enum CommandLaunch {
    /// The settings file (its keys checked too), or its mistake on standard error and exit status 78 (EX_CONFIG).
    public static func settingsFile(flag: String?, environment: [String: String]) throws -> (Settings, Keymap, [String: CustomTheme]) {
        do throws(SettingsError) {
            let settings = try SettingsFile.load(SettingsFile.location(flag: flag, environment: environment))
            return (settings, try KeymapSettings.keymap(settings), try ThemeSettings.themes(settings))
        } catch {
            FileHandle.standardError.write(Data("openmarket: \(error)\n".utf8))
            throw ExitCode(SettingsError.exitStatus)
        }
    }

    /// Runs a step of the launch resolver, turning a value it refuses into the command line's error.
    public static func resolve<T>(_ step: () throws(BrowserLaunch.InvalidValue) -> T) throws -> T {
        do throws(BrowserLaunch.InvalidValue) {
            return try step()
        } catch {
            throw ValidationError("\(error.option) must be \(error.allowed), not \(TerminalType.printable(error.value))")
        }
    }
}
