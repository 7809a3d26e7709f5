import ComposableArchitecture
import Foundation
import Testing

@MainActor
@Suite struct NavigationDumpTests {
  @Test func stackStateDumpsElementsByIdentifier() {
    let stack = withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      StackState<HandWrittenPath.State>([
        .counter(StackCounter.State(count: 1)), .fact(StackFact.State(number: 2)),
      ])
    }
    #expect(
      String(customDumping: stack) == """
        [
          #0: .counter(
            StackCounter.State(
              count: 1,
              isLoading: false
            )
          ),
          #1: .fact(
            StackFact.State(number: 2)
          )
        ]
        """
    )
    #expect(String(customDumping: StackElementID(generation: 3)) == "#3")
    #expect(String(customDumping: StackState<Int>()) == "[:]")
  }

  @Test func printChangesOfAPush() async {
    let output = PrintChangesBuffer()
    let store = Store(initialState: StackRoot.State()) {
      StackRoot()._printChanges(.customDump(to: output))
    }
    store.send(.goToCounterButtonTapped)
    store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped))))
    #expect(
      output.drain() == """
        received action:
          StackRoot.Action.goToCounterButtonTapped
          StackRoot.State(
            path: [
        +     #0: .counter(
        +       StackCounter.State(
        +         count: 0,
        +         isLoading: false
        +       )
        +     )
            ],
            log: []
          )

        received action:
          StackRoot.Action.path(
            .element(
              id: #0,
              action: .counter(.incrementButtonTapped)
            )
          )
          StackRoot.State(
            path: [
              #0: .counter(
                StackCounter.State(
        -         count: 0,
        +         count: 1,
                  isLoading: false
                )
              )
            ],
            log: []
          )


        """
    )
  }

  @Test func printChangesOfAPresentedAlert() async {
    let output = PrintChangesBuffer()
    let store = Store(initialState: Presenter.State()) {
      Presenter()._printChanges(.customDump(to: output))
    }
    store.send(.deleteButtonTapped)
    store.send(.alert(.presented(.confirmDeletion)))
    #expect(
      output.drain() == """
        received action:
          Presenter.Action.deleteButtonTapped
          Presenter.State(
            _child: nil,
        -   _alert: nil,
        +   _alert: AlertState(
        +     title: "Delete?",
        +     actions: [
        +       [0]: ButtonState(
        +         role: .destructive,
        +         action: .send(.confirmDeletion),
        +         label: "Delete"
        +       ),
        +       [1]: ButtonState(
        +         role: .cancel,
        +         action: .send(nil),
        +         label: "Cancel"
        +       )
        +     ],
        +     message: "This cannot be undone."
        +   ),
            lastCount: nil,
            isDeleted: false
          )

        received action:
          Presenter.Action.alert(
            .presented(.confirmDeletion)
          )
          Presenter.State(
            _child: nil,
        -   _alert: AlertState(
        -     title: "Delete?",
        -     actions: [
        -       [0]: ButtonState(
        -         role: .destructive,
        -         action: .send(.confirmDeletion),
        -         label: "Delete"
        -       ),
        -       [1]: ButtonState(
        -         role: .cancel,
        -         action: .send(nil),
        -         label: "Cancel"
        -       )
        -     ],
        -     message: "This cannot be undone."
        -   ),
        +   _alert: nil,
            lastCount: nil,
        -   isDeleted: false
        +   isDeleted: true
          )


        """
    )
  }

  @Test func presentationStateDumpsAsTheWrappedOptional() {
    var state = PresentationState<StackFact.State>(wrappedValue: nil)
    #expect(String(customDumping: state) == "nil")
    state.wrappedValue = StackFact.State(number: 1)
    #expect(String(customDumping: state) == "StackFact.State(number: 1)")
  }

  @Test func navigationTypesRoundTripThroughCodable() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let decoder = JSONDecoder()

    let presented = PresentationState(wrappedValue: StackFact.State(number: 4))
    #expect(String(decoding: try encoder.encode(presented), as: UTF8.self) == #"{"number":4}"#)
    #expect(
      try decoder.decode(PresentationState<StackFact.State>.self, from: encoder.encode(presented))
        == presented
    )
    let absent = PresentationState<StackFact.State>(wrappedValue: nil)
    #expect(
      try decoder.decode(PresentationState<StackFact.State>.self, from: encoder.encode(absent))
        == absent
    )

    let actions: [PresentationAction<StackFact.Action>] = [.dismiss, .presented(.refreshButtonTapped)]
    #expect(try decoder.decode([PresentationAction<StackFact.Action>].self, from: encoder.encode(actions)) == actions)

    try withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      let stack = StackState([StackFact.State(number: 1), StackFact.State(number: 2)])
      let data = try encoder.encode(stack)
      #expect(String(decoding: data, as: UTF8.self) == #"[{"number":1},{"number":2}]"#)
      #expect(try Array(decoder.decode(StackState<StackFact.State>.self, from: data)) == Array(stack))
    }
  }
}
