import AVFoundation
import ComposableArchitecture

extension RecorderClient: DependencyKey {
  static let liveValue: Self = {
    let recorder = Recorder()
    return Self(
      requestPermission: {
        await AVAudioApplication.requestRecordPermission()
      },
      startRecording: { url in
        try await recorder.start(url: url)
      },
      stopRecording: {
        await recorder.stop()
      }
    )
  }()
}

private actor Recorder {
  var audioRecorder: AVAudioRecorder?

  func start(url: URL) throws -> Bool {
    let session = AVAudioSession.sharedInstance()
    try session.setCategory(.playAndRecord, mode: .default)
    try session.setActive(true)
    let recorder = try AVAudioRecorder(
      url: url,
      settings: [AVFormatIDKey: Int(kAudioFormatMPEG4AAC), AVSampleRateKey: 44100, AVNumberOfChannelsKey: 1]
    )
    self.audioRecorder = recorder
    return recorder.record()
  }

  func stop() {
    self.audioRecorder?.stop()
    self.audioRecorder = nil
  }
}
