/**
 * How an endpoint is described: method, path, the schemas of its parameters, query, body and
 * response, and what it answers. The server registers each route from its entry and the web calls
 * it through the same entry, so a changed contract breaks the type check on both sides.
 */
import type { z } from 'zod';
import { API_BASE, AUTH_BASE } from '../../constants.ts';

export const A = AUTH_BASE;
export const P = API_BASE;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Full path; `:name` segments are parameters described by `params`. */
  path: string;
  summary: string;
  /** The group of the OpenAPI document. */
  tag: string;
  /** Whether a signed-in user is required. */
  auth: boolean;
  /**
   * A file that media elements (`<audio>`, `<video>`, `<img>`) and download links fetch, which send no
   * header: the authToken cookie authenticates it in place of the Bearer header (GET only). Every
   * other call needs the header.
   */
  cookieAuth?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** multipart/form-data fields (files are described in the summary). */
  multipart?: z.ZodType;
  /** The JSON answer; absent for answers without a body, redirects, files and streams. */
  response?: z.ZodType;
  /** The success status when it is not 200. */
  status?: number;
  /** The JSON of a 202 some requests get instead of the usual answer, when they queue work (a report's regeneration through the download form). */
  accepted?: z.ZodType;
}

/** Keeps each entry's own schema types (for the typed route and the typed call). */
export function endpoint<const E extends Endpoint>(entry: E): E {
  return entry;
}

type Schema<E, K extends keyof Endpoint> = E extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

/** What a handler receives after parsing (output types of the schemas). */
export type ParamsOf<E extends Endpoint> = Schema<E, 'params'> extends z.ZodType ? z.output<Schema<E, 'params'>> : undefined;
export type QueryOf<E extends Endpoint> = Schema<E, 'query'> extends z.ZodType ? z.output<Schema<E, 'query'>> : undefined;
export type BodyOf<E extends Endpoint> = Schema<E, 'body'> extends z.ZodType ? z.output<Schema<E, 'body'>> : undefined;
/** What a caller sends (input types of the schemas). */
export type ParamsInput<E extends Endpoint> = Schema<E, 'params'> extends z.ZodType ? z.input<Schema<E, 'params'>> : undefined;
export type QueryInput<E extends Endpoint> = Schema<E, 'query'> extends z.ZodType ? z.input<Schema<E, 'query'>> : undefined;
export type BodyInput<E extends Endpoint> = Schema<E, 'body'> extends z.ZodType ? z.input<Schema<E, 'body'>> : undefined;
/** The JSON answer (void when the entry declares none). */
export type ResponseOf<E extends Endpoint> = Schema<E, 'response'> extends z.ZodType ? z.output<Schema<E, 'response'>> : void;
