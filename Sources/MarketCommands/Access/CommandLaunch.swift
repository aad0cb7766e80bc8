import ArgumentParser
import Foundation
public import Launch
import Settings

/// The steps every command that reaches a market shares with the browser: reading the settings file and
/// running the launch resolver, each failure said as the command line says it.
public enum CommandLaunch {
    /// The settings file (its keys and themes checked too), or its mistake on standard error and exit status
    /// 78 (EX_CONFIG).
    public static func settingsFile(flag: String?, environment: [String: String]) throws -> LaunchFile {
        do throws(SettingsError) {
            return try LaunchFile.load(SettingsFile.location(flag: flag, environment: environment))
        } catch {
            FileHandle.standardError.write(Data("openmarket: \(error)\n".utf8))
            throw ExitCode(SettingsError.exitStatus)
        }
    }

    /// Runs a step of the launch resolver, turning a value it refuses into the command line's error.
    public static func resolve<T>(_ step: () throws(InvalidSettingValue) -> T) throws -> T {
        do throws(InvalidSettingValue) {
            return try step()
        } catch {
            throw ValidationError(error.description)
        }
    }
}
