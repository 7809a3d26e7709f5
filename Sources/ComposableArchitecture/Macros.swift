/// Helps implement the conformance to the ``Reducer`` protocol for a type.
///
/// On a struct, it adds the `Reducer` conformance, applies `@CasePathable` to the nested
/// `Action` enum (and `@CasePathable @dynamicMemberLookup` to a nested `State` enum), and spells
/// `@ReducerBuilder` on `body`:
///
/// ```swift
/// @Reducer
/// struct Feature {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// On an enum of reducers, it generates the `State` and `Action` enums (case-pathable, one case
/// per reducer), a static `body` that scopes to each case, a `CaseScope` enum of child stores and
/// a `scope(_:)` function, and conforms the enum to ``CaseReducer``:
///
/// ```swift
/// @Reducer
/// enum Path {
///   case counter(Counter)
///   case numberFact(NumberFact)
/// }
/// extension Path.State: Equatable {}
/// ```
///
/// Conformances of the generated enums are left to you, as in TCA: add them in extensions
/// (`extension Path.State: Equatable {}`). A case holding `AlertState` or
/// `ConfirmationDialogState` is carried as is, with the alert's actions in `Action`; a case that
/// holds no reducer (or is marked `@ReducerCaseIgnored`) is carried as is, with an uninhabited
/// action. `#if` blocks inside a `@Reducer enum` are not supported.
@attached(
  member,
  names: named(State), named(Action), named(body), named(CaseScope), named(scope)
)
@attached(memberAttribute)
@attached(extension, conformances: Reducer, CaseReducer)
public macro Reducer() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// Marks a case of a `@Reducer enum` as ephemeral state (an alert or a dialog-like state), which
/// has no reducer of its own.
@attached(peer, names: named(_))
public macro ReducerCaseEphemeral() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerCaseEphemeralMacro")

/// Marks a case of a `@Reducer enum` as plain state, which has no reducer of its own.
@attached(peer, names: named(_))
public macro ReducerCaseIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerCaseIgnoredMacro")

/// Marks feature state as observable state.
///
/// In TCA this makes state observable by SwiftUI views through the Observation framework. There
/// is no SwiftUI on Linux, so here it only conforms the type to ``ObservableState``: it accepts
/// the same code, and leaves stored properties (and so synthesized `Equatable`, `Hashable` and
/// `Codable`) as written. `@Presents` works with or without it.
@attached(extension, conformances: ObservableState)
public macro ObservableState() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservableStateMacro")

/// Excludes a property of `@ObservableState` state from observation. Does nothing here, where
/// state is not observed; accepted so that TCA code compiles.
@attached(peer, names: named(_))
public macro ObservationStateIgnored() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ObservationStateIgnoredMacro")

/// Wraps a property of feature state with ``PresentationState``, for presenting a child feature
/// with ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``:
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Presents var destination: Destination.State?
/// }
/// // …
/// .ifLet(\.$destination, action: \.destination)
/// ```
///
/// The property is stored in `_destination: PresentationState<Destination.State>`, and
/// `$destination` projects that presentation state. It is the macro spelling of TCA 1.x; the
/// property wrapper spelling `@PresentationState var destination: Destination.State?` works too.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(`$`), prefixed(_))
public macro Presents() =
  #externalMacro(module: "ComposableArchitectureMacros", type: "PresentsMacro")

/// Conforms a type that holds a feature's store to ``ViewActionSending``, so that it sends the
/// feature's view actions without spelling `.view`:
///
/// ```swift
/// @ViewAction(for: Feature.self)
/// struct FeatureScreen {
///   let store: StoreOf<Feature>
///
///   func loginTapped() {
///     send(.loginButtonTapped)  // store.send(.view(.loginButtonTapped))
///   }
/// }
/// ```
///
/// As in TCA, sending a view action through the store directly (`store.send(.view(…))`) inside
/// the type is a warning, with a fix-it. TCA applies it to SwiftUI views; here any type with a
/// `store` will do.
@attached(extension, conformances: ViewActionSending)
public macro ViewAction<R: Reducer>(for: R.Type) =
  #externalMacro(module: "ComposableArchitectureMacros", type: "ViewActionMacro")
where R.Action: ViewAction

/// A type whose values are feature state, as marked by ``ObservableState()``.
///
/// In TCA this protocol gives state an identity for SwiftUI observation; here it is a marker. It
/// refines `SendableMetatype` (every concrete type satisfies it) because binding actions set
/// observable state's fields from `@Sendable` case-path closures.
public protocol ObservableState: SendableMetatype {}
