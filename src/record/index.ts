/** Recording traces from environment objects (see docs/recorder.md). */
export { createRecorder } from './recorder.js';
export type { Recorder, RecorderOptions, RecordedOperation, ChannelNamer } from './recorder.js';
