export * from './errors.ts';
export { findOnPath, findSharedLibrary } from './path.ts';
export {
  ENGINE_SAMPLE_RATE,
  fileArg,
  probeArgs,
  toEnginePcmArgs,
  toWebRenditionArgs,
  extractChannelArgs,
  peaksArgs,
  parseProbe,
  parseProgress,
  progressFraction,
  probeMedia,
  runFfmpeg,
  convertToEnginePcm,
  makeWebRendition,
  extractChannel,
  withoutAddresses,
  explainFfmpeg,
  type MediaToolsOptions,
  type StreamChoice,
  type WebRenditionOptions,
  type AudioStreamInfo,
  type VideoStreamInfo,
  type MediaInfo,
  type FfmpegProgress,
  type RunFfmpegOptions,
  type ConvertOptions,
  type InputFile,
} from './media/ffmpeg.ts';
export {
  CONTAINER_HEAD_BYTES,
  MEDIA_DEMUXERS,
  containerOf,
  containerOfFile,
  inputArgs,
  readHead,
  withMediaInput,
  withMediaInputs,
  type Container,
  type MediaDemuxer,
  type MediaInput,
} from './media/containers.ts';
export {
  playableVideoType,
  fitShortSide,
  h264Mp4Args,
  toVideoRenditionArgs,
  makeVideoRendition,
  VIDEO_HEAD_BYTES,
  VIDEO_RENDITION_SHORT_SIDE,
  type PlayableVideoType,
  type VideoEncodeOptions,
} from './media/video.ts';
export { burnSubtitles, burnSubtitlesArgs, subtitlesFilterAvailable, burnFilters, filterValue, forceStyle, BURN_STYLE, BURN_SHORT_SIDE } from './media/burn.ts';
export { parseWavHeader, readWavInfo, assertEnginePcm, encodeWav, wavHeader, type WavInfo } from './media/wav.ts';
export { Pcm16Decoder } from './media/pcm.ts';
export { PeaksAccumulator, computePeaks, peaksFromWavFile, peaksFromMedia, type WaveformPeaks, type PeaksOptions } from './media/peaks.ts';
export type * from './asr/types.ts';
export { segmentAtSilences, type SegmentationOptions } from './asr/segments.ts';
export type * from './asr/streaming.ts';
export { SpeechChunker, type SpeechChunkerOptions, type Utterance, type UtteranceEndReason, type ChunkerEvent } from './asr/speech-chunker.ts';
export { LocalAgreement, type AgreementState } from './asr/local-agreement.ts';
export { WhisperStream, type WhisperDecoder, type WhisperDecodeRequest, type WhisperDecodeResult, type WhisperStreamOptions } from './asr/whisper-stream.ts';
export { OpenAiStream, type OpenAiStreamOptions, type UtteranceTranscriber } from './asr/openai-stream.ts';
export { createPocketSphinxEngine, type PocketSphinxEngine } from './pocketsphinx/engine.ts';
export { POCKETSPHINX_DEBIAN_DEFAULTS, POCKETSPHINX_FRENCH_REASON, sphinxArgs, type PocketSphinxConfig, type SphinxModel } from './pocketsphinx/config.ts';
export { POCKETSPHINX_LIBRARY } from './pocketsphinx/names.ts';
export { PocketSphinxStream, liveSphinxDecoders } from './pocketsphinx/stream.ts';
export {
  pocketsphinxArgs,
  parsePocketsphinxLine,
  parsePocketsphinxOutput,
  cleanPocketsphinxToken,
  type PocketSphinxToken,
  type ParsedPocketSphinxOutput,
} from './pocketsphinx/cli.ts';
export { wordErrorRate, type WerResult } from './text/wer.ts';
export { normalizeForComparison, foldWord } from './text/normalize.ts';
export { spokenNumbersToDigits, type TimedWord, type NumberLanguage } from './text/numbers.ts';
export { punctuateWords, punctuateSegments, typographicSpacing, type PunctuationLanguage } from './text/punctuation.ts';
export { STOP_WORDS, isStopWord, textLanguageOf, type TextLanguage } from './text/stopwords.ts';
export { splitSentences } from './text/sentences.ts';
export { extractKeyphrases, type Keyphrase, type KeyphraseOptions } from './text/keyphrases.ts';
export { rankSentences, extractiveSummary, type SummaryOptions } from './text/textrank.ts';
export { removeDisfluencies } from './text/disfluency.ts';
export {
  createOpenAiEngine,
  liveOpenAiStreams,
  postTranscription,
  mapVerboseJson,
  spreadWordsEvenly,
  confidenceFromLogprob,
  resolveOpenAiLanguage,
  transcriptionServer,
  openAiFormFields,
  openAiApiBase,
  OPENAI_DEFAULT_MODEL,
  OPENAI_NO_ENDPOINT_REASON,
  type OpenAiEngineConfig,
  type OpenAiEngine,
  type TranscriptionServer,
  type VerboseJsonResponse,
  type VerboseJsonSegment,
  type VerboseJsonWord,
} from './asr/openai.ts';
export { describeHttpFailure, requestJson, scrubSecret, HttpAnswerError, httpAnswerError, requestFailure, type HttpEngineServer, type HttpFailure } from './http-json.ts';
export {
  createWhisperEngine,
  createWhisperDecoder,
  liveWhisperDecoders,
  loadWhisperBinding,
  resolveWhisperModel,
  whisperTranscribeOptions,
  whisperTokensToWords,
  mapWhisperResult,
  whisperModelMissingReason,
  detectSpeech,
  defaultWhisperThreads,
  WHISPER_BINDING_PACKAGE,
  WHISPER_BINDING_UNAVAILABLE,
  WHISPER_DEFAULT_MODEL,
  type WhisperEngineConfig,
  type WhisperEngine,
  type WhisperBinding,
  type WhisperBindingResult,
  type ResolvedWhisperModel,
  type SpeechSpan,
} from './asr/whisper.ts';
export { MODEL_CATALOGUE, DEFAULT_MODEL_HOST, findCatalogueModel, modelDownloadUrl, type CatalogueModel, type ModelKind } from './models/catalogue.ts';
export { pullModel, listModels, modelPath, ModelError, type ModelErrorCode, type PullOptions, type PullProgress, type PullResult, type InstalledModelInfo } from './models/pull.ts';
export {
  diarizeWavFile,
  diarizeSamples,
  diarizeFeatures,
  diarizationErrorRate,
  assignWordsToSpeakers,
  speakerOfSpan,
  FeatureExtractor as DiarizationFeatureExtractor,
  DEFAULT_DIARIZATION_THRESHOLD,
  MAX_SPEAKERS as MAX_DIARIZATION_SPEAKERS,
  type SpeakerSegment,
  type DiarizationOptions,
  type DerResult,
  type LabelledSegment,
  type SpeakerTurn,
  type TimedSpan,
} from './diarization/index.ts';
export { type Translator, type TranslateOptions } from './translate/translator.ts';
export { ApertiumTranslator, createApertiumTranslator, liveApertiumPipelines, type ApertiumConfig } from './translate/apertium.ts';
export {
  findApertiumRoute,
  findApertiumRouteSync,
  apertiumTranslates,
  missingApertiumPrograms,
  nullFlushStages,
  escapeApertium,
  unescapeApertium,
  APERTIUM_ROUTES,
  APERTIUM_PACKAGES,
  type ApertiumRoute,
} from './translate/apertium-mode.ts';
export { createLibreTranslateTranslator, type LibreTranslateConfig } from './translate/libretranslate.ts';
export { createOpenAiChatTranslator, cleanChatTranslation, chatTranslationPrompt, languageName, type OpenAiChatTranslatorConfig } from './translate/openai-chat.ts';
// `listModels` of the language-model client is `listChatModels` here: `listModels` lists the installed speech models.
export {
  ChatModelError,
  completeChat,
  streamChat,
  listModels as listChatModels,
  estimateTokens,
  chunkByTokens,
  mapReduce,
  type ChatModelConfig,
  type ChatModelErrorCode,
  type ChatTurn,
  type ChatRequestOptions,
  type MapReduceOptions,
} from './llm/index.ts';
