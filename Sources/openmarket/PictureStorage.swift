import ArgumentParser

/// `serve --picture-store`: where pictures' bytes go when the data is in PostgreSQL.
enum PictureStorage: String, ExpressibleByArgument, CaseIterable {
    /// In the database, shared by every replica (the default with `--database`).
    case database
    /// In the data directory's `images` folder (one machine, or a mount every replica shares).
    case directory
}
