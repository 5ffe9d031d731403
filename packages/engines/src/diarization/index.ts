export { diarizeFeatures, diarizeSamples, diarizeWavFile, DEFAULT_DIARIZATION_THRESHOLD, MAX_SPEAKERS, type SpeakerSegment, type DiarizationOptions } from './diarize.ts';
export { FeatureExtractor, FeatureStore } from './features.ts';
export { detectSpeech, type VadOptions, type FrameRegion } from './vad.ts';
export { averageLinkage, cutDendrogram, cosineDistance, type Merge } from './cluster.ts';
export { diarizationErrorRate, type DerResult, type LabelledSegment } from './der.ts';
export { assignWordsToSpeakers, speakerOfSpan, type SpeakerTurn, type TimedSpan } from './words.ts';
