/**
 * Calls an endpoint of the table in `@palabre/shared` (`API.tags.updateTag`, …): its `:name` path
 * segments come from `params`, then `query`, `body` (JSON) or `form` (multipart). What must be sent
 * and what comes back are the entry's own schema types, so a changed contract breaks the web's type
 * check. Answers are not validated here: the server checks them against the same schemas in its
 * tests, and parsing every answer again in the browser would cost time for nothing the user sees.
 */
import type { BodyInput, Endpoint, ParamsInput, QueryInput, ResponseOf } from '@palabre/shared';
import type { z } from 'zod';
import { request, uploadMultipart, type FileAnswer, type QueryValues } from './client.ts';

/** A part of the input: required when the entry declares it with a required field, optional when every field is, absent otherwise. */
type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "every field of T is optional"
    {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

type FormSlot<E extends Endpoint> = E extends { multipart: z.ZodType } ? { form: FormData } : { form?: never };

export type CallInput<E extends Endpoint> = Slot<'params', ParamsInput<E>> & Slot<'query', QueryInput<E>> & Slot<'body', BodyInput<E>> & FormSlot<E> & { signal?: AbortSignal };

/** The input may be left out when nothing in it is required. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "nothing in the input is required"
type CallArgs<E extends Endpoint> = {} extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** The entry's path with each `:name` segment replaced by its parameter, encoded. */
export function fillPath(path: string, params: object | undefined): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_segment, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<ResponseOf<E>> {
  const { form } = (input ?? {}) as { form?: FormData };
  const { path, body, ...options } = jsonRequest(endpoint, input);
  return request<ResponseOf<E>>(endpoint.method, path, { ...options, body: form ?? body });
}

/** A call whose answer is a file (exports): its bytes and the name the server gave it. */
export function callFile<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<FileAnswer> {
  const { path, ...options } = jsonRequest(endpoint, input);
  return request<FileAnswer>(endpoint.method, path, { ...options, file: true });
}

/** A call whose answer streams (`text/event-stream`): the response, its body left to read; errors before the stream are ApiErrors. */
export function callStream<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<Response> {
  const { path, ...options } = jsonRequest(endpoint, input);
  return request<Response>(endpoint.method, path, { ...options, stream: true });
}

/** The path and request of a call: writes always carry a body (an empty object when the entry has none), as the server expects JSON. */
function jsonRequest(endpoint: Endpoint, input: unknown) {
  const { params, query, body, signal } = (input ?? {}) as { params?: object; query?: QueryValues; body?: unknown; signal?: AbortSignal };
  const payload = body ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {});
  return { path: fillPath(endpoint.path, params), query, body: payload, signal };
}

export type UploadInput<E extends Endpoint> = Slot<'params', ParamsInput<E>> & {
  form: FormData;
  /** Called with the fraction sent so far (0..1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** A multipart call with upload progress (files: media tracks, pictures). */
export function upload<E extends Endpoint & { method: 'POST' | 'PUT' }>(endpoint: E, input: UploadInput<E>): Promise<ResponseOf<E>> {
  const { params } = input as { params?: object };
  return uploadMultipart<ResponseOf<E>>(endpoint.method, fillPath(endpoint.path, params), input.form, input.onProgress, input.signal);
}
