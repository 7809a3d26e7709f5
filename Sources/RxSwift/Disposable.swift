/// A resource, such as a subscription, to release: RxSwift's `Disposable`.
public protocol Disposable {
  /// Releases the resource. Calling it again does nothing.
  func dispose()
}

/// Makers of disposables: RxSwift's `Disposables`.
public enum Disposables {
  /// A disposable that runs `dispose` once, the first time it is disposed.
  public static func create(with dispose: @escaping () -> Void) -> any Disposable {
    AnonymousDisposable(dispose)
  }

  /// A disposable that does nothing.
  public static func create() -> any Disposable {
    AnonymousDisposable {}
  }
}

extension Disposable {
  /// Adds the disposable to a bag, which disposes of it when the bag goes away.
  ///
  /// ```swift
  /// store.subscribe(\.isSelected)
  ///   .subscribe(onNext: { isSelected in print(isSelected) })
  ///   .disposed(by: disposeBag)
  /// ```
  public func disposed(by bag: DisposeBag) {
    bag.insert(self)
  }
}

/// Disposes of the disposables added to it when it is deinitialized: RxSwift's `DisposeBag`.
public final class DisposeBag {
  private var disposables: [any Disposable] = []

  /// Creates an empty bag.
  public init() {}

  /// Adds a disposable to the bag.
  public func insert(_ disposable: any Disposable) {
    self.disposables.append(disposable)
  }

  deinit {
    for disposable in self.disposables {
      disposable.dispose()
    }
  }
}

private final class AnonymousDisposable: Disposable {
  private var action: (() -> Void)?

  init(_ action: @escaping () -> Void) {
    self.action = action
  }

  func dispose() {
    let action = self.action
    self.action = nil
    action?()
  }
}
