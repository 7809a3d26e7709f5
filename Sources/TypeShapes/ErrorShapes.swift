import ComposableArchitecture
import Foundation

// Shapes of the errors tests throw from dependency endpoints (`throw URLError(.timedOut)`):
// built with their initializers, read as their codes.

extension URLError: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .struct(StructShape(fields: [FieldShape("code", \URLError.code)], make: nil))
  }

  /// `URLError(.timedOut)`.
  public static var playgroundMembers: [StaticMember] {
    [StaticMember("init", parameters: [ParameterShape(nil, URLError.Code.self)]) { URLError($0.at(0)) }]
  }
}

extension URLError.Code: PlaygroundShaped {
  public static var playgroundShape: TypeShape {
    .scalar(ScalarShape(
      make: { literal in
        if case let .int(value) = literal { return URLError.Code(rawValue: value) }
        return nil
      },
      literal: { .int(($0 as! URLError.Code).rawValue) }
    ))
  }

  /// The codes a client's failures usually have.
  public static var playgroundMembers: [StaticMember] {
    let codes: [(String, URLError.Code)] = [
      ("unknown", .unknown), ("cancelled", .cancelled), ("badURL", .badURL), ("timedOut", .timedOut),
      ("unsupportedURL", .unsupportedURL), ("cannotFindHost", .cannotFindHost),
      ("cannotConnectToHost", .cannotConnectToHost), ("networkConnectionLost", .networkConnectionLost),
      ("dnsLookupFailed", .dnsLookupFailed), ("httpTooManyRedirects", .httpTooManyRedirects),
      ("resourceUnavailable", .resourceUnavailable), ("notConnectedToInternet", .notConnectedToInternet),
      ("badServerResponse", .badServerResponse), ("userAuthenticationRequired", .userAuthenticationRequired),
      ("cannotDecodeContentData", .cannotDecodeContentData), ("cannotParseResponse", .cannotParseResponse),
      ("fileDoesNotExist", .fileDoesNotExist), ("secureConnectionFailed", .secureConnectionFailed),
    ]
    return codes.map { name, code in StaticMember(name, value: { code }) }
  }
}
