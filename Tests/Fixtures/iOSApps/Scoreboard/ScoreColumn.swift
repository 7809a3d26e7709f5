import SwiftUI

struct ScoreColumn {
  let title: String
  let score: Int
}

extension ScoreColumn: View {
  var body: some View {
    VStack {
      Text(title).font(.headline)
      Text("\(score)").font(.largeTitle.monospacedDigit())
    }
    .frame(maxWidth: .infinity)
  }
}

struct ScoreColumn_Previews: PreviewProvider {
  static var previews: some View {
    ScoreColumn(title: "Home", score: 3)
  }
}
