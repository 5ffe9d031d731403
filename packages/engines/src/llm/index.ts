export { ChatModelError, completeChat, streamChat, listModels, type ChatModelConfig, type ChatModelErrorCode, type ChatTurn, type ChatRequestOptions } from './client.ts';
export { estimateTokens } from './tokens.ts';
export { chunkByTokens } from './chunking.ts';
export { mapReduce, type MapReduceOptions } from './map-reduce.ts';
