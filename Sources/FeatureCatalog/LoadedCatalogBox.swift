/// A ``Catalog`` handed across a C entry point, from a feature library loaded at runtime to the
/// playground that loaded it.
///
/// The registration code the playground generates for a user's feature file returns one of
/// these, retained, from a `@_cdecl` function:
///
/// ```swift
/// @_cdecl("tcaplayground_catalog_UserFeature_1")
/// public func catalog() -> UnsafeMutableRawPointer {
///   Unmanaged.passRetained(LoadedCatalogBox(Catalog(module: "UserFeature_1") { … })).toOpaque()
/// }
/// ```
///
/// and the loader takes it back with ``take(_:)``.
public final class LoadedCatalogBox: @unchecked Sendable {
  public let catalog: Catalog

  public init(_ catalog: Catalog) {
    self.catalog = catalog
  }

  /// The catalog behind a pointer returned by an entry point, releasing the box.
  public static func take(_ pointer: UnsafeMutableRawPointer) -> Catalog {
    Unmanaged<LoadedCatalogBox>.fromOpaque(pointer).takeRetainedValue().catalog
  }
}
