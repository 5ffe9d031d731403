/**
 * Catalogue of the ggml model files `palabre models pull <name>` knows how to install.
 *
 * Files come from the whisper.cpp project's Hugging Face repositories (`ggerganov/whisper.cpp` for the
 * speech models, `ggml-org/whisper-vad` for the Silero VAD model), at
 * `https://huggingface.co/<repo>/resolve/main/<file>`. Every SHA-256 below is the Git LFS object id
 * shown on the file's Hugging Face page (the "SHA256" of its large-file pointer), which is the SHA-256
 * of the file's bytes:
 *  - tiny, tiny.en, small.en, large-v3, large-v3-turbo, large-v3-turbo-q5_0: pages of
 *    ggerganov/whisper.cpp itself (or its commit adding the file: large-v3-turbo, 1,624,555,275 bytes);
 *  - base, base.en: the whisper.cpp-wasm demo space's copy (its ggml-tiny.bin has the same id as upstream);
 *  - small, medium, medium.en: verbatim mirrors of the upstream repository (the same mirror's
 *    ggml-large-v3.bin has upstream's id);
 *  - silero-v6.2.0: computed from the real file (885,098 bytes), the ggml-org/whisper-vad one.
 * An entry whose checksum could not be sourced has `sha256: null`; `pullModel` refuses to install such a
 * file unless `allowUnverified` (CLI: `--allow-unverified`) is given.
 *
 * `approxBytes` is for display and progress only (Hugging Face shows sizes rounded to 3 digits), except
 * where `exactBytes` says it is exact.
 */

export type ModelKind = 'whisper' | 'vad';

export interface CatalogueModel {
  /** Name given to `palabre models pull` and stored in transcriber profiles (`model`). */
  name: string;
  kind: ModelKind;
  /** File name in the models folder. */
  fileName: string;
  /** Repository on the download host. */
  repository: string;
  approxBytes: number;
  exactBytes?: boolean;
  /** Lower-case hex SHA-256 of the whole file, or null when none could be sourced. */
  sha256: string | null;
  /** Languages: 'multilingual' (whisper's ~99, of which Palabre uses en and fr) or English only. */
  languages: 'multilingual' | 'en' | 'none';
  description: string;
}

export const DEFAULT_MODEL_HOST = 'https://huggingface.co';

const WHISPER_REPO = 'ggerganov/whisper.cpp';
const VAD_REPO = 'ggml-org/whisper-vad';

export const MODEL_CATALOGUE: readonly CatalogueModel[] = [
  {
    name: 'tiny',
    kind: 'whisper',
    fileName: 'ggml-tiny.bin',
    repository: WHISPER_REPO,
    approxBytes: 77_700_000,
    sha256: 'be07e048e1e599ad46341c8d2a135645097a538221678b7acdd1b1919c6e1b21',
    languages: 'multilingual',
    description: 'fastest, least accurate',
  },
  {
    name: 'tiny.en',
    kind: 'whisper',
    fileName: 'ggml-tiny.en.bin',
    repository: WHISPER_REPO,
    approxBytes: 77_700_000,
    sha256: '921e4cf8686fdd993dcd081a5da5b6c365bfde1162e72b08d75ac75289920b1f',
    languages: 'en',
    description: 'fastest, English only',
  },
  {
    name: 'base',
    kind: 'whisper',
    fileName: 'ggml-base.bin',
    repository: WHISPER_REPO,
    approxBytes: 148_000_000,
    sha256: '60ed5bc3dd14eea856493d334349b405782ddcaf0028d4b5df4088345fba2efe',
    languages: 'multilingual',
    description: 'fast, a good first choice on a CPU',
  },
  {
    name: 'base.en',
    kind: 'whisper',
    fileName: 'ggml-base.en.bin',
    repository: WHISPER_REPO,
    approxBytes: 148_000_000,
    sha256: 'a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002',
    languages: 'en',
    description: 'fast, English only',
  },
  {
    name: 'small',
    kind: 'whisper',
    fileName: 'ggml-small.bin',
    repository: WHISPER_REPO,
    approxBytes: 488_000_000,
    sha256: '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b',
    languages: 'multilingual',
    description: 'balanced',
  },
  {
    name: 'small.en',
    kind: 'whisper',
    fileName: 'ggml-small.en.bin',
    repository: WHISPER_REPO,
    approxBytes: 488_000_000,
    sha256: 'c6138d6d58ecc8322097e0f987c32f1be8bb0a18532a3f88f734d1bbf9c41e5d',
    languages: 'en',
    description: 'balanced, English only',
  },
  {
    name: 'medium',
    kind: 'whisper',
    fileName: 'ggml-medium.bin',
    repository: WHISPER_REPO,
    approxBytes: 1_530_000_000,
    sha256: '6c14d5adee5f86394037b4e4e8b59f1673b6cee10e3cf0b11bbdbee79c156208',
    languages: 'multilingual',
    description: 'accurate, slow on a CPU',
  },
  {
    name: 'medium.en',
    kind: 'whisper',
    fileName: 'ggml-medium.en.bin',
    repository: WHISPER_REPO,
    approxBytes: 1_530_000_000,
    sha256: 'cc37e93478338ec7700281a7ac30a10128929eb8f427dda2e865faa8f6da4356',
    languages: 'en',
    description: 'accurate, English only',
  },
  {
    name: 'large-v3',
    kind: 'whisper',
    fileName: 'ggml-large-v3.bin',
    repository: WHISPER_REPO,
    approxBytes: 3_100_000_000,
    sha256: '64d182b440b98d5203c4f9bd541544d84c605196c4f7b845dfa11fb23594d1e2',
    languages: 'multilingual',
    description: 'most accurate, needs a GPU for reasonable speed',
  },
  {
    name: 'large-v3-turbo',
    kind: 'whisper',
    fileName: 'ggml-large-v3-turbo.bin',
    repository: WHISPER_REPO,
    approxBytes: 1_624_555_275,
    exactBytes: true,
    sha256: '1fc70f774d38eb169993ac391eea357ef47c88757ef72ee5943879b7e8e2bc69',
    languages: 'multilingual',
    description: 'near large-v3 accuracy, much faster',
  },
  {
    name: 'large-v3-turbo-q5_0',
    kind: 'whisper',
    fileName: 'ggml-large-v3-turbo-q5_0.bin',
    repository: WHISPER_REPO,
    approxBytes: 574_041_195,
    exactBytes: true,
    sha256: '394221709cd5ad1f40c46e6031ca61bce88931e6e088c188294c6d5a55ffa7e2',
    languages: 'multilingual',
    description: 'large-v3-turbo quantized to 5 bits: a third of the size',
  },
  {
    name: 'silero-v6.2.0',
    kind: 'vad',
    fileName: 'ggml-silero-v6.2.0.bin',
    repository: VAD_REPO,
    approxBytes: 885_098,
    exactBytes: true,
    sha256: '2aa269b785eeb53a82983a20501ddf7c1d9c48e33ab63a41391ac6c9f7fb6987',
    languages: 'none',
    description: 'Silero voice activity detection (live sessions, skipping silences)',
  },
];

export function findCatalogueModel(name: string, catalogue: readonly CatalogueModel[] = MODEL_CATALOGUE): CatalogueModel | undefined {
  return catalogue.find((model) => model.name === name || model.fileName === name);
}

/** `https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-base.bin`, or the same under another host. */
export function modelDownloadUrl(model: CatalogueModel, host: string = DEFAULT_MODEL_HOST): string {
  return `${host.replace(/\/+$/, '')}/${model.repository}/resolve/main/${encodeURIComponent(model.fileName)}`;
}
