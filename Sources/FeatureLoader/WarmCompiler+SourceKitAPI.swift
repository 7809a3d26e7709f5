import CSourceKit
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// SourceKit's C interface as the warm compiler calls it: its functions, looked up in the opened
// library by name, and the UIDs of the keys a compile request and its reply use.

extension WarmCompiler {
  /// SourceKit's C functions used here, found in the opened library by name.
  ///
  /// Its objects (requests, responses) are opaque pointers, its unique identifiers (UIDs)
  /// pointers to an opaque type, and its response values a three-word struct passed by value.
  struct API {
    typealias Object = UnsafeMutableRawPointer
    typealias UID = OpaquePointer
    typealias Value = tcaplay_sourcekit_variant
    /// The index that appends to a request array (`(size_t)-1`).
    static let append = -1

    let initialize: @convention(c) () -> Void
    let uid: @convention(c) (UnsafePointer<CChar>) -> UID?
    let uidString: @convention(c) (UID) -> UnsafePointer<CChar>?
    let dictionaryCreate: @convention(c) (UnsafePointer<UID?>?, UnsafePointer<Object?>?, Int) -> Object?
    let dictionarySetUID: @convention(c) (Object, UID?, UID?) -> Void
    let dictionarySetString: @convention(c) (Object, UID?, UnsafePointer<CChar>) -> Void
    let dictionarySetValue: @convention(c) (Object, UID?, Object) -> Void
    let arrayCreate: @convention(c) (UnsafePointer<Object?>?, Int) -> Object?
    let arraySetString: @convention(c) (Object, Int, UnsafePointer<CChar>) -> Void
    let release: @convention(c) (Object) -> Void
    let sendSync: @convention(c) (Object) -> Object?
    let responseIsError: @convention(c) (Object) -> Bool
    let errorDescription: @convention(c) (Object) -> UnsafePointer<CChar>?
    let responseValue: @convention(c) (Object) -> Value
    let responseDispose: @convention(c) (Object) -> Void
    let dictionaryGetValue: @convention(c) (Value, UID?) -> Value
    let dictionaryGetString: @convention(c) (Value, UID?) -> UnsafePointer<CChar>?
    let dictionaryGetInt: @convention(c) (Value, UID?) -> Int64
    let dictionaryGetUID: @convention(c) (Value, UID?) -> UID?
    let arrayCount: @convention(c) (Value) -> Int
    let arrayGetValue: @convention(c) (Value, Int) -> Value

    /// The functions of the library `handle`, or `nil` if one is missing.
    init?(_ handle: UnsafeMutableRawPointer) {
      func function<F>(_ name: String, _: F.Type = F.self) -> F? {
        dlsym(handle, "sourcekitd_" + name).map { unsafeBitCast($0, to: F.self) }
      }
      guard let initialize = function("initialize", (@convention(c) () -> Void).self),
        let uid = function("uid_get_from_cstr", (@convention(c) (UnsafePointer<CChar>) -> UID?).self),
        let uidString = function("uid_get_string_ptr", (@convention(c) (UID) -> UnsafePointer<CChar>?).self),
        let dictionaryCreate = function(
          "request_dictionary_create", (@convention(c) (UnsafePointer<UID?>?, UnsafePointer<Object?>?, Int) -> Object?).self
        ),
        let dictionarySetUID = function("request_dictionary_set_uid", (@convention(c) (Object, UID?, UID?) -> Void).self),
        let dictionarySetString = function(
          "request_dictionary_set_string", (@convention(c) (Object, UID?, UnsafePointer<CChar>) -> Void).self
        ),
        let dictionarySetValue = function("request_dictionary_set_value", (@convention(c) (Object, UID?, Object) -> Void).self),
        let arrayCreate = function("request_array_create", (@convention(c) (UnsafePointer<Object?>?, Int) -> Object?).self),
        let arraySetString = function("request_array_set_string", (@convention(c) (Object, Int, UnsafePointer<CChar>) -> Void).self),
        let release = function("request_release", (@convention(c) (Object) -> Void).self),
        let sendSync = function("send_request_sync", (@convention(c) (Object) -> Object?).self),
        let responseIsError = function("response_is_error", (@convention(c) (Object) -> Bool).self),
        let errorDescription = function("response_error_get_description", (@convention(c) (Object) -> UnsafePointer<CChar>?).self),
        let responseValue = function("response_get_value", (@convention(c) (Object) -> Value).self),
        let responseDispose = function("response_dispose", (@convention(c) (Object) -> Void).self),
        let dictionaryGetValue = function("variant_dictionary_get_value", (@convention(c) (Value, UID?) -> Value).self),
        let dictionaryGetString = function(
          "variant_dictionary_get_string", (@convention(c) (Value, UID?) -> UnsafePointer<CChar>?).self
        ),
        let dictionaryGetInt = function("variant_dictionary_get_int64", (@convention(c) (Value, UID?) -> Int64).self),
        let dictionaryGetUID = function("variant_dictionary_get_uid", (@convention(c) (Value, UID?) -> UID?).self),
        let arrayCount = function("variant_array_get_count", (@convention(c) (Value) -> Int).self),
        let arrayGetValue = function("variant_array_get_value", (@convention(c) (Value, Int) -> Value).self)
      else { return nil }
      self.initialize = initialize
      self.uid = uid
      self.uidString = uidString
      self.dictionaryCreate = dictionaryCreate
      self.dictionarySetUID = dictionarySetUID
      self.dictionarySetString = dictionarySetString
      self.dictionarySetValue = dictionarySetValue
      self.arrayCreate = arrayCreate
      self.arraySetString = arraySetString
      self.release = release
      self.sendSync = sendSync
      self.responseIsError = responseIsError
      self.errorDescription = errorDescription
      self.responseValue = responseValue
      self.responseDispose = responseDispose
      self.dictionaryGetValue = dictionaryGetValue
      self.dictionaryGetString = dictionaryGetString
      self.dictionaryGetInt = dictionaryGetInt
      self.dictionaryGetUID = dictionaryGetUID
      self.arrayCount = arrayCount
      self.arrayGetValue = arrayGetValue
    }
  }

  /// The UIDs of the request's and the reply's keys.
  struct Keys {
    let request, compileRequest, closeRequest, name, compilerArguments, diagnostics: API.UID?
    let severity, description, filePath, line, column: API.UID?

    init(_ api: API) {
      self.request = api.uid("key.request")
      self.compileRequest = api.uid("source.request.compile")
      self.closeRequest = api.uid("source.request.compile.close")
      self.name = api.uid("key.name")
      self.compilerArguments = api.uid("key.compilerargs")
      self.diagnostics = api.uid("key.diagnostics")
      self.severity = api.uid("key.severity")
      self.description = api.uid("key.description")
      self.filePath = api.uid("key.filepath")
      self.line = api.uid("key.line")
      self.column = api.uid("key.column")
    }
  }
}
