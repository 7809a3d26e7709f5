/// A push-based sequence of values: the part of RxSwift's `Observable` that store subscriptions
/// use (`subscribe(onNext:)`, `map`, `disposed(by:)`).
///
/// ```swift
/// store.subscribe(\.title)
///   .subscribe(onNext: { title in print(title) })
///   .disposed(by: disposeBag)
/// ```
///
/// There are no errors and no completion: an observable here only sends values until it is
/// disposed of.
public struct Observable<Element> {
  private let subscribeHandler: (_ onNext: @escaping (Element) -> Void) -> any Disposable

  /// Creates an observable from a function that subscribes an observer and returns what ends
  /// the subscription.
  public init(_ subscribe: @escaping (_ onNext: @escaping (Element) -> Void) -> any Disposable) {
    self.subscribeHandler = subscribe
  }

  /// Subscribes to the values.
  ///
  /// - Parameter onNext: Called with each value.
  /// - Returns: A disposable that ends the subscription.
  public func subscribe(onNext: @escaping (Element) -> Void) -> any Disposable {
    self.subscribeHandler(onNext)
  }

  /// Transforms each value.
  public func map<Result>(_ transform: @escaping (Element) -> Result) -> Observable<Result> {
    Observable<Result> { onNext in
      self.subscribeHandler { onNext(transform($0)) }
    }
  }
}
